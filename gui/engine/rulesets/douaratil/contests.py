"""Contests (DOU-53 to DOU-56, A-DOU-7) and surprise (DOU-01, DOU-02, A-DOU-6, A-DOU-25).

Empoigner and Bousculer replace one attack of the Attack action (DOU-21): the actor's
Strength (Athletics) against the target's Strength (Athletics) or Dexterity (Acrobatics),
the target's choice; S'échapper is the grappled creature's action against its grappler's
Strength (Athletics); Lâcher is free. A tie changes nothing (A-DOU-7): the one who tries
fails and a grapple holds. The first roll of a contest is the actor's, the second
(Preview.more) its opponent's; the preview gives the exact chance of winning.

Surprise (jet de Discrétion) is a hider's Dexterity (Stealth) check before the fight against
the passive Perception of every able hostile creature: each one that does not notice it is
surprised until the end of its first turn.

Reading of "replaces one attack" (DOU-21, DOU-53, DOU-56): a grapple or a shove is one of
the attacks of the turn's Attack action, counted with Attaquer's in the same state
(budget.ATTACKS, ending at the start of the creature's next turn). The first of them spends
the action, its cost (DOU-05; none while surprised, DOU-02); a further one is
allowed while the count is below the sheet's `attaques` (Extra Attack). As for Attaquer, out
of the fight (round 0) nothing is counted nor spent. Escaping spends the action the same
way."""

from __future__ import annotations

from collections.abc import Callable
from fractions import Fraction

from msgspec import Struct

from gui.engine.checks import DEFENDER_TIES, Check, EdgeSource, opposed_odds, opposed_outcome
from gui.engine.checks.edges import NetEdge
from gui.engine.checks.request import DiceRequest, DiceResult
from gui.engine.checks.rolls import dice_request, outcome
from gui.engine.contract.edits import Edits, finish, refuse_blocked
from gui.engine.contract.fields import bool_field, choice_field, int_field
from gui.engine.contract.values import ActionError, Preview, Resolution
from gui.engine.core.words import Label, Notice, Term
from gui.engine.rulesets.douaratil import budget, sheet
from gui.engine.rulesets.douaratil.budget import Spend
from gui.engine.rulesets.douaratil.context import Ctx
from gui.engine.rulesets.douaratil.kind import Kind
from gui.engine.state.changes import ChangeSet
from gui.engine.state.model import Combatant, Encounter
from gui.engine.state.schema import FieldSpec
from gui.engine.timing import durations

GRAPPLE, ESCAPE, RELEASE, SHOVE, SURPRISE = (
    "empoigner",
    "s_echapper",
    "lacher",
    "bousculer",
    "surprise",
)
GRAPPLED, PRONE, SURPRISED = "empoigne", "a_terre", "surpris"
TIES_FLAG = "CFG-DOU-6"
UNARMED_REACH_M = 1.5  # DOU-42: the default reach
PUSH_M = 1.5  # DOU-56
ATHLETICS, ACROBATICS = "athletisme", "acrobaties"
_SKILLS = {
    ATHLETICS: ("force", "Force (Athlétisme)", "Strength (Athletics)"),
    ACROBATICS: ("dexterite", "Dextérité (Acrobaties)", "Dexterity (Acrobatics)"),
}
_EDGES = [
    ("normal", "Normal", "Normal"),
    ("avantage", "Avantage (autre source)", "Advantage (other source)"),
    ("desavantage", "Désavantage (autre source)", "Disadvantage (other source)"),
]


# Reading the sheets ----------------------------------------------------------------------


def skill_modifier(c: Combatant, skill: str) -> int:
    """Str (Athletics) or Dex (Acrobatics): the ability modifier, + proficiency if the sheet
    ticks the skill (A-DOU-4's pattern for checks)."""
    ability = _SKILLS[skill][0]
    return sheet.modifier(c, ability) + (sheet.proficiency(c) if c.stats.get(skill) else 0)


def best_skill(c: Combatant) -> str:
    """The better of Str (Athletics) and Dex (Acrobatics): what the target is taken to choose
    unless the GM says otherwise (DOU-53); Athletics on a tie."""
    return ACROBATICS if skill_modifier(c, ACROBATICS) > skill_modifier(c, ATHLETICS) else ATHLETICS


