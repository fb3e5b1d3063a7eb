"""Dégâts (DOU-35, DOU-38, DOU-44, DOU-58 to DOU-62, DOU-72): d6s that explode (A-DOU-2,
CFG-DOU-2), +1 per 6 kept on the attack roll, never below 0, halved by a resistance then
doubled by a vulnerability; a critical hit by the attack's three 6s, by damage above the
Constitution score or by any damage at 0 PA, its wound written by the GM (A-DOU-22); a
melee blow that brings the target to 0 PA may knock it out (DOU-62, A-DOU-10). Damage that
hits several creatures at once, rolled once for all (DOU-59): the area action, area.py."""

from __future__ import annotations

from msgspec import Struct
from msgspec.structs import replace

from gui.engine.checks import DamageRoll, threshold_critical
from gui.engine.checks.request import DiceRequest, DiceResult
from gui.engine.contract.edits import Edits, finish
from gui.engine.contract.fields import bool_field, int_field
from gui.engine.contract.values import Preview, Resolution, chained
from gui.engine.core.words import Label, Notice, Term
from gui.engine.dice.rolling import DiceExpr
from gui.engine.rulesets.douaratil import attack, sheet
from gui.engine.rulesets.douaratil.context import Ctx, total, weapon_option
from gui.engine.rulesets.douaratil.kind import Kind
from gui.engine.state.changes import ChangeSet
from gui.engine.state.model import Combatant, Scalar, Window
from gui.engine.state.schema import FieldSpec
from gui.engine.timing import windows

KIND = "degats"
KNOCKOUT, MAGICAL = "assommer", "magique"  # options: DOU-62's choice, DOU-61's magical blow
KNOCKOUT_DC = 16  # DOU-62
MAX_DAMAGE = 999
_TOTAL = Label(fr="total des dés", en="dice total")
_SAVE = Label(fr="JS de Constitution (DD 16)", en="Constitution save (DC 16)")


class Damage(Struct, frozen=True):
    """A blow's damage before the dice: d6s and modifiers with their terms, what the target's
    sheet does to it (DOU-61), and what the attack carried (6s, critical, melee)."""

    weapon: dict[str, Scalar]
    dice: int
    modifier: int
    terms: tuple[Term, ...]
    target: sheet.Defences  # DOU-61: what the target's sheet does to this blow
    critical: bool
    melee: bool
    tops: int = 0  # the attack's 6s, counted in `modifier` (DOU-35): the target's alone
    magical: bool = False  # DOU-61: a magical blow, which « non magique » rows do not touch

    def roll(self, cap: int | None) -> DamageRoll:
        said = self.target
        return DamageRoll(
            self.dice, self.modifier, cap=cap, resistant=said.resistant, vulnerable=said.vulnerable
        )

    @property
    def request(self) -> DiceRequest | None:
        return exploding(self.dice)


def exploding(dice: int) -> DiceRequest | None:
    """`dice` d6s that explode (DOU-58, A-DOU-2); none to roll for no dice (DOU-38: bare
    hands)."""
    if not dice:
        return None
    return DiceRequest(DiceExpr(dice, 6, explode=True), _TOTAL, dice, MAX_DAMAGE)


def window_of(ctx: Ctx) -> Window | None:
    """The hit this damage follows (the attack's defence window), if taken in it."""
    return ctx.window(attack.WINDOW)


def _hit(ctx: Ctx) -> Window | None:
    """The hit the damage follows: the window it is taken in, else (the dialog asks for the
    actions before it knows) the last hit of the actor on the target still open."""
    taken_in = window_of(ctx)
    if taken_in is not None or ctx.action.window is not None:
        return taken_in
    actor, target = ctx.action.actor, ctx.action.target
    found = [
        w
        for w in ctx.enc.windows
        if w.kind == attack.WINDOW and w.actor == actor and w.target == target
    ]
    return found[-1] if found and target is not None else None


