"""conteur's other actions (CON-06 abort, CON-37 shaking off a stun, CON-39 getting up, the
free roll), the actions offered, and undo (G-4) of every action kind and turn step."""

import pytest

from gui.engine.contract.values import ActionError
from gui.engine.state.changes import apply, revert
from tests.engine.builders import dump, round_trip
from tests.engine.rulesets.conteur.builders import (
    MJ,
    PJ,
    act,
    action,
    add_state,
    arme,
    begin,
    blocking,
    declare,
    declare_all,
    dice_for,
    fighter,
    look,
    order,
    pool,
    start,
    stat,
    states,
    table,
)


def _acting(a=None, b=None):
    """A (Dex 3 + Wits 2, Volonté 4) declares two actions; B (score 4) rolls high: B acts
    first at 14, then A at 13 and 12."""
    t = table(
        fighter("a", PJ, **({"dexterite": 3, "astuce": 2, "volonte": 4} | (a or {}))),
        fighter("b", MJ, **(b or {})),
        contacts=[("a", "b")],
    )
    start(t)
    declare_all(t, {"a": ["Frapper", "Frapper"], "b": ["Frapper"]})
    begin(t, {"a": 10, "b": 10})
    assert order(t) == [("b", 14), ("a", 13), ("a", 12)]
    return t


# --- CON-06, TV-CON-20 ------------------------------------------------------------------------


def test_tv_con_20_willpower_roll_at_7_allows_the_abort():
    t = _acting()
    preview = look(t, "avortee", "a", moyen="jet", remplace="2", nouvelle="Esquive")
    assert pool(preview) == (4, 7) and blocking(preview) == []
    _p, resolution, _cs = act(
        t, "avortee", "a", faces="7 3 2 9", moyen="jet", remplace="2", nouvelle="Esquive"
    )
    assert resolution.success is True and resolution.outcome_fr == "Action avortée : Esquive"
    # The replaced action happens now, at the initiative of the action it interrupts.
    assert order(t) == [("a", 14), ("b", 14), ("a", 13)]
    assert t.enc.turn.current == 0
    assert t.enc.turn.order[0].declared == ["Avortée : Esquive"]
    assert stat(t, "a", "volonte_points") == 3  # the roll costs no point


def test_tv_con_20_failed_roll_keeps_the_declared_action():
    t = _acting()
    _p, resolution, cs = act(t, "avortee", "a", faces="1 3 2 5", moyen="jet", remplace="2")
    assert resolution.success is False
    assert order(t) == [("b", 14), ("a", 13), ("a", 12)]
    assert [c.path[0] for c in cs.changes] == ["log"]


def test_tv_con_20_unless_a_willpower_point_is_spent():
    t = _acting()
    preview = look(t, "avortee", "a", moyen="point", remplace="2")
    assert preview.dice is None
    _p, resolution, _cs = act(t, "avortee", "a", moyen="point", remplace="2", nouvelle="Fuir")
    assert resolution.success is True
    assert stat(t, "a", "volonte_points") == 2
    assert order(t) == [("a", 14), ("b", 14), ("a", 13)]


def test_con_06_abort_typed_as_an_aggregate():
    t = _acting()
    _p, resolution, _cs = act(t, "avortee", "a", agg=1, moyen="jet")
    assert resolution.success is True
    assert order(t)[0] == ("a", 14)  # the first action still to come by default
    t = _acting()
    _p, resolution, _cs = act(t, "avortee", "a", agg=-1, moyen="jet")
    assert resolution.success is False


def test_con_06_no_action_left_blocks_unless_forced():
    t = table(fighter("a", volonte_points=0), fighter("b", MJ))
    assert blocking(look(t, "avortee", "a", moyen="jet")) == ["CON-06"]
    assert blocking(look(t, "avortee", "a", moyen="point")) == ["CON-06", "CON-06"]
    with pytest.raises(ActionError, match="CON-06"):
        act(t, "avortee", "a", moyen="point")
    _p, resolution, _cs = act(t, "avortee", "a", moyen="point", force=True)
    assert resolution.success is True and stat(t, "a", "volonte_points") == 0


