"""douaratil: contests and surprise (TV-DOU-24, TV-DOU-25; DOU-01, DOU-02, DOU-21, DOU-53 to
DOU-56, A-DOU-6, A-DOU-7, A-DOU-25, CFG-DOU-6)."""

from __future__ import annotations

import itertools
from fractions import Fraction

import pytest

from gui.engine.contract.values import Action, ActionError
from gui.engine.rulesets.douaratil import budget, contests
from tests.engine.acting import take
from tests.engine.rulesets.douaratil.builders import MJ, add_state, fighter, table


def look(t, kind, actor, target=None, **options):
    return t.preview(Action(kind, actor, target, options))


def blocking(preview) -> list[str]:
    return [n.rule for n in preview.notices if n.blocking]


def keys(t, cid) -> list[str]:
    return [s.key for s in t.enc.combatant(cid).states]


def state(t, cid, key):
    return next(s for s in t.enc.combatant(cid).states if s.key == key)


def fight(t):
    """The fight begins (round 1), in the order the combatants were listed."""
    ids = [c.id for c in t.enc.combatants]
    t.apply(t.start_combat({cid: 20 - i for i, cid in enumerate(ids)}))
    return t


def pair(a=None, b=None, **flags):
    """A grappler "a" (Str 14: +2) and a target "b" (Str 10, Dex 12: +1), in one zone, the
    fight begun."""
    return fight(
        table(
            fighter("a", **({"force": 14} | (a or {}))),
            fighter("b", MJ, **({"dexterite": 12} | (b or {}))),
            flags=flags or None,
        )
    )


# --- TV-DOU-24: legality (DOU-53, DOU-56) and dragging (DOU-55) -----------------------------


@pytest.mark.parametrize(
    ("size", "legal"), [("small", True), ("medium", True), ("large", True), ("huge", False)]
)
@pytest.mark.parametrize("kind", ["empoigner", "bousculer"])
def test_tv_dou_24_at_most_one_size_larger(kind, size, legal):
    t = pair(b={"taille": size})
    rule = "DOU-53" if kind == "empoigner" else "DOU-56"
    assert (rule in blocking(look(t, kind, "a", "b"))) != legal


def test_tv_dou_24_no_free_hand_is_illegal_dou_53():
    t = pair(b={"taille": "large"})
    assert blocking(look(t, "empoigner", "a", "b")) == []
    assert blocking(look(t, "empoigner", "a", "b", main_libre=False)) == ["DOU-53"]
    with pytest.raises(ActionError):
        take(t, "empoigner", "a", "b", "6 6 6", ("1 1 1",), main_libre=False)
    r = take(t, "empoigner", "a", "b", "6 6 6", ("1 1 1",), force=True, main_libre=False)
    assert r.forced and "empoigne" in keys(t, "b")
    assert any(term.rule == "G-3" for term in r.terms)


def test_reach_dou_53():
    t = pair()
    assert blocking(look(t, "empoigner", "a", "b")) == []  # one zone: 0 m
    t.enc.combatant("b").position.zone = "z2"  # 6 m away
    assert blocking(look(t, "empoigner", "a", "b")) == ["DOU-53"]
    assert blocking(look(t, "bousculer", "a", "b", distance=1)) == []
    assert blocking(look(t, "bousculer", "a", "b", distance=2)) == ["DOU-56"]


@pytest.mark.parametrize(("size", "metres"), [("small", 4.5), ("tiny", 9.0), ("medium", 4.5)])
def test_tv_dou_24_dragging_halves_speed_unless_two_sizes_smaller_dou_55(size, metres):
    t = pair(a={"vitesse": 9.0}, b={"taille": size})
    a = t.enc.combatant("a")
    assert contests.drag_factor(t.enc, a) == 1.0
    take(t, "empoigner", "a", "b", "6 6 6", ("1 1 1",))
    a = t.enc.combatant("a")
    assert budget.allowance(a) * contests.drag_factor(t.enc, a) == metres
    assert contests.drag_factor(t.enc, t.enc.combatant("b")) == 1.0  # the one held drags nothing


