"""Dice: rolling, typed input and dice expressions (rolling), exact distributions (odds)."""
