"""Camps' resources and Réserves in the roster (counters edited in place), minors grouped, and
the sheet's group titles and per-combatant tracks, on the reserve_menace demo."""

import msgspec
import pytest
from PySide6.QtCore import QModelIndex, QPoint, Qt
from PySide6.QtWidgets import QStyleOptionViewItem, QTreeView

from gui.boot.app import open_encounter
from gui.boot.i18n import set_language
from gui.control.controller import Controller, Refused
from gui.engine.state.model import State
from gui.models import ID_ROLE
from gui.models.roster import COUNTERS_ROLE, GROUP, KIND_ROLE, NAME, STATE, RosterModel
from gui.models.roster_delegate import RosterDelegate, setup_roster_view
from gui.sheets.sheet import SheetWidget
from gui.turns.panel import TurnPanel
from tests.gui.fakes import ScriptedPrompts
from tests.gui.shots import shot

pytestmark = pytest.mark.gui
ROOT = QModelIndex()
MINORS = [f"contrebandier_{n}" for n in range(1, 7)]


@pytest.fixture
def ctl():
    return Controller(open_encounter(None, "reserve_menace"))


@pytest.fixture
def english():
    set_language("en")
    yield
    set_language("fr")


@pytest.fixture
def view(qtbot, ctl):
    """The roster as the « Camps » tab shows it, with its counters."""
    tree = QTreeView()
    qtbot.addWidget(tree)
    tree.setModel(RosterModel(ctl, tree))
    delegate = setup_roster_view(tree)
    tree.expandAll()
    tree.resize(330, 520)
    tree.show()
    qtbot.waitExposed(tree)
    tree.delegate = delegate
    return tree


def camp(model):
    return model.index(1, NAME)


def parts(view, index):
    """Where the delegate draws the counters of `index`'s row, by counter key."""
    option = QStyleOptionViewItem()
    option.rect = view.visualRect(index)
    option.font = view.font()
    option.widget = view
    return {p.counter.key: p for p in view.delegate.parts(option, index)}


def click(qtbot, view, rect):
    qtbot.mouseClick(view.viewport(), Qt.MouseButton.LeftButton, pos=rect.center().toPoint())


def resources(ctl, side="contrebandiers"):
    return ctl.enc.side(side).resources


# The model --------------------------------------------------------------------------------


def test_side_resources_are_labelled_from_the_ruleset_data(ctl):
    model = RosterModel(ctl)
    text = model.index(1, STATE).data()
    assert text == (
        "Réserve du MJ 2 · Menace 3 · Figurants mineurs au départ 0"
        " · Baisses « moitié des mineurs » appliquées 0"
    )
    assert "reserve" not in text and "Mineurs_depart" not in text
    tip = camp(model).data(Qt.ItemDataRole.ToolTipRole)
    assert "Réserve du MJ : 2" in tip and "Menace : 3" in tip
    assert model.index(0, STATE).data() == ""  # the players' side has no resources
    counters = model.index(1, STATE).data(COUNTERS_ROLE)
    assert [(c.key, c.label, c.value, c.maximum, c.boxes) for c in counters] == [
        ("reserve", "Réserve du MJ", 2, 12, False),
        ("menace", "Menace", 3, 5, True),
    ]  # bookkeeping (minors at the start, halves applied) is not drawn as a counter
    assert counters[1].colour == "#b53a2f"


def test_labels_follow_the_language(ctl, english):
    model = RosterModel(ctl)
    assert model.index(1, STATE).data().startswith("GM's Réserve 2 · Menace (threat) 3")


def test_personnage_counters_are_its_reserve_and_its_tension_once_it_has_some(ctl):
    model = RosterModel(ctl)
    valeria = model.index_of("valeria", STATE)
    assert [(c.key, c.label, c.value) for c in valeria.data(COUNTERS_ROLE)] == [
        ("reserve", "Réserve de combat", 1)
    ]
    ctl.edit_stat("valeria", "tension", 2)
    assert [c.key for c in valeria.data(COUNTERS_ROLE)] == ["reserve", "tension"]
    assert model.index_of("maitre", STATE).data(COUNTERS_ROLE) == []  # an extra: none


