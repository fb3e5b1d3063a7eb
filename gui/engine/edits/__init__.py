"""ChangeSets the GM makes outside the rules: the roster, the map, the grid, conditions, what the
players may see."""
