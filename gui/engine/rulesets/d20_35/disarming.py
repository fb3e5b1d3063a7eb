"""Disarm (D35-41 to D35-43), snatching objects (D35-77) and sunder (D35-44, D35-45,
TV-D35-10, A-D35-14): opposed attack rolls against a held object, or an attack against
another object's CA.

Readings (the GM can override every one):
- Snatch: the disarm's option `saisir` (D35-77): the attacker's bare hands whatever weapon
  is chosen; an object easy to grab gives it +4; a well-secured one (a ring) is refused
  (blocking, G-3) unless the defender is pinned (`immobilise`), and then gives the defender
  +4. The object aimed at is `arme_cible` (its bare hands: an object that is not a weapon of
  the sheet, named « l’objet »). It is a disarm as the text says, so a defender who wins may
  disarm back (D35-43; the SRD would not let it). Only a weapon snatched leaves `desarme`.
- Sunder: a weapon whose type names slashing or bludgeoning (« perforant_tranchant »…)
  may sunder. A shield is a one-handed held object, not a melee weapon (−4). A win only
  says the object is damaged: the GM applies the damage. Another object's CA uses the
  holder's size (SIZE_ATTACK) and Dex; CFG-D35-14 « depasser » shows target CA + 1."""

from __future__ import annotations

from msgspec import Struct

from gui.engine.checks import D20_NATURALS, Check, check_odds
from gui.engine.checks.request import DiceResult
from gui.engine.contract.edits import Edits, finish, refuse_blocked
from gui.engine.contract.fields import bool_field, choice_field
from gui.engine.contract.values import ActionError, ActionSpec, Preview, Resolution
from gui.engine.core.words import Label, Notice, Term
from gui.engine.rulesets.d20_35 import budget, provoking, sheet
from gui.engine.rulesets.d20_35.action_pieces import (
    blocking,
    listed_target,
    weapon_field,
    weapon_of,
)
from gui.engine.rulesets.d20_35.context import ActionDef, Ctx, always
from gui.engine.rulesets.d20_35.opposed import (
    D20,
    REROLL,
    Opposed,
    Side,
    check_preview,
    contest_preview,
    ints,
    opponent_roll,
    pct,
    read_first,
    shown,
    ties,
)
from gui.engine.state.changes import ChangeSet
from gui.engine.state.model import Combatant, Scalar

DISARM, SUNDER = "desarmer", "destruction"
DISARMED = "desarme"
PINNED = "immobilise"  # D35-61: a well-secured object can be snatched only from the pinned
NOT_SNATCHING = "non"
_SNATCH = {
    NOT_SNATCHING: ("Non : désarmer", "No: disarm"),
    "normal": ("Un objet", "An object"),
    "facile": ("Un objet simple à arracher (+4)", "An object easy to grab (+4)"),
    "arrime": (
        "Un objet bien arrimé (défenseur immobilisé, +4 au défenseur)",
        "A well-secured object (pinned defender, +4 to the defender)",
    ),
}

# Désarmer (D35-41 to D35-43) --------------------------------------------------------------


def _melee(w: dict[str, Scalar]) -> dict[str, Scalar]:
    """The weapon as used in the opposed melee attack roll (a ranged one counts its holder's
    Str, as a melee attack)."""
    return {**w, "categorie": "une_main"} if sheet.is_ranged(w) else w


def grip_terms(w: dict[str, Scalar]) -> list[Term]:
    """D35-42: +4 two-handed, −4 light (bare hands always light)."""
    kind = w.get("categorie")
    if kind == "deux_mains":
        return [Term("arme à deux mains", 4, "D35-42", "two-handed weapon")]
    if kind in ("legere", "mains_nues"):
        return [Term("arme légère ou mains nues", -4, "D35-42", "light weapon or unarmed")]
    return []