def test_minors_of_a_camp_are_one_group_row(ctl, qtmodeltester):
    model = RosterModel(ctl)
    qtmodeltester.check(model)
    contrebandiers = camp(model)
    assert model.rowCount(contrebandiers) == 2  # the master, then the group
    group = model.index(1, NAME, contrebandiers)
    assert group.data() == "Figurants mineurs (6 en jeu / 6)"
    assert group.data(KIND_ROLE) == GROUP and group.data(ID_ROLE) is None
    assert not model.is_combatant(group) and model.is_group(group)
    assert not model.flags(group) & Qt.ItemFlag.ItemIsEditable
    assert [model.index(r, NAME, group).data(ID_ROLE) for r in range(6)] == MINORS
    minor = model.index_of("contrebandier_3")
    assert minor.isValid() and minor.parent() == group and minor.row() == 2
    assert model.is_combatant(minor) and minor.data() == "Contrebandier 3"
    assert model.combatant(minor).id == "contrebandier_3"
    assert model.index_of("contrebandier_3", STATE).data() == "Déf 0"
    assert model.index_of("maitre").parent() == contrebandiers
    assert model.rowCount(model.index_of("valeria")) == 0
    out = State(key="terrasse", label="Terrassé")
    ctl.set_states("contrebandier_2", [out])
    assert group.data() == "Figurants mineurs (5 en jeu / 6)"
    assert "Contrebandier 2 (hors combat)" in group.data(Qt.ItemDataRole.ToolTipRole)
    ctl.set_side("contrebandier_1", "compagnie")  # the players' minors act only when directed
    qtmodeltester.check(model)
    assert model.index_of("contrebandier_1").parent().data() == "La Compagnie"  # A-RM-17
    assert model.index_of("contrebandier_2").parent().data() == "Figurants mineurs (4 en jeu / 5)"
    ctl.remove_combatant("contrebandier_3")
    assert not model.index_of("contrebandier_3").isValid()
    qtmodeltester.check(model)


def test_a_side_without_minors_has_no_group(ctl):
    for cid in MINORS:
        ctl.remove_combatant(cid)
    model = RosterModel(ctl)
    assert model.rowCount(camp(model)) == 1
    assert model.index(0, NAME, camp(model)).data() == "Maître contrebandier"


def test_set_counter_goes_to_the_controller_and_a_refusal_changes_nothing(ctl, qtbot):
    model = RosterModel(ctl)
    assert model.set_counter(camp(model), "reserve", 5)
    assert resources(ctl)["reserve"] == 5 and ctl.undo_stack.count() == 1
    assert ctl.undo_stack.undoText() == "Les contrebandiers : Réserve du MJ"
    before = msgspec.json.encode(ctl.enc)
    with qtbot.waitSignal(model.refused) as blocker:
        assert not model.set_counter(camp(model), "reserve", 13)
    assert blocker.args[0].fr == "Les contrebandiers : Réserve du MJ : hors de 0–12"
    assert blocker.args[0].en == "Les contrebandiers: GM's Réserve: outside 0–12"
    assert msgspec.json.encode(ctl.enc) == before and ctl.undo_stack.count() == 1
    with pytest.raises(Refused, match="hors de 0–5"):
        ctl.set_resource("contrebandiers", "menace", 6)
    with pytest.raises(Refused, match="Introuvable"):
        ctl.set_resource("nobody", "menace", 1)
    assert msgspec.json.encode(ctl.enc) == before
    assert not model.set_counter(model.index_of("contrebandier_1").parent(), "reserve", 1)
    assert model.set_counter(model.index_of("ilse"), "reserve", 4)
    assert ctl.enc.combatant("ilse").stats["reserve"] == 4


# The view: counters drawn and clicked -----------------------------------------------------


def test_side_rows_span_and_counters_are_never_cut(view):
    model = view.model()
    assert view.isFirstColumnSpanned(0, ROOT) and view.isFirstColumnSpanned(1, ROOT)
    assert view.isFirstColumnSpanned(1, camp(model))  # the group of minors
    assert not view.isFirstColumnSpanned(0, model.index(0, NAME))  # Valeria
    for index in (camp(model), model.index_of("valeria", STATE)):
        cell = view.visualRect(index)
        drawn = parts(view, index)
        assert drawn, index.data()
        for part in drawn.values():
            assert cell.contains(part.rect), (part.counter.key, cell, part.rect)
    gm = parts(view, camp(model))["reserve"]
    pc = parts(view, model.index_of("valeria", STATE))["reserve"]
    assert gm.rect.right() == pc.rect.right()  # every Réserve lines up


