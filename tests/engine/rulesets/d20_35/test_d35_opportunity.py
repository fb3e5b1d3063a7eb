"""d20_35 attacks of opportunity (D35-11, D35-04, D35-17, D35-58, D35-80): leaving a square a
foe threatens opens its window, once a round, not from cover, not while it grapples, not at
an invisible mover; the attack in the window closes it and counts."""

from __future__ import annotations

import pytest

from gui.engine.checks.request import DiceResult
from gui.engine.contract.values import Action
from gui.engine.space.destination import Destination
from gui.engine.state.model import MapWall
from tests.engine.rulesets.d20_35.builders import (
    MJ,
    PJ,
    add_state,
    arme,
    fight,
    fighter,
    registered,
    table,
)


@pytest.fixture(autouse=True)
def _d20():
    with registered():
        yield


def move(t, cid, cell):
    _notices, cs = t.move(cid, Destination(zone="salle", cell=cell), True)
    t.apply(cs)


def ogre_and_hero():
    ogre = fighter("ogre", MJ, (2, 0), taille="large", armes=[arme("Massue")])
    return fight(fighter("hero", PJ, (1, 0)), ogre)


def test_d35_11_leaving_a_threatened_square_opens_the_foe_s_window():
    t = ogre_and_hero()
    move(t, "hero", (1, 6))
    (window,) = t.enc.windows
    assert (window.kind, window.actor, window.target) == ("opportunite", "ogre", "hero")
    offers = t.ruleset.window_offers(t.enc, window)
    assert [(o.actor, o.kind, o.role) for o in offers] == [("ogre", "attaquer", "reaction")]
    assert t.ruleset.window_passed(t.enc, window) == []
    action = Action("attaquer", "ogre", "hero", {"arme": "1"}, window=window.id)
    preview = t.preview(action)
    t.apply(t.resolve(action, DiceResult.typed_faces("2", preview.dice))[1])
    assert not t.enc.windows
    assert "ao_utilisees" in {s.key for s in t.enc.combatant("ogre").states}
    move(t, "hero", (1, 0))
    move(t, "hero", (1, 6))
    assert not t.enc.windows  # D35-80: one a round


def test_no_attack_of_opportunity_from_cover_while_grappling_or_at_the_unseen():
    t = ogre_and_hero()
    add_state(t, "ogre", "lutte")  # D35-58
    move(t, "hero", (1, 6))
    assert not t.enc.windows
    t = ogre_and_hero()
    add_state(t, "hero", "invisible")  # D35-17
    move(t, "hero", (1, 6))
    assert not t.enc.windows
    t = ogre_and_hero()
    t.enc.map.walls = [MapWall(start=(2, -5), end=(2, 9), blocks="solid")]  # D35-04
    move(t, "hero", (0, 0))
    assert not t.enc.windows


def test_no_window_outside_the_fight():
    t = table(fighter("hero", PJ, (1, 0)), fighter("ogre", MJ, (2, 0)))
    move(t, "hero", (1, 6))
    assert not t.enc.windows


# --- Cover and attacks of opportunity (D35-04, A-D35-3) ------------------------------------


def covered_from_the_orc(flag=None):
    """Hero (5, 5) between a goblin (4, 5) and an orc (6, 5), a low wall (cover, not total)
    between hero and orc only."""
    t = fight(
        fighter("hero", PJ, (5, 5)),
        fighter("orc", MJ, (6, 5)),
        fighter("gob", MJ, (4, 5)),
    )
    if flag is not None:
        t.enc.flags["A-D35-3"] = flag
    t.enc.map.walls = [MapWall(start=(6, 5), end=(6, 6), blocks="cover")]
    return t


def test_d35_11_without_cover_both_foes_get_their_window():
    t = covered_from_the_orc()
    t.enc.map.walls = []
    move(t, "hero", (5, 2))
    assert sorted(w.actor for w in t.enc.windows) == ["gob", "orc"]


def test_a_d35_3_cet_attaquant_only_the_foe_it_has_cover_against_makes_none():
    for flag in (None, "cet_attaquant"):  # the default, and the setting named
        t = covered_from_the_orc(flag)
        move(t, "hero", (5, 2))
        assert [w.actor for w in t.enc.windows] == ["gob"]


def test_a_d35_3_tous_cover_against_any_threatening_foe_provokes_from_no_one():
    t = covered_from_the_orc("tous")
    move(t, "hero", (5, 2))
    assert not t.enc.windows


def test_a_d35_3_tous_spares_only_the_squares_with_cover():
    """Leaving (5, 5), covered from the orc, provokes no one; going on past the goblin by
    squares where nobody covers the hero gives the goblin its window."""
    t = covered_from_the_orc("tous")
    move(t, "hero", (1, 8))
    assert [w.actor for w in t.enc.windows] == ["gob"]


