"""Special attacks of d20_35: aid another (D35-10), trip (D35-35, D35-36, A-D35-12), bull
rush (D35-12 to D35-14, A-D35-19), disarm (D35-41 to D35-43), sunder (D35-44, D35-45),
feint (D35-47) and overrun (D35-68).

Every opposed check is d20 + modifiers on each side; a tie goes as CFG-D35-13 says (A-D35-13:
the higher modifier, then both roll again; or the defender). The action's dice are the
actor's first roll; the rolls that follow (the opponent's, or both checks after a trip's
touch attack) are Preview.more, read with base.chained. Each preview gives the exact chance
of success, rerolled ties followed to the end (checks.opposed).

Readings (the GM can override every one):
- Aid another: the ally's +2 is a state (`aide_attaque` or `aide_ca`, value 2) whose text
  names the foe as « Nom [id] »; it ends at the start of the helper's next turn unless the
  attack code uses it up first (`aid_bonus` finds it).
- Trip: the touch attack is made with bare hands (A-D35-12). A mounted target may use its
  Ride check (`equitation`) instead of the whole Str/Dex check (no size, no stability).
- Feint: −4 against a non-humanoid and −8 against animal Intelligence (Int 1–2) do not add
  up: the −8 replaces the −4. Int « — » cannot be feinted (blocking, G-3).
- Bull rush: the GM moves the tokens; the distance is in the outcome.
- Sunder: a weapon whose type names slashing or bludgeoning (« perforant_tranchant »…)
  may sunder. A shield is a one-handed held object, not a melee weapon (−4). A win only
  says the object is damaged: the GM applies the damage. Another object's CA uses the
  holder's size (SIZE_ATTACK) and Dex; CFG-D35-14 « depasser » shows target CA + 1.
- Overrun: the swapped check keeps each side's modifiers (charge, stability, the Dex
  choice); the target counts as the attacker for ties. Its two rolls are Preview.more[1:]
  (the target's, then the actor's), read only when the actor lost the first check. A mounted
  overrun (the mount's check) is left to the GM."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from fractions import Fraction

from ... import durations
from ...changes import ChangeSet
from ...checks import (
    D20_NATURALS,
    D35_TIES,
    DEFENDER_TIES,
    Check,
    EdgeRoll,
    OpposedOdds,
    TieRule,
    check_odds,
    opposed_odds,
    opposed_outcome,
)
from ...checks.opposed import Winner
from ...checks.rolls import dice_request, outcome
from ...model import Combatant, Expiry, Scalar, State
from ..base import (
    ActionError,
    ActionSpec,
    DiceRequest,
    DiceResult,
    Notice,
    Preview,
    Resolution,
    Term,
    chained,
)
from ..edits import Edits, finish, refuse_blocked
from ..fields import bool_field, choice_field
from ..schema import FieldSpec, Label
from . import sheet
from .context import Ctx, Handler

AID, TRIP, BULL_RUSH, DISARM, FEINT = "aider", "croc_en_jambe", "bousculade", "desarmer", "feinte"
SUNDER, OVERRUN = "destruction", "renversement"
AID_ATTACK, AID_CA = "aide_attaque", "aide_ca"
PRONE, DISARMED, FEINTED = "a_terre", "desarme", "feinte"
TIES_FLAG = "CFG-D35-13"
D20 = EdgeRoll(1, 20)
AID_CA_TARGET = 10  # D35-10
AID_BONUS = 2  # D35-10
PUSH_M = 1.5  # D35-14
NONE = "-"


# Shared pieces ---------------------------------------------------------------------------


def ties(ctx: Ctx) -> TieRule:
    """CFG-D35-13: the higher modifier then a reroll (default), or the defender wins."""
    return DEFENDER_TIES if ctx.flag(TIES_FLAG) == "defenseur" else D35_TIES


def _target(ctx: Ctx) -> Combatant | None:
    """The target while the dialog lists the actions (there may be none yet)."""
    tid = ctx.action.target
    return next((c for c in ctx.enc.combatants if c.id == tid), None)


def _no(rule: str, fr: str, en: str) -> Notice:
    return Notice(rule, fr, en, True)


def _ints(terms: list[Term] | tuple[Term, ...]) -> int:
    return sum(t.value for t in terms if isinstance(t.value, int) and not isinstance(t.value, bool))


def _shown(who: str, terms: tuple[Term, ...], own: bool) -> list[Term]:
    """A side's terms named after it: ints (added to the action's roll) when `own`, else
    text, so that the breakdown's sum is the actor's first roll only."""
    out = []
    for t in terms:
        value: int | float | str | Fraction = t.value
        if not own and isinstance(value, int) and not isinstance(value, bool):
            value = f"{value:+d}"
        out.append(Term(f"{who} : {t.label}", value, t.rule, f"{who}: {t.label_en or t.label}"))
    return out


def _state(ctx: Ctx, key: str, source: str | None = None, expiry: Expiry | None = None) -> State:
    """A state of the ruleset's list, with its name and rules text in both languages."""
    spec = next(s for s in ctx.ruleset.data.states if s.key == key)
    return State(
        key=key,
        label=spec.label.fr,
        text=spec.text.fr,
        text_en=spec.text.en,
        source=source,
        expiry=expiry,
    )


