"""Issue 34, deliver 5: English to the last word, and French likewise. On each demo, with its
fighters wounded, one of them under every state of the ruleset's list and kept in the library,
and the fight started: the initiative dialogs (Commencer le combat's rolls, first side or cards
— attention_donjon with AD-CARTES too; conteur's declaration and « Lancer l’initiative » with
its terms), the add-state dialog, the sheet with its health, the roster, the turn order, the
tokens' badges and tooltips, and the add dialog on its bestiary and library tabs, the library's
import and write-back dialogs. In English no French is left (tests/french.py: accents, French
words, the ruleset's own French defaults such as conteur's « Invalide »); in French no word the
app or the ruleset writes only in English (« Taille : medium »). Conteur's « CON-04 initiative
de base », « Blessé (-1 dice) » and the library's « Taille : medium » failed here."""

from __future__ import annotations

import json
import re

import pytest
from PySide6.QtWidgets import QWidget

from gui.boot.app import open_encounter
from gui.dialogs.add_state import AddStateDialog
from gui.engine.files import write_back
from gui.engine.rulesets import registry
from gui.engine.state.model import State
from gui.engine.turns import AlternatingSides, CardInitiative, DeclareThenAct
from gui.library import shelf
from gui.library.import_dialog import ImportDialog
from gui.library.write_back_dialog import WriteBackDialog
from gui.sheets.add_dialog import LIBRARY, AddCombatantDialog
from gui.turns.cards.dialogs import deal_dialog
from gui.turns.declare.declaration import DeclarationDialog
from gui.turns.declare.initiative import ActionInitiativeDialog
from gui.turns.initiative import InitiativeDialog
from tests.french import EnglishFinder, FrenchFinder, choice_values
from tests.gui.mutations import start, turn_inputs
from tests.gui.test_english_flow import _plain, shown_texts

pytestmark = pytest.mark.gui


