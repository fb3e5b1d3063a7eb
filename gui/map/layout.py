"""Where tokens sit inside a zone so that they never overlap (pure geometry, no Qt)."""

from __future__ import annotations

import math

from gui.engine.state.model import Rect

TOKEN_DIAMETER = 36.0
GAP = 6.0
LABEL_BAND = 22.0  # the zone's name is drawn along the top edge
BADGE_LINES = 2  # state badges under a token, each BADGE_RATIO of its diameter high
BADGE_RATIO = 0.32
WIDTH_RATIO = 1.6  # a token's cell is wider than the disc so that its badges fit


def pitch(size: float) -> tuple[float, float]:
    """The horizontal and vertical distance between token centres (disc plus badges)."""
    return size * WIDTH_RATIO + GAP, size * (1 + BADGE_RATIO * BADGE_LINES) + GAP


def token_slots(
    rect: Rect, count: int, diameter: float = TOKEN_DIAMETER
) -> tuple[float, list[tuple[float, float]]]:
    """The token diameter to use and the centre of each of `count` tokens inside `rect`.

    Tokens fill rows below the name band, each with room for its badges; when they do not
    fit at full size the diameter shrinks until they do, so tokens never overlap and never
    leave their zone.
    """
    if count <= 0:
        return diameter, []
    top = rect.y + min(LABEL_BAND, rect.height / 3)
    width, height = rect.width, rect.y + rect.height - top
    size = diameter
    while True:
        px, py = pitch(size)
        cols = max(1, int(width // px))
        rows = math.ceil(count / cols)
        if rows * py <= height or size <= 4:
            break
        size *= 0.85
    px, py = pitch(size)
    cols = max(1, min(count, int(width // px)))
    x0 = rect.x + (width - cols * px) / 2 + px / 2
    y0 = top + GAP / 2 + size / 2
    slots = [(x0 + (i % cols) * px, y0 + (i // cols) * py) for i in range(count)]
    return size, slots


def _exit(rect: Rect, dx: float, dy: float) -> float:
    """How far along (dx, dy), as a fraction, a ray from the centre leaves the rectangle."""
    limits = [
        rect.width / 2 / abs(dx) if dx else float("inf"),
        rect.height / 2 / abs(dy) if dy else float("inf"),
    ]
    return min(limits)


def link_segment(a: Rect, b: Rect) -> tuple[tuple[float, float], tuple[float, float]]:
    """The part of the centre-to-centre line between two zones that lies outside both.

    When the zones touch or overlap, both ends are the same point, on the shared border.
    """
    (ax, ay), (bx, by) = a.centre(), b.centre()
    dx, dy = bx - ax, by - ay
    if not dx and not dy:
        return (ax, ay), (ax, ay)
    start = min(1.0, _exit(a, dx, dy))
    end = max(0.0, 1.0 - _exit(b, dx, dy))
    if end < start:
        start = end = (start + end) / 2
    return (ax + dx * start, ay + dy * start), (ax + dx * end, ay + dy * end)
