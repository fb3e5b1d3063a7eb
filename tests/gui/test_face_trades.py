"""The Coup de Poker in the dice box (AD-26): each 6 may be traded for 1 success and an
extra die, rolled by the app or typed by the GM, and traded again when it shows a 6."""

import pytest
from msgspec.structs import replace
from PySide6.QtCore import Qt
from PySide6.QtWidgets import QApplication, QLabel

from gui.dialogs.dice_entry import DiceEntry
from gui.engine.checks.request import DiceRequest, DiceResult
from gui.engine.core.words import Label
from gui.engine.dice.rolling import DiceExpr
from gui.engine.rulesets.attention_donjon.traits import POKER
from tests.gui.shots import shot

pytestmark = pytest.mark.gui

REQUEST = DiceRequest(
    DiceExpr(2, 6),
    Label(fr="Succès", en="Successes"),
    0,
    4,
    face_values=(-1, 0, 0, 1, 1, 2),
    floor=0,
    trade=POKER,  # the words are the ruleset's
)


class Dice:
    """A roll callable giving scripted faces, recording the requests it was asked."""

    def __init__(self, *rolls: tuple[int, ...]) -> None:
        self.rolls = list(rolls)
        self.asked: list[DiceRequest] = []

    def __call__(self, request: DiceRequest) -> DiceResult:
        self.asked.append(request)
        return DiceResult("rolled", self.rolls.pop(0))


def make_entry(qtbot, *rolls, request=REQUEST):
    entry = DiceEntry(Dice(*rolls))
    qtbot.addWidget(entry)
    entry.set_request(request)
    entry.show()
    qtbot.waitExposed(entry)
    return entry


def typed(qtbot, entry, text):
    entry.set_mode("faces")
    qtbot.keyClicks(entry.faces_edit, text)


def shown_dice(entry):
    QApplication.processEvents()  # the dice of earlier states are deleted later
    return [d for d in entry.faces_view.findChildren(QLabel) if not d.isHidden()]


def rows(entry):
    return [r.check.text() for r in entry.trades._rows.values() if not r.isHidden()]


def test_typed_six_is_two_successes_until_traded(qtbot):
    entry = make_entry(qtbot)
    typed(qtbot, entry, "6 2")
    assert entry.result() == DiceResult("faces", (6, 2))
    assert entry.result().total(REQUEST) == 2
    assert entry.trades.isVisible()
    assert entry.trades.title() == "Coup de Poker (AD-26)"
    assert rows(entry) == ["Dé 1 : 6 → Coup de Poker (1 succès + 1 dé)"]


@pytest.mark.parametrize(
    ("extra", "total"), [(5, 2), (1, 0), (3, 1)], ids=["success", "one", "nothing"]
)
def test_a_traded_six_counts_one_plus_its_typed_extra_die(qtbot, extra, total):
    entry = make_entry(qtbot)
    typed(qtbot, entry, "6 2")
    with qtbot.waitSignal(entry.changed):
        entry.trades.set_traded(0, True)
    assert entry.result() is None  # the extra die is not typed yet
    with qtbot.waitSignal(entry.changed):
        entry.trades.type_extra(0, extra)
    dice = entry.result()
    assert dice == DiceResult("faces", (6, extra, 2), trades=(0,))
    assert dice.total(REQUEST) == total
    assert entry.total_label.text() == f"Succès : {total}"


