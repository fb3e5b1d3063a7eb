"""conteur Dégâts and Absorber (CON-21 to CON-32, CON-35, A-CON-2, A-CON-8 to A-CON-12,
CFG-CON-2, CFG-CON-8b, CFG-CON-9, CFG-CON-10): damage pools, material cover, soak pools for
every creature, damage type and source, armour destroyed, stun, the health track."""

import pytest

from gui.engine.contract.values import ActionError
from gui.engine.state.model import State
from tests.engine.rulesets.conteur.builders import (
    MJ,
    PJ,
    act,
    arme,
    blocking,
    fighter,
    look,
    marks,
    pool,
    set_marks,
    stat,
    state_value,
    states,
    table,
)

NATURES = ("mortel", "vampire", "loup_garou", "surnaturel")


ATTACKER = {"force": 3, "dexterite": 5, "melee": 3, "bagarre": 3, "armes_a_feu": 3}


def _fight(weapon=None, a=None, b=None, flags=None):
    """A (Force 3, Dextérité 5, 3 in each combat Ability) in contact with B; A's weapon row 0
    is `weapon` (bare hands by default)."""
    stats = {"armes": [weapon] if weapon else []} | ATTACKER | (a or {})
    return table(
        fighter("a", PJ, **stats),
        fighter("b", MJ, **(b or {})),
        flags=flags,
        contacts=[("a", "b")],
    )


def _hit(t, successes=1, **options):
    act(t, "attaquer", "a", "b", agg=successes, force=True, **options)


def _damage(t, faces=None, agg=None, **options):
    return act(t, "degats", "a", "b", faces=faces, agg=agg, **options)


def _pending(t):
    return next(s for s in t.enc.combatant("b").states if s.key.startswith("degats."))


# --- CON-22, TV-CON-08, CON-21 -----------------------------------------------------------------


def test_tv_con_08_damage_pool_never_below_1_die():
    t = _fight(a={"force": 2})  # bare hands: Force 2 + 0
    _hit(t)
    preview = look(t, "degats", "a", "b", mod_des=-2)
    assert pool(preview) == (1, 6)
    assert ("CON-22", 1) in [(x.rule, x.value) for x in preview.terms]
    assert pool(look(t, "degats", "a", "b", mod_des=-5)) == (1, 6)


def test_tv_con_08_damage_roll_ignores_the_rule_of_1s():
    t = _fight(arme("Couteau"), a={"force": 2})  # Force 2 + 1 = 3 dice
    _hit(t)
    preview, resolution, _cs = _damage(t, faces="1 1 7")
    assert pool(preview) == (3, 6)
    assert resolution.outcome_fr == "1 niveau(x) de dégâts létaux à absorber"
    assert state_value(t, "b", "degats.L.arme.0") == 1


def test_con_22_weapon_alone_or_strength_plus_weapon():
    t = _fight(arme("Épée"))
    _hit(t)
    assert pool(look(t, "degats", "a", "b"))[0] == 3 + 2
    t = _fight(arme("Pistolet léger"))
    _hit(t, distance=3)
    assert pool(look(t, "degats", "a", "b"))[0] == 4


def test_con_21_extra_ranged_successes_used_once():
    t = _fight(arme("Pistolet léger"))
    _hit(t, 4, distance=3)
    assert pool(look(t, "degats", "a", "b"))[0] == 4 + 3
    _damage(t, agg=2)
    assert [s for s in states(t, "b") if s.startswith("touche.")] == []


def test_con_22_damage_with_the_weapon_that_hit_by_default():
    t = _fight(a={"armes": [arme("Épée"), arme("Pistolet léger")]})
    _hit(t, 3, arme="1", distance=3)
    assert states(t, "b") == ["touche.a.1"]
    assert pool(look(t, "degats", "a", "b"))[0] == 4 + 2
    _p, resolution, _cs = _damage(t, agg=1)
    assert "Pistolet léger" in resolution.log.action


