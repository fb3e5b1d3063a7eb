"""Mounted combat (D35-23 to D35-31, A-D35-16, TV-D35-18, TV-D35-25); the rider's attacks
(D35-26 to D35-28, A-D35-20, TV-D35-20) are attack.py's.

The rider carries the state `monte` whose `source` is its mount (riders.py). Monter en selle
sets it and Mettre pied à terre takes it off: the SRD's move actions (hors extrait), the mount
adjacent. A ridden mount acts in its rider's turn unit and on its initiative, and the rider
shares its space: moving either token takes the other along (D35-24). Test d'Équitation is
the DC 20 check that keeps a standard action after the move on a mount not trained for combat
(`entrainee_combat` on the mount's sheet; a failure spends the round's full-round action,
D35-23), or the DC 5 check to guide with the knees (D35-25). Chute de monture is the DC 15
check when the mount falls: a failure leaves the rider prone with 1d6 damage (D35-30).
Cavalier inconscient is the d% that keeps an unconscious rider in the saddle, 50, or 75 with
a war saddle (`selle_guerre` on the rider's sheet), else it falls with 1d6 damage (D35-31).
Sort en selle is a spell cast from the saddle: as the mount moves once, cast normally; during
its double move Concentration DC 10 + level, while it runs DC 15 + level (D35-29, A-D35-16).

Readings (the GM can override every blocking one, G-3):
- A `monte` state without a mount in the encounter (set by hand on the sheet) is a mount of
  unknown training: taken as not trained for combat (D35-23).
- The Ride checks and the d% have no natural 20 or 1 (SRD: skill checks).
- The knees' outcome (both hands free, or one on the reins for the round) is the SRD's.
- A rider who falls (D35-30 failed, D35-31) lies prone (`a_terre`) next to the mount: the GM
  places the token. A soft fall (D35-30 made) leaves it on its feet, unhurt.
- Mounting, dismounting and a spell from the saddle take the round's budget as the SRD's
  table says (a move action; the spell's own action), as declared.py's lines do; a failed
  D35-23 check takes the full-round action. Out of the fight nothing is counted (budget.py).
- A failed Concentration check loses the spell (SRD)."""

from __future__ import annotations

from fractions import Fraction

from gui.engine.checks import Check, EdgeRoll
from gui.engine.checks.request import DiceRequest, DiceResult
from gui.engine.checks.rolls import dice_request, outcome
from gui.engine.contract import riders
from gui.engine.contract.base import Ruleset
from gui.engine.contract.edits import Edits, finish, refuse_blocked
from gui.engine.contract.fields import choice_field, int_field
from gui.engine.contract.values import ActionError, ActionSpec, Preview, Resolution, chained
from gui.engine.core.words import Label, Notice, Term
from gui.engine.dice.rolling import DiceExpr
from gui.engine.grid.placed import squares_apart
from gui.engine.rulesets.d20_35 import budget, declared, sheet
from gui.engine.rulesets.d20_35.attack import MOUNT_MOVES, MOUNTED
from gui.engine.rulesets.d20_35.context import ActionDef, Ctx, always
from gui.engine.rulesets.d20_35.declared import _KINDS
from gui.engine.rulesets.d20_35.opposed import D20, check_preview
from gui.engine.rulesets.d20_35.provoking import Scope, from_all_if
from gui.engine.space.destination import Destination
from gui.engine.state.changes import Change, ChangeSet, change
from gui.engine.state.model import Combatant, Encounter, Position, TurnEntry

MOUNT, DISMOUNT, RIDE = "monter_en_selle", "mettre_pied_a_terre", "test_equitation"
FALL, KNOCKED_OUT, CAST = "chute_de_monture", "cavalier_inconscient", "sort_en_selle"
PRONE = "a_terre"
D100 = EdgeRoll(1, 100)
KNEES_DC = 5  # D35-25
SOFT_FALL_DC = 15  # D35-30
UNTRAINED_DC = 20  # D35-23
SADDLE, WAR_SADDLE = 50, 75  # D35-31: the chance (%) to stay in the saddle
CONCENTRATION = {"double": 10, "course": 15}  # D35-29, A-D35-16: + the spell's level
FALL_DAMAGE = DiceExpr(1, 6)  # D35-30, D35-31
OUT = ("inconscient", "mourant", "stable")  # unconscious (D35-38, D35-49, D35-50)
PURPOSES = (
    (
        "non_entrainee",
        "Monture non entraînée : action simple après le mouvement (DD 20)",
        "Untrained mount: a standard action after the move (DC 20)",
    ),
    ("genoux", "Guider la monture avec les genoux (DD 5)", "Guide the mount with the knees (DC 5)"),
)
SPELLS = ("sort", "sort_complexe", "sort_rapide")  # declared.py's lines for a spell
_DAMAGE = Label(fr="Dégâts de la chute (1d6)", en="Falling damage (1d6)")
_TOTAL = Label(fr="total des dés", en="dice total")
_SKILL = ("pas de 20 ni de 1 naturel (test de compétence)", "no natural 20 or 1 (a skill check)")


