"""d20_35 actions that provoke where the actor stands (D35-11, CFG-D35-11): under the SRD list a
ranged attack, a spell, first aid provoke from every foe that threatens the actor, a disarm or a
grab from the target alone; the preview names them and the resolution opens their windows (not
through cover, once a round); under the GM's list each action says whether it provokes."""

from __future__ import annotations

import pytest
from msgspec.structs import replace

from gui.engine.checks.request import DiceResult
from gui.engine.contract.values import Action
from gui.engine.state.model import MapWall
from tests.engine.rulesets.d20_35.builders import MJ, PJ, arme, fight, fighter, registered, table


@pytest.fixture(autouse=True)
def _d20():
    with registered():
        yield


def archer_between_two(flags=None):
    """An archer at (1, 1) between an orc and a goblin, a kobold down the column."""
    return fight(
        fighter("archer", PJ, (1, 1), armes=[arme("Épée courte"), arme("Arc court")]),
        fighter("orc", MJ, (2, 1), armes=[arme("Hache d'armes")]),
        fighter("gobelin", MJ, (0, 1), armes=[arme("Épée courte")]),
        fighter("kobold", MJ, (1, 12), armes=[arme("Épée courte")]),
        flags=flags,
    )


def act(t, action):
    preview = t.preview(action)
    if preview.dice is None:
        dice = DiceResult("none")
    else:
        then = tuple(DiceResult.typed_faces("10", more) for more in preview.more)
        dice = replace(DiceResult.typed_faces("10", preview.dice), then=then)
    t.apply(t.resolve(action, dice)[1])
    return preview


def opened(t):
    return sorted((w.kind, w.actor, w.target) for w in t.enc.windows)


def aoo_term(preview):
    return next(
        (x for x in preview.terms if x.rule == "D35-11" and x.label_en.endswith("for")), None
    )


def shoot(weapon="2"):  # 0 bare hands, 1 the sword, 2 the bow
    return Action("attaquer", "archer", "kobold", {"arme": weapon})


def test_d35_11_a_ranged_attack_provokes_every_foe_that_threatens_the_archer():
    t = archer_between_two()
    preview = act(t, shoot())
    assert aoo_term(preview).value == "Orc, Gobelin"
    assert opened(t) == [("opportunite", "gobelin", "archer"), ("opportunite", "orc", "archer")]


def test_d35_11_a_melee_attack_provokes_nothing():
    t = archer_between_two()
    preview = act(t, Action("attaquer", "archer", "orc", {"arme": "1"}))
    assert aoo_term(preview) is None
    assert opened(t) == []


def test_d35_04_no_window_through_a_wall_and_d35_80_not_twice_a_round():
    t = archer_between_two()
    t.enc.map.walls = [MapWall(start=(2, -5), end=(2, 9), blocks="solid")]
    act(t, shoot())
    assert opened(t) == [("opportunite", "gobelin", "archer")]
    window = t.enc.windows[0]
    strike = Action("attaquer", "gobelin", "archer", {"arme": "1"}, window=window.id)
    act(t, strike)
    act(t, shoot())
    assert opened(t) == []  # the goblin's one AoO of the round is spent


def test_d35_41_a_disarm_provokes_from_its_target_alone():
    t = archer_between_two()
    preview = act(t, Action("desarmer", "archer", "orc", {"arme": "1"}))
    assert aoo_term(preview).value == "Orc"
    assert opened(t) == [("opportunite", "orc", "archer")]


def test_d35_11_casting_a_spell_provokes_drawing_a_weapon_does_not():
    t = archer_between_two()
    act(t, Action("autre", "archer", None, {"quoi": "degainer"}))
    assert opened(t) == []
    act(t, Action("autre", "archer", None, {"quoi": "sort"}))
    assert [w.actor for w in t.enc.windows] == ["orc", "gobelin"]


