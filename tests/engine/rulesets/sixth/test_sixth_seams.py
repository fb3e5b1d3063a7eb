"""Seams II mechanisms played by the sixth ruleset (tests/sixth/actions.py), which has nothing
of its own to run them: one action with two rolls and exact chained odds, the counts a typed
total carries, a reaction window a move opens (one gesture with the reaction), and a roll due
at the start of a dying one's turn, whose attempt ends with the turn (durations)."""

from __future__ import annotations

from fractions import Fraction

import pytest

from gui.engine.checks.request import DiceResult
from gui.engine.contract.values import Action, ActionError
from gui.engine.dice.rolling import DiceInputError
from gui.engine.files import storage
from gui.engine.play.table import Table
from gui.engine.space.destination import Destination
from gui.engine.state.model import State
from gui.engine.timing import windows
from gui.engine.turns import current_entry
from tests.engine.builders import dump
from tests.engine.turns.turn_builders import exact_undo
from tests.sixth.builders import registered, sixth_encounter


@pytest.fixture
def table():
    with registered():
        yield Table(sixth_encounter())


def faces(*values: int, then: tuple[DiceResult, ...] = ()) -> DiceResult:
    return DiceResult("faces", values, then=then)


def conceal(t: Table, cid: str) -> None:
    t.enc.combatant(cid).states.append(State(key="camoufle", label="Camouflé"))


def pv(t: Table, cid: str) -> int:
    return t.enc.combatant(cid).stats["pv"]


# One action, two rolls (a miss chance after a hit) ---------------------------------------


def test_six_04_a_shot_at_a_concealed_target_asks_a_second_roll_with_exact_odds(table):
    t = table
    shot = Action("tir", "eclaireur", "garde")
    plain = t.preview(shot)
    assert plain.more == () and plain.odds == Fraction(11, 20)  # d20 + 2 ≥ 12: 10 to 20
    conceal(t, "garde")
    preview = t.preview(shot)
    (concealment,) = preview.more
    assert (concealment.expr.count, concealment.expr.sides) == (1, 100)
    assert concealment.label.fr == "Camouflage"
    assert preview.odds == Fraction(11, 20) * Fraction(80, 100)  # SIX-04: 01–20 misses


@pytest.mark.parametrize(
    ("d20", "d100", "hit"),
    [(15, 21, True), (15, 20, False), (1, 99, False), (20, 99, True), (5, 99, False)],
)
def test_six_03_six_04_the_second_roll_decides_only_after_a_hit(table, d20, d100, hit):
    t = table
    conceal(t, "garde")
    resolution, cs = t.resolve(Action("tir", "eclaireur", "garde"), faces(d20, then=(faces(d100),)))
    exact_undo(t, cs)
    assert resolution.success is hit and pv(t, "garde") == (7 if hit else 10)
    concealment = [term for term in resolution.terms if term.rule == "SIX-04"]
    assert len(concealment) == (1 if d20 >= 10 else 0)  # rolled only after a hit


def test_the_second_roll_missing_is_refused_and_changes_nothing(table):
    t = table
    conceal(t, "garde")
    before = dump(t.enc)
    with pytest.raises(ActionError, match="Concealment"):
        t.resolve(Action("tir", "eclaireur", "garde"), faces(15))
    assert dump(t.enc) == before


# Counts carried by a typed total (G-1 c) ---------------------------------------------------


def test_six_05_the_sixes_a_typed_total_carries_count(table):
    t = table
    request = t.preview(Action("souffle", "garde")).dice
    assert request.counted
    resolution, cs = t.resolve(
        Action("souffle", "garde"), DiceResult.typed_aggregate("14 6x2", request)
    )
    exact_undo(t, cs)
    assert pv(t, "garde") == 12 and resolution.outcome_en == "Garde regains 2 HP"
    resolution, _cs = t.resolve(
        Action("souffle", "garde"), DiceResult.typed_aggregate("14", request)
    )
    assert resolution.outcome_en == "Garde regains 0 HP"  # the fewest 14 allows: no 6
    assert any(term.rule == "G-1" for term in resolution.terms)
    resolution, _cs = t.resolve(Action("souffle", "garde"), faces(6, 6, 2))
    assert resolution.outcome_en == "Garde regains 2 HP"


