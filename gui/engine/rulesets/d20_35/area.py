"""d20_35's area of effect (issue 37) — a dragon's breath, a fireball — hors extrait, SRD 3.5
(CFG-D35-1): the damage is rolled once for every creature the area catches; each makes its own
save (Réflexes, Vigueur or Volonté; or none) against the DC, d20 + its sheet's bonus, a
natural 20 a success and a natural 1 a failure (D35-80); a save made halves the damage
(rounded down) or negates it.

- Cover from the area's point of origin (AreaReader.cover, the map's walls and squares, as
  against a ranged attack from that corner, D35-01), or the GM's cover state on the saver
  (first, as the single save action reads them: saves.cover_state): +2 on Reflex (D35-03),
  none against a spread, which turns corners (D35-03), nor against a cylinder, which comes
  down from above and ignores obstacles (SRD); a creature in the way is soft cover, +0 (D35-05);
  improved cover +4 and improved evasion (D35-08); total cover from the origin is a notice:
  the area does not reach it, the GM keeps or removes the creature (D35-07).
- Improved evasion (SRD, hors extrait: « Improved Evasion »): on a Reflex save against an
  effect that halves, no damage on a save made and half on a save failed; an effect that
  negates is unchanged; a helpless creature has no evasion (D35-21).
- Each share lowers the hit points (damage.wound; a creature put out lets go of its grapple,
  D35-58), or adds to the nonlethal damage (the option, D35-38). The rolled total is at least
  1 (SRD: « minimum damage »), a share halved may be 0 (SRD: « Half: … round down »).
- Massive damage (D35-37): a creature whose share is 50 or more makes a Fortitude save DC 15
  or dies. Its roll is one more that follows the saves, one per creature whose share can
  reach 50 (the dice's maximum, halved under improved evasion; never nonlethal damage, nor an
  undead or a construct, SRD: immune), in the area's order after every save; it is read only
  when the share does reach 50.
- A breath or a spell takes the standard action (D35-09, SRD) and strains a disabled creature
  (D35-48). One log line per target, one ChangeSet — one undo entry — for the whole area."""

from __future__ import annotations

from msgspec import Struct
from msgspec.structs import replace

from gui.engine.checks import D20_NATURALS, Check
from gui.engine.checks.check import CheckOutcome, check_odds
from gui.engine.checks.edges import EdgeRoll
from gui.engine.checks.request import DiceRequest, DiceResult
from gui.engine.checks.rolls import dice_request, outcome
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
from gui.engine.contract.edits import Edits
from gui.engine.contract.fields import bool_field, choice_field, int_field
from gui.engine.contract.values import ActionError, ActionSpec, AreaAttack, Preview, Resolution
from gui.engine.core.words import Label, Notice, Term
from gui.engine.dice.odds import Distribution, OddsTooCostly, from_expr
from gui.engine.dice.rolling import DiceExpr
from gui.engine.grid.areas import Shape
from gui.engine.rulesets.d20_35 import budget, damage, saves, sheet
from gui.engine.rulesets.d20_35.context import ActionDef, Ctx, always
from gui.engine.rulesets.d20_35.helpless import is_helpless
from gui.engine.rulesets.d20_35.opposed import ints, pct, shown
from gui.engine.state.changes import ChangeSet
from gui.engine.state.model import Combatant
from gui.engine.state.schema import FieldSpec

KIND = "aire"
RULE = sheet.SRD  # areas of effect are the SRD's, hors extrait (CFG-D35-1)
NONE = "aucun"
FALLBACK_DICE = "1d6"
# SRD (hors extrait): undead and constructs are not subject to death from massive damage.
MASSIVE_IMMUNE = {
    "mort_vivant": Label(fr="mort-vivant", en="undead"),
    "artificiel": Label(fr="créature artificielle", en="construct"),
}
_D20 = EdgeRoll(1, 20)
_TOTAL_COVER = (
    "abri total depuis l’origine : l’aire ne l’atteint pas ; le MD le garde ou le retire",
    "total cover from the origin: the area does not reach it; the GM keeps or removes it",
)


class _Caught(Struct, frozen=True):
    """One creature caught: its save (None without one), whether it has improved evasion,
    and its Fortitude save against massive damage when its share can reach 50."""

    target: Combatant
    save: Save | None
    evasion: bool
    massive: Save | None


def _default_save(own: AreaAttack | None) -> str:
    """The actor's own area save (« » on its sheet: none), else Reflex."""
    if own is None:
        return "reflexes"
    return own.save if own.save in {k for k, _f, _e in saves.SAVES} else NONE


