"""Each turn mode through the Table: every step undone exactly (G-4), then Précédent back."""

import pytest

from gui.engine.play.table import Table
from gui.engine.turns import TurnError
from gui.engine.turns.cards import parse_card
from tests.engine.builders import fighter, libre_encounter
from tests.engine.rulesets.attention_donjon import builders as ad
from tests.engine.rulesets.conteur import builders as con
from tests.engine.rulesets.reserve_menace import builders as rm
from tests.engine.turns.turn_builders import Run, acting, entry, names, state


def test_ranked_libre_steps_and_precedent():
    t = Table(
        libre_encounter(fighter("x", "a"), fighter("y", "b"), fighter("z", "a"), fighter("v", "b"))
    )
    run = Run(t)
    turn = run.do(t.start_combat, {"x": 20, "y": 15, "z": 10, "v": 5})
    assert (turn.mode, turn.round, acting(turn), t.mode().kind) == ("ranked", 1, "x", "ranked")
    with pytest.raises(TurnError):
        t.previous_turn()  # the start is where Précédent stops
    run.do(t.next_turn)
    turn = run.do(t.turn_step, "delay", unit="y")
    assert acting(turn) == "z" and entry(turn, "y").delayed
    turn = run.do(t.turn_step, "ready", unit="z", trigger="s’il charge")
    assert acting(turn) == "v" and entry(turn, "z").ready == "s’il charge"
    turn = run.do(t.turn_step, "act_now", unit="y")  # before v, at v's count
    assert names(turn) == ["x", "z", "y", "v"] and entry(turn, "y").initiative == 5
    turn = run.do(t.turn_step, "reorder", unit="v", to=0)
    assert names(turn) == ["v", "x", "z", "y"] and acting(turn) == "y"
    while turn.round == 1:
        turn = run.do(t.next_turn)
    assert t.enc.log[-1].action == "Round 2" and acting(turn) == "v"  # z still waits
    turn = run.do(t.turn_step, "act_now", unit="z")
    assert acting(turn) == "z" and entry(turn, "z").ready == ""
    run.do(t.next_turn)
    run.walk_back()


def test_gm_order_attention_donjon_steps_and_precedent():
    """A-AD-12: the roster order, one unit per figurine; the GM reorders (G-3)."""
    t = ad.table(ad.figure("ysolde"), ad.enemy("g1"), ad.figure("bertrand"), ad.enemy("g2"))
    run = Run(t)
    turn = run.do(t.start_combat)
    assert (turn.mode, names(turn), acting(turn)) == (
        "gm_order",
        ["ysolde", "g1", "bertrand", "g2"],
        "ysolde",
    )
    run.do(t.next_turn)
    turn = run.do(t.turn_step, "delay", unit="g1")
    assert acting(turn) == "bertrand"
    turn = run.do(t.turn_step, "reorder", unit="g2", to=0)
    assert names(turn)[0] == "g2" and acting(turn) == "bertrand"
    turn = run.do(t.turn_step, "act_now", unit="g1")
    assert acting(turn) == "g1" and not entry(turn, "g1").delayed
    turn = run.do(t.turn_step, "ready", unit="g1", trigger="quand un héros approche")
    while turn.round == 1:
        turn = run.do(t.next_turn)
    assert t.enc.log[-1].action == "Round 2" and entry(turn, "g1").ready
    run.do(t.next_turn)
    run.walk_back()


def c(text: str) -> int:
    return parse_card(text)


def test_cards_attention_donjon_steps_and_precedent():
    """AD-CARTES: cards dealt, Attendre, a new round waiting for its cards."""
    t = ad.table(
        ad.figure("ysolde", heros=True),
        ad.enemy("g1"),
        ad.figure("bertrand", heros=True),
        ad.enemy("g2"),
        flags={"AD-CARTES": True},
    )
    run = Run(t)
    hand = {"ysolde": c("A♥"), "bertrand": c("10♠"), "groupe.monstres": c("D♣")}
    turn = run.do(t.start_combat, hand)
    assert (turn.mode, names(turn)) == ("cards", ["ysolde", "groupe.monstres", "bertrand"])
    turn = run.do(t.turn_step, "wait", unit="ysolde", card=c("5♦"))  # lower: plays later
    assert acting(turn) == "groupe.monstres" and names(turn)[-1] == "ysolde"
    turn = run.do(t.turn_step, "reorder", unit="bertrand", to=0)
    assert acting(turn) == "groupe.monstres"
    turn = run.do(t.turn_step, "delay", unit="groupe.monstres")
    turn = run.do(t.turn_step, "act_now", unit="groupe.monstres")
    assert acting(turn) == "groupe.monstres"
    while turn.round == 1:
        turn = run.do(t.next_turn)
    assert t.mode().needs_cards(turn) and t.enc.log[-1].action == "Round 2"
    with pytest.raises(TurnError):
        t.next_turn()  # the cards first
    turn = run.do(t.turn_step, "deal", cards={"ysolde": c("3♣"), "bertrand": c("R♠")})
    assert acting(turn) == "bertrand"
    turn = run.do(t.turn_step, "wait", unit="bertrand", card=c("A♠"))  # higher: no turn
    assert acting(turn) == "ysolde" and entry(turn, "bertrand").acted
    run.do(t.next_turn)
    run.walk_back()


