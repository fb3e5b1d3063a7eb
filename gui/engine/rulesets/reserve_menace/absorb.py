"""Encaisser (RM-31 to RM-42) and Désarmement (RM-59 to RM-62): what a hit with
Q ≥ Défense does, once the attack left it waiting on the target (RM-28)."""

from __future__ import annotations

from gui.engine.checks.request import DiceResult
from gui.engine.contract.base import Words
from gui.engine.contract.edits import Edits
from gui.engine.contract.values import ActionError, ActionSpec, Preview, overridden
from gui.engine.core.words import Label, Notice, Term
from gui.engine.rulesets.reserve_menace import defense
from gui.engine.rulesets.reserve_menace.attack import first_attack_received
from gui.engine.rulesets.reserve_menace.context import ActionDef, Ctx, pool_terms
from gui.engine.rulesets.reserve_menace.menace import drops
from gui.engine.rulesets.reserve_menace.options import NOBODY, free_text, number, pick, toggle, who
from gui.engine.rulesets.reserve_menace.sheet import (
    MINOR,
    PENDING,
    PENDING_PROTECT,
    is_character,
    is_out,
    reserve_of,
    reserve_path,
    stat,
)
from gui.engine.state.model import Combatant, Encounter, State, Track, Window
from gui.engine.timing import windows

KIND = "encaisser"
GM_DIE = 2  # RM-37: each GM Réserve die removes 2 Qualités
SACRIFICE_GEAR = 2  # RM-41: +2D Renfort, or 2 Qualités less for an extra
PARTIAL_FLAG = "CFG-RM-19"
AFTER = (
    ("endommage", "endommagé (sans bonus avant réparation)", "damaged (no bonus until repaired)"),
    ("hors_service", "hors d’usage (réparable)", "out of use (repairable)"),
    ("detruit", "détruit", "destroyed"),
)
AFTER_EN = {"endommage": "damaged", "hors_service": "out of use", "detruit": "destroyed"}


def monitor(c: Combatant) -> tuple[int, int]:
    """The size of an extra's Moniteur (A-RM-6) and how many boxes are checked."""
    size = max(1, min(4, stat(c, "moniteur_taille", 2)))
    marks = c.tracks.get("moniteur")
    return size, sum(1 for m in (marks.marks if marks else []) if m)


def pending(enc: Encounter, c: Combatant) -> Window | None:
    """The hit waiting on `c` to be absorbed (RM-28), a reaction window (windows.py)."""
    return next(iter(windows.open_on(enc, c.id, (PENDING, PENDING_PROTECT))), None)


def pending_label(window: Window) -> Label:
    """The token's badge of a hit waiting: « À encaisser (Q 9) », "To absorb (Q 9)"."""
    protect = window.kind == PENDING_PROTECT
    return Label(
        fr=f"À encaisser (Q {window.value}{', protège' if protect else ''})",
        en=f"To absorb (Q {window.value}{', protecting' if protect else ''})",
    )


def _gear(c: Combatant) -> list[tuple[str, str, str]]:
    rows = c.stats.get("equipement")
    out = [(NOBODY, "— aucun —", "— none —")]
    for i, row in enumerate(rows if isinstance(rows, list) else []):
        if row.get("etat", "intact") == "intact":
            out.append((str(i), str(row.get("nom", "?")), str(row.get("nom", "?"))))
    return out


def _gear_options(c: Combatant) -> list:
    return [
        pick("sacrifice", "Sacrifier un équipement", "Sacrifice equipment", "RM-41", _gear(c)),
        pick("etat_apres", "État de l’équipement ensuite", "Equipment afterwards", "RM-42", AFTER),
    ]


def _sacrifice(ctx: Ctx, edits: Edits, c: Combatant, terms: list[Term]) -> bool:
    """RM-41, RM-42: the sacrificed item takes the state the GM and player agreed."""
    choice = ctx.choice("sacrifice", NOBODY)
    if choice == NOBODY:
        return False
    rows = [dict(r) for r in c.stats.get("equipement") or []]
    index = int(choice)
    if not 0 <= index < len(rows) or rows[index].get("etat", "intact") != "intact":
        raise ActionError("Cet équipement n’est plus intact", "That item is no longer intact")
    rows[index]["etat"] = ctx.choice("etat_apres", "endommage")
    edits.set(("combatants", c.id, "stats", "equipement"), rows)
    name, after = rows[index].get("nom"), rows[index]["etat"]
    after_en = AFTER_EN.get(str(after), str(after))
    terms.append(Term(f"{name} sacrifié ({after})", "", "RM-42", f"{name} sacrificed ({after_en})"))
    return True