def test_con_22_damage_needs_a_hit_unless_forced():
    t = _fight()
    assert blocking(look(t, "degats", "a", "b")) == ["CON-22"]
    with pytest.raises(ActionError, match="CON-22"):
        _damage(t, agg=1)
    _damage(t, agg=1, force=True)
    assert state_value(t, "b", "degats.B.arme.0") == 1


def test_con_32_no_wound_penalty_on_damage_or_soak():
    t = _fight(arme("Épée"), b={"vigueur": 3})
    set_marks(t, "a", ["L"] * 4)
    set_marks(t, "b", ["L"] * 4)
    _hit(t)
    assert pool(look(t, "degats", "a", "b"))[0] == 5
    _damage(t, agg=2)
    assert pool(look(t, "absorber", "b")) == (3, 8)


# --- CON-24 to CON-29, TV-CON-09, A-CON-11, A-CON-12: soak ----------------------------------


def _soak_for(nature, kind, source, vigueur=3, fda=2, armour=1):
    weapon = arme("Griffes", nom="Test", type=kind, source=source)
    t = _fight(
        weapon, b={"nature": nature, "vigueur": vigueur, "force_d_ame": fda, "armure": armour}
    )
    _hit(t)
    _damage(t, agg=1)
    return pool(look(t, "absorber", "b"))


def _expected(nature, kind, source):
    """The soak pool (Vigueur 3, Force d'âme 2, armour 1) as spec section 5 says."""
    if kind == "A" and source in ("feu", "soleil", "magie"):
        # CON-26 mortals: nothing; CON-27 vampires: Fortitude only; A-CON-11 others: V + F.
        dice = {"mortel": 0, "vampire": 2}.get(nature, 5)
        return dice, 6
    if kind == "A" and nature == "mortel":
        return 1, 6  # CON-26, A-CON-11: the armour alone (claws, fangs, weapons)
    return 6, 8 if (kind, nature) == ("L", "mortel") else 6  # CON-24, CON-25, CON-29


@pytest.mark.parametrize("nature", NATURES)
@pytest.mark.parametrize(
    ("kind", "source"),
    [
        ("B", "arme"),
        ("L", "arme"),
        ("A", "arme"),
        ("A", "griffes"),
        ("A", "feu"),
        ("A", "soleil"),
        ("A", "magie"),
    ],
)
def test_con_24_to_29_soak_pool_for_every_nature_type_and_source(nature, kind, source):
    assert _soak_for(nature, kind, source) == _expected(nature, kind, source)


def test_tv_con_09_soak_pools():
    mortal = {"vigueur": 2, "fda": 0, "armour": 2}
    vampire = {"vigueur": 3, "fda": 2, "armour": 1}
    assert _soak_for("mortel", "L", "arme", **mortal) == (4, 8)
    assert _soak_for("mortel", "B", "arme", **mortal) == (4, 6)
    assert _soak_for("vampire", "L", "arme", **vampire) == (6, 6)
    assert _soak_for("vampire", "A", "feu", **vampire)[0] == 2
    assert _soak_for("vampire", "A", "soleil", **vampire)[0] == 2
    assert _soak_for("vampire", "A", "griffes", **vampire)[0] == 6
    assert _soak_for("mortel", "A", "griffes", **mortal)[0] == 2
    assert _soak_for("mortel", "A", "feu", **mortal)[0] == 0


def test_con_26_mortal_with_nothing_to_soak_with_takes_it_all():
    t = _fight(arme("Torche"), b={"vigueur": 4})
    _hit(t)
    _damage(t, agg=1)  # a torch: 1 die, no Force
    preview = look(t, "absorber", "b")
    assert preview.dice is None and pool(preview) == (0, 6)
    act(t, "absorber", "b")
    assert marks(t, "b")[:2] == ["A", ""]


def test_con_29_destroyed_armour_no_longer_soaks():
    t = _fight(arme("Épée"), b={"vigueur": 2, "armure": 3, "armure_detruite": True})
    _hit(t)
    _damage(t, agg=1)
    assert pool(look(t, "absorber", "b"))[0] == 2


# --- CON-28, TV-CON-10 -------------------------------------------------------------------------