def _pct(p: Fraction) -> tuple[str, str]:
    value = float(p) * 100
    return f"{value:.1f} %".replace(".", ","), f"{value:.1f}%"


def _weapon_choices(c: Combatant | None) -> list[tuple[str, str, str]]:
    arms = sheet.weapons(c) if c is not None else [dict(sheet.UNARMED)]
    return [(str(i), *sheet.weapon_name(w)) for i, w in enumerate(arms)]


def _weapon_field(key: str, fr: str, en: str, c: Combatant | None, rule: str) -> FieldSpec:
    arms = _weapon_choices(c)
    return choice_field(key, fr, en, arms, rule, "1" if len(arms) > 1 else "0")


def _weapon_of(ctx: Ctx, c: Combatant, key: str) -> dict[str, Scalar]:
    """The weapon an option names; absent, as its field's default: the sheet's first weapon,
    or bare hands when it has none."""
    raw = ctx.choice(key, "1")
    return sheet.weapon(c, int(raw) if raw.isdigit() else 1)


@dataclass(frozen=True)
class Side:
    """One side of an opposed d20 check: who, and its modifiers as terms (int values)."""

    who: Combatant
    terms: tuple[Term, ...]

    @property
    def modifier(self) -> int:
        return _ints(self.terms)

    def request(self, fr: str, en: str) -> DiceRequest:
        name = self.who.name
        return dice_request(D20, Label(fr=f"{fr} de {name}", en=f"{name}'s {en}"))


@dataclass(frozen=True)
class Opposed:
    """An opposed check before the dice: the attacker's side and the defender's."""

    rule: str
    attacker: Side
    defender: Side
    ties: TieRule
    roll: tuple[str, str] = ("test", "check")

    def odds(self) -> OpposedOdds:
        return opposed_odds(
            D20.totals(),
            D20.totals(),
            self.attacker.modifier,
            self.defender.modifier,
            self.ties,
        )

    def requests(self) -> tuple[DiceRequest, DiceRequest]:
        return self.attacker.request(*self.roll), self.defender.request(*self.roll)

    def terms(self, attacker_own: bool) -> list[Term]:
        return [
            *_shown(self.attacker.who.name, self.attacker.terms, attacker_own),
            *_shown(self.defender.who.name, self.defender.terms, False),
        ]

    def judge(self, mine: int, theirs: int) -> tuple[int, int, Winner]:
        """Both totals from the natural rolls, and who wins (CFG-D35-13)."""
        a = mine + self.attacker.modifier
        d = theirs + self.defender.modifier
        return (
            a,
            d,
            opposed_outcome(a, d, self.attacker.modifier, self.defender.modifier, self.ties),
        )

    def totals_terms(self, a: int, d: int, winner: Winner) -> list[Term]:
        an, dn = self.attacker.who.name, self.defender.who.name
        terms = [
            Term(f"{an} : d20 + modificateurs", str(a), self.rule, f"{an}: d20 + modifiers"),
            Term(f"{dn} : d20 + modificateurs", str(d), self.rule, f"{dn}: d20 + modifiers"),
        ]
        if a == d:
            by_modifier = self.ties.higher_modifier and (
                self.attacker.modifier != self.defender.modifier
            )
            said = {
                "attacker": ("égalité : l’attaquant l’emporte", "a tie: the attacker wins"),
                "defender": ("égalité : le défenseur l’emporte", "a tie: the defender wins"),
                "reroll": ("égalité parfaite : relancer", "a full tie: roll again"),
                "tie": ("égalité : au MJ", "a tie: the GM rules"),
            }[winner]
            if by_modifier:
                said = (
                    "égalité : le plus grand modificateur l’emporte",
                    "a tie: the higher modifier wins",
                )
            terms.append(Term(said[0], "", TIES_FLAG, said[1]))
        return terms