def size_gap_terms(c: Combatant, other: Combatant) -> list[Term]:
    """D35-42: the larger combatant +4 per size category of difference."""
    gap = sheet.size_index(c) - sheet.size_index(other)
    if gap > 0:
        return [Term(f"plus grand de {gap} taille(s)", 4 * gap, "D35-42", f"{gap} size(s) larger")]
    return []


def disarm_sides(
    actor: Combatant,
    weapon: dict[str, Scalar],
    target: Combatant,
    held: dict[str, Scalar],
    not_melee: bool,
) -> tuple[list[Term], list[Term]]:
    """Both sides' modifiers of the opposed attack rolls (D35-42)."""
    mine = [*sheet.attack_bonus(actor, weapon), *grip_terms(weapon), *size_gap_terms(actor, target)]
    theirs = [
        *sheet.attack_bonus(target, _melee(held)),
        *grip_terms(held),
        *size_gap_terms(target, actor),
    ]
    if not_melee or sheet.is_ranged(held):
        theirs.append(
            Term("objet qui n’est pas une arme de mêlée", -4, "D35-42", "not a melee weapon")
        )
    return mine, theirs


def _disarm_spec(ctx: Ctx) -> ActionSpec:
    options = (
        weapon_field("arme", "Arme", "Weapon", ctx.actor, "D35-42"),
        weapon_field("arme_cible", "Objet visé", "Object aimed at", listed_target(ctx), "D35-42"),
        bool_field(
            "pas_melee",
            "L’objet n’est pas une arme de mêlée (−4 à la cible)",
            "The object is not a melee weapon (−4 to the target)",
            "D35-42",
        ),
        bool_field(
            "ao_degats",
            "L’AO de la cible a infligé des dégâts",
            "The target's AoO dealt damage",
            "D35-41",
        ),
        choice_field(
            "saisir",
            "Saisir un objet (à mains nues)",
            "Snatch an object (unarmed)",
            [(k, fr, en) for k, (fr, en) in _SNATCH.items()],
            "D35-77",
            NOT_SNATCHING,
        ),
    )
    return ActionSpec(DISARM, Label(fr="Désarmer", en="Disarm"), "D35-41", True, options)


class Disarm(Struct, frozen=True):
    """A disarm or a snatch (D35-77) before the dice: the opposed attack rolls, the
    notices, the object aimed at and what is snatched (`NOT_SNATCHING`: a disarm)."""

    contest: Opposed
    notices: tuple[Notice, ...]
    held: dict[str, Scalar]
    grab: str

    @property
    def snatching(self) -> bool:
        return self.grab != NOT_SNATCHING

    def thing(self) -> tuple[str, str]:
        """The object's name: a weapon's, or « l’objet » for what is not one of them."""
        if self.held.get("categorie") == "mains_nues":
            return "l’objet", "the object"
        return sheet.weapon_name(self.held)


def snatch_terms(grab: str, target: Combatant) -> tuple[list[Term], list[Term], list[Notice]]:
    """D35-77: the attacker's and the defender's terms of a snatch, and its notices."""
    if grab == NOT_SNATCHING:
        return [], [], []
    mine = [Term("saisir un objet : désarmement à mains nues", "", "D35-77", "snatch: unarmed")]
    theirs: list[Term] = []
    notices: list[Notice] = []
    if grab == "facile":
        mine.append(Term("objet simple à arracher", 4, "D35-77", "object easy to grab"))
    elif grab == "arrime":
        theirs.append(Term("objet bien arrimé", 4, "D35-77", "well-secured object"))
        if not sheet.has_state(target, PINNED):
            notices.append(
                blocking(
                    "D35-77",
                    "Objet bien arrimé : impossible tant que le défenseur n’est pas immobilisé",
                    "A well-secured object: impossible unless the defender is pinned",
                )
            )
    return mine, theirs, notices