# --- Empoigner (DOU-53, A-DOU-7) ------------------------------------------------------------


def test_a_grapple_won_grapples_the_target_with_its_grappler():
    t = pair()
    r = take(t, "empoigner", "a", "b", "4 4 4", ("3 3 3",))  # 12 + 2 = 14 against 9 + 1 = 10
    assert r.success and r.amounts == {"total": 14, "opposed": 10}
    grappled = state(t, "b", "empoigne")
    assert grappled.source == "a" and grappled.label == "Empoigné" and grappled.text
    assert budget.spent(t.enc.combatant("a"), "action")
    assert budget.attacks_made(t.enc.combatant("a")) == 1


def test_a_grapple_lost_changes_nothing_but_the_action():
    t = pair()
    r = take(t, "empoigner", "a", "b", "1 2 3", ("5 5 5",))
    assert not r.success and "empoigne" not in keys(t, "b")
    assert budget.spent(t.enc.combatant("a"), "action")


def test_a_dou_7_a_tied_grapple_changes_nothing():
    t = pair()
    r = take(t, "empoigner", "a", "b", "3 3 3", ("3 3 4",))  # 9 + 2 against 10 + 1: a tie
    assert not r.success and r.amounts == {"total": 11, "opposed": 11}
    assert "empoigne" not in keys(t, "b") and "égalité" in r.outcome_fr.lower()
    assert any(term.rule == "A-DOU-7" for term in r.terms)


def test_the_target_chooses_athletics_or_acrobatics_default_the_better():
    # b: Str 10 (+0) with Athletics (+2) = +2; Dex 14 (+2) = +2 → Athletics on a tie.
    t = pair(b={"athletisme": True, "dexterite": 14})
    assert contests.best_skill(t.enc.combatant("b")) == "athletisme"
    t.enc.combatant("b").stats["acrobaties"] = True  # +4
    assert contests.best_skill(t.enc.combatant("b")) == "acrobaties"
    spec = next(s for s in t.ruleset.actions(t.enc, "a", "b") if s.kind == "empoigner")
    assert next(o for o in spec.options if o.key == "resiste").default == "acrobaties"
    # Chosen Athletics: 9 + 2 = 11 against 11 + 2 = 13.
    r = take(t, "empoigner", "a", "b", "3 3 3", ("4 4 3",), resiste="athletisme")
    assert r.amounts["opposed"] == 13


def test_a_second_grapple_needs_an_attack_left_dou_21():
    t = fight(table(fighter("a", force=14), fighter("b", MJ), fighter("c", MJ)))
    take(t, "empoigner", "a", "b", "6 6 6", ("1 1 1",))
    assert blocking(look(t, "empoigner", "a", "c")) == ["DOU-21"]
    t = fight(table(fighter("a", force=14, attaques=2), fighter("b", MJ), fighter("c", MJ)))
    take(t, "empoigner", "a", "b", "6 6 6", ("1 1 1",))
    assert blocking(look(t, "bousculer", "a", "c")) == []
    take(t, "bousculer", "a", "c", "6 6 6", ("1 1 1",))
    assert budget.attacks_made(t.enc.combatant("a")) == 2
    assert blocking(look(t, "empoigner", "a", "c")) == ["DOU-21"]


def test_the_first_attack_spends_the_action_dou_05():
    t = pair()
    add_state(t, "a", budget.PREFIX + "action")  # the action went on something else
    assert blocking(look(t, "empoigner", "a", "b")) == ["DOU-05"]


@pytest.mark.parametrize(("attacks", "legal"), [(1, False), (2, True)])
def test_a_grapple_replaces_an_attack_after_attaquer_dou_21(attacks, legal):
    t = pair(a={"attaques": attacks}, b={"vd": 30})
    take(t, "attaquer", "a", "b", "2 3 2", arme="0")  # a miss, the action's first attack
    assert budget.spent(t.enc.combatant("a"), "action")
    assert (blocking(look(t, "empoigner", "a", "b")) == []) == legal
    if legal:
        take(t, "empoigner", "a", "b", "6 6 6", ("1 1 1",))
        assert budget.attacks_made(t.enc.combatant("a")) == 2