def spec(ctx: Ctx) -> ActionSpec | None:
    """Offered for an area drawn; a creature's own area attack (its sheet's « Attaque de
    zone ») gives the dice, the save and its DC."""
    own = ctx.own_area()
    options = (
        FieldSpec(
            key="des",
            label=Label(fr="Dés de dégâts (un jet pour tous)", en="Damage dice (one roll for all)"),
            kind="dice",
            default=own.damage if own and own.damage else "",
            rule=RULE,
        ),
        choice_field(
            "jet",
            "Jet de sauvegarde",
            "Saving throw",
            [*saves.SAVES, (NONE, "Aucun", "None")],
            "D35-03",
            _default_save(own),
        ),
        int_field("dd", "DD", "DC", "D35-80", 1, 99, _dc(own)),
        success_field(RULE),
        bool_field("non_letal", "Dégâts non létaux", "Nonlethal damage", "D35-38"),
        bool_field(
            "massif", "Jet de Vigueur si 50 ou plus", "Fortitude save at 50 or more", "D35-37", True
        ),
    )
    label = Label(fr="Aire d’effet : dégâts", en="Area of effect: damage")
    return ActionSpec(KIND, label, RULE, False, options)


def _dc(own: AreaAttack | None) -> int:
    return own.dc if own is not None and own.dc > 0 else saves.DEFAULT_DC


def _dice(ctx: Ctx) -> DiceExpr:
    """The dice typed, else the actor's area attack's, else 1d6."""
    typed = ctx.action.options.get("des")
    if isinstance(typed, str) and typed.strip():
        return DiceExpr.parse(typed)
    own = ctx.own_area()
    return DiceExpr.parse(own.damage if own is not None and own.damage else FALLBACK_DICE)


def _which(ctx: Ctx) -> str:
    return ctx.choice("jet", _default_save(ctx.own_area()))


def _cover_kind(ctx: Ctx, reader: AreaReader, target: Combatant) -> str:
    """The cover against the area: the GM's state on the saver, else the map's from the
    origin (none against a cylinder, which ignores obstacles, SRD)."""
    stated = saves.cover_state(target)
    area = ctx.action.area
    if stated is not None or area is None:
        return stated or NONE
    if area.shape == Shape.CYLINDER:
        return NONE
    found = reader.cover(area, target.id)
    return NONE if found is None else saves.MAP_COVER[found]


def _save_of(ctx: Ctx, reader: AreaReader, target: Combatant, which: str) -> tuple[Save, bool]:
    """A target's save as the single save action computes it (saves.save_terms,
    saves.cover_terms) with the cover from the area's origin; whether it has improved
    evasion (D35-08)."""
    area = ctx.action.area
    spread = area is not None and spreads(area)
    which, terms = saves.save_terms(target, which)
    notices: list[Notice] = []
    evasion = False
    if which == "reflexes":
        kind = _cover_kind(ctx, reader, target)
        if kind == "total" and not spread:
            fr, en = _TOTAL_COVER
            notices.append(Notice("D35-07", f"{target.name} : {fr}", f"{target.name}: {en}"))
        else:
            terms.extend(saves.cover_terms(kind, spread))
            evasion = kind == "ameliore" and not spread
        if evasion and is_helpless(target):
            evasion = False
            terms.append(
                Term(
                    "sans défense : pas d’esquive extraordinaire (SRD, hors extrait)",
                    "",
                    "D35-21",
                    "helpless: no improved evasion (SRD, not in excerpt)",
                )
            )
    check = Check(ints(terms), ctx.number("dd", _dc(ctx.own_area())), naturals=D20_NATURALS)
    halved = halves(ctx.action)
    named = tuple(shown(target.name, tuple(terms), False))
    return Save(target.id, target.name, _D20, check, named, tuple(notices), halved), evasion


def _immune(target: Combatant) -> Label | None:
    kind = target.stats.get("type_creature")
    return MASSIVE_IMMUNE.get(kind) if isinstance(kind, str) else None


def _massive_save(target: Combatant) -> Save:
    """D35-37: d20 + Fortitude against DC 15, natural 20 and 1 as every save (D35-80)."""
    check = Check(sheet.save(target, "vigueur"), damage.MASSIVE_DC, naturals=D20_NATURALS)
    return Save(target.id, target.name, _D20, check)


def _most(dice: DiceExpr, save: Save | None, evasion: bool) -> int:
    """The most a target's share can be: the dice's maximum, halved under improved evasion
    (a failed save takes half)."""
    top = dice.maximum if dice.maximum is not None else 10_000
    return top // 2 if evasion and save is not None and save.halves else top


