"""Trip (D35-35, D35-36, A-D35-12, TV-D35-24), bull rush (D35-12 to D35-14, A-D35-19,
TV-D35-05) and overrun (D35-68): opposed Strength checks that knock down or push back.

Readings (the GM can override every one):
- Trip: the touch attack is made with bare hands (A-D35-12). A mounted target may use its
  Ride check (`equitation`) instead of the whole Str/Dex check (no size, no stability).
- Bull rush: the GM moves the tokens; the distance is in the outcome.
- Overrun: the swapped check keeps each side's modifiers (charge, stability, the Dex
  choice); the target counts as the attacker for ties. Its two rolls are Preview.more[1:]
  (the target's, then the actor's), read only when the actor lost the first check. A mounted
  overrun (the mount's check) is left to the GM."""

from __future__ import annotations

from fractions import Fraction

from msgspec import Struct

from gui.engine.checks import D20_NATURALS, Check
from gui.engine.checks.request import DiceResult
from gui.engine.contract.edits import Edits, finish, refuse_blocked
from gui.engine.contract.fields import bool_field, choice_field
from gui.engine.contract.values import ActionError, ActionSpec, Preview, Resolution
from gui.engine.core.words import Label, Notice, Term
from gui.engine.rulesets.d20_35 import armour_class, budget, helpless, provoking, sheet
from gui.engine.rulesets.d20_35.action_pieces import blocking, listed_target, metres_words
from gui.engine.rulesets.d20_35.context import ActionDef, Ctx, always
from gui.engine.rulesets.d20_35.opposed import (
    D20,
    REROLL,
    Opposed,
    Side,
    contest_preview,
    ints,
    odds_note,
    opponent_roll,
    pct,
    read_first,
    ties,
    touch_then_contest,
)
from gui.engine.state.changes import ChangeSet
from gui.engine.state.model import Combatant, Expiry, State

TRIP, BULL_RUSH, OVERRUN = "croc_en_jambe", "bousculade", "renversement"
PRONE = "a_terre"
PUSH_M = 1.5  # D35-14

# Croc-en-jambe (D35-35, D35-36, TV-D35-24) ------------------------------------------------

_TRIP_WITH = {
    "force": ("Force", "Strength"),
    "dexterite": ("Dextérité", "Dexterity"),
    "equitation": ("Équitation", "Ride"),
}


def too_large(actor: Combatant, target: Combatant) -> bool:
    """D35-35: the target may be at most one size category larger."""
    return sheet.size_index(target) - sheet.size_index(actor) > 1


def stability(c: Combatant, rule: str) -> list[Term]:
    """+4 to resist with more than two legs or when very stable (D35-13, D35-36)."""
    if sheet.stat(c, "jambes", 2) > 2 or c.stats.get("stable") is True:
        return [Term("stabilité", 4, rule, "stability")]
    return []


def size_terms(c: Combatant, rule: str) -> list[Term]:
    """The special size modifier (SIZE_GRAPPLE, A-D35-10); shown even when 0."""
    return [Term("taille (spéciale)", sheet.SIZE_GRAPPLE[sheet.size(c)], rule, "size (special)")]


def strength_terms(c: Combatant, ability: str, rule: str) -> list[Term]:
    return [sheet.modifier_term(c, ability, rule), *size_terms(c, rule)]


def trip_defence(c: Combatant, means: str, rule: str = "D35-36") -> list[Term]:
    """The defender's modifiers: Str or Dex + special size + stability; or its Ride check
    alone when it rides (D35-36)."""
    if means == "equitation":
        return [Term("Équitation", sheet.stat(c, "equitation"), rule, "Ride")]
    return [*strength_terms(c, means, rule), *stability(c, rule)]


def best_trip_defence(c: Combatant) -> str:
    """What the defender is taken to use unless the GM says: the best of Str and Dex, and
    Ride when mounted (Str on a tie)."""
    means = ["force", "dexterite"] + (["equitation"] if sheet.has_state(c, "monte") else [])
    return max(means, key=lambda m: (ints(trip_defence(c, m)), -means.index(m)))


