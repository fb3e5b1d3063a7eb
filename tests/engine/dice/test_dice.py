"""Dice rolling, typed dice input, dice expressions and RNG state persistence."""

import json
import random

import pytest
from hypothesis import given
from hypothesis import strategies as st

from gui.engine.dice.rolling import (
    DiceExpr,
    DiceInputError,
    parse_aggregate,
    parse_faces,
    rng_from_state,
    rng_state,
    roll,
)


def test_error_carries_both_languages():
    err = DiceInputError("Bonjour", "Hello")
    assert (err.fr, err.en) == ("Bonjour", "Hello")
    assert str(err) == "Bonjour / Hello"
    assert isinstance(err, ValueError)


def test_roll_is_reproducible_and_in_range():
    first = roll(random.Random(42), 50, 6)
    assert first == roll(random.Random(42), 50, 6)
    assert first != roll(random.Random(43), 50, 6)
    assert set(first) <= set(range(1, 7))
    assert roll(random.Random(1), 0, 6) == []


@given(st.integers(0, 40), st.integers(2, 100), st.integers(0, 2**32))
def test_roll_uses_randint_on_the_given_rng(count, sides, seed):
    faces = roll(random.Random(seed), count, sides)
    twin = random.Random(seed)
    assert faces == [twin.randint(1, sides) for _ in range(count)]
    assert all(1 <= f <= sides for f in faces)


@pytest.mark.parametrize(("count", "sides"), [(-1, 6), (3, 1), (3, 0)])
def test_roll_rejects_bad_sizes(count, sides):
    with pytest.raises(ValueError):
        roll(random.Random(0), count, sides)


@pytest.mark.parametrize("text", ["3 5 6", "3,5,6", "3;5 6", "  3 ,5;;6 ", [3, 5, 6], (3, 5, 6)])
def test_parse_faces_accepts_usual_separators(text):
    assert parse_faces(text, 6, count=3) == [3, 5, 6]


def test_parse_faces_out_of_range_names_token_and_range():
    with pytest.raises(DiceInputError) as info:
        parse_faces("3 7 1", 6, count=3)
    assert info.value.fr == "Face « 7 » hors de 1–6"
    assert info.value.en == "Face '7' outside 1–6"
    for bad in ("0", "-2", [0], [11]):
        with pytest.raises(DiceInputError, match="1–10"):
            parse_faces(bad, 10)


def test_parse_faces_wrong_count_says_expected_and_given():
    with pytest.raises(DiceInputError) as info:
        parse_faces("3 5", 6, count=3)
    assert "3" in info.value.fr and "2" in info.value.fr and "attendues" in info.value.fr
    assert info.value.en == "Expected 3 faces, got 2"
    with pytest.raises(DiceInputError, match="Expected 1 face, got 2"):
        parse_faces([1, 2], 6, count=1)


@pytest.mark.parametrize("bad", ["3 x 5", "3.5", "2d6", [3, "5"], [3, 2.0], [True]])
def test_parse_faces_rejects_non_numbers(bad):
    with pytest.raises(DiceInputError) as info:
        parse_faces(bad, 6)
    assert "entier" in info.value.fr and "integer" in info.value.en


def test_parse_faces_empty():
    with pytest.raises(DiceInputError) as info:
        parse_faces("   ", 6, count=2)
    assert info.value.fr.startswith("Aucune face") and info.value.en.startswith("No faces")
    assert parse_faces("", 6) == []


def test_parse_faces_min_count_for_explosions():
    assert parse_faces("10 10 3 4", 10, min_count=3) == [10, 10, 3, 4]
    with pytest.raises(DiceInputError) as info:
        parse_faces("10 3", 10, min_count=3)
    assert info.value.en == "Expected at least 3 faces, got 2"
    assert "Au moins 3" in info.value.fr


@pytest.mark.parametrize(("text", "value"), [("3", 3), (" 10 ", 10), (0, 0), ("+4", 4)])
def test_parse_aggregate_accepts(text, value):
    assert parse_aggregate(text, 0, 10) == value


@pytest.mark.parametrize(
    ("text", "fr", "en"),
    [
        ("11", "hors de 0–10", "outside 0–10"),
        (-1, "hors de 0–10", "outside 0–10"),
        ("abc", "entier", "integer"),
        ("2.5", "entier", "integer"),
        ("", "Aucune valeur", "No value"),
        (True, "entier", "integer"),
    ],
)
def test_parse_aggregate_rejects(text, fr, en):
    with pytest.raises(DiceInputError) as info:
        parse_aggregate(text, 0, 10)
    assert fr in info.value.fr and en in info.value.en