_REROLL = (
    "Égalité parfaite (mêmes modificateurs) : relancer l’action (CFG-D35-13)",
    "A full tie (equal modifiers): take the action again (CFG-D35-13)",
)


def _odds_note(odds: OpposedOdds, what: tuple[str, str]) -> tuple[str, str]:
    tie = _pct(odds.equal)
    return (
        f"{what[0]} ; égalité des totaux {tie[0]} (CFG-D35-13)",
        f"{what[1]}; equal totals {tie[1]} (CFG-D35-13)",
    )


def _read_first(dice: DiceResult, check: Check) -> tuple[int, bool]:
    """The action's first d20 with its modifier: its total and whether it meets `check`."""
    if not dice.faces and dice.aggregate is None:
        raise ActionError("Aucun dé saisi", "No dice entered")
    result, _assumed = outcome(D20, dice, check)
    return result.total, result.success


def _opponent_roll(dice: DiceResult, k: int, request: DiceRequest) -> int:
    return chained(dice, k, request)


# Aider quelqu'un (D35-10) -----------------------------------------------------------------


def _allies(ctx: Ctx) -> list[Combatant]:
    actor = ctx.actor
    return [
        c
        for c in ctx.enc.combatants
        if c.side == actor.side and c.id not in (actor.id, ctx.action.target)
    ]


def _aid_spec(ctx: Ctx) -> ActionSpec:
    allies = [(c.id, c.name, c.name) for c in _allies(ctx)] or [(NONE, "Aucun allié", "No ally")]
    options = (
        _weapon_field("arme", "Arme", "Weapon", ctx.actor, "D35-10"),
        choice_field("allie", "Allié aidé", "Ally helped", allies, "D35-10", allies[0][0]),
        choice_field(
            "aide",
            "Aide",
            "Help",
            [
                ("attaque", "+2 à sa prochaine attaque", "+2 on its next attack"),
                ("ca", "+2 CA contre la prochaine attaque", "+2 AC against the next attack"),
            ],
            "D35-10",
            "attaque",
        ),
    )
    label = Label(fr="Aider quelqu’un", en="Aid another")
    return ActionSpec(AID, label, "D35-10", True, options)


def _aid_numbers(ctx: Ctx) -> tuple[Check, list[Term], list[Notice], Combatant | None]:
    w = _weapon_of(ctx, ctx.actor, "arme")
    terms = sheet.attack_bonus(ctx.actor, w)
    notices: list[Notice] = []
    if sheet.is_ranged(w):
        notices.append(
            Notice("D35-10", "Aider quelqu’un se fait au corps à corps", "Aid another is melee")
        )
    ally = ctx.other("allie")
    if ally is None or ally.id in (ctx.actor.id, ctx.target.id):
        notices.append(_no("D35-10", "Choisir l’allié aidé", "Choose the ally helped"))
        ally = None
    terms.append(Term("CA à atteindre", str(AID_CA_TARGET), "D35-10", "AC to reach"))
    return Check(_ints(terms), AID_CA_TARGET, naturals=D20_NATURALS), terms, notices, ally


def _aid_preview(ctx: Ctx) -> Preview:
    check, terms, notices, _ally = _aid_numbers(ctx)
    return Preview(
        ctx.action,
        tuple(terms),
        dice_request(D20),
        target_number=check.target,
        odds=check_odds(D20, check).success,
        odds_note="Attaque contre CA 10 ; 20 naturel : réussite, 1 naturel : échec",
        odds_note_en="Attack against AC 10; natural 20: success, natural 1: failure",
        notices=tuple(notices),
    )


def aid_text(kind: str, foe: Combatant) -> tuple[str, str]:
    """The aid state's text naming the foe (« Nom [id] »), in French and English."""
    who = f"{foe.name} [{foe.id}]"
    if kind == AID_ATTACK:
        return (
            f"+2 à sa prochaine attaque contre {who} (D35-10)",
            f"+2 on its next attack against {who} (D35-10)",
        )
    return (
        f"+2 CA contre la prochaine attaque de {who} (D35-10)",
        f"+2 AC against the next attack of {who} (D35-10)",
    )


