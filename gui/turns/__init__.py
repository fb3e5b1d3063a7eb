"""The combat dock and the action set of each turn mode."""