def _trip_spec(ctx: Ctx) -> ActionSpec:
    target = listed_target(ctx)
    means = [("meilleur", "Le meilleur", "The best")] + [
        (k, fr, en)
        for k, (fr, en) in _TRIP_WITH.items()
        if k != "equitation" or (target is not None and sheet.has_state(target, "monte"))
    ]
    options = (
        choice_field(
            "resiste",
            "La cible résiste par",
            "The target resists with",
            means,
            "D35-36",
            "meilleur",
        ),
    )
    return ActionSpec(TRIP, Label(fr="Croc-en-jambe", en="Trip"), "D35-35", True, options)


class Trip(Struct, frozen=True):
    touch: Check
    attack_terms: tuple[Term, ...]
    contest: Opposed
    notices: tuple[Notice, ...]


def _trip_numbers(ctx: Ctx) -> Trip:
    actor, target = ctx.actor, ctx.target
    if actor.id == target.id:
        raise ActionError("Choisir une autre créature", "Choose another creature")
    notices: list[Notice] = []
    if too_large(actor, target):
        notices.append(
            blocking(
                "D35-35",
                "Cible trop grande : une catégorie de taille de plus au plus",
                "Target too large: one size category larger at most",
            )
        )
    terms = sheet.attack_bonus(actor, sheet.weapon(actor, 0))
    terms.append(Term("attaque de contact à mains nues", "", "A-D35-12", "unarmed touch attack"))
    touch_ca, _ca_terms = armour_class.ca(target, "touch")
    for term in helpless.ca_terms(target, ranged=False, every_attack=False):  # D35-21
        shown = term.value
        if isinstance(shown, int):  # the CA's, not the attacker's: shown, not added
            touch_ca, shown = touch_ca + shown, f"{shown:+d}"
        terms.append(Term(term.label, shown, term.rule, term.label_en))
    terms.append(Term("CA de contact de la cible", str(touch_ca), "D35-35", "target's touch AC"))
    terms.append(Term("provoque une attaque d’opportunité", "", "D35-35", "provokes an AoO"))
    means = ctx.choice("resiste", "meilleur")
    if means == "meilleur" or means not in _TRIP_WITH:
        means = best_trip_defence(target)
    contest = Opposed(
        "D35-36",
        Side(actor, tuple(strength_terms(actor, "force", "D35-36"))),
        Side(target, tuple(trip_defence(target, means))),
        ties(ctx),
    )
    check = Check(ints(terms), touch_ca, naturals=D20_NATURALS)
    return Trip(check, tuple(terms), contest, tuple(notices))


def _trip_preview(ctx: Ctx) -> Preview:
    trip = _trip_numbers(ctx)
    words = ("test opposé", "opposed check")
    return touch_then_contest(ctx, trip.touch, trip.contest, trip.attack_terms, trip.notices, words)


def _trip_resolve(ctx: Ctx, dice: DiceResult) -> tuple[Resolution, ChangeSet]:
    trip = _trip_numbers(ctx)
    terms = [*trip.attack_terms, *trip.contest.terms(False)]
    refuse_blocked(ctx.action, trip.notices, terms)
    total, hit = read_first(dice, trip.touch)
    terms.append(Term("d20 + bonus (contact)", total, "D35-35", "d20 + bonus (touch)"))
    actor, target = ctx.actor, ctx.target
    edits = Edits(ctx.enc)
    label = (f"Croc-en-jambe de {actor.name}", f"{actor.name}'s trip")
    amounts = {"total": total, "target": trip.touch.target}
    if not hit:
        said = ("Attaque de contact ratée", "The touch attack misses")
        return finish(edits, ctx.action, label, terms, dice, said, False, amounts)
    first, second = trip.contest.requests()
    a, d, winner = trip.contest.judge(opponent_roll(dice, 0, first), opponent_roll(dice, 1, second))
    terms += trip.contest.totals_terms(a, d, winner)
    amounts = {**amounts, "check": a, "opposed": d}
    if winner == "attacker":
        edits.add_state(target.id, ctx.listed_state(PRONE, source=actor.id))
        said = (f"{target.name} tombe à terre", f"{target.name} falls prone")
    elif winner == "defender":
        said = (
            f"{target.name} résiste ; il peut tenter aussitôt un croc-en-jambe",
            f"{target.name} resists; it may try to trip back at once",
        )
    else:
        said = REROLL
    success = None if winner in ("reroll", "tie") else winner == "attacker"
    return finish(edits, ctx.action, label, terms, dice, said, success, amounts)


