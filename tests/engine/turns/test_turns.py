"""Turn modes: ranked (d20), alternating sides (A-RM-15), declare-then-act (CON-03/04)."""

import msgspec
import pytest

from gui.engine import turns
from gui.engine.core.copies import deep_copy
from gui.engine.turns import HISTORY_LIMIT, TurnError
from gui.engine.turns.history import snapshots
from tests.engine.turns.turn_builders import Planned, acting, back, begin, bench, entry, go, names

ALT = turns.AlternatingSides


def ranked4(scores=None, spec="A B C D", initiatives=None):
    t = bench(turns.RankedInitiative(), spec, scores)
    t.apply(t.start_combat(initiatives or {"A": 20, "B": 15, "C": 10, "D": 5}))
    return t


def alt(spec="P1:pj P2:pj M1:mj", sides=("pj", "mj"), first="pj", actions=2):
    t = bench(ALT(actions=actions), spec, sides=sides)
    t.apply(t.start_combat(first_side=first))
    return t


def declare_bench(scores, spec="A B C", descending=True):
    mode = turns.DeclareThenAct(Planned(), declare_descending=descending)
    t = bench(mode, spec, scores)
    t.apply(t.start_combat())
    return t


def declared_round():
    """Round 1 of declare-then-act (order B C A), every unit declared, before initiative."""
    t = declare_bench({"A": 3, "B": 7, "C": 5})
    for uid in names(t.enc.turn):
        go(
            t,
            "declare",
            unit=uid,
            actions={"A": ["frapper", "  ", "parer"]}.get(uid, [f"agir {uid}"]),
        )
        if not t.mode().needs_initiative(t.enc.turn):
            go(t)
    return t


def test_ranked_start_sorts_by_initiative_then_score_then_roster_and_needs_every_value():
    inits = {"A": 10, "B": 15, "C": 10, "D": 10, "E": 15}
    t = ranked4({"C": 3, "D": 3}, "A B C D E", inits).enc.turn
    assert names(t) == ["B", "E", "C", "D", "A"]
    assert (t.mode, t.round, t.current, t.history) == ("ranked", 1, 0, [])
    assert [e.initiative for e in t.order] == [15, 15, 10, 10, 10]
    assert [e.score for e in t.order] == [0, 0, 3, 3, 0]
    with pytest.raises(TurnError) as err:
        ranked4(spec="A B", initiatives={"A": 12})
    assert "B" in err.value.fr and "Initiative manquante" in err.value.fr
    assert "B" in err.value.en and "Missing initiative" in err.value.en


def test_ranked_next_walks_the_order_and_wraps_to_round_two():
    tb = ranked4()
    t = go(tb)
    assert acting(t) == "B" and entry(t, "A").acted and not entry(t, "B").acted
    go(tb), go(tb)
    assert acting(t) == "D" and t.round == 1
    go(tb)
    assert (t.round, acting(t)) == (2, "A")
    assert not any(e.acted for e in t.order)


def test_ranked_delay_skips_unit_until_act_now_then_order_continues():
    tb = ranked4()
    t = go(tb, "delay", unit="A")
    assert acting(t) == "B" and entry(t, "A").delayed
    go(tb), go(tb)
    assert acting(t) == "D"
    go(tb, "act_now", unit="A")  # A steps in before D, on D's initiative count
    assert names(t) == ["B", "C", "A", "D"] and acting(t) == "A"
    assert (entry(t, "A").initiative, entry(t, "A").delayed) == (5, False)
    go(tb)
    assert acting(t) == "D" and entry(t, "A").acted
    go(tb)
    assert (t.round, acting(t), names(t)) == (2, "B", ["B", "C", "A", "D"])


def test_ranked_delayed_unit_is_skipped_into_the_next_round():
    tb = ranked4()
    t = go(tb, "delay", unit="A")
    for _ in range(3):
        go(tb)
    assert (t.round, acting(t)) == (2, "B")  # A still waits
    go(tb, "act_now", unit="A")
    assert names(t) == ["A", "B", "C", "D"] and entry(t, "A").initiative == 15


