"""How far a creature sees in the dark (issue 38): its darkvision, in metres, as squares of the
board counted with the map's diagonal rule from the nearest square of its space."""

from __future__ import annotations

from gui.engine.grid.board import Board
from gui.engine.grid.reach import squares_to
from gui.engine.grid.squares import Cell, Footprint
from gui.engine.space.zones import Diagonal


def dark_reach(board: Board, darkvision_m: float) -> int:
    """Darkvision in whole squares of the board (a part of a square does not reach it)."""
    return int(darkvision_m / board.cell_m + 1e-9) if darkvision_m > 0 else 0


def too_dark(board: Board, space: Footprint, cell: Cell, reach: int, diagonal: Diagonal) -> bool:
    """Whether `cell` is unlit and farther than `reach` squares from `space`: its own squares
    are never too dark to see."""
    return cell in board.dark and squares_to(space, cell, diagonal) > reach


def darkness_words(darkvision_m: float) -> tuple[str, str]:
    """Why an unlit square is not seen, in French and English."""
    if darkvision_m <= 0:
        return "dans le noir, sans vision dans le noir", "in the dark, without darkvision"
    shown = f"{darkvision_m:g}"
    return (
        f"dans le noir, hors de sa vision dans le noir ({shown.replace('.', ',')} m)",
        f"in the dark, beyond its darkvision ({shown} m)",
    )