def passive_perception(c: Combatant) -> int:
    """A-DOU-6: 10 + Wis modifier, + proficiency if the sheet ticks Perception."""
    return (
        10
        + sheet.modifier(c, "sagesse")
        + (sheet.proficiency(c) if c.stats.get("perception") else 0)
    )


def stealth_modifier(c: Combatant) -> int:
    """DOU-01: Dex modifier, + proficiency if the sheet ticks Stealth."""
    return sheet.modifier(c, "dexterite") + (
        sheet.proficiency(c) if c.stats.get("discretion") else 0
    )


def body_reach(c: Combatant) -> float:
    """Reach without a weapon (DOU-53 "allonge à mains nues", DOU-42): 1,50 m, or the reach of
    the creature's natural weapons when a stat block gives a longer one."""
    natural = [
        sheet.metres(w, "allonge")
        for w in sheet.weapons(c)
        if w.get("prise") in ("main_nue", "naturelle") and not sheet.is_ranged(w)
    ]
    return max([UNARMED_REACH_M, *natural])


def held_by(enc: Encounter, grappler: str) -> list[Combatant]:
    """The creatures `grappler` holds: their `empoigne` state has it as its source."""
    return [
        c
        for c in enc.combatants
        if any(s.key == GRAPPLED and s.source == grappler for s in c.states)
    ]


def grappler_of(enc: Encounter, c: Combatant) -> Combatant | None:
    """Who holds `c` (the source of its `empoigne` state), if it is in the encounter."""
    source = next((s.source for s in c.states if s.key == GRAPPLED), None)
    return next((o for o in enc.combatants if o.id == source), None)


def drag_factor(enc: Encounter, mover: Combatant) -> float:
    """DOU-55: the speed is halved while `mover` holds a creature that is not at least two
    sizes smaller than it (it drags or carries it along), else 1."""
    size = sheet.size_index(mover)
    heavy = [c for c in held_by(enc, mover.id) if size - sheet.size_index(c) < 2]
    return 0.5 if heavy else 1.0


def _no(rule: str, fr: str, en: str) -> Notice:
    return Notice(rule, fr[0].upper() + fr[1:], en[0].upper() + en[1:], True)


# One side of a contest -------------------------------------------------------------------


class Roller(Struct, frozen=True):
    """One side of a contest: who, with which skill, its modifier, its terms and its edge."""

    who: Combatant
    skill: str
    modifier: int
    terms: tuple[Term, ...]
    edge: NetEdge

    def request(self, label: Label | None = None) -> DiceRequest:
        return dice_request(self.edge.roll, label)

    def total(self, dice: DiceResult) -> int:
        return read_total(self.edge, dice, self.modifier)


def read_total(edge: NetEdge, dice: DiceResult, modifier: int) -> int:
    """The kept dice + `modifier`, from faces rolled or typed in the order the edge's method
    reads them (CFG-DOU-1), or from a typed total (G-1)."""
    if not dice.faces and dice.aggregate is None:
        raise ActionError("Aucun dé saisi", "No dice entered")
    result, _assumed = outcome(edge.roll, dice, Check(modifier, 0))
    return result.total


def _edge(ctx: Ctx, key: str) -> NetEdge:
    """The edge the GM gives a side (DOU-73: no source in the excerpt touches these checks)."""
    value = ctx.choice(key, "normal")
    if value == "normal":
        return ctx.edge([])
    advantage = value == "avantage"
    return ctx.edge([EdgeSource("autre source (MJ)", "DOU-73", advantage, "other source (GM)")])


def roller(ctx: Ctx, c: Combatant, skill: str, rule: str, edge_key: str, own: bool) -> Roller:
    """A side's roll: 3d6 + ability modifier + proficiency if it has the skill. The actor's
    terms are modifiers of its roll (ints); the opponent's are shown as text."""
    ability, fr, en = _SKILLS[skill]
    name = sheet.ABILITY_LABEL[ability]
    parts: list[tuple[str, str, int]] = [
        (f"bonus de {name.fr}", f"{name.en} modifier", sheet.modifier(c, ability))
    ]
    if c.stats.get(skill):
        parts.append(("maîtrise", "proficiency", sheet.proficiency(c)))
    edge = _edge(ctx, edge_key)
    terms: list[Term] = []
    for pfr, pen, value in parts:
        label_fr, label_en = f"{c.name}, {fr} : {pfr}", f"{c.name}, {en}: {pen}"
        shown: int | str = value if own else f"{value:+d}"
        terms.append(Term(label_fr, shown, rule, label_en))
    if edge.sources:
        word = "avantage" if edge.edge == "advantage" else "désavantage"
        word_en = "advantage" if edge.edge == "advantage" else "disadvantage"
        terms.append(
            Term(
                f"{c.name} : autre source (MJ)",
                f"{word} ({edge.roll})",
                "DOU-73",
                f"{c.name}: other source (GM)",
                f"{word_en} ({edge.roll})",
            )
        )
    modifier = sum(value for _fr, _en, value in parts)
    return Roller(c, skill, modifier, tuple(terms), edge)