def test_ranked_ready_needs_a_trigger_and_act_now_clears_it():
    with pytest.raises(TurnError):
        go(ranked4(), "ready", unit="A", trigger="   ")
    for name, unit in (("delay", "C"), ("act_now", "B")):
        with pytest.raises(TurnError):  # only the acting unit waits; only a waiting one acts now
            go(ranked4(), name, unit=unit)
    tb = ranked4()
    t = go(tb, "ready", unit="A", trigger="  quand l’ogre entre ")
    assert entry(t, "A").ready == "quand l’ogre entre" and acting(t) == "B"
    go(tb, "act_now", unit="A")
    assert acting(t) == "A" and entry(t, "A").ready == "" and entry(t, "A").initiative == 15


def test_ranked_act_now_when_everyone_waits_goes_to_the_end():
    """Regression: with current == -1 the unit landed one place before the end."""
    tb = ranked4()
    for uid in "ABCD":
        t = go(tb, "delay", unit=uid)
    assert t.current == -1
    go(tb, "act_now", unit="A")
    assert names(t) == ["B", "C", "D", "A"] and acting(t) == "A"


def test_reorder_keeps_whose_turn_it_is():
    tb = ranked4()
    t = go(tb)  # B acts
    cs = tb.turn_step("reorder", unit="D", to=0)
    assert names(t) == ["A", "B", "C", "D"]  # building the step leaves the state untouched
    tb.apply(cs)
    assert names(t) == ["D", "A", "B", "C"] and acting(t) == "B"
    back(tb)
    go(tb, "reorder", unit="B", to=99)  # clamped to the end; B keeps the turn
    assert names(t) == ["A", "C", "D", "B"] and acting(t) == "B"


def _last_act():
    t = declared_round()
    begin(t, {u: [4] for u in "ABC"})
    while t.enc.turn.current < len(t.enc.turn.order) - 1:
        go(t)
    return t


def _spent():
    t = alt()
    go(t, "spend", unit="P1", count=2), go(t, "spend", unit="P2", count=2)
    go(t, "spend", unit="M1", count=2)
    return t


def _after(build, *steps):
    def setup():
        t = build()
        for name, args in steps:
            go(t, name, **args)
        return t

    return setup


STEPS = {
    "ranked next": (ranked4, lambda t: t.next_turn()),
    "ranked wrap": (_after(ranked4, *[(None, {})] * 3), lambda t: t.next_turn()),
    "ranked delay": (ranked4, lambda t: t.turn_step("delay", unit="A")),
    "ranked ready": (ranked4, lambda t: t.turn_step("ready", unit="A", trigger="si on m’attaque")),
    "ranked act_now": (
        _after(ranked4, ("delay", {"unit": "A"})),
        lambda t: t.turn_step("act_now", unit="A"),
    ),
    "reorder": (ranked4, lambda t: t.turn_step("reorder", unit="D", to=1)),
    "alt select": (alt, lambda t: t.turn_step("select", unit="P2")),
    "alt spend": (alt, lambda t: t.turn_step("spend", unit="P1")),
    "alt grant": (alt, lambda t: t.turn_step("grant", unit="M1", count=1)),
    "alt give": (alt, lambda t: t.turn_step("give_initiative", side="mj")),
    "alt next": (_after(alt, ("select", {"unit": "P1"})), lambda t: t.next_turn()),
    "alt new passe": (_spent, lambda t: t.next_turn()),
    "declare": (
        lambda: declare_bench({}, "A B"),
        lambda t: t.turn_step("declare", unit="A", actions=["x"]),
    ),
    "declare next": (lambda: declare_bench({}, "A B"), lambda t: t.next_turn()),
    "begin_act": (declared_round, None),
    "new round": (_last_act, lambda t: t.next_turn()),
}