def _wound(ctl) -> None:
    """Every fighter hurt, not out: a third of each track marked, hit points at half."""
    for c in ctl.enc.combatants:
        for track in ctl.ruleset.data.tracks:
            if track.key in c.tracks and track.marks:
                size = len(c.tracks[track.key].marks)
                hurt = max(1, size // 3)
                ctl.set_track(c.id, track.key, [track.marks[0]] * hurt + [""] * (size - hurt))
        specs = ctl.ruleset.data.field_map(c.tier)
        for spec in specs.values():
            bound = c.stats.get(spec.at_most) if spec.at_most else None
            if isinstance(bound, int) and not isinstance(bound, bool) and bound > 1:
                ctl.edit_stat(c.id, spec.key, bound // 2)


def _with_states(ctl, cid: str) -> None:
    """Every state of the ruleset's list on `cid`, named and explained as the rules do."""
    for spec in ctl.ruleset.data.states:
        value = spec.value.default if spec.value is not None else None
        ctl.add_condition(
            cid,
            State(
                key=spec.key,
                label=spec.label.fr,
                text=spec.text.fr,
                text_en=spec.text.en,
                value=value,
            ),
        )


def _read(dialog: QWidget, where: str) -> list[tuple[str, str]]:
    dialog.show()
    texts = [(f"{where} {w}", text) for w, text in shown_texts(dialog)]
    dialog.close()
    return texts


def _declare_then_act(window) -> list[tuple[str, str]]:
    """Conteur: the first unit's declaration dialog, every unit declared, then the action
    initiatives rolled (each action's value and terms, under the roll and in its tooltip)."""
    ctl, texts = window.controller, []
    unit = ctl.enc.turn.order[0].unit
    texts += _read(DeclarationDialog(ctl, unit, window), "declaration")
    for _ in range(len(ctl.enc.turn.order) + 1):
        steps = turn_inputs(ctl.table)
        if steps[-1][0] == "begin_act":
            break
        for name, args in steps:
            if name == "next":
                ctl.next_turn()
            else:
                ctl.turn_step(name, **args)
    dialog = ActionInitiativeDialog(ctl, window)
    dialog.roll_all()
    texts += _read(dialog, "action initiative")
    assert any("CON-04" in text for _, text in texts), "no initiative terms shown"
    return texts


def _library_and_add(window, qtbot) -> list[tuple[str, str]]:
    """The add dialog on the bestiary's first creature, then on the library's entry (the
    wounded fighter kept from its sheet)."""
    ctl = window.controller
    dialog = AddCombatantDialog(ctl, window, prompts=window.prompts)
    qtbot.addWidget(dialog)
    dialog.sources.setCurrentRow(min(1, dialog.sources.count() - 1))
    texts = _read(dialog, "add (bestiary)")
    dialog.tabs.setCurrentIndex(LIBRARY)
    assert dialog.library_entry() is not None
    return texts + _read(dialog, "add (library)")


def _start_dialog(window) -> QWidget:
    """What « Commencer le combat » opens in the demo's turn mode: the cards to draw
    (AD-CARTES), the side that begins (sides alternate), or each unit's initiative."""
    ctl = window.controller
    mode = ctl.table.mode()
    if isinstance(mode, CardInitiative):
        return deal_dialog(ctl, window)
    return InitiativeDialog(ctl, window, first_side=isinstance(mode, AlternatingSides))


def _opened(laptop_window, case: str):
    """The demo of `case` (« attention_donjon+cartes »: with AD-CARTES on)."""
    ruleset_id, _, option = case.partition("+")
    window = laptop_window(open_encounter(None, ruleset_id))
    if option == "cartes":
        window.controller.set_flags({"AD-CARTES": True})
    return window


CASES = [*registry.available(), "attention_donjon+cartes"]


def walk(window, qtbot) -> list[tuple[str, str]]:
    """Every text of the dialogs and labels this issue names, as (where, plain text)."""
    ctl = window.controller
    _wound(ctl)
    hurt = ctl.enc.combatants[0].id
    ctl.select(hurt)
    window.sheet.prompts = window.prompts
    window.sheet.keep_button.click()  # « Enregistrer dans la bibliothèque »
    _with_states(ctl, hurt)
    texts = _library_and_add(window, qtbot)
    texts += _read(ImportDialog(ctl, open_encounter(None, ctl.enc.ruleset).enc, window), "import")
    updates = write_back.updates(shelf.read(ctl.enc.ruleset), ctl.enc, ctl.ruleset)
    assert updates, "nothing to write back"
    texts += _read(WriteBackDialog(updates, window), "write back")
    texts += _read(AddStateDialog(ctl, hurt, None, window), "add state")
    texts += _read(_start_dialog(window), "start")
    start(ctl)
    if isinstance(ctl.table.mode(), DeclareThenAct):
        texts += _declare_then_act(window)
    ctl.select(hurt)
    texts += [(f"sheet {w}", text) for w, text in shown_texts(window.sheet)]
    texts += [(f"turns {w}", text) for w, text in shown_texts(window.turns)]
    for token in window.scene.token_items.values():
        texts += [("token", badge) for badge in token.badges]
        texts.append(("token tip", token.toolTip()))
    plain = ((where, _plain(text).replace("\xa0", " ")) for where, text in texts if text)
    return [(where, text) for where, text in plain if text]


def raw_keys(ruleset, texts: list[tuple[str, str]]) -> list[str]:
    """The texts that show a choice by its key (« une_main ») rather than its label."""
    data = json.loads((ruleset.folder / "ruleset.json").read_bytes())
    keys = {k for k in choice_values(data) if "_" in k}
    return [f"{where}: {text!r}" for where, text in texts if keys & set(re.findall(r"\w+", text))]


@pytest.mark.parametrize("case", CASES)
def test_the_dialogs_health_and_library_read_in_english(english, laptop_window, qtbot, case):
    window = _opened(laptop_window, case)
    finder = FrenchFinder(window.controller.enc, window.controller.ruleset)
    texts = walk(window, qtbot)
    assert len(texts) > 200
    found = finder.french(texts) + raw_keys(window.controller.ruleset, texts)
    assert not found, "\n".join(found)


@pytest.mark.parametrize("case", CASES)
def test_the_dialogs_health_and_library_read_in_french(laptop_window, qtbot, case):
    window = _opened(laptop_window, case)
    finder = EnglishFinder(window.controller.enc, window.controller.ruleset)
    texts = walk(window, qtbot)
    assert len(texts) > 200
    found = finder.english(texts) + raw_keys(window.controller.ruleset, texts)
    assert not found, "\n".join(found)


@pytest.mark.parametrize("lang", ["fr", "en"], indirect=True)
def test_a_tables_choice_shows_its_label_and_stores_its_key(qtbot, lang):
    """A weapon's type reads « Mêlée » / "Melee", not the key « melee »; typed back by its
    label in either language (or its key), the key is stored (issue 34, deliver 5)."""
    from gui.sheets.table_field import TableField

    ruleset = open_encounter(None, "attention_donjon").ruleset
    spec = ruleset.data.field("armes")
    table = TableField(spec, ruleset.catalogs["armes"])
    qtbot.addWidget(table)
    column = [c.key for c in spec.columns].index("type")
    table.show_value([{"nom": "Hache", "type": "melee"}])
    assert table.grid.item(0, column).text() == {"fr": "Mêlée", "en": "Melee"}[lang]
    for typed, stored in (("Lancer", "lancer"), ("shooting", "tir"), ("melee", "melee")):
        with qtbot.waitSignal(table.committed) as blocker:
            table.grid.item(0, column).setText(typed)
        assert blocker.args[0][0]["type"] == stored
    with qtbot.waitSignal(table.committed):
        table.grid.item(0, column).setText("Tir")
    assert table.grid.item(0, column).text() == {"fr": "Tir", "en": "Shooting"}[lang]


@pytest.mark.parametrize("lang", ["fr", "en"], indirect=True)
def test_conteurs_health_levels_are_edited_in_the_interfaces_language(qtbot, lang):
    """Conteur's default levels (A-CON-2) read « Blessé » / "Injured" in the sheet's table;
    a level the GM names is kept as typed, in both languages."""
    from gui.sheets.table_field import TableField

    ruleset = open_encounter(None, "conteur").ruleset
    spec = ruleset.data.field("niveaux_sante")
    table = TableField(spec, [])
    qtbot.addWidget(table)
    names = [table.grid.item(r, 0).text() for r in range(table.grid.rowCount())]
    assert names[2] == {"fr": "Blessé", "en": "Injured"}[lang] and len(names) == 7
    assert table.value() == list(spec.default)  # shown in English, stored as the data's
    with qtbot.waitSignal(table.committed) as blocker:
        table.grid.item(0, 0).setText("Égratigné")
    assert blocker.args[0][0]["niveau"] == "Égratigné"
    assert blocker.args[0][2]["niveau"] == "Blessé"
