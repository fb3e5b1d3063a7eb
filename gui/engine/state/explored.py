"""The squares the players' side has seen (issue 38), kept by row as runs of columns
(Map.explored: the row's number → [first, last, first, last…], in order), so that a
100 × 100 map seen whole is a hundred short lists and a move that shows a room changes only
the rows it adds to."""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from itertools import repeat

Cell = tuple[int, int]


def explored_cells(rows: Mapping[str, list[int]]) -> set[Cell]:
    """Every square the runs hold."""
    out: set[Cell] = set()
    for row, runs in rows.items():
        y = int(row)
        for k in range(0, len(runs), 2):
            out.update(zip(range(runs[k], runs[k + 1] + 1), repeat(y)))
    return out


def runs_of(columns: Iterable[int]) -> list[int]:
    """The runs [first, last, …] of a set of columns."""
    out: list[int] = []
    for x in sorted(set(columns)):
        if out and x == out[-1] + 1:
            out[-1] = x
        else:
            out += [x, x]
    return out


def _by_row(cells: Iterable[Cell]) -> dict[str, set[int]]:
    rows: dict[str, set[int]] = {}
    for x, y in cells:
        rows.setdefault(str(y), set()).add(x)
    return rows


def with_cells(rows: Mapping[str, list[int]], cells: Iterable[Cell]) -> dict[str, list[int]]:
    """The rows that change when `cells` are added, each with its new runs (a row already
    holding them all is left out)."""
    out = {}
    for row, columns in _by_row(cells).items():
        held = set(_columns(rows.get(row, [])))
        if not columns <= held:
            out[row] = runs_of(held | columns)
    return out


def without_cells(
    rows: Mapping[str, list[int]], cells: Iterable[Cell]
) -> dict[str, list[int] | None]:
    """The rows that change when `cells` are forgotten, each with its new runs (None: the row
    holds nothing any more)."""
    out: dict[str, list[int] | None] = {}
    for row, columns in _by_row(cells).items():
        held = set(_columns(rows.get(row, [])))
        if held & columns:
            out[row] = runs_of(held - columns) or None
    return out


def _columns(runs: list[int]) -> Iterable[int]:
    for k in range(0, len(runs), 2):
        yield from range(runs[k], runs[k + 1] + 1)
