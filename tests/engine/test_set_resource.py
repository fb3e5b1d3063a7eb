"""roster_edits.set_resource: a side's resource (GM Réserve, Menace…) checked against what the
ruleset declares, refused in French and English with nothing changed, reverted exactly."""

import pytest

from gui.engine.edits import roster as roster_edits
from gui.engine.edits.roster import RosterEditError
from gui.engine.files import storage
from gui.engine.rulesets import registry
from tests.engine.builders import dump, libre_encounter, round_trip

RM = registry.get("reserve_menace")
UNKNOWN = "Les contrebandiers : « moral » n’est pas une ressource de camp de ces règles"
LIBRE = registry.get("libre")


@pytest.fixture
def enc():
    return storage.load(RM.demo_path)


def refused(enc, *args):
    before = dump(enc)
    with pytest.raises(RosterEditError) as err:
        roster_edits.set_resource(RM, enc, *args)
    assert err.value.fr and err.value.en and err.value.fr != err.value.en
    assert dump(enc) == before
    return err.value


def test_gm_reserve_is_set_with_the_camp_and_the_resource_label(enc):
    cs = roster_edits.set_resource(RM, enc, "contrebandiers", "reserve", 5)
    assert cs.label == "Les contrebandiers : Réserve du MJ"
    after = round_trip(enc, cs)
    assert after[0]["sides"][1]["resources"]["reserve"] == 5
    assert enc.side("contrebandiers").resources["reserve"] == 2


def test_a_resource_the_side_does_not_have_yet_is_added_and_undone(enc):
    cs = roster_edits.set_resource(RM, enc, "compagnie", "menace", 4)
    after = round_trip(enc, cs)
    assert after[0]["sides"][0]["resources"] == {"menace": 4}
    assert enc.side("compagnie").resources == {}


@pytest.mark.parametrize(
    ("key", "value", "fr"),
    [
        ("reserve", 13, "Les contrebandiers : Réserve du MJ : hors de 0–12"),
        ("reserve", -1, "Les contrebandiers : Réserve du MJ : hors de 0–12"),
        ("menace", 6, "Les contrebandiers : Menace : hors de 0–5"),
        ("menace", True, "Les contrebandiers : Menace : nombre entier attendu"),
        ("menace", 2.5, "Les contrebandiers : Menace : nombre entier attendu"),
        ("moral", 1, UNKNOWN),
    ],
)
def test_values_outside_the_declared_resource_are_refused(enc, key, value, fr):
    error = refused(enc, "contrebandiers", key, value)
    assert error.fr == fr


def test_the_bounds_themselves_are_allowed(enc):
    for key, value in (("reserve", 12), ("reserve", 0), ("menace", 5), ("menace", 0)):
        round_trip(enc, roster_edits.set_resource(RM, enc, "contrebandiers", key, value))


def test_unknown_side_is_a_key_error(enc):
    with pytest.raises(KeyError):
        roster_edits.set_resource(RM, enc, "nobody", "reserve", 1)


def test_a_ruleset_without_resources_takes_any_whole_number():
    enc = libre_encounter()
    cs = roster_edits.set_resource(LIBRE, enc, "b", "moral", 7)
    assert cs.label == "B : Moral"
    assert round_trip(enc, cs)[0]["sides"][1]["resources"] == {"moral": 7}
    before = dump(enc)
    for key, value in (("moral", "7"), ("moral", False), ("mo ral", 1), ("", 1)):
        with pytest.raises(RosterEditError):
            roster_edits.set_resource(LIBRE, enc, "b", key, value)
    assert dump(enc) == before