def _skill_option(key: str, fr: str, en: str, rule: str, default: str) -> FieldSpec:
    items = [(k, f, e) for k, (_a, f, e) in _SKILLS.items()]
    return choice_field(key, fr, en, items, rule, default)


def _edge_options() -> list[FieldSpec]:
    return [
        choice_field("jet", "Jet de l’acteur", "Actor's roll", _EDGES, "DOU-73", "normal"),
        choice_field(
            "jet_adverse", "Jet de l’adversaire", "Opponent's roll", _EDGES, "DOU-73", "normal"
        ),
    ]


# A contest -------------------------------------------------------------------------------


class Contest(Struct, frozen=True):
    """An opposed check before the dice: the actor (its roll is the action's dice), the
    opponent (the second roll), the terms, what the rules object."""

    actor: Roller
    opponent: Roller
    terms: tuple[Term, ...]
    notices: tuple[Notice, ...]
    rule: str = "A-DOU-7"  # the contest's rule (DOU-53, DOU-54, DOU-56)

    def opponent_request(self) -> DiceRequest:
        name = self.opponent.who.name
        return self.opponent.request(Label(fr=f"Jet de {name}", en=f"{name}'s roll"))

    def odds(self) -> tuple[Fraction, Fraction]:
        """Exact chance that the actor wins, and of a tie (A-DOU-7: the actor fails)."""
        odds = opposed_odds(
            self.actor.edge.roll.totals(),
            self.opponent.edge.roll.totals(),
            self.actor.modifier,
            self.opponent.modifier,
            DEFENDER_TIES,
        )
        return odds.attacker, odds.equal

    def to_reach(self) -> Term:
        """The number the actor's total must reach (issue 32): the opponent's roll, its
        modifier, and one more since a tie changes nothing (A-DOU-7)."""
        them = self.opponent
        more = them.modifier + 1
        sign = "+" if more >= 0 else "−"
        value = f"{them.edge.roll} {sign} {abs(more)}"
        name = them.who.name
        return Term(
            f"à atteindre : jet de {name}, son modificateur {them.modifier:+d} et 1 de plus "
            "(égalité : rien ne change)",
            value,
            self.rule,
            f"to reach: {name}'s roll, its modifier {them.modifier:+d} and 1 more "
            "(a tie: nothing changes)",
        )

    def preview(self, ctx: Ctx) -> Preview:
        win, tie = self.odds()
        dist = self.actor.edge.roll.totals().map(lambda t: t + self.actor.modifier)
        return Preview(
            ctx.action,
            (*self.terms, self.to_reach()),
            self.actor.request(),
            dice_bonus=self.actor.modifier,
            odds=win,
            odds_note=f"Chance de l’emporter ; égalité {_pct(tie)} : rien ne change (A-DOU-7)",
            odds_note_en=f"Chance to win; a tie {_pct_en(tie)}: nothing changes (A-DOU-7)",
            distribution=dist,
            notices=self.notices,
            more=(self.opponent_request(),),
        )

    def totals(self, dice: DiceResult) -> tuple[int, int, bool]:
        """Both totals and whether the actor won (a tie: the opponent holds, A-DOU-7)."""
        mine = self.actor.total(dice)
        if not dice.then:
            name = self.opponent.who.name
            raise ActionError(f"Il manque le jet de {name}", f"{name}'s roll is missing")
        theirs = self.opponent.total(dice.then[0])
        winner = opposed_outcome(
            mine, theirs, self.actor.modifier, self.opponent.modifier, DEFENDER_TIES
        )
        return mine, theirs, winner == "attacker"


def _pct(p: Fraction) -> str:
    return f"{float(p) * 100:.1f} %".replace(".", ",")


def _pct_en(p: Fraction) -> str:
    return f"{float(p) * 100:.1f}%"