# Bousculade (D35-12 to D35-14, TV-D35-05) -------------------------------------------------


def push_distance(margin: int, follow: bool) -> float:
    """D35-14: 1,50 m, and 1,50 m more for every full 5 points of margin if the attacker
    follows."""
    extra = margin // 5 if follow and margin > 0 else 0
    return PUSH_M * (1 + extra)


def _bull_spec(ctx: Ctx) -> ActionSpec:
    options = (
        bool_field("charge", "En charge (+2, −2 CA)", "Charging (+2, −2 AC)", "D35-13"),
        bool_field("suivre", "Suivre la cible", "Follow the target", "D35-14"),
    )
    return ActionSpec(BULL_RUSH, Label(fr="Bousculade", en="Bull rush"), "D35-12", True, options)


def bull_rush(ctx: Ctx) -> Opposed:
    """D35-13: opposed Str checks with the special size modifier; +2 charging, +4 stable."""
    actor, target = ctx.actor, ctx.target
    if actor.id == target.id:
        raise ActionError("Choisir une autre créature", "Choose another creature")
    mine = strength_terms(actor, "force", "D35-13")
    if ctx.yes("charge"):
        mine.append(Term("charge", 2, "D35-13", "charge"))
    theirs = [*strength_terms(target, "force", "D35-13"), *stability(target, "D35-13")]
    return Opposed("D35-13", Side(actor, tuple(mine)), Side(target, tuple(theirs)), ties(ctx))


_BULL_AOO = Term(
    "provoque une AO de la cible et de ceux qui la menacent (25 % de toucher l’autre)",
    "",
    "D35-12",
    "provokes AoOs from the target and those threatening it (25% to hit the other)",
)


def _bull_preview(ctx: Ctx) -> Preview:
    contest = bull_rush(ctx)
    what = ("Chance de repousser", "Chance to push")
    return contest_preview(ctx, contest, what, (*contest.terms(True), _BULL_AOO))


def _bull_resolve(ctx: Ctx, dice: DiceResult) -> tuple[Resolution, ChangeSet]:
    contest = bull_rush(ctx)
    terms = [*contest.terms(True), _BULL_AOO]
    _first, second = contest.requests()
    own = read_first(dice, Check(0, 0))[0]
    a, d, winner = contest.judge(own, opponent_roll(dice, 0, second))
    terms += contest.totals_terms(a, d, winner)
    actor, target = ctx.actor, ctx.target
    edits = Edits(ctx.enc)
    if ctx.yes("charge"):
        edits.add_state(
            actor.id, State(key="charge", label="Charge", expiry=Expiry(at="turn_start"))
        )
    follow = ctx.yes("suivre")
    amounts = {"total": a, "opposed": d, "margin": a - d}
    if winner == "attacker":
        metres = push_distance(a - d, follow)
        m = metres_words(metres)
        with_it = (" ; l’attaquant le suit", "; the attacker follows") if follow else ("", "")
        said = (
            f"{target.name} est repoussé de {m[0]}{with_it[0]} (le MJ déplace les pions ;"
            " chacun provoque des AO en reculant)",
            f"{target.name} is pushed {m[1]} back{with_it[1]} (the GM moves the tokens;"
            " each provokes AoOs as it moves)",
        )
        terms.append(Term("repoussé de", m[0], "D35-14", "pushed back", m[1]))
    elif winner == "defender":
        m = metres_words(PUSH_M)
        said = (
            f"{actor.name} est repoussé de {m[0]} (le MJ déplace le pion)",
            f"{actor.name} is pushed {m[1]} back (the GM moves the token)",
        )
    else:
        said = REROLL
    success = None if winner in ("reroll", "tie") else winner == "attacker"
    label = (f"Bousculade de {actor.name}", f"{actor.name}'s bull rush")
    return finish(edits, ctx.action, label, terms, dice, said, success, amounts)


