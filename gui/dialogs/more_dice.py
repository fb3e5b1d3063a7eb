"""The rolls that follow the first in one action (Preview.more: a miss chance after a hit…),
each in a dice entry of its own under the first (two to a row), named by its request's label."""

from __future__ import annotations

from collections.abc import Callable

from PySide6.QtCore import Signal
from PySide6.QtWidgets import QGridLayout, QWidget

from gui.dialogs.dice_entry import DiceEntry
from gui.engine.checks.request import DiceRequest, DiceResult


class MoreDice(QWidget):
    """One DiceEntry per request that follows; `results()` is their dice in order, or None
    while one is missing; `changed` fires when it may differ."""

    changed = Signal()

    def __init__(
        self, roll: Callable[[DiceRequest], DiceResult], parent: QWidget | None = None
    ) -> None:
        super().__init__(parent)
        self._roll = roll
        self.entries: list[DiceEntry] = []
        # Two to a row: an action with four opposed rolls still fits a laptop's height.
        self._grid = QGridLayout(self)
        self._grid.setContentsMargins(0, 0, 0, 0)
        self.hide()

    def set_requests(self, requests: tuple[DiceRequest, ...]) -> None:
        """As many entries as requests (the dice already given stay where they still fit)."""
        while len(self.entries) > len(requests):
            entry = self.entries.pop()
            self._grid.removeWidget(entry)
            entry.deleteLater()
        while len(self.entries) < len(requests):
            entry = DiceEntry(self._roll)
            entry.changed.connect(self.changed)
            self._grid.addWidget(entry, len(self.entries) // 2, len(self.entries) % 2)
            self.entries.append(entry)
        for entry, request in zip(self.entries, requests, strict=True):
            entry.set_request(request)
        self.setVisible(bool(requests))

    def results(self) -> tuple[DiceResult, ...] | None:
        dice = tuple(entry.result() for entry in self.entries)
        return None if any(d is None for d in dice) else dice  # type: ignore[return-value]

    def roll_if_needed(self) -> bool:
        """Each entry's roll_if_needed: True when all can be applied at once."""
        return all([entry.roll_if_needed() for entry in self.entries])

    def lock(self) -> None:
        for entry in self.entries:
            entry.lock()
