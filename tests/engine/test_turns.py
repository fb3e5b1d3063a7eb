"""Turn policies: ranked (d20), alternating sides (A-RM-15), declare-then-act (CON-03/04)."""

import pytest

from gui.engine import turns
from gui.engine.model import TurnEntry
from gui.engine.turns import HISTORY_LIMIT, TurnError, current_entry, move_unit, previous

RANKED, ALT, DECL = turns.RankedInitiative(), turns.AlternatingSides(), turns.DeclareThenAct()


def units(spec):
    """Entries from "A:pj B:mj"; a bare "A" is on side pj."""
    pairs = [(s + ":pj").split(":")[:2] for s in spec.split()]
    return [TurnEntry(unit=u, members=[u], side=side) for u, side in pairs]


def names(turn):
    return [e.unit for e in turn.order]


def acting(turn):
    return current_entry(turn).unit if current_entry(turn) else None


def entry(turn, uid):
    return next(e for e in turn.order if e.unit == uid)


def ranked4():
    return RANKED.start(units("A B C D"), {"A": 20, "B": 15, "C": 10, "D": 5})


def alt(spec="P1:pj P2:pj M1:mj", sides=("pj", "mj"), first="pj", actions=2):
    return ALT.start(units(spec), list(sides), first, actions)


def declared_round():
    """Round 1 of declare-then-act (order B C A), every unit declared, before initiative."""
    t = DECL.start(units("A B C"), {"A": 3, "B": 7, "C": 5})
    for uid in names(t):
        t = DECL.declare(t, uid, {"A": ["frapper", "  ", "parer"]}.get(uid, [f"agir {uid}"]))
        t = t if DECL.needs_initiative(t) else DECL.next(t)
    return t


def test_ranked_start_sorts_by_initiative_then_score_then_roster_and_needs_every_value():
    inits = {"A": 10, "B": 15, "C": 10, "D": 10, "E": 15}
    t = RANKED.start(units("A B C D E"), inits, {"C": 3, "D": 3})
    assert names(t) == ["B", "E", "C", "D", "A"]
    assert (t.policy, t.round, t.current, t.history) == ("ranked", 1, 0, [])
    assert [e.initiative for e in t.order] == [15, 15, 10, 10, 10]
    assert [e.score for e in t.order] == [0, 0, 3, 3, 0]
    with pytest.raises(TurnError) as err:
        RANKED.start(units("A B"), {"A": 12})
    assert "B" in err.value.fr and "Initiative manquante" in err.value.fr
    assert "B" in err.value.en and "Missing initiative" in err.value.en


def test_ranked_next_walks_the_order_and_wraps_to_round_two():
    t = RANKED.next(ranked4())
    assert acting(t) == "B" and entry(t, "A").acted and not entry(t, "B").acted
    t = RANKED.next(RANKED.next(t))
    assert acting(t) == "D" and t.round == 1
    t = RANKED.next(t)
    assert (t.round, acting(t)) == (2, "A")
    assert not any(e.acted for e in t.order)


def test_ranked_delay_skips_unit_until_act_now_then_order_continues():
    t = RANKED.delay(ranked4(), "A")
    assert acting(t) == "B" and entry(t, "A").delayed
    t = RANKED.next(RANKED.next(t))
    assert acting(t) == "D"
    t = RANKED.act_now(t, "A")  # A steps in before D, on D's initiative count
    assert names(t) == ["B", "C", "A", "D"] and acting(t) == "A"
    assert (entry(t, "A").initiative, entry(t, "A").delayed) == (5, False)
    t = RANKED.next(t)
    assert acting(t) == "D" and entry(t, "A").acted
    t = RANKED.next(t)
    assert (t.round, acting(t), names(t)) == (2, "B", ["B", "C", "A", "D"])


def test_ranked_delayed_unit_is_skipped_into_the_next_round():
    t = RANKED.delay(ranked4(), "A")
    for _ in range(3):
        t = RANKED.next(t)
    assert (t.round, acting(t)) == (2, "B")  # A still waits
    t = RANKED.act_now(t, "A")
    assert names(t) == ["A", "B", "C", "D"] and entry(t, "A").initiative == 15


def test_ranked_ready_needs_a_trigger_and_act_now_clears_it():
    with pytest.raises(TurnError):
        RANKED.ready(ranked4(), "A", "   ")
    for refused in (lambda t: RANKED.delay(t, "C"), lambda t: RANKED.act_now(t, "B")):
        with pytest.raises(TurnError):  # only the acting unit waits; only a waiting one acts now
            refused(ranked4())
    t = RANKED.ready(ranked4(), "A", "  quand l’ogre entre ")
    assert entry(t, "A").ready == "quand l’ogre entre" and acting(t) == "B"
    t = RANKED.act_now(t, "A")
    assert acting(t) == "A" and entry(t, "A").ready == "" and entry(t, "A").initiative == 15


def test_ranked_act_now_when_everyone_waits_goes_to_the_end():
    """Regression: with current == -1 the unit landed one place before the end."""
    t = ranked4()
    for uid in "ABCD":
        t = RANKED.delay(t, uid)
    assert t.current == -1
    t = RANKED.act_now(t, "A")
    assert names(t) == ["B", "C", "D", "A"] and acting(t) == "A"