def _caught(ctx: Ctx, targets: tuple[Combatant, ...], dice: DiceExpr) -> list[_Caught]:
    reader = AreaReader(ctx.enc, ctx.ruleset)
    which = _which(ctx)
    lethal_check = ctx.yes("massif", True) and not ctx.yes("non_letal")
    out = []
    for target in targets:
        save, evasion = _save_of(ctx, reader, target, which) if which != NONE else (None, False)
        reaches = _most(dice, save, evasion) >= damage.MASSIVE
        massive = (
            _massive_save(target) if lethal_check and reaches and not _immune(target) else None
        )
        out.append(_Caught(target, save, evasion, massive))
    return out


def _massive_request(save: Save) -> DiceRequest:
    return dice_request(
        save.roll,
        Label(
            fr=f"JS de Vigueur de {save.name} (dégâts excessifs, si 50 ou plus)",
            en=f"{save.name}'s Fortitude save (massive damage, if 50 or more)",
        ),
    )


def _massive_line(save: Save) -> Term:
    odds = check_odds(save.roll, save.check).success
    fr, en = pct(odds)
    mod = save.check.modifier
    return Term(
        f"{save.name} : Vigueur {mod:+d} contre DD {save.check.target} si 50 dégâts ou plus",
        fr,
        "D35-37",
        f"{save.name}: Fortitude {mod:+d} against DC {save.check.target} at 50 damage or more",
        en,
    )


def _exact(dice: DiceExpr) -> tuple[Distribution | None, tuple[Notice, ...]]:
    try:
        return from_expr(dice), ()
    except OddsTooCostly as exc:
        return None, (Notice("", exc.fr, exc.en),)


def preview(ctx: Ctx) -> Preview:
    targets = check_area(ctx.enc, ctx.ruleset, ctx.action.area)
    dice = _dice(ctx)
    caught = _caught(ctx, targets, dice)
    distribution, notices = _exact(dice)
    names = ", ".join(c.name for c in targets)
    terms = [
        Term(f"dégâts {dice}, un jet pour tous", "", RULE, f"damage {dice}, one roll for all"),
        Term("prises dans l’aire", names, RULE, "caught in the area"),
    ]
    if ctx.yes("non_letal"):
        terms.append(Term("dégâts non létaux", "", "D35-38", "nonlethal damage"))
    for c in caught:
        if c.evasion:
            terms.append(_evasion_term(c.target))
    saved = [c.save for c in caught if c.save is not None]
    shown_preview = area_preview(
        ctx.action,
        terms,
        damage.request(dice),
        saved,
        distribution,
        notices,
    )
    massive = [c.massive for c in caught if c.massive is not None]
    if not massive:
        return shown_preview
    return replace(
        shown_preview,
        terms=(*shown_preview.terms, *(_massive_line(m) for m in massive)),
        more=(*shown_preview.more, *(_massive_request(m) for m in massive)),
    )


def _evasion_term(target: Combatant) -> Term:
    return Term(
        f"{target.name} : esquive extraordinaire (JS réussi : aucun dégât ; raté : moitié)",
        "",
        "D35-08",
        f"{target.name}: improved evasion (save made: no damage; failed: half)",
    )


def _share(amount: int, c: _Caught, result: CheckOutcome | None) -> tuple[int, list[Term]]:
    """What a target takes: area_effects.taken, or under improved evasion (D35-08, SRD)
    nothing on a save made and half on a failed one."""
    if not (c.evasion and c.save is not None and c.save.halves and result is not None):
        return taken(amount, c.save, result)
    said = Term(f"JS de {c.save.name}", str(result.total), "", f"{c.save.name}'s save")
    if result.success:
        return 0, [
            said,
            Term(
                "JS réussi, esquive extraordinaire : aucun dégât",
                "0",
                "D35-08",
                "save made, improved evasion: no damage",
            ),
        ]
    half = amount // 2
    return half, [
        said,
        Term(
            "JS raté, esquive extraordinaire : moitié des dégâts",
            str(half),
            "D35-08",
            "save failed, improved evasion: half damage",
        ),
    ]


def _why(c: _Caught) -> list[Term]:
    """A target's save in its log line: its terms (bonus, cover…) and the DC."""
    if c.save is None:
        return []
    dc = c.save.check.target
    return [*c.save.terms, Term("DD", str(dc), "D35-80", "DC")]


