"""Typed aggregates carrying face counts (G-1 c, checks.typed): parser, reading, checks."""

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from gui.engine.checks import (
    D20_NATURALS,
    Check,
    EdgeRoll,
    KeptFaces,
    TypedRoll,
    check_faces,
    check_typed,
    parse_typed_roll,
    read_typed,
    triples,
)
from gui.engine.dice.rolling import DiceInputError

DOU = triples("normal")


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("14", TypedRoll(14)),
        (14, TypedRoll(14)),
        ("  14 ", TypedRoll(14)),
        ("14 6x2", TypedRoll(14, tops=2)),
        ("14 6X2 1x0", TypedRoll(14, tops=2, ones=0)),
        ("14, 6×2; 1*0", TypedRoll(14, tops=2, ones=0)),
        ("4 1x2", TypedRoll(4, ones=2)),
        ("15 6x2/3", TypedRoll(15, tops=2, all_tops=3)),
        ("5 1x2/3 6x0/1", TypedRoll(5, tops=0, ones=2, all_tops=1, all_ones=3)),
        ("-2", TypedRoll(-2)),
        ("−2", TypedRoll(-2)),
        ("+7", TypedRoll(7)),
    ],
)
def test_parse_good_inputs(text, expected):
    assert parse_typed_roll(text, 6) == expected


def test_parse_d20_counts_its_20s():
    assert parse_typed_roll("20 20x1", 20) == TypedRoll(20, tops=1)


@pytest.mark.parametrize(
    ("text", "fr", "en"),
    [
        ("", "Aucune valeur saisie", "No value entered"),
        ("   ", "Aucune valeur saisie", "No value entered"),
        ("quatorze", "Total « quatorze » n’est pas un nombre entier", "is not an integer"),
        ("14.5", "n’est pas un nombre entier", "is not an integer"),
        ("14 6y2", "écrire face x nombre", "write face x count"),
        ("14 6x", "écrire face x nombre", "write face x count"),
        ("14 deux6", "écrire face x nombre", "write face x count"),
        ("14 5x2", "Seuls les 6 et les 1 se comptent", "Only 6s and 1s are counted"),
        ("14 6x1 6x2", "Les 6 sont comptés deux fois", "The 6s are counted twice"),
        ("14 6x2/1", "moins de dés lancés que de dés gardés", "fewer dice rolled than kept"),
        ("1234567", "n’est pas un nombre entier", "is not an integer"),
    ],
)
def test_parse_bad_inputs_in_both_languages(text, fr, en):
    with pytest.raises(DiceInputError) as err:
        parse_typed_roll(text, 6)
    assert fr in err.value.fr
    assert en in err.value.en
    assert str(err.value) == f"{err.value.fr} / {err.value.en}"


@pytest.mark.parametrize(
    ("roll", "text", "fr", "en"),
    [
        (EdgeRoll(), "19", "Total 19 hors de 3–18 pour 3d6", "Total 19 outside 3–18 for 3d6"),
        (EdgeRoll(), "2", "hors de 3–18", "outside 3–18"),
        (EdgeRoll(), "14 6x3", "Aucun jet de 3d6 ne donne « 14 6x3 »", "No roll of 3d6 gives"),
        (EdgeRoll(), "18 6x2", "Aucun jet de 3d6", "No roll of 3d6"),
        (EdgeRoll(), "10 6x4", "Aucun jet", "No roll"),
        (EdgeRoll(), "10 6x1/2", "Aucun jet", "No roll"),  # nothing is dropped on 3d6
        (EdgeRoll(3, 6, "advantage"), "5 1x3", "Aucun jet de 4d6kh3", "No roll of 4d6kh3"),
        (EdgeRoll(1, 20), "20 20x0", "Aucun jet de 1d20", "No roll of 1d20"),
    ],
)
def test_read_refuses_impossible_rolls(roll, text, fr, en):
    with pytest.raises(DiceInputError) as err:
        read_typed(roll, text)
    assert fr in err.value.fr
    assert en in err.value.en


def test_counts_forced_by_the_total_are_not_assumed():
    """18 on 3d6 is three 6s, 3 is three 1s, 4 is two 1s at least: nothing is guessed."""
    assert read_typed(EdgeRoll(), "18") == (KeptFaces(18, 3, 0, 3, 0), False)
    assert read_typed(EdgeRoll(), "3") == (KeptFaces(3, 0, 3, 0, 3), False)
    assert read_typed(EdgeRoll(1, 20), "20") == (KeptFaces(20, 1, 0, 1, 0), False)
    assert read_typed(EdgeRoll(1, 20), "14") == (KeptFaces(14), False)