def test_gm_reserve_plus_and_minus_in_the_roster_are_one_undo_entry(view, ctl, qtbot):
    reserve = parts(view, camp(view.model()))["reserve"]
    click(qtbot, view, reserve.plus)
    assert resources(ctl)["reserve"] == 3
    assert ctl.undo_stack.count() == 1
    click(qtbot, view, reserve.plus)
    assert resources(ctl)["reserve"] == 4 and ctl.undo_stack.count() == 1  # merged steps
    ctl.undo_stack.undo()
    assert resources(ctl)["reserve"] == 2
    click(qtbot, view, reserve.minus)
    assert resources(ctl)["reserve"] == 1
    assert not view.selectionModel().hasSelection()  # a click on a counter selects nothing


def test_a_counter_stops_at_its_bounds(view, ctl, qtbot):
    ctl.set_resource("contrebandiers", "reserve", 12)
    count = ctl.undo_stack.count()
    reserve = parts(view, camp(view.model()))["reserve"]
    assert reserve.hit(reserve.plus.center()) == (True, None)
    click(qtbot, view, reserve.plus)
    assert resources(ctl)["reserve"] == 12 and ctl.undo_stack.count() == count


def test_clicking_the_second_menace_box_sets_menace_2(view, ctl, qtbot):
    menace = parts(view, camp(view.model()))["menace"]
    assert len(menace.boxes) == 5
    click(qtbot, view, menace.boxes[1])
    assert resources(ctl)["menace"] == 2
    click(qtbot, view, menace.boxes[4])
    assert resources(ctl)["menace"] == 5
    click(qtbot, view, menace.boxes[4])  # the last filled box again: it empties
    assert resources(ctl)["menace"] == 4
    click(qtbot, view, menace.boxes[0])
    assert resources(ctl)["menace"] == 1
    assert ctl.undo_stack.count() == 1
    ctl.undo_stack.undo()
    assert resources(ctl)["menace"] == 3


def test_personnage_reserve_plus_in_the_roster(view, ctl, qtbot):
    index = view.model().index_of("brann", STATE)
    reserve = parts(view, index)["reserve"]
    assert reserve.hit(reserve.minus.center()) == (True, None)  # 0: no lower
    click(qtbot, view, reserve.plus)
    assert ctl.enc.combatant("brann").stats["reserve"] == 1
    assert ctl.undo_stack.undoText() == "Brann Piochefer : Réserve de combat"
    ctl.undo_stack.undo()
    assert ctl.enc.combatant("brann").stats["reserve"] == 0


def test_a_refused_counter_is_reported_to_the_turn_panel(qtbot, ctl, monkeypatch):
    prompts = ScriptedPrompts()
    panel = TurnPanel(ctl, prompts)
    qtbot.addWidget(panel)
    setup_roster_view(panel.roster_view)

    def refuse(*_args, **_kwargs):
        raise Refused("Pas maintenant", "Not now")

    monkeypatch.setattr(ctl, "set_resource", refuse)
    panel.roster_model.set_counter(camp(panel.roster_model), "reserve", 3)
    assert prompts.asked == [("warn", "Pas maintenant")]


def test_tooltip_and_size_of_a_counter_row(view):
    model = view.model()
    delegate: RosterDelegate = view.delegate
    option = QStyleOptionViewItem()
    option.font = view.font()
    hint = delegate.sizeHint(option, model.index_of("valeria", STATE))
    plain = delegate.sizeHint(option, model.index_of("maitre", STATE))
    assert hint.height() > 1.8 * plain.height()  # big numbers under a caption
    reserve = parts(view, camp(model))["reserve"]
    assert "RM-12" in reserve.counter.tip and "12" in reserve.counter.tip


