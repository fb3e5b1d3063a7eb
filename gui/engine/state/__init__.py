"""The encounter model and its changes: the data, ChangeSets, the reference check, effects, what a
change touched."""
