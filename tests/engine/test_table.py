"""The Table façade: moves and contacts, sheet edits, turn steps, dice state — all as ChangeSets."""

import msgspec
import pytest

from gui.engine.dice.rolling import rng_from_state
from gui.engine.play.table import InputError, Table
from gui.engine.space.destination import Destination
from gui.engine.state.changes import revert
from tests.engine.builders import fighter, libre_encounter


def test_move_into_a_zone_is_one_changeset_and_reverts():
    t = Table(libre_encounter(fighter("x", "a"), fighter("y", "b")))
    notices, cs = t.move("x", Destination(zone="z2"))
    assert notices == [] and [c.path[0] for c in cs.changes] == ["combatants", "log"]
    t.apply(cs)
    assert t.enc.combatant("x").position.zone == "z2"
    t.revert(cs)
    assert t.enc.combatant("x").position.zone == "z1"


def test_contact_crosses_a_border_and_breaks_when_moving_too_far():
    t = Table(libre_encounter(fighter("x", "a", "z1"), fighter("y", "b", "z2")))
    t.apply(t.set_contact("x", "y", True))
    assert t.enc.combatant("x").contacts == ["y"] and t.enc.combatant("y").contacts == ["x"]
    _, stay = t.move("x", Destination(zone="z2"))  # still neighbours or same zone: contact holds
    assert all(c.path[-1] != "contacts" for c in stay.changes)
    t.apply(t.move("x", Destination(zone="z1"))[1])
    _, away = t.move("y", Destination(zone="z3"))  # z1 and z3 are two zones apart
    t.apply(away)
    assert t.enc.combatant("x").contacts == [] and t.enc.combatant("y").contacts == []
    revert(t.enc, away)
    assert t.enc.combatant("x").contacts == ["y"]


def test_move_to_unknown_zone_is_refused():
    t = Table(libre_encounter(fighter("x", "a")))
    with pytest.raises(KeyError):
        t.move("x", Destination(zone="nowhere"))


@pytest.mark.parametrize(
    ("key", "value", "fr"),
    [
        ("pv", "douze", "nombre entier attendu"),
        ("pv", 10_000, "hors de -999–9999"),
        ("pv_max", 0, "hors de 1–9999"),
        ("degats", "2d", "2d"),
        ("inconnu", 1, "champ inconnu"),
    ],
)
def test_impossible_sheet_values_are_refused_with_a_located_message(key, value, fr):
    t = Table(libre_encounter(fighter("x", "a")))
    before = msgspec.to_builtins(t.enc)
    with pytest.raises(InputError) as err:
        t.edit_stat("x", key, value)
    assert err.value.problem.path == f"$.combatants[0].stats.{key}"
    assert fr in err.value.problem.fr and err.value.problem.en
    assert msgspec.to_builtins(t.enc) == before


def test_sheet_edit_applies_and_reverts():
    t = Table(libre_encounter(fighter("x", "a")))
    cs = t.edit_stat("x", "pv", 4)
    t.apply(cs)
    assert t.enc.combatant("x").stats["pv"] == 4 and cs.label == "X : Points de vie"
    t.revert(cs)
    assert t.enc.combatant("x").stats["pv"] == 10


def test_previous_and_end_of_combat():
    t = Table(libre_encounter(fighter("x", "a"), fighter("y", "b")))
    t.apply(t.start_combat({"x": 3, "y": 9}))
    t.apply(t.next_turn())
    assert t.enc.turn.current == 1
    t.apply(t.previous_turn())
    assert t.enc.turn.current == 0 and t.enc.turn.round == 1
    t.apply(t.end_combat())
    assert t.enc.turn.mode == "none" and t.enc.turn.order == []


def test_dice_state_continues_the_sequence_after_saving():
    t = Table(libre_encounter(fighter("x", "a")))
    request = t.initiative_requests()["x"]
    t.roll(request)
    state = t.dice_state()
    expected = [t.roll(request).faces for _ in range(5)]
    again = rng_from_state(state.seed, state.state)
    assert [tuple(request.expr.roll(again)) for _ in range(5)] == expected


def test_saving_keeps_the_dice_state_so_rolls_continue_after_reopening(tmp_path):
    from gui.engine.files import storage

    t = Table(libre_encounter(fighter("x", "a")))
    request = t.initiative_requests()["x"]
    t.roll(request)
    t.save(tmp_path / "e.json")
    expected = [t.roll(request).faces for _ in range(5)]
    reopened = Table(storage.load(tmp_path / "e.json"))
    assert [reopened.roll(request).faces for _ in range(5)] == expected