@pytest.mark.parametrize(("damage", "soaked", "levels"), [(5, 2, 3), (2, 3, 0), (4, 0, 4)])
def test_tv_con_10_levels_lost(damage, soaked, levels):
    t = _fight(arme("Épée"), b={"vigueur": 3, "nature": "vampire"})
    _hit(t)
    _damage(t, agg=damage)
    _p, resolution, _cs = act(t, "absorber", "b", agg=soaked)
    assert marks(t, "b") == ["L"] * levels + [""] * (7 - levels)
    assert resolution.outcome_fr.startswith(f"{levels} niveau(x) létaux marqué(s)")
    assert resolution.success is (levels == 0)
    assert not [s for s in states(t, "b") if s.startswith("degats.")]


def test_con_28_soak_with_typed_faces():
    t = _fight(arme("Épée"), b={"vigueur": 3, "nature": "vampire"})
    _hit(t)
    _damage(t, faces="6 7 8 9 2")  # 4
    act(t, "absorber", "b", faces="6 1 1")  # 1 soaked; the 1s cancel nothing
    assert marks(t, "b")[:4] == ["L", "L", "L", ""]


def test_soak_choice_among_pending_damages():
    t = table(
        fighter("a", armes=[arme("Épée")]),
        fighter("c", armes=[arme("Matraque")]),
        fighter("b", MJ, vigueur=3, nature="vampire"),
        contacts=[("a", "b"), ("c", "b")],
    )
    act(t, "attaquer", "a", "b", agg=1)
    act(t, "attaquer", "c", "b", agg=1)
    act(t, "degats", "a", "b", agg=2)
    act(t, "degats", "c", "b", agg=1)
    spec = next(s for s in t.ruleset.actions(t.enc, "b", None) if s.kind == "absorber")
    # Each pending damage has its own key (type, source, armour, serial: the log line).
    assert [c.value for c in spec.options[0].choices] == ["degats.L.arme.0.2", "degats.B.arme.0.3"]
    act(t, "absorber", "b", agg=0, degats="degats.B.arme.0.3")
    assert marks(t, "b")[:2] == ["B", ""]
    act(t, "absorber", "b", agg=0)
    assert marks(t, "b")[:4] == ["L", "L", "B", ""]


# --- CON-30, TV-CON-12, CFG-CON-9 --------------------------------------------------------------


@pytest.mark.parametrize(("damage", "destroyed"), [(4, True), (5, True), (3, False)])
def test_tv_con_12_armour_destroyed_at_twice_its_rating(damage, destroyed):
    t = _fight(arme("Épée"), b={"vigueur": 9, "armure": 2})
    _hit(t)
    _p, resolution, _cs = _damage(t, agg=damage)
    assert stat(t, "b", "armure_detruite") is destroyed
    assert ("CON-30" in [x.rule for x in resolution.terms]) is destroyed


@pytest.mark.parametrize(
    ("flag", "raw", "cover", "soaked", "destroyed"),
    [
        ("apres_abri", 5, "porte", 0, False),  # 5 − 2 = 3 < 4
        ("apres_abri", 6, "porte", 9, True),  # 6 − 2 = 4
        ("bruts", 5, "porte", 0, True),  # raw 5 ≥ 4
        ("bruts", 3, "aucun", 0, False),
        ("apres_absorption", 6, "aucun", 2, True),  # 6 − 2 soaked = 4
        ("apres_absorption", 6, "aucun", 3, False),  # 3
    ],
)
def test_cfg_con_9_armour_threshold_counts(flag, raw, cover, soaked, destroyed):
    t = _fight(
        arme("Épée"), a={"force": 6}, b={"vigueur": 9, "armure": 2}, flags={"CFG-CON-9": flag}
    )
    _hit(t)
    _damage(t, agg=raw, abri=cover)
    if flag == "apres_absorption":
        assert stat(t, "b", "armure_detruite") is False
        if states(t, "b"):
            act(t, "absorber", "b", agg=soaked)
    assert stat(t, "b", "armure_detruite") is destroyed


# --- CON-31, A-CON-8, CFG-CON-8b: material cover ---------------------------------------------