def aid_bonus(c: Combatant, key: str, foe_id: str) -> int:
    """The aid `c` has against `foe_id`: AID_ATTACK (+2 on its attack roll) or AID_CA (+2 CA
    against that foe's attack); 0 when none. The attack code removes the state once used."""
    return sum(s.value or 0 for s in c.states if s.key == key and f"[{foe_id}]" in (s.text or ""))


def _aid_resolve(ctx: Ctx, dice: DiceResult) -> tuple[Resolution, ChangeSet]:
    check, terms, notices, ally = _aid_numbers(ctx)
    refuse_blocked(ctx.action, notices, terms)
    total, success = _read_first(dice, check)
    terms.append(Term("d20 + bonus", total, "D35-10", "d20 + bonus"))
    actor, foe = ctx.actor, ctx.target
    edits = Edits(ctx.enc)
    said = ("Échec : pas d’aide", "Failure: no help")
    if success and ally is not None:
        key = AID_ATTACK if ctx.choice("aide", "attaque") == "attaque" else AID_CA
        text = aid_text(key, foe)
        label = "Aidé (+2 attaque)" if key == AID_ATTACK else "Aidé (+2 CA)"
        state = State(
            key=key,
            label=label,
            text=text[0],
            text_en=text[1],
            value=AID_BONUS,
            source=actor.id,
            expiry=durations.expiry(ctx.enc, "turn_start", ally.id, "source", actor.id),
        )
        edits.add_state(ally.id, state)
        said = (f"Réussite : {ally.name} {text[0]}", f"Success: {ally.name} {text[1]}")
    label = (f"{actor.name} aide contre {foe.name}", f"{actor.name} aids against {foe.name}")
    amounts = {"total": total, "target": AID_CA_TARGET}
    return finish(edits, ctx.action, label, terms, dice, said, success, amounts)


AID_ANOTHER = Handler(AID, _aid_spec, _aid_preview, _aid_resolve)


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
    return max(means, key=lambda m: (_ints(trip_defence(c, m)), -means.index(m)))


def _trip_spec(ctx: Ctx) -> ActionSpec:
    target = _target(ctx)
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


@dataclass(frozen=True)
class Trip:
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
            _no(
                "D35-35",
                "Cible trop grande : une catégorie de taille de plus au plus",
                "Target too large: one size category larger at most",
            )
        )
    terms = sheet.attack_bonus(actor, sheet.weapon(actor, 0))
    terms.append(Term("attaque de contact à mains nues", "", "A-D35-12", "unarmed touch attack"))
    touch_ca, _ca_terms = sheet.ca(target, "touch")
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
    check = Check(_ints(terms), touch_ca, naturals=D20_NATURALS)
    return Trip(check, tuple(terms), contest, tuple(notices))


def _trip_preview(ctx: Ctx) -> Preview:
    trip = _trip_numbers(ctx)
    words = ("test opposé", "opposed check")
    return touch_then_contest(ctx, trip.touch, trip.contest, trip.attack_terms, trip.notices, words)


def touch_then_contest(
    ctx: Ctx,
    touch: Check,
    contest: Opposed,
    attack_terms: Sequence[Term],
    notices: Sequence[Notice],
    second: tuple[str, str],
) -> Preview:
    """A touch attack (the action's dice) then an opposed check (its rolls that follow):
    the odds of both, each named in the note (trip, D35-35; grapple, D35-57)."""
    hit = check_odds(D20, touch).success
    odds = contest.odds()
    note = _odds_note(
        odds,
        (
            f"Contact {_pct(hit)[0]} puis {second[0]} {_pct(odds.attacker)[0]}",
            f"Touch {_pct(hit)[1]} then {second[1]} {_pct(odds.attacker)[1]}",
        ),
    )
    return Preview(
        ctx.action,
        (*attack_terms, *contest.terms(False)),
        dice_request(D20, Label(fr="Attaque de contact", en="Touch attack")),
        target_number=touch.target,
        odds=hit * odds.attacker,
        odds_note=note[0],
        odds_note_en=note[1],
        notices=tuple(notices),
        more=contest.requests(),
    )