def _defeat(ctx: Ctx, edits: Edits, c: Combatant, broken: bool, terms: list[Term]) -> Words:
    """`c` is Brisé or Terrassé (RM-34, RM-39); the state's name in French and English."""
    key, label = ("brise", "Brisé") if broken else ("terrasse", "Terrassé")
    en = ctx.ruleset.state_label(State(key=key, label=label)).en  # "Broken (Brisé)"
    edits.add_state(
        c.id,
        State(
            key=key,
            label=label,
            text=f"{label} : hors du combat (RM-39).",
            text_en=f"{en}: out of the fight (RM-39).",
        ),
    )
    drops(ctx, edits, c, terms)
    return label, en[:1].lower() + en[1:]


def _lose_defense(edits: Edits, c: Combatant, terms: list[Term], rule: str) -> int:
    path = ("combatants", c.id, "stats", "defense")
    after = max(0, edits.number(path) - 1)  # RM-10
    edits.set(path, after)
    terms.append(
        Term(f"Défense de {c.name} −1 ({after})", -1, rule, f"{c.name}'s Défense −1 ({after})")
    )
    return after


# Encaisser -------------------------------------------------------------------------------


def _absorb_spec(ctx: Ctx) -> ActionSpec | None:
    c = ctx.actor
    if pending(ctx.enc, c) is None:
        return None
    allies = [o for o in ctx.enc.combatants if o.side == c.side and o.id != c.id and not is_out(o)]
    opts = []
    if is_character(c):
        opts += [
            number("renfort", "Renfort (dés)", "Renfort (dice)", "RM-25"),
            who("soutenu_par", "Soutenu par (+1D)", "Supported by (+1D)", "RM-50", allies),
        ]
    elif c.tier != MINOR:
        opts.append(
            number(
                "des_mj",
                "Dés de Réserve du MJ (−2 Q chacun)",
                "GM Réserve dice (−2 Q each)",
                "RM-37",
            )
        )
    opts += _gear_options(c)
    opts.append(
        toggle(
            "briser",
            "L’attaquant choisit Brisé (si permis)",
            "The attacker chooses Brisé (if allowed)",
            "RM-34",
        )
    )
    if is_character(c):
        opts.append(free_text("trauma", "Nature du Trauma", "Nature of the Trauma", "RM-33"))
    return ActionSpec(
        KIND,
        Label(fr="Encaisser", en="Absorb the hit"),
        "RM-28",
        False,
        tuple(opts),
        ("poignee",) if is_character(c) else (),
        {"poignee": Label(fr="Poignée de Ténacité (dés)", en="Ténacité pool (dice)")},
    )


def pending_hit(
    enc: Encounter, c: Combatant, terms: list[Term], rule: str
) -> tuple[int, int, bool]:
    """Q of the hit waiting on `c`, the Défense it meets, and whether `c` took it for an
    ally (RM-49); refused when there is none."""
    state = pending(enc, c)
    if state is None or state.value is None:
        raise ActionError(
            f"{c.name} n’a pas d’attaque à encaisser", f"{c.name} has no hit to absorb"
        )
    value, why = defense.against_next_attack(c)
    if why:
        terms.append(why)
    protect = state.kind == PENDING_PROTECT
    terms.append(
        Term(
            f"attaque : {state.value} Qualités contre Défense {value}"
            + (" (protège un allié)" if protect else ""),
            "",
            "RM-49" if protect else rule,
            f"attack: {state.value} Qualités against Défense {value}"
            + (" (protecting an ally)" if protect else ""),
        )
    )
    return state.value, value, protect


def _hit(ctx: Ctx, terms: list[Term]) -> tuple[int, int, bool]:
    return pending_hit(ctx.enc, ctx.actor, terms, "RM-28")