COVERS = [
    ("vitre", 1),
    ("porte", 2),
    ("pare_balle", 2),
    ("comptoir", 3),
    ("carrosserie", 3),
    ("moteur", 6),
    ("mur", 6),
]


@pytest.mark.parametrize(("cover", "reduction"), COVERS)
def test_con_31_material_cover_subtracts_damage_successes(cover, reduction):
    t = _fight(arme("Pistolet lourd"))  # 5 dice
    _hit(t, distance=3)
    preview, resolution, _cs = _damage(t, faces="6 7 8 9 10", abri=cover)
    assert pool(preview)[0] == 5  # the dice are not reduced (CFG-CON-8b default)
    dealt = max(0, 5 - reduction)
    assert ("CON-31", -min(5, reduction)) in [(x.rule, x.value) for x in resolution.terms]
    if dealt:
        assert state_value(t, "b", "degats.L.arme.0") == dealt
    else:
        assert resolution.outcome_fr == "Aucun dégât" and states(t, "b") == []


def test_con_31_a_wall_stops_a_pistol():
    t = _fight(arme("Pistolet lourd"))
    _hit(t, distance=3)
    _p, resolution, _cs = _damage(t, faces="6 7 8 9 10", abri="mur")
    assert resolution.success is False and states(t, "b") == []


@pytest.mark.parametrize(("cover", "reduction"), COVERS)
def test_cfg_con_8b_des_material_cover_subtracts_dice_min_1(cover, reduction):
    t = _fight(arme("Pistolet lourd"), flags={"CFG-CON-8b": "des"})
    _hit(t, 3, distance=3)  # 5 + 2 extra dice = 7
    preview = look(t, "degats", "a", "b", abri=cover)
    assert pool(preview)[0] == max(1, 7 - reduction)
    assert ("A-CON-8", -reduction) in [(x.rule, x.value) for x in preview.terms]
    _p, resolution, _cs = _damage(t, agg=1, abri=cover)
    assert state_value(t, "b", "degats.L.arme.0") == 1  # successes untouched
    assert "CON-31" not in [x.rule for x in resolution.terms]


# --- CON-35, A-CON-9, CFG-CON-9: stun ----------------------------------------------------------


@pytest.mark.parametrize(
    ("nature", "damage", "stunned"),
    [
        ("mortel", 2, False),
        ("mortel", 3, True),
        ("surnaturel", 3, True),
        ("vampire", 4, False),
        ("vampire", 5, True),
        ("loup_garou", 4, False),
        ("loup_garou", 5, True),
    ],
)
def test_con_35_stun_threshold_strictly_above_stamina(nature, damage, stunned):
    t = _fight(arme("Épée"), b={"nature": nature, "vigueur": 2})
    _hit(t)
    _p, resolution, _cs = _damage(t, agg=damage)
    assert ("etourdi" in states(t, "b")) is stunned
    assert ("CON-35" in [x.rule for x in resolution.terms]) is stunned


@pytest.mark.parametrize(
    ("flag", "raw", "cover", "soaked", "stunned"),
    [
        ("apres_abri", 5, "porte", 0, True),  # 3 > 2
        ("apres_abri", 4, "porte", 0, False),  # 2
        ("bruts", 4, "porte", 0, True),  # 4 > 2
        ("bruts", 2, "aucun", 0, False),
        ("apres_absorption", 5, "aucun", 2, True),  # 3 > 2
        ("apres_absorption", 4, "aucun", 2, False),  # 2
    ],
)
def test_cfg_con_9_stun_threshold_counts(flag, raw, cover, soaked, stunned):
    t = _fight(arme("Épée"), b={"vigueur": 2}, flags={"CFG-CON-9": flag})
    _hit(t)
    _damage(t, agg=raw, abri=cover)
    if flag == "apres_absorption":
        assert "etourdi" not in states(t, "b")
        act(t, "absorber", "b", agg=soaked)
    assert ("etourdi" in states(t, "b")) is stunned