def test_an_extra_six_is_two_successes_or_another_coup_de_poker(qtbot):
    entry = make_entry(qtbot)
    typed(qtbot, entry, "6 2")
    entry.trades.set_traded(0, True)
    entry.trades.type_extra(0, 6)
    assert entry.result() == DiceResult("faces", (6, 6, 2), trades=(0,))
    assert entry.result().total(REQUEST) == 3  # 1 + 2 + 0
    assert len(rows(entry)) == 2
    assert rows(entry)[1].startswith("↳ Dé supplémentaire : 6 → Coup de Poker")
    entry.trades.set_traded(1, True)
    assert entry.result() is None
    entry.trades.type_extra(1, 4)
    assert entry.result() == DiceResult("faces", (6, 6, 4, 2), trades=(0, 1))
    assert entry.result().total(REQUEST) == 3  # 1 + 1 + 1 + 0
    assert entry.total_label.text() == "Succès : 3"
    assert [d.text() for d in shown_dice(entry)] == ["6", "+6", "+4", "2"]
    shot(entry, "dice_entry_poker_typed")


def test_a_new_typed_extra_die_drops_what_was_chained_after_it(qtbot):
    entry = make_entry(qtbot)
    typed(qtbot, entry, "6 2")
    entry.trades.set_traded(0, True)
    entry.trades.type_extra(0, 6)
    entry.trades.set_traded(1, True)
    entry.trades.type_extra(1, 4)
    entry.trades.type_extra(0, 5)
    assert entry.result() == DiceResult("faces", (6, 5, 2), trades=(0,))
    assert len(rows(entry)) == 1


def test_rolled_mode_rolls_each_extra_die_with_the_callable(qtbot):
    entry = make_entry(qtbot, (6, 2), (6,), (4,))
    entry.roll()
    roll = entry._roll
    assert entry.result() == DiceResult("rolled", (6, 2))
    entry.trades.set_traded(0, True)
    assert roll.asked[1] == replace(REQUEST, expr=DiceExpr(1, 6))  # one die, same sides
    assert entry.result() == DiceResult("rolled", (6, 6, 2), trades=(0,))
    entry.trades.set_traded(1, True)
    assert entry.result() == DiceResult("rolled", (6, 6, 4, 2), trades=(0, 1))
    assert entry.total_label.text() == "Succès : 3"
    dice = shown_dice(entry)
    assert [d.text() for d in dice] == ["6", "+6", "+4", "2"]
    assert "double" in dice[0].styleSheet() and "double" in dice[1].styleSheet()
    assert "dashed" in dice[2].styleSheet() and "solid" in dice[3].styleSheet()
    assert dice[0].toolTip() == "Face 6 : Coup de Poker, compte 1"
    assert dice[2].toolTip().startswith("Dé supplémentaire du Coup de Poker")
    QApplication.processEvents()  # the layout settles before the grab
    shot(entry, "dice_entry_poker_chain")


def test_the_trade_reads_the_ruleset_s_words_in_english_too(qtbot, english):
    """The box names the trade as the ruleset does (DiceRequest.trade's label), whatever
    the interface's language: the English words are those of before the contract's rename."""
    entry = make_entry(qtbot, (6, 2), (6,))
    entry.roll()
    entry.trades.set_traded(0, True)
    assert entry.trades.title() == "Coup de Poker (AD-26)"
    assert rows(entry) == [
        "Die 1: 6 → Coup de Poker (1 success + 1 die)",
        "↳ Extra die: 6 → Coup de Poker (1 success + 1 die)",
    ]
    dice = shown_dice(entry)
    assert dice[0].toolTip() == "Face 6: Coup de Poker, worth 1"
    assert dice[1].toolTip().startswith("Extra die of the Coup de Poker")


def test_unticking_drops_the_extra_die_and_its_chain_without_rerolling(qtbot):
    entry = make_entry(qtbot, (6, 2), (6,), (4,))
    entry.roll()
    entry.trades.set_traded(0, True)
    entry.trades.set_traded(1, True)
    entry.trades.set_traded(0, False)
    assert entry.result() == DiceResult("rolled", (6, 2))
    assert entry.result().total(REQUEST) == 2
    assert len(rows(entry)) == 1
    entry.trades.set_traded(0, True)  # the same extra die comes back: no fishing for dice
    assert entry.result() == DiceResult("rolled", (6, 6, 2), trades=(0,))
    assert len(entry._roll.asked) == 3