def _options(ctx: Ctx) -> list[FieldSpec]:
    actor = ctx.actor
    # After a hit, its window brings the weapon, the 6s, the critical and the off hand: these
    # options are for damage dealt with no attack before (a trap, a spell, the GM's call).
    weapon = weapon_option(actor)
    weapon = weapon.replace(label=Label(fr="Arme (sans attaque)", en="Weapon (no attack)"))
    options: list[FieldSpec] = [
        weapon,
        int_field("six", "6 gardés (sans attaque)", "6s kept (no attack)", "DOU-35", 0, 4),
        bool_field("critique", "Critique (sans attaque)", "Critical (no attack)", "DOU-60"),
        bool_field(
            "deux_armes",
            "Deuxième arme (sans attaque)",
            "Off-hand weapon (no attack)",
            "DOU-44",
        ),
        bool_field(
            MAGICAL,
            "Dégâts magiques (sort, effet ; une arme magique l’est d’office)",
            "Magical damage (spell, effect; a magic weapon always is)",
            "DOU-61",
        ),
        FieldSpec(
            key="blessure",
            label=Label(fr="Blessure (si critique)", en="Wound (if critical)"),
            kind="text",
            max_length=300,
            default="",
            rule="A-DOU-22",
        ),
    ]
    hit = _hit(ctx)
    if hit is None or not hit.data.get("distance"):  # DOU-62: after a melee blow only
        knock = bool_field(
            KNOCKOUT, "Assommer (mêlée, à 0 PA)", "Knock out (melee, at 0 AP)", "DOU-62"
        )
        options.insert(-1, knock)
    return options


def numbers(ctx: Ctx) -> Damage:
    window = window_of(ctx)
    actor, target = ctx.actor, ctx.target
    if window is not None:
        data = window.data
        w = sheet.weapon(actor, int(str(data.get("arme", "0")) or 0))
        ranged, tops = bool(data.get("distance")), window.value or 0
        critical = bool(data.get("critique"))
        off_hand = bool(data.get("deux_armes")) or ctx.yes("deux_armes")
    else:
        w = ctx.weapon()
        ranged, tops = sheet.is_ranged(w), ctx.number("six")
        critical = ctx.yes("critique")
        off_hand = ctx.yes("deux_armes")
    name = sheet.weapon_name(w)
    source = ("de l’attaque", "of the attack") if window is not None else ("choisie", "chosen")
    terms: list[Term] = [
        Term(f"arme {source[0]}", name[0], "DOU-58", f"weapon {source[1]}", name[1])
    ]
    dice = sheet.int_of(w.get("des"))
    if w.get("prise") == "main_nue" and not dice:
        terms.append(Term("mains nues", 1, "DOU-38", "unarmed strike"))
        terms.append(sheet.modifier_term(actor, "force", "DOU-38"))
    else:
        ability, rule = sheet.attack_ability(actor, w, ranged)
        mod = sheet.modifier_term(actor, ability, rule)
        terms.append(Term(f"{dice}d6 explosifs", "", "A-DOU-2", f"{dice}d6 exploding"))
        if off_hand and int(mod.value) > 0:  # type: ignore[arg-type]
            terms.append(
                Term(
                    "deuxième arme : modificateur positif retiré",
                    0,
                    "DOU-44",
                    "off-hand: positive modifier dropped",
                )
            )
        else:
            terms.append(mod)
        bonus = sheet.int_of(w.get("bonus_degats"))
        if bonus:
            terms.append(Term("bonus de l’arme", bonus, "DOU-58", "weapon bonus"))
    if tops:
        terms.append(Term("6 gardés sur l’attaque", tops, "DOU-35", "6s kept on the attack"))
    kind = str(w.get("type", "contondant"))
    magical = sheet.int_of(w.get("magie")) > 0 or ctx.yes(MAGICAL)
    if magical:
        why = ("arme magique", "magic weapon") if w.get("magie") else ("MJ", "GM")
        terms.append(
            Term("coup magique", why[0], "DOU-61", "magical blow", why[1])  # « non magique »
        )
    said = defences(ctx, target, kind, magical, terms)
    return Damage(w, dice, total(terms), tuple(terms), said, critical, not ranged, tops, magical)