# D35-24: who rides what, whose turn, whose space ---------------------------------------------


def mount_of(enc: Encounter, rider: Combatant) -> Combatant | None:
    """The mount `rider` is on, if it is in the encounter."""
    return riders.mount_of(enc, rider, MOUNTED)


def follows(enc: Encounter) -> dict[str, str]:
    """Each ridden mount and the rider whose turn it takes (the first in roster order)."""
    out: dict[str, str] = {}
    for c in enc.combatants:
        mount = mount_of(enc, c)
        if mount is not None:
            out.setdefault(mount.id, c.id)
    return out


def initiative_holder(enc: Encounter, c: Combatant) -> Combatant:
    """D35-24: whose initiative `c` acts on: a ridden mount its rider's, else its own."""
    return enc.combatant(riders.leader(c.id, follows(enc)))


def turn_units(enc: Encounter, units: list[TurnEntry]) -> list[TurnEntry]:
    """D35-24: the mount acts on its rider's initiative: it goes into its rider's unit, just
    after it; `units` is unchanged."""
    return riders.join_units(units, follows(enc))


def together(enc: Encounter, c: Combatant) -> set[str]:
    """D35-24: a rider and its mount share a space (and move as one)."""
    return riders.together(enc, c, MOUNTED)


def move_changes(ruleset: Ruleset, enc: Encounter, c: Combatant, dest: Destination) -> list[Change]:
    """D35-24: the rider shares its mount's space: the mount and every rider on it go where
    one of them is moved (a mount's top-left square, the rider's square)."""
    moved = Position(zone=dest.zone, cell=dest.cell)
    return [
        change(enc, ("combatants", oid, "position"), moved)
        for oid in sorted(together(enc, c))
        if enc.combatant(oid).position != moved
    ]


# Shared pieces -------------------------------------------------------------------------------


def _not_mounted(actor: Combatant) -> ActionError:
    return ActionError(f"{actor.name} n’est pas en selle", f"{actor.name} is not mounted")


def _mount_name(ctx: Ctx) -> tuple[str, str]:
    mount = mount_of(ctx.enc, ctx.actor)
    return (mount.name, mount.name) if mount is not None else ("sa monture", "its mount")


def _swift(ctx: Ctx) -> bool:
    return ctx.flag(budget.SWIFT_FLAG) == "consomme_rapide"


def _budget_notices(ctx: Ctx, line: str) -> list[Notice]:
    """D35-09: what the action goes past in the round's budget (warnings)."""
    taken = declared.line_cost(declared.TABLE[line])
    return budget.notices(ctx.enc, ctx.actor, ctx.action, taken, _swift(ctx))


def _spend(ctx: Ctx, edits: Edits, line: str) -> None:
    """D35-09: the round's budget, as the SRD table's line takes it (declared.py)."""
    taken = declared.line_cost(declared.TABLE[line])
    budget.spend(edits, ctx.actor, ctx.action, taken, _swift(ctx))


def _kind_term(line: str) -> Term:
    """The action's kind in the round's budget, as the SRD's table names it (D35-09)."""
    kind = declared.TABLE[line].kind
    fr, en = _KINDS[kind]
    return Term(f"{fr} (SRD)", "", "D35-09", f"{en} (SRD)")


def _damage_request() -> DiceRequest:
    expr = FALL_DAMAGE
    return DiceRequest(expr, _TOTAL, expr.minimum, expr.maximum or expr.minimum, label=_DAMAGE)