def _attack_cost(ctx: Ctx) -> Spend | None:
    """DOU-21: in the fight, the first attack of the turn's Attack action spends the action."""
    return "action" if in_fight(ctx) and budget.attacks_made(ctx.actor) == 0 else None


def _attack_slot(ctx: Ctx, actor: Combatant, rule: str) -> tuple[list[Notice], Term]:
    """DOU-21: the contest replaces one attack of the Attack action. The first one spends the
    action, its cost (DOU-05, with a surprised creature's DOU-02); a further one needs an
    attack left (`attaques` on the sheet). Its notices and its term."""
    made = budget.attacks_made(actor)
    allowed = max(1, sheet.stat(actor, "attaques", 1))
    notices: list[Notice] = []  # as Attaquer: out of the fight, no turn to count in
    what = _attack_cost(ctx)
    if what is not None:
        notices = budget.notices(actor, what)
    elif in_fight(ctx):
        notices = [n for n in budget.notices(actor, "action") if n.rule == "DOU-02"]
        if made >= allowed:
            notices.append(
                _no(
                    "DOU-21",
                    f"plus d’attaque à remplacer dans l’action Attaquer ({allowed} par action)",
                    f"no attack left to replace in the Attack action ({allowed} per action)",
                )
            )
    term = Term(
        "remplace l’attaque de l’action Attaquer",
        f"{made + 1}/{allowed}",
        "DOU-21",
        "replaces the Attack action's attack",
    )
    if not ctx.able(actor):
        notices.append(_no(rule, "hors d’état d’agir", "unable to act"))
    return notices, term


def in_fight(ctx: Ctx) -> bool:
    """Turns are counted once the fight has begun (round 1 on), as Attaquer does."""
    return ctx.enc.turn.round > 0


def _spend_attack(ctx: Ctx, edits: Edits, terms: list[Term]) -> None:
    """The attack's cost spent; in the fight, it counts among the Attack action's."""
    budget.spend(edits, ctx.actor, _attack_cost(ctx), terms)
    if in_fight(ctx):
        budget.count_attack(edits, ctx.actor)


def _special_attack(
    ctx: Ctx, rule: str, own: Callable[[Ctx, Combatant], list[Notice]] = lambda _c, _t: []
) -> Contest:
    """Empoigner (DOU-53) or Bousculer (DOU-56): target at most one size larger, within the
    actor's reach without a weapon, the target's choice of Athletics or Acrobatics; then the
    objections of its own (`own`, given the target)."""
    actor, target = ctx.actor, ctx.target
    if actor.id == target.id:
        raise ActionError("Choisir une autre créature", "Choose another creature")
    notices, slot = _attack_slot(ctx, actor, rule)
    terms: list[Term] = [slot]
    larger = sheet.size_index(target) - sheet.size_index(actor)
    if larger > 1:
        mine, theirs = sheet.size_text(actor), sheet.size_text(target)
        notices.append(
            _no(
                rule,
                f"cible trop grande ({theirs[0]} contre {mine[0]} : une taille de plus au plus)",
                f"target too large ({theirs[1]} against {mine[1]}: one size larger at most)",
            )
        )
    metres, where = ctx.metres(actor, target)
    terms.append(where)
    reach = body_reach(actor)
    if metres is not None and metres > reach + 1e-9:
        notices.append(
            _no(
                rule,
                f"hors d’allonge ({sheet.metres_text(metres)[0]} > {sheet.metres_text(reach)[0]})",
                f"out of reach ({metres:g} m > {reach:g} m)",
            )
        )
    notices += own(ctx, target)
    me = roller(ctx, actor, ATHLETICS, rule, "jet", True)
    them = roller(
        ctx, target, ctx.choice("resiste", best_skill(target)), rule, "jet_adverse", False
    )
    terms = [*terms, *me.terms, *them.terms]
    return Contest(me, them, tuple(terms), tuple(notices), rule)


def _free_hand(c: Combatant) -> bool:
    """Whether the sheet leaves a hand free (the option's default; the GM knows better): not
    with a shield and a weapon, nor with a two-hand weapon."""
    grips = {str(w.get("prise")) for w in sheet.weapons(c)[1:]}
    return not ("deux_mains" in grips or (sheet.has_shield(c) and "une_main" in grips))


