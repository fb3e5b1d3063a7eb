"""Grapple (*Lutte*) of d20_35: grab and hold (D35-57, A-D35-11), join a grapple (D35-62)
within the participants limit (D35-63, TV-D35-17), escape (D35-59, D35-61), pin (D35-59)
and deal damage (D35-59); Concentration while grappled (D35-59, TV-D35-18).

Every opposed check is d20 + the grapple bonus (D35-55), a tie as CFG-D35-13 says (the model
and helpers of opposed.py). The action's dice are the actor's first roll (the touch attack
when grabbing, else its grapple check); what follows is Preview.more.

Readings (the GM can override every blocking one):
- The `lutte` state's source is the creature held or holding: the grabbed target's is the
  grappler, each grappler's is the target. Joining leaves the target's source as it is.
- The grab (touch attack) is made with bare hands, as the trip's (A-D35-12). Winning the
  hold establishes the grapple; its unarmed damage (D35-57 step 3) is left to the Damage
  action, as the outcome says.
- D35-63 counts 2^(size difference) for every grappler (½ one size smaller, 2 one larger).
- Escaping frees from the action's target only: creatures that also hold the escaper keep
  it grappled. A pinned creature that escapes stays grappled (D35-61), only unpinned.
- Grapple damage (SRD): 1d3 + Str modifier, nonlethal; lethal at −4 on the check."""

from __future__ import annotations

from fractions import Fraction

from msgspec import Struct

from gui.engine.checks import D20_NATURALS, Check
from gui.engine.checks.opposed import Winner
from gui.engine.checks.request import DiceRequest, DiceResult
from gui.engine.contract.edits import Edits, finish, refuse_blocked
from gui.engine.contract.fields import bool_field, choice_field
from gui.engine.contract.values import ActionError, ActionSpec, Preview, Resolution, chained
from gui.engine.core.words import Label, Notice, Term
from gui.engine.dice.rolling import DiceExpr
from gui.engine.rulesets.d20_35 import armour_class, budget, provoking, sheet
from gui.engine.rulesets.d20_35.action_pieces import blocking
from gui.engine.rulesets.d20_35.context import ActionDef, Ctx, always
from gui.engine.rulesets.d20_35.opposed import (
    REROLL,
    Opposed,
    Side,
    contest_preview,
    ints,
    opponent_roll,
    read_first,
    ties,
    touch_then_contest,
)
from gui.engine.state.changes import ChangeSet
from gui.engine.state.model import Combatant, Encounter
from gui.engine.state.schema import FieldSpec
from gui.engine.timing import durations

GRAB, ESCAPE, PIN, HURT = "lutte_saisir", "lutte_echapper", "lutte_immobiliser", "lutte_degats"
GRAPPLED, PINNED = "lutte", "immobilise"
MAX_WEIGHT = Fraction(4)  # D35-63
CONCENTRATION_BASE = 20  # D35-59
LETHAL_PENALTY = -4  # SRD
_TOTAL = Label(fr="total des dés", en="dice total")
_HURT_ROLL = Label(fr="Dégâts à mains nues", en="Unarmed damage")


# Shared pieces ---------------------------------------------------------------------------


def concentration_dc(spell_level: int) -> int:
    """D35-59, TV-D35-18: casting while grappled asks Concentration DC 20 + spell level."""
    return CONCENTRATION_BASE + spell_level


def grapple_terms(c: Combatant, attempt: int = 0) -> list[Term]:
    """D35-55: BBA + Str modifier + special size modifier (+ the sheet's misc. bonus); their
    sum is sheet.grapple_bonus. D35-56, D35-59: a later attempt of the round (`attempt` 1,
    2…) takes the BBA of that attack of the sequence (+6/+1: the second at +1)."""
    bba = sheet.iteratives(sheet.stat(c, "bba"))
    k = min(attempt, len(bba) - 1)
    base = Term("BBA", bba[0], "D35-55", "BAB")
    if k:
        base = Term(
            f"BBA ({k + 1}e attaque de la série)", bba[k], "D35-56", f"BAB (attack #{k + 1})"
        )
    terms = [
        base,
        sheet.modifier_term(c, "force", "D35-55"),
        Term("taille (spéciale)", sheet.SIZE_GRAPPLE[sheet.size(c)], "A-D35-10", "size (special)"),
    ]
    misc = sheet.stat(c, "bonus_lutte_divers")
    if misc:
        terms.append(Term("bonus de lutte divers", misc, "D35-55", "misc. grapple bonus"))
    return terms


