"""Contests (DOU-53 to DOU-56, A-DOU-7) and surprise (DOU-01, DOU-02)."""

from __future__ import annotations

from .context import Handler

HANDLERS: tuple[Handler, ...] = ()