def _massive_result(dice: DiceResult, k: int, save: Save) -> CheckOutcome:
    if k >= len(dice.then):
        raise ActionError(
            f"Il manque le JS de Vigueur de {save.name} contre les dégâts excessifs",
            f"{save.name}'s Fortitude save against massive damage is missing",
        )
    return outcome(save.roll, dice.then[k], save.check)[0]


def resolve(ctx: Ctx, dice: DiceResult) -> tuple[Resolution, ChangeSet]:
    targets = check_area(ctx.enc, ctx.ruleset, ctx.action.area)
    rolled = _dice(ctx)
    amount = max(1, dice.total(damage.request(rolled)))  # SRD: at least 1 damage
    caught = _caught(ctx, targets, rolled)
    saved = [c.save for c in caught if c.save is not None]
    results = save_outcomes(dice, saved)
    massive_at = {
        c.target.id: len(saved) + j
        for j, c in enumerate(x for x in caught if x.massive is not None)
    }
    nonlethal = ctx.yes("non_letal")
    # One Edits for the whole area (a grapple let go by one target touches another's
    # states); each path's change goes with the first target that wrote it.
    edits = Edits(ctx.enc)
    seen: set[tuple] = set()
    paths: list[list[tuple]] = []
    struck: list[tuple[str, list[Term], tuple[str, str]]] = []
    for c in caught:
        share, terms = _share(amount, c, results.get(c.target.id))
        terms = [Term(f"total {rolled}", str(amount), RULE, f"total {rolled}"), *_why(c), *terms]
        said = _hurt(ctx, edits, c, share, terms, nonlethal, dice, massive_at)
        mine = [ch.path for ch in edits.changes() if ch.path not in seen]
        seen.update(mine)
        paths.append(mine)
        struck.append((c.target.id, terms, said))
    final = {ch.path: ch for ch in edits.changes()}
    done = [
        Struck(cid, tuple(final[p] for p in mine if p in final), tuple(terms), said)
        for (cid, terms, said), mine in zip(struck, paths, strict=True)
    ]
    label = ("Aire d’effet", "Area of effect")
    return area_finish(ctx.enc, ctx.action, label, dice, done, {"damage": amount})


def _hurt(
    ctx: Ctx,
    edits: Edits,
    c: _Caught,
    share: int,
    terms: list[Term],
    nonlethal: bool,
    dice: DiceResult,
    massive_at: dict[str, int],
) -> tuple[str, str]:
    """One target's share written (D35-38 nonlethal, else lethal with D35-37's save), its
    terms and its outcome in words."""
    target = c.target
    after, said = damage.taken(edits, target, share, nonlethal, terms)
    if not nonlethal:
        said = _massive(ctx, edits, c, share, terms, dice, massive_at, said)
    damage.let_go_if_out(ctx, edits, target, after)
    return said


def _massive(
    ctx: Ctx,
    edits: Edits,
    c: _Caught,
    share: int,
    terms: list[Term],
    dice: DiceResult,
    massive_at: dict[str, int],
    said: tuple[str, str],
) -> tuple[str, str]:
    """D35-37: 50 or more from the area, a Fortitude save DC 15 or death."""
    target = c.target
    if share < damage.MASSIVE or not ctx.yes("massif", True):
        return said
    immune = _immune(target)
    if immune is not None:
        terms.append(
            Term(
                f"dégâts excessifs : sans effet sur un {immune.fr} (SRD, hors extrait)",
                "",
                "D35-37",
                f"massive damage: no effect on a {immune.en} (SRD, not in excerpt)",
            )
        )
        return said
    if c.massive is None:  # cannot happen: the share is at most what _most allowed
        return said
    result = _massive_result(dice, massive_at[target.id], c.massive)
    terms.append(
        Term(
            "JS de Vigueur contre les dégâts excessifs",
            str(result.total),
            "D35-37",
            "Fortitude save against massive damage",
        )
    )
    if result.success:
        return (
            said[0] + " ; résiste aux dégâts excessifs",
            said[1] + "; survives the massive damage",
        )
    edits.add_state(target.id, ctx.listed_state("mort"))
    return said[0] + " ; dégâts excessifs : mort", said[1] + "; massive damage: dead"


# A breath or a spell takes the standard action (D35-09, SRD) and strains a disabled creature
# (D35-48); a breath weapon (supernatural) provokes no attack of opportunity (SRD), a spell
# cast is the GM's « Lancer un sort ».
ACTIONS = (
    ActionDef(KIND, spec, preview, resolve, cost=budget.standard, strenuous=always, area=True),
)
