"""Declare-then-act's GUI: its steps in the combat dock and its cells in the order
(actions.py), « Déclarer… » (declaration.py) and « Lancer l’initiative » (initiative.py)."""
