"""Printing the encounter summary: map picture, paged document, PDF, HTML and print preview."""

from __future__ import annotations

import base64
from pathlib import Path

from PySide6.QtCore import QBuffer, QByteArray, QIODevice, QMarginsF, QRectF, QSizeF, Qt, QUrl
from PySide6.QtGui import (
    QAbstractTextDocumentLayout,
    QColor,
    QFont,
    QImage,
    QPagedPaintDevice,
    QPageLayout,
    QPageSize,
    QPainter,
    QPalette,
    QPdfWriter,
    QTextDocument,
)
from PySide6.QtPrintSupport import QPrinter, QPrintPreviewDialog
from PySide6.QtWidgets import QWidget

from gui.boot.i18n import tr
from gui.engine.contract.base import Ruleset
from gui.engine.play.players_copy import players_copy
from gui.engine.play.players_seen import PlayersSight
from gui.engine.state.model import Encounter
from gui.map.scene import EncounterScene
from gui.player.scene import PlayersScene
from gui.printing.summary import summary_html
from gui.printing.whole_rows import keep_rows_whole

MAP_RESOURCE = "map.png"
MARGIN_MM = 15.0
PDF_DPI = 300
DOC_DPI = 96.0  # document units are CSS pixels: 96 per inch, whatever the screen
FOOTER_PX = 24.0  # under each page's text: the encounter name and the page number
MAP_MAX_HEIGHT = 0.45  # of the page's text height, so a tall map leaves room for the roster


def a4_layout() -> QPageLayout:
    """A4 portrait with 15 mm margins, the summary's page."""
    margins = QMarginsF(MARGIN_MM, MARGIN_MM, MARGIN_MM, MARGIN_MM)
    return QPageLayout(
        QPageSize(QPageSize.PageSizeId.A4),
        QPageLayout.Orientation.Portrait,
        margins,
        QPageLayout.Unit.Millimeter,
    )


def _text_size(layout: QPageLayout) -> QSizeF:
    """The text area of a page in document pixels: inside the margins, above the footer."""
    rect = layout.paintRect(QPageLayout.Unit.Inch)
    return QSizeF(rect.width() * DOC_DPI, rect.height() * DOC_DPI - FOOTER_PX)


def map_image(
    enc: Encounter,
    ruleset: Ruleset,
    width_px: int = 1600,
    players: bool = False,
    sight: PlayersSight | None = None,
) -> QImage:
    """The encounter's map drawn `width_px` wide on white, antialiased, aspect kept; as the
    players' view draws it when `players` (under the fog of `sight`, issue 38).

    Needs a QApplication (the map is a QGraphicsScene).
    """
    scene = (PlayersScene if players else EncounterScene)(enc, ruleset)
    if isinstance(scene, PlayersScene):
        scene.show_fog(sight)
    source = scene.content_rect()
    if source.isEmpty():  # nothing drawn at all: a blank 4:3 picture
        source = QRectF(0, 0, 4, 3)
    height = max(1, round(width_px * source.height() / source.width()))
    image = QImage(width_px, height, QImage.Format.Format_RGB32)
    image.fill(QColor("white"))
    painter = QPainter(image)
    painter.setRenderHints(
        QPainter.RenderHint.Antialiasing
        | QPainter.RenderHint.TextAntialiasing
        | QPainter.RenderHint.SmoothPixmapTransform
    )
    scene.render(painter, QRectF(image.rect()), source, Qt.AspectRatioMode.KeepAspectRatio)
    painter.end()
    return image


def _map(
    enc: Encounter, ruleset: Ruleset, players: bool, sight: PlayersSight | None = None
) -> tuple[QImage | None, int]:
    """The map picture (None when the encounter has no map) and its width on the page."""
    m = enc.map
    on_grid = m.grid is not None and (
        m.walls or m.squares or any(c.position.cell is not None for c in enc.combatants)
    )
    if not m.zones and m.background is None and not on_grid:
        return None, 0
    image = map_image(enc, ruleset, players=players, sight=sight)
    page = _text_size(a4_layout())
    tallest = page.height() * MAP_MAX_HEIGHT * image.width() / image.height()
    return image, round(min(page.width(), tallest))


def _players_sight(enc: Encounter, ruleset: Ruleset) -> PlayersSight | None:
    """What the players' side sees, under the fog (its engine imported then, issue 38)."""
    if not enc.map.fog:
        return None
    from gui.engine.play.players_sight import PlayersEyes

    return PlayersEyes().sight(enc, ruleset)


