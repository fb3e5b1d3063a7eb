"""attention_donjon activations and sheets (AD-19, AD-21, AD-30 to AD-32, AD-37, A-AD-12,
A-AD-16, CFG-AD-8, AD-CARTES kept Jokers): the action budget, zone moves through
Table.move, derived values, badges, and blessing or cursing a roll."""

import pytest

from gui.engine.contract.values import Action
from gui.engine.space.destination import Destination
from gui.engine.state.model import State
from tests.engine.rulesets.attention_donjon.builders import (
    act,
    agg,
    armour,
    chain,
    enemy,
    faces,
    figure,
    look,
    next_turn,
    rules,
    shield,
    spent,
    start,
    states,
    successes,
    table,
    undo_is_exact,
    warnings,
)


def _fight(flags=None, a=None, b=None, zones=4):
    """A (hero side) and B (enemy), both in zone 1 and in contact; the combat started:
    A's activation first, then B's."""
    t = table(
        figure("a", **({"melee": 3, "mental": 3, "vigueur": 3, "savoir": 3} | (a or {}))),
        enemy("b", **({"melee": 2} | (b or {}))),
        contacts=[("a", "b")],
        flags=flags,
        game_map=chain(zones),
    )
    start(t)
    return t


def _move(t, cid, zone):
    notices, cs = t.move(cid, Destination(zone=zone))
    undo_is_exact(t, cs)
    t.apply(cs)
    return [n.rule for n in notices]


# --- AD-37: the action budget --------------------------------------------------------------


def test_ad_37_no_tracking_outside_a_combat():
    t = table(figure("a", melee=3), enemy("b"))
    for _ in range(2):
        assert warnings(look(t, "attaquer", "a", "b")) == []
        act(t, "attaquer", "a", "b", agg(0))
    assert t.enc.turn.spent == {}


def test_ad_37_an_attack_is_a_standard_action_a_warning_never_a_block():
    t = _fight()
    assert warnings(look(t, "attaquer", "a", "b")) == []
    act(t, "attaquer", "a", "b", agg(0))
    assert spent(t, "a") == ["standard"]
    assert warnings(look(t, "attaquer", "a", "b")) == ["AD-37"]
    assert warnings(look(t, "soins", "a")) == ["AD-37"]  # Soins is standard too
    resolution, _cs = act(t, "attaquer", "a", "b", agg(5))
    assert resolution.success is True and spent(t, "a") == ["standard", "standard"]


def test_ad_37_se_reprendre_and_recuperation_are_bonus_actions():
    t = _fight(a={"shaken": True, "sante": 1})
    act(t, "recuperation", "a", dice=agg(0))
    assert spent(t, "a") == ["bonus"]
    assert warnings(look(t, "se_reprendre", "a")) == ["AD-37"]
    assert warnings(look(t, "attaquer", "a", "b")) == []
    assert look(t, "dommages", "a", "b").notices[0].rule == "AD-13"  # no budget there


def test_ad_34_ad_37_a_seuil_of_2_gives_the_bonus_action_back():
    t = _fight(a={"shaken": True})
    act(t, "se_reprendre", "a", dice=agg(4))
    assert spent(t, "a") == []
    assert warnings(look(t, "recuperation", "a")) == ["AD-35"]  # at max only, no AD-37


def test_ad_37_each_action_declares_what_it_spends_in_its_definition():
    """Issue 35: the action of the activation an action spends is its ActionDef's `cost`
    (no table keyed by kind elsewhere); Dommages and the free rolls spend none."""
    t = _fight()
    rs = t.ruleset
    costs = {
        d.kind: d.cost(rs.context(rs, t.enc, Action(d.kind, "a", "b"))) for d in rs.definitions
    }
    assert costs == {
        "attaquer": "standard",
        "dommages": None,
        "se_reprendre": "bonus",
        "recuperation": "bonus",
        "soins": "standard",
        "jet": None,
        "jet_oppose": None,
    }


