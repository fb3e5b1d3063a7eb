"""Dialogs: an action from choice to outcome, initiative."""