def test_con_06_the_actions_list_offers_what_is_left():
    t = _acting()
    spec = next(s for s in t.ruleset.actions(t.enc, "a", None) if s.kind == "avortee")
    remplace = next(o for o in spec.options if o.key == "remplace")
    assert [c.value for c in remplace.choices] == ["1", "2"]
    assert remplace.default == "1"


# --- CON-37, CON-43 ------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("nature", "key"), [("vampire", "sang"), ("loup_garou", "rage"), ("mortel", "volonte_points")]
)
def test_con_37_spending_a_point_ends_the_stun(nature, key):
    t = table(fighter("a", nature=nature, sang=3, rage=3, volonte_points=3), fighter("b", MJ))
    assert "se_ressaisir" not in [s.kind for s in t.ruleset.actions(t.enc, "a", None)]
    add_state(t, "a", "etourdi", 1)
    spec = next(s for s in t.ruleset.actions(t.enc, "a", None) if s.kind == "se_ressaisir")
    choices = [c.value for c in spec.options[0].choices]
    assert spec.options[0].default == key and "volonte_points" in choices
    _p, resolution, _cs = act(t, "se_ressaisir", "a")
    assert stat(t, "a", key) == 2 and states(t, "a") == []
    assert resolution.success is True


def test_con_37_willpower_for_a_vampire_too():
    t = table(fighter("a", nature="vampire", sang=3, volonte_points=3), fighter("b", MJ))
    add_state(t, "a", "etourdi", 1)
    act(t, "se_ressaisir", "a", ressource="volonte_points")
    assert (stat(t, "a", "sang"), stat(t, "a", "volonte_points")) == (3, 2)


def test_con_37_nothing_left_to_spend_blocks_unless_forced():
    t = table(fighter("a", nature="vampire", sang=0), fighter("b", MJ))
    add_state(t, "a", "etourdi", 1)
    assert blocking(look(t, "se_ressaisir", "a")) == ["CON-37"]
    with pytest.raises(ActionError, match="CON-37"):
        act(t, "se_ressaisir", "a")
    act(t, "se_ressaisir", "a", force=True)
    assert stat(t, "a", "sang") == 0 and states(t, "a") == []


# --- CON-39 ------------------------------------------------------------------------------------


def test_con_39_getting_up_is_offered_on_the_ground_only():
    t = table(fighter("a"), fighter("b", MJ))
    assert "se_relever" not in [s.kind for s in t.ruleset.actions(t.enc, "a", None)]
    add_state(t, "a", "au_sol")
    assert "se_relever" in [s.kind for s in t.ruleset.actions(t.enc, "a", None)]
    preview = look(t, "se_relever", "a")
    assert preview.dice is None and "CON-39" in [x.rule for x in preview.terms]
    act(t, "se_relever", "a")
    assert states(t, "a") == ["se_relever"]


# --- The free roll -----------------------------------------------------------------------------


def test_free_roll_attribute_plus_ability_at_a_chosen_difficulty():
    t = table(fighter("a", dexterite=3, athletisme=2, volonte=5), fighter("b", MJ))
    assert pool(look(t, "jet", "a")) == (5, 6)  # Dextérité + Athlétisme (dodge) by default
    assert pool(look(t, "jet", "a", attribut="volonte", capacite="-", difficulte_jet=7)) == (5, 7)
    _p, resolution, _cs = act(t, "jet", "a", faces="8 8 1 2 3", difficulte_jet=8)
    assert resolution.outcome_fr == "1 succès"


# --- The actions offered -----------------------------------------------------------------------


def test_actions_offered_with_and_without_a_target():
    t = table(fighter("a", armes=[arme("Épée"), arme("Pistolet léger")]), fighter("b", MJ))
    assert [s.kind for s in t.ruleset.actions(t.enc, "a", None)] == ["avortee", "jet"]
    kinds = [s.kind for s in t.ruleset.actions(t.enc, "a", "b")]
    assert kinds == ["attaquer", "degats", "avortee", "jet"]
    attack = t.ruleset.actions(t.enc, "a", "b")[0]
    weapons = next(o for o in attack.options if o.key == "arme")
    assert [c.label.fr for c in weapons.choices] == ["Épée", "Pistolet léger", "Mains nues"]
    assert attack.overridable == ("des", "difficulte")


def test_unknown_action_kind_is_refused():
    t = table(fighter("a"), fighter("b", MJ))
    with pytest.raises(ActionError):
        look(t, "voler", "a")


