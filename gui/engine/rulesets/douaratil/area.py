"""Aire d’effet : dégâts (DOU-59, issue 37): damage that hits every creature an area drawn on
the map catches, rolled once for all (« les dégâts sont lancés une seule fois pour toutes
les créatures »), in d6s that explode as a blow's do (DOU-58, A-DOU-2, CFG-DOU-2). Each
creature kept then makes its save (A-DOU-4: 3d6 + the ability modifier, + proficiency if
proficient, ≥ the DC), a Dexterity one with the edges its states give (DOU-23 Dodge,
DOU-17 squeezing) and the best cover against the area's origin (DOU-57); a save made halves
the damage (rounded down) or negates it. What is left goes through its own sheet — DOU-61's
resistance then vulnerability (damage.defences) — and is taken as a blow's is (damage.take):
off its PA, a critical hit for damage above its Constitution score or any at 0 PA (DOU-60
a, b), its wound noted (A-DOU-22). A creature behind total cover may be caught all the same
(DOU-57: « elle peut être affectée par certains sorts qui ont une zone d’effet »): the GM
kept it, nothing refuses it. One log line per target, one undo entry (area_finish).

Readings (hors extrait): a save made halves the damage unless the GM says it negates it (5e);
the area takes the turn's action unless the GM picks another time (DOU-24: a spell's casting
time); an area's damage is magical unless the GM unticks it, so « non magique » resistances
do not touch it (a breath is no blow of a weapon); one wound typed is written on each
creature the area hits critically."""

from __future__ import annotations

from msgspec.structs import replace

from gui.engine.checks import EdgeSource
from gui.engine.checks.request import DiceResult
from gui.engine.contract.area_effects import (
    Save,
    Struck,
    area_finish,
    area_preview,
    halves,
    save_outcomes,
    success_field,
    taken,
)
from gui.engine.contract.areas import AreaReader, check_area, spreads
from gui.engine.contract.edits import Edits, refuse_blocked
from gui.engine.contract.fields import bool_field, choice_field, int_field
from gui.engine.contract.values import (
    ActionError,
    AreaAttack,
    Preview,
    Resolution,
)
from gui.engine.core.problems import BilingualError
from gui.engine.core.words import Label, Notice, Term
from gui.engine.dice.rolling import DiceExpr
from gui.engine.grid.lines import Cover
from gui.engine.rulesets.douaratil import attack, budget, damage, sheet
from gui.engine.rulesets.douaratil.budget import Spend
from gui.engine.rulesets.douaratil.context import ActionDef, Ctx
from gui.engine.rulesets.douaratil.kind import Kind
from gui.engine.state.changes import ChangeSet
from gui.engine.state.model import Combatant
from gui.engine.state.schema import FieldSpec

KIND = "aire"
RULE = "DOU-59"
DICE, TYPE, SAVE, DC = "des", "type", "jet", "dd"
COST, WOUND = "temps", "blessure"
DEFAULT_DICE, DEFAULT_DC = "1d6", 10
DEX = "dexterite"
_HALF = ("moitié des dégâts (5e, hors extrait)", "half damage (5e, not in excerpt)")
_COSTS: list[tuple[str, str, str]] = [
    ("action", "Une action", "An action"),
    ("bonus", "Une action bonus", "A bonus action"),
    ("reaction", "Une réaction", "A reaction"),
    ("aucun", "Rien (piège, effet qui dure)", "Nothing (a trap, a lasting effect)"),
]


def _save_default(own: AreaAttack | None) -> str:
    """The sheet's save when it has an area attack ("" for none), else Dexterity's."""
    if own is None:
        return DEX
    return own.save if own.save in sheet.ABILITIES else ""


def _types(ctx: Ctx) -> tuple[list[tuple[str, str, str]], str]:
    """The damage types of the sheet's resistances (DOU-61), « non magique » aside, and the
    one its column starts with."""
    field = ctx.ruleset.data.field("resistances")
    column = next(c for c in field.columns if c.key == "type")
    items = [
        (c.value, c.label.fr, c.label.en) for c in column.choices if c.value != sheet.NON_MAGICAL
    ]
    return items, str(column.default)


