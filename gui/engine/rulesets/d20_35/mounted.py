"""Mounted combat (D35-23 to D35-31)."""

from __future__ import annotations

from ...model import Encounter, TurnEntry
from .context import Handler

HANDLERS: tuple[Handler, ...] = ()


def turn_units(enc: Encounter, units: list[TurnEntry]) -> list[TurnEntry]:
    """D35-24: the mount acts on its rider's initiative."""
    return units
