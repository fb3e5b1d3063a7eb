"""The controller (the only writer), its undo commands, argument checks and autosaves."""