def _special_options(ctx: Ctx, rule: str, own: list[FieldSpec]) -> list[FieldSpec]:
    """A grapple's or a shove's options: its own first, then the target's skill, the distance
    and the edges."""
    target = next((c for c in ctx.enc.combatants if c.id == ctx.action.target), None)
    default = best_skill(target) if target is not None else ATHLETICS
    return [
        *own,
        _skill_option("resiste", "La cible résiste par", "The target resists with", rule, default),
        int_field(
            "distance",
            "Distance (m, −1 : la carte)",
            "Distance (m, −1: the map)",
            "DOU-42",
            -1,
            999,
            -1,
        ),
        *_edge_options(),
    ]


# Empoigner (DOU-53) ----------------------------------------------------------------------


def _grapple_options(ctx: Ctx) -> list[FieldSpec]:
    free = _free_hand(ctx.actor)
    own = bool_field("main_libre", "Une main libre", "A free hand", "DOU-53", free)
    return _special_options(ctx, "DOU-53", [own])


def _grapple_notices(ctx: Ctx, target: Combatant) -> list[Notice]:
    """DOU-53: a free hand; a target someone else already holds (a warning)."""
    out = []
    if not ctx.yes("main_libre", True):
        out.append(_no("DOU-53", "il faut une main libre", "a free hand is needed"))
    holder = grappler_of(ctx.enc, target)
    if holder is not None:
        out.append(
            Notice(
                "DOU-53",
                f"{target.name} est déjà empoigné par {holder.name}",
                f"{target.name} is already grappled by {holder.name}",
            )
        )
    return out


def _grappling(ctx: Ctx) -> Contest:
    return _special_attack(ctx, "DOU-53", _grapple_notices)


def _grapple_preview(ctx: Ctx) -> Preview:
    return _grappling(ctx).preview(ctx)


def _grapple_resolve(ctx: Ctx, dice: DiceResult) -> tuple[Resolution, ChangeSet]:
    terms, edits, (mine, theirs, won) = _contested_attack(ctx, dice, _grappling(ctx))
    actor, target = ctx.actor, ctx.target
    if won:
        edits.add_state(target.id, ctx.listed_state(GRAPPLED, source=actor.id))
        said = (f"{target.name} est empoigné", f"{target.name} is grappled")
    else:
        said = _failed(mine, theirs)
    label = (f"Empoignade de {actor.name}", f"{actor.name}'s grapple")
    return finish(edits, ctx.action, label, terms, dice, said, won, _amounts(mine, theirs))


def _contested_attack(
    ctx: Ctx, dice: DiceResult, contest: Contest
) -> tuple[list[Term], Edits, tuple[int, int, bool]]:
    """A grapple or a shove rolled: its terms with both totals, the edits with the attack
    spent, and (the actor's total, the opponent's, whether the actor won)."""
    terms = list(contest.terms)
    refuse_blocked(ctx.action, contest.notices, terms)
    mine, theirs, won = contest.totals(dice)
    _totals_terms(terms, contest, mine, theirs, contest.rule)
    edits = Edits(ctx.enc)
    _spend_attack(ctx, edits, terms)
    return terms, edits, (mine, theirs, won)


def _totals_terms(terms: list[Term], contest: Contest, mine: int, theirs: int, rule: str) -> None:
    a, b = contest.actor.who.name, contest.opponent.who.name
    terms.append(Term(f"{a} : 3d6 + modificateurs", mine, rule, f"{a}: 3d6 + modifiers"))
    terms.append(Term(f"{b} : 3d6 + modificateurs", str(theirs), rule, f"{b}: 3d6 + modifiers"))
    if mine == theirs:
        terms.append(Term("égalité : rien ne change", "", "A-DOU-7", "a tie: nothing changes"))


def _failed(mine: int, theirs: int) -> tuple[str, str]:
    if mine == theirs:
        return "Égalité : rien ne change", "A tie: nothing changes"
    return "Échec : rien ne change", "Failure: nothing changes"


def _amounts(mine: int, theirs: int) -> dict[str, int]:
    return {"total": mine, "opposed": theirs}


# Bousculer (DOU-56) ----------------------------------------------------------------------


def _shove_options(ctx: Ctx) -> list[FieldSpec]:
    own = choice_field(
        "effet",
        "Si elle l’emporte",
        "On a win",
        [
            ("a_terre", "Faire tomber à terre", "Knock prone"),
            ("repousser", "Repousser de 1,50 m", "Push 1.50 m away"),
        ],
        "DOU-56",
        "a_terre",
    )
    return _special_options(ctx, "DOU-56", [own])


