"""Run (D35-34, A-D35-7, CFG-D35-7) and withdraw (D35-76)."""

from __future__ import annotations

from .context import Handler

HANDLERS: tuple[Handler, ...] = ()