def defences(
    ctx: Ctx, c: Combatant, kind: str, magical: bool, terms: list[Term] | None = None
) -> sheet.Defences:
    """DOU-61 (with DOU-72's resistance to fire under water): what `c`'s sheet does to a blow
    of `kind`, each effect once; its terms added to `terms` when given."""
    found = sheet.resistance(c, kind, magical)
    out = terms if terms is not None else []
    if kind == "feu" and sheet.has_state(c, "immerge"):
        out.append(
            Term("immergé : résistance au feu", "", "DOU-72", "under water: fire resistance")
        )
        found = replace(found, resistant=True)
    for effect, value, fr, en in _EFFECTS:
        kinds = [k for k, e in found.rows if e == effect]
        if kinds:
            names = [type_name(ctx, k) for k in kinds]
            said = (", ".join(n[0] for n in names), ", ".join(n[1] for n in names))
            out.append(Term(f"{fr} ({said[0]})", value, "DOU-61", f"{en} ({said[1]})"))
    return found


_EFFECTS = (
    ("immunite", "×0", "immunité (5e, hors extrait)", "immunity (5e, not in excerpt)"),
    ("resistance", "÷2", "résistance, une fois", "resistance, once"),
    ("vulnerabilite", "×2", "vulnérabilité, une fois", "vulnerability, once"),
)


def type_name(ctx: Ctx, kind: str) -> tuple[str, str]:
    """A damage type (or « non magique ») as the sheet's list names it in each language."""
    column = next(c for c in ctx.ruleset.data.field("resistances").columns if c.key == "type")
    label = next((c.label for c in column.choices if c.value == kind), None)
    return (label.fr.lower(), label.en.lower()) if label else (kind, kind)


def _knockout(ctx: Ctx, blow: Damage) -> DiceRequest | None:
    """DOU-62: the target's Constitution save, asked when the GM knocks it out in melee."""
    if not (blow.melee and ctx.yes("assommer")):
        return None
    expr = DiceExpr(3, 6, modifier=sheet.save_modifier(ctx.target, "constitution"))
    return DiceRequest(expr, _TOTAL, expr.minimum, expr.maximum or 18, label=_SAVE)


def preview(ctx: Ctx) -> Preview:
    blow = numbers(ctx)
    target = ctx.target
    threshold = sheet.critical_threshold(target)
    at_zero = sheet.action_points(target) <= 0
    needed = 1 if at_zero else threshold + 1
    if blow.target.immune:
        chance, why = 0, ("immunité : aucun dégât", "immunity: no damage")
    elif blow.critical:
        chance, why = 1, ("critique par l’attaque (trois 6)", "critical by the attack (three 6s)")
    else:
        chance = blow.roll(ctx.explosion_cap()).at_least(needed)
        why = (
            ("critique si des dégâts à 0 PA", "critical if any damage at 0 AP")
            if at_zero
            else (f"critique si dégâts > SC {threshold}", f"critical if damage > SC {threshold}")
        )
    more = _knockout(ctx, blow)
    terms = list(blow.terms)
    notices = []
    if more is not None:
        terms.append(
            Term(
                "assommer : à 0 PA, JS de Constitution DD 16",
                "",
                "DOU-62",
                "knock out: at 0 AP, Constitution save DC 16",
            )
        )
    elif ctx.yes(KNOCKOUT):  # a weapon chosen with no attack, used at range
        notices.append(
            Notice(
                "DOU-62",
                "Assommer : seulement par une attaque de corps-à-corps",
                "Knock out: by a melee attack only",
            )
        )
    return Preview(
        ctx.action,
        tuple(terms),
        blow.request,
        odds=chance,
        odds_note=f"Chance de coup critique ({why[0]})",
        odds_note_en=f"Chance of a critical hit ({why[1]})",
        notices=tuple(notices),
        more=(more,) if more else (),
    )


def raw_total(blow: Damage, dice: DiceResult, cap: int | None) -> int:
    """The blow's dice + modifiers (rolled_total)."""
    return rolled_total(blow.request, blow.modifier, dice, cap)