def test_ad_37_the_budget_is_reset_when_the_activation_ends():
    t = _fight()
    act(t, "attaquer", "a", "b", agg(0))
    _move(t, "b", "2")  # B moves during A's activation (GM's call)
    next_turn(t)
    assert spent(t, "a") == [] and spent(t, "b") == ["zone"]
    act(t, "attaquer", "b", "a", agg(0), force=True)
    assert spent(t, "b") == ["zone", "standard"]


def test_ad_37_a_new_round_resets_everyone():
    t = _fight()
    next_turn(t)  # B's activation
    _move(t, "a", "2")  # A moves after its activation
    act(t, "attaquer", "b", "a", agg(0), force=True)
    assert spent(t, "a") == ["zone"] and spent(t, "b") == ["standard"]
    next_turn(t)  # round 2
    assert t.enc.turn.round == 2 and t.enc.turn.spent == {}


def test_cfg_ad_8_no_tracking():
    t = _fight({"CFG-AD-8": "aucun"})
    for _ in range(2):
        assert warnings(look(t, "attaquer", "a", "b")) == []
        act(t, "attaquer", "a", "b", agg(0))
    assert _move(t, "a", "3") == [] and t.enc.turn.spent == {}
    derived = t.ruleset.derived(t.enc, t.enc.combatant("a"))
    assert "AD-37" not in rules(derived)


def test_cfg_ad_8_custom_budget():
    flags = {
        "CFG-AD-8": "perso",
        "CFG-AD-8-standard": 2,
        "CFG-AD-8-bonus": 0,
        "CFG-AD-8-mouvement": 2,
    }
    t = _fight(flags, zones=6)
    for expected in ([], [], ["AD-37"]):
        assert warnings(look(t, "attaquer", "a", "b")) == expected
        act(t, "attaquer", "a", "b", agg(0))
    assert "AD-37" in warnings(look(t, "se_reprendre", "a"))
    assert _move(t, "a", "3") == []  # 2 zones: 2 Move actions of Déplacement 1
    assert _move(t, "a", "4") == ["AD-32"]
    derived = t.ruleset.derived(t.enc, t.enc.combatant("a"))
    assert "zones 3/2, standard 0/2, bonus 0/0" in str(derived[-1])


# --- AD-32, AD-21: zone moves --------------------------------------------------------------


@pytest.mark.parametrize(
    ("pace", "moves", "notices"),
    [
        (1, ["2"], [[]]),
        (1, ["2", "3"], [[], ["AD-32"]]),
        (1, ["3"], [["AD-32"]]),
        (2, ["3"], [[]]),
        (2, ["2", "3"], [[], []]),
        (2, ["4"], [["AD-32"]]),
        (1, ["1"], [[]]),
    ],
)
def test_ad_32_deplacement_zones_per_move_action(pace, moves, notices):
    t = _fight(a={"deplacement": pace}, zones=5)
    assert [_move(t, "a", zone) for zone in moves] == notices
    assert spent(t, "a").count("zone") == int(moves[-1]) - 1


def test_ad_32_moves_outside_a_combat_are_free():
    t = table(figure("a"), game_map=chain(5))
    assert _move(t, "a", "4") == [] and t.enc.turn.spent == {}


def test_ad_21_moving_keeps_or_breaks_contact():
    t = _fight()
    _move(t, "a", "2")  # still touching across the border
    assert t.enc.combatant("a").contacts == ["b"]
    next_turn(t)
    next_turn(t)
    _move(t, "a", "3")
    assert t.enc.combatant("a").contacts == [] and t.enc.combatant("b").contacts == []
    assert t.enc.combatant("a").position.zone == "3"


# --- Derived values and badges -------------------------------------------------------------