def _shoving(ctx: Ctx) -> Contest:
    return _special_attack(ctx, "DOU-56")


def _shove_preview(ctx: Ctx) -> Preview:
    return _shoving(ctx).preview(ctx)


def _shove_resolve(ctx: Ctx, dice: DiceResult) -> tuple[Resolution, ChangeSet]:
    terms, edits, (mine, theirs, won) = _contested_attack(ctx, dice, _shoving(ctx))
    actor, target = ctx.actor, ctx.target
    if not won:
        said = _failed(mine, theirs)
    elif ctx.choice("effet", "a_terre") == "repousser":
        said = (
            f"{target.name} est repoussé de 1,50 m (le MJ déplace le pion)",
            f"{target.name} is pushed 1.50 m away (the GM moves the token)",
        )
        shown = f"{PUSH_M:.2f} m"
        terms.append(Term("repoussé", shown.replace(".", ","), "DOU-56", "pushed", shown))
    else:
        edits.add_state(target.id, ctx.listed_state(PRONE, source=actor.id))
        said = (f"{target.name} tombe à terre", f"{target.name} is knocked prone")
        if sheet.has_state(target, "monte"):
            terms.append(
                Term(
                    "cavalier renversé : JS de Dextérité DD 10",
                    "",
                    "DOU-65",
                    "rider knocked prone: Dexterity save DC 10",
                )
            )
    label = (f"{actor.name} bouscule {target.name}", f"{actor.name} shoves {target.name}")
    return finish(edits, ctx.action, label, terms, dice, said, won, _amounts(mine, theirs))


# S'échapper (DOU-54) ---------------------------------------------------------------------


def _grappled(ctx: Ctx) -> bool:
    return sheet.has_state(ctx.actor, GRAPPLED)


def _escape_options(ctx: Ctx) -> list[FieldSpec]:
    return [
        _skill_option("avec", "S’échapper par", "Escape with", "DOU-54", best_skill(ctx.actor)),
        *_edge_options(),
    ]


def _escape_cost(ctx: Ctx) -> Spend | None:
    """DOU-54: escaping is the action, in the fight."""
    return "action" if in_fight(ctx) else None


def _escape(ctx: Ctx) -> Contest:
    actor = ctx.actor
    if not sheet.has_state(actor, GRAPPLED):
        raise ActionError(f"{actor.name} n’est pas empoigné", f"{actor.name} is not grappled")
    holder = grappler_of(ctx.enc, actor)
    if holder is None and ctx.action.target is not None:
        holder = ctx.target  # a state the GM set without its source: the target chosen
    if holder is None:
        raise ActionError(
            "Qui l’empoigne ? Choisir l’empoigneur comme cible",
            "Who holds it? Choose the grappler as the target",
        )
    notices = budget.notices(actor, _escape_cost(ctx))
    if not ctx.able(actor):
        notices.append(_no("DOU-54", "hors d’état d’agir", "unable to act"))
    me = roller(ctx, actor, ctx.choice("avec", best_skill(actor)), "DOU-54", "jet", True)
    them = roller(ctx, holder, ATHLETICS, "DOU-54", "jet_adverse", False)
    return Contest(me, them, (*me.terms, *them.terms), tuple(notices), rule="DOU-54")


def _escape_preview(ctx: Ctx) -> Preview:
    return _escape(ctx).preview(ctx)


def _escape_resolve(ctx: Ctx, dice: DiceResult) -> tuple[Resolution, ChangeSet]:
    contest = _escape(ctx)
    terms = list(contest.terms)
    refuse_blocked(ctx.action, contest.notices, terms)
    mine, theirs, won = contest.totals(dice)
    actor, holder = ctx.actor, contest.opponent.who
    _totals_terms(terms, contest, mine, theirs, "DOU-54")
    edits = Edits(ctx.enc)
    budget.spend(edits, actor, _escape_cost(ctx), terms)
    if won:
        edits.remove_state(actor.id, GRAPPLED)
        said = (f"{actor.name} s’échappe", f"{actor.name} escapes")
    elif mine == theirs:
        said = ("Égalité : l’empoignade tient", "A tie: the grapple holds")
    else:
        said = ("Échec : l’empoignade tient", "Failure: the grapple holds")
    label = (
        f"{actor.name} tente d’échapper à {holder.name}",
        f"{actor.name} tries to escape {holder.name}",
    )
    return finish(edits, ctx.action, label, terms, dice, said, won, _amounts(mine, theirs))