def disarm(ctx: Ctx) -> Disarm:
    actor, target = ctx.actor, ctx.target
    if actor.id == target.id:
        raise ActionError("Choisir une autre créature", "Choose another creature")
    grab = ctx.choice("saisir", NOT_SNATCHING)
    if grab not in _SNATCH:
        raise ActionError(f"Saisie inconnue « {grab} »", f"Unknown snatch '{grab}'")
    snatching = grab != NOT_SNATCHING
    weapon = sheet.weapon(actor, 0) if snatching else weapon_of(ctx, actor, "arme")
    held = weapon_of(ctx, target, "arme_cible")
    notices: list[Notice] = []
    if sheet.is_ranged(weapon):
        notices.append(
            blocking(
                "D35-41",
                "Le désarmement remplace une attaque de corps à corps",
                "Disarm is a melee attack",
            )
        )
    if ctx.yes("ao_degats"):
        notices.append(
            blocking(
                "D35-41",
                "L’AO a infligé des dégâts : le désarmement échoue",
                "The AoO dealt damage: the disarm fails",
            )
        )
    mine, theirs = disarm_sides(actor, weapon, target, held, ctx.yes("pas_melee"))
    grab_mine, grab_theirs, grab_notices = snatch_terms(grab, target)
    notices += grab_notices
    contest = Opposed(
        "D35-77" if snatching else "D35-42",
        Side(actor, (*grab_mine, *mine)),
        Side(target, (*theirs, *grab_theirs)),
        ties(ctx),
        ("attaque", "attack"),
    )
    return Disarm(contest, tuple(notices), held, grab)


_DISARM_AOO = Term("provoque une AO de la cible", "", "D35-41", "provokes an AoO from the target")


def _disarm_preview(ctx: Ctx) -> Preview:
    d = disarm(ctx)
    contest = d.contest
    if d.snatching:
        what = ("Chance d’arracher", "Chance to snatch")
    else:
        what = ("Chance de désarmer", "Chance to disarm")
    return contest_preview(ctx, contest, what, (*contest.terms(True), _DISARM_AOO), d.notices)


def _disarm_resolve(ctx: Ctx, dice: DiceResult) -> tuple[Resolution, ChangeSet]:
    d = disarm(ctx)
    contest = d.contest
    terms = [*contest.terms(True), _DISARM_AOO]
    refuse_blocked(ctx.action, d.notices, terms)
    _first, second = contest.requests()
    own = read_first(dice, Check(0, 0))[0]
    a, opposed, winner = contest.judge(own, opponent_roll(dice, 0, second))
    terms += contest.totals_terms(a, opposed, winner)
    actor, target = ctx.actor, ctx.target
    edits = Edits(ctx.enc)
    thing = d.thing()
    if winner == "attacker" and d.snatching:  # D35-77: in the attacker's hand
        if d.held.get("categorie") != "mains_nues":
            edits.add_state(target.id, ctx.listed_state(DISARMED, source=actor.id))
        said = (
            f"{actor.name} arrache {thing[0]} à {target.name} : il l’a en main",
            f"{actor.name} snatches {thing[1]} from {target.name}: it holds it",
        )
    elif winner == "attacker":
        edits.add_state(target.id, ctx.listed_state(DISARMED, source=actor.id))
        where = ("tombe à terre", "falls to the ground")
        if weapon_of(ctx, ctx.actor, "arme").get("categorie") == "mains_nues":
            where = (f"est dans la main de {actor.name}", f"is in {actor.name}'s hand")
        said = (
            f"{target.name} est désarmé : {thing[0]} {where[0]}",
            f"{target.name} is disarmed: {thing[1]} {where[1]}",
        )
    elif winner == "defender":
        said = (
            f"{target.name} garde {thing[0]} ; il peut tenter aussitôt de désarmer (sans AO)",
            f"{target.name} keeps {thing[1]}; it may try to disarm at once (no AoO)",
        )
    else:
        said = REROLL
    success = None if winner in ("reroll", "tie") else winner == "attacker"
    label = (f"Désarmement de {actor.name}", f"{actor.name}'s disarm")
    if d.snatching:
        label = (f"Saisie d’objet de {actor.name}", f"{actor.name}'s snatch")
    amounts = {"total": a, "opposed": opposed}
    return finish(edits, ctx.action, label, terms, dice, said, success, amounts)


