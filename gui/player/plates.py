"""Where each token's plate (its name and conditions, read from across the room) goes on the
players' view so that no plate hides another one or a token (issue 33): under the disc, else
above it, right of it, left of it, a plate's height lower or higher — the first place free of
the plates already placed and of the other discs, tokens taken from the top of the map down.
A plate with no free place is not drawn: as on the GM's map, readable or not drawn. A crowd
whose plates would take more than CROWD of the map shows its discs only (`crowded`, asked
first: placing a thousand plates at each change would slow the GM down). Pure geometry on
rectangles; a grid of buckets keeps it quick."""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Iterable

from msgspec import Struct
from PySide6.QtCore import QPointF, QRectF

BUCKET = 200.0  # scene units: the side of a bucket of the grid
TOUCH = 1.0  # rectangles that overlap by no more than this (scene units) are apart
CROWD = 0.35  # the share of the map the plates may take at most


class Token(Struct, frozen=True):
    """A token as the placing sees it: its key, its disc and its plate under it (scene; a
    null rectangle when it has none: its disc is still kept clear, as is a group's label
    given as a disc)."""

    key: str
    disc: QRectF
    plate: QRectF


class _Buckets:
    def __init__(self) -> None:
        self.cells: dict[tuple[int, int], list[tuple[str, QRectF]]] = defaultdict(list)

    @staticmethod
    def _keys(rect: QRectF) -> Iterable[tuple[int, int]]:
        for i in range(int(rect.left() // BUCKET), int(rect.right() // BUCKET) + 1):
            for j in range(int(rect.top() // BUCKET), int(rect.bottom() // BUCKET) + 1):
                yield i, j

    def add(self, key: str, rect: QRectF) -> None:
        for cell in self._keys(rect):
            self.cells[cell].append((key, rect))

    def hits(self, rect: QRectF, own: str) -> bool:
        """Whether `rect` overlaps a rectangle kept, other than `own`'s."""
        inner = rect.adjusted(TOUCH, TOUCH, -TOUCH, -TOUCH)
        for cell in self._keys(rect):
            for key, other in self.cells.get(cell, ()):
                if key != own and inner.intersects(other):
                    return True
        return False


def _places(t: Token) -> list[QPointF]:
    """The shifts tried for a plate: under its disc, above, right, left, a plate's height
    further down or up, then at the disc's corners."""
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
        QPointF(right, 0),
        QPointF(left, 0),
        QPointF(right, above),
        QPointF(left, above),
    ]


def crowded(count: int, text: float, area: QRectF) -> bool:
    """Whether `count` plates of text `text` high (two lines, some ten letters wide) would
    take more than CROWD of `area`, the map fitted on the screen."""
    plate = (2 * 1.25 * text) * (6 * text)
    return count * plate > CROWD * area.width() * area.height()


def place(tokens: list[Token]) -> dict[str, QPointF | None]:
    """The shift of each token's plate from its place under its disc; None: not drawn."""
    discs, plates = _Buckets(), _Buckets()
    for t in tokens:
        discs.add(t.key, t.disc)
    out: dict[str, QPointF | None] = {}
    plated = [t for t in tokens if not t.plate.isNull()]
    for t in sorted(plated, key=lambda t: (t.disc.center().y(), t.disc.center().x())):
        out[t.key] = None
        for shift in _places(t):
            rect = t.plate.translated(shift)
            if not plates.hits(rect, t.key) and not discs.hits(rect, t.key):
                out[t.key] = shift
                plates.add(t.key, rect)
                break
    return out
