"""The printable summary: PDF with real text, escaped HTML, map picture, preview, CLI."""

import json
import os
import re
import subprocess
import sys
from pathlib import Path

import pytest
from pypdf import PdfReader
from PySide6.QtGui import QColor
from PySide6.QtPrintSupport import QPrinter, QPrintPreviewWidget

from gui.boot.cli import main
from gui.engine.checks.request import DiceResult
from gui.engine.contract.values import Action
from gui.engine.files.storage import load
from gui.engine.play.table import Table
from gui.engine.rulesets import registry
from gui.engine.state.model import Map, Track
from gui.map.scene import EncounterScene
from gui.printing.printer import (
    map_image,
    preview_dialog,
    summary_document,
    write_html,
    write_pdf,
)
from gui.printing.summary import LOG_LINES, summary_html
from tests.gui.shots import shot

pytestmark = pytest.mark.gui

RULESET = registry.get("libre")
DEMO = RULESET.demo_path
ROOT = Path(__file__).resolve().parents[2]


def pdf_text(path: Path) -> str:
    """Every page's text, whitespace folded (table cells wrap names over lines)."""
    reader = PdfReader(path)
    assert len(reader.pages) >= 1
    return " ".join(" ".join(page.extract_text() for page in reader.pages).split())


@pytest.fixture
def fight():
    """The libre demo in round 2, after an attack and many damage rolls."""
    table = Table(load(DEMO))
    table.apply(table.start_combat({c.id: 20 - i for i, c in enumerate(table.enc.combatants)}))
    attack = Action("attack", "ysolde", "chef")
    table.apply(table.resolve(attack, DiceResult.typed_faces("17", table.preview(attack).dice))[1])
    for _ in range(16):
        hit = Action("damage", "maelis", "brig1")
        table.apply(table.resolve(hit, DiceResult.typed_faces("1", table.preview(hit).dice))[1])
    for _ in range(len(table.enc.combatants) + 1):
        table.apply(table.next_turn())
    table.enc.combatants[0].tracks["fatigue"] = Track(marks=["x", "x", "", "", "", ""])
    return table.enc


def test_pdf_is_real_text_with_every_name(qapp, tmp_path, fight):
    path = tmp_path / "résumé.pdf"
    pages = write_pdf(fight, RULESET, path)
    assert path.read_bytes().startswith(b"%PDF")
    assert len(PdfReader(path).pages) == pages >= 1
    assert PdfReader(path).metadata.title == fight.name
    text = pdf_text(path)
    for name in [fight.name, *(c.name for c in fight.combatants), *(s.name for s in fight.sides)]:
        assert name in text
    assert "Round 2" in text and "Défense" in text and "■■□□□ □" in text


def test_html_escapes_user_text_and_shows_the_fight(qapp, fight):
    fight.name = "Gué <script>"
    fight.combatants[1].name = "Frère <b>&"
    fight.sides[1].name = "Brigands & co"
    page = summary_html(fight, RULESET)
    assert "Frère &lt;b&gt;&amp;" in page and "<b>&" not in page
    assert "Gué &lt;script&gt;" in page and "<script>" not in page
    assert "Brigands &amp; co" in page
    assert "Round 2 — au tour de" in page and "▶" in page
    assert '<img src="map.png"' in page
    assert f"({LOG_LINES} dernières lignes sur {len(fight.log)})" in page
    assert len(fight.log) > LOG_LINES
    assert page.count("<tr><td>") - len(fight.combatants) - len(fight.turn.order) == LOG_LINES
    assert "Combat non commencé" in summary_html(load(DEMO), RULESET, None)
    assert "<img" not in summary_html(fight, RULESET, None)


def test_map_image_is_drawn_with_the_map_aspect(qapp, fight):
    image = map_image(fight, RULESET, width_px=800)
    rect = EncounterScene(fight, RULESET).content_rect()
    assert image.width() == 800
    assert image.height() == round(800 * rect.height() / rect.width())
    white = QColor("white").rgb()
    samples = [image.pixel(x, y) for x in range(0, 800, 10) for y in range(0, image.height(), 10)]
    assert white in samples
    assert sum(p != white for p in samples) > len(samples) // 10