# Destruction (D35-44, D35-45, TV-D35-10, A-D35-14) ----------------------------------------

OBJECT_CA_FLAG = "CFG-D35-14"
_SUNDER_TYPES = ("tranchant", "contondant")
_SUNDER_OBJECTS = {
    "arme": ("Arme tenue", "A held weapon"),
    "bouclier": ("Bouclier", "A shield"),
    "autre": ("Autre objet tenu ou porté", "Another object, held or worn"),
}
SHIELD: dict[str, Scalar] = {**sheet.WEAPON_DEFAULTS, "nom": "Bouclier"}


def can_sunder(w: dict[str, Scalar]) -> bool:
    """D35-44: a slashing or bludgeoning weapon (one of two types counts)."""
    return any(kind in str(w.get("type", "")) for kind in _SUNDER_TYPES)


def object_ca(holder: Combatant) -> tuple[int, list[Term]]:
    """D35-45: 10 + the size modifier (SIZE_ATTACK of the holder's size) + its Dex modifier."""
    terms = [
        Term("CA de base de l’objet", 10, "D35-45", "object's base AC"),
        Term("taille", sheet.SIZE_ATTACK[sheet.size(holder)], "D35-45", "size"),
        sheet.modifier_term(holder, "dexterite", "D35-45"),
    ]
    return ints(terms), terms


def _sunder_spec(ctx: Ctx) -> ActionSpec:
    objects = [(k, fr, en) for k, (fr, en) in _SUNDER_OBJECTS.items()]
    options = (
        weapon_field("arme", "Arme", "Weapon", ctx.actor, "D35-44"),
        choice_field("objet", "Objet visé", "Object aimed at", objects, "D35-45", "arme"),
        weapon_field("arme_cible", "Arme visée", "Weapon aimed at", listed_target(ctx), "D35-44"),
    )
    return ActionSpec(SUNDER, Label(fr="Destruction", en="Sunder"), "D35-44", True, options)


class Sunder(Struct, frozen=True):
    """A sunder before the dice: the opposed attack rolls (a held weapon or shield), or the
    attack against the object's CA (another object); its notices."""

    aimed: str
    contest: Opposed | None
    check: Check | None
    terms: tuple[Term, ...]
    notices: tuple[Notice, ...]
    thing: tuple[str, str]


def sunder(ctx: Ctx) -> Sunder:
    actor, target = ctx.actor, ctx.target
    if actor.id == target.id:
        raise ActionError("Choisir une autre créature", "Choose another creature")
    weapon = weapon_of(ctx, actor, "arme")
    notices: list[Notice] = []
    if not can_sunder(weapon):
        notices.append(
            blocking(
                "D35-44",
                "La destruction se fait avec une arme tranchante ou contondante",
                "Sunder needs a slashing or bludgeoning weapon",
            )
        )
    aimed = ctx.choice("objet", "arme")
    aimed = aimed if aimed in _SUNDER_OBJECTS else "arme"
    if aimed == "autre":
        ca, ca_terms = object_ca(target)
        terms = [*sheet.attack_bonus(actor, weapon), *(shown("objet", tuple(ca_terms), False))]
        strict = ctx.flag(OBJECT_CA_FLAG) == "depasser"
        rule = ("dépasser", "exceed") if strict else ("atteindre", "reach")
        terms.append(
            Term(f"CA de l’objet ({rule[0]})", str(ca), OBJECT_CA_FLAG, f"object's AC ({rule[1]})")
        )
        terms.append(
            Term("provoque une AO de la cible", "", "D35-45", "provokes an AoO from the target")
        )
        check = Check(ints(terms), ca, strict=strict, naturals=D20_NATURALS)
        thing = ("l’objet", "the object")
        return Sunder(aimed, None, check, tuple(terms), tuple(notices), thing)
    held = SHIELD if aimed == "bouclier" else weapon_of(ctx, target, "arme_cible")
    mine, theirs = disarm_sides(actor, weapon, target, held, aimed == "bouclier")
    contest = Opposed(
        "D35-44",
        Side(actor, tuple(mine)),
        Side(target, tuple(theirs)),
        ties(ctx),
        ("attaque", "attack"),
    )
    terms = (*contest.terms(True), _SUNDER_AOO)
    thing = ("le bouclier", "the shield") if aimed == "bouclier" else sheet.weapon_name(held)
    return Sunder(aimed, contest, None, terms, tuple(notices), thing)