def _trip_resolve(ctx: Ctx, dice: DiceResult) -> tuple[Resolution, ChangeSet]:
    trip = _trip_numbers(ctx)
    terms = [*trip.attack_terms, *trip.contest.terms(False)]
    refuse_blocked(ctx.action, trip.notices, terms)
    total, hit = _read_first(dice, trip.touch)
    terms.append(Term("d20 + bonus (contact)", total, "D35-35", "d20 + bonus (touch)"))
    actor, target = ctx.actor, ctx.target
    edits = Edits(ctx.enc)
    label = (f"Croc-en-jambe de {actor.name}", f"{actor.name}'s trip")
    amounts = {"total": total, "target": trip.touch.target}
    if not hit:
        said = ("Attaque de contact ratée", "The touch attack misses")
        return finish(edits, ctx.action, label, terms, dice, said, False, amounts)
    first, second = trip.contest.requests()
    a, d, winner = trip.contest.judge(
        _opponent_roll(dice, 0, first), _opponent_roll(dice, 1, second)
    )
    terms += trip.contest.totals_terms(a, d, winner)
    amounts = {**amounts, "check": a, "opposed": d}
    if winner == "attacker":
        edits.add_state(target.id, _state(ctx, PRONE, source=actor.id))
        said = (f"{target.name} tombe à terre", f"{target.name} falls prone")
    elif winner == "defender":
        said = (
            f"{target.name} résiste ; il peut tenter aussitôt un croc-en-jambe",
            f"{target.name} resists; it may try to trip back at once",
        )
    else:
        said = _REROLL
    success = None if winner in ("reroll", "tie") else winner == "attacker"
    return finish(edits, ctx.action, label, terms, dice, said, success, amounts)


TRIP_HANDLER = Handler(TRIP, _trip_spec, _trip_preview, _trip_resolve)


# Bousculade (D35-12 to D35-14, TV-D35-05) -------------------------------------------------


def push_distance(margin: int, follow: bool) -> float:
    """D35-14: 1,50 m, and 1,50 m more for every full 5 points of margin if the attacker
    follows."""
    extra = margin // 5 if follow and margin > 0 else 0
    return PUSH_M * (1 + extra)


def _metres(m: float) -> tuple[str, str]:
    return f"{m:.2f} m".replace(".", ","), f"{m:.2f} m"


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
    odds = contest.odds()
    note = _odds_note(odds, ("Chance de repousser", "Chance to push"))
    first, second = contest.requests()
    return Preview(
        ctx.action,
        (*contest.terms(True), _BULL_AOO),
        first,
        odds=odds.attacker,
        odds_note=note[0],
        odds_note_en=note[1],
        distribution=D20.totals().map(lambda t: t + contest.attacker.modifier),
        more=(second,),
    )


def _bull_resolve(ctx: Ctx, dice: DiceResult) -> tuple[Resolution, ChangeSet]:
    contest = bull_rush(ctx)
    terms = [*contest.terms(True), _BULL_AOO]
    _first, second = contest.requests()
    own = _read_first(dice, Check(0, 0))[0]
    a, d, winner = contest.judge(own, _opponent_roll(dice, 0, second))
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
        m = _metres(metres)
        with_it = (" ; l’attaquant le suit", "; the attacker follows") if follow else ("", "")
        said = (
            f"{target.name} est repoussé de {m[0]}{with_it[0]} (le MJ déplace les pions ;"
            " chacun provoque des AO en reculant)",
            f"{target.name} is pushed {m[1]} back{with_it[1]} (the GM moves the tokens;"
            " each provokes AoOs as it moves)",
        )
        terms.append(Term("repoussé de", m[0], "D35-14", "pushed back", m[1]))
    elif winner == "defender":
        m = _metres(PUSH_M)
        said = (
            f"{actor.name} est repoussé de {m[0]} (le MJ déplace le pion)",
            f"{actor.name} is pushed {m[1]} back (the GM moves the token)",
        )
    else:
        said = _REROLL
    success = None if winner in ("reroll", "tie") else winner == "attacker"
    label = (f"Bousculade de {actor.name}", f"{actor.name}'s bull rush")
    return finish(edits, ctx.action, label, terms, dice, said, success, amounts)


BULL_RUSH_HANDLER = Handler(BULL_RUSH, _bull_spec, _bull_preview, _bull_resolve)


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
        _weapon_field("arme", "Arme", "Weapon", ctx.actor, "D35-42"),
        _weapon_field("arme_cible", "Objet visé", "Object aimed at", _target(ctx), "D35-42"),
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
    )
    return ActionSpec(DISARM, Label(fr="Désarmer", en="Disarm"), "D35-41", True, options)