# Lâcher (DOU-53) -------------------------------------------------------------------------


def _holding(ctx: Ctx) -> bool:
    return bool(held_by(ctx.enc, ctx.actor.id))


def _release_options(ctx: Ctx) -> list[FieldSpec]:
    held = held_by(ctx.enc, ctx.actor.id)
    ids = [c.id for c in held]
    default = ctx.action.target if ctx.action.target in ids else ids[0]
    return [
        choice_field(
            "qui",
            "Qui lâcher",
            "Whom to release",
            [(c.id, c.name, c.name) for c in held],
            "DOU-53",
            default,
        )
    ]


def _released(ctx: Ctx) -> Combatant:
    held = held_by(ctx.enc, ctx.actor.id)
    if not held:
        raise ActionError(
            f"{ctx.actor.name} n’empoigne personne", f"{ctx.actor.name} grapples no one"
        )
    target = ctx.action.target
    default = target if target in [c.id for c in held] else held[0].id
    chosen = ctx.choice("qui", default)
    found = next((c for c in held if c.id == chosen), None)
    if found is None:
        raise ActionError(
            f"{ctx.actor.name} n’empoigne pas « {chosen} »",
            f"{ctx.actor.name} does not hold '{chosen}'",
        )
    return found


def _release_terms(ctx: Ctx, who: Combatant) -> list[Term]:
    return [Term("lâche", who.name, "DOU-53", "releases"), Term("gratuit", "", "DOU-53", "free")]


def _release_preview(ctx: Ctx) -> Preview:
    return Preview(ctx.action, tuple(_release_terms(ctx, _released(ctx))))


def _release_resolve(ctx: Ctx, dice: DiceResult) -> tuple[Resolution, ChangeSet]:
    who = _released(ctx)
    terms = _release_terms(ctx, who)
    edits = Edits(ctx.enc)
    edits.remove_state(who.id, GRAPPLED)
    actor = ctx.actor
    said = (f"{actor.name} lâche {who.name}", f"{actor.name} releases {who.name}")
    label = (f"{actor.name} lâche prise", f"{actor.name} lets go")
    return finish(edits, ctx.action, label, terms, dice, said)


# Surprise (DOU-01, DOU-02) ---------------------------------------------------------------


class Ambush(Struct, frozen=True):
    """A hider's Stealth check before the dice: its roll, the observers' passive Perception,
    the terms and what the rules object."""

    edge: NetEdge
    modifier: int
    observers: tuple[tuple[Combatant, int], ...]
    observer_wins_ties: bool
    terms: tuple[Term, ...]
    notices: tuple[Notice, ...]

    def surprised(self, total: int, passive: int) -> bool:
        """A-DOU-6: unnoticed when the Stealth total ≥ the passive Perception (CFG-DOU-6
        "observateur": only when it is above)."""
        return total > passive if self.observer_wins_ties else total >= passive


def _surprise_options(_ctx: Ctx) -> list[FieldSpec]:
    return [choice_field("jet", "Jet de Discrétion", "Stealth roll", _EDGES, "DOU-73", "normal")]


def _ambush(ctx: Ctx) -> Ambush:
    actor = ctx.actor
    ties = ctx.flag(TIES_FLAG) == "observateur"
    mod_dex = sheet.modifier(actor, "dexterite")
    terms = [Term("bonus de Dextérité", mod_dex, "DOU-01", "Dexterity modifier")]
    if actor.stats.get("discretion"):
        terms.append(
            Term(
                "maîtrise (Discrétion)", sheet.proficiency(actor), "DOU-01", "proficiency (Stealth)"
            )
        )
    edge = _edge(ctx, "jet")
    terms += edge.terms()
    observers = tuple(
        (o, passive_perception(o))
        for o in ctx.enc.combatants
        if ctx.hostile(actor, o) and ctx.able(o)
    )
    for o, passive in observers:
        terms.append(
            Term(
                f"{o.name} : Perception passive",
                str(passive),
                "A-DOU-6",
                f"{o.name}: passive Perception",
            )
        )
    terms.append(
        Term(
            "égalité",
            "l’observateur remarque" if ties else "passe inaperçu",
            TIES_FLAG if ties else "A-DOU-6",
            "a tie",
            "the observer notices" if ties else "stays unnoticed",
        )
    )
    notices = []
    if ctx.enc.turn.round > 1:
        notices.append(
            _no(
                "DOU-01",
                "la surprise se décide au début de la rencontre",
                "surprise is decided when the encounter begins",
            )
        )
    modifier = stealth_modifier(actor)
    return Ambush(edge, modifier, observers, ties, tuple(terms), tuple(notices))