def _character_pool(ctx: Ctx, q: int, d: int, terms: list[Term]) -> int:
    """RM-31, RM-41, RM-49, RM-50: Ténacité + Renfort (+2D equipment, +1D support), capped,
    then the Malus Q − Défense."""
    c = ctx.actor
    malus = max(0, q - d)
    supporter = ctx.other("soutenu_par")
    renfort = (
        ctx.number("renfort")
        + (SACRIFICE_GEAR if ctx.choice("sacrifice", NOBODY) != NOBODY else 0)
        + (1 if supporter else 0)
    )
    pool, pool_t = pool_terms(
        ("Ténacité", ctx.field_label("tenacite").en),
        stat(c, "tenacite"),
        renfort,
        0,
        [Term("Malus (Q − Défense)", -malus, "RM-31", "Malus (Q − Défense)")] if malus else [],
    )
    terms += pool_t
    return int(overridden(ctx.action, "poignee", pool, ("Poignée", "Poignée"), terms))


def _absorb_notices(ctx: Ctx) -> list[Notice]:
    supporter = ctx.other("soutenu_par")
    out = ctx.reaction_notices(supporter) if supporter else []
    dice = ctx.number("des_mj")
    if dice > reserve_of(ctx.enc, ctx.actor):
        out.append(
            Notice(
                "RM-37",
                "pas assez de dés dans la Réserve du MJ",
                "not enough dice in the GM's Réserve",
                True,
            )
        )
    return out


def _absorb_preview(ctx: Ctx) -> Preview:
    terms: list[Term] = []
    q, d, _protect = _hit(ctx, terms)
    pool = None
    if is_character(ctx.actor):
        pool = _character_pool(ctx, q, d, terms)
        if pool <= 0:
            terms.append(
                Term(
                    "0 dé : échec automatique, Brisé possible",
                    "",
                    "RM-34",
                    "0 dice: automatic failure, Broken (Brisé) possible",
                )
            )
    else:
        reduced = q - GM_DIE * ctx.number("des_mj")
        if ctx.choice("sacrifice", NOBODY) != NOBODY:
            reduced -= SACRIFICE_GEAR
        terms.append(
            Term("Qualités après réduction", str(reduced), "RM-37", "Qualités after reduction")
        )
    return ctx.test_preview(terms, pool, _absorb_notices(ctx))


def _absorb_resolve(ctx: Ctx, dice: DiceResult):
    c = ctx.actor
    terms: list[Term] = []
    q, d, protect = _hit(ctx, terms)
    ctx.blocked(_absorb_notices(ctx), terms)
    edits = Edits(ctx.enc)
    windows.closing(edits, pending(ctx.enc, c))  # type: ignore[arg-type] (checked by _hit)
    first_attack_received(edits, c)
    supporter = ctx.other("soutenu_par")
    if supporter:
        ctx.pay_reaction(edits, supporter, terms)
    label = (f"{c.name} encaisse", f"{c.name} absorbs the hit")
    if is_character(c):
        pool = _character_pool(ctx, q, d, terms)
        _sacrifice(ctx, edits, c, terms)
        outcome = _character_result(ctx, edits, c, pool, dice, terms)
        return ctx.finish(edits, label, terms, dice, outcome, None)
    outcome = _extra_result(ctx, edits, c, q, d, protect, terms)
    return ctx.finish(edits, label, terms, DiceResult("none"), outcome, None)


def _character_result(
    ctx: Ctx, edits: Edits, c: Combatant, pool: int, dice: DiceResult, terms: list[Term]
) -> tuple[str, str]:
    """RM-32, RM-34: failed → Terrassé (or Brisé at 0 dice) and a Trauma; 1–2 Qualités →
    Trauma and −1 Défense; 3 or more → −1 Défense."""
    q = ctx.qualities(dice, pool)
    terms.append(Term("Qualités (Ténacité)", str(q), "A-RM-1", "Qualités (Ténacité)"))
    trauma = ctx.choice("trauma").strip() or "Trauma"
    if not ctx.succeeded(q, pool):
        broken = pool <= 0 and ctx.yes("briser")
        state = _defeat(ctx, edits, c, broken, terms)
        _trauma(edits, c, trauma, terms)
        return (
            f"Raté : {c.name} est {state[0]} et subit un Trauma",
            f"Failed: {c.name} is {state[1]} and takes a Trauma",
        )
    after = _lose_defense(edits, c, terms, "RM-32")
    if q < 3:
        _trauma(edits, c, trauma, terms)
        return (
            f"Réussi ({q} Q) : Trauma et Défense {after}",
            f"Success ({q} Q): a Trauma and Défense {after}",
        )
    return f"Réussi ({q} Q) : Défense {after}", f"Success ({q} Q): Défense {after}"