def _options(ctx: Ctx) -> list[FieldSpec]:
    own = ctx.own_area()
    types, first = _types(ctx)
    abilities = [("", "Aucun", "None")] + [
        (key, label.fr, label.en) for key, label in sheet.ABILITY_LABEL.items()
    ]
    return [
        FieldSpec(
            key=DICE,
            label=Label(fr="Dégâts (d6 explosifs)", en="Damage (exploding d6s)"),
            kind="dice",
            default=own.damage if own and own.damage else DEFAULT_DICE,
            rule="DOU-58",
        ),
        choice_field(TYPE, "Type de dégâts", "Damage type", types, "DOU-61", first),
        bool_field(
            damage.MAGICAL,
            "Dégâts magiques (les résistances « non magiques » ne comptent pas)",
            'Magical damage ("non-magical" resistances do not count)',
            "DOU-61",
            True,
        ),
        choice_field(
            SAVE, "Jet de sauvegarde", "Saving throw", abilities, "A-DOU-4", _save_default(own)
        ),
        int_field(
            DC,
            "DD du jet de sauvegarde",
            "Saving throw DC",
            "A-DOU-4",
            1,
            40,
            own.dc if own and own.dc else DEFAULT_DC,
        ),
        success_field("A-DOU-4", _HALF),
        choice_field(
            COST,
            "Ce que l’aire prend du tour",
            "What the area takes of the turn",
            _COSTS,
            "DOU-24",
            "action",
        ),
        FieldSpec(
            key=WOUND,
            label=Label(fr="Blessure (à chaque coup critique)", en="Wound (on each critical hit)"),
            kind="text",
            max_length=300,
            default="",
            rule="A-DOU-22",
        ),
    ]


def cost(ctx: Ctx) -> Spend | None:
    """What the area spends of the turn (DOU-05 to DOU-08): the time the GM picks, the
    action by default (DOU-24); nothing out of the fight (round 0)."""
    chosen = ctx.choice(COST, "action")
    if ctx.enc.turn.round == 0 or chosen not in ("action", "bonus", "reaction"):
        return None
    return chosen  # type: ignore[return-value]


# The damage ----------------------------------------------------------------------------------


class _Dice:
    """The area's damage: its exploding d6s, what is added to them, and how it reads."""

    def __init__(self, ctx: Ctx) -> None:
        own = ctx.own_area()
        typed = ctx.choice(DICE).strip()
        text = typed or (own.damage if own and own.damage else DEFAULT_DICE)
        try:
            expr = DiceExpr.parse(text)
        except BilingualError as exc:
            raise ActionError(exc.fr, exc.en) from exc
        if expr.sides != 6 or expr.keep_highest or expr.keep_lowest:
            raise ActionError(
                f"Dégâts « {text} » : des d6, et un modificateur s’il y en a un (DOU-58)",
                f"Damage '{text}': d6s, and a modifier if any (DOU-58)",
            )
        request = damage.exploding(expr.count)
        if request is None:
            raise ActionError("Aucun dé de dégâts (DOU-58)", "No damage dice (DOU-58)")
        self.count, self.modifier, self.request = expr.count, expr.modifier, request
        self.kind = ctx.choice(TYPE, "feu")
        self.magical = ctx.yes(damage.MAGICAL, True)
        self.name = damage.type_name(ctx, self.kind)
        self.shown = f"{self.count}d6" + (f"{self.modifier:+d}" if self.modifier else "")

    def terms(self) -> list[Term]:
        fr, en = self.name
        terms = [
            Term(
                f"dégâts {self.shown} ({fr}), un jet pour toutes les créatures prises",
                "",
                RULE,
                f"damage {self.shown} ({en}), one roll for every creature caught",
            ),
            Term(f"{self.count}d6 explosifs", "", "A-DOU-2", f"{self.count}d6 exploding"),
        ]
        if not self.magical:
            terms.append(Term("dégâts non magiques", "", "DOU-61", "non-magical damage"))
        return terms


# The saves -----------------------------------------------------------------------------------


def _cover(ctx: Ctx, reader: AreaReader, c: Combatant) -> tuple[int, list[Term]]:
    """DOU-57 on a Dexterity save: the best cover only — a state the GM set, or the map's
    walls and obstacles between the area's origin and `c` (partial, +2) unless the area
    goes round corners; total cover refuses nothing (the GM kept the creature)."""
    best, terms = 0, []
    word: tuple[str, str] = ("", "")
    for key, bonus, _w in attack.COVER_STATES:
        if sheet.has_state(c, key) and bonus > best:
            best = bonus
            word = (
                ("abri important", "important cover")
                if bonus == 5
                else ("abri partiel", "partial cover")
            )
    area = ctx.action.area
    assert area is not None  # check_area refused an area not drawn
    found = reader.cover(area, c.id)
    total = sheet.has_state(c, "abri_total") or found == Cover.TOTAL
    if found in (Cover.SOFT, Cover.NORMAL) and not spreads(area) and best < 2:
        best, word = 2, ("abri partiel (grille)", "partial cover (grid)")
    if best:
        terms.append(Term(f"{c.name} : {word[0]}", best, "DOU-57", f"{c.name}: {word[1]}"))
    if total:
        terms.append(
            Term(
                f"{c.name} : abri total, prise dans l’aire (le MJ l’a gardée)",
                "",
                "DOU-57",
                f"{c.name}: total cover, caught in the area (the GM kept it)",
            )
        )
    return best, terms