def _falls(ctx: Ctx, edits: Edits, dice: DiceResult, k: int, rule: str, terms: list[Term]) -> int:
    """The rider falls off: no longer mounted, prone, and 1d6 damage (the k-th roll that
    follows); the hit points it is left with."""
    rider = ctx.actor
    amount = chained(dice, k, _damage_request())
    pv = sheet.stat(rider, "pv") - amount
    edits.set(("combatants", rider.id, "stats", "pv"), max(pv, -99))
    edits.remove_state(rider.id, MOUNTED)
    edits.add_state(rider.id, ctx.listed_state(PRONE))
    terms.append(Term("dégâts de la chute (1d6)", amount, rule, "falling damage (1d6)"))
    return pv


# Monter en selle, Mettre pied à terre (D35-24; SRD, hors extrait) ----------------------------


def _mount_spec(ctx: Ctx) -> ActionSpec | None:
    if sheet.has_state(ctx.actor, MOUNTED):
        return None
    return ActionSpec(MOUNT, Label(fr="Monter en selle", en="Mount"), "D35-24", True)


def _mount_numbers(ctx: Ctx) -> tuple[list[Term], list[Notice]]:
    actor, mount = ctx.actor, ctx.target
    if mount.id == actor.id:
        raise ActionError(
            "Choisir une autre créature comme monture", "Choose another creature as the mount"
        )
    trained = mount.stats.get("entrainee_combat") is True
    terms = [
        _kind_term("mouvement"),
        Term("VD de la monture", f"{sheet.speed(mount):g} m", "D35-24", "mount's speed"),
        Term(
            "monture entraînée au combat",
            "oui" if trained else "non : Équitation DD 20 après le mouvement",
            "D35-23",
            "mount trained for combat",
            "yes" if trained else "no: Ride DC 20 after the move",
        ),
    ]
    notices = _budget_notices(ctx, "mouvement")
    if sheet.has_state(actor, MOUNTED):
        notices.append(Notice("D35-24", "Déjà en selle", "Already mounted", True))
    for who in (actor, mount):
        if ctx.ruleset.is_out(ctx.enc, who):
            notices.append(
                Notice("D35-48", f"{who.name} est hors de combat", f"{who.name} is out", True)
            )
    apart = squares_apart(ctx.enc, ctx.ruleset, actor, mount)
    near = apart <= 1 if apart is not None else actor.position.zone == mount.position.zone
    if not near:
        notices.append(
            Notice(
                sheet.SRD,
                f"{mount.name} n’est pas adjacente",
                f"{mount.name} is not adjacent",
                True,
            )
        )
    if sheet.size_index(mount) <= sheet.size_index(actor):
        notices.append(
            Notice(
                sheet.SRD,
                f"{mount.name} n’est pas plus grande que {actor.name}",
                f"{mount.name} is not larger than {actor.name}",
            )
        )
    if carried := [r.name for r in riders.riders(ctx.enc, mount, MOUNTED)]:
        names = ", ".join(carried)
        notices.append(
            Notice(
                "D35-24",
                f"{mount.name} porte déjà {names}",
                f"{mount.name} already carries {names}",
            )
        )
    if mount.side != actor.side:
        notices.append(
            Notice(
                "D35-24",
                f"{mount.name} est d’un autre camp : une monture consentante ? (MJ)",
                f"{mount.name} is on another side: a willing mount? (GM)",
            )
        )
    return terms, notices


def _mount_preview(ctx: Ctx) -> Preview:
    terms, notices = _mount_numbers(ctx)
    return Preview(ctx.action, tuple(terms), notices=tuple(notices))


def _mount_resolve(ctx: Ctx, dice: DiceResult) -> tuple[Resolution, ChangeSet]:
    terms, notices = _mount_numbers(ctx)
    refuse_blocked(ctx.action, notices, terms)
    actor, mount = ctx.actor, ctx.target
    edits = Edits(ctx.enc)
    edits.add_state(actor.id, ctx.listed_state(MOUNTED, source=mount.id))
    edits.set(("combatants", actor.id, "position"), mount.position)  # D35-24: its space
    _spend(ctx, edits, "mouvement")
    said = (
        f"{actor.name} est en selle sur {mount.name}, dont il partage l’espace",
        f"{actor.name} is mounted on {mount.name} and shares its space",
    )
    label = (f"{actor.name} : Monter en selle", f"{actor.name}: Mount")
    return finish(edits, ctx.action, label, terms, dice, said)