def _surprise_preview(ctx: Ctx) -> Preview:
    ambush = _ambush(ctx)
    dist = ambush.edge.roll.totals().map(lambda t: t + ambush.modifier)
    each = [(o, dist.chance(lambda t, p=p: ambush.surprised(t, p))) for o, p in ambush.observers]
    top = max((p for _o, p in ambush.observers), default=None)
    every = Fraction(1) if top is None else dist.chance(lambda t: ambush.surprised(t, top))
    listed = " ; ".join(f"{o.name} {_pct(p)}" for o, p in each)
    listed_en = "; ".join(f"{o.name} {_pct_en(p)}" for o, p in each)
    terms = list(ambush.terms)
    reach = None
    if top is not None:  # the total that surprises the whole other side (issue 32)
        reach = top + 1 if ambush.observer_wins_ties else top
        rule = TIES_FLAG if ambush.observer_wins_ties else "A-DOU-6"
        terms.append(
            Term(
                "à atteindre : la Perception passive la plus haute"
                + (" + 1" if ambush.observer_wins_ties else ""),
                str(reach),
                rule,
                "to reach: the highest passive Perception"
                + (" + 1" if ambush.observer_wins_ties else ""),
            )
        )
    return Preview(
        ctx.action,
        tuple(terms),
        dice_request(ambush.edge.roll),
        target_number=reach,
        dice_bonus=ambush.modifier,
        odds=every,
        odds_note=f"Chance de surprendre tout le camp adverse ({listed})",
        odds_note_en=f"Chance to surprise the whole other side ({listed_en})",
        distribution=dist,
        notices=ambush.notices,
    )


def _surprise_resolve(ctx: Ctx, dice: DiceResult) -> tuple[Resolution, ChangeSet]:
    ambush = _ambush(ctx)
    terms = list(ambush.terms)
    refuse_blocked(ctx.action, ambush.notices, terms)
    total = read_total(ambush.edge, dice, ambush.modifier)
    terms.append(Term("3d6 + modificateurs", total, "DOU-01", "3d6 + modifiers"))
    actor = ctx.actor
    edits = Edits(ctx.enc)
    caught = []
    for o, passive in ambush.observers:
        if ambush.surprised(total, passive):
            when = durations.expiry(ctx.enc, "turn_end", o.id)
            edits.add_state(o.id, ctx.listed_state(SURPRISED, source=actor.id, expiry=when))
            caught.append(o.name)
    if caught:
        names = ", ".join(caught)
        said = (f"Surpris : {names}", f"Surprised: {names}")
    else:
        said = ("Personne n’est surpris", "Nobody is surprised")
    label = (f"Discrétion de {actor.name}", f"{actor.name}'s Stealth")
    return finish(edits, ctx.action, label, terms, dice, said, bool(caught), {"total": total})


KINDS: tuple[Kind, ...] = (
    Kind(
        GRAPPLE,
        Label(fr="Empoigner", en="Grapple"),
        "DOU-53",
        _grapple_preview,
        _grapple_resolve,
        options=_grapple_options,
        needs_target=True,
        cost=_attack_cost,
    ),
    Kind(
        SHOVE,
        Label(fr="Bousculer", en="Shove"),
        "DOU-56",
        _shove_preview,
        _shove_resolve,
        options=_shove_options,
        needs_target=True,
        cost=_attack_cost,
    ),
    Kind(
        ESCAPE,
        Label(fr="S’échapper d’une empoignade", en="Escape a grapple"),
        "DOU-54",
        _escape_preview,
        _escape_resolve,
        options=_escape_options,
        available=_grappled,
        cost=_escape_cost,
    ),
    Kind(
        RELEASE,
        Label(fr="Lâcher (gratuit)", en="Release (free)"),
        "DOU-53",
        _release_preview,
        _release_resolve,
        options=_release_options,
        available=_holding,
    ),
    Kind(
        SURPRISE,
        Label(fr="Surprise (jet de Discrétion)", en="Surprise (Stealth check)"),
        "DOU-01",
        _surprise_preview,
        _surprise_resolve,
        options=_surprise_options,
    ),
)