@pytest.mark.parametrize(
    ("text", "expr", "canonical"),
    [
        ("d20", DiceExpr(1, 20), "1d20"),
        ("1d20+5", DiceExpr(1, 20, 5), "1d20+5"),
        ("2d6-1", DiceExpr(2, 6, -1), "2d6-1"),
        ("4d6kh3", DiceExpr(4, 6, keep_highest=3), "4d6kh3"),
        ("2D20KL1", DiceExpr(2, 20, keep_lowest=1), "2d20kl1"),
        ("3d6!", DiceExpr(3, 6, explode=True), "3d6!"),
        (" 4 d 6 ! kh 3 + 2 ", DiceExpr(4, 6, 2, keep_highest=3, explode=True), "4d6!kh3+2"),
        ("4d6kh3!", DiceExpr(4, 6, keep_highest=3, explode=True), "4d6!kh3"),
    ],
)
def test_expr_parse_and_canonical_form(text, expr, canonical):
    assert DiceExpr.parse(text) == expr
    assert str(expr) == canonical
    assert DiceExpr.parse(canonical) == expr


@pytest.mark.parametrize(
    "junk", ["d", "2d1", "3d6kh4", "abc", "", "0d6", "2d6kh1kl1", "1d20++5", "3d6!!", "d0", "2d6k"]
)
def test_expr_rejects_junk(junk):
    with pytest.raises(DiceInputError) as info:
        DiceExpr.parse(junk)
    assert info.value.fr and info.value.en


@given(
    st.integers(1, 30),
    st.integers(2, 100),
    st.integers(-50, 50),
    st.sampled_from(["", "h", "l"]),
    st.booleans(),
    st.data(),
)
def test_expr_str_parse_round_trip(count, sides, modifier, keep_kind, explode, data):
    keep = data.draw(st.integers(1, count)) if keep_kind else None
    expr = DiceExpr(
        count,
        sides,
        modifier,
        keep_highest=keep if keep_kind == "h" else None,
        keep_lowest=keep if keep_kind == "l" else None,
        explode=explode,
    )
    assert DiceExpr.parse(str(expr)) == expr


def test_expr_total_with_keep_and_modifier():
    assert DiceExpr.parse("4d6kh3").total([1, 4, 5, 6]) == 15
    assert DiceExpr.parse("4d6kl3+1").total([1, 4, 5, 6]) == 11
    assert DiceExpr.parse("2d20kh1+5").total([3, 17]) == 22
    assert DiceExpr.parse("2d6-1").total("3 4") == 6
    with pytest.raises(DiceInputError):
        DiceExpr.parse("4d6kh3").total([1, 4, 5])
    with pytest.raises(DiceInputError):
        DiceExpr.parse("2d6").total([1, 7])


def test_expr_total_with_explosion_chains():
    expr = DiceExpr.parse("3d6!")
    # 6 then its extra 2; a plain 3; 6, 6, then 1: per-die totals 8, 3, 13.
    assert expr.die_totals([6, 2, 3, 6, 6, 1]) == [8, 3, 13]
    assert expr.total([6, 2, 3, 6, 6, 1]) == 24
    assert DiceExpr.parse("3d6!kh1").total([6, 2, 3, 6, 6, 1]) == 13
    with pytest.raises(DiceInputError, match="3"):
        expr.total([6, 2, 3])


def test_expr_bounds():
    assert (DiceExpr.parse("4d6kh3+2").minimum, DiceExpr.parse("4d6kh3+2").maximum) == (5, 20)
    assert (DiceExpr.parse("1d20-1").minimum, DiceExpr.parse("1d20-1").maximum) == (0, 19)
    assert (DiceExpr.parse("3d6!").minimum, DiceExpr.parse("3d6!").maximum) == (3, None)


@given(st.integers(0, 2**32), st.sampled_from(["3d6!", "4d6kh3", "2d4!kl1-2", "1d20+5"]))
def test_expr_roll_gives_faces_its_total_accepts(seed, text):
    expr = DiceExpr.parse(text)
    faces = expr.roll(random.Random(seed))
    assert len(expr.die_totals(faces)) == expr.count
    total = expr.total(faces)
    assert total >= expr.minimum
    assert expr.maximum is None or total <= expr.maximum


def test_rng_state_round_trip_continues_sequence():
    rng = random.Random(2024)
    roll(rng, 10, 20)
    saved = json.loads(json.dumps(rng_state(rng)))
    assert all(type(v) is int for v in saved)
    restored = rng_from_state(2024, saved)
    assert roll(restored, 100, 20) == roll(rng, 100, 20)


def test_rng_state_keeps_gauss_next():
    rng = random.Random(7)
    rng.gauss(0, 1)
    assert rng.getstate()[2] is not None
    restored = rng_from_state(7, json.loads(json.dumps(rng_state(rng))))
    assert restored.getstate() == rng.getstate()
    assert restored.gauss(0, 1) == rng.gauss(0, 1)
    assert roll(restored, 100, 6) == roll(rng, 100, 6)


def test_rng_from_state_without_state_is_seeded():
    assert roll(rng_from_state(5, None), 20, 6) == roll(random.Random(5), 20, 6)


def test_rng_from_state_rejects_corrupt_state():
    good = rng_state(random.Random(1))
    corrupt = (
        good[:-1],
        [*good[:-1], "x"],
        [good[0], *[2**40] * 625, 0, 0, 0],
        [*good[:-3], 2, 0, 0],
        [*good[:-3], 1, 0, 2**33],
    )
    for bad in corrupt:
        with pytest.raises(ValueError):
            rng_from_state(1, bad)