def test_con_35_the_stun_records_its_round():
    t = _fight(arme("Épée"), b={"vigueur": 1})
    t.apply(t.start_combat())
    _hit(t)
    _damage(t, agg=3)
    assert state_value(t, "b", "etourdi") == 1


# --- A-CON-2, CFG-CON-2: the health track ----------------------------------------------------


def _wound(t, kind, levels):
    """`levels` levels of `kind` marked on B (nothing soaked)."""
    weapon = {"B": arme("Matraque"), "L": arme("Épée"), "A": arme("Griffes")}[kind]
    t.enc.combatant("a").stats["armes"] = [weapon]
    _hit(t)
    _damage(t, agg=levels)
    return act(t, "absorber", "b", agg=0)[1]


def _track(nature="mortel", flags=None):
    return _fight(a={"force": 8}, b={"nature": nature, "vigueur": 0}, flags=flags)


def test_a_con_2_aggravated_above_lethal_above_bashing():
    t = _track()
    _wound(t, "B", 1)
    _wound(t, "L", 1)
    _wound(t, "A", 1)
    _wound(t, "B", 1)
    assert marks(t, "b") == ["A", "L", "B", "B", "", "", ""]


def test_a_con_2_levels_and_wound_penalties():
    t = _track()
    resolution = _wound(t, "L", 2)
    assert resolution.outcome_fr == "2 niveau(x) létaux marqué(s) : Blessé légèrement (-1 aux dés)"
    resolution = _wound(t, "L", 4)
    assert resolution.outcome_fr == "4 niveau(x) létaux marqué(s) : Handicapé (-5 aux dés)"
    assert not t.ruleset.is_out(t.enc, t.enc.combatant("b"))
    _wound(t, "L", 1)
    assert t.ruleset.is_out(t.enc, t.enc.combatant("b"))


def test_a_con_2_beyond_the_track_is_left_to_the_storyteller():
    t = _track()
    resolution = _wound(t, "L", 9)
    assert marks(t, "b") == ["L"] * 7
    assert any(x.rule == "A-CON-2" and x.label.startswith("2 niveau(x)") for x in resolution.terms)


def test_a_con_2_a_worse_wound_pushes_bashing_off_a_full_track():
    t = _track()
    _wound(t, "B", 7)
    resolution = _wound(t, "L", 1)
    assert marks(t, "b") == ["L"] + ["B"] * 6
    assert any(x.rule == "A-CON-2" for x in resolution.terms)
    _wound(t, "A", 2)
    assert marks(t, "b") == ["A", "A", "L"] + ["B"] * 4


@pytest.mark.parametrize("flag", ["aucune", "moitie"])
def test_cfg_con_2_without_overflow_bashing_beyond_the_track_is_lost(flag):
    t = _track(flags={"CFG-CON-2": flag})
    _wound(t, "B", 7)
    resolution = _wound(t, "B", 2)
    assert marks(t, "b") == ["B"] * 7
    assert any(x.rule == "A-CON-2" for x in resolution.terms)


@pytest.mark.parametrize("flag", ["debordement", "les_deux"])
def test_cfg_con_2_overflow_turns_bashing_into_lethal(flag):
    t = _track(flags={"CFG-CON-2": flag})
    _wound(t, "B", 6)
    _wound(t, "B", 3)  # one box left, then two bashing become lethal
    assert marks(t, "b") == ["L", "L", "B", "B", "B", "B", "B"]


@pytest.mark.parametrize(
    ("flag", "nature", "kind", "levels"),
    [
        ("aucune", "vampire", "B", 5),
        ("debordement", "vampire", "B", 5),
        ("moitie", "vampire", "B", 2),
        ("les_deux", "vampire", "B", 2),
        ("moitie", "vampire", "L", 5),
        ("moitie", "mortel", "B", 5),
        ("moitie", "loup_garou", "B", 5),
    ],
)
def test_cfg_con_2_vampires_halve_bashing(flag, nature, kind, levels):
    t = _track(nature, flags={"CFG-CON-2": flag})
    resolution = _wound(t, kind, 5)
    assert marks(t, "b") == [kind] * levels + [""] * (7 - levels)
    assert ("A-CON-2" in [x.rule for x in resolution.terms]) is (levels == 2)