def test_move_unit_keeps_whose_turn_it_is():
    t = RANKED.next(ranked4())  # B acts
    moved = move_unit(t, "D", 0)
    assert names(moved) == ["D", "A", "B", "C"] and acting(moved) == "B"
    moved = move_unit(t, "B", 99)  # clamped to the end; B keeps the turn
    assert names(moved) == ["A", "C", "D", "B"] and acting(moved) == "B"
    assert names(t) == ["A", "B", "C", "D"]  # the input state is untouched


def _steps():
    decl, last_act = declared_round(), DECL.begin_act(declared_round(), {u: [4] for u in "ABC"})
    while last_act.current < len(last_act.order) - 1:
        last_act = DECL.next(last_act)
    spent = ALT.spend(ALT.spend(alt(), "P1", 2), "P2", 2)
    return {
        "ranked next": (ranked4(), RANKED.next),
        "ranked wrap": (RANKED.next(RANKED.next(RANKED.next(ranked4()))), RANKED.next),
        "ranked delay": (ranked4(), lambda t: RANKED.delay(t, "A")),
        "ranked ready": (ranked4(), lambda t: RANKED.ready(t, "A", "si on m’attaque")),
        "ranked act_now": (RANKED.delay(ranked4(), "A"), lambda t: RANKED.act_now(t, "A")),
        "move_unit": (ranked4(), lambda t: move_unit(t, "D", 1)),
        "alt select": (alt(), lambda t: ALT.select(t, "P2")),
        "alt spend": (alt(), lambda t: ALT.spend(t, "P1")),
        "alt grant": (alt(), lambda t: ALT.grant(t, "M1", 1)),
        "alt give": (alt(), lambda t: ALT.give_initiative(t, "mj")),
        "alt next": (ALT.select(alt(), "P1"), ALT.next),
        "alt new passe": (ALT.spend(spent, "M1", 2), ALT.next),
        "declare": (DECL.start(units("A B"), {}), lambda t: DECL.declare(t, "A", ["x"])),
        "declare next": (DECL.start(units("A B"), {}), DECL.next),
        "begin_act": (decl, lambda t: DECL.begin_act(t, {"A": [9, 2], "B": [5], "C": [7]})),
        "new round": (last_act, DECL.next),
    }


@pytest.mark.parametrize("name", list(_steps()))
def test_previous_undoes_exactly_one_step_of_every_kind(name):
    before, step = _steps()[name]
    after = step(before)
    assert after.model_dump(exclude={"history"}) != before.model_dump(exclude={"history"})
    assert len(after.history) == len(before.history) + 1
    back = previous(after)
    assert back.model_dump(exclude={"history"}) == before.model_dump(exclude={"history"})
    assert back.history == before.history