def test_camps_tab_looks_right(qtbot, ctl):
    panel = TurnPanel(ctl, ScriptedPrompts())
    qtbot.addWidget(panel)
    setup_roster_view(panel.roster_view)
    panel.roster_view.expandAll()
    panel.tabs.setCurrentWidget(panel.roster_view)
    ctl.edit_stat("ilse", "tension", 2)
    ctl.set_states("contrebandier_4", [State(key="terrasse", label="Terrassé")])
    ctl.select("valeria")
    panel.resize(330, 640)
    panel.show()
    qtbot.waitExposed(panel)
    view = panel.roster_view
    view.delegate = view.itemDelegate()
    names = view.columnWidth(NAME)
    assert names >= 120  # the names keep room beside the widest counters
    valeria = view.visualRect(panel.roster_model.index_of("valeria"))
    assert view.viewport().rect().contains(QPoint(valeria.right(), valeria.center().y()))
    shot(panel, "camps_reserve_menace")


# The sheet --------------------------------------------------------------------------------


def make_sheet(qtbot, ctl, cid):
    sheet = SheetWidget(ctl)
    qtbot.addWidget(sheet)
    sheet.resize(360, 1000)
    sheet.show()
    ctl.select(cid)
    return sheet


def group_titles(sheet):
    layout = sheet.fields  # the boxes of the field groups, in order
    return [layout.itemAt(i).widget().title() for i in range(layout.count())]


def test_sheet_group_titles_come_from_the_ruleset(qtbot, ctl):
    sheet = make_sheet(qtbot, ctl, "maitre")
    assert group_titles(sheet) == ["Identité", "Scores", "Début du combat", "Équipement"]
    ctl.select("valeria")
    assert group_titles(sheet) == [
        "Identité",
        "Scores",
        "Début du combat",
        "Réserve et séquelles",
        "Équipement",
    ]


def test_sheet_group_titles_in_english(qtbot, ctl, english):
    sheet = make_sheet(qtbot, ctl, "valeria")
    titles = group_titles(sheet)
    assert titles[0] == "Identity" and "Reserve and after-effects" in titles


def test_standard_extra_has_its_own_number_of_moniteur_boxes(qtbot, ctl):
    sheet = make_sheet(qtbot, ctl, "maitre")
    assert ctl.enc.combatant("maitre").stats["moniteur_taille"] == 2
    track = sheet.tracks_box.tracks["moniteur"]
    assert not sheet.tracks_box.isHidden()
    assert track.box_count == 2 and track.marks() == ["", ""]
    assert track.box_at(*track._box(1).center().toTuple()) == 1
    qtbot.mouseClick(track, Qt.MouseButton.LeftButton, pos=track._box(1).center().toPoint())
    assert ctl.enc.combatant("maitre").tracks["moniteur"].marks == ["", "X"]
    sheet.editors["moniteur_taille"].widget.setValue(3)
    assert track.box_count == 3 and track.marks() == ["", "X", ""]
    ctl.undo_stack.undo()
    assert track.box_count == 2
    shot(sheet, "sheet_standard_extra")


def test_tracks_only_for_the_tiers_they_apply_to(qtbot, ctl):
    sheet = make_sheet(qtbot, ctl, "valeria")  # a Personnage has no Moniteur
    assert sheet.tracks_box.isHidden() and sheet.tracks_box.tracks == {}
    ctl.select("contrebandier_1")  # nor a minor extra
    assert sheet.tracks_box.isHidden()
    ctl.select("maitre")
    assert not sheet.tracks_box.isHidden() and list(sheet.tracks_box.tracks) == ["moniteur"]


def test_plus_and_minus_keys_change_the_current_rows_main_counter(view, ctl, qtbot):
    model = view.model()
    view.setCurrentIndex(camp(model))
    qtbot.keyClick(view, Qt.Key.Key_Plus)
    assert resources(ctl)["reserve"] == 3
    view.setCurrentIndex(model.index_of("ilse"))
    qtbot.keyClick(view, Qt.Key.Key_Minus)
    assert ctl.enc.combatant("ilse").stats["reserve"] == 1
    view.setCurrentIndex(model.index_of("maitre"))  # no counter: the key is the view's
    qtbot.keyClick(view, Qt.Key.Key_Plus)
    assert ctl.undo_stack.count() == 2
