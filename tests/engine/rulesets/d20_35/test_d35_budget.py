"""d20_35 round budget (D35-09, section 3.3, A-D35-18, CFG-D35-18): a standard and a move
action, or two moves, or a full-round action and a 5-ft step; a swift action a turn; an
immediate action a round that takes the swift action under the SRD reading. Going past it is
a warning (TRACK), never a refusal; what is spent ends at the start of the creature's next turn
and is undone with its action (acting.take proves it)."""

from __future__ import annotations

import pytest

from gui.engine.contract.values import Action
from gui.engine.rulesets.d20_35 import budget, sheet
from gui.engine.space.destination import Destination
from gui.engine.state.model import State
from tests.engine import acting
from tests.engine.rulesets.d20_35.builders import MJ, PJ, arme, fighter, registered
from tests.engine.rulesets.d20_35.builders import fight as builders_fight


@pytest.fixture(autouse=True)
def _d20():
    with registered():
        yield


def fight(flags=None):
    """Hero (VD 9 m) acts first, a goblin far off, an orc in reach of nobody."""
    hero = fighter("hero", PJ, (0, 0), vd=9, bba=6, armes=[arme("Épée longue")])
    gob = fighter("gob", MJ, (1, 0))
    orc = fighter("orc", MJ, (15, 10))
    t = builders_fight(hero, gob, orc, flags=flags)
    assert t.enc.turn.round == 1
    return t


def warnings(t, kind="attaquer", actor="hero", target="gob", **options):
    preview = t.preview(Action(kind, actor, target, options))
    return [n for n in preview.notices if n.rule == "D35-09"]


def attack(t, actor="hero", target="gob", **options):
    return acting.take(t, "attaquer", actor, target, faces="2", **options)


def spent(t, cid="hero"):
    return {
        s.key.removeprefix(budget.PREFIX)
        for s in t.enc.combatant(cid).states
        if s.key.startswith(budget.PREFIX)
    }


def move(t, cid, cell):
    notices, cs = t.move(cid, Destination(zone="salle", cell=cell), True)
    t.apply(cs)
    return [n for n in notices if n.rule == "D35-09"]


def test_d35_09_a_standard_action_then_a_second_one_warns_never_refuses():
    t = fight()
    assert warnings(t) == []
    attack(t)
    assert spent(t) == {"simple"}
    (warning,) = warnings(t)
    assert not warning.blocking and "Action simple déjà faite" in warning.fr
    assert "Standard action already taken" in warning.en
    attack(t)  # taken all the same: the GM runs the table (TRACK)


def test_d35_09_a_later_attack_of_the_sequence_is_a_full_attack_and_a_charge_full_round():
    t = fight()
    attack(t, attaque="1")
    assert spent(t) == {"complexe"}
    assert "Action complexe déjà faite" in warnings(t)[0].fr
    t2 = fight()
    attack(t2, charge=True, charge_m=6)
    assert spent(t2) == {"complexe"}


def test_d35_09_a_standard_action_leaves_one_move_of_the_speed():
    t = fight()
    attack(t)
    assert move(t, "hero", (0, 6)) == []  # 9 m: one move action
    (warning,) = move(t, "hero", (0, 7))  # 10,5 m in all
    assert "10,5 m ce round, plus que les 9 m permis" in warning.fr


def test_d35_09_two_moves_of_the_speed_leave_no_standard_action():
    t = fight()
    assert move(t, "hero", (0, 12)) == []  # 18 m: a double move
    (warning,) = move(t, "hero", (0, 13))
    assert "plus que les 18 m permis" in warning.fr
    assert "Plus d'action ce round" in warnings(t)[0].fr


def test_d35_09_a_full_round_action_allows_a_5_ft_step_only():
    t = fight()
    attack(t, attaque="1")
    assert move(t, "hero", (0, 1)) == []  # the 5-ft step
    assert move(t, "hero", (0, 2))  # a second square is past it


def test_d35_09_a_full_round_action_after_more_than_a_step_warns():
    t = fight()
    move(t, "hero", (0, 3))
    (warning,) = warnings(t, attaque="1")
    assert "Action complexe après un déplacement de 4,5 m" in warning.fr
    # a charge carries its own move, twice the speed
    assert warnings(t, charge=True, charge_m=6) == []


