"""The journal starts and ends combats cleanly (issue 34, item 6): « Fin du combat » closes a
fight with a line of its own, a combat started again opens with « Début du combat » then its
first round's line, once; undo takes the lines back with the step. conteur's declarations
(CON-03, CON-08, CON-43: declare then act) each write a line in French and English."""

from __future__ import annotations

from gui.engine.play.table import Table
from gui.engine.state.changes import revert
from tests.engine.builders import dump, fighter, libre_encounter
from tests.engine.rulesets.conteur import builders as con
from tests.engine.rulesets.reserve_menace import builders as rm

START = ("Début du combat", "Start of the fight")
END = ("Fin du combat", "End of the fight")


def _lines(enc) -> list[tuple[int, str, str]]:
    return [(e.round, e.action, e.action_en) for e in enc.log]


def _libre() -> Table:
    t = Table(libre_encounter(fighter("ana", "a"), fighter("bob", "b")))
    t.apply(t.start_combat({"ana": 12, "bob": 7}))
    return t


def test_a_combat_ended_then_started_again_is_two_clean_sequences():
    t = _libre()
    enc = t.enc
    assert _lines(enc) == [(1, *START), (1, "Round 1", "Round 1"), (1, "Initiative", "Initiative")]
    assert (enc.log[1].outcome, enc.log[1].outcome_en) == ("Début du round 1", "Start of round 1")
    t.apply(t.next_turn())
    t.apply(t.next_turn())
    assert enc.turn.round == 2
    before_end = len(enc.log)
    t.apply(t.end_combat())
    assert _lines(enc)[before_end:] == [(2, *END)]  # closed at the round it ended in
    ended = len(enc.log)
    t.apply(t.start_combat({"ana": 3, "bob": 9}))
    assert _lines(enc)[ended:] == [
        (1, *START),
        (1, "Round 1", "Round 1"),
        (1, "Initiative", "Initiative"),
    ]
    # One « Début du combat » per start, each right before its first round's line, and
    # one « Fin du combat » between the two sequences: no stray round line.
    actions = [a for _, a, _ in _lines(enc)]
    starts = [i for i, a in enumerate(actions) if a == START[0]]
    assert len(starts) == 2 and all(actions[i + 1] == "Round 1" for i in starts)
    assert actions.count(END[0]) == 1 and starts[0] < actions.index(END[0]) < starts[1]
    assert actions.count("Round 1") == 2


def test_reserve_menace_passes_open_the_same_way():
    enc = rm.encounter(rm.pc("ana"), rm.extra("m1"))
    rm.start(enc)
    assert _lines(enc)[:2] == [(1, *START), (1, "Passe 1", "Pass 1")]
    assert enc.log[1].outcome == "Début de la passe 1"


def test_ending_is_undone_with_its_line_and_ending_no_combat_logs_nothing():
    t = _libre()
    enc = t.enc
    before = dump(enc)
    cs = t.end_combat()
    t.apply(cs)
    revert(enc, cs)
    assert dump(enc) == before
    t.apply(t.end_combat())
    count = len(enc.log)
    t.apply(t.end_combat())  # no combat under way: nothing to say
    assert len(enc.log) == count


def _conteur():
    t = con.table(con.fighter("a"), con.fighter("b", side=con.MJ))
    con.start(t)
    return t


def test_con_03_a_declaration_is_logged_in_both_languages():
    t = _conteur()
    unit = t.enc.turn.order[t.enc.turn.current].unit
    name = t.enc.combatant(unit).name
    t.apply(con.declare(t, unit, ["Frapper", "Esquiver"]))
    line = t.enc.log[-1]
    assert (line.action, line.action_en) == ("Déclaration", "Declaration")
    assert line.outcome == f"{name} : « Frapper » ; « Esquiver »"
    assert line.outcome_en == f"{name}: 'Frapper'; 'Esquiver'"
    assert line.actor == unit and line.round == 1


def test_con_08_con_43_the_declarations_fields_are_logged():
    t = _conteur()
    unit = t.enc.turn.order[t.enc.turn.current].unit
    t.apply(con.declare(t, unit, ["Frapper", "Célérité"], {"magiques": 1}))
    line = t.enc.log[-1]
    assert line.breakdown == ["Dont actions magiques (Célérité, Rage) : 1"]
    assert line.breakdown_en == ["Of which magical actions (Celerity, Rage): 1"]


def test_an_empty_declaration_says_so():
    t = _conteur()
    unit = t.enc.turn.order[t.enc.turn.current].unit
    t.apply(con.declare(t, unit, []))
    line = t.enc.log[-1]
    assert line.outcome.endswith("aucune action annoncée")
    assert line.outcome_en.endswith("no action announced")
