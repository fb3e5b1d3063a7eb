"""Reaction windows (Seams II): a resolution that is not finished opens a window saved in the
encounter; the ruleset says what it offers; actions taken in it name it; it closes when the
resolution goes on; what is left of it survives a save and a restart. reserve_menace's hits
waiting to be absorbed (RM-28), Protéger (RM-49) and Désarmer (RM-59) run on it."""

from __future__ import annotations

import pytest

from gui.engine.checks.request import DiceResult
from gui.engine.contract.values import Action, ActionError
from gui.engine.edits import roster as roster_edits
from gui.engine.files import storage
from gui.engine.rulesets import registry
from gui.engine.timing import windows
from tests.engine.builders import dump
from tests.engine.rulesets.reserve_menace.builders import MJ, act, encounter, extra, pc, start


def _hit():
    """S1 hits Ana (Défense 5) with 9 Qualités: the hit waits in a window (RM-28)."""
    enc = encounter(
        pc("ana", tenacite=4, reserve=1),
        pc("bea", tenacite=5, reserve=1),
        extra("s1", "standard", valeur=8),
    )
    t = start(enc, MJ)
    for cid, d in (("ana", 5), ("bea", 6), ("s1", 6)):
        enc.combatant(cid).stats["defense"] = d
    _p, resolution, cs = act(t, "attaquer", "s1", "ana", q=9)
    return enc, t, resolution, cs


def test_rm_28_a_hit_opens_a_window_with_its_offers():
    enc, t, _resolution, cs = _hit()
    (window,) = enc.windows
    assert (window.kind, window.actor, window.target, window.value) == (
        "a_encaisser",
        "s1",
        "ana",
        9,
    )
    assert window.gesture == window.id and windows.gesture_of(cs) == window.id
    offers = [(o.actor, o.kind, o.role) for o in t.offers()]
    assert offers == [
        ("ana", "encaisser", "follow_up"),
        ("s1", "desarmer", "follow_up"),  # RM-59: the attacker's, instead
        ("bea", "proteger", "reaction"),  # RM-49: an ally's
    ]
    assert "À encaisser (Q 9)" in t.ruleset.badges(enc, enc.combatant("ana"))


def test_the_window_is_saved_and_survives_a_restart(tmp_path):
    enc, t, _r, _cs = _hit()
    t.save(tmp_path / "hit.json")
    reopened = storage.load(tmp_path / "hit.json")
    assert reopened.windows == enc.windows
    act(type(t)(reopened), "encaisser", "ana", q=1)  # the gesture goes on after a restart
    assert reopened.windows == []


def test_rm_49_protect_closes_the_window_and_opens_the_protectors_in_the_same_gesture():
    enc, t, _r, _cs = _hit()
    (first,) = enc.windows
    act(t, "proteger", "bea", "ana")
    (second,) = enc.windows
    assert (second.kind, second.target, second.value) == ("a_encaisser_protege", "bea", 9)
    assert second.gesture == first.gesture and second.id != first.id
    act(t, "encaisser", "bea", q=1)
    assert enc.windows == []


def test_a_step_is_due_so_the_hit_does_not_just_pass():
    enc, t, _r, _cs = _hit()
    with pytest.raises(ActionError, match="a step is due"):
        t.pass_window(enc.windows[0].id)


def test_an_action_in_a_closed_window_is_refused():
    enc, t, _r, _cs = _hit()
    wid = enc.windows[0].id
    act(t, "encaisser", "ana", q=1)
    with pytest.raises(ActionError, match="already closed"):
        t.resolve(Action("encaisser", "ana", window=wid), DiceResult("aggregate", (), 1))


def test_removing_a_combatant_closes_the_windows_it_is_in():
    enc, t, _r, _cs = _hit()
    before = dump(enc)
    cs = roster_edits.remove_combatant(enc, "s1")
    t.apply(cs)
    assert enc.windows == []
    t.revert(cs)
    assert dump(enc) == before


def test_a_window_naming_nobody_is_refused_by_the_loader():
    enc, _t, _r, _cs = _hit()
    data = storage.dumps(enc).replace(b'"target":"ana"', b'"target":"nobody"')
    with pytest.raises(storage.LoadError) as refused:
        storage.loads(data)
    assert refused.value.path == "$.encounter.windows[0].target"


def test_the_window_reads_in_both_languages_from_the_rulesets_data():
    enc, t, _r, _cs = _hit()
    label = windows.describe(enc, t.ruleset.data, enc.windows[0])
    assert (label.fr, label.en) == (
        "Attaque de S1 : Ana encaisse 9 Qualités (Défense battue)",
        "S1's attack: Ana absorbs 9 Qualités (Défense beaten)",
    )


@pytest.mark.parametrize("ruleset_id", registry.available())
def test_every_declared_window_label_names_only_what_a_window_has(ruleset_id):
    for spec in registry.get(ruleset_id).data.windows:
        for text in (spec.label.fr, spec.label.en):
            assert text.format(actor="A", target="B", value=3)