def test_d35_09_what_is_spent_ends_at_the_start_of_the_creature_s_next_turn():
    t = fight()
    attack(t)
    move(t, "hero", (0, 2))
    assert spent(t) == {"simple"} and "budget.mouvement" in {
        s.key for s in t.enc.combatant("hero").states
    }
    t.apply(t.next_turn())
    assert spent(t) == {"simple"}  # still the hero's round
    t.apply(t.next_turn())
    t.apply(t.next_turn())  # round 2, the hero again
    assert spent(t) == set()
    assert warnings(t) == []


def test_d35_09_only_the_acting_creature_spends_and_a_reaction_takes_nothing():
    t = fight()
    assert warnings(t, actor="gob", target="hero") == []
    acting.take(t, "attaquer", "gob", "hero", faces="2")
    assert spent(t, "gob") == set()  # not its turn: the GM's business
    move(t, "orc", (14, 10))
    assert "budget.mouvement" not in {s.key for s in t.enc.combatant("orc").states}


def test_budget_states_stay_off_the_token_and_speak_english():
    t = fight()
    attack(t)
    move(t, "hero", (0, 2))
    hero = t.enc.combatant("hero")
    assert [b.fr for b in t.ruleset.badge_labels(t.enc, hero)] == ["pv 10/10"]
    names = {t.ruleset.state_label(s).en for s in hero.states}
    assert names == {"Standard action used", "Moved: 3 m"}


def declare(t, actor, what):
    return acting.take(t, "autre", actor, quoi=what)


@pytest.mark.parametrize("flag", ["consomme_rapide", "independante"])
def test_cfg_d35_18_an_immediate_action_before_its_turn_and_its_swift_action(flag):
    """A-D35-18: under the SRD an immediate action taken before its turn is that turn's swift
    action; « independante » keeps them apart. One immediate action a round either way."""
    t = fight({"CFG-D35-18": flag})
    declare(t, "gob", "immediate")
    assert spent(t, "gob") == {"immediate"}
    assert (
        "Action immédiate déjà faite" in warnings(t, "autre", "gob", None, quoi="immediate")[0].fr
    )
    t.apply(t.next_turn())  # the goblin's turn
    over = warnings(t, "autre", "gob", None, quoi="rapide")
    assert bool(over) == (flag == "consomme_rapide")
    declare(t, "gob", "rapide")
    t.apply(t.next_turn())
    t.apply(t.next_turn())
    t.apply(t.next_turn())  # round 2, the goblin's turn again: all spent is gone
    assert spent(t, "gob") == set()


def test_cfg_d35_18_an_immediate_action_in_its_own_turn_takes_its_swift_action():
    t = fight()
    declare(t, "hero", "immediate")
    assert spent(t) == {"immediate", "rapide"}
    assert "Action rapide déjà faite" in warnings(t, "autre", "hero", None, quoi="rapide")[0].fr
    t2 = fight({"CFG-D35-18": "independante"})
    declare(t2, "hero", "immediate")
    assert spent(t2) == {"immediate"}
    assert warnings(t2, "autre", "hero", None, quoi="rapide") == []


def test_d35_09_declared_actions_count_by_the_srd_table_and_free_ones_do_not():
    t = fight()
    declare(t, "hero", "degainer")  # a move action
    declare(t, "hero", "parler")  # free
    assert spent(t) == {"mouvement"}
    assert warnings(t) == []  # a standard action is left
    declare(t, "hero", "ramasser")  # a second move action
    assert "Plus d'action ce round" in warnings(t)[0].fr


def test_d35_33_total_defence_is_a_standard_action_with_4_ca_and_no_aoo():
    t = fight()
    acting.take(t, "defense_totale", "hero")
    hero = t.enc.combatant("hero")
    assert {"defense_totale", budget.PREFIX + "simple"} <= {s.key for s in hero.states}
    ca = t.preview(Action("attaquer", "gob", "hero", {})).computed["ca"]
    assert ca == 10 + 4