# --- G-3: GM overrides ------------------------------------------------------------------------


def test_g_3_overridden_dice_and_difficulty_are_logged():
    t = table(fighter("a", dexterite=3), fighter("b", MJ), contacts=[("a", "b")])
    preview = look(t, "attaquer", "a", "b", overrides={"des": 6, "difficulte": 4})
    assert preview.dice.expr.count == 6 and pool(preview) == (3, 6)
    _p, resolution, _cs = act(
        t, "attaquer", "a", "b", faces="4 4 1 2 3 3", overrides={"des": 6, "difficulte": 4}
    )
    assert resolution.outcome_fr.startswith("Touché (1 succès)")
    assert [x.rule for x in resolution.terms].count("G-3") == 2
    assert t.enc.log[-1].overrides == {"des": "6", "difficulte": "4"}


# --- G-4: undo of every action kind and turn step --------------------------------------------


def _battle():
    t = table(
        fighter("a", dexterite=4, astuce=2, force=3, melee=2, volonte=3, armes=[arme("Épée")]),
        fighter("b", MJ, vigueur=1, armure=1, nature="vampire", sang=5),
        contacts=[("a", "b")],
    )
    return t


def _undoable(t, kind, actor, target=None, faces=None, agg=None, **options):
    """Resolve, then apply and revert the ChangeSet: the encounter is as it was."""
    a = action(kind, actor, target, **options)
    preview = t.preview(a)
    _resolution, cs = t.resolve(a, dice_for(preview, faces, agg))
    round_trip(t.enc, cs)
    t.apply(cs)


@pytest.mark.parametrize("outcome", ["hit", "miss", "botch"])
def test_g_4_attack_undo(outcome):
    t = _battle()
    _undoable(t, "attaquer", "a", "b", agg={"hit": 2, "miss": 0, "botch": -1}[outcome])


def test_g_4_attack_undo_in_turn_with_re_ranking_and_recoil():
    t = table(
        fighter("a", dexterite=4, armes=[arme("Pistolet-mitrailleur")]),
        fighter("b", MJ),
        contacts=[("a", "b")],
        flags={"CFG-CON-6": "toutes"},
    )
    start(t)
    declare_all(t, {"a": ["Tirer", "Tirer"]})
    begin(t, {"a": 9, "b": 1})
    _undoable(t, "attaquer", "a", "b", agg=0, distance=15)


def test_g_4_damage_soak_and_thresholds_undo():
    t = _battle()
    act(t, "attaquer", "a", "b", agg=1)
    _undoable(t, "degats", "a", "b", agg=5, abri="vitre")  # stun, armour destroyed
    assert stat(t, "b", "armure_detruite") is True and "etourdi" in states(t, "b")
    _undoable(t, "absorber", "b", agg=1)


def test_g_4_other_actions_undo():
    t = _acting()
    _undoable(t, "avortee", "a", faces="7 3 2 9", moyen="jet", remplace="2")
    t = _acting()
    _undoable(t, "avortee", "a", moyen="point")
    add_state(t, "a", "etourdi", 1)
    _undoable(t, "se_ressaisir", "a")
    add_state(t, "a", "au_sol")
    _undoable(t, "se_relever", "a")
    a = action("jet", "a", attribut="dexterite")
    _r, cs = t.resolve(a, dice_for(t.preview(a), agg=1))
    before = dump(t.enc)
    apply(t.enc, cs)
    revert(t.enc, cs)
    assert dump(t.enc) == before


def test_g_4_turn_steps_undo():
    t = _battle()
    add_state(t, "a", "rate_melee")
    add_state(t, "b", "etourdi", 0)
    round_trip(t.enc, t.start_combat())
    start(t)
    entry = t.enc.turn.order[t.enc.turn.current]
    round_trip(t.enc, declare(t, entry.unit, ["A1", "A2"], {"magiques": 1, "volonte_points": 1}))
    declare_all(t, {})
    round_trip(t.enc, t.turn_step("begin_act", rolls={"a": 5, "b": 5}))  # uses A's −2 (CON-14)
    begin(t, {"a": 5, "b": 5})
    while t.enc.turn.phase == "act":
        cs = t.next_turn()
        round_trip(t.enc, cs)
        t.apply(cs)
    assert t.enc.turn.round == 2
