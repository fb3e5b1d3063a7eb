"""LIB-01 with initiative groups (issue 17): combatants of a side with the same « Groupe
d'initiative » act as one unit, on one initiative roll — the best modifier's; the same name on
another side is another group; an empty group is a combatant on its own."""

from __future__ import annotations

from gui.engine.files import storage
from gui.engine.play.table import Table
from gui.engine.state.changes import ChangeSet
from gui.engine.state.touched import touched
from gui.engine.turns import current_entry
from tests.engine.builders import fighter, libre_encounter


def table() -> Table:
    return Table(
        libre_encounter(
            fighter("hero", "a", init_mod=2),
            fighter("b1", "b", init_mod=1, groupe="Brigands"),
            fighter("b2", "b", init_mod=4, groupe=" Brigands "),
            fighter("scout", "b", init_mod=0),
            fighter("ally", "a", init_mod=0, groupe="Brigands"),
        )
    )


def test_lib01_a_group_is_one_unit_of_its_side_in_roster_order():
    t = table()
    units = t.ruleset.turn_units(t.enc)
    assert [u.members for u in units] == [["hero"], ["b1", "b2"], ["scout"], ["ally"]]
    group = units[1]
    assert group.unit.startswith("groupe:") and group.side == "b"
    assert t.ruleset.unit_label(t.enc, group).fr == "Brigands ×2"
    assert units[3].unit != group.unit  # the same name on another side: another group


def test_lib01_a_group_rolls_once_with_its_best_modifier():
    t = table()
    requests = t.initiative_requests()
    units = [u.unit for u in t.ruleset.turn_units(t.enc)]
    assert list(requests) == units  # one roll per unit: four, not five
    group = units[1]
    assert str(requests[group].expr) == "1d20+4"  # b2's modifier, the best of the two


def test_lib01_the_group_takes_its_turn_once_for_all_its_members():
    t = table()
    units = [u.unit for u in t.ruleset.turn_units(t.enc)]
    cs = t.start_combat(dict(zip(units, (10, 15, 5, 1), strict=True)))
    t.apply(cs)
    acting = current_entry(t.enc.turn)
    assert acting.members == ["b1", "b2"]
    assert any("Brigands" in line or "B1, B2" in line for line in t.enc.log[-1].breakdown)
    t.apply(t.next_turn())
    assert current_entry(t.enc.turn).members == ["hero"]
    storage.loads(storage.dumps(t.enc))  # the state saves


def test_lib01_changing_a_group_regroups_the_views():
    t = table()
    cs: ChangeSet = t.edit_stat("scout", "groupe", "Brigands")
    t.apply(cs)
    notice = touched(cs, t.enc)
    assert notice.regrouped(t.ruleset.grouping_stats) and not notice.regrouped()
    assert [u.members for u in t.ruleset.turn_units(t.enc)][1] == ["b1", "b2", "scout"]
    hp = t.edit_stat("scout", "pv", 3)
    assert not touched(hp, t.enc).regrouped(t.ruleset.grouping_stats)
