"""reserve_menace Passes (RM-15 to RM-21, RM-30, RM-43, RM-45, A-RM-14 to A-RM-17): alternating
initiative, action budgets, once-per-Passe types, bought minor actions, directed minors,
forbidden types and moves."""

import pytest

from gui.engine.contract.values import Action, ActionError
from gui.engine.space.destination import Destination
from gui.engine.state.changes import revert
from gui.engine.state.model import State
from tests.engine.builders import dump
from tests.engine.rulesets.reserve_menace.builders import (
    MJ,
    MJ2,
    PJ,
    act,
    blocking,
    encounter,
    extra,
    left,
    nxt,
    pc,
    start,
    stat,
    states,
)


def _fight(first=PJ, reserve=0, minors=2, **flags):
    enc = encounter(
        pc("ana", agression=4, reserve=1),
        pc("bea", agression=4),
        extra("s1", "standard", valeur=4),
        *(extra(f"m{n}", valeur=3) for n in range(1, minors + 1)),
        reserve=reserve,
        flags=flags,
    )
    t = start(enc, first)
    for c in enc.combatants:  # high Défense: attacks below it only cost 1 point
        c.stats["defense"] = 10
    return enc, t


def _out(enc, *cids):
    for cid in cids:
        enc.combatant(cid).states.append(State(key="terrasse", label="Terrassé"))


# --- Budgets and alternation (RM-16, RM-17, RM-20, A-RM-15, A-RM-16) ----------------------------


def test_rm_16_rm_17_two_actions_each_two_shared_by_the_minors():
    enc, _t = _fight()
    units = {e.unit: (e.side, e.members, e.actions_left) for e in enc.turn.order}
    assert units == {
        "ana": (PJ, ["ana"], 2),
        "bea": (PJ, ["bea"], 2),
        "s1": (MJ, ["s1"], 2),
        "mineurs.mj": (MJ, ["m1", "m2"], 2),
    }
    assert enc.turn.holder == PJ and enc.turn.round == 1


def test_rm_17_minors_share_their_two_actions():
    enc, t = _fight(first=MJ)
    act(t, "attaquer", "m1", "ana", q=1)
    act(t, "attaquer", "m2", "bea", q=1)
    assert left(enc, "mineurs.mj") == 0
    nxt(t)
    nxt(t)
    assert enc.turn.holder == MJ
    with pytest.raises(ActionError, match="RM-17"):
        act(t, "interagir_env", "m1")


def test_rm_20_one_unit_per_initiative_one_or_two_actions():
    enc, t = _fight()
    act(t, "attaquer", "ana", "s1", q=1)
    preview = t.preview(Action("alimenter", "bea", None))
    assert blocking(preview) == ["RM-20"]  # another unit while Ana acts
    act(t, "alimenter", "ana", None)
    preview = t.preview(Action("interagir_env", "ana", None))
    assert "RM-20" in blocking(preview)  # two actions done: « Suivant »
    preview = t.preview(Action("attaquer", "s1", "ana"))
    assert set(blocking(preview)) == {"RM-20"}  # the GM does not hold the initiative
    nxt(t)
    assert enc.turn.holder == MJ
    act(t, "attaquer", "s1", "ana", q=1)
    assert left(enc, "s1") == 1


def test_a_rm_15_flow_of_a_passe():
    enc, t = _fight(minors=1)
    act(t, "alimenter", "ana", None)  # Ana takes 1 action only
    nxt(t)
    assert enc.turn.holder == MJ  # the initiative alternates although Ana has one left
    act(t, "attaquer", "m1", "ana", q=1)
    act(t, "interagir_env", "m1")
    nxt(t)
    act(t, "attaquer", "ana", "s1", q=1)  # picked again for her 2nd action
    assert left(enc, "ana") == 0
    nxt(t)
    act(t, "attaquer", "s1", "ana", q=1)
    act(t, "interagir_env", "s1")
    nxt(t)
    assert (enc.turn.holder, enc.turn.round) == (PJ, 1)  # the GM has nobody left
    act(t, "attaquer", "bea", "s1", q=1)
    act(t, "interagir_env", "bea")
    assert stat(enc, "ana", "defense") == 8
    nxt(t)  # nobody has actions: Passe 2, budgets refilled, types cleared
    assert enc.turn.round == 2 and enc.turn.spent == {}
    assert enc.turn.holder == MJ  # alternation goes on from the last holder
    assert [e.actions_left for e in enc.turn.order] == [2, 2, 2, 2]


