"""d20_35 (issue 33): the rider's « Monture » option defaults to what the mount did this turn
(D35-27 to D35-29): it stays up to 1,50 m, moves once up to its speed, a double move up to twice
its speed, else it runs; the metres counted on the rider (who moves it along, D35-24) or on the
mount moved on its own, the larger; off a mount, « aucun »."""

from __future__ import annotations

import pytest

from gui.boot.app import open_encounter
from gui.engine.contract import moving
from gui.engine.rulesets.d20_35.attack import MOUNTED
from gui.engine.rulesets.d20_35.mount_pace import pace
from gui.engine.state.model import Expiry, State


def _moved(c, metres: float) -> None:
    c.states = [s for s in c.states if s.key != moving.MOVED]
    if metres:
        value = round(metres * 10)
        c.states.append(
            State(key=moving.MOVED, label="Déplacé", value=value, expiry=Expiry(at="turn_start"))
        )


@pytest.mark.parametrize(
    ("rider_m", "mount_m", "expected"),
    [
        (0, 0, "aucun"),
        (1.5, 0, "aucun"),
        (3, 0, "simple"),
        (10.5, 0, "simple"),  # the trial's move: « ne bouge pas » before
        (18, 0, "simple"),  # Tonnerre's speed, 18 m
        (19.5, 0, "double"),
        (36, 0, "double"),
        (37.5, 0, "course"),
        (0, 19.5, "double"),  # the mount moved on its own
        (3, 37.5, "course"),  # the larger of the two
    ],
)
def test_the_mount_s_pace_follows_the_move(rider_m, mount_m, expected):
    enc = open_encounter(None, "d20_35").enc
    rider, mount = enc.combatant("ysolde"), enc.combatant("tonnerre")
    assert mount.stats["vd"] == 18.0
    _moved(rider, rider_m)
    _moved(mount, mount_m)
    assert pace(enc, rider, MOUNTED) == expected


def test_off_a_mount_the_rider_s_pace_is_none():
    enc = open_encounter(None, "d20_35").enc
    knight = enc.combatant("aldric")
    _moved(knight, 12)
    assert pace(enc, knight, MOUNTED) == "aucun"