@pytest.mark.parametrize(
    ("kind", "flags", "options", "metres"),
    [
        ("courir", None, {}, 36.0),  # D35-34: four times the speed
        ("courir", {"CFG-D35-7": "x3_armure_lourde"}, {"armure_lourde": True}, 27.0),
        ("retraite", None, {}, 18.0),  # D35-76: twice the speed
    ],
)
def test_d35_09_a_run_or_a_withdraw_is_a_full_round_action_carrying_its_metres(
    kind, flags, options, metres
):
    t = fight(flags)
    acting.take(t, kind, "hero", **options)
    assert spent(t) == {"complexe"}
    assert budget.allowance(t.enc.combatant("hero")) == metres


# Hors de combat (D35-48, TV-D35-12): disabled.py and the budget's one action --------------


def disabled_fight(pv=0, *states):
    t = fight()
    hero = t.enc.combatant("hero")
    hero.stats["pv"], hero.stats["pv_max"] = pv, 20
    hero.states = [State(key=k, label=k) for k in states]
    return t


def d35_48(t, kind="attaquer", target="gob", **options):
    preview = t.preview(Action(kind, "hero", target, options))
    return [n for n in preview.notices if n.rule == "D35-48"]


def hp(t):
    return t.enc.combatant("hero").stats["pv"]


def test_d35_48_disabled_one_standard_or_move_action_a_round_no_full_round():
    t = disabled_fight()
    assert d35_48(t) == []
    (full,) = d35_48(t, "attaquer", charge=True)
    assert not full.blocking and "pas d'action complexe" in full.fr
    acting.take(t, "autre", "hero", quoi="degainer")  # its move action (not strenuous)
    (done,) = d35_48(t)
    assert "action simple ou de mouvement du round est faite" in done.fr
    assert budget.allowance(t.enc.combatant("hero")) == 0


def test_d35_48_disabled_moves_once_its_speed():
    t = disabled_fight()
    assert budget.allowance(t.enc.combatant("hero")) == 9  # one move action, not two
    assert move(t, "hero", (0, 6)) == []  # 9 m
    t = disabled_fight()
    assert move(t, "hero", (0, 7))  # 10.5 m: past its one move action


def test_tv_d35_12_d35_48_an_attack_at_0_hp_costs_1_hp_and_it_is_dying():
    t = disabled_fight()
    preview = t.preview(Action("attaquer", "hero", "gob"))
    assert any(x.rule == "D35-48" and "−1 pv" in x.label for x in preview.terms)
    attack(t)
    assert hp(t) == -1 and t.ruleset.is_out(t.enc, t.enc.combatant("hero"))
    assert sheet.status(t.enc.combatant("hero")) == "mourant"
    (line,) = [e for e in t.enc.log if e.action == "Effort hors de combat"]
    assert line.outcome == "Hero perd 1 pv (-1 pv) : inconscient et mourant"


@pytest.mark.parametrize(
    ("quoi", "effort", "lost"),
    [
        ("sort", "auto", 1),  # « sort »: a spell is strenuous
        ("potion", "auto", 0),
        ("potion", "oui", 1),  # the GM says so (G-3)
    ],
)
def test_d35_48_what_is_strenuous_the_excerpt_s_list_or_the_gm_s_word(quoi, effort, lost):
    t = disabled_fight()
    acting.take(t, "autre", "hero", quoi=quoi, effort=effort)
    assert hp(t) == -lost


def test_d35_48_the_gm_may_say_an_attack_is_not_strenuous():
    t = disabled_fight()
    attack(t, effort="non")
    assert hp(t) == 0


def test_d35_48_a_creature_not_disabled_is_never_asked_nor_strained():
    t = disabled_fight(pv=5)
    spec = next(s for s in t.ruleset.actions(t.enc, "hero", "gob") if s.kind == "attaquer")
    assert "effort" not in {o.key for o in spec.options}
    attack(t)
    assert hp(t) == 5


def test_d35_52_d35_53_conscious_again_at_negative_hp_a_strain_makes_it_dying_again():
    t = disabled_fight(-3, "stable", "conscient")
    attack(t)
    hero = t.enc.combatant("hero")
    assert hp(t) == -4 and not {s.key for s in hero.states} & {"stable", "conscient"}