def _dismount_spec(ctx: Ctx) -> ActionSpec | None:
    if not sheet.has_state(ctx.actor, MOUNTED):
        return None
    return ActionSpec(DISMOUNT, Label(fr="Mettre pied à terre", en="Dismount"), "D35-24", False)


def _dismount_numbers(ctx: Ctx) -> tuple[list[Term], list[Notice]]:
    if not sheet.has_state(ctx.actor, MOUNTED):
        raise _not_mounted(ctx.actor)
    name = _mount_name(ctx)
    terms = [
        _kind_term("mouvement"),
        Term("descend de", name[0], "D35-24", "dismounts from", name[1]),
    ]
    return terms, _budget_notices(ctx, "mouvement")


def _dismount_preview(ctx: Ctx) -> Preview:
    terms, notices = _dismount_numbers(ctx)
    return Preview(ctx.action, tuple(terms), notices=tuple(notices))


def _dismount_resolve(ctx: Ctx, dice: DiceResult) -> tuple[Resolution, ChangeSet]:
    terms, notices = _dismount_numbers(ctx)
    refuse_blocked(ctx.action, notices, terms)
    actor, name = ctx.actor, _mount_name(ctx)
    edits = Edits(ctx.enc)
    edits.remove_state(actor.id, MOUNTED)
    _spend(ctx, edits, "mouvement")
    said = (
        f"{actor.name} met pied à terre à côté de {name[0]} (le MJ place le pion)",
        f"{actor.name} dismounts next to {name[1]} (the GM places the token)",
    )
    label = (f"{actor.name} : Mettre pied à terre", f"{actor.name}: Dismount")
    return finish(edits, ctx.action, label, terms, dice, said)


# Test d'Équitation: untrained mount (D35-23, TV-D35-25), knees (D35-25) ----------------------


def trained(enc: Encounter, rider: Combatant) -> bool:
    """D35-23: whether the rider's mount is trained for combat (unknown: not)."""
    mount = mount_of(enc, rider)
    return mount is not None and mount.stats.get("entrainee_combat") is True


def _ride_spec(ctx: Ctx) -> ActionSpec | None:
    if not sheet.has_state(ctx.actor, MOUNTED):
        return None
    default = "genoux" if trained(ctx.enc, ctx.actor) else "non_entrainee"
    options = (choice_field("but", "But", "Purpose", list(PURPOSES), "D35-23", default),)
    label = Label(fr="Test d’Équitation", en="Ride check")
    return ActionSpec(RIDE, label, "D35-23", False, options)


def _purpose(ctx: Ctx) -> str:
    default = "genoux" if trained(ctx.enc, ctx.actor) else "non_entrainee"
    chosen = ctx.choice("but", default)
    return chosen if chosen in {key for key, _fr, _en in PURPOSES} else default


def _ride_numbers(ctx: Ctx) -> tuple[Check, list[Term], list[Notice]]:
    actor = ctx.actor
    if not sheet.has_state(actor, MOUNTED):
        raise _not_mounted(actor)
    bonus = sheet.stat(actor, "equitation")
    untrained = _purpose(ctx) == "non_entrainee"
    dc, rule = (UNTRAINED_DC, "D35-23") if untrained else (KNEES_DC, "D35-25")
    terms = [Term("Équitation", bonus, rule, "Ride"), Term("DD", str(dc), rule, "DC")]
    notices = []
    if untrained and trained(ctx.enc, actor):
        name = _mount_name(ctx)
        notices.append(
            Notice(
                "D35-23",
                f"{name[0]} est entraînée au combat : pas de test",
                f"{name[1]} is trained for combat: no check",
                True,
            )
        )
    elif untrained and mount_of(ctx.enc, actor) is None:
        terms.append(
            Term(
                "monture inconnue : tenue pour non entraînée",
                "",
                "D35-23",
                "unknown mount: untrained",
            )
        )
    return Check(bonus, dc), terms, notices


def _ride_preview(ctx: Ctx) -> Preview:
    check, terms, notices = _ride_numbers(ctx)
    return check_preview(ctx, check, terms, Label(fr="Équitation", en="Ride"), _SKILL, notices)


