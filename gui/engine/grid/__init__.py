"""Square-grid geometry, free of Qt and of any ruleset: footprints, walls and terrain, movement
cost, the cheapest way around obstacles, reach, lines of effect and cover, flanking,
straight-line paths; and (placed.py) the same between two combatants as the ruleset contract
sizes them (`Ruleset.space`, `reach`, `diagonal`).

Coordinates: a cell is (column, row); a point is a grid corner (x, y), the cell (c, r) spanning
the points (c, r) to (c + 1, r + 1). Every result carries its explanation, as data and as
French and English text, for the breakdown (G-2)."""