def test_a_rm_15_out_of_combat_units_are_skipped():
    enc, t = _fight(minors=2)
    _out(enc, "s1", "m1")
    act(t, "attaquer", "ana", "s1", q=1, force=True)  # s1 out: the GM forces (G-3)
    nxt(t)
    assert enc.turn.holder == MJ  # m2 still stands
    _out(enc, "m2")
    preview = t.preview(Action("attaquer", "m2", "ana"))
    assert blocking(preview) == ["RM-39"]
    act(t, "attaquer", "m2", "ana", q=1, force=True)  # GM override (G-3)
    nxt(t)
    assert enc.turn.holder == PJ
    act(t, "alimenter", "ana", None)
    nxt(t)
    assert enc.turn.holder == PJ  # the GM's camp has nobody who can act
    act(t, "alimenter", "bea", None)
    act(t, "attaquer", "bea", "s1", q=1, force=True)
    nxt(t)
    assert enc.turn.round == 2 and enc.turn.holder == PJ
    assert [left(enc, u) for u in ("ana", "bea", "s1", "mineurs.mj")] == [2, 2, 0, 0]


def _pass_all(t, *units):
    for unit in units:
        t.apply(t.turn_step("pass_unit", "Passer", unit=unit))


def test_a_rm_15_passe_ends_when_every_unit_passes():
    enc, t = _fight(minors=1)
    _pass_all(t, "ana", "bea", "s1", "mineurs.mj")
    nxt(t)
    assert enc.turn.round == 2 and left(enc, "ana") == 2


def test_rm_20_several_gm_camps_keep_the_initiative_in_turn():
    enc = encounter(
        pc("ana"),
        extra("a1", "standard"),
        extra("b1", "standard", side=MJ2),
        extra("am", side=MJ),
        extra("bm", side=MJ2),
        second_camp=True,
    )
    t = start(enc, MJ)
    assert enc.turn.side_order == [PJ, MJ, MJ2]
    seen = [enc.turn.holder]
    for _ in range(2):
        nxt(t)
        seen.append(enc.turn.holder)
    assert seen == [MJ, MJ2, PJ]
    units = {e.unit: e.actions_left for e in enc.turn.order}
    assert units["mineurs.mj"] == units["mineurs.mj2"] == 2  # A-RM-16: per camp


# --- Once per Passe (RM-21, TV-RM-25) and moves (RM-45) -----------------------------------------


def test_tv_rm_25_second_attack_blocked_unless_overridden():
    enc, t = _fight()
    act(t, "attaquer", "ana", "s1", q=1)
    preview = t.preview(Action("attaquer", "ana", "m1"))
    assert blocking(preview) == ["RM-21"]
    with pytest.raises(ActionError, match="RM-21"):
        act(t, "attaquer", "ana", "m1", q=1)
    _p, resolution, _cs = act(t, "attaquer", "ana", "m1", q=1, force=True)
    assert any(x.rule == "G-3" for x in resolution.terms)
    assert resolution.log.overrides == {"passer_outre": "True"}
    assert stat(enc, "m1", "defense") == 9


def test_tv_rm_25_attack_then_move_allowed_and_spends_the_move():
    enc, t = _fight()
    act(t, "attaquer", "ana", "s1", q=1)
    before = dump(enc)
    notices, cs = t.move("ana", Destination(zone="z2"))
    assert notices == []
    paths = {c.path for c in cs.changes}
    assert any(p[0] == "turn" for p in paths) and ("combatants", "ana", "position") in paths
    t.apply(cs)
    assert left(enc, "ana") == 0 and enc.turn.spent["ana"] == ["attaquer", "se_deplacer"]
    revert(enc, cs)
    assert dump(enc) == before