def _source(c: Combatant, key: str = GRAPPLED) -> str | None:
    return next((s.source for s in c.states if s.key == key), None)


def holders(enc: Encounter, target: Combatant) -> list[Combatant]:
    """The creatures grappling `target`: those whose `lutte` state's source is it."""
    return [c for c in enc.combatants if c.id != target.id and _source(c) == target.id]


def weight(c: Combatant, target: Combatant) -> Fraction:
    """D35-63: 1 for the target's size, ½ one size smaller, 2 one larger (2^difference)."""
    return Fraction(2) ** (sheet.size_index(c) - sheet.size_index(target))


def grapplers_weight(enc: Encounter, target: Combatant) -> Fraction:
    """D35-63, TV-D35-17: the weight of the creatures grappling `target` (at most 4)."""
    return sum((weight(c, target) for c in holders(enc, target)), Fraction(0))


def together(a: Combatant, b: Combatant) -> bool:
    """Whether `a` and `b` grapple each other (either's `lutte` source is the other)."""
    return _source(a) == b.id or _source(b) == a.id


def not_itself(ctx: Ctx) -> None:
    if ctx.actor.id == ctx.target.id:
        raise ActionError("Choisir une autre créature", "Choose another creature")


ATTEMPT = "attaque"  # D35-56, D35-59: the option naming the attack of the sequence


def attempt(ctx: Ctx) -> int:
    """Which attack of the actor's sequence the attempt takes the place of (0: the first)."""
    raw = str(ctx.action.options.get(ATTEMPT, "0"))
    return int(raw) if raw.isdigit() else 0


def attempt_field(c: Combatant) -> tuple[FieldSpec, ...]:
    """D35-56, D35-59: with several attacks a round (BBA +6 and up), each attempt takes the
    place of one of them, at its BBA; nothing to choose with one attack."""
    count = len(sheet.iteratives(sheet.stat(c, "bba")))
    if count < 2:
        return ()
    steps = [
        (str(k), f"{k + 1}e (BBA {b:+d})", f"#{k + 1} (BAB {b:+d})")
        for k, b in enumerate(sheet.iteratives(sheet.stat(c, "bba")))
    ]
    fr, en = "Tentative à la place de l’attaque", "Attempt in place of attack"
    return (choice_field(ATTEMPT, fr, en, steps, "D35-56", "0"),)


def contest_of(ctx: Ctx, rule: str, mine: list[Term] | None = None) -> Opposed:
    """The opposed grapple checks of the actor (at the BBA of its attempt, D35-56) and its
    target (D35-55, CFG-D35-13)."""
    own = mine if mine is not None else grapple_terms(ctx.actor, attempt(ctx))
    return Opposed(
        rule,
        Side(ctx.actor, tuple(own)),
        Side(ctx.target, tuple(grapple_terms(ctx.target))),
        ties(ctx),
        ("test de lutte", "grapple check"),
    )


def success_of(winner: Winner) -> bool | None:
    return None if winner in ("reroll", "tie") else winner == "attacker"


def in_grapple(ctx: Ctx, rule: str) -> list[Notice]:
    """D35-59: the option is for a creature grappling the target."""
    if sheet.has_state(ctx.actor, GRAPPLED) and together(ctx.actor, ctx.target):
        return []
    return [
        blocking(
            rule,
            f"{ctx.actor.name} n’est pas en lutte avec {ctx.target.name}",
            f"{ctx.actor.name} is not grappling {ctx.target.name}",
        )
    ]


def not_pinned(ctx: Ctx, rule: str) -> list[Notice]:
    """D35-61: a pinned creature can only try to escape."""
    if sheet.has_state(ctx.actor, PINNED):
        return [
            blocking(
                "D35-61",
                "Immobilisé : seule l’évasion est possible",
                "Pinned: only escaping is possible",
            )
        ]
    return []