def test_untyped_counts_take_the_fewest_and_say_so():
    kept, assumed = read_typed(EdgeRoll(), "14")
    assert (kept, assumed) == (KeptFaces(14), True)
    kept, assumed = read_typed(EdgeRoll(), "4")
    assert (kept.ones, assumed) == (2, False)
    kept, assumed = read_typed(EdgeRoll(), "14 6x2 1x0")
    assert (kept, assumed) == (KeptFaces(14, 2, 0, 2, 0), False)
    # Disadvantage keeping two 6s dropped a 6: forced, not assumed.
    kept, assumed = read_typed(EdgeRoll(3, 6, "disadvantage"), "14 6x2 1x0")
    assert (kept.all_tops, assumed) == (3, False)
    # Advantage keeping [6, 6, 2] dropped a 1 or a 2: the fewest 1s is assumed.
    kept, assumed = read_typed(EdgeRoll(3, 6, "advantage"), "14 6x2 1x0")
    assert (kept.all_ones, assumed) == (0, True)


def test_check_on_a_typed_total_with_its_sixes():
    """DOU-35: "14 6x2" with VO +3 against VD 17 hits for +2 damage (G-1 c)."""
    outcome, assumed = check_typed(EdgeRoll(), "14 6x2", Check(3, 17, naturals=DOU))
    assert (outcome.success, outcome.tops, assumed) == (True, 2, False)


def test_TV_DOU_05_and_06_typed_as_totals():
    """An 18 is three 6s (critical, +3) and a 3 three 1s (fumble), typed as a total alone."""
    crit, _ = check_typed(EdgeRoll(), "18", Check(-2, 25, naturals=DOU))
    fumble, _ = check_typed(EdgeRoll(), 3, Check(10, 5, naturals=DOU))
    assert (crit.critical, crit.tops) == (True, 3)
    assert fumble.fumble


def test_TV_DOU_08_typed_under_disadvantage():
    """Kept [2, 6, 6] typed as "14 6x2": no critical, +2 damage; "6x2/3" with CFG-DOU-1b all
    counts the dropped 6, a critical."""
    dis = EdgeRoll(3, 6, "disadvantage")
    kept, _ = check_typed(dis, "14 6x2", Check(0, 10, naturals=triples("disadvantage")))
    assert (kept.critical, kept.tops) == (False, 2)
    every, _ = check_typed(dis, "14 6x2/3", Check(0, 30, naturals=triples("disadvantage", True)))
    assert every.critical


def test_fictitious_one_on_a_typed_total():
    """DOU-37 under disadvantage: "7 1x2" (two 1s kept) is a fumble."""
    outcome, _ = check_typed(
        EdgeRoll(3, 6, "disadvantage"), "7 1x2", Check(10, 5, naturals=triples("disadvantage"))
    )
    assert outcome.fumble


def test_TV_DOU_25_stealth_against_passive_perception():
    """Stealth 14 against passive Perception 14 → not noticed (≥, A-DOU-6); 13 → noticed."""
    assert check_typed(EdgeRoll(), "12", Check(2, 14))[0].success
    assert not check_typed(EdgeRoll(), "11", Check(2, 14))[0].success


def test_d20_typed_natural_twenty():
    """D35-80 on a typed d20: 20 hits whatever the CA, 1 misses whatever the bonus."""
    assert check_typed(EdgeRoll(1, 20), "20", Check(0, 40, naturals=D20_NATURALS))[0].success
    assert not check_typed(EdgeRoll(1, 20), "1", Check(40, 5, naturals=D20_NATURALS))[0].success


def test_text_round_trips():
    for typed in [
        TypedRoll(14),
        TypedRoll(14, 2, 0),
        TypedRoll(15, 2, None, 3),
        TypedRoll(4, None, 2),
    ]:
        assert parse_typed_roll(typed.text(6), 6) == typed


def test_typed_roll_refuses_bad_counts():
    with pytest.raises(DiceInputError):
        TypedRoll(10, tops=-1)
    with pytest.raises(DiceInputError):
        TypedRoll(10, all_tops=1)
    with pytest.raises(DiceInputError):
        TypedRoll(10, tops=2, all_tops=1)


EDGE = st.sampled_from(["normal", "advantage", "disadvantage"])
METHOD = st.sampled_from(["keep", "two_rolls", "extra_die"])


@settings(max_examples=80, deadline=None)
@given(EDGE, METHOD, st.data())
def test_faces_typed_as_their_full_aggregate_read_the_same(edge, method, data):
    """Rolled faces and their aggregate with every count typed give the same outcome."""
    roll = EdgeRoll(3, 6, edge, method)
    faces = data.draw(st.lists(st.integers(1, 6), min_size=roll.dice, max_size=roll.dice))
    k = roll.read_faces(faces)
    typed = f"{k.total} 6x{k.tops}/{k.all_tops} 1x{k.ones}/{k.all_ones}"
    assert read_typed(roll, typed) == (k, False)
    check = Check(data.draw(st.integers(-5, 5)), data.draw(st.integers(3, 20)), naturals=DOU)
    assert check_typed(roll, typed, check)[0] == check_faces(roll, faces, check)
