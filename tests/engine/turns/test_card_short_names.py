"""AD-CARTES cards typed by their short names (issue 34, item 7): « VP », « 10♥ », « RC »,
« Joker » in French (Valet, Dame, Roi, As; pique, cœur, carreau, trèfle), « QH », « 10 of
spades » in English; the interface's language reads a short name first (« AC »)."""

from __future__ import annotations

import pytest

from gui.engine.turns.cards import JOKERS, CardError, card_text, parse_card


@pytest.mark.parametrize(
    ("typed", "short"),
    [
        ("VP", "V♠"),
        ("vp", "V♠"),
        ("10♥", "10♥"),
        ("10C", "10♥"),
        ("RC", "R♥"),
        ("DK", "D♦"),
        ("AT", "A♣"),
        ("2 p", "2♠"),
        ("K♠", "R♠"),  # an English letter read when the French one means nothing
        ("Joker", "Joker"),
    ],
)
def test_french_short_names(typed, short):
    assert card_text(parse_card(typed)) == short


@pytest.mark.parametrize(
    ("typed", "short"),
    [
        ("QH", "Q♥"),
        ("JS", "J♠"),
        ("10D", "10♦"),
        ("KC", "K♣"),
        ("10 of spades", "10♠"),
        ("Ace of clubs", "A♣"),
        ("queen hearts", "Q♥"),
        ("D♥", "Q♥"),  # the French card as the French interface shows it
        ("joker", "Joker"),
    ],
)
def test_english_short_names(typed, short):
    assert card_text(parse_card(typed, english=True), english=True) == short


def test_a_letter_both_languages_use_reads_in_the_interfaces_language_first():
    assert card_text(parse_card("AC")) == "A♥"  # As de cœur
    assert card_text(parse_card("AC", english=True), english=True) == "A♣"  # Ace of clubs
    assert parse_card("Joker", english=True) == JOKERS[0]


@pytest.mark.parametrize("typed", ["V", "as", "VPP", "XP", "1P", "11♥", "KP"])
def test_short_names_that_mean_no_card_are_refused_with_examples(typed):
    with pytest.raises(CardError) as err:
        parse_card(typed)
    assert "« VP »" in err.value.fr and "« 10♥ »" in err.value.fr
    assert "JS" in err.value.en and "10 of spades" in err.value.en