@pytest.mark.parametrize("name", list(STEPS))
def test_previous_undoes_exactly_one_step_of_every_kind(name):
    setup, step = STEPS[name]
    t = setup()
    before = deep_copy(t.enc.turn)
    if step is None:  # begin_act: the planned initiatives, then the step
        t.ruleset.mode.rules.plan = {"A": [9, 2], "B": [5], "C": [7]}
        t.apply(t.turn_step("begin_act", rolls=dict.fromkeys("ABC", 0)))
    else:
        t.apply(step(t))
    after = t.enc.turn
    assert {k: v for k, v in msgspec.to_builtins(after).items() if k != "history"} != {
        k: v for k, v in msgspec.to_builtins(before).items() if k != "history"
    }
    assert len(after.history) == len(before.history) + 1
    landed = back(t)
    assert {k: v for k, v in msgspec.to_builtins(landed).items() if k != "history"} == {
        k: v for k, v in msgspec.to_builtins(before).items() if k != "history"
    }
    assert landed.history == before.history


def test_history_is_capped_and_previous_at_the_start_is_an_error():
    with pytest.raises(TurnError) as err:
        ranked4().previous_turn()
    assert "Rien à reprendre" in err.value.fr and "Nothing" in err.value.en
    steps = HISTORY_LIMIT + 52  # a multiple of 4: round 1 + steps // 4 starts at A
    tb = ranked4()
    for _ in range(steps):
        t = go(tb)
    assert len(t.history) == HISTORY_LIMIT
    assert (t.round, acting(t)) == (1 + steps // 4, "A")
    oldest = snapshots(t)[0]  # the state after 52 steps; older ones were dropped
    assert (oldest.round, oldest.current) == (1 + 52 // 4, 0)
    t = back(tb)
    assert (t.round, acting(t), len(t.history)) == (steps // 4, "D", HISTORY_LIMIT - 1)


def test_alternating_start_give_initiative_and_select():
    tb = alt(first="mj", actions=3)
    t = tb.enc.turn
    assert (t.mode, t.round, t.holder, t.current) == ("alternating", 1, "mj", -1)
    assert [e.actions_left for e in t.order] == [3, 3, 3] and t.actions_per_unit == 3
    with pytest.raises(TurnError):
        alt(first="elfes")
    go(tb, "select", unit="P1", force=True)
    go(tb, "give_initiative", side="pj")
    assert (t.holder, t.current) == ("pj", -1)
    with pytest.raises(TurnError):
        go(tb, "give_initiative", side="elfes")
    tb = alt()  # select: the holding side's units that have actions left, unless forced
    t = tb.enc.turn
    with pytest.raises(TurnError):
        go(tb, "select", unit="M1")
    assert acting(go(tb, "select", unit="M1", force=True)) == "M1"
    back(tb)
    assert acting(go(tb, "select", unit="P2")) == "P2"
    go(tb, "spend", unit="P2", count=2)
    with pytest.raises(TurnError):
        go(tb, "select", unit="P2")
    assert acting(go(tb, "select", unit="P2", force=True)) == "P2"


def test_alternating_spend_decrements_refuses_overspending_and_grant_adds():
    tb = alt()
    t = go(tb, "spend", unit="P1")
    assert entry(t, "P1").actions_left == 1 and entry(t, "P2").actions_left == 2
    with pytest.raises(TurnError) as err:
        go(tb, "spend", unit="P1", count=2)
    assert "1" in err.value.en
    assert entry(go(tb, "spend", unit="P1", count=2, force=True), "P1").actions_left == 0
    back(tb)
    go(tb, "spend", unit="P1")
    go(tb, "grant", unit="P1", count=2)  # extra actions (bought, or GM's call)
    assert entry(t, "P1").actions_left == 2
    assert acting(go(tb, "select", unit="P1")) == "P1"


def test_alternating_a_rm_15_next_passes_initiative_or_same_side_keeps_it():
    tb = alt()
    go(tb, "select", unit="P1"), go(tb, "spend", unit="P1", count=2)
    t = go(tb)
    assert (t.holder, t.current, t.round) == ("mj", -1, 1)
    go(tb, "spend", unit="M1", count=1)
    assert go(tb).holder == "pj"
    tb = alt()
    go(tb, "spend", unit="M1", count=2)  # the GM side has nothing left: pj keeps the initiative
    go(tb, "spend", unit="P1", count=2)
    t = go(tb)
    assert (t.holder, t.round) == ("pj", 1)
    assert entry(t, "P1").actions_left == 0


def test_alternating_a_rm_15_new_passe_when_nobody_has_actions():
    tb = alt()
    go(tb, "give_initiative", side="mj")
    for uid in ("P1", "P2", "M1"):
        go(tb, "spend", unit=uid, count=2)
    t = go(tb)
    assert (t.round, t.holder) == (2, "pj")
    assert [e.actions_left for e in t.order] == [2, 2, 2]


def test_alternating_three_camps_play_in_turn():
    tb = alt("P:pj G:gob L:loup", sides=("pj", "gob", "loup"))
    seen = [go(tb).holder for _ in range(4)]
    assert seen == ["gob", "loup", "pj", "gob"]
    go(tb, "spend", unit="L", count=2)
    assert go(tb).holder == "pj"  # loup has no action left: skipped


def test_declare_con03_order_descending_score_ties_by_roster():
    t = declare_bench({"A": 3, "B": 7, "C": 5, "D": 7}, "A B C D").enc.turn
    assert names(t) == ["B", "D", "C", "A"]
    assert (t.mode, t.phase, t.round, t.current) == ("declare", "declare", 1, 0)
    ascending = declare_bench({"A": 3, "B": 7, "C": 5}, descending=False)
    assert names(ascending.enc.turn) == ["A", "C", "B"]


def test_declare_records_actions_and_next_at_last_declaration_needs_initiative():
    tb = declared_round()
    t = tb.enc.turn
    assert entry(t, "A").declared == ["frapper", "parer"]
    assert entry(t, "B").declared == ["agir B"]
    begin(tb, {"A": [9, 2], "B": [5], "C": [7]})
    with pytest.raises(TurnError):
        go(tb, "declare", unit="A", actions=["fuir"])
    tb = declare_bench({}, "A B")
    mode = tb.mode()
    assert not mode.needs_initiative(tb.enc.turn)
    t = go(tb)
    assert mode.needs_initiative(t)
    with pytest.raises(TurnError):
        go(tb)
    t = begin(tb, {"A": [3], "B": [8]})
    assert not mode.needs_initiative(t)
    assert acting(go(tb)) == "A"


def test_begin_act_con04_one_entry_per_action_sorted_by_initiative_then_score():
    t = begin(declared_round(), {"A": [9, 2], "B": [5], "C": [9]})
    # one entry per initiative value; at 9, C's score 5 beats A's 3
    assert [(e.unit, e.initiative) for e in t.order] == [("C", 9), ("A", 9), ("B", 5), ("A", 2)]
    assert [e.declared for e in t.order] == [["agir C"], ["frapper"], ["agir B"], ["parer"]]
    assert (t.phase, t.current) == ("act", 0)
    with pytest.raises(TurnError):
        begin(declared_round(), {"A": [9], "B": [5]})


def test_simultaneous_con04_groups_equal_initiative_and_score():
    slow_first = declare_bench({"A": 4, "B": 4, "C": 4, "D": 6}, "A B C D", descending=False)
    t = begin(slow_first, {"A": [8], "B": [8], "C": [7], "D": [8]})
    assert names(t) == ["D", "A", "B", "C"]  # same total: the higher score goes first
    assert slow_first.mode().simultaneous(t) == [["A", "B"]]


def test_after_last_act_next_round_declares_again():
    tb = declared_round()
    t = begin(tb, {"A": [9, 2], "B": [5], "C": [7]})
    for _ in range(len(t.order)):  # four acts, then round 2
        go(tb)
    assert (t.round, t.phase, t.current) == (2, "declare", 0)
    assert names(t) == ["B", "C", "A"]
    assert all(e.declared == [] and e.initiative is None and not e.acted for e in t.order)


def test_begin_act_is_refused_in_the_act_phase():
    """Regression: a second begin_act split every act entry again and shifted the labels."""
    inits = {"A": [9, 2], "B": [5], "C": [7]}
    tb = declared_round()
    begin(tb, inits)
    with pytest.raises(TurnError) as err:
        begin(tb, inits)
    assert err.value.fr and err.value.en
