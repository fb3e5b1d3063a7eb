"""An encounter in play: the table (a ruleset, dice and the ChangeSets that move it), moves and
their journal, targets, next steps, the players' copy."""