def _ride_resolve(ctx: Ctx, dice: DiceResult) -> tuple[Resolution, ChangeSet]:
    check, terms, notices = _ride_numbers(ctx)
    refuse_blocked(ctx.action, notices, terms)
    result, _assumed = outcome(D20, dice, check)
    untrained = _purpose(ctx) == "non_entrainee"
    rule = "D35-23" if untrained else "D35-25"
    terms.append(Term("d20 + Équitation", result.total, rule, "d20 + Ride"))
    actor = ctx.actor
    edits = Edits(ctx.enc)
    if untrained and result.success:
        said = ("Action simple après le mouvement", "A standard action after the move")
    elif untrained:
        _spend(ctx, edits, "complexe")
        said = (
            "L’action de mouvement devient une action complexe : pas d’action simple",
            "The move action becomes a full-round action: no standard action",
        )
    elif result.success:
        terms.append(Term("les deux mains libres ce round", "", sheet.SRD, "both hands free"))
        said = ("Guide sa monture avec les genoux", "Guides its mount with the knees")
    else:
        terms.append(
            Term("une main tient les rênes ce round", "", sheet.SRD, "one hand on the reins")
        )
        said = ("Ne peut pas guider avec les genoux", "Cannot guide with the knees")
    label = (f"{actor.name} : Test d’Équitation", f"{actor.name}: Ride check")
    amounts = {"total": result.total, "target": check.target}
    return finish(edits, ctx.action, label, terms, dice, said, result.success, amounts)


# Chute de monture (D35-30) -------------------------------------------------------------------


def _fall_spec(ctx: Ctx) -> ActionSpec | None:
    if not sheet.has_state(ctx.actor, MOUNTED):
        return None
    label = Label(fr="Chute de la monture", en="The mount falls")
    return ActionSpec(FALL, label, "D35-30", False)


def _fall_numbers(ctx: Ctx) -> tuple[Check, list[Term]]:
    actor = ctx.actor
    if not sheet.has_state(actor, MOUNTED):
        raise _not_mounted(actor)
    bonus = sheet.stat(actor, "equitation")
    terms = [
        Term("Équitation", bonus, "D35-30", "Ride"),
        Term("DD (amortir la chute)", str(SOFT_FALL_DC), "D35-30", "DC (soft fall)"),
        Term("sinon à terre et 1d6 dégâts", "", "D35-30", "otherwise prone and 1d6 damage"),
    ]
    return Check(bonus, SOFT_FALL_DC), terms


def _fall_preview(ctx: Ctx) -> Preview:
    check, terms = _fall_numbers(ctx)
    label = Label(fr="Équitation", en="Ride")
    return check_preview(ctx, check, terms, label, _SKILL, (), (_damage_request(),))


def _fall_resolve(ctx: Ctx, dice: DiceResult) -> tuple[Resolution, ChangeSet]:
    check, terms = _fall_numbers(ctx)
    result, _assumed = outcome(D20, dice, check)
    terms.append(Term("d20 + Équitation", result.total, "D35-30", "d20 + Ride"))
    actor, name = ctx.actor, _mount_name(ctx)
    edits = Edits(ctx.enc)
    amounts = {"total": result.total, "target": SOFT_FALL_DC}
    if result.success:
        edits.remove_state(actor.id, MOUNTED)
        said = (
            f"Chute amortie : {actor.name} retombe sur ses pieds à côté de {name[0]}",
            f"Soft fall: {actor.name} lands on its feet next to {name[1]}",
        )
    else:
        pv = _falls(ctx, edits, dice, 0, "D35-30", terms)
        said = (
            f"{actor.name} tombe à terre à côté de {name[0]} ({pv} pv)",
            f"{actor.name} falls prone next to {name[1]} ({pv} hp)",
        )
    label = (f"{actor.name} : Chute de la monture", f"{actor.name}: The mount falls")
    return finish(edits, ctx.action, label, terms, dice, said, result.success, amounts)


# Cavalier inconscient (D35-31) ---------------------------------------------------------------


def stay_chance(rider: Combatant) -> int:
    """D35-31: the chance (%) an unconscious rider stays in the saddle."""
    return WAR_SADDLE if rider.stats.get("selle_guerre") is True else SADDLE