def test_out_of_the_fight_nothing_is_counted():
    t = table(fighter("a", force=14), fighter("b", MJ))
    take(t, "empoigner", "a", "b", "6 6 6", ("1 1 1",))
    assert "empoigne" in keys(t, "b") and keys(t, "a") == []


def test_a_surprised_creature_cannot_grapple_dou_02():
    t = pair()
    add_state(t, "a", "surpris")
    assert "DOU-02" in blocking(look(t, "empoigner", "a", "b"))


# --- Exact odds (opposed 3d6, A-DOU-7) -------------------------------------------------------


def brute_force(mine: int, theirs: int) -> Fraction:
    """P(3d6 + mine > 3d6 + theirs) by listing all 6^6 rolls (a tie is a loss)."""
    wins = 0
    for faces in itertools.product(range(1, 7), repeat=6):
        wins += sum(faces[:3]) + mine > sum(faces[3:]) + theirs
    return Fraction(wins, 6**6)


def test_the_preview_odds_are_exact():
    t = pair(a={"force": 16, "athletisme": True}, b={"dexterite": 13})  # +5 against +1
    preview = look(t, "empoigner", "a", "b")
    assert preview.odds == brute_force(5, 1)
    assert str(preview.dice.expr) == "3d6" and str(preview.more[0].expr) == "3d6"
    assert "A-DOU-7" in preview.odds_note
    assert look(pair(), "bousculer", "a", "b").odds == brute_force(2, 1)


def test_the_odds_with_advantage_are_exact():
    t = pair()
    preview = look(t, "empoigner", "a", "b", jet="avantage")
    assert str(preview.dice.expr) == "4d6kh3"
    wins = 0
    for faces in itertools.product(range(1, 7), repeat=7):
        mine = sum(sorted(faces[:4])[1:]) + 2
        wins += mine > sum(faces[4:]) + 1
    assert preview.odds == Fraction(wins, 6**7)


def test_a_typed_total_is_read():
    t = pair()
    r = take(t, "empoigner", "a", "b", agg=15, then=("1 1 1",))
    assert r.success and r.amounts["total"] == 17


# --- S'échapper (DOU-54), Lâcher (DOU-53) ---------------------------------------------------


def grappled_pair(**b):
    t = pair(b={"force": 12} | b)
    take(t, "empoigner", "a", "b", "6 6 6", ("1 1 1",))
    return t


def test_escape_against_the_grappler_s_athletics_dou_54():
    t = grappled_pair()
    kinds = [s.kind for s in t.ruleset.actions(t.enc, "b", None)]
    assert "s_echapper" in kinds and "lacher" not in kinds
    r = take(t, "s_echapper", "b", None, "5 5 5", ("3 3 3",))  # 15 + 1 against 9 + 2
    assert r.success and "empoigne" not in keys(t, "b")
    assert budget.spent(t.enc.combatant("b"), "action")
    assert r.amounts == {"total": 16, "opposed": 11}


def test_a_dou_7_a_tied_escape_holds_the_grapple():
    t = grappled_pair()
    # b escapes with Str (Athletics) +1: 10 + 1 = 11 against a's 9 + 2 = 11.
    r = take(t, "s_echapper", "b", None, "3 3 4", ("3 3 3",), avec="athletisme")
    assert not r.success and "empoigne" in keys(t, "b")
    assert "tient" in r.outcome_fr


def test_escape_spends_the_action_dou_54():
    t = grappled_pair()
    add_state(t, "b", budget.PREFIX + "action")
    assert blocking(look(t, "s_echapper", "b")) == ["DOU-05"]


def test_escape_is_offered_only_when_grappled():
    t = pair()
    assert "s_echapper" not in [s.kind for s in t.ruleset.actions(t.enc, "b", None)]
    with pytest.raises(ActionError):
        look(t, "s_echapper", "b")