def disarm(ctx: Ctx) -> tuple[Opposed, list[Notice], dict[str, Scalar]]:
    actor, target = ctx.actor, ctx.target
    if actor.id == target.id:
        raise ActionError("Choisir une autre créature", "Choose another creature")
    weapon, held = _weapon_of(ctx, ctx.actor, "arme"), _weapon_of(ctx, target, "arme_cible")
    notices: list[Notice] = []
    if sheet.is_ranged(weapon):
        notices.append(
            _no(
                "D35-41",
                "Le désarmement remplace une attaque de corps à corps",
                "Disarm is a melee attack",
            )
        )
    if ctx.yes("ao_degats"):
        notices.append(
            _no(
                "D35-41",
                "L’AO a infligé des dégâts : le désarmement échoue",
                "The AoO dealt damage: the disarm fails",
            )
        )
    mine, theirs = disarm_sides(actor, weapon, target, held, ctx.yes("pas_melee"))
    contest = Opposed(
        "D35-42",
        Side(actor, tuple(mine)),
        Side(target, tuple(theirs)),
        ties(ctx),
        ("attaque", "attack"),
    )
    return contest, notices, held


_DISARM_AOO = Term("provoque une AO de la cible", "", "D35-41", "provokes an AoO from the target")


def _disarm_preview(ctx: Ctx) -> Preview:
    contest, notices, _held = disarm(ctx)
    odds = contest.odds()
    note = _odds_note(odds, ("Chance de désarmer", "Chance to disarm"))
    first, second = contest.requests()
    return Preview(
        ctx.action,
        (*contest.terms(True), _DISARM_AOO),
        first,
        odds=odds.attacker,
        odds_note=note[0],
        odds_note_en=note[1],
        distribution=D20.totals().map(lambda t: t + contest.attacker.modifier),
        notices=tuple(notices),
        more=(second,),
    )


def _disarm_resolve(ctx: Ctx, dice: DiceResult) -> tuple[Resolution, ChangeSet]:
    contest, notices, held = disarm(ctx)
    terms = [*contest.terms(True), _DISARM_AOO]
    refuse_blocked(ctx.action, notices, terms)
    _first, second = contest.requests()
    own = _read_first(dice, Check(0, 0))[0]
    a, d, winner = contest.judge(own, _opponent_roll(dice, 0, second))
    terms += contest.totals_terms(a, d, winner)
    actor, target = ctx.actor, ctx.target
    edits = Edits(ctx.enc)
    thing = sheet.weapon_name(held)
    if winner == "attacker":
        edits.add_state(target.id, _state(ctx, DISARMED, source=actor.id))
        where = ("tombe à terre", "falls to the ground")
        if _weapon_of(ctx, ctx.actor, "arme").get("categorie") == "mains_nues":
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
        said = _REROLL
    success = None if winner in ("reroll", "tie") else winner == "attacker"
    label = (f"Désarmement de {actor.name}", f"{actor.name}'s disarm")
    amounts = {"total": a, "opposed": d}
    return finish(edits, ctx.action, label, terms, dice, said, success, amounts)


DISARM_HANDLER = Handler(DISARM, _disarm_spec, _disarm_preview, _disarm_resolve)


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
    return _ints(terms), terms


def _sunder_spec(ctx: Ctx) -> ActionSpec:
    objects = [(k, fr, en) for k, (fr, en) in _SUNDER_OBJECTS.items()]
    options = (
        _weapon_field("arme", "Arme", "Weapon", ctx.actor, "D35-44"),
        choice_field("objet", "Objet visé", "Object aimed at", objects, "D35-45", "arme"),
        _weapon_field("arme_cible", "Arme visée", "Weapon aimed at", _target(ctx), "D35-44"),
    )
    return ActionSpec(SUNDER, Label(fr="Destruction", en="Sunder"), "D35-44", True, options)


