"""Where each token's plate (its name and conditions, read from across the room) goes on the
players' view so that no plate hides another one or a token (issue 33): under the disc, else
above it, right of it or left of it — the first place free of the plates already placed and of
the other discs, tokens taken from the top of the map down; where none is free, the place that
covers least. Pure geometry on rectangles (a grid of buckets keeps a crowded map quick)."""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Iterable
from dataclasses import dataclass

from PySide6.QtCore import QPointF, QRectF

BUCKET = 200.0  # scene units: the side of a bucket of the grid


@dataclass(frozen=True)
class Token:
    """A token as the placing sees it: its key, its disc and its plate under it (scene; a
    null rectangle when it has none: its disc is still kept clear)."""

    key: str
    disc: QRectF
    plate: QRectF


class _Buckets:
    def __init__(self) -> None:
        self.cells: dict[tuple[int, int], list[QRectF]] = defaultdict(list)

    @staticmethod
    def _keys(rect: QRectF) -> Iterable[tuple[int, int]]:
        for i in range(int(rect.left() // BUCKET), int(rect.right() // BUCKET) + 1):
            for j in range(int(rect.top() // BUCKET), int(rect.bottom() // BUCKET) + 1):
                yield i, j

    def add(self, rect: QRectF) -> None:
        for key in self._keys(rect):
            self.cells[key].append(rect)

    def covered(self, rect: QRectF) -> float:
        """The area of `rect` the rectangles kept cover (each counted once per rectangle)."""
        seen: set[int] = set()
        total = 0.0
        for key in self._keys(rect):
            for other in self.cells.get(key, ()):
                if id(other) in seen:
                    continue
                seen.add(id(other))
                common = rect.intersected(other)
                if not common.isEmpty():
                    total += common.width() * common.height()
        return total


def _places(t: Token) -> list[QPointF]:
    """The shifts tried for a plate: under its disc, above, right, left, then a plate's
    height further down or up."""
    d, p = t.disc, t.plate
    above = d.top() - 2 - p.bottom()
    middle = d.center().y() - p.center().y()
    right = d.right() + 4 - p.left()
    left = d.left() - 4 - p.right()
    step = p.height() + 2
    return [
        QPointF(),
        QPointF(0, above),
        QPointF(right, middle),
        QPointF(left, middle),
        QPointF(0, step),
        QPointF(0, above - step),
    ]


def place(tokens: list[Token]) -> dict[str, QPointF]:
    """The shift of each token's plate from its place under its disc."""
    discs = _Buckets()
    for t in tokens:
        discs.add(t.disc)
    plates = _Buckets()
    out: dict[str, QPointF] = {}
    plated = [t for t in tokens if not t.plate.isNull()]
    for t in sorted(plated, key=lambda t: (t.disc.center().y(), t.disc.center().x())):
        best: tuple[float, QPointF] | None = None
        for shift in _places(t):
            rect = t.plate.translated(shift)
            cost = plates.covered(rect) + discs.covered(rect) - _own(t, rect)
            if best is None or cost < best[0] - 1e-6:
                best = (cost, shift)
            if cost <= 1e-6:
                break
        assert best is not None
        out[t.key] = best[1]
        plates.add(t.plate.translated(best[1]))
    return out


def _own(t: Token, rect: QRectF) -> float:
    """What of `rect` its own disc covers (a plate may touch its own token)."""
    common = rect.intersected(t.disc)
    return 0.0 if common.isEmpty() else common.width() * common.height()
