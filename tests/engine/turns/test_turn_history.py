"""The v2 turn history: its cap, small steps, rewritten on a removal, bad steps refused."""

import json

import msgspec
import pytest
from msgspec.json import encode as to_json

from gui.engine.edits import roster as roster_edits
from gui.engine.files import storage
from gui.engine.files.storage import LoadError
from gui.engine.play.table import Table
from gui.engine.state.changes import ABSENT
from gui.engine.turns import HISTORY_LIMIT, TurnError
from tests.engine.builders import fighter, libre_encounter
from tests.engine.turns.turn_builders import Run, acting, exact_undo, names, state


def four() -> Table:
    """x, y, z, v (initiatives 20, 15, 10, 5) in round 1, x acting."""
    t = Table(
        libre_encounter(fighter("x", "a"), fighter("y", "b"), fighter("z", "a"), fighter("v", "b"))
    )
    t.apply(t.start_combat({"x": 20, "y": 15, "z": 10, "v": 5}))
    return t


def test_the_history_is_capped_and_precedent_works_after_the_oldest_steps_went():
    t = four()
    run = Run(t)
    run.states.append(state(t.enc.turn))
    for k in range(HISTORY_LIMIT + 25):
        if k % 7 == 3 and not t.enc.turn.order[t.enc.turn.current].delayed:
            turn = run.do(t.turn_step, "delay", unit=acting(t.enc.turn))
        elif any(e.delayed for e in t.enc.turn.order) and k % 7 == 5:
            waiting = next(e.unit for e in t.enc.turn.order if e.delayed)
            turn = run.do(t.turn_step, "act_now", unit=waiting)
        else:
            turn = run.do(t.next_turn)  # each checks the undo of dropping the oldest step
        assert len(turn.history) == min(k + 1, HISTORY_LIMIT)
    assert storage.loads(storage.dumps(t.enc)) == t.enc  # a full history saves and loads
    for k in range(1, HISTORY_LIMIT + 1):
        exact_undo(t, t.previous_turn())
        assert state(t.enc.turn) == run.states[-1 - k], k
    assert not t.enc.turn.history
    with pytest.raises(TurnError, match="Rien à reprendre"):
        t.previous_turn()  # the steps older than the limit are gone


def test_a_thousand_steps_of_fifty_units_keep_each_step_small():
    enc = libre_encounter(*[fighter(f"f{i}", "ab"[i % 2]) for i in range(50)])
    t = Table(enc)
    t.apply(t.start_combat({f"f{i}": i for i in range(50)}))
    whole = len(to_json(t.enc.turn))
    for _ in range(1000):
        cs, round_before = t.next_turn(), t.enc.turn.round
        t.apply(cs)
        opens_round = t.enc.turn.round > round_before
        paths = [c.path for c in cs.changes]
        assert not any(p in (("turn",), ("turn", "order")) for p in paths)  # no state copy
        turn_fields = [p for p in paths if p[0] == "turn" and p[1] != "history"]
        assert all(len(p) == 2 or (p[1] == "order" and len(p) == 4) for p in turn_fields)
        size = sum(len(to_json(v)) for c in cs.changes for v in (c.old, c.new) if v is not ABSENT)
        patches = t.enc.turn.history[-1].patches
        if opens_round:  # every unit's « acted » clears: one small change per unit
            assert len(cs.changes) <= 50 + 6 and len(patches) <= 50 + 2
        else:  # whose turn it is, who acted, and the history entry (one dropped at the cap)
            assert len(cs.changes) <= 5 and len(patches) <= 2
            assert size < whole / 10
    assert len(t.enc.turn.history) == HISTORY_LIMIT
    assert len(storage.dumps(t.enc)) < 200_000


def test_removing_a_combatant_rewrites_the_history_for_precedent():
    t = four()
    t.apply(t.next_turn())  # y
    t.apply(t.turn_step("delay", unit="y"))  # z
    t.apply(t.next_turn())  # v
    t.apply(t.next_turn())  # round 2: x (y still waits)
    assert (t.enc.turn.round, acting(t.enc.turn)) == (2, "x")
    cs = roster_edits.remove_combatant(t.enc, "z")
    exact_undo(t, cs)
    assert storage.loads(storage.dumps(t.enc)) == t.enc
    landed = []
    while t.enc.turn.history:
        t.apply(t.previous_turn())
        turn = t.enc.turn
        assert "z" not in names(turn)
        landed.append((turn.round, acting(turn)))
    # z's own turn (its unit gone) is v's now, the same as the step after: one step.
    assert landed == [(1, "v"), (1, "y"), (1, "x")]


def test_removing_the_acting_combatant_with_spent_actions_rewrites_every_past_state():
    """A-RM-15: the Passes' spent action kinds go with the combatant."""
    from tests.engine.rulesets.reserve_menace import builders as rm

    enc = rm.encounter(rm.pc("ana"), rm.pc("bea"), rm.extra("s1", "standard"))
    t = rm.start(enc)
    rm.act(t, "alimenter", "ana", None)
    rm.nxt(t)
    rm.act(t, "alimenter", "s1", None)
    assert set(t.enc.turn.spent) == {"ana", "s1"}
    before = [msgspec.to_builtins(s) for s in t.enc.turn.history]
    exact_undo(t, roster_edits.remove_combatant(t.enc, "ana"))
    assert "ana" not in t.enc.turn.spent and before != [
        msgspec.to_builtins(s) for s in t.enc.turn.history
    ]
    while t.enc.turn.history:
        t.apply(t.previous_turn())
        assert "ana" not in t.enc.turn.spent and "ana" not in names(t.enc.turn)


# A step the file says it took, that cannot be taken back ---------------------------------


def mid_fight() -> dict:
    """A libre fight five steps in (five history entries), as a parsed file."""
    t = four()
    for _ in range(5):
        t.apply(t.next_turn())
    return json.loads(storage.dumps(t.enc))


MID = mid_fight()
BAD = {
    "no such field": [{"path": ["nulle_part"], "value": 1}],
    "no such entry field": [{"path": ["order", 0, "nulle_part"], "value": 1}],
    "the history itself": [{"path": ["history"], "value": []}],
    "an entry named, not numbered": [{"path": ["order", "x", "acted"], "value": True}],
    "inside a number": [{"path": ["current", "x"], "value": 1}],
    "a whole entry": [{"path": ["order", 0], "value": {}}],
    "entry out of range": [{"path": ["order", 99, "acted"], "value": True}],
    "text for a number": [{"path": ["current"], "value": "deux"}],
    "text for a flag": [{"path": ["order", 1, "acted"], "value": "oui"}],
    "negative round": [{"path": ["round"], "value": -1}],
    "a number for the order": [{"path": ["order"], "value": 5}],
    "an entry missing its unit": [{"path": ["order"], "value": [{"members": ["x"]}]}],
}


@pytest.mark.parametrize("k", [0, 2, 4])
@pytest.mark.parametrize("case", sorted(BAD))
def test_a_step_that_cannot_be_taken_back_is_refused_at_its_place(case, k):
    doc = json.loads(json.dumps(MID))
    history = doc["encounter"]["turn"]["history"]
    assert len(history) == 5
    history[k]["patches"] = BAD[case]
    with pytest.raises(LoadError) as info:
        storage.loads(json.dumps(doc).encode(), "f.json")
    assert info.value.path == f"$.encounter.turn.history[{k}].patches", info.value
    assert "cannot be taken back" in info.value.en and info.value.fr
    assert storage.loads(json.dumps(MID).encode())  # the file as written loads