def test_ad_30_ad_31_derived_values():
    c = figure(
        "a",
        melee=3,
        vigueur=3,
        sante=2,
        sante_max=3,
        protections=[shield(1), armour(2)],
        shaken=True,
    )
    t = table(c)
    derived = {term.label: term.value for term in t.ruleset.derived(t.enc, c)}
    assert derived["Parade"] == "3" and derived["Endurance"] == "4(2)"
    assert derived["Santé"] == "2/3" and derived["État"] == "Secoué (−1 dé)"
    assert "Actions restantes de l’activation" not in derived  # no combat
    shown = [str(term) for term in t.ruleset.derived(t.enc, c)]
    assert "AD-30 +2 Mêlée 3 ÷ 2, arrondi au supérieur" in shown
    assert "AD-31 +2 armure : Armure" in shown


def test_ad_37_derived_actions_left():
    t = _fight()
    act(t, "attaquer", "a", "b", agg(0))
    _move(t, "a", "2")
    derived = {term.label: term.value for term in t.ruleset.derived(t.enc, t.enc.combatant("a"))}
    assert derived["Actions restantes de l’activation"] == "zones 1/1, standard 0/1, bonus 1/1"


def test_badges():
    t = table(
        figure("h", heros=True, heroisme=2, sante=2, sante_max=3, shaken=True, melee=3),
        enemy("e", actif=False),
    )
    h, e = t.enc.combatant("h"), t.enc.combatant("e")
    shown = " · ".join(t.ruleset.badges(t.enc, h))
    assert shown.startswith("Secoué") and "Santé 2/3" in shown and "Héroïsme 2" in shown
    shown = " · ".join(t.ruleset.badges(t.enc, e))
    assert shown.startswith("Indemne") and "Santé 3/3" in shown and "inactif" in shown
    assert "Héroïsme" not in shown
    act(t, "attaquer", "h", "e", agg(5))
    assert t.ruleset.badges(t.enc, e)[-1].startswith("Touché par H")


# --- AD-27, A-AD-16: béni, maudit, both; a kept Joker ---------------------------------------


def test_a_ad_16_blessed_and_cursed_is_a_normal_roll():
    t = table(figure("a", agilite=4))
    resolution, _cs = act(
        t, "jet", "a", dice=faces(3, 4, 6, 1), trait="agilite", beni=True, maudit=True
    )
    assert successes(resolution) == 2 and "A-AD-16" in rules(resolution.terms)


def _joker(count=None):
    joker = State(key="joker_garde", label="Joker gardé", value=count)
    return table(figure("h", heros=True, agilite=4, states=[joker]), figure("x", agilite=4))


@pytest.mark.parametrize(("count", "left"), [(None, None), (1, None), (2, 1)])
def test_a_kept_joker_blesses_any_roll_and_is_spent(count, left):
    t = _joker(count)
    spec = next(s for s in t.ruleset.actions(t.enc, "x", None) if s.kind == "jet")
    joker = next(f for f in spec.options if f.key == "joker")
    assert [c.value for c in joker.choices] == ["-", "beni:h", "maudit:h"]
    resolution, _cs = act(t, "jet", "x", dice=faces(3, 3, 2, 2), trait="agilite", joker="beni:h")
    assert successes(resolution) == 2 and "AD-CARTES" in rules(resolution.terms)
    kept = [s.value for s in t.enc.combatant("h").states if s.key == "joker_garde"]
    assert kept == ([] if left is None else [left])


def test_a_kept_joker_curses_a_roll():
    t = _joker()
    resolution, _cs = act(t, "jet", "x", dice=faces(4, 4, 5, 6), trait="agilite", joker="maudit:h")
    assert successes(resolution) == 3 and "joker_garde" not in states(t, "h")


def test_no_joker_option_without_a_kept_joker():
    t = table(figure("a"))
    spec = next(s for s in t.ruleset.actions(t.enc, "a", None) if s.kind == "jet")
    assert "joker" not in [f.key for f in spec.options]


def test_every_action_is_listed():
    t = table(figure("a"), enemy("b"))
    kinds = [s.kind for s in t.ruleset.actions(t.enc, "a", "b")]
    assert kinds == [
        "attaquer",
        "dommages",
        "se_reprendre",
        "recuperation",
        "soins",
        "jet",
        "jet_oppose",
    ]