_SUNDER_AOO = Term("provoque une AO de la cible", "", "D35-44", "provokes an AoO from the target")


def _sunder_preview(ctx: Ctx) -> Preview:
    s = sunder(ctx)
    if s.check is not None:
        chance = pct(check_odds(D20, s.check).success)
        note = (
            f"Toucher la CA de l’objet {chance[0]} ; 20 naturel : réussite, 1 : échec",
            f"Hit the object's AC {chance[1]}; natural 20: success, 1: failure",
        )
        attack = Label(fr="Attaque", en="Attack")
        return check_preview(ctx, s.check, s.terms, attack, note, s.notices)
    assert s.contest is not None
    what = ("Chance d’endommager", "Chance to damage")
    return contest_preview(ctx, s.contest, what, s.terms, s.notices)


def _sunder_resolve(ctx: Ctx, dice: DiceResult) -> tuple[Resolution, ChangeSet]:
    s = sunder(ctx)
    terms = list(s.terms)
    refuse_blocked(ctx.action, list(s.notices), terms)
    actor, target = ctx.actor, ctx.target
    thing = s.thing
    hit_said = (
        f"{thing[0]} de {target.name} est endommagé (le MJ applique les dégâts)",
        f"{thing[1]} of {target.name} is damaged (the GM applies the damage)",
    )
    miss_said = (
        f"Pas de dégâts ({thing[0]} de {target.name})",
        f"No damage ({thing[1]} of {target.name})",
    )
    if s.check is not None:
        total, success = read_first(dice, s.check)
        terms.append(Term("d20 + bonus", total, "D35-45", "d20 + bonus"))
        amounts = {"total": total, "target": s.check.target}
        said = hit_said if success else miss_said
    else:
        assert s.contest is not None
        _first, second = s.contest.requests()
        own = read_first(dice, Check(0, 0))[0]
        a, d, winner = s.contest.judge(own, opponent_roll(dice, 0, second))
        terms += s.contest.totals_terms(a, d, winner)
        amounts = {"total": a, "opposed": d}
        said = {"attacker": hit_said, "defender": miss_said}.get(winner, REROLL)
        success = None if winner in ("reroll", "tie") else winner == "attacker"
    label = (f"Destruction de {actor.name}", f"{actor.name}'s sunder")
    return finish(Edits(ctx.enc), ctx.action, label, terms, dice, said, success, amounts)


# D35-09, D35-48: a special attack takes a standard action and strains a disabled creature;
# D35-11 (SRD): a disarm and a sunder provoke from the target.
ACTIONS = (
    ActionDef(
        DISARM,
        _disarm_spec,
        _disarm_preview,
        _disarm_resolve,
        cost=budget.standard,
        provokes=provoking.from_target,
        strenuous=always,
    ),
    ActionDef(
        SUNDER,
        _sunder_spec,
        _sunder_preview,
        _sunder_resolve,
        cost=budget.standard,
        provokes=provoking.from_target,
        strenuous=always,
    ),
)