def _out_spec(ctx: Ctx) -> ActionSpec | None:
    actor = ctx.actor
    if not sheet.has_state(actor, MOUNTED) or sheet.status(actor) not in OUT:
        return None
    label = Label(fr="Cavalier inconscient", en="Unconscious rider")
    return ActionSpec(KNOCKED_OUT, label, "D35-31", False)


def _out_numbers(ctx: Ctx) -> tuple[int, list[Term], list[Notice]]:
    actor = ctx.actor
    if not sheet.has_state(actor, MOUNTED):
        raise _not_mounted(actor)
    chance = stay_chance(actor)
    saddle = ("selle de guerre", "war saddle") if chance == WAR_SADDLE else ("selle", "saddle")
    terms = [
        Term(
            f"reste en selle ({saddle[0]}) : d% ≤", chance, "D35-31", f"stays ({saddle[1]}): d% ≤"
        ),
        Term("sinon tombe : à terre et 1d6 dégâts", "", "D35-31", "otherwise falls: prone, 1d6"),
        Term(
            "monture non dirigée : évite le combat (MJ)",
            "",
            "D35-31",
            "unguided mount: avoids combat (GM)",
        ),
    ]
    notices = []
    if sheet.status(actor) not in OUT:
        notices.append(
            Notice(
                "D35-31",
                f"{actor.name} n’est pas inconscient",
                f"{actor.name} is not unconscious",
                True,
            )
        )
    return chance, terms, notices


def _out_preview(ctx: Ctx) -> Preview:
    chance, terms, notices = _out_numbers(ctx)
    return Preview(
        ctx.action,
        tuple(terms),
        dice_request(D100, Label(fr="Rester en selle (d%)", en="Stay in the saddle (d%)")),
        target_number=chance,
        odds=Fraction(chance, 100),
        odds_note=f"chance de rester en selle (d% ≤ {chance})",
        odds_note_en=f"chance to stay in the saddle (d% ≤ {chance})",
        notices=tuple(notices),
        more=(_damage_request(),),
    )


def _out_resolve(ctx: Ctx, dice: DiceResult) -> tuple[Resolution, ChangeSet]:
    chance, terms, notices = _out_numbers(ctx)
    refuse_blocked(ctx.action, notices, terms)
    result, _assumed = outcome(D100, dice, Check(0, chance, strict=True))
    roll = result.total
    stays = roll <= chance
    actor, name = ctx.actor, _mount_name(ctx)
    edits = Edits(ctx.enc)
    if stays:
        terms.append(Term(f"d% {roll}", "reste en selle", "D35-31", f"d% {roll}", "stays"))
        said = (f"{actor.name} reste en selle", f"{actor.name} stays in the saddle")
    else:
        terms.append(Term(f"d% {roll}", "tombe", "D35-31", f"d% {roll}", "falls"))
        pv = _falls(ctx, edits, dice, 0, "D35-31", terms)
        said = (
            f"{actor.name} tombe à terre à côté de {name[0]} ({pv} pv)",
            f"{actor.name} falls prone next to {name[1]} ({pv} hp)",
        )
    label = (f"{actor.name} : Cavalier inconscient", f"{actor.name}: Unconscious rider")
    return finish(edits, ctx.action, label, terms, dice, said, stays, {"roll": roll})


# Sort en selle (D35-29, A-D35-16, TV-D35-18) -------------------------------------------------


def concentration_dc(move: str, spell_level: int) -> int | None:
    """D35-29, A-D35-16, TV-D35-18: the Concentration DC of a spell cast from the saddle as
    the mount moves (None: cast normally, the mount staying or moving once)."""
    base = CONCENTRATION.get(move)
    return None if base is None else base + spell_level


def _cast_spec(ctx: Ctx) -> ActionSpec | None:
    if not sheet.has_state(ctx.actor, MOUNTED):
        return None
    spells = [(k, declared.TABLE[k].fr, declared.TABLE[k].en) for k in SPELLS]
    options = (
        int_field("niveau", "Niveau du sort", "Spell level", "D35-29", 0, 9, 1),
        choice_field("monture", "Monture", "Mount", list(MOUNT_MOVES), "D35-29", "double"),
        choice_field("sort", "Sort", "Spell", spells, "D35-09", "sort"),
    )
    return ActionSpec(
        CAST, Label(fr="Sort en selle", en="Spell from the saddle"), "D35-29", False, options
    )