def test_d35_11_nothing_is_provoked_before_the_fight_nor_by_a_reaction():
    t = table(
        fighter("archer", PJ, (1, 1), armes=[arme("Arc court")]),
        fighter("orc", MJ, (2, 1), armes=[arme("Hache d'armes")]),
    )
    assert aoo_term(t.preview(Action("attaquer", "archer", "orc", {"arme": "1"}))) is None


@pytest.mark.parametrize(
    ("answer", "weapon", "expected"),
    [
        ("srd", "2", ["gobelin", "orc"]),
        ("srd", "1", []),
        ("non", "2", []),
        ("oui", "1", ["gobelin", "orc"]),
    ],
)
def test_cfg_d35_11_under_the_gm_s_list_each_action_says_whether_it_provokes(
    answer, weapon, expected
):
    t = archer_between_two({"CFG-D35-11": "personnalise"})
    action = Action("attaquer", "archer", "orc", {"arme": weapon, "provoque_ao": answer})
    act(t, action)
    assert sorted(w.actor for w in t.enc.windows) == expected


def test_cfg_d35_11_the_gm_s_choice_is_an_option_only_under_its_setting():
    def keys(flags):
        t = archer_between_two(flags)
        specs = t.ruleset.actions(t.enc, "archer", "orc")
        return {spec.kind: {o.key for o in spec.options} for spec in specs}

    assert all("provoque_ao" not in opts for opts in keys(None).values())
    assert all("provoque_ao" in opts for opts in keys({"CFG-D35-11": "personnalise"}).values())


# --- A rider's actions (D35-24, D35-05, D35-11) ----------------------------------------------


def demo_knight_next_to_the_ogre():
    """The demo in round 1: Tonnerre (Large) carries Dame Ysolde to (10, 5), its squares two
    columns from Grommash l'ogre's (12–13, 5–6), within the ogre's reach (Large, 2); the
    rider's own square (10, 5) is three squares away."""
    from gui.engine.files import storage
    from gui.engine.play.table import Table
    from gui.engine.state.model import Position
    from tests.engine.rulesets.d20_35.builders import ruleset

    enc = storage.load(ruleset().demo_path)
    for cid in ("ysolde", "tonnerre"):
        enc.combatant(cid).position = Position(zone="nef", cell=(10, 5))
    t = Table(enc)
    units = [e.unit for e in t.ruleset.turn_units(t.enc)]
    t.apply(t.start_combat({u: 20 - i for i, u in enumerate(units)}))
    return t


def test_d35_24_a_mounted_knight_s_grab_opens_the_ogre_s_window():
    """The rider is in all of her mount's squares (D35-24), and her own mount is no soft
    cover between her and the ogre (D35-05): her grab provokes the ogre (D35-57, D35-11)."""
    t = demo_knight_next_to_the_ogre()
    grab = Action("lutte_saisir", "ysolde", "ogre")
    preview = act(t, grab)
    assert aoo_term(preview).value == "Grommash l'ogre"
    assert opened(t) == [("opportunite", "ogre", "ysolde")]
    (window,) = t.enc.windows
    offers = t.ruleset.window_offers(t.enc, window)
    assert [(o.actor, o.kind, o.target) for o in offers] == [("ogre", "attaquer", "ysolde")]


def test_d35_05_another_creature_between_still_shields_the_rider():
    """Only the rider's own mount is left out: a skeleton standing between is soft cover
    against the ogre's reach (D35-05, D35-04), so the grab provokes no one."""
    from gui.engine.state.model import Position

    t = demo_knight_next_to_the_ogre()
    for cid in ("ysolde", "tonnerre"):
        t.enc.combatant(cid).position = Position(zone="nef", cell=(9, 5))
    for cid, row in (("squelette_1", 5), ("squelette_2", 6)):  # allies in the way, not foes
        t.enc.combatant(cid).side = "aventuriers"
        t.enc.combatant(cid).position = Position(zone="nef", cell=(11, row))
    preview = t.preview(Action("lutte_saisir", "ysolde", "ogre"))
    assert aoo_term(preview) is None