def test_release_is_free_dou_53():
    t = grappled_pair()
    assert "lacher" in [s.kind for s in t.ruleset.actions(t.enc, "a", None)]
    before = [s.key for s in t.enc.combatant("a").states]
    r = take(t, "lacher", "a")
    assert "empoigne" not in keys(t, "b") and "lâche" in r.outcome_fr
    assert [s.key for s in t.enc.combatant("a").states] == before  # no budget spent
    assert contests.drag_factor(t.enc, t.enc.combatant("a")) == 1.0
    assert "lacher" not in [s.kind for s in t.ruleset.actions(t.enc, "a", None)]


# --- Bousculer (DOU-56) ----------------------------------------------------------------------


def test_a_shove_knocks_prone():
    t = pair()
    r = take(t, "bousculer", "a", "b", "4 4 4", ("3 3 3",))
    assert r.success and "a_terre" in keys(t, "b")
    assert state(t, "b", "a_terre").label == "À terre"


def test_a_shove_pushes_1_50_m():
    t = pair()
    r = take(t, "bousculer", "a", "b", "4 4 4", ("3 3 3",), effet="repousser")
    assert r.success and "a_terre" not in keys(t, "b")
    assert "1,50 m" in r.outcome_fr and "1.50 m" in r.outcome_en


def test_a_shove_lost_or_tied_changes_nothing():
    t = pair()
    r = take(t, "bousculer", "a", "b", "3 3 3", ("3 3 4",))  # 11 against 11
    assert not r.success and "a_terre" not in keys(t, "b")


# --- Surprise (DOU-01, DOU-02, A-DOU-6, A-DOU-25, CFG-DOU-6) ---------------------------------


def ambush(flags=None, **observer):
    """A hider with Dex 10 and no Stealth (+0) and an observer with passive Perception 14
    (Wis 14: +2, Perception +2)."""
    return table(
        fighter("h"),
        fighter("ally"),
        fighter("o", MJ, **({"sagesse": 14, "perception": True} | observer)),
        fighter("down", MJ, pa=0),
        flags=flags,
    )


def test_tv_dou_25_a_tie_stays_unnoticed_a_dou_6():
    t = ambush()
    assert contests.passive_perception(t.enc.combatant("o")) == 14
    r = take(t, "surprise", "h", None, "5 5 4")  # 14
    assert r.success and r.outcome_fr == "Surpris : O"
    surprised = state(t, "o", "surpris")
    assert surprised.expiry is not None and surprised.expiry.at == "turn_end"
    assert surprised.label == "Surpris"
    assert "surpris" not in keys(t, "ally") and "surpris" not in keys(t, "down")
    assert "surpris" not in keys(t, "h")


def test_tv_dou_25_one_less_is_noticed():
    t = ambush()
    r = take(t, "surprise", "h", None, "5 4 4")  # 13
    assert not r.success and "surpris" not in keys(t, "o")
    assert r.outcome_fr == "Personne n’est surpris"


@pytest.mark.parametrize(("faces", "surprised"), [("5 5 4", False), ("5 5 5", True)])
def test_cfg_dou_6_the_observer_wins_ties(faces, surprised):
    t = ambush({"CFG-DOU-6": "observateur"})
    r = take(t, "surprise", "h", None, faces)
    assert ("surpris" in keys(t, "o")) == surprised == r.success


def test_stealth_proficiency_and_a_typed_total():
    t = ambush()
    t.enc.combatant("h").stats.update(dexterite=14, discretion=True)  # +2 +2
    r = take(t, "surprise", "h", None, agg=10)
    assert r.amounts["total"] == 14 and "surpris" in keys(t, "o")


def test_a_dou_25_failing_to_notice_one_hider_is_enough():
    t = ambush()
    t.enc.combatants.append(fighter("h2"))
    take(t, "surprise", "h", None, "5 4 4")  # noticed
    take(t, "surprise", "h2", None, "6 6 6")  # not noticed
    assert state(t, "o", "surpris").source == "h2"


def test_the_surprise_odds_are_exact():
    t = ambush()
    preview = look(t, "surprise", "h")
    wins = sum(sum(f) >= 14 for f in itertools.product(range(1, 7), repeat=3))
    assert preview.odds == Fraction(wins, 216)