def pinner_only(ctx: Ctx) -> list[Notice]:
    """D35-60: the pinner may damage, turn the weapon, move, silence, disarm or release
    (grapple_options.py), no other grapple option."""
    if not any(s.key == PINNED and s.source == ctx.actor.id for s in ctx.target.states):
        return []
    return [
        blocking(
            "D35-60",
            f"{ctx.actor.name} immobilise {ctx.target.name} : dégâts, arme retournée,"
            " déplacement, faire taire, désarmer ou relâcher seulement",
            f"{ctx.actor.name} pins {ctx.target.name}: damage, turn its weapon, move,"
            " silence, disarm or release only",
        )
    ]


def judge(contest: Opposed, dice: DiceResult, terms: list[Term]) -> tuple[int, int, Winner]:
    """The actor's check (the first roll) against the target's (Preview.more[0])."""
    _first, second = contest.requests()
    own = read_first(dice, Check(0, 0))[0]
    a, d, winner = contest.judge(own, opponent_roll(dice, 0, second))
    terms += contest.totals_terms(a, d, winner)
    return a, d, winner


# Saisir (D35-57, D35-62, D35-63, A-D35-11) -----------------------------------------------


def _grab_spec(ctx: Ctx) -> ActionSpec:
    options = (
        bool_field(
            "ao_degats",
            "L’AO provoquée a infligé des dégâts",
            "The provoked AoO dealt damage",
            "D35-57",
        ),
        *attempt_field(ctx.actor),
    )
    return ActionSpec(GRAB, Label(fr="Lutte : saisir", en="Grapple: grab"), "D35-57", True, options)


class Grab(Struct, frozen=True):
    joining: bool
    touch: Check | None
    attack_terms: tuple[Term, ...]
    contest: Opposed
    notices: tuple[Notice, ...]


def _grab_numbers(ctx: Ctx) -> Grab:
    not_itself(ctx)
    actor, target = ctx.actor, ctx.target
    joining = sheet.has_state(target, GRAPPLED)
    notices: list[Notice] = []
    if sheet.size_index(target) - sheet.size_index(actor) >= 2:
        notices.append(
            blocking(
                "A-D35-11",
                "On ne peut assurer sa prise sur une créature plus grande de 2 tailles",
                "A creature 2 or more sizes larger cannot be held",
            )
        )
    if _source(actor) == target.id:
        notices.append(
            blocking(
                "D35-57",
                f"{actor.name} lutte déjà avec {target.name}",
                f"{actor.name} is already grappling {target.name}",
            )
        )
    elif joining:
        total = grapplers_weight(ctx.enc, target) + weight(actor, target)
        if total > MAX_WEIGHT:
            notices.append(
                blocking(
                    "D35-63",
                    f"Trop de lutteurs sur {target.name} : {total} > 4 (½ plus petit, 2 plus"
                    " grand)",
                    f"Too many grapplers on {target.name}: {total} > 4 (½ smaller, 2 larger)",
                )
            )
    terms: list[Term] = []
    touch = None
    if joining:
        terms.append(
            Term(
                "rejoindre une lutte : prise automatique, pas d’AO",
                "",
                "D35-62",
                "joining a grapple: automatic grab, no AoO",
            )
        )
    else:
        if ctx.yes("ao_degats"):
            notices.append(
                blocking(
                    "D35-57",
                    "L’AO a infligé des dégâts : la tentative échoue",
                    "The AoO dealt damage: the attempt fails",
                )
            )
        terms = sheet.attack_bonus(actor, sheet.weapon(actor, 0), attempt(ctx))  # D35-56
        terms.append(
            Term("attaque de contact à mains nues", "", "D35-57", "unarmed melee touch attack")
        )
        touch_ca, _ca = armour_class.ca(target, "touch")
        terms.append(
            Term("CA de contact de la cible", str(touch_ca), "D35-57", "target's touch AC")
        )
        terms.append(Term("provoque une attaque d’opportunité", "", "D35-57", "provokes an AoO"))
        touch = Check(ints(terms), touch_ca, naturals=D20_NATURALS)
    return Grab(joining, touch, tuple(terms), contest_of(ctx, "D35-57"), tuple(notices))


def _grab_preview(ctx: Ctx) -> Preview:
    grab = _grab_numbers(ctx)
    what = ("Chance de tenir la prise", "Chance to hold")
    if grab.touch is None:
        terms = (*grab.attack_terms, *grab.contest.terms(True))
        return contest_preview(ctx, grab.contest, what, terms, grab.notices)
    words = ("test de lutte", "grapple check")
    return touch_then_contest(ctx, grab.touch, grab.contest, grab.attack_terms, grab.notices, words)