def _trauma(edits: Edits, c: Combatant, name: str, terms: list[Term]) -> None:
    path = ("combatants", c.id, "stats", "traumas")
    current = edits.get(path)
    edits.set(path, [*(current if isinstance(current, list) else []), name])
    terms.append(Term(f"Trauma : {name}", "", "RM-32", f"Trauma: {name}"))


def _extra_result(
    ctx: Ctx, edits: Edits, c: Combatant, q: int, d: int, protect: bool, terms: list[Term]
) -> tuple[str, str]:
    """RM-35 to RM-41, A-RM-19: the GM's dice and a sacrificed item lower Q, which is then
    judged again against the Défense."""
    gm_dice = ctx.number("des_mj") if c.tier != MINOR else 0
    if gm_dice:
        edits.add(reserve_path(ctx.enc, c), -gm_dice)
        q -= GM_DIE * gm_dice
        terms.append(
            Term(
                f"{gm_dice} dé(s) de Réserve du MJ",
                -GM_DIE * gm_dice,
                "RM-37",
                f"{gm_dice} GM Réserve dice",
            )
        )
    if _sacrifice(ctx, edits, c, terms):
        q -= SACRIFICE_GEAR
        terms.append(Term("équipement sacrifié", -SACRIFICE_GEAR, "RM-41", "equipment sacrificed"))
    # A-RM-19, CFG-RM-19 off: the GM's dice must bring the result (after the 2 more
    # Qualités of a sacrificed item, RM-41) below the Défense.
    if gm_dice and q >= d and not ctx.flag(PARTIAL_FLAG):
        raise ActionError(
            "Réduction partielle interdite : ramener Q sous la Défense (CFG-RM-19)",
            "Partial reduction not allowed: bring Q below the Défense (CFG-RM-19)",
        )
    if q < d and not protect:
        after = _lose_defense(edits, c, terms, "A-RM-19")
        return (
            f"{q} Q < Défense {d} : {c.name} perd 1 Défense ({after})",
            f"{q} Q < Défense {d}: {c.name} loses 1 Défense ({after})",
        )
    if c.tier == MINOR:
        broken = q >= 2 * d and ctx.yes("briser")
        state = _defeat(ctx, edits, c, broken, terms)
        terms.append(
            Term(
                f"{q} Q ≥ Défense {d} : figurant mineur {state[0]}",
                "",
                "RM-35",
                f"{q} Q ≥ Défense {d}: minor extra {state[1]}",
            )
        )
        return f"{c.name} est {state[0]}", f"{c.name} is {state[1]}"
    size, checked = monitor(c)  # RM-40: a major extra as a standard one, its own Moniteur
    if q >= 2 * d:
        broken = size - checked == 1 and ctx.yes("briser")
        state = _defeat(ctx, edits, c, broken, terms)
        terms.append(
            Term(
                f"{q} Q ≥ 2 × Défense {d} : {state[0]}",
                "",
                "RM-38",
                f"{q} Q ≥ 2 × Défense {d}: {state[1]}",
            )
        )
        return (
            f"{c.name} est {state[0]} (double de la Défense)",
            f"{c.name} is {state[1]} (twice the Défense)",
        )
    checked += 1
    edits.set(
        ("combatants", c.id, "tracks", "moniteur"),
        Track(marks=["X"] * checked + [""] * max(0, size - checked)),
    )
    terms.append(
        Term(
            f"une case de Moniteur cochée ({checked}/{size})",
            "",
            "RM-36",
            f"one Moniteur box checked ({checked}/{size})",
        )
    )
    if checked >= size:
        state = _defeat(ctx, edits, c, False, terms)
        terms.append(Term(f"dernière case : {state[0]}", "", "RM-39", f"last box: {state[1]}"))
        return f"{c.name} : dernière case, {state[0]}", f"{c.name}: last box, {state[1]}"
    return f"{c.name} : Moniteur {checked}/{size}", f"{c.name}: Moniteur {checked}/{size}"


# Nothing of the Passe spent (RM-28: the hit goes on); the hit it must still absorb, out of
# the fight or not.
ACTIONS: tuple[ActionDef, ...] = (
    ActionDef(KIND, _absorb_spec, _absorb_preview, _absorb_resolve, while_unable=True),
)