def test_surprise_ends_at_the_end_of_the_first_turn_dou_02():
    t = ambush()
    take(t, "surprise", "h", None, "6 6 6")
    o = t.enc.combatant("o")
    assert "DOU-02" in [n.rule for n in budget.notices(o, "action")]
    assert budget.allowance(o) == 0
    t.apply(t.start_combat({"h": 5, "ally": 4, "o": 3, "down": 1}))
    while t.enc.turn.order[t.enc.turn.current].unit != "o":
        t.apply(t.next_turn())
    assert "surpris" in keys(t, "o")
    t.apply(t.next_turn())
    assert "surpris" not in keys(t, "o")


def test_surprise_is_decided_when_the_encounter_begins():
    t = ambush()
    t.enc.turn.round = 2
    assert blocking(look(t, "surprise", "h")) == ["DOU-01"]


def test_labels_in_both_languages():
    t = grappled_pair()
    specs = {s.kind: s.label for s in t.ruleset.actions(t.enc, "a", "b")}
    assert specs["empoigner"].en == "Grapple" and specs["bousculer"].fr == "Bousculer"
    assert specs["surprise"].fr == "Surprise (jet de Discrétion)"
    assert specs["lacher"].en.startswith("Release")
    held = {s.kind: s.label for s in t.ruleset.actions(t.enc, "b", None)}
    assert held["s_echapper"].fr == "S’échapper d’une empoignade"
    assert held["s_echapper"].en == "Escape a grapple"


def test_cfg_dou_1_an_edge_rolled_twice_is_read_in_order():
    t = pair(**{"CFG-DOU-1": "3d6x2"})
    preview = look(t, "empoigner", "a", "b", jet="avantage")
    assert preview.dice.expr.count == 6
    r = take(t, "empoigner", "a", "b", "1 1 1 5 5 5", ("4 4 4",), jet="avantage")
    assert r.amounts == {"total": 17, "opposed": 13} and r.success


# --- The number to reach in the preview (issue 32) -------------------------------------------


def _to_reach(preview):
    (term,) = [t for t in preview.terms if t.label.startswith("à atteindre")]
    return term


@pytest.mark.parametrize(("kind", "rule"), [("empoigner", "DOU-53"), ("bousculer", "DOU-56")])
def test_a_contest_gives_the_opponents_roll_and_modifier_to_reach(kind, rule):
    t = pair(a={"force": 16, "athletisme": True}, b={"dexterite": 13})  # +5 against +1
    preview = look(t, kind, "a", "b")
    term = _to_reach(preview)
    assert (term.value, term.rule) == ("3d6 + 2", rule)  # B's 3d6, its +1, and 1 more (A-DOU-7)
    assert "B" in term.label and "+1" in term.label and "B's roll" in term.label_en
    assert preview.dice_bonus == 5  # the dice entry shows the actor's total
    preview = look(t, kind, "a", "b", jet_adverse="desavantage")
    assert _to_reach(preview).value == "4d6kl3 + 2"


def test_an_escape_gives_the_grappler_s_athletics_to_reach_dou_54():
    t = grappled_pair(dexterite=8)  # b escapes by its Str (Athletics) +1; a's is +2
    preview = look(t, "s_echapper", "b", None)
    assert (_to_reach(preview).value, _to_reach(preview).rule) == ("3d6 + 3", "DOU-54")
    t = pair(a={"force": 4}, b={"force": 12})
    take(t, "empoigner", "a", "b", "6 6 6", ("1 1 1",))
    assert _to_reach(look(t, "s_echapper", "b", None)).value == "3d6 − 2"  # a's −3, 1 more


@pytest.mark.parametrize(("flags", "reach"), [(None, 14), ({"CFG-DOU-6": "observateur"}, 15)])
def test_surprise_gives_the_highest_passive_perception_to_reach(flags, reach):
    t = ambush(flags)
    preview = look(t, "surprise", "h")
    assert preview.target_number == reach and preview.dice_bonus == 0
    assert _to_reach(preview).value == str(reach)
    assert preview.distribution.at_least(reach) == preview.odds