def summary_document(enc: Encounter, ruleset: Ruleset, players: bool = False) -> QTextDocument:
    """The summary as a rich-text document paged for A4, the map image added as a resource;
    the players' version when `players` (what the players' view shows)."""
    sight = _players_sight(enc, ruleset) if players else None
    if players:
        enc = players_copy(enc, sight=sight)
    doc = QTextDocument()
    doc.setDocumentMargin(0)
    font = QFont("DejaVu Sans")
    font.setStyleHint(QFont.StyleHint.SansSerif)
    font.setPixelSize(12)
    doc.setDefaultFont(font)
    doc.setMetaInformation(QTextDocument.MetaInformation.DocumentTitle, enc.name)
    image, width = _map(enc, ruleset, players, sight)
    if image is not None:
        doc.addResource(QTextDocument.ResourceType.ImageResource, QUrl(MAP_RESOURCE), image)
    name = MAP_RESOURCE if image is not None else None
    doc.setPageSize(_text_size(a4_layout()))
    keep_rows_whole(  # no row split across pages (issue 33)
        doc,
        lambda paging: summary_html(
            enc, ruleset, name, map_width=width, players=players, paging=paging
        ),
    )
    return doc


def paint_document(doc: QTextDocument, device: QPagedPaintDevice, title: str) -> int:
    """Paint `doc` page by page on a printer or PDF writer, with `title` and page numbers below.

    The document is paged again for the device's page layout; returns the number of pages.
    Raises OSError when the device cannot be painted on (an unwritable PDF file).
    """
    page = _text_size(device.pageLayout())
    doc.setPageSize(page)
    pages = doc.pageCount()
    painter = QPainter()
    if not painter.begin(device):
        raise OSError(tr("Impossible d’écrire le document"))
    scale = device.logicalDpiX() / DOC_DPI
    painter.scale(scale, scale)
    context = QAbstractTextDocumentLayout.PaintContext()
    palette = QPalette()
    palette.setColor(QPalette.ColorRole.Text, QColor("black"))
    context.palette = palette
    footer = QFont(doc.defaultFont())
    footer.setPixelSize(9)
    for number in range(pages):
        if number:
            device.newPage()
        top = number * page.height()
        painter.save()
        painter.translate(0, -top)
        context.clip = QRectF(0, top, page.width(), page.height())
        painter.setClipRect(context.clip)
        doc.documentLayout().draw(painter, context)
        painter.restore()
        painter.setFont(footer)
        painter.setPen(QColor("#555555"))
        painter.drawText(
            QRectF(0, page.height(), page.width(), FOOTER_PX),
            Qt.AlignmentFlag.AlignRight | Qt.AlignmentFlag.AlignBottom,
            tr("{title} — page {page}/{pages}").format(title=title, page=number + 1, pages=pages),
        )
    painter.end()
    return pages


def write_pdf(enc: Encounter, ruleset: Ruleset, path: Path, players: bool = False) -> int:
    """Write the summary as an A4 PDF (300 dpi, real text); returns the number of pages.

    Raises OSError, with the system's reason, when the file cannot be written.
    """
    path.write_bytes(b"")  # Qt would only say "QPainter::begin(): Returned false"
    writer = QPdfWriter(str(path))
    writer.setResolution(PDF_DPI)
    writer.setPageLayout(a4_layout())
    writer.setTitle(enc.name)
    writer.setCreator("Escarmouche")
    return paint_document(summary_document(enc, ruleset, players), writer, enc.name)


def write_html(enc: Encounter, ruleset: Ruleset, path: Path) -> None:
    """Write the summary as one standalone HTML file, the map embedded as a PNG data URI."""
    image, width = _map(enc, ruleset, False)
    src = None
    if image is not None:
        data = QByteArray()
        buffer = QBuffer(data)
        buffer.open(QIODevice.OpenModeFlag.WriteOnly)
        image.save(buffer, "PNG")
        buffer.close()
        src = "data:image/png;base64," + base64.b64encode(data.data()).decode("ascii")
    path.write_text(summary_html(enc, ruleset, src, map_width=width), encoding="utf-8")


class _SummaryPreview(QPrintPreviewDialog):
    """A print preview of the summary on A4; printing from it prints the same pages."""

    def __init__(
        self, parent: QWidget | None, enc: Encounter, ruleset: Ruleset, players: bool
    ) -> None:
        printer = QPrinter(QPrinter.PrinterMode.HighResolution)
        printer.setPageLayout(a4_layout())
        printer.setDocName(enc.name)
        super().__init__(printer, parent)
        self.printer = printer  # the dialog does not own its printer
        self.title = enc.name
        self.document = summary_document(enc, ruleset, players)
        title = tr("Aperçu avant impression — {name}")
        if players:
            title = tr("Aperçu pour les joueurs — {name}")
        self.setWindowTitle(title.format(name=enc.name))
        self.paintRequested.connect(self.paint)

    def paint(self, printer: QPrinter) -> None:
        """Paint the summary on the preview's (or the chosen) printer."""
        paint_document(self.document, printer, self.title)


def preview_dialog(
    parent: QWidget | None, enc: Encounter, ruleset: Ruleset, players: bool = False
) -> QPrintPreviewDialog:
    """The print preview dialog of the summary, not yet shown (tests build it without exec)."""
    return _SummaryPreview(parent, enc, ruleset, players)


def print_preview(
    parent: QWidget | None, enc: Encounter, ruleset: Ruleset, players: bool = False
) -> int:
    """Show the print preview of the summary (modal) and return the dialog's result."""
    return preview_dialog(parent, enc, ruleset, players).exec()
