"""d20_35 run and withdraw: TV-D35-14 (D35-34, A-D35-7) — 4 × VD, the Dex bonus to CA lost
until the next turn, Con-score rounds free then a Constitution check DC 10 + 1 per further
round, a failure rests 10 rounds; the count reset by a round without running (SRD); CFG-D35-7's
×3 in heavy armour; withdraw (D35-76): 2 × the VD of a mode that has one, a standard action
when limited to them, its first square not threatened (opportunity.py). Every action's undo is
proven by acting.take (G-4)."""

from __future__ import annotations

import pytest

from gui.engine.checks.request import DiceResult
from gui.engine.contract.values import Action, ActionError
from gui.engine.rulesets.d20_35 import armour_class, running
from gui.engine.space.destination import Destination
from tests.engine import acting
from tests.engine.rulesets.d20_35.builders import MJ, PJ, add_state, fight, fighter, registered


@pytest.fixture(autouse=True)
def _d20():
    with registered():
        yield


def runner(**stats):
    """TV-D35-14: VD 9 m, Con 12 (+1), alone with a far foe; its turn comes first."""
    base = {"vd": 9.0, "constitution": 12} | stats
    return fight(fighter("coureur", PJ, (0, 0), **base), fighter("orc", MJ, (12, 12)))


def next_round(t):
    """The orc's turn, then the runner's in the next round."""
    t.apply(t.next_turn())
    t.apply(t.next_turn())


def look(t, kind=running.RUN, actor="coureur", **options):
    return t.preview(Action(kind, actor, None, options))


def states(t, cid="coureur"):
    return {s.key: s for s in t.enc.combatant(cid).states}


def run(t, faces=None, **options):
    return acting.take(t, running.RUN, "coureur", faces=faces, **options)


def run_rounds(t, n):
    """n rounds of running with no check needed (each checked to need none)."""
    for _ in range(n):
        assert look(t).dice is None
        run(t)
        next_round(t)


def test_tv_d35_14_d35_34_run_36_m_and_no_dex_bonus_until_the_next_turn():
    t = runner(dexterite=14)
    assert armour_class.ca(t.enc.combatant("coureur"))[0] == 12
    p = look(t)
    assert ("D35-34", "36 m") in {(x.rule, x.value) for x in p.terms}
    r = run(t)
    assert r.success is True and "36 m" in r.outcome_fr and "36 m" in r.outcome_en
    running_state = states(t)["course"]
    assert running_state.expiry.at == "turn_start"
    ca, terms = armour_class.ca(t.enc.combatant("coureur"))
    assert ca == 10 and any(x.rule == "D35-34" for x in terms)  # Dex +2 lost
    assert armour_class.ca(t.enc.combatant("coureur"), "touch")[0] == 10
    next_round(t)
    assert "course" not in states(t)  # D35-34: until the start of its next turn
    assert armour_class.ca(t.enc.combatant("coureur"))[0] == 12


def test_d35_34_running_drops_dodge_but_keeps_a_dex_penalty():
    t = runner(dexterite=8, ca_esquive=1)
    assert armour_class.ca(t.enc.combatant("coureur"))[0] == 10  # 10 − 1 + 1
    run(t)
    assert armour_class.ca(t.enc.combatant("coureur"))[0] == 9  # the −1 stays, the dodge goes


def test_tv_d35_14_a_d35_7_twelve_free_rounds_then_dc_10_then_dc_11():
    t = runner()
    run_rounds(t, 12)
    assert states(t)["course_enchainee"].value == 12
    p = look(t)
    assert p.dice is not None and p.target_number == 10  # round 13
    assert p.odds == pytest.approx(12 / 20)  # d20 + 1 ≥ 10
    r = run(t, faces="9")
    assert r.success is True and r.amounts["round"] == 13
    next_round(t)
    assert look(t).target_number == 11  # round 14
    r = run(t, faces="10")
    assert r.success is True and states(t)["course_enchainee"].value == 14


def test_tv_d35_14_a_d35_7_a_failed_check_rests_10_rounds_and_forbids_running():
    t = runner()
    run_rounds(t, 12)
    r = run(t, faces="8")  # 8 + 1 < 10
    assert r.success is False and "10 rounds" in r.outcome_en
    rest = states(t)["hors_d_haleine"]
    assert rest.expiry.at == "rounds" and rest.expiry.rounds == 10
    assert "course" not in states(t) and "course_enchainee" not in states(t)
    p = look(t)
    assert [n.rule for n in p.notices if n.blocking] == ["A-D35-7"]
    with pytest.raises(ActionError, match="A-D35-7"):
        t.resolve(Action(running.RUN, "coureur"), DiceResult("none"))
    for _ in range(10):
        next_round(t)
    assert "hors_d_haleine" not in states(t)
    assert look(t).dice is None  # the count starts again at 1


def test_a_d35_7_a_round_without_running_starts_the_count_again():
    t = runner(constitution=3)
    run_rounds(t, 3)
    assert look(t).target_number == 10  # round 4 would need a check
    next_round(t)  # a round without running
    assert "course_enchainee" not in states(t)
    r = run(t)
    assert r.amounts["round"] == 1 and look(t).dice is None


def test_a_d35_7_constitution_damage_shortens_the_free_rounds():
    t = runner(constitution=12, dommage_constitution=10)  # Con 2
    run_rounds(t, 2)
    assert look(t).target_number == 10


