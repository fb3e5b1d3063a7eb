"""No table row of the printed summary straddles two pages (issue 33): Qt's rich text moves a
row to the next page only when none of its cells' first lines fits, and reads no
« page-break-inside: avoid ». The document is laid out, the first row that straddles a page
boundary found, and the table cut before it with a page break (summary.Paging) — again until
none does. A row taller than a page cannot be kept whole and is left as Qt lays it out."""

from __future__ import annotations

from collections.abc import Callable

from PySide6.QtGui import QTextDocument, QTextTable

from gui.printing.summary import Paging

MAX_PASSES = 200  # a cut per page at most: far more pages than a summary has
_EPSILON = 0.5  # px: a row ending exactly on the boundary is whole


def row_extent(doc: QTextDocument, table: QTextTable, row: int) -> tuple[float, float]:
    """The top and bottom of a row's text in document pixels (every page stacked)."""
    layout = doc.documentLayout()
    tops, bottoms = [], []
    for column in range(table.columns()):
        cell = table.cellAt(row, column)
        if not cell.isValid() or cell.row() != row or cell.column() != column:
            continue  # covered by a spanning cell
        tops.append(layout.blockBoundingRect(cell.firstCursorPosition().block()).top())
        bottoms.append(layout.blockBoundingRect(cell.lastCursorPosition().block()).bottom())
    return (min(tops), max(bottoms)) if tops else (0.0, 0.0)


def top_tables(doc: QTextDocument) -> list[QTextTable]:
    """The document's own tables, in order (not those inside a cell)."""
    return [f for f in doc.rootFrame().childFrames() if isinstance(f, QTextTable)]


def straddling(doc: QTextDocument, tables: list[list[str]]) -> list[str]:
    """The keys of the rows whose text begins on one page and ends on another, in order,
    leaving out those taller than a page."""
    height = doc.pageSize().height()
    found = []
    for table, keys in zip(top_tables(doc), tables, strict=False):
        header = table.format().headerRowCount()
        for row, key in zip(range(header, table.rows()), keys, strict=False):
            top, bottom = row_extent(doc, table, row)
            if bottom - top >= height:
                continue
            if int((top + _EPSILON) // height) != int((bottom - _EPSILON) // height):
                found.append(key)
    return found


def keep_rows_whole(doc: QTextDocument, make_html: Callable[[Paging], str]) -> None:
    """Set the document's HTML from `make_html`, the tables cut so that no row is split
    (the document's page size set first)."""
    breaks: set[str] = set()
    for _ in range(MAX_PASSES):
        paging = Paging(frozenset(breaks))
        doc.setHtml(make_html(paging))
        split = [key for key in straddling(doc, paging.tables) if key not in breaks]
        if not split:
            return
        breaks.add(_with_heading(split[0], paging))  # the rows after it move: look again


def _with_heading(key: str, paging: Paging) -> str:
    """The row to begin the page with so that `key` is whole: a side's row comes along
    with its first member rather than stay alone at the foot of a page."""
    order = [k for keys in paging.tables for k in keys]
    at = order.index(key)
    while at > 0 and order[at - 1] in paging.with_next:
        at -= 1
    return order[at]
