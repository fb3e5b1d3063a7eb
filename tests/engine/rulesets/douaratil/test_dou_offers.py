"""douaratil: what a hit's window offers (issue 32). DOU-52: a player character — a combatant
of the players' side — uses block and dodge without a tick, a non-important monster is not
offered them; « Parer avec » offers first the best item that can stop the blow (DOU-47,
A-DOU-3); « Assommer » (DOU-62, A-DOU-10) only after a melee hit, and it knocks out."""

from __future__ import annotations

from gui.engine.checks.request import DiceResult
from gui.engine.contract.values import Action
from gui.engine.rulesets.douaratil import sheet
from tests.engine import acting
from tests.engine.rulesets.conteur.builders import blocking
from tests.engine.rulesets.douaratil.builders import MJ, PJ, arme, fighter, table

SWORD = arme("Épée longue")  # one hand
GREATSWORD = arme("Épée à deux mains")
BOW = arme("Arc long")


def hit(t, attacker, target, weapon="1", **options):
    """An attack that hits (the target's VD 5), its window open; the window."""
    t.enc.combatant(target).stats["vd"] = 5
    a = Action("attaquer", attacker, target, {"arme": weapon, **options})
    resolution, cs = t.resolve(a, DiceResult.typed_faces("5 5 5", t.preview(a).dice))
    assert resolution.success
    t.apply(cs)
    return t.enc.windows[-1]


def look(t, kind, actor, target, window=None, **options):
    return t.preview(Action(kind, actor, target, options, window=window))


def offered(t, window):
    return {(o.actor, o.kind) for o in t.ruleset.window_offers(t.enc, window)}


def players_side(t):
    t.enc.sides[0].players = True  # PJ: the side marked as the players'


# --- DOU-52: player characters and important NPCs -------------------------------------------


def test_a_player_character_blocks_and_dodges_without_the_important_tick():
    t = table(fighter("m", MJ, armes=[SWORD]), fighter("p", PJ, dexterite=14, armes=[SWORD]))
    players_side(t)
    assert t.enc.combatant("p").stats["important"] is False
    window = hit(t, "m", "p")
    assert offered(t, window) == {("m", "degats"), ("p", "parer"), ("p", "esquiver")}
    for kind in ("parer", "esquiver"):
        preview = look(t, kind, "p", "m", window=window.id)
        assert "DOU-52" not in blocking(preview)


def test_without_the_players_mark_an_unticked_character_is_refused():
    t = table(fighter("m", MJ, armes=[SWORD]), fighter("p", PJ, dexterite=14, armes=[SWORD]))
    window = hit(t, "m", "p")
    assert offered(t, window) == {("m", "degats")}
    t.enc.combatant("p").stats["important"] = True  # an important NPC
    assert offered(t, window) == {("m", "degats"), ("p", "parer"), ("p", "esquiver")}


def test_a_non_important_monster_is_not_offered_block_nor_dodge():
    t = table(fighter("p", PJ, armes=[SWORD]), fighter("m", MJ, dexterite=14, armes=[SWORD]))
    players_side(t)
    window = hit(t, "p", "m")
    assert offered(t, window) == {("p", "degats")}
    # The GM may still take it from the monster's actions and pass over the rule (G-3).
    preview = look(t, "parer", "m", "p", window=window.id)
    assert blocking(preview) == ["DOU-52"]
    r = acting.take(t, "parer", "m", "p", "6 6 5", force=True, window=window.id)
    assert r.forced and r.success


def test_with_the_optional_rule_off_every_creature_may_react():
    t = table(
        fighter("p", PJ, armes=[SWORD]),
        fighter("m", MJ, dexterite=14, armes=[SWORD]),
        flags={"DOU-52": False},
    )
    window = hit(t, "p", "m")
    assert offered(t, window) == {("p", "degats"), ("m", "parer"), ("m", "esquiver")}


def test_only_the_allowed_reaction_is_offered():
    """Dodge needs a higher Dexterity (DOU-51); a sword cannot block a two-hand weapon
    (DOU-47)."""
    t = table(
        fighter("m", MJ, dexterite=14, armes=[GREATSWORD]),
        fighter("p", PJ, dexterite=12, armes=[SWORD]),
    )
    players_side(t)
    assert offered(t, hit(t, "m", "p")) == {("m", "degats")}
    t.enc.windows = []
    t.enc.combatant("p").stats["bouclier"] = 2  # a shield blocks it
    assert offered(t, hit(t, "m", "p")) == {("m", "degats"), ("p", "parer")}


def test_no_reaction_left_offers_none_dou_45():
    t = table(fighter("m", MJ, armes=[SWORD]), fighter("p", PJ, dexterite=9, armes=[SWORD]))
    players_side(t)
    window = hit(t, "m", "p")
    assert ("p", "parer") in offered(t, window)
    acting.take(t, "parer", "p", "m", "1 1 2", window=window.id)  # fails: its only one (Dex 9)
    t.enc.windows = []
    assert offered(t, hit(t, "m", "p")) == {("m", "degats")}


# --- « Parer avec »: the best item that can block (DOU-47 to DOU-50, A-DOU-3) ---------------


def _block_with(t, window):
    spec = next(s for s in t.ruleset.actions(t.enc, "p", "m") if s.kind == "parer")
    return next(f for f in spec.options if f.key == "avec").default