def map_width(doc) -> int:
    return int(re.search(r'<img src="map.png" width="(\d+)"', doc.toHtml()).group(1))


def test_document_carries_the_map_as_a_resource(qapp, fight):
    doc = summary_document(fight, RULESET)
    assert doc.pageCount() >= 1
    assert "Garin le Borgne" in doc.toPlainText()
    resource = doc.resource(doc.ResourceType.ImageResource, "map.png")
    assert resource is not None and not resource.isNull()
    assert map_width(doc) > 0.9 * doc.pageSize().width()  # the demo's wide map: full width


def test_a_map_on_a_grid_alone_prints_with_its_walls_and_the_sizes_chosen(qapp, fight):
    """Issue 18, deliver 4: a map of squares and walls with no zone still prints, and a
    sheet's choice away from its default (libre's Taille) is in the roster."""
    from gui.engine.state.model import Grid, MapWall, Position

    for i, c in enumerate(fight.combatants):
        c.position = Position(cell=(1 + 2 * i, 2))
    fight.map = Map(grid=Grid(cell_px=40, snap=True), walls=[MapWall(start=(0, 0), end=(0, 6))])
    fight.combatants[0].stats["taille"] = "large"
    doc = summary_document(fight, RULESET)
    image = doc.resource(doc.ResourceType.ImageResource, "map.png")
    assert image is not None and not image.isNull()
    assert image.width() > image.height()  # the row of tokens, not an empty 4:3 picture
    assert "Taille : Grande" in doc.toPlainText()
    assert doc.toPlainText().count("Taille :") == 1  # the others are Medium, the default


def test_a_tall_map_is_narrowed_to_leave_room_for_the_roster(qapp, fight):
    for zone in fight.map.zones:
        zone.rect.height *= 4
    doc = summary_document(fight, RULESET)
    image = doc.resource(doc.ResourceType.ImageResource, "map.png")
    shown_height = map_width(doc) * image.height() / image.width()
    assert shown_height < 0.5 * doc.pageSize().height()


def test_html_file_is_standalone(qapp, tmp_path, fight):
    path = tmp_path / "résumé.html"
    write_html(fight, RULESET, path)
    page = path.read_text(encoding="utf-8")
    assert page.startswith("<!DOCTYPE html>") and '<meta charset="utf-8">' in page
    assert '<img src="data:image/png;base64,iVBOR' in page
    assert all(c.name in page for c in fight.combatants)


def test_preview_dialog_shows_and_paints_pages(qtbot, tmp_path, fight):
    dialog = preview_dialog(None, fight, RULESET)
    qtbot.addWidget(dialog)
    assert fight.name in dialog.windowTitle()
    dialog.resize(900, 1000)
    dialog.show()
    qtbot.waitExposed(dialog)
    preview = dialog.findChild(QPrintPreviewWidget)
    assert preview.pageCount() >= 1
    shot(dialog, "print_preview")
    printer = QPrinter()
    printer.setOutputFormat(QPrinter.OutputFormat.PdfFormat)
    printer.setOutputFileName(str(tmp_path / "preview.pdf"))
    dialog.paintRequested.emit(printer)
    assert "Ysolde la Rousse" in pdf_text(tmp_path / "preview.pdf")


def test_cli_summary_writes_pdf_and_html(qapp, tmp_path, capsys):
    pdf, page = tmp_path / "out.pdf", tmp_path / "out.HTML"
    assert main(["summary", str(DEMO), "-o", str(pdf)]) == 0
    assert str(pdf) in capsys.readouterr().out
    assert "Embuscade au gué" in pdf_text(pdf)
    assert main(["summary", str(DEMO), "-o", str(page)]) == 0
    assert "Embuscade au gué" in page.read_text(encoding="utf-8")