def _grab_resolve(ctx: Ctx, dice: DiceResult) -> tuple[Resolution, ChangeSet]:
    grab = _grab_numbers(ctx)
    actor, target = ctx.actor, ctx.target
    edits = Edits(ctx.enc)
    label = (f"Lutte de {actor.name}", f"{actor.name}'s grapple")
    terms = list(grab.attack_terms)
    if grab.touch is None:
        terms += grab.contest.terms(True)
        refuse_blocked(ctx.action, grab.notices, terms)
        a, d, winner = judge(grab.contest, dice, terms)
        amounts = {"total": a, "opposed": d}
    else:
        terms += grab.contest.terms(False)
        refuse_blocked(ctx.action, grab.notices, terms)
        total, hit = read_first(dice, grab.touch)
        terms.append(Term("d20 + bonus (contact)", total, "D35-57", "d20 + bonus (touch)"))
        amounts = {"total": total, "target": grab.touch.target}
        if not hit:
            said = ("Attaque de contact ratée", "The touch attack misses")
            return finish(edits, ctx.action, label, terms, dice, said, False, amounts)
        first, second = grab.contest.requests()
        a, d, winner = grab.contest.judge(
            opponent_roll(dice, 0, first), opponent_roll(dice, 1, second)
        )
        terms += grab.contest.totals_terms(a, d, winner)
        amounts = {**amounts, "check": a, "opposed": d}
    if winner == "attacker":
        edits.add_state(actor.id, ctx.listed_state(GRAPPLED, source=target.id))
        if not grab.joining:
            edits.add_state(target.id, ctx.listed_state(GRAPPLED, source=actor.id))
            said = (
                f"{actor.name} et {target.name} sont en lutte ; {target.name} subit les dégâts"
                f" d’un coup à mains nues (action Dégâts) ; {actor.name} entre dans sa case",
                f"{actor.name} and {target.name} are grappling; {target.name} takes unarmed"
                f" strike damage (Damage action); {actor.name} moves into its space",
            )
        else:
            said = (
                f"{actor.name} rejoint la lutte contre {target.name}",
                f"{actor.name} joins the grapple against {target.name}",
            )
    elif winner == "defender":
        said = (f"{target.name} se dégage de la prise", f"{target.name} breaks the hold")
    else:
        said = REROLL
    return finish(edits, ctx.action, label, terms, dice, said, success_of(winner), amounts)


# S'échapper (D35-59, D35-61) -------------------------------------------------------------

_ESCAPE_WITH = (
    ("lutte", "Test de lutte", "Grapple check"),
    ("evasion", "Évasion (action simple)", "Escape Artist (standard action)"),
)


def _escape_spec(ctx: Ctx) -> ActionSpec:
    options = (
        choice_field("moyen", "Par", "With", list(_ESCAPE_WITH), "D35-59", "lutte"),
        *attempt_field(ctx.actor),
    )
    label = Label(fr="Lutte : s’échapper", en="Grapple: escape")
    return ActionSpec(ESCAPE, label, "D35-59", True, options)


def _escape_numbers(ctx: Ctx) -> tuple[Opposed, list[Notice]]:
    not_itself(ctx)
    mine = None
    if ctx.choice("moyen", "lutte") == "evasion":
        mine = [Term("Évasion", sheet.stat(ctx.actor, "evasion"), "D35-59", "Escape Artist")]
    return contest_of(ctx, "D35-59", mine), [*in_grapple(ctx, "D35-59"), *pinner_only(ctx)]


def _escape_preview(ctx: Ctx) -> Preview:
    contest, notices = _escape_numbers(ctx)
    what = ("Chance de s’échapper", "Chance to escape")
    return contest_preview(ctx, contest, what, contest.terms(True), notices)


def _still_held(ctx: Ctx, who: Combatant, gone: str) -> list[Combatant]:
    """Who else than `gone` grapples `who` or is grappled by it."""
    others = [c for c in holders(ctx.enc, who) if c.id != gone]
    held = next((c for c in ctx.enc.combatants if c.id == _source(who)), None)
    if held is not None and held.id != gone and held not in others:
        others.append(held)
    return others


