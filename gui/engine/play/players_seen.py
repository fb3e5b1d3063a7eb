"""What the players' side sees now and has seen (issue 38): the value the one filter of what the
players may know reads (players_copy), worked out by players_sight.py — apart, so that reading it
does not import the sight's engine."""

from __future__ import annotations

from msgspec import Struct

from gui.engine.grid.squares import Cell


class PlayersSight(Struct, frozen=True):
    """What the players' side sees now: squares on a grid (None without one), zones, and the
    creatures standing there (their own always); `known_…`: what it has seen, now or
    before (the map shown dimmed, without creatures)."""

    cells: frozenset[Cell] | None
    zones: frozenset[str]
    creatures: frozenset[str]
    known_cells: frozenset[Cell]
    known_zones: frozenset[str]