# Renversement (D35-68) --------------------------------------------------------------------

_OVERRUN_AOO = Term("provoque une AO de la cible", "", "D35-68", "provokes an AoO from the target")
_OVERRUN_WITH = {"force": ("Force", "Strength"), "dexterite": ("Dextérité", "Dexterity")}


def _overrun_spec(ctx: Ctx) -> ActionSpec:
    means = [("meilleur", "Le meilleur", "The best")] + [
        (k, fr, en) for k, (fr, en) in _OVERRUN_WITH.items()
    ]
    options = (
        choice_field(
            "reaction",
            "La cible",
            "The target",
            [("bloquer", "Bloque", "Blocks"), ("eviter", "S’écarte", "Avoids")],
            "D35-68",
            "bloquer",
        ),
        choice_field(
            "resiste",
            "La cible résiste par",
            "The target resists with",
            means,
            "D35-68",
            "meilleur",
        ),
        bool_field("charge", "En charge (+2, −2 CA)", "Charging (+2, −2 AC)", "D35-68"),
    )
    label = Label(fr="Renversement", en="Overrun")
    return ActionSpec(OVERRUN, label, "D35-68", True, options)


def overrun(ctx: Ctx) -> tuple[Opposed, Opposed]:
    """D35-68: opposed Str checks (the defender may use Dex) with the special size modifier,
    +2 charging, +4 stability; then the same check with the roles swapped."""
    actor, target = ctx.actor, ctx.target
    if actor.id == target.id:
        raise ActionError("Choisir une autre créature", "Choose another creature")
    mine = strength_terms(actor, "force", "D35-68")
    if ctx.yes("charge"):
        mine.append(Term("charge", 2, "D35-68", "charge"))
    means = ctx.choice("resiste", "meilleur")
    if means not in _OVERRUN_WITH:
        means = max(
            ("force", "dexterite"),
            key=lambda k: (ints(trip_defence(target, k, "D35-68")), k == "force"),
        )
    theirs = trip_defence(target, means, "D35-68")
    a, d = Side(actor, tuple(mine)), Side(target, tuple(theirs))
    first = Opposed("D35-68", a, d, ties(ctx))
    swapped = Opposed("D35-68", d, a, ties(ctx), ("second test", "second check"))
    return first, swapped


def _avoids(ctx: Ctx) -> bool:
    return ctx.choice("reaction", "bloquer") == "eviter"


_AVOIDED = Term("la cible s’écarte : pas de jet", "", "D35-68", "the target avoids: no roll")


def _overrun_preview(ctx: Ctx) -> Preview:
    first, swapped = overrun(ctx)
    if _avoids(ctx):
        return Preview(
            ctx.action,
            (_OVERRUN_AOO, _AVOIDED),
            None,
            odds=Fraction(1),
            odds_note="La cible s’écarte : l’attaquant passe",
            odds_note_en="The target avoids: the attacker passes",
        )
    odds, back = first.odds(), swapped.odds()
    fall = pct(odds.defender * back.attacker)
    note = odds_note(
        odds,
        (
            f"Chance de renverser ; chance de tomber {fall[0]}",
            f"Chance to knock down; chance to fall {fall[1]}",
        ),
    )
    mine, theirs = first.requests()
    theirs_again, mine_again = swapped.requests()
    return Preview(
        ctx.action,
        (*first.terms(True), _OVERRUN_AOO),
        mine,
        odds=odds.attacker,
        odds_note=note[0],
        odds_note_en=note[1],
        distribution=D20.totals().map(lambda t: t + first.attacker.modifier),
        more=(theirs, theirs_again, mine_again),
    )