def _edge_sources(c: Combatant) -> list[EdgeSource]:
    """The edges `c`'s states give a Dexterity save: Dodge (DOU-23), squeezing (DOU-17)."""
    sources = []
    if sheet.has_state(c, "esquive"):
        sources.append(EdgeSource("action Esquiver", "DOU-23", True, "Dodge action"))
    if sheet.has_state(c, "se_faufile"):
        sources.append(EdgeSource("se faufile", "DOU-17", False, "squeezing"))
    return sources


def _named(c: Combatant, term: Term) -> Term:
    return replace(
        term, label=f"{c.name} : {term.label}", label_en=f"{c.name}: {term.label_en or term.label}"
    )


def saves(ctx: Ctx, targets: tuple[Combatant, ...]) -> list[Save]:
    """A-DOU-4: each creature's save against the DC, if the area allows one; a Dexterity
    one with its states' edges and its cover (as the dodge's Dexterity save, A-DOU-19)."""
    ability = ctx.choice(SAVE, _save_default(ctx.own_area()))
    if ability not in sheet.ABILITIES:
        return []
    own = ctx.own_area()
    number = ctx.number(DC, own.dc if own and own.dc else DEFAULT_DC)
    halved = halves(ctx.action)
    name = sheet.ABILITY_LABEL[ability]
    reader = AreaReader(ctx.enc, ctx.ruleset)
    out = []
    for c in targets:
        mod = sheet.save_modifier(c, ability)
        terms = [Term(f"{c.name} : JS de {name.fr}", mod, "A-DOU-4", f"{c.name}: {name.en} save")]
        bonus, sources = 0, []
        if ability == DEX:
            bonus, more = _cover(ctx, reader, c)
            terms += more
            sources = _edge_sources(c)
        edge = ctx.edge(sources)
        terms += [_named(c, t) for t in edge.terms()]
        check = ctx.check(edge, mod + bonus, number)
        out.append(Save(c.id, c.name, edge.roll, check, tuple(terms), halves=halved))
    return out


# Preview and resolution ----------------------------------------------------------------------


def _notices(ctx: Ctx) -> list[Notice]:
    return budget.notices(ctx.actor, cost(ctx))


def preview(ctx: Ctx) -> Preview:
    targets = check_area(ctx.enc, ctx.ruleset, ctx.action.area)
    rolled = _Dice(ctx)
    terms = rolled.terms()
    terms.append(
        Term("prises dans l’aire", ", ".join(c.name for c in targets), RULE, "caught in the area")
    )
    each = saves(ctx, targets)
    if each:
        share = (
            ("moitié des dégâts", "half damage") if each[0].halves else ("aucun dégât", "no damage")
        )
        terms.append(Term(f"JS réussi : {share[0]}", "", "A-DOU-4", f"save made: {share[1]}"))
    else:
        terms.append(Term("aucun jet de sauvegarde", "", "A-DOU-4", "no saving throw"))
    return area_preview(ctx.action, terms, rolled.request, each, None, _notices(ctx))


def resolve(ctx: Ctx, dice: DiceResult) -> tuple[Resolution, ChangeSet]:
    targets = check_area(ctx.enc, ctx.ruleset, ctx.action.area)
    actor = ctx.actor
    rolled = _Dice(ctx)
    spent: list[Term] = []
    refuse_blocked(ctx.action, _notices(ctx), spent)
    raw = damage.rolled_total(rolled.request, rolled.modifier, dice, ctx.explosion_cap())
    each = {s.cid: s for s in saves(ctx, targets)}
    results = save_outcomes(dice, list(each.values()))
    struck = []
    for target in targets:
        share, terms = taken(raw, each.get(target.id), results.get(target.id))
        terms = [Term(f"total {rolled.shown}", str(raw), RULE, f"total {rolled.shown}"), *terms]
        said = damage.defences(ctx, target, rolled.kind, rolled.magical, terms)
        hurt = said.taken(share)
        terms.append(Term("dégâts subis", hurt, "DOU-58", "damage taken"))
        edits = Edits(ctx.enc)  # each its own paths: one target's changes
        _after, words = damage.take(ctx, edits, target, hurt, terms)
        struck.append(Struck(target.id, edits.changes(), tuple(terms), (words[0], words[1])))
    own = Edits(ctx.enc)
    budget.spend(own, actor, cost(ctx), spent)
    label = (f"{actor.name} : aire d’effet", f"{actor.name}: area of effect")
    if spent:
        struck[0] = replace(struck[0], terms=(*spent, *struck[0].terms))
    resolution, changes = area_finish(ctx.enc, ctx.action, label, dice, struck, {"damage": raw})
    return resolution, ChangeSet(
        changes.label, (*own.changes(), *changes.changes), changes.label_en
    )


KINDS = (
    Kind(
        KIND,
        Label(fr="Aire d’effet : dégâts", en="Area of effect: damage"),
        RULE,
        preview,
        resolve,
        options=_options,
        cost=cost,
    ),
)
# Offered only for an area drawn on the map (ActionDef.area, issue 37).
ACTIONS: tuple[ActionDef, ...] = tuple(replace(k.definition(), area=True) for k in KINDS)
