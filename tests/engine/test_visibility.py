"""Hidden combatants and zones and the players' words for a foe's health (issue 21): hiding and
revealing are one change each, undone whole; the players' view lists only what is not hidden;
a foe's health reads indemne, blessé, gravement blessé or hors de combat, never its numbers."""

import pytest

from gui.engine.edits import visibility
from gui.engine.rulesets import registry
from tests.engine.builders import fighter, libre_encounter, round_trip


def test_hiding_a_combatant_then_revealing_it_each_undo_whole():
    enc = libre_encounter(fighter("gob", "b"), fighter("hero", "a"))
    after = round_trip(enc, visibility.hide_combatant(enc, "gob", True))
    assert after[0]["combatants"][0]["hidden"] is True
    enc.combatants[0].hidden = True
    assert [c.id for c in visibility.shown_combatants(enc)] == ["hero"]
    cs = visibility.hide_combatant(enc, "gob", False)
    assert cs.label == "Montrer « Gob » aux joueurs" and cs.label_en == "Show Gob to the players"
    round_trip(enc, cs)


def test_hiding_a_zone_and_what_is_unknown_is_refused_in_both_languages():
    enc = libre_encounter()
    after = round_trip(enc, visibility.hide_zone(enc, "z2", True))
    assert [z["hidden"] for z in after[0]["map"]["zones"]] == [False, True, False]
    with pytest.raises(visibility.VisibilityError) as info:
        visibility.hide_zone(enc, "z9", True)
    assert "z9" in info.value.fr and "Unknown zone" in info.value.en
    with pytest.raises(visibility.VisibilityError):
        visibility.hide_combatant(enc, "nobody", True)


@pytest.mark.parametrize(
    ("pv", "words"),
    [
        (10, "Indemne"),
        (6, "Blessé"),
        (5, "Très blessé"),
        (1, "Très blessé"),
        (0, "Hors de combat"),
    ],
)
def test_a_foe_s_health_in_words_half_lost_is_badly_wounded(pv, words):
    ruleset = registry.get("libre")
    enc = libre_encounter(fighter("gob", "b", pv=pv, pv_max=10))
    assert ruleset.public_condition(enc, enc.combatants[0]).fr == words


def test_the_players_side_is_the_one_marked():
    enc = libre_encounter(fighter("gob", "b"), fighter("hero", "a"))
    enc.sides[0].players = True
    assert [visibility.players_own(enc, c) for c in enc.combatants] == [False, True]


def test_marking_the_players_side_undoes_whole_and_an_unknown_side_is_refused():
    enc = libre_encounter()
    after = round_trip(enc, visibility.set_players_side(enc, "b", True))
    assert [s["players"] for s in after[0]["sides"]] == [False, True]
    with pytest.raises(visibility.VisibilityError):
        visibility.set_players_side(enc, "z", True)