def test_rm_45_move_rules():
    _enc, t = _fight()
    notices, cs = t.move("ana", Destination(zone="z1"))  # within the zone: free
    assert notices == [] and all(c.path[0] != "turn" for c in cs.changes)
    notices, _cs = t.move("ana", Destination(zone="z3"))  # not adjacent: a warning
    assert [(n.rule, n.blocking) for n in notices] == [("RM-45", False)]
    notices, _cs = t.move("s1", Destination(zone="z2"))  # not holding the initiative
    assert [n.rule for n in notices if n.blocking] == ["RM-20"]
    t.apply(t.move("ana", Destination(zone="z2"))[1])
    t.apply(t.move("ana", Destination(zone="z2"))[1])
    notices, _cs = t.move("ana", Destination(zone="z1"))  # a second Move this Passe
    assert [n.rule for n in notices if n.blocking] == ["RM-21"]
    t.apply(t.end_combat())  # outside the Passes a move spends nothing
    notices, cs = t.move("ana", Destination(zone="z1"))
    spent = {c.path for c in cs.changes if c.path[0] != "log"}  # the journal's line aside
    assert notices == [] and spent == {("combatants", "ana", "position")}


def test_rm_21_types_are_per_combatant_and_clear_at_the_next_passe():
    enc, t = _fight(minors=2, first=MJ)
    act(t, "attaquer", "m1", "ana", q=1)
    act(t, "attaquer", "m2", "ana", q=1)  # another minor: its own Attack
    assert enc.turn.spent == {"m1": ["attaquer"], "m2": ["attaquer"]}
    for _ in range(4):
        nxt(t)
    assert enc.turn.round == 1
    _pass_all(t, "ana", "bea", "s1")
    nxt(t)
    assert enc.turn.round == 2 and enc.turn.spent == {}


# --- Directed minors (RM-43, A-RM-17) ------------------------------------------------------------


def test_a_rm_17_players_minors_act_only_when_directed():
    enc = encounter(pc("ana"), extra("valet", side=PJ, valeur=3), extra("s1", "standard"))
    t = start(enc, PJ)
    enc.combatant("s1").stats["defense"] = 10
    assert [e.unit for e in enc.turn.order] == ["ana", "s1"]
    with pytest.raises(ActionError, match="A-RM-17"):
        act(t, "attaquer", "valet", "s1", q=1)
    act(t, "diriger", "ana", "valet")
    assert left(enc, "ana") == 1 and "dirige" in states(enc, "valet")
    act(t, "attaquer", "valet", "s1", q=1)
    assert left(enc, "ana") == 1 and states(enc, "valet") == []
    assert stat(enc, "s1", "defense") == 9
    with pytest.raises(ActionError, match="A-RM-17"):
        act(t, "interagir_env", "valet")


def test_a_rm_17_gm_directed_minor_does_not_use_the_shared_pool():
    enc, t = _fight(first=MJ)
    act(t, "diriger", "s1", "m1")
    act(t, "attaquer", "m1", "ana", q=1)
    assert (left(enc, "s1"), left(enc, "mineurs.mj")) == (1, 2)
    assert "RM-43" in blocking(t.preview(Action("diriger", "s1", "ana")))


# --- Forbidden action type (RM-29, RM-30, A-RM-14) ----------------------------------------------


def _ban(kind="attaquer"):
    enc, t = _fight(minors=1)
    act(t, "attaquer", "ana", "s1", q=3, effet="interdire", type_interdit=kind)
    assert f"interdit.{kind}" in states(enc, "s1")
    return enc, t


def test_rm_30_forbidden_type_blocked_on_its_next_turn_then_expires():
    enc, t = _ban()
    nxt(t)
    act(t, "attaquer", "m1", "bea", q=1)  # the minors act first: S1's turn still to come
    nxt(t)
    act(t, "alimenter", "bea", None)
    nxt(t)
    with pytest.raises(ActionError, match="RM-30"):
        act(t, "attaquer", "s1", "ana", q=1)
    notices, move = t.move("s1", Destination(zone="z2"))  # other types are allowed
    assert notices == []
    t.apply(move)
    nxt(t)  # the end of S1's activation lifts the ban
    assert "interdit.attaquer" not in states(enc, "s1")