def test_new_base_dice_clear_the_choices(qtbot):
    entry = make_entry(qtbot, (6, 2), (5,), (6, 2), (3,))
    entry.roll()
    entry.trades.set_traded(0, True)
    assert entry.result().trades == (0,)
    entry.roll()  # the same faces, but a new roll
    assert entry.result() == DiceResult("rolled", (6, 2))
    entry.set_mode("faces")
    qtbot.keyClicks(entry.faces_edit, "6 6")
    entry.trades.set_traded(1, True)
    entry.trades.type_extra(1, 4)
    assert entry.result() == DiceResult("faces", (6, 6, 4), trades=(1,))
    entry.faces_edit.setText("6 5")
    assert entry.result() == DiceResult("faces", (6, 5))
    assert rows(entry) == ["Dé 1 : 6 → Coup de Poker (1 succès + 1 dé)"]


def test_each_six_of_the_roll_has_its_own_choice(qtbot):
    entry = make_entry(qtbot)
    typed(qtbot, entry, "6 6")
    entry.trades.set_traded(0, True)
    entry.trades.type_extra(0, 1)
    entry.trades.set_traded(2, True)
    entry.trades.type_extra(2, 6)
    assert entry.result() == DiceResult("faces", (6, 1, 6, 6), trades=(0, 2))
    assert entry.result().total(REQUEST) == 3  # 1 − 1 + 1 + 2
    assert [t.split(" :")[0] for t in rows(entry)] == ["Dé 1", "Dé 2", "↳ Dé supplémentaire"]


def test_the_poker_choices_are_keyboard_driven_in_the_order_of_the_dice(qtbot):
    entry = make_entry(qtbot)
    with qtbot.waitActive(entry):
        entry.activateWindow()
    typed(qtbot, entry, "6 6")
    first = entry.trades._rows[0, 0]
    assert first.check.toolTip().startswith("Compter ce 6 pour 1 au lieu de 2")
    qtbot.keyClick(entry.faces_edit, Qt.Key.Key_Tab)
    assert QApplication.focusWidget() is first.check
    qtbot.keyClick(first.check, Qt.Key.Key_Space)
    assert first.check.isChecked() and first.extra.isVisible()
    qtbot.keyClick(first.check, Qt.Key.Key_Tab)
    assert QApplication.focusWidget() is first.extra
    qtbot.keyClicks(first.extra, "6")
    qtbot.keyClick(first.extra, Qt.Key.Key_Tab)  # the new row of the extra 6, then Dé 2
    assert QApplication.focusWidget() is entry.trades._rows[0, 1].check
    qtbot.keyClick(QApplication.focusWidget(), Qt.Key.Key_Tab)
    assert QApplication.focusWidget() is entry.trades._rows[1, 0].check
    assert entry.result() == DiceResult("faces", (6, 6, 6), trades=(0,))


@pytest.mark.parametrize("mode", ["no poker", "aggregate", "no six"])
def test_no_choice_without_a_poker_a_six_or_dice(qtbot, mode):
    request = replace(REQUEST, trade=None) if mode == "no poker" else REQUEST
    entry = make_entry(qtbot, (6, 2) if mode != "no six" else (5, 2), request=request)
    entry.roll()
    if mode == "aggregate":
        entry.set_mode("aggregate")
        qtbot.keyClicks(entry.aggregate_edit, "3")
        assert entry.result() == DiceResult("aggregate", (), 3)
    assert entry.trades.isHidden()
    assert not entry.trades._rows


def test_lock_freezes_the_choices(qtbot):
    entry = make_entry(qtbot)
    typed(qtbot, entry, "6 2")
    entry.trades.set_traded(0, True)
    entry.trades.type_extra(0, 6)
    entry.lock()
    for row in entry.trades._rows.values():
        assert not row.check.isEnabled()
    assert entry.trades._rows[0, 0].extra.isReadOnly()