@pytest.mark.parametrize("typed", ["14 6x3", "19", "14 5x1", "14 6x2 6x1"])
def test_a_typed_total_no_roll_gives_is_refused(table, typed):
    t = table
    request = t.preview(Action("souffle", "garde")).dice
    with pytest.raises(DiceInputError):
        t.resolve(Action("souffle", "garde"), DiceResult.typed_aggregate(typed, request))


# A window a move opens (SIX-07) ------------------------------------------------------------


def _next_to_the_guard(t: Table) -> None:
    t.apply(t.move("eclaireur", Destination(zone="salle", cell=(7, 3)))[1])
    assert t.enc.windows == []  # coming to its side provokes nothing


def test_six_07_leaving_a_foes_side_opens_its_window_and_the_strike_closes_it(table, tmp_path):
    t = table
    _next_to_the_guard(t)
    _notices, cs = t.move("eclaireur", Destination(zone="salle", cell=(4, 3)))
    exact_undo(t, cs)
    (window,) = t.enc.windows
    assert (window.kind, window.actor, window.target) == ("opportunite", "garde", "eclaireur")
    assert windows.gesture_of(cs) == window.gesture
    assert [(o.actor, o.kind, o.role) for o in t.offers()] == [("garde", "frappe", "reaction")]
    t.save(tmp_path / "six.json")
    again = Table(storage.load(tmp_path / "six.json"))
    assert again.enc.windows == t.enc.windows  # it waits across a restart
    strike = Action("frappe", "garde", "eclaireur", window=window.id)
    resolution, cs = t.resolve(strike, faces(18))
    exact_undo(t, cs)
    assert resolution.success and pv(t, "eclaireur") == 7 and t.enc.windows == []
    assert windows.gesture_of(cs) == window.gesture  # the controller makes it one undo entry
    with pytest.raises(ActionError, match="already closed"):
        t.resolve(strike, faces(18))


def test_six_07_the_foe_may_let_the_mover_go(table):
    t = table
    _next_to_the_guard(t)
    t.apply(t.move("eclaireur", Destination(zone="salle", cell=(4, 3)))[1])
    cs = t.pass_window(t.enc.windows[0].id)
    exact_undo(t, cs)
    assert t.enc.windows == []
    assert t.enc.log[-1].outcome.endswith(": personne ne réagit")
    assert t.enc.log[-1].outcome.startswith("Eclaireur quitte le côté de Garde")


# A roll due at the start of a turn (SIX-08) ------------------------------------------------


def test_six_08_a_dying_ones_turn_starts_with_its_roll_once_a_turn(table):
    t = table
    t.enc.combatant("eclaireur").stats["pv"] = 3
    t.apply(t.start_combat())
    _r, cs = t.resolve(Action("frappe", "garde", "eclaireur"), faces(19))
    t.apply(cs)
    assert [s.key for s in t.enc.combatant("eclaireur").states] == ["mourant"]
    entry = current_entry(t.enc.turn)
    assert entry.unit == "eclaireur"
    (due,) = t.ruleset.due_rolls(t.enc, entry)
    assert (due.combatant, due.kind, due.rule) == ("eclaireur", "stabiliser", "SIX-08")
    _r, cs = t.resolve(Action("stabiliser", "eclaireur"), faces(4))  # still dying
    exact_undo(t, cs)
    assert t.ruleset.due_rolls(t.enc, entry) == []  # tried this turn
    t.apply(t.next_turn())  # the attempt ends with its turn, logged
    assert [s.key for s in t.enc.combatant("eclaireur").states] == ["mourant"]
    assert "Stabilisation tentée" in t.enc.log[-1].outcome
    while current_entry(t.enc.turn).unit != "eclaireur":
        t.apply(t.next_turn())
    (due,) = t.ruleset.due_rolls(t.enc, current_entry(t.enc.turn))
    resolution, cs = t.resolve(Action("stabiliser", "eclaireur"), faces(10))
    t.apply(cs)
    assert resolution.success and t.enc.combatant("eclaireur").states == []