@dataclass(frozen=True)
class Sunder:
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
    weapon = _weapon_of(ctx, actor, "arme")
    notices: list[Notice] = []
    if not can_sunder(weapon):
        notices.append(
            _no(
                "D35-44",
                "La destruction se fait avec une arme tranchante ou contondante",
                "Sunder needs a slashing or bludgeoning weapon",
            )
        )
    aimed = ctx.choice("objet", "arme")
    aimed = aimed if aimed in _SUNDER_OBJECTS else "arme"
    if aimed == "autre":
        ca, ca_terms = object_ca(target)
        terms = [*sheet.attack_bonus(actor, weapon), *(_shown("objet", tuple(ca_terms), False))]
        strict = ctx.flag(OBJECT_CA_FLAG) == "depasser"
        rule = ("dépasser", "exceed") if strict else ("atteindre", "reach")
        terms.append(
            Term(f"CA de l’objet ({rule[0]})", str(ca), OBJECT_CA_FLAG, f"object's AC ({rule[1]})")
        )
        terms.append(
            Term("provoque une AO de la cible", "", "D35-45", "provokes an AoO from the target")
        )
        check = Check(_ints(terms), ca, strict=strict, naturals=D20_NATURALS)
        thing = ("l’objet", "the object")
        return Sunder(aimed, None, check, tuple(terms), tuple(notices), thing)
    held = SHIELD if aimed == "bouclier" else _weapon_of(ctx, target, "arme_cible")
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
        chance = _pct(check_odds(D20, s.check).success)
        return Preview(
            ctx.action,
            s.terms,
            dice_request(D20, Label(fr="Attaque", en="Attack")),
            target_number=s.check.target + (1 if s.check.strict else 0),
            odds=check_odds(D20, s.check).success,
            odds_note=f"Toucher la CA de l’objet {chance[0]} ; 20 naturel : réussite, 1 : échec",
            odds_note_en=f"Hit the object's AC {chance[1]}; natural 20: success, 1: failure",
            notices=s.notices,
        )
    contest = s.contest
    assert contest is not None
    odds = contest.odds()
    note = _odds_note(odds, ("Chance d’endommager", "Chance to damage"))
    first, second = contest.requests()
    return Preview(
        ctx.action,
        s.terms,
        first,
        odds=odds.attacker,
        odds_note=note[0],
        odds_note_en=note[1],
        distribution=D20.totals().map(lambda t: t + contest.attacker.modifier),
        notices=s.notices,
        more=(second,),
    )


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
        total, success = _read_first(dice, s.check)
        terms.append(Term("d20 + bonus", total, "D35-45", "d20 + bonus"))
        amounts = {"total": total, "target": s.check.target}
        said = hit_said if success else miss_said
    else:
        assert s.contest is not None
        _first, second = s.contest.requests()
        own = _read_first(dice, Check(0, 0))[0]
        a, d, winner = s.contest.judge(own, _opponent_roll(dice, 0, second))
        terms += s.contest.totals_terms(a, d, winner)
        amounts = {"total": a, "opposed": d}
        said = {"attacker": hit_said, "defender": miss_said}.get(winner, _REROLL)
        success = None if winner in ("reroll", "tie") else winner == "attacker"
    label = (f"Destruction de {actor.name}", f"{actor.name}'s sunder")
    return finish(Edits(ctx.enc), ctx.action, label, terms, dice, said, success, amounts)