def test_rm_30_ban_waits_across_the_passe_for_its_next_turn():
    enc, t = _fight(minors=1, first=MJ)
    act(t, "interagir_env", "s1")
    act(t, "pouvoir", "s1")
    nxt(t)
    act(t, "attaquer", "ana", "s1", q=3, effet="interdire", type_interdit="se_deplacer")
    _pass_all(t, "ana", "bea", "mineurs.mj")
    nxt(t)
    assert enc.turn.round == 2 and "interdit.se_deplacer" in states(enc, "s1")
    if enc.turn.holder != MJ:
        nxt(t)
    notices, _cs = t.move("s1", Destination(zone="z2"))
    assert [n.rule for n in notices if n.blocking] == ["RM-30"]


def test_rm_30_expiry_is_undone_with_suivant():
    enc, t = _ban("se_deplacer")
    nxt(t)
    act(t, "attaquer", "s1", "ana", q=1)
    before = dump(enc)
    cs = t.next_turn()
    t.apply(cs)
    assert "interdit.se_deplacer" not in states(enc, "s1")
    revert(enc, cs)
    assert dump(enc) == before


def test_a_rm_14_ban_set_during_the_targets_turn_waits_for_its_next_one():
    """S1 interrupts Ana's turn to forbid her Attack; Ana ends her turn without acting
    again: the ban is for her *next* turn, so it must survive this « Suivant »."""
    enc, t = _fight(minors=1, reserve=2)
    act(t, "alimenter", "ana", None)
    act(t, "interrompre", "s1", type="attaquer")
    act(t, "attaquer", "s1", "ana", q=3, effet="interdire", type_interdit="attaquer")
    assert "interdit.attaquer" in states(enc, "ana")
    nxt(t)
    assert "interdit.attaquer" in states(enc, "ana")
    act(t, "attaquer", "m1", "bea", q=1)
    nxt(t)
    with pytest.raises(ActionError, match="RM-30"):
        act(t, "attaquer", "ana", "s1", q=1)
    act(t, "interagir_env", "ana")
    nxt(t)
    assert "interdit.attaquer" not in states(enc, "ana")


def test_a_rm_14_ban_on_a_directed_minor_lasts_for_its_one_action():
    enc = encounter(pc("ana"), extra("valet", side=PJ, valeur=3), extra("s1", "standard"))
    t = start(enc, MJ)
    enc.combatant("valet").stats["defense"] = 10
    act(t, "attaquer", "s1", "valet", q=3, effet="interdire", type_interdit="attaquer")
    nxt(t)
    act(t, "diriger", "ana", "valet")
    with pytest.raises(ActionError, match="RM-30"):
        act(t, "attaquer", "valet", "s1", q=1)
    act(t, "interagir_env", "valet")
    assert states(enc, "valet") == []


def test_a_rm_15_unused_interruption_and_direction_lapse_at_the_next_passe():
    """Unused actions are lost at the end of the Passe: an interruption paid but not used,
    or a direction not acted on, gives no free out-of-turn action in the next Passe."""
    enc, t = _fight(minors=1, reserve=2)
    act(t, "interrompre", "s1", type="attaquer")
    nxt(t)
    act(t, "diriger", "s1", "m1")
    _pass_all(t, "ana", "bea", "s1", "mineurs.mj")
    before = dump(enc)
    cs = t.next_turn()
    t.apply(cs)
    assert enc.turn.round == 2 and enc.turn.holder == PJ
    assert states(enc, "s1") == [] and states(enc, "m1") == []
    revert(enc, cs)
    assert dump(enc) == before
    t.apply(cs)
    with pytest.raises(ActionError, match="RM-20"):
        act(t, "attaquer", "s1", "ana", q=1)
    with pytest.raises(ActionError, match="RM-20"):
        act(t, "attaquer", "m1", "ana", q=1)


def test_a_rm_14_ban_during_its_turn_counts_if_it_acts_after_it():
    enc, t = _fight(minors=1, reserve=2)
    act(t, "alimenter", "ana", None)
    act(t, "interrompre", "s1", type="attaquer")
    act(t, "attaquer", "s1", "ana", q=3, effet="interdire", type_interdit="attaquer")
    with pytest.raises(ActionError, match="RM-30"):
        act(t, "attaquer", "ana", "s1", q=1)
    act(t, "interagir_env", "ana")
    nxt(t)
    assert "interdit.attaquer" not in states(enc, "ana")
