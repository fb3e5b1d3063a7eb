"""Threatened squares with a reach, and flanking by the line between centres (D35-66, D35-67),
with reach and with large creatures."""

from gui.engine.grid.board import Board, Wall
from gui.engine.grid.flanking import flanking, opposite_sides
from gui.engine.grid.reach import Threat, squares_to, threatened, threatens
from gui.engine.grid.squares import Footprint


def test_a_medium_creature_threatens_the_eight_squares_around_it():
    around = threatened(Threat(Footprint((5, 5))))
    assert len(around) == 8 and (5, 5) not in around and (4, 4) in around


def test_a_large_creature_threatens_the_ring_around_its_space():
    assert len(threatened(Threat(Footprint((5, 5), 2)))) == 12


def test_a_reach_weapon_threatens_two_squares_away_but_not_adjacent():
    """1-2-1: the diagonal (2, 2) is 3 squares away, so 5 × 5 less the corners and the 3 × 3."""
    ring = threatened(Threat(Footprint((0, 0)), reach=2, min_reach=2))
    assert len(ring) == 12 and (1, 1) not in ring and (2, 2) not in ring and (2, 1) in ring
    assert (2, 2) in threatened(Threat(Footprint((0, 0)), 2, 2), "chebyshev")


def test_distance_counts_from_the_nearest_square_of_the_space():
    assert squares_to(Footprint((0, 0), 3), (5, 1)) == 3
    assert squares_to(Footprint((0, 0), 3), (1, 1)) == 0


def test_a_wall_stops_a_threat_d35_07():
    board = Board([Wall((1, -1), (1, 2))])
    assert (1, 0) in threatened(Threat(Footprint((0, 0))))
    assert (1, 0) not in threatened(Threat(Footprint((0, 0))), board=board)
    assert not threatens(Threat(Footprint((0, 0))), Footprint((1, 0)), board=board)


def test_d35_66_allies_on_opposite_sides_flank():
    call = flanking(Footprint((5, 5)), Threat(Footprint((4, 5))), [Threat(Footprint((6, 5)))])
    assert call.flanked and call.ally == 0 and call.sides == "left-right"
    assert call.fr.startswith("Prise en tenaille : la ligne des centres de (4, 5) et (6, 5)")
    assert call.en.startswith("Flanking: the line between the centres")  # no ruleset's id


def test_d35_66_opposite_corners_count():
    assert opposite_sides((4, 4), (6, 6), Footprint((5, 5))) == "left-right"
    assert opposite_sides((4, 4), (6, 5), Footprint((5, 5))) is None


def test_d35_66_an_ally_that_does_not_threaten_does_not_flank():
    target, attacker = Footprint((5, 5)), Threat(Footprint((4, 5)))
    call = flanking(target, attacker, [Threat(Footprint((7, 5)))])
    assert not call.flanked and call.reason == "allies"
    assert "no ally threatens" in call.en


def test_d35_66_flanking_with_reach():
    """The ally two squares behind the target holds a reach weapon: it threatens, it flanks."""
    target, attacker = Footprint((5, 5)), Threat(Footprint((4, 5)))
    assert flanking(target, attacker, [Threat(Footprint((7, 5)), reach=2, min_reach=2)]).flanked


def test_d35_66_a_large_ally_flanks_from_any_of_its_squares():
    target, attacker = Footprint((5, 5)), Threat(Footprint((4, 5)))
    call = flanking(target, attacker, [Threat(Footprint((6, 4), 2))])
    assert call.flanked and call.squares[0] == (4, 5) and call.squares[1] in {(7, 4), (6, 5)}
    # A Medium ally on (6, 4) alone does not: its centre line passes above the corner (6, 5).
    assert not flanking(target, attacker, [Threat(Footprint((6, 4)))]).flanked


def test_d35_66_flanking_a_large_target():
    """Centres (4.5, 5.5) and (7.5, 6.5) cross x = 5 at y ≈ 5.67 and x = 7 at y ≈ 6.33."""
    target = Footprint((5, 5), 2)
    call = flanking(target, Threat(Footprint((4, 5))), [Threat(Footprint((7, 6)))])
    assert call.flanked and call.sides == "left-right"
    beside = flanking(target, Threat(Footprint((4, 5))), [Threat(Footprint((5, 7)))])
    assert not beside.flanked and beside.reason == "line"


def test_an_attacker_that_does_not_threaten_does_not_flank():
    call = flanking(Footprint((5, 5)), Threat(Footprint((2, 5))), [Threat(Footprint((6, 5)))])
    assert call.reason == "attacker" and not call.flanked


def test_open_only_leaves_out_the_squares_past_a_wall_end_or_round_a_corner_d35_04():
    """The newcomer's case: outside a room's corner, the square inside it diagonally is not
    threatened (every line meets the corner), nor the square past the end of a wall."""
    room = Board([Wall((0, 0), (4, 0)), Wall((4, 0), (4, 4))])
    outside = Threat(Footprint((4, -1)))
    assert (3, 0) not in threatened(outside, "chebyshev", room, open_only=True)
    assert (3, 0) in threatened(outside, "chebyshev", room)  # a line of effect all the same
    wall_end = Board([Wall((1, 0), (1, 6))])
    assert (1, -1) not in threatened(
        Threat(Footprint((0, 0))), "chebyshev", wall_end, open_only=True
    )
