"""Generic bugs a newcomer's trial of the d20_35 demo found: « Suite : Dégâts » forgot the
weapon that hit, an initiative of 1d20−1 started at 0 instead of « — », the sheet kept a
previous combatant's number in a field whose value is « — », and the English interface
printed the ruleset's computed values and a state's name in French."""

from __future__ import annotations

import pytest
from PySide6.QtCore import Qt
from PySide6.QtTest import QTest
from PySide6.QtWidgets import QMenu, QWidget

from gui.boot.app import open_encounter
from gui.control.controller import Controller
from gui.dialogs.action import ActionDialog
from gui.dialogs.condition_menu import condition_actions
from gui.dialogs.follow_up import carried_options
from gui.engine.checks.request import DiceResult
from gui.engine.contract.values import Action, ActionSpec
from gui.engine.core.words import Label
from gui.engine.state.schema import Choice, FieldSpec
from gui.printing.summary import summary_html
from gui.sheets.sheet import SheetWidget
from gui.turns.initiative import InitiativeDialog
from gui.widgets.field_editor import make_editor
from tests.gui.fakes import type_faces

pytestmark = pytest.mark.gui


def d35(first: str = "aldric") -> Controller:
    """The d20_35 demo in round 1, `first`'s unit acting."""
    ctl = Controller(open_encounter(None, "d20_35"))
    units = [e.unit for e in ctl.ruleset.turn_units(ctl.enc)]
    ctl.start_combat({u: 30 if u == first else 20 - i for i, u in enumerate(units)})
    return ctl


def attack(ctl: Controller, actor: str, target: str, weapon: str) -> None:
    """`actor` hits `target` with its weapon number `weapon` (typed 19)."""
    action = Action("attaquer", actor, target, {"arme": weapon})
    resolution = ctl.resolve(action, DiceResult.typed_faces("19", ctl.table.preview(action).dice))
    assert resolution.success, resolution.outcome_fr


# 1. « Suite » carries the weapon -----------------------------------------------------------


def test_suite_damage_is_dealt_with_the_weapon_that_hit(qtbot):
    ctl = d35("ysolde")
    dialog = ActionDialog(ctl, "ysolde", "squelette_1", "attaquer")
    qtbot.addWidget(dialog)
    weapon = dialog.choice.option_editors["arme"]
    assert weapon.value() == "1"  # the lance, out of reach of the adjacent skeleton
    weapon.show_value("2")  # the longsword
    dialog.refresh()
    type_faces(qtbot, dialog, "19")
    dialog.apply()
    assert dialog.resolution is not None and dialog.resolution.success, dialog.problem.text()
    damage = dialog.open_next()
    assert damage is not None  # deletes itself once closed
    assert damage.choice.spec().kind == "degats"
    assert damage.choice.option_editors["arme"].value() == "2"
    assert damage.choice.action().options["arme"] == "2"
    assert damage.preview is not None and damage.problem.isHidden()
    damage.reject()


def _option(key: str, kind: str, choices: tuple[tuple[str, str], ...] = (), **more) -> FieldSpec:
    return FieldSpec(
        key=key,
        label=Label(fr=key, en=key),
        kind=kind,
        choices=tuple(Choice(value=v, label=Label(fr=n, en=n)) for v, n in choices),
        **more,
    )


def _spec(kind: str, *options: FieldSpec) -> ActionSpec:
    return ActionSpec(kind, Label(fr=kind, en=kind), "", True, options)


def test_carried_options_keep_choices_and_ticks_not_typed_numbers():
    weapons = (("0", "Mains nues"), ("1", "Épée"), ("2", "Arc"))
    hit = _spec(
        "attaque",
        _option("arme", "choice", weapons),
        _option("non_letal", "bool"),
        _option("mod_des", "int"),
        _option("abri", "choice", (("aucun", "Aucun"), ("mou", "Mou"))),
    )
    damage = _spec(
        "degats",
        _option("arme", "choice", weapons),
        _option("non_letal", "bool"),
        _option("mod_des", "int"),
        _option("abri", "choice", (("aucun", "Aucun"),)),  # no « mou » here
    )
    done = Action(
        "attaque", "a", "b", {"arme": "2", "non_letal": True, "mod_des": 2, "abri": "mou"}
    )
    assert carried_options(done, hit, damage, "a") == {"arme": "2", "non_letal": True}
    # Someone else (the target soaks): only what reads the same for both.
    theirs = _spec("encaisser", _option("arme", "choice", (("2", "Hache"),)))
    assert carried_options(done, hit, theirs, "b") == {}
    same_list = _spec("encaisser", _option("arme", "choice", weapons))
    assert carried_options(done, hit, same_list, "b") == {"arme": "2"}


