"""Reading any ruleset's sheet: int stats, states, and table rows (weapons…) with every
column filled."""

from __future__ import annotations

from gui.engine.state.model import Combatant, Scalar


def stat(c: Combatant, key: str, default: int = 0) -> int:
    """An int stat (`default` when absent or not a number)."""
    value = c.stats.get(key, default)
    return value if isinstance(value, int) and not isinstance(value, bool) else default


def has_state(c: Combatant, key: str) -> bool:
    return any(s.key == key for s in c.states)


def filled_rows(c: Combatant, key: str, defaults: dict[str, Scalar]) -> list[dict[str, Scalar]]:
    """The rows of the table stat `key`, each with the columns it lacks from `defaults`."""
    rows = c.stats.get(key, [])
    if not isinstance(rows, list):
        return []
    return [{**defaults, **row} for row in rows if isinstance(row, dict)]


def row_at(rows: list[dict[str, Scalar]], index: int) -> dict[str, Scalar]:
    """The row at `index` (the first one when out of range); `rows` is never empty."""
    return rows[index] if 0 <= index < len(rows) else rows[0]


def cell(row: dict[str, Scalar], key: str) -> int:
    """An int cell of a table row (0 when absent or not a number)."""
    value = row.get(key, 0)
    return value if isinstance(value, int) and not isinstance(value, bool) else 0