@pytest.mark.parametrize("flag", ["cet_attaquant", "tous"])
@pytest.mark.parametrize("key", ["abri", "abri_ameliore", "abri_total"])
def test_a_d35_3_a_gm_cover_state_stands_against_every_foe(flag, key):
    t = covered_from_the_orc(flag)
    t.enc.map.walls = []
    add_state(t, "hero", key)
    move(t, "hero", (5, 2))
    assert not t.enc.windows


def test_d35_05_a_creature_between_is_soft_cover_against_a_reach_foe():
    """The ogre (Large, reach 2) reaches the hero past a square; an ally there is soft cover
    (D35-01: reach judged as ranged), so no attack of opportunity; without it, one."""
    alone = fight(fighter("hero", PJ, (5, 5)), fighter("ogre", MJ, (7, 5), taille="large"))
    move(alone, "hero", (2, 5))
    assert [w.actor for w in alone.enc.windows] == ["ogre"]
    shielded = fight(
        fighter("hero", PJ, (5, 5)),
        fighter("ogre", MJ, (7, 5), taille="large"),
        fighter("ami", PJ, (6, 5)),
    )
    move(shielded, "hero", (2, 5))
    assert not shielded.enc.windows


def test_d35_11_a_large_mover_leaves_every_square_of_its_space():
    """Only the giant's lower-right square (5, 5) is next to the orc: it still provokes."""
    t = fight(fighter("geant", PJ, (4, 4), taille="large"), fighter("orc", MJ, (6, 6)))
    move(t, "geant", (1, 4))
    assert [w.actor for w in t.enc.windows] == ["orc"]


# --- The square left (D35-11, D35-04, A-D35-3) -----------------------------------------------


def strike_preview(t, foe="ogre", mover="hero"):
    (window,) = t.enc.windows
    return t.preview(Action("attaquer", foe, mover, {"arme": "1"}, window=window.id))


def test_d35_11_the_window_names_the_square_left_not_the_destination():
    from gui.engine.grid.left_square import left_cell

    t = ogre_and_hero()
    move(t, "hero", (1, 6))
    (window,) = t.enc.windows
    assert left_cell(window) == (1, 0)
    assert t.enc.combatant("hero").position.cell == (1, 6)


def test_d35_11_the_first_threatened_square_left_is_the_one_named():
    """Going down past the ogre's (Large, reach 2) side, the hero is first struck as it leaves
    (4, 0), where it started, not at a later square of the way."""
    from gui.engine.grid.left_square import left_cell

    t = fight(fighter("hero", PJ, (4, 0)), fighter("ogre", MJ, (2, 1), taille="large"))
    move(t, "hero", (4, 8))
    (window,) = t.enc.windows
    assert left_cell(window) == (4, 0)


def test_d35_04_the_aoo_is_judged_at_the_square_left_cover_and_reach_from_there():
    """A low wall shields the destination from the ogre, not the square left: the attack of
    opportunity has no cover term and no out-of-reach notice (the hero was next to it), where
    judged at the destination it would have both."""
    t = ogre_and_hero()
    t.enc.map.walls = [MapWall(start=(0, 5), end=(4, 5), blocks="cover")]
    move(t, "hero", (1, 6))
    preview = strike_preview(t)
    assert not [x for x in preview.terms if x.rule in ("D35-02", "D35-05")]
    assert not [n for n in preview.notices if n.blocking]
    hero = t.enc.combatant("hero")
    assert hero.position.cell == (1, 6)  # the preview moved nothing
    window = t.enc.windows[0]
    action = Action("attaquer", "ogre", "hero", {"arme": "1"}, window=window.id)
    resolution, cs = t.resolve(action, DiceResult.typed_faces("2", preview.dice))
    assert all(ch.path[-1] != "position" for ch in cs.changes)
    assert not [x for x in resolution.terms if x.rule in ("D35-02", "D35-05")]


def test_d35_11_outside_its_window_the_same_attack_is_judged_where_the_hero_stands():
    """The contrast: the ogre's attack with no window is judged at (1, 6), out of its reach
    (blocking, G-3) and behind the low wall (cover +4, D35-02)."""
    t = ogre_and_hero()
    t.enc.map.walls = [MapWall(start=(0, 5), end=(4, 5), blocks="cover")]
    move(t, "hero", (1, 6))
    t.enc.windows = []
    plain = t.preview(Action("attaquer", "ogre", "hero", {"arme": "1"}))
    assert "D35-02" in {x.rule for x in plain.terms}
    assert [n.en.split(":")[0] for n in plain.notices if n.blocking] == ["Out of reach"]