# 2. Initiative not rolled yet ---------------------------------------------------------------


def test_an_initiative_with_a_negative_modifier_starts_not_rolled(qtbot):
    ctl = Controller(open_encounter(None, "d20_35"))
    dialog = InitiativeDialog(ctl)
    qtbot.addWidget(dialog)
    negative = [u for u, r in dialog.requests.items() if r.minimum <= 0]
    assert negative, "the demo's skeletons and zombies roll 1d20−1"
    for unit, spin in dialog.spins.items():
        assert spin.value() == spin.minimum() and spin.text() == "—", unit
    assert dialog.initiatives() == {}
    assert len(dialog.problems()) == len(dialog.requests)
    dialog.roll_all()  # « Tout lancer » rolls them too
    assert set(dialog.initiatives()) == set(dialog.requests)


# 3. A field whose value is « — » -------------------------------------------------------------


def test_the_sheet_shows_a_dash_for_no_intelligence_after_a_pc(qtbot):
    ctl = Controller(open_encounter(None, "d20_35"))
    sheet = SheetWidget(ctl)
    qtbot.addWidget(sheet)
    sheet.show()
    ctl.select("isaure")
    intelligence = sheet.editors["intelligence"]
    assert intelligence.value() == 14
    ctl.select("squelette_1")
    assert ctl.enc.combatant("squelette_1").stats.get("intelligence") is None
    assert intelligence.widget.text() == "—"
    assert intelligence.value() is None
    ctl.select("isaure")
    assert intelligence.value() == 14


def test_an_optional_number_is_emptied_to_a_dash_and_stepped_back(qtbot):
    spec = FieldSpec(
        key="int",
        label=Label(fr="Int", en="Int"),
        kind="int",
        minimum=1,
        maximum=50,
        default=10,
        optional=True,
    )
    editor = make_editor(spec)
    qtbot.addWidget(editor)
    editor.show()
    committed: list[object] = []
    editor.committed.connect(committed.append)
    editor.show_value(12)
    box = editor.widget
    box.setFocus()
    box.lineEdit().selectAll()
    QTest.keyClick(box.lineEdit(), Qt.Key.Key_Delete)
    QTest.keyClick(box, Qt.Key.Key_Return)
    assert (editor.value(), box.text(), committed) == (None, "—", [None])
    assert editor.problem() is None  # « — » is a value the field allows
    box.stepBy(1)
    assert editor.value() == 10  # the field's default, not −1 000 000
    editor.show_value(1)
    box.stepBy(-1)
    assert editor.value() is None and committed[-1] is None


# 4. English ----------------------------------------------------------------------------------


def test_the_english_summary_prints_computed_values_and_the_map_in_english(english):
    ctl = d35()
    html = summary_html(ctl.enc, ctl.ruleset)
    assert "Sheet" in html  # the compact roster: computed values in the Fiche cell
    for english_words in ("AC (touch, flat-footed)", ">BAB<", ">Grapple<", ">Status<", ">Normal<"):
        assert english_words in html
    for french in ("CA (contact", "BBA", "Lutte", "État Normal", "Carte du terrain"):
        assert french not in html
    assert "Battle map" in html


def test_the_remove_item_names_a_state_in_english(qtbot, english):
    ctl = d35("ysolde")
    attack(ctl, "ysolde", "squelette_1", "2")
    assert "Action simple utilisée" in [s.label for s in ctl.enc.combatant("ysolde").states]
    parent = QWidget()
    qtbot.addWidget(parent)
    menu = QMenu(parent)
    condition_actions(menu, ctl, "ysolde", parent)
    texts = [a.text() for a in menu.actions()]
    assert "Remove “Standard action used” (Dame Ysolde)" in texts
    assert not [t for t in texts if "utilisée" in t or "Monté" in t]