# --- CFG-CON-10, A-CON-10: glyphs ------------------------------------------------------------


@pytest.mark.parametrize(
    ("flag", "glyphs"),
    [
        (None, {"B": "/", "L": "X", "A": "✱"}),
        ("symboles", {"B": "/", "L": "X", "A": "✱"}),
        ("texte", {"B": "/", "L": "/", "A": "x"}),
    ],
)
def test_cfg_con_10_track_glyphs(flag, glyphs):
    t = _track(flags={"CFG-CON-10": flag} if flag else None)
    view = t.ruleset.track_view(t.enc, t.enc.combatant("b"), "sante")
    assert dict(view.glyphs) == glyphs
    assert dict(view.names) == {"B": "contondant", "L": "létal", "A": "aggravé"}
    assert view.rows[0] == ("Contusionné", "")
    assert view.rows[1] == ("Blessé légèrement", "−1")
    assert view.rows[6] == ("Invalide", "aucune action")
    assert t.ruleset.track_view(t.enc, t.enc.combatant("b"), "autre") is None


# --- The sheet's derived values (G-2) ------------------------------------------------------


@pytest.mark.parametrize(
    ("nature", "lethal", "limit"),
    [("mortel", "6 dés, difficulté 8", 3), ("vampire", "6 dés, difficulté 6", 5)],
)
def test_derived_values_show_soak_and_stun_threshold(nature, lethal, limit):
    t = _fight(b={"nature": nature, "vigueur": 3, "force_d_ame": 2, "armure": 1})
    shown = {x.label: x.value for x in t.ruleset.derived(t.enc, t.enc.combatant("b"))}
    assert shown["Score d'initiative"] == "4"
    assert shown["Absorption contre les contondants"] == "6 dés, difficulté 6"
    assert shown["Absorption contre les létaux"] == lethal
    assert shown["Étourdi au-delà de"] == f"{limit} succès de dégâts"


def test_two_hits_from_the_same_attacker_each_wait_for_their_damage():
    """Multiple actions (CON-07): two hits before any damage roll are both kept, and each
    damage roll uses the oldest one."""
    t = _fight(arme("Épée"))
    act(t, "attaquer", "a", "b", agg=1)
    act(t, "attaquer", "a", "b", agg=1)
    assert states(t, "b") == ["touche.a.0", "touche.a.0"]
    act(t, "degats", "a", "b", agg=1)
    act(t, "degats", "a", "b", agg=2)
    assert states(t, "b") == ["degats.L.arme.0", "degats.L.arme.0"]
    assert sorted(s.value for s in t.enc.combatant("b").states) == [1, 2]


def test_con_22_24_a_hit_leads_to_its_damage_then_the_target_soaks_what_it_was_dealt():
    """Issue 17: each outcome names the step that follows (the dialog's « Suite »)."""
    t = _fight()
    _p, hit, _cs = act(t, "attaquer", "a", "b", agg=2, force=True)
    assert (hit.next_kind, hit.next_actor) == ("degats", None)  # same actor and target
    _p, dealt, _cs = _damage(t, agg=2)
    assert (dealt.next_kind, dealt.next_actor) == ("absorber", "b")  # B soaks
    _p, missed, _cs = act(t, "attaquer", "a", "b", agg=0, force=True)
    assert missed.next_kind == ""


def test_a_con_2_out_of_the_fight_still_soaks_the_damage_it_was_dealt():
    """A-CON-2: a whole track marked (or the GM's « hors de combat ») leaves the fight, but the
    soak of the damage it was dealt (CON-22, CON-24) stays its own; nothing else is offered."""
    t = _fight()
    act(t, "attaquer", "a", "b", agg=2, force=True)
    _damage(t, agg=2)
    t.enc.combatant("b").states.append(State(key="hors_combat", label="Hors de combat"))
    specs, why = t.ruleset.offered_actions(t.enc, "b", "a")
    assert why.rule == "A-CON-2" and [s.kind for s in specs] == ["absorber"]