def test_cli_summary_of_a_bad_file_names_the_json_path(qapp, tmp_path, capsys):
    doc = json.loads(DEMO.read_text(encoding="utf-8"))
    doc["encounter"]["combatants"][2]["stats"]["pv"] = "beaucoup"
    bad = tmp_path / "bad.json"
    bad.write_text(json.dumps(doc), encoding="utf-8")
    assert main(["summary", str(bad), "-o", str(tmp_path / "out.pdf")]) == 1
    err = capsys.readouterr().err
    assert "$.encounter.combatants[2].stats.pv" in err
    assert "entier" in err and "whole number" in err
    assert not (tmp_path / "out.pdf").exists()


def test_cli_summary_refuses_other_extensions(qapp, tmp_path, capsys):
    assert main(["summary", str(DEMO), "-o", str(tmp_path / "out.docx")]) == 2
    assert ".pdf" in capsys.readouterr().err
    assert not (tmp_path / "out.docx").exists()


def test_cli_summary_to_an_unwritable_place_exits_1(qapp, tmp_path, capsys):
    for name in ("out.pdf", "out.html"):
        assert main(["summary", str(DEMO), "-o", str(tmp_path / "absent" / name)]) == 1
        assert "cannot write" in capsys.readouterr().err


def test_an_encounter_without_a_map_prints_without_a_picture(qapp, tmp_path):
    enc = load(DEMO).replace(map=Map())
    doc = summary_document(enc, RULESET)
    assert "Ysolde la Rousse" in doc.toPlainText() and "Carte" not in doc.toPlainText()
    assert write_pdf(enc, RULESET, tmp_path / "sans-carte.pdf") == 1


def test_cli_summary_runs_without_a_display(tmp_path):
    env = {k: v for k, v in os.environ.items() if k not in ("DISPLAY", "WAYLAND_DISPLAY")}
    env.pop("QT_QPA_PLATFORM", None)
    out = tmp_path / "headless.pdf"
    done = subprocess.run(
        [sys.executable, "-m", "gui", "summary", str(DEMO), "-o", str(out)],
        capture_output=True,
        text=True,
        cwd=ROOT,
        env=env,
    )
    assert done.returncode == 0, done.stderr
    assert out.read_bytes().startswith(b"%PDF")


def test_a_ruleset_with_many_fields_prints_them_in_one_column_with_camp_resources():
    enc = load(registry.get("reserve_menace").demo_path)
    html = summary_html(enc, registry.get("reserve_menace"))
    assert '<th class="nowrap">Fiche</th>' in html  # 12 stats would squeeze the names
    assert 'Vigilance</td><td class="value" width="13%">5</td>' in html  # its small table
    assert "Réserve du MJ 2 · Menace 3" in html


def test_the_fiche_column_prints_computed_values_and_gear():
    """attention_donjon: Parade and Endurance « total(armure) » (AD-30, AD-31) and each
    table's rows by name, so the printed sheet is enough at the table."""
    demo = registry.get("attention_donjon").demo_path
    page = summary_html(load(demo), registry.get("attention_donjon"), None)
    assert 'Endurance</td><td class="value" width="13%">3(1)' in page  # Vigueur 4 → 2, leather 1
    assert 'Armes</td><td class="value" colspan="5">Arbalète, Hache de lancer, Hache' in page


def test_the_turn_order_prints_the_cards_of_card_initiative():
    """AD-CARTES: the Initiative column reads the card (« D♥ »), not its code."""
    from gui.engine.turns.cards import parse_card

    ruleset = registry.get("attention_donjon")
    table = Table(load(ruleset.demo_path))
    table.apply(table.set_flags({"AD-CARTES": True}))
    units = [e.unit for e in ruleset.turn_units(table.enc)]  # the hero, the monsters' group
    cards = dict(zip(units, (parse_card("D♥"), parse_card("3 de trèfle")), strict=True))
    table.apply(table.start_combat(cards))
    page = summary_html(table.enc, ruleset, None)
    assert "<td>D♥</td>" in page and "<td>3♣</td>" in page
