"""Issue 17, deliver 2: « Suivant » passes the turn of a unit whose every member is out of the
fight (the ruleset's `is_out`, LIB-05 here) when the GM keeps « Passer les hors de combat »:
one ChangeSet, a log line per unit passed in both languages, undone as one; off, the turn
stops on it as before."""

from __future__ import annotations

from gui.engine.files import storage
from gui.engine.play.table import Table
from gui.engine.turns import current_entry
from tests.engine.acting import take
from tests.engine.builders import dump, fighter, libre_encounter
from tests.engine.rulesets.d20_35.builders import MJ, PJ, fight, registered
from tests.engine.rulesets.d20_35.builders import fighter as d20_fighter


def started(*pvs: int) -> Table:
    names = ("hero", "b1", "b2", "b3")[: len(pvs)]
    fighters = [
        fighter(n, "a" if n == "hero" else "b", pv=pv) for n, pv in zip(names, pvs, strict=True)
    ]
    t = Table(libre_encounter(*fighters))
    t.apply(t.start_combat({n: 20 - 5 * i for i, n in enumerate(names)}))
    return t


def test_lib05_suivant_passes_the_units_out_of_the_fight_in_one_logged_step():
    t = started(10, 0, 0, 10)
    before = dump(t.enc)
    cs = t.next_turn(skip_out=True)
    t.apply(cs)
    assert current_entry(t.enc.turn).members == ["b3"]
    passed = [e for e in t.enc.log if e.action == "Tour passé"]
    assert [e.outcome for e in passed] == ["B1 : hors de combat", "B2 : hors de combat"]
    assert passed[0].english()[:1] == ("Turn passed",) and cs.label == "Tour suivant"
    storage.loads(storage.dumps(t.enc))  # it saves
    t.revert(cs)
    assert dump(t.enc) == before  # undone as one


def test_without_the_choice_the_turn_stops_on_the_unit_out():
    t = started(10, 0, 10)
    t.apply(t.next_turn())
    assert current_entry(t.enc.turn).members == ["b1"]


def test_passing_goes_on_into_the_next_round():
    t = started(10, 10, 0)
    t.apply(t.next_turn(skip_out=True))  # hero → b1
    t.apply(t.next_turn(skip_out=True))  # b1 → b2 (out) → round 2, hero
    assert t.enc.turn.round == 2 and current_entry(t.enc.turn).members == ["hero"]


def test_when_everyone_is_out_the_turn_stops_instead_of_going_round_after_round():
    t = started(0, 0, 0)
    t.apply(t.next_turn(skip_out=True))
    assert t.enc.turn.round <= 3
    storage.loads(storage.dumps(t.enc))


# Issue 32: never pass a unit whose turn starts with a roll (Ruleset.roll_due) ------------


def d20_fight():
    return fight(
        d20_fighter("hero", PJ, (0, 0)),
        d20_fighter("aldric", PJ, (1, 0), pv=-3, pv_max=20),
        d20_fighter("ogre", MJ, (3, 0)),
    )


def test_d35_49_d35_50_the_dying_creature_s_turn_is_not_passed_its_d_percent_is_due():
    with registered():
        t = d20_fight()
        assert t.ruleset.unit_out(t.enc, current_entry(t.enc.turn)) is False  # hero acts
        t.apply(t.next_turn(skip_out=True))
        entry = current_entry(t.enc.turn)
        assert entry.members == ["aldric"]  # out of the fight, but its roll is due
        assert t.ruleset.unit_out(t.enc, entry) and t.ruleset.roll_due(t.enc, entry)
        assert [d.kind for d in t.ruleset.due_rolls(t.enc, entry)] == ["stabilisation"]
        assert not [e for e in t.enc.log if e.action == "Tour passé"]


def test_d35_50_once_stable_no_roll_is_due_and_its_turn_is_passed():
    with registered():
        t = d20_fight()
        t.apply(t.next_turn(skip_out=True))  # → aldric, dying
        take(t, "stabilisation", "aldric", faces="4")  # stable (D35-50)
        t.apply(t.next_turn(skip_out=True))  # → ogre
        t.apply(t.next_turn(skip_out=True))  # → round 2: hero
        t.apply(t.next_turn(skip_out=True))  # aldric passed → ogre
        assert current_entry(t.enc.turn).members == ["ogre"]
        passed = [e.outcome for e in t.enc.log if e.action == "Tour passé"]
        assert passed == ["Aldric : hors de combat"]