def rehome(ctx: Ctx, edits: Edits, who: Combatant, gone: str) -> bool:
    """`who` stays in the grapple with someone else than `gone` (its source re-pointed), or
    leaves it; whether it stays."""
    others = _still_held(ctx, who, gone)
    if not others:
        edits.remove_state(who.id, GRAPPLED, PINNED)
        return False
    if _source(who) == gone:
        edits.add_state(who.id, ctx.listed_state(GRAPPLED, source=others[0].id))
    return True


def _escape_resolve(ctx: Ctx, dice: DiceResult) -> tuple[Resolution, ChangeSet]:
    contest, notices = _escape_numbers(ctx)
    terms = contest.terms(True)
    refuse_blocked(ctx.action, notices, terms)
    a, d, winner = judge(contest, dice, terms)
    actor, target = ctx.actor, ctx.target
    edits = Edits(ctx.enc)
    if winner == "attacker":
        if sheet.has_state(actor, PINNED):
            edits.remove_state(actor.id, PINNED)
            said = (
                f"{actor.name} n’est plus immobilisé, mais reste en lutte",
                f"{actor.name} is no longer pinned, but still grappled",
            )
        else:
            stays = rehome(ctx, edits, actor, target.id)
            rehome(ctx, edits, target, actor.id)
            said = (
                f"{actor.name} échappe à {target.name}",
                f"{actor.name} escapes from {target.name}",
            )
            if stays:
                said = (
                    said[0] + " mais d’autres le tiennent encore",
                    said[1] + " but others still hold it",
                )
    elif winner == "defender":
        said = (f"{target.name} le retient", f"{target.name} holds on")
    else:
        said = REROLL
    label = (f"Évasion de {actor.name}", f"{actor.name}'s escape")
    amounts = {"total": a, "opposed": d}
    return finish(edits, ctx.action, label, terms, dice, said, success_of(winner), amounts)


# Immobiliser (D35-59) --------------------------------------------------------------------


def _pin_spec(ctx: Ctx) -> ActionSpec:
    label = Label(fr="Lutte : immobiliser", en="Grapple: pin")
    return ActionSpec(PIN, label, "D35-59", True, attempt_field(ctx.actor))


def _pin_numbers(ctx: Ctx) -> tuple[Opposed, list[Notice]]:
    not_itself(ctx)
    notices = [*in_grapple(ctx, "D35-59"), *not_pinned(ctx, "D35-59"), *pinner_only(ctx)]
    return contest_of(ctx, "D35-59"), notices


def _pin_preview(ctx: Ctx) -> Preview:
    contest, notices = _pin_numbers(ctx)
    what = ("Chance d’immobiliser", "Chance to pin")
    return contest_preview(ctx, contest, what, contest.terms(True), notices)


def _pin_resolve(ctx: Ctx, dice: DiceResult) -> tuple[Resolution, ChangeSet]:
    contest, notices = _pin_numbers(ctx)
    terms = contest.terms(True)
    refuse_blocked(ctx.action, notices, terms)
    a, d, winner = judge(contest, dice, terms)
    actor, target = ctx.actor, ctx.target
    edits = Edits(ctx.enc)
    if winner == "attacker":
        when = durations.expiry(ctx.enc, "turn_start", target.id, "source", actor.id)
        edits.add_state(target.id, ctx.listed_state(PINNED, source=actor.id, expiry=when))
        said = (
            f"{target.name} est immobilisé jusqu’au prochain tour de {actor.name}",
            f"{target.name} is pinned until {actor.name}'s next turn",
        )
    elif winner == "defender":
        said = (f"{target.name} résiste", f"{target.name} resists")
    else:
        said = REROLL
    label = (f"Immobilisation par {actor.name}", f"{actor.name}'s pin")
    amounts = {"total": a, "opposed": d}
    return finish(edits, ctx.action, label, terms, dice, said, success_of(winner), amounts)


# Dégâts (D35-59) -------------------------------------------------------------------------


def _hurt_spec(ctx: Ctx) -> ActionSpec:
    options = (
        bool_field(
            "letal",
            "Dégâts létaux (−4 au test)",
            "Lethal damage (−4 on the check)",
            sheet.SRD,
        ),
        *attempt_field(ctx.actor),
    )
    label = Label(fr="Lutte : dégâts", en="Grapple: damage")
    return ActionSpec(HURT, label, "D35-59", True, options)