def test_history_is_capped_and_previous_at_the_start_is_an_error():
    with pytest.raises(TurnError) as err:
        previous(ranked4())
    assert "Rien à reprendre" in err.value.fr and "Nothing" in err.value.en
    steps = HISTORY_LIMIT + 52  # a multiple of 4: round 1 + steps // 4 starts at A
    t = ranked4()
    for _ in range(steps):
        t = RANKED.next(t)
    assert len(t.history) == HISTORY_LIMIT
    assert (t.round, acting(t)) == (1 + steps // 4, "A")
    oldest = t.history[0]  # the state after 52 steps; older ones were dropped
    assert (oldest.round, oldest.current) == (1 + 52 // 4, 0)
    back = previous(t)
    assert (back.round, acting(back), len(back.history)) == (steps // 4, "D", HISTORY_LIMIT - 1)


def test_alternating_start_give_initiative_and_select():
    t = alt(first="mj", actions=3)
    assert (t.policy, t.round, t.holder, t.current) == ("alternating", 1, "mj", -1)
    assert [e.actions_left for e in t.order] == [3, 3, 3] and t.actions_per_unit == 3
    with pytest.raises(TurnError):
        alt(first="elfes")
    t = ALT.give_initiative(ALT.select(t, "P1", force=True), "pj")
    assert (t.holder, t.current) == ("pj", -1)
    with pytest.raises(TurnError):
        ALT.give_initiative(t, "elfes")
    t = alt()  # select: the holding side's units that have actions left, unless forced
    with pytest.raises(TurnError):
        ALT.select(t, "M1")
    assert acting(ALT.select(t, "M1", force=True)) == "M1"
    t = ALT.select(t, "P2")
    assert acting(t) == "P2"
    t = ALT.spend(t, "P2", 2)
    with pytest.raises(TurnError):
        ALT.select(t, "P2")
    assert acting(ALT.select(t, "P2", force=True)) == "P2"


def test_alternating_spend_decrements_refuses_overspending_and_grant_adds():
    t = ALT.spend(alt(), "P1")
    assert entry(t, "P1").actions_left == 1 and entry(t, "P2").actions_left == 2
    with pytest.raises(TurnError) as err:
        ALT.spend(t, "P1", 2)
    assert "1" in err.value.en
    assert entry(ALT.spend(t, "P1", 2, force=True), "P1").actions_left == 0
    t = ALT.grant(ALT.spend(t, "P1"), "P1", 2)  # extra actions (bought, or GM's call)
    assert entry(t, "P1").actions_left == 2
    assert acting(ALT.select(t, "P1")) == "P1"


def test_alternating_a_rm_15_next_passes_initiative_or_same_side_keeps_it():
    t = ALT.next(ALT.spend(ALT.select(alt(), "P1"), "P1", 2))
    assert (t.holder, t.current, t.round) == ("mj", -1, 1)
    t = ALT.next(ALT.spend(t, "M1", 1))
    assert t.holder == "pj"
    t = ALT.spend(alt(), "M1", 2)  # the GM side has nothing left: pj keeps the initiative
    t = ALT.next(ALT.spend(t, "P1", 2))
    assert (t.holder, t.round) == ("pj", 1)
    assert entry(t, "P1").actions_left == 0


def test_alternating_a_rm_15_new_passe_when_nobody_has_actions():
    t = ALT.give_initiative(alt(), "mj")
    for uid in ("P1", "P2", "M1"):
        t = ALT.spend(t, uid, 2)
    t = ALT.next(t)
    assert (t.round, t.holder) == (2, "pj")
    assert [e.actions_left for e in t.order] == [2, 2, 2]


def test_alternating_three_camps_play_in_turn():
    t = alt("P:pj G:gob L:loup", sides=("pj", "gob", "loup"))
    seen = [(t := ALT.next(t)).holder for _ in range(4)]
    assert seen == ["gob", "loup", "pj", "gob"]
    t = ALT.next(ALT.spend(t, "L", 2))  # loup has no action left: skipped
    assert t.holder == "pj"


def test_declare_con03_order_descending_score_ties_by_roster():
    t = DECL.start(units("A B C D"), {"A": 3, "B": 7, "C": 5, "D": 7})
    assert names(t) == ["B", "D", "C", "A"]
    assert (t.policy, t.phase, t.round, t.current) == ("declare", "declare", 1, 0)
    ascending = turns.DeclareThenAct(declare_descending=False)
    assert names(ascending.start(units("A B C"), {"A": 3, "B": 7, "C": 5})) == ["A", "C", "B"]


def test_declare_records_actions_and_next_at_last_declaration_needs_initiative():
    t = declared_round()
    assert entry(t, "A").declared == ["frapper", "parer"]
    assert entry(t, "B").declared == ["agir B"]
    acting_phase = DECL.begin_act(t, {"A": [9, 2], "B": [5], "C": [7]})
    with pytest.raises(TurnError):
        DECL.declare(acting_phase, "A", ["fuir"])
    t = DECL.start(units("A B"), {})
    assert not DECL.needs_initiative(t)
    t = DECL.next(t)
    assert DECL.needs_initiative(t)
    with pytest.raises(TurnError):
        DECL.next(t)
    t = DECL.begin_act(t, {"A": [3], "B": [8]})
    assert not DECL.needs_initiative(t)
    assert acting(DECL.next(t)) == "A"


def test_begin_act_con04_one_entry_per_action_sorted_by_initiative_then_score():
    t = DECL.begin_act(declared_round(), {"A": [9, 2], "B": [5], "C": [9]})
    # one entry per initiative value; at 9, C's score 5 beats A's 3
    assert [(e.unit, e.initiative) for e in t.order] == [("C", 9), ("A", 9), ("B", 5), ("A", 2)]
    assert [e.declared for e in t.order] == [["agir C"], ["frapper"], ["agir B"], ["parer"]]
    assert (t.phase, t.current) == ("act", 0)
    with pytest.raises(TurnError):
        DECL.begin_act(declared_round(), {"A": [9], "B": [5]})


def test_simultaneous_con04_groups_equal_initiative_and_score():
    slow_first = turns.DeclareThenAct(declare_descending=False)  # D declares last
    t = slow_first.start(units("A B C D"), {"A": 4, "B": 4, "C": 4, "D": 6})
    t = slow_first.begin_act(t, {"A": [8], "B": [8], "C": [7], "D": [8]})
    assert names(t) == ["D", "A", "B", "C"]  # same total: the higher score goes first
    assert slow_first.simultaneous(t) == [["A", "B"]]


def test_after_last_act_next_round_declares_again():
    t = DECL.begin_act(declared_round(), {"A": [9, 2], "B": [5], "C": [7]})
    for _ in range(len(t.order)):  # four acts, then round 2
        t = DECL.next(t)
    assert (t.round, t.phase, t.current) == (2, "declare", 0)
    assert names(t) == ["B", "C", "A"]
    assert all(e.declared == [] and e.initiative is None and not e.acted for e in t.order)


def test_begin_act_is_refused_in_the_act_phase():
    """Regression: a second begin_act split every act entry again and shifted the labels."""
    inits = {"A": [9, 2], "B": [5], "C": [7]}
    t = DECL.begin_act(declared_round(), inits)
    with pytest.raises(TurnError) as err:
        DECL.begin_act(t, inits)
    assert err.value.fr and err.value.en