def test_block_with_defaults_to_the_weapon_held_not_bare_hands():
    t = table(fighter("m", MJ, armes=[SWORD]), fighter("p", PJ, force=14, armes=[SWORD]))
    players_side(t)
    window = hit(t, "m", "p")
    assert _block_with(t, window) == "1"  # the sword (bare hands cannot block it, DOU-47)
    preview = look(t, "parer", "p", "m", window=window.id)  # no choice given: the same item
    assert blocking(preview) == [] and preview.dice_bonus == 2 + 2  # proficiency + Str


def test_block_with_prefers_the_better_vo_then_a_weapon_over_a_shield():
    magic = arme("Épée longue", nom="Épée +1", magie=1)
    t = table(fighter("m", MJ, armes=[SWORD]), fighter("p", PJ, bouclier=2, armes=[SWORD]))
    players_side(t)
    window = hit(t, "m", "p")
    assert _block_with(t, window) == "1"  # sword and shield alike: the weapon
    t.enc.combatant("p").stats["armes"] = [SWORD, magic]
    assert _block_with(t, window) == "2"  # the better VO
    t.enc.combatant("p").stats["bouclier_magie"] = 2
    assert _block_with(t, window) == "bouclier"


def test_block_with_takes_the_shield_when_only_it_can_stop_the_blow():
    t = table(fighter("m", MJ, armes=[GREATSWORD]), fighter("p", PJ, bouclier=2, armes=[SWORD]))
    players_side(t)
    window = hit(t, "m", "p")
    assert _block_with(t, window) == "bouclier"  # a sword cannot block a two-hand weapon


def test_block_with_against_bare_hands_takes_the_weapon_that_hurts_a_dou_16():
    t = table(fighter("m", MJ), fighter("p", PJ, armes=[SWORD]))
    players_side(t)
    window = hit(t, "m", "p", weapon="0")
    assert _block_with(t, window) == "1"
    assert len(look(t, "parer", "p", "m", window=window.id).more) == 1  # the sword's riposte


# --- « Assommer » (DOU-62, A-DOU-10) ---------------------------------------------------------


def _damage_options(t):
    """The damage's options as the dialog asks for them (the hit still open)."""
    spec = next(s for s in t.ruleset.actions(t.enc, "a", "b") if s.kind == "degats")
    return [f.key for f in spec.options]


def _ko_pair(pa=4):
    return table(
        fighter("a", force=10, dexterite=10, armes=[SWORD, BOW]),
        fighter("b", MJ, pa=pa, pa_max=30),
    )


def test_knock_out_is_offered_after_a_melee_hit_only():
    t = _ko_pair()
    assert "assommer" in _damage_options(t)  # no attack: the weapon is chosen (below)
    hit(t, "a", "b", weapon="2", distance=30)  # the bow
    assert "assommer" not in _damage_options(t)
    t.enc.windows = []
    hit(t, "a", "b", weapon="1", distance=1)  # the sword
    assert "assommer" in _damage_options(t)


def test_a_melee_blow_to_0_pa_knocks_out_on_a_failed_save():
    t = _ko_pair()
    window = hit(t, "a", "b", weapon="1", distance=1)
    preview = look(t, "degats", "a", "b", window=window.id, assommer=True)
    assert preview.more and preview.more[0].label.fr == "JS de Constitution (DD 16)"
    assert any(x.rule == "DOU-62" for x in preview.terms)
    r = acting.take(t, "degats", "a", "b", "5", ("4 4 4",), window=window.id, assommer=True)
    b = t.enc.combatant("b")
    assert sheet.action_points(b) == 0 and "assommé" in r.outcome_fr
    assert "knocked out" in r.outcome_en
    states = {s.key: s for s in b.states}
    assert {"inconscient", "stabilise"} <= set(states)
    assert states["inconscient"].text_en and states["inconscient"].source == "a"
    assert t.ruleset.is_out(t.enc, b)


def test_a_made_save_leaves_it_conscious_at_0_pa_a_dou_10():
    t = _ko_pair()
    window = hit(t, "a", "b", weapon="1", distance=1)
    r = acting.take(t, "degats", "a", "b", "5", ("6 5 5",), window=window.id, assommer=True)
    b = t.enc.combatant("b")
    assert sheet.action_points(b) == 0 and "inconscient" not in {s.key for s in b.states}
    assert "reste conscient" in r.outcome_fr and "conscious" in r.outcome_en


def test_a_blow_that_leaves_pa_does_not_knock_out_and_says_so():
    t = _ko_pair(pa=30)
    window = hit(t, "a", "b", weapon="1", distance=1)
    r = acting.take(t, "degats", "a", "b", "2", ("1 1 2",), window=window.id, assommer=True)
    assert "inconscient" not in {s.key for s in t.enc.combatant("b").states}
    assert "pas assommé" in r.outcome_fr and "not knocked out" in r.outcome_en


def test_with_no_attack_a_ranged_weapon_cannot_knock_out():
    t = _ko_pair()
    preview = look(t, "degats", "a", "b", arme="2", assommer=True)
    assert preview.more == () and [n.rule for n in preview.notices] == ["DOU-62"]
    r = acting.take(t, "degats", "a", "b", "5", arme="2", assommer=True)
    assert "inconscient" not in {s.key for s in t.enc.combatant("b").states}
    assert r.amounts["damage"] > 0
