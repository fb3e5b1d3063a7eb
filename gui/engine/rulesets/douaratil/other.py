"""The actions of a turn besides attacking (DOU-19 to DOU-30, DOU-11)."""

from __future__ import annotations

from .context import Handler

HANDLERS: tuple[Handler, ...] = ()