def spell_line(ctx: Ctx) -> str:
    line = ctx.choice("sort", "sort")
    return line if line in SPELLS else "sort"


def _cast_numbers(ctx: Ctx) -> tuple[Check | None, list[Term], list[Notice]]:
    actor = ctx.actor
    if not sheet.has_state(actor, MOUNTED):
        raise _not_mounted(actor)
    level = ctx.number("niveau", 1)
    move = ctx.choice("monture", "double")
    line = spell_line(ctx)
    terms = [_kind_term(line), Term("niveau du sort", str(level), "D35-29", "spell level")]
    if declared.TABLE[line].provokes:
        terms.append(Term("provoque une AO (SRD)", "", "D35-11", "provokes an AoO (SRD)"))
    notices = _budget_notices(ctx, line)
    dc = concentration_dc(move, level)
    if dc is None:
        terms.append(
            Term(
                "la monture se déplace au plus de sa VD : lancer normal",
                "",
                "A-D35-16",
                "the mount moves up to its speed: cast normally",
            )
        )
        return None, terms, notices
    bonus = sheet.stat(actor, "concentration")
    base = CONCENTRATION[move]
    why = ("double déplacement", "double move") if move == "double" else ("course", "run")
    terms += [
        Term("Concentration", bonus, "D35-29", "Concentration"),
        Term(
            f"DD ({why[0]} : {base} + niveau)", str(dc), "D35-29", f"DC ({why[1]}: {base} + level)"
        ),
    ]
    return Check(bonus, dc), terms, notices


def _cast_preview(ctx: Ctx) -> Preview:
    check, terms, notices = _cast_numbers(ctx)
    if check is None:
        return Preview(ctx.action, tuple(terms), notices=tuple(notices))
    label = Label(fr="Concentration", en="Concentration")
    return check_preview(ctx, check, terms, label, _SKILL, notices)


def _cast_resolve(ctx: Ctx, dice: DiceResult) -> tuple[Resolution, ChangeSet]:
    check, terms, notices = _cast_numbers(ctx)
    refuse_blocked(ctx.action, notices, terms)
    actor = ctx.actor
    edits = Edits(ctx.enc)
    _spend(ctx, edits, spell_line(ctx))
    label = (f"{actor.name} : Sort en selle", f"{actor.name}: Spell from the saddle")
    if check is None:
        said = ("Lance son sort normalement", "Casts its spell normally")
        return finish(edits, ctx.action, label, terms, dice, said, True)
    result, _assumed = outcome(D20, dice, check)
    terms.append(Term("d20 + Concentration", result.total, "D35-29", "d20 + Concentration"))
    if result.success:
        said = (
            "Concentration réussie : le sort est lancé",
            "Concentration made: the spell is cast",
        )
    else:
        terms.append(Term("sort perdu", "", sheet.SRD, "spell lost"))
        said = (
            "Concentration ratée : le sort est perdu",
            "Concentration failed: the spell is lost",
        )
    amounts = {"total": result.total, "target": check.target}
    return finish(edits, ctx.action, label, terms, dice, said, result.success, amounts)


def _cast_provokes(ctx: Ctx) -> Scope | None:
    """D35-11 (SRD): a spell that provokes on foot provokes in the saddle."""
    return from_all_if(declared.TABLE[spell_line(ctx)].provokes)


# Each spends the round's budget in its resolution, by the SRD table's line or, for Ride,
# by its outcome (D35-23).
ACTIONS = (
    ActionDef(MOUNT, _mount_spec, _mount_preview, _mount_resolve),
    ActionDef(DISMOUNT, _dismount_spec, _dismount_preview, _dismount_resolve),
    ActionDef(RIDE, _ride_spec, _ride_preview, _ride_resolve),
    ActionDef(  # D35-48: a spell strains a disabled rider
        CAST,
        _cast_spec,
        _cast_preview,
        _cast_resolve,
        provokes=_cast_provokes,
        strenuous=always,
    ),
    ActionDef(FALL, _fall_spec, _fall_preview, _fall_resolve),
    ActionDef(  # D35-31: an unconscious rider's d%, taken though it cannot act
        KNOCKED_OUT, _out_spec, _out_preview, _out_resolve, while_unable=True
    ),
)
