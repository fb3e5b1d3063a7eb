"""Issue 33 (10): a printed sheet too wide for columns is a small table of its non-default
fields (no run-on paragraph of zeros), and no table row of the summary splits across pages —
the d20_35 demo's summary, in French and in English, where a sheet is a dozen lines tall."""

import html
import re
from unicodedata import normalize

import pytest
from pypdf import PdfReader
from PySide6.QtGui import QTextDocument

from gui.boot import i18n
from gui.boot.i18n import pick
from gui.engine.files.storage import load
from gui.engine.rulesets import registry
from gui.printing.printer import _text_size, a4_layout, summary_document, write_pdf
from gui.printing.summary import Paging, summary_html
from gui.printing.whole_rows import keep_rows_whole, row_extent, straddling, top_tables

pytestmark = pytest.mark.gui

D35 = registry.get("d20_35")


@pytest.fixture(params=["fr", "en"])
def lang(request, qapp):
    i18n.install(qapp, request.param)
    yield request.param
    i18n.install(qapp, "fr")


def _row_of(page: str, name: str) -> str:
    """The roster row of the combatant `name` (up to the next row of the roster)."""
    start = page.index(f"<b>{name}</b>")
    end = page.find("<tr><td><b>", start)
    return page[start : end if end > 0 else len(page)]


def test_a_d35_sheet_prints_its_non_default_fields_as_a_table(lang):
    enc = load(D35.demo_path)
    aldric = next(c for c in enc.combatants if c.name == "Aldric")
    assert aldric.stats["concentration"] == 0 and aldric.stats["bba"] == 4
    row = _row_of(summary_html(enc, D35, None), "Aldric")
    assert '<table class="sheet"' in row
    label = {f.key: html.escape(pick(f.label)) for f in D35.data.fields}
    force = "Force (For)" if lang == "fr" else "Strength (Str)"
    assert label["force"] == force
    pairs = re.findall(r'<td class="label"[^>]*>([^<]*)</td><td class="value"[^>]*>([^<]*)<', row)
    shown = dict(pairs)
    assert shown[force] == "16" and shown[label["bba"]] == "4" and shown[label["pv"]] == "38"
    # the fields at their default (Concentration 0, Jambes 2, VD 9 m) are not printed
    for key in ("concentration", "jambes", "vd", "degats_non_letaux", "niveau_pretre"):
        assert label[key] not in shown, key
    assert "0" not in shown.values()
    assert " · " not in row.split("</table>")[0]  # pairs in cells, not one run-on line


def _uncut(enc) -> tuple[QTextDocument, list[list[str]]]:
    """The summary laid out on A4 as Qt would lay it out, no table cut."""
    doc = QTextDocument()
    doc.setPageSize(_text_size(a4_layout()))
    paging = Paging()
    doc.setHtml(summary_html(enc, D35, None, paging=paging))
    return doc, paging.tables


def test_no_row_of_the_d35_summary_splits_across_pages(lang):
    enc = load(D35.demo_path)
    doc, tables = _uncut(enc)
    assert straddling(doc, tables), "the uncut layout splits a sheet (what the fix is for)"
    doc = summary_document(enc, D35)
    assert doc.pageCount() >= 2
    height = doc.pageSize().height()
    layout = doc.documentLayout()
    # every row of every table (roster, order, log) begins and ends on the same page
    checked = 0
    for table in top_tables(doc):
        for row in range(table.format().headerRowCount(), table.rows()):
            top, bottom = row_extent(doc, table, row)
            assert int(top // height) == int((bottom - 0.5) // height), (row, top, bottom)
            checked += 1
    assert checked >= len(enc.combatants)
    assert layout.pageCount() == doc.pageCount()


def test_the_printed_pdf_keeps_each_sheet_on_one_page(lang, tmp_path):
    """Read back from the PDF: each creature's name and its weapons are on the same page."""
    enc = load(D35.demo_path)
    path = tmp_path / f"d35_{lang}.pdf"
    pages = write_pdf(enc, D35, path)
    texts = [" ".join(normalize("NFKC", p.extract_text()).split()) for p in PdfReader(path).pages]
    assert len(texts) == pages >= 2
    for c in enc.combatants:
        weapons = ", ".join(r["nom"] for r in c.stats.get("armes", []))
        if not weapons:
            continue
        first = next(i for i, text in enumerate(texts) if c.name in text)  # the roster's row
        assert weapons in texts[first].split(c.name, 1)[1], (c.name, weapons, first)


def test_a_side_heading_is_never_left_alone_at_the_foot_of_a_page(lang):
    """The d20_35 demo's foes' heading would end page 2, its ogre on page 3."""
    enc = load(D35.demo_path)
    made: list[Paging] = []

    def make(paging: Paging) -> str:
        made.append(paging)
        return summary_html(enc, D35, None, paging=paging)

    doc = QTextDocument()
    doc.setPageSize(_text_size(a4_layout()))
    keep_rows_whole(doc, make)
    final, height = made[-1], doc.pageSize().height()
    assert len(made) > 1 and final.with_next  # cut at least once; the sides' rows known
    headings = 0
    for table, keys in zip(top_tables(doc), final.tables, strict=True):
        first = table.format().headerRowCount()
        for row, key in enumerate(keys[:-1], start=first):
            if key in final.with_next:
                heading_page = int(row_extent(doc, table, row)[0] // height)
                member_page = int(row_extent(doc, table, row + 1)[1] // height)
                assert heading_page == member_page, key
                headings += 1
    assert headings == len(enc.sides)
