"""SIX-09, the README's « Adding an action » example: one ActionDef in tests/sixth/actions.py,
one rule in tests/sixth/ruleset.json, and this test."""

from __future__ import annotations

from gui.engine.checks.request import DiceResult
from gui.engine.contract.values import Action
from gui.engine.play.table import Table
from tests.engine.turns.turn_builders import exact_undo
from tests.sixth.builders import registered, sixth_encounter


def test_six_09_hiding_needs_no_roll_and_conceals_the_actor():
    with registered():
        t = Table(sixth_encounter())
        offered = [a.kind for a in t.ruleset.actions(t.enc, "garde", None)]
        assert offered == ["souffle", "camoufler"]
        preview = t.preview(Action("camoufler", "garde"))
        assert preview.dice is None and [term.rule for term in preview.terms] == ["SIX-09"]
        resolution, cs = t.resolve(Action("camoufler", "garde"), DiceResult("none"))
        exact_undo(t, cs)
        said = (resolution.outcome_fr, resolution.outcome_en)
        assert said == ("Garde se camoufle", "Garde hides")
        assert [s.key for s in t.enc.combatant("garde").states] == ["camoufle"]
        assert t.preview(Action("tir", "eclaireur", "garde")).more  # SIX-04 now applies
        assert "camoufler" not in [a.kind for a in t.ruleset.actions(t.enc, "garde", None)]
