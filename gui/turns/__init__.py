"""The combat dock and the action set of each turn mode."""

from gui.turns import cards, declare, passes, ranked  # noqa: F401 (each registers its modes' GUI)
