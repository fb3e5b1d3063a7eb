"""A helpless creature as its numbers and states say (D35-21, helpless.py), not as the GM types
it: dying, stable or unconscious by its hit points; paralysed, asleep, bound or « sans
défense »; not pinned (SRD) nor dead. Every attack against it reads it: Dex counted as 0 (−5 to
CA), −4 to CA against melee (A-D35-4: every attack as the GM may set), the preview's number to
reach the effective CA; the token says it."""

from __future__ import annotations

from fractions import Fraction

import pytest

from gui.engine.files import storage
from gui.engine.play.table import Table
from gui.engine.rulesets.d20_35 import helpless
from gui.engine.state.model import State
from tests.engine.rulesets.conteur.builders import look
from tests.engine.rulesets.d20_35.builders import (
    MJ,
    PJ,
    add_state,
    arme,
    fighter,
    registered,
    ruleset,
    table,
)


@pytest.fixture(autouse=True)
def _d20():
    with registered():
        yield


@pytest.mark.parametrize(
    ("stats", "state", "expected"),
    [
        ({"pv": -3}, None, "mourant"),
        ({"pv": -3}, "stable", "stable, inconscient"),
        ({"pv": 5, "degats_non_letaux": 6}, None, "inconscient"),
        ({}, "paralyse", "paralysé"),
        ({}, "endormi", "endormi"),
        ({}, "ligote", "ligoté"),
        ({}, "sans_defense", "sans défense"),
        ({}, None, None),
        ({}, "immobilise", None),  # pinned is « held immobile, but not helpless » (SRD)
        ({"pv": 0}, None, None),  # disabled: conscious (D35-48)
        ({"pv": -12}, None, None),  # dead: no longer a foe
    ],
)
def test_d35_21_helpless_is_derived_from_hit_points_and_states(stats, state, expected):
    c = fighter("x", pv_max=20, **{"pv": 20, **stats})
    if state:
        c.states = [State(key=state, label=state)]
    reason = helpless.why(c)
    assert (reason.fr if reason else None) == expected
    assert helpless.is_helpless(c) == (expected is not None)


def _demo_knight_at(pv: int) -> Table:
    """The demo's Aldric at `pv` hit points, a skeleton next to him."""
    enc = storage.load(ruleset().demo_path)
    aldric, skeleton = enc.combatant("aldric"), enc.combatant("squelette_1")
    aldric.stats["pv"] = pv
    x, y = aldric.position.cell
    skeleton.position = aldric.position.replace(cell=(x + 1, y))
    return Table(enc)


def test_d35_21_the_demo_s_dying_knight_is_struck_at_his_helpless_ca_and_4_more_in_melee():
    standing = look(_demo_knight_at(38), "attaquer", "squelette_1", "aldric", arme="1")
    assert standing.target_number == 18 and standing.odds == Fraction(4, 20)  # 17+ with +1
    dying = look(_demo_knight_at(-3), "attaquer", "squelette_1", "aldric", arme="1")
    # 10 + armour 5 + shield 2 + Dex counted as 0 (−5) = 12, −4 against melee: 8 to reach.
    assert dying.computed == {"bonus": 1, "ca": 8}
    assert dying.target_number == 8 and dying.odds == Fraction(14, 20)
    effective = [t for t in dying.terms if t.label.startswith("CA effective")]
    assert [(t.label, t.value, t.rule) for t in effective] == [
        ("CA effective contre le corps à corps", "8", "D35-21")
    ]
    assert effective[0].english() == "D35-21 effective AC against melee: 8"
    assert not any(t.rule == "D35-21" and t.value == 4 for t in dying.terms)  # no +4 term


def test_d35_21_the_token_and_the_sheet_say_helpless_once():
    t = _demo_knight_at(-3)
    r, aldric = t.ruleset, t.enc.combatant("aldric")
    assert r.badges(t.enc, aldric) == ["pv -3/38", "Mourant", "Sans défense"]
    assert [b.en for b in r.badge_labels(t.enc, aldric)] == ["hp -3/38", "Dying", "Helpless"]
    derived = {x.label: x for x in r.derived(t.enc, aldric)}
    assert derived["Sans défense"].english() == "D35-21 Helpless: dying"
    assert derived["CA (contact, pris au dépourvu)"].value == "12 (5, 12)"  # Dex as 0 in each
    aldric.stats["pv"] = 38
    assert "Sans défense" not in r.badges(t.enc, aldric)
    aldric.states = [State(key="sans_defense", label="Sans défense")]
    assert r.badges(t.enc, aldric).count("Sans défense") == 1  # the GM's own state says it


@pytest.mark.parametrize(("flag", "ca"), [("corps_a_corps", 10 - 5), ("toutes_attaques", 1)])
def test_a_d35_4_a_shot_at_a_sleeping_target(flag, ca):
    t = table(
        fighter("a", PJ, (0, 0), armes=[arme("Arc long")]),
        fighter("b", MJ, (6, 0), dexterite=16),
        flags={"A-D35-4": flag},
    )
    add_state(t, "b", "endormi")
    shot = look(t, "attaquer", "a", "b", arme="1")
    assert shot.target_number == ca
    against = "toute attaque" if flag == "toutes_attaques" else "le tir"
    assert any(x.label == f"CA effective contre {against}" for x in shot.terms)


def test_d35_21_a_trip_s_touch_attack_reads_it_too():
    t = table(fighter("a", PJ, (0, 0)), fighter("b", MJ, (1, 0), dexterite=14, pv=-2))
    trip = look(t, "croc_en_jambe", "a", "b")
    assert trip.target_number == 10 - 5 - 4  # touch: Dex counted as 0, −4 in melee
    t.enc.combatant("b").stats["pv"] = 10
    assert look(t, "croc_en_jambe", "a", "b").target_number == 12
