"""d20_35 attacks of opportunity (D35-11, D35-04, D35-17, D35-58, D35-80): leaving a square a
foe threatens opens its window, once a round, not from cover, not while it grapples, not at
an invisible mover; the attack in the window closes it and counts."""

from __future__ import annotations

import pytest

from gui.engine.model import MapWall
from gui.engine.moves import Destination
from gui.engine.rulesets.base import Action, DiceResult

from .d35_builders import MJ, PJ, add_state, arme, fighter, registered, table


@pytest.fixture(autouse=True)
def _d20():
    with registered():
        yield


def fight(*combatants):
    t = table(*combatants)
    units = [e.unit for e in t.ruleset.turn_units(t.enc)]
    t.apply(t.start_combat({u: 20 - i for i, u in enumerate(units)}))
    return t


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