def hurt_roll(c: Combatant) -> DiceRequest:
    """SRD: an unarmed strike's 1d3 + Str modifier."""
    expr = DiceExpr(1, 3, modifier=sheet.modifier(c, "force"))
    return DiceRequest(expr, _TOTAL, expr.minimum, expr.maximum or expr.minimum, label=_HURT_ROLL)


def _hurt_numbers(ctx: Ctx) -> tuple[Opposed, list[Notice]]:
    not_itself(ctx)
    mine = grapple_terms(ctx.actor, attempt(ctx))
    if ctx.yes("letal"):
        mine.append(Term("dégâts létaux", LETHAL_PENALTY, sheet.SRD, "lethal damage"))
    notices = [*in_grapple(ctx, "D35-59"), *not_pinned(ctx, "D35-59")]
    return contest_of(ctx, "D35-59", mine), notices


def _hurt_preview(ctx: Ctx) -> Preview:
    contest, notices = _hurt_numbers(ctx)
    what = ("Chance d’infliger des dégâts", "Chance to deal damage")
    hurt = (hurt_roll(ctx.actor),)
    return contest_preview(ctx, contest, what, contest.terms(True), notices, hurt)


def _hurt_resolve(ctx: Ctx, dice: DiceResult) -> tuple[Resolution, ChangeSet]:
    contest, notices = _hurt_numbers(ctx)
    terms = contest.terms(True)
    refuse_blocked(ctx.action, notices, terms)
    a, d, winner = judge(contest, dice, terms)
    actor, target = ctx.actor, ctx.target
    edits = Edits(ctx.enc)
    amounts = {"total": a, "opposed": d}
    if winner == "attacker":
        amount = max(1, chained(dice, 1, hurt_roll(actor)))  # SRD: at least 1
        amounts["damage"] = amount
        path = ("combatants", target.id, "stats")
        if ctx.yes("letal"):
            pv = sheet.stat(target, "pv") - amount
            edits.set((*path, "pv"), max(pv, -99))
            terms.append(Term("dégâts", amount, "D35-59", "damage"))
            said = (
                f"{target.name} subit {amount} dégâts ({pv} pv)",
                f"{target.name} takes {amount} damage ({pv} hp)",
            )
        else:
            edits.set(
                (*path, "degats_non_letaux"), sheet.stat(target, "degats_non_letaux") + amount
            )
            terms.append(Term("dégâts non létaux", amount, "D35-59", "nonlethal damage"))
            said = (
                f"{target.name} subit {amount} dégâts non létaux",
                f"{target.name} takes {amount} nonlethal damage",
            )
    elif winner == "defender":
        said = (f"{target.name} résiste", f"{target.name} resists")
    else:
        said = REROLL
    label = (f"Dégâts en lutte de {actor.name}", f"{actor.name}'s grapple damage")
    return finish(edits, ctx.action, label, terms, dice, said, success_of(winner), amounts)


def let_go(edits: Edits, cid: str) -> None:
    """A creature out of the fight holds no one and no one holds it any more (D35-58, SRD:
    the grapple ends when a grappler is unconscious, dying or dead)."""
    held = (GRAPPLED, PINNED)
    edits.remove_state(cid, *held)
    for c in edits.enc.combatants:
        states = edits.states(c.id)
        kept = [s for s in states if not (s.key in held and s.source == cid)]
        if c.id != cid and len(kept) != len(states):
            edits.set(("combatants", c.id, "states"), kept)


# D35-56, D35-59: a grapple attempt takes the place of an attack (budget.attacking); D35-48: it
# strains a disabled creature; D35-11 (SRD): a grab provokes from the target.
ACTIONS = (
    ActionDef(
        GRAB,
        _grab_spec,
        _grab_preview,
        _grab_resolve,
        cost=budget.attacking,
        provokes=provoking.from_target,
        strenuous=always,
    ),
    ActionDef(
        ESCAPE,
        _escape_spec,
        _escape_preview,
        _escape_resolve,
        cost=budget.attacking,
        strenuous=always,
    ),
    ActionDef(PIN, _pin_spec, _pin_preview, _pin_resolve, cost=budget.attacking, strenuous=always),
    ActionDef(
        HURT, _hurt_spec, _hurt_preview, _hurt_resolve, cost=budget.attacking, strenuous=always
    ),
)