def rolled_total(
    request: DiceRequest | None, modifier: int, dice: DiceResult, cap: int | None
) -> int:
    """Exploding d6s + `modifier`: typed as a total, or read chain by chain (each 6
    explodes; past the CFG-DOU-2 cap the further dice of a chain are not counted)."""
    if request is None:
        return modifier
    if dice.aggregate is not None:
        return dice.aggregate + modifier
    request.expr.die_totals(dice.faces)  # checks the faces and their count
    chains: list[list[int]] = []
    for face in dice.faces:  # a chain goes on while it shows 6s (DiceExpr's reading)
        if chains and chains[-1][-1] == 6:
            chains[-1].append(face)
        else:
            chains.append([face])
    if cap is not None:
        chains = [chain[: cap + 1] for chain in chains]
    return sum(sum(chain) for chain in chains) + modifier


def resolve(ctx: Ctx, dice: DiceResult) -> tuple[Resolution, ChangeSet]:
    blow = numbers(ctx)
    actor, target = ctx.actor, ctx.target
    terms = list(blow.terms)
    raw = raw_total(blow, dice, ctx.explosion_cap())
    taken = blow.target.taken(raw)
    terms.append(Term("dégâts subis", taken, "DOU-58", "damage taken"))
    edits = Edits(ctx.enc)
    before = sheet.action_points(target)
    after, said = take(ctx, edits, target, taken, terms, blow.critical)
    more = _knockout(ctx, blow)
    if more is not None and (after > 0 or before <= 0):
        said[0] += " ; pas mis à 0 PA par ce coup : il n’est pas assommé"
        said[1] += "; not brought to 0 AP by this blow: not knocked out"
    elif more is not None:
        save = chained(dice, 0, more)
        terms.append(Term("JS de Constitution", save, "DOU-62", "Constitution save"))
        if save < KNOCKOUT_DC:  # A-DOU-10: unconscious and stabilised on a failed save
            for key in ("inconscient", "stabilise"):
                edits.add_state(target.id, ctx.listed_state(key, source=actor.id))
            said[0] += " ; assommé (inconscient, stabilisé)"
            said[1] += "; knocked out (unconscious, stabilised)"
        else:
            said[0] += " ; reste conscient à 0 PA"
            said[1] += "; stays conscious at 0 AP"
    window = window_of(ctx)
    if window is not None:
        windows.closing(edits, window)
    label = (f"Dégâts de {actor.name}", f"{actor.name}'s damage")
    return finish(
        edits, ctx.action, label, terms, dice, (said[0], said[1]), None, {"damage": taken}
    )


def take(
    ctx: Ctx, edits: Edits, c: Combatant, taken: int, terms: list[Term], critical: bool = False
) -> tuple[int, list[str]]:
    """What one blow's damage does to `c`'s sheet: `taken` off its PA (never below 0,
    DOU-58); a critical hit — the attack's (DOU-60 c, `critical`), damage taken above its SC
    (a) or any at 0 PA (b) — notes its wound (A-DOU-22). Its PA after, and what the log
    says, in French then English."""
    before = sheet.action_points(c)
    after = edits.add(("combatants", c.id, "stats", "pa"), -taken)
    said = [
        f"{c.name} subit {taken} dégât(s) ({after} PA)",
        f"{c.name} takes {taken} damage ({after} AP)",
    ]
    if critical or threshold_critical(taken, sheet.critical_threshold(c), before <= 0):
        said[0] += " ; coup critique : blessure majeure ou mineure (table hors extrait)"
        said[1] += "; critical hit: a major or minor wound (table not in the excerpt)"
        wound(ctx, edits, c, terms)
    return after, said


def wound(ctx: Ctx, edits: Edits, target: Combatant, terms: list[Term]) -> None:
    """A-DOU-22: the wound the GM read on the external table (the option `blessure`), added
    to the sheet."""
    text = ctx.choice("blessure").strip()
    if not text:
        terms.append(
            Term(
                "blessure à noter (table hors extrait)",
                "",
                "A-DOU-22",
                "wound to note (table not in the excerpt)",
            )
        )
        return
    wounds = list(target.stats.get("blessures") or [])
    edits.set(("combatants", target.id, "stats", "blessures"), [*wounds, text])
    terms.append(Term("blessure", text, "A-DOU-22", "wound"))


KINDS = (
    Kind(
        KIND,
        Label(fr="Dégâts", en="Damage"),
        "DOU-58",
        preview,
        resolve,
        options=_options,
        needs_target=True,
        mount_may=True,  # DOU-67: a window's steps stay its own
    ),
)
