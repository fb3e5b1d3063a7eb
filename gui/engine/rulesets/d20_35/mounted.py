"""Mounted combat (D35-23 to D35-31)."""

from __future__ import annotations

from ...changes import Change
from ...model import Combatant, Encounter, TurnEntry
from ...moves import Destination
from ..base import Ruleset
from .context import Handler

HANDLERS: tuple[Handler, ...] = ()


def turn_units(enc: Encounter, units: list[TurnEntry]) -> list[TurnEntry]:
    """D35-24: the mount acts on its rider's initiative."""
    return units


def move_changes(ruleset: Ruleset, enc: Encounter, c: Combatant, dest: Destination) -> list[Change]:
    """D35-24: the rider shares its mount's space."""
    return []
