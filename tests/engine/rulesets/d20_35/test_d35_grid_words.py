"""d20_35 names the grid's cover and flanking calls with its own rule ids (D35-01, D35-05,
D35-07, D35-66, D35-67); the grid and the contract's default say the same in plain words."""

from __future__ import annotations

import pytest

from gui.engine.contract.values import Action
from gui.engine.grid.board import Board, Wall
from gui.engine.grid.flanking import flanking
from gui.engine.grid.lines import cover
from gui.engine.grid.reach import Threat
from gui.engine.grid.squares import Footprint
from gui.engine.rulesets import registry
from tests.engine.rulesets.d20_35.builders import MJ, PJ, arme, fighter, registered, table

A, T = Footprint((0, 0)), Footprint((5, 0))
CALLS = {
    "none": cover(Board(), A, T),
    "soft": cover(Board(), A, T, creatures=[Footprint((2, 0))]),
    "normal": cover(Board([Wall((3, 0), (3, 1))]), A, T),
    "total": cover(Board([Wall((3, -5), (3, 5))]), A, T),
}
HEADS = {
    "none": ("Pas d'abri (D35-01) : ", "No cover (D35-01): "),
    "soft": ("Abri mou (D35-05) : ", "Soft cover (D35-05): "),
    "normal": ("Abri (D35-01) : ", "Cover (D35-01): "),
    "total": ("Abri total (D35-07) : ", "Total cover (D35-07): "),
}
FLANKED = flanking(Footprint((5, 5)), Threat(Footprint((4, 5))), [Threat(Footprint((6, 5)))])
ALONE = flanking(Footprint((5, 5)), Threat(Footprint((4, 5))), [])


@pytest.fixture(autouse=True)
def _d20():
    with registered():
        yield


@pytest.mark.parametrize("level", sorted(CALLS))
def test_d35_01_05_07_cover_reads_d20_s_ids_and_plain_words_elsewhere(level):
    call = CALLS[level]
    fr, en = registry.get("d20_35").cover_words(table().enc, call)
    assert (fr[: len(HEADS[level][0])], en[: len(HEADS[level][1])]) == HEADS[level]
    plain = registry.get("libre").cover_words(table().enc, call)
    assert plain == call.words() and "D35" not in "".join(plain)
    assert fr.split(" : ", 1)[1] == plain[0].split(" : ", 1)[1]  # the same call after the head


def test_d35_66_67_flanking_reads_d20_s_ids_and_plain_words_elsewhere():
    d20 = registry.get("d20_35")
    fr, en = d20.flank_words(table().enc, FLANKED)
    assert fr == (
        "Prise en tenaille (D35-66, +2 D35-67) : la ligne des centres de (4, 5) et (6, 5) "
        "traverse les bords gauche et droit de l'espace de la cible."
    )
    assert en == (
        "Flanking (D35-66, +2 D35-67): the line between the centres of (4, 5) and (6, 5) "
        "crosses the left and right edges of the target's space."
    )
    assert d20.flank_words(table().enc, ALONE) == (
        "Pas de prise en tenaille (D35-66) : aucun allié ne menace la cible.",
        "No flanking (D35-66): no ally threatens the target.",
    )
    plain = registry.get("libre").flank_words(table().enc, FLANKED)
    assert plain == FLANKED.words() and plain[0].startswith("Prise en tenaille : la ligne")


def test_d35_66_the_attack_s_flanking_term_keeps_d20_s_words():
    sword = [arme("Épée longue")]
    t = table(
        fighter("a", PJ, (0, 1), armes=sword), fighter("b", MJ, (1, 1)), fighter("c", PJ, (2, 1))
    )
    preview = t.preview(Action("attaquer", "a", "b", {"arme": "1"}))
    (term,) = [x for x in preview.terms if x.rule == "D35-66"]
    assert term.label.startswith("Prise en tenaille (D35-66, +2 D35-67) : la ligne des centres")
    assert term.label_en.startswith("Flanking (D35-66, +2 D35-67): the line between")