def _overrun_resolve(ctx: Ctx, dice: DiceResult) -> tuple[Resolution, ChangeSet]:
    first, swapped = overrun(ctx)
    actor, target = ctx.actor, ctx.target
    edits = Edits(ctx.enc)
    label = (f"Renversement de {actor.name}", f"{actor.name}'s overrun")
    if _avoids(ctx):
        said = (
            f"{target.name} s’écarte : {actor.name} traverse son espace (sans action)",
            f"{target.name} avoids: {actor.name} passes through its space (no action)",
        )
        terms = [_OVERRUN_AOO, _AVOIDED]
        return finish(edits, ctx.action, label, terms, dice, said, True, {})
    terms = [*first.terms(True), _OVERRUN_AOO]
    _mine, theirs = first.requests()
    own = read_first(dice, Check(0, 0))[0]
    a, d, winner = first.judge(own, opponent_roll(dice, 0, theirs))
    terms += first.totals_terms(a, d, winner)
    amounts = {"total": a, "opposed": d}
    if ctx.yes("charge"):
        edits.add_state(
            actor.id, State(key="charge", label="Charge", expiry=Expiry(at="turn_start"))
        )
    if winner == "attacker":
        edits.add_state(target.id, ctx.listed_state(PRONE, source=actor.id))
        said = (
            f"{target.name} tombe à terre ; {actor.name} poursuit son déplacement",
            f"{target.name} falls prone; {actor.name} carries on moving",
        )
        return finish(edits, ctx.action, label, terms, dice, said, True, amounts)
    if winner != "defender":
        return finish(edits, ctx.action, label, terms, dice, REROLL, None, amounts)
    theirs_again, mine_again = swapped.requests()
    d2, a2, back = swapped.judge(
        opponent_roll(dice, 1, theirs_again), opponent_roll(dice, 2, mine_again)
    )
    terms.append(Term("second test, rôles inversés", "", "D35-68", "second check, roles swapped"))
    terms += swapped.totals_terms(d2, a2, back)
    amounts = {**amounts, "swap": d2, "swap_opposed": a2}
    m = metres_words(PUSH_M)
    fails = (
        f"{actor.name} échoue et recule de {m[0]} (le MJ déplace le pion)",
        f"{actor.name} fails and moves back {m[1]} (the GM moves the token)",
    )
    if back == "attacker":
        edits.add_state(actor.id, ctx.listed_state(PRONE, source=target.id))
        said = (f"{fails[0]} ; il tombe à terre", f"{fails[1]}; it falls prone")
    elif back == "defender":
        said = fails
    else:
        said = (
            f"{fails[0]} ; égalité parfaite au second test : le relancer (à terre si"
            f" {target.name} l’emporte, CFG-D35-13)",
            f"{fails[1]}; a full tie on the second check: roll it again (prone if"
            f" {target.name} wins, CFG-D35-13)",
        )
    return finish(edits, ctx.action, label, terms, dice, said, False, amounts)


# D35-09, D35-48: a special attack takes a standard action and strains a disabled creature;
# D35-11 (SRD): a trip's touch attack and an overrun provoke from the target, a bull rush (it
# enters the target's space, D35-12) from every foe that threatens the actor.
ACTIONS = (
    ActionDef(
        TRIP,
        _trip_spec,
        _trip_preview,
        _trip_resolve,
        cost=budget.standard,
        provokes=provoking.from_target,
        strenuous=always,
    ),
    ActionDef(
        BULL_RUSH,
        _bull_spec,
        _bull_preview,
        _bull_resolve,
        cost=budget.standard,
        provokes=provoking.from_all,
        strenuous=always,
    ),
    ActionDef(
        OVERRUN,
        _overrun_spec,
        _overrun_preview,
        _overrun_resolve,
        cost=budget.standard,
        provokes=provoking.from_target,
        strenuous=always,
    ),
)
