"""Sight (issue 38): what a creature sees on the grid through walls, closed doors and solid
squares, and in the dark within its darkvision (`grid`, `sees`, `side`); which zones a zone
sees (`zones`)."""