def test_alternating_reserve_menace_steps_and_precedent():
    """RM-16 to RM-20, A-RM-15: a side's unit spends actions, then the next side holds."""
    t = Table(rm.encounter(rm.pc("ana"), rm.pc("bea"), rm.extra("s1", "standard"), rm.extra("m1")))
    run = Run(t)
    turn = run.do(t.start_combat, first_side=rm.PJ)
    assert (turn.mode, turn.holder, turn.side_order) == ("alternating", rm.PJ, [rm.PJ, rm.MJ])
    turn = run.do(t.turn_step, "select", unit="ana")
    turn = run.do(t.turn_step, "spend", unit="ana", count=1)
    assert (acting(turn), turn.activation, entry(turn, "ana").actions_left) == ("ana", 1, 1)
    turn = run.do(t.turn_step, "grant", unit="ana", count=2)
    assert entry(turn, "ana").actions_left == 3
    turn = run.do(t.turn_step, "pass_unit", unit="bea")
    assert entry(turn, "bea").actions_left == 0
    turn = run.do(t.next_turn)
    assert (turn.holder, turn.current) == (rm.MJ, -1)
    turn = run.do(t.turn_step, "select", unit="s1")
    turn = run.do(t.turn_step, "spend", unit="s1", count=2)
    turn = run.do(t.turn_step, "give_initiative", side=rm.PJ)
    assert (turn.holder, turn.current, turn.activation) == (rm.PJ, -1, 0)
    turn = run.do(t.turn_step, "reorder", unit="mineurs.mj", to=0)
    assert names(turn)[0] == "mineurs.mj"
    for unit in ("ana", "mineurs.mj"):
        turn = run.do(t.turn_step, "pass_unit", unit=unit)
    turn = run.do(t.next_turn)
    assert turn.round == 2 and t.enc.log[-1].action == "Passe 2"
    assert [entry(turn, u).actions_left for u in ("ana", "bea", "s1")] == [2, 2, 2]
    run.do(t.turn_step, "spend", unit="bea", count=3, force=True)
    run.walk_back()


def _declare_everyone(t: Table, run: Run) -> None:
    while True:
        turn = run.do(t.turn_step, "declare", unit=acting(t.enc.turn), actions=["Agir"])
        if t.mode().needs_initiative(turn):
            return
        run.do(t.next_turn)


def test_declare_conteur_steps_and_precedent():
    """CON-03 to CON-05: declarations by score, then actions by initiative, delay."""
    t = con.table(con.fighter("a", dexterite=4), con.fighter("b", con.MJ), con.fighter("c", con.MJ))
    run = Run(t)
    turn = run.do(t.start_combat)
    assert (turn.mode, turn.phase, acting(turn)) == ("declare", "declare", "a")
    _declare_everyone(t, run)
    with pytest.raises(TurnError):
        t.next_turn()  # the initiative first
    turn = run.do(t.turn_step, "begin_act", rolls={"a": 9, "b": 5, "c": 1})
    assert (turn.phase, acting(turn)) == ("act", "a")
    turn = run.do(t.turn_step, "delay")
    assert acting(turn) == "b"
    delayed = next(i for i, e in enumerate(turn.order) if e.delayed)
    turn = run.do(t.turn_step, "act_now", index=delayed)
    assert acting(turn) == "a"
    turn = run.do(t.turn_step, "reorder", unit="c", to=0)
    assert names(turn)[0] == "c" and acting(turn) == "a"
    while turn.round == 1:
        turn = run.do(t.next_turn)
    assert (turn.phase, t.enc.log[-1].action) == ("declare", "Round 2")
    run.do(t.turn_step, "declare", unit=acting(turn), actions=["Fuir"])
    run.walk_back()


@pytest.mark.parametrize("steps", [1, 3, 7])
def test_precedent_n_times_lands_n_steps_back(steps):
    t = Table(libre_encounter(fighter("x", "a"), fighter("y", "b"), fighter("z", "a")))
    run = Run(t)
    run.do(t.start_combat, {"x": 3, "y": 2, "z": 1})
    for _ in range(10):
        run.do(t.next_turn)
    for _ in range(steps):
        t.apply(t.previous_turn())
    assert state(t.enc.turn) == run.states[-1 - steps]
    assert len(t.enc.turn.history) == 10 - steps


def test_ranked_initiatives_are_logged_with_the_tie_breaks():
    """Issue 17, deliver 6: Commencer logs each unit's initiative, in the order taken."""
    from gui.engine.play.table import Table
    from tests.engine.builders import fighter, libre_encounter

    t = Table(libre_encounter(fighter("x", "a", init_mod=1), fighter("y", "b"), fighter("w", "b")))
    t.apply(t.start_combat({"x": 12, "y": 12, "w": 15}))
    line = t.enc.log[-1]
    assert line.action == "Initiative" and line.outcome == "Ordre du tour établi"
    assert line.breakdown[0] == "W : 15"
    assert line.breakdown[1].startswith("X : 12 (départage : score")
    assert line.dice == [15, 12, 12]
