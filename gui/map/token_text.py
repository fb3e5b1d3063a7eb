"""What text a token draws, where and how big: readable, or not drawn (issue 33).

On the GM's map a token's initials sit in its disc and its badges in lines under it. Each is
drawn at least MIN_PX high on the screen — grown when the map is zoomed out, up to a cap the
token's place allows — and dropped, never cut, when it does not fit: the badges first (a line
under the disc then says it has states; its tooltip lists them), then the initials. On the
players' view the token's full name and its conditions go on plates under the disc, at least
`floor` high in the scene's units (the window makes that a number of screen pixels: read from
across the room).

Fonts are made at BASE_PX pixels and scaled by the painter, so a height is exact at any zoom
whatever the screen's DPI."""

from __future__ import annotations

from functools import cache

from msgspec import Struct
from PySide6.QtCore import QRectF, Qt
from PySide6.QtGui import QColor, QFont, QFontMetricsF, QPainter, QPen

MIN_PX = 9.0  # the smallest text drawn on the GM's map, in screen pixels
BASE_PX = 100
NAME_RATIO = 1 / 2.4  # the initials' natural height, of the disc's diameter
NAME_CAP = 0.75  # the initials grow up to this much of the diameter
NAME_ROOM = 0.95  # and no wider than this much of it
BADGE_RATIO = 0.235  # a badge's natural text height, of the diameter
BADGE_CAP = 0.45  # a badge's text grows up to this much of it
LINE = 1.25  # a line's height, of its text's
PLATE_PAD = 0.3  # a plate's margin each side, of its text's height
PLATE_CAP = 2.5  # no plates when their text would be taller than this much of the diameter
# A plate's colours, made once (a thousand tokens paint as a big map opens, benchmark P9).
PLATE_EDGE = QColor("#444444")
PLATE_FILL = QColor(255, 255, 255, 225)
PLATE_TEXT = QColor("#202020")


class Line(Struct, frozen=True):
    """One text a token draws: where (item coordinates), at what height, on a plate or not."""

    text: str
    rect: QRectF
    px: float
    bold: bool
    plate: bool


@cache
def _font(bold: bool) -> QFont:
    font = QFont()
    font.setPixelSize(BASE_PX)
    font.setBold(bold)
    return font


@cache
def _advance(text: str, bold: bool) -> float:
    return QFontMetricsF(_font(bold)).horizontalAdvance(text)


def text_width(text: str, px: float, bold: bool = False) -> float:
    """The width of `text` drawn `px` high (item coordinates)."""
    return _advance(text, bold) * px / BASE_PX


def badge_lines(badges: list[str], most: int) -> list[str]:
    """The badges shown in `most` lines: the last one says how many more (tooltip: all)."""
    shown = badges[:most]
    if len(badges) > most:
        shown[-1] = f"{shown[-1]} +{len(badges) - most + 1}"
    return shown


def badge_line_height(size: float) -> float:
    """The most a badge line takes under a disc of diameter `size` (its bounds)."""
    return size * BADGE_CAP * LINE


def gm_lines(
    label: str,
    badges: list[str],
    size: float,
    room: float,
    scale: float,
    carrying: bool = False,
) -> tuple[list[Line], bool]:
    """The GM's map at `scale` screen pixels per scene unit: the initials in the disc (in its
    bottom-right quarter when `carrying` a rider, drawn on the top-left one) and the badge
    lines under it (each at most `room` wide), every text at least MIN_PX high on screen;
    and whether badges were left out (the token then shows a line that says so)."""
    r, floor = size / 2, MIN_PX / max(scale, 1e-6)
    side = size * 0.8 / 2 if carrying else size  # the initials' room, a square
    name_px = max(side * NAME_RATIO, floor)
    if name_px > side * NAME_CAP or text_width(label, name_px, True) > side * NAME_ROOM:
        return [], bool(badges)  # the badges went first
    box = QRectF(r * 0.02, r * 0.02, side, side) if carrying else QRectF(-r, -r, size, size)
    lines = [Line(label, box, name_px, True, False)]
    if not badges:
        return lines, False
    if floor - 1e-9 > size * BADGE_CAP:  # too tall whatever their width, as below: not
        return lines, True  # measured (a thousand badges, zoomed out: benchmark P9)
    texts = badge_lines(badges, 2)
    px = max(size * BADGE_RATIO, floor)
    widest = max(text_width(t, 1.0) + 2 * PLATE_PAD for t in texts)  # per unit of height
    px = min(px, room / widest)  # a long badge smaller, down to the floor
    if px < floor - 1e-9 or px > size * BADGE_CAP:
        return lines, True
    height = max(size * BADGE_RATIO * 1.36, px * LINE)
    widths = [text_width(t, px) + 2 * px * PLATE_PAD for t in texts]
    for i, (text, w) in enumerate(zip(texts, widths, strict=True)):
        lines.append(Line(text, QRectF(-w / 2, r + 2 + i * height, w, height - 1), px, False, True))
    return lines, False


def plate_lines(name: str, badges: list[str], size: float, floor: float) -> list[Line]:
    """The players' view: the full name, and the conditions on one line, on plates under
    the disc, `floor` high (item coordinates) whatever the token's size; never cut. None
    when that is far taller than the disc (PLATE_CAP; a crowd fitted on the screen, whose
    plates would bury the map), as on the GM's map text too small is not drawn."""
    if floor > size * PLATE_CAP:
        return []
    px, height = floor, floor * LINE
    out, y = [], size / 2 + 2
    rows = [(name, True)] + ([(" · ".join(badges), False)] if badges else [])
    for text, bold in rows:
        w = text_width(text, px, bold) + 2 * px * PLATE_PAD
        out.append(Line(text, QRectF(-w / 2, y, w, height), px, bold, True))
        y += height
    return out


def paint_lines(painter: QPainter, lines: list[Line], on_disc: QColor) -> None:
    """Draw `lines`: plates white with dark text, the rest in `on_disc` (the initials)."""
    for line in lines:
        if line.plate:
            painter.setPen(QPen(PLATE_EDGE, max(0.8, line.px / 12)))
            painter.setBrush(PLATE_FILL)
            radius = line.px / 3
            painter.drawRoundedRect(line.rect, radius, radius)
        painter.setPen(PLATE_TEXT if line.plate else on_disc)
        painter.save()
        centre = line.rect.center()
        k = line.px / BASE_PX
        painter.translate(centre)
        painter.scale(k, k)
        painter.setFont(_font(line.bold))
        w, h = line.rect.width() / k, line.rect.height() / k
        painter.drawText(QRectF(-w / 2, -h / 2, w, h), Qt.AlignmentFlag.AlignCenter, line.text)
        painter.restore()