@pytest.mark.parametrize(
    ("flag", "dex_max", "options", "metres"),
    [
        ("x4", 1, {}, "36 m"),  # the text: ×4 whatever the armour
        ("x3_armure_lourde", 1, {}, "27 m"),  # full plate (max Dex +1): heavy
        ("x3_armure_lourde", 2, {}, "36 m"),  # chainmail (+2): medium
        ("x3_armure_lourde", None, {"armure_lourde": True}, "27 m"),  # the GM says so
        ("x3_armure_lourde", 0, {"armure_lourde": False}, "36 m"),
    ],
)
def test_cfg_d35_7_run_times_3_in_heavy_armour(flag, dex_max, options, metres):
    t = runner(dex_max=dex_max) if dex_max is not None else runner()
    t.enc.flags["CFG-D35-7"] = flag
    p = look(t, **options)
    assert metres in {x.value for x in p.terms if x.rule == "D35-34"}
    assert any(x.rule == ("CFG-D35-7" if metres == "27 m" else "D35-34") for x in p.terms)


def test_cfg_d35_7_the_heavy_armour_option_exists_only_under_its_setting():
    t = runner()
    with pytest.raises(ActionError, match="armure_lourde"):
        look(t, armure_lourde=True)
    spec = next(s for s in t.ruleset.actions(t.enc, "coureur", None) if s.kind == running.RUN)
    assert spec.options == ()


def test_d35_48_d35_58_no_run_when_limited_to_one_action_or_grappling():
    t = runner(pv=0)  # disabled: one standard or move action
    assert [n.rule for n in look(t).notices if n.blocking] == ["D35-48"]
    t = runner()
    add_state(t, "coureur", "lutte")
    assert [n.rule for n in look(t).notices if n.blocking] == ["D35-58"]
    r = run(t, force=True)
    assert any(x.rule == "G-3" for x in r.terms)


# --- Withdraw (D35-76) ---------------------------------------------------------------------


def test_d35_76_withdraw_is_full_round_2_times_the_speed_and_sets_its_state():
    t = runner()
    p = look(t, running.WITHDRAW)
    assert ("CFG-D35-1", "18 m") in {(x.rule, x.value) for x in p.terms}
    assert not p.notices
    r = acting.take(t, running.WITHDRAW, "coureur")
    assert r.success is True and "18 m" in r.outcome_fr
    assert states(t)["retraite"].expiry.at == "turn_end"
    t.apply(t.next_turn())
    assert "retraite" not in states(t)  # ends with its turn when unused


def test_d35_76_only_in_a_movement_mode_that_has_a_speed():
    t = runner(vd_vol=12.0)
    p = look(t, running.WITHDRAW, mode="nage")
    assert [n.rule for n in p.notices if n.blocking] == ["D35-76"]
    with pytest.raises(ActionError, match="D35-76"):
        t.resolve(Action(running.WITHDRAW, "coureur", None, {"mode": "nage"}), DiceResult("none"))
    p = look(t, running.WITHDRAW, mode="vol")
    assert not p.notices and "24 m" in {x.value for x in p.terms}
    with pytest.raises(ActionError):
        look(t, running.WITHDRAW, mode="teleportation")


def test_d35_76_a_standard_action_when_limited_to_standard_actions():
    t = runner(pv=5, degats_non_letaux=5)  # staggered (D35-38)
    p = look(t, running.WITHDRAW)
    assert [(n.rule, n.blocking) for n in p.notices] == [("D35-76", False)]
    assert "9 m" in {x.value for x in p.terms}  # 1 × VD
    assert any("simple" in x.label for x in p.terms if x.rule == "D35-76")


def test_d35_76_the_first_square_left_is_not_threatened():
    def moved(withdraw):
        t = fight(fighter("coureur", PJ, (5, 5)), fighter("orc", MJ, (6, 5)))
        if withdraw:
            acting.take(t, running.WITHDRAW, "coureur")
        _n, cs = t.move("coureur", Destination(zone="salle", cell=(2, 5)), True)
        t.apply(cs)
        return t

    assert [w.actor for w in moved(False).enc.windows] == ["orc"]
    t = moved(True)
    assert not t.enc.windows
    assert states(t)["retraite"].value == 5005  # the square it started from, (5, 5)


def test_d35_76_a_second_drop_from_another_threatened_square_provokes():
    t = fight(fighter("coureur", PJ, (5, 5)), fighter("orc", MJ, (6, 5)))
    acting.take(t, running.WITHDRAW, "coureur")
    _n, cs = t.move("coureur", Destination(zone="salle", cell=(5, 6)), True)
    t.apply(cs)
    assert not t.enc.windows  # it left its first square only
    _n, cs = t.move("coureur", Destination(zone="salle", cell=(2, 6)), True)
    t.apply(cs)
    assert [w.actor for w in t.enc.windows] == ["orc"]  # (5, 6) is threatened


def test_d35_76_only_the_first_square_a_later_threatened_square_provokes():
    t = fight(
        fighter("coureur", PJ, (5, 5)),
        fighter("orc", MJ, (6, 5)),
        fighter("loup", MJ, (3, 6)),
    )
    acting.take(t, running.WITHDRAW, "coureur")
    _n, cs = t.move("coureur", Destination(zone="salle", cell=(2, 5)), True)
    t.apply(cs)
    assert [w.actor for w in t.enc.windows] == ["loup"]
