"""The card initiative's GUI: its steps in the combat dock and its cells in the order
(actions.py), « Tirer les cartes » and « Attendre » (dialogs.py)."""
