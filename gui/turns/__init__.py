"""The combat dock (panel.py) with the pieces every turn mode shares, and each mode's GUI in
its own place: cards/, declare/, passes.py, ranked.py. Importing the package registers every
mode's GUI (mode_actions.for_modes)."""

from gui.turns import passes, ranked  # noqa: F401
from gui.turns.cards import actions as cards_actions  # noqa: F401
from gui.turns.declare import actions as declare_actions  # noqa: F401