SUNDER_HANDLER = Handler(SUNDER, _sunder_spec, _sunder_preview, _sunder_resolve)


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
            key=lambda k: (_ints(trip_defence(target, k, "D35-68")), k == "force"),
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
    fall = _pct(odds.defender * back.attacker)
    note = _odds_note(
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
    own = _read_first(dice, Check(0, 0))[0]
    a, d, winner = first.judge(own, _opponent_roll(dice, 0, theirs))
    terms += first.totals_terms(a, d, winner)
    amounts = {"total": a, "opposed": d}
    if ctx.yes("charge"):
        edits.add_state(
            actor.id, State(key="charge", label="Charge", expiry=Expiry(at="turn_start"))
        )
    if winner == "attacker":
        edits.add_state(target.id, _state(ctx, PRONE, source=actor.id))
        said = (
            f"{target.name} tombe à terre ; {actor.name} poursuit son déplacement",
            f"{target.name} falls prone; {actor.name} carries on moving",
        )
        return finish(edits, ctx.action, label, terms, dice, said, True, amounts)
    if winner != "defender":
        return finish(edits, ctx.action, label, terms, dice, _REROLL, None, amounts)
    theirs_again, mine_again = swapped.requests()
    d2, a2, back = swapped.judge(
        _opponent_roll(dice, 1, theirs_again), _opponent_roll(dice, 2, mine_again)
    )
    terms.append(Term("second test, rôles inversés", "", "D35-68", "second check, roles swapped"))
    terms += swapped.totals_terms(d2, a2, back)
    amounts = {**amounts, "swap": d2, "swap_opposed": a2}
    m = _metres(PUSH_M)
    fails = (
        f"{actor.name} échoue et recule de {m[0]} (le MJ déplace le pion)",
        f"{actor.name} fails and moves back {m[1]} (the GM moves the token)",
    )
    if back == "attacker":
        edits.add_state(actor.id, _state(ctx, PRONE, source=target.id))
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


OVERRUN_HANDLER = Handler(OVERRUN, _overrun_spec, _overrun_preview, _overrun_resolve)


# Feinte (D35-47) --------------------------------------------------------------------------


def feint_penalty(target: Combatant) -> Term | None:
    """D35-47: −8 against animal Intelligence (Int 1–2), else −4 against a non-humanoid (they
    do not add up); None when neither. Int « — » is refused apart (`feint_notices`)."""
    intelligence = sheet.score(target, "intelligence")
    if intelligence is not None and 1 <= intelligence <= 2:
        return Term("Int animale (1–2)", -8, "D35-47", "animal Int (1–2)")
    if target.stats.get("humanoide") is False:
        return Term("cible non humanoïde", -4, "D35-47", "non-humanoid target")
    return None


def feint_notices(target: Combatant) -> list[Notice]:
    if sheet.score(target, "intelligence") is None:
        return [
            _no(
                "D35-47",
                "Une créature sans Intelligence (Int « — ») ne peut pas être feintée",
                "A creature with no Intelligence (Int '—') cannot be feinted",
            )
        ]
    return []


def feint(ctx: Ctx) -> Opposed:
    """D35-47: Bluff against Sense Motive + BBA."""
    actor, target = ctx.actor, ctx.target
    if actor.id == target.id:
        raise ActionError("Choisir une autre créature", "Choose another creature")
    mine = [Term("Bluff", sheet.stat(actor, "bluff"), "D35-47", "Bluff")]
    penalty = feint_penalty(target)
    if penalty is not None:
        mine.append(penalty)
    theirs = [
        Term("Psychologie", sheet.stat(target, "psychologie"), "D35-47", "Sense Motive"),
        Term("BBA", sheet.stat(target, "bba"), "D35-47", "BAB"),
    ]
    return Opposed("D35-47", Side(actor, tuple(mine)), Side(target, tuple(theirs)), ties(ctx))


def _feint_spec(ctx: Ctx) -> ActionSpec:
    return ActionSpec(FEINT, Label(fr="Feinte", en="Feint"), "D35-47", True)


def _feint_preview(ctx: Ctx) -> Preview:
    contest = feint(ctx)
    odds = contest.odds()
    note = _odds_note(odds, ("Chance de feinter", "Chance to feint"))
    first, second = contest.requests()
    return Preview(
        ctx.action,
        tuple(contest.terms(True)),
        first,
        odds=odds.attacker,
        odds_note=note[0],
        odds_note_en=note[1],
        distribution=D20.totals().map(lambda t: t + contest.attacker.modifier),
        notices=tuple(feint_notices(ctx.target)),
        more=(second,),
    )


def _feint_resolve(ctx: Ctx, dice: DiceResult) -> tuple[Resolution, ChangeSet]:
    contest = feint(ctx)
    terms = contest.terms(True)
    refuse_blocked(ctx.action, feint_notices(ctx.target), terms)
    _first, second = contest.requests()
    own = _read_first(dice, Check(0, 0))[0]
    a, d, winner = contest.judge(own, _opponent_roll(dice, 0, second))
    terms += contest.totals_terms(a, d, winner)
    actor, target = ctx.actor, ctx.target
    edits = Edits(ctx.enc)
    if winner == "attacker":
        when = durations.expiry(ctx.enc, "turn_end", target.id, "source", actor.id)
        edits.add_state(target.id, _state(ctx, FEINTED, source=actor.id, expiry=when))
        said = (
            f"{target.name} est feinté : pas de bonus de Dex contre la prochaine attaque au"
            f" corps à corps de {actor.name}",
            f"{target.name} is feinted: no Dex bonus against {actor.name}'s next melee attack",
        )
    elif winner == "defender":
        said = (f"{target.name} n’est pas dupe", f"{target.name} is not fooled")
    else:
        said = _REROLL
    success = None if winner in ("reroll", "tie") else winner == "attacker"
    label = (f"Feinte de {actor.name}", f"{actor.name}'s feint")
    amounts = {"total": a, "opposed": d}
    return finish(edits, ctx.action, label, terms, dice, said, success, amounts)


FEINT_HANDLER = Handler(FEINT, _feint_spec, _feint_preview, _feint_resolve)

HANDLERS: tuple[Handler, ...] = (
    AID_ANOTHER,
    TRIP_HANDLER,
    BULL_RUSH_HANDLER,
    DISARM_HANDLER,
    FEINT_HANDLER,
    SUNDER_HANDLER,
    OVERRUN_HANDLER,
)
