"""Defensive reactions (DOU-45 to DOU-52, A-DOU-3, A-DOU-12 to A-DOU-18, A-DOU-27): after a
hit and before its damage (A-DOU-13), the target may block — 3d6 + its VO with the blocking
item against the attacker's VOG + 1 per exploding die — or dodge — a Dex save against the
VOG, only if its Dex score is higher. Either stops all the damage; one per attack, and
floor(Dex / 5) per round."""

from __future__ import annotations

from collections.abc import Callable

from msgspec import Struct

from gui.engine.checks import Check, EdgeSource, check_odds, damage_taken
from gui.engine.checks.edges import NetEdge
from gui.engine.checks.request import DiceRequest, DiceResult
from gui.engine.checks.rolls import dice_request, outcome
from gui.engine.contract.base import Ruleset
from gui.engine.contract.edits import Edits, finish, refuse_blocked
from gui.engine.contract.fields import choice_field
from gui.engine.contract.values import Action, ActionError, Preview, Resolution, chained
from gui.engine.core.words import Label, Notice, Term
from gui.engine.dice.rolling import DiceExpr
from gui.engine.rulesets.douaratil import attack, sheet
from gui.engine.rulesets.douaratil.context import Ctx
from gui.engine.rulesets.douaratil.kind import Kind
from gui.engine.state.changes import ChangeSet
from gui.engine.state.model import Combatant, Encounter, Scalar, State, Window
from gui.engine.state.schema import FieldSpec
from gui.engine.timing import windows
from gui.engine.timing.windows import Offer

BLOCK, DODGE = "parer", "esquiver"
USED = "reactions_def"  # a state: the defensive reactions used this round (its value)
REACTED = "reagi"  # window data: a defensive reaction was tried against this attack
SHIELD = "bouclier"
IMPORTANT_FLAG, SURPRISE_FLAG, RANGED_FLAG = "DOU-52", "A-DOU-27", "A-DOU-15"
CRIT_FLAG, DODGE_EXPLODE_FLAG, SIZE_FLAG = "CFG-DOU-13", "CFG-DOU-14", "CFG-DOU-17"
MAIN_WEAPON_FLAG = "CFG-DOU-3"
HUGE = sheet.SIZES.index("huge")
_TOTAL = Label(fr="total des dés", en="dice total")
_RIPOSTE = Label(fr="Dégâts de l’arme qui pare", en="Blocking weapon's damage")


def window_of(ctx: Ctx) -> Window | None:
    """The defence window the actor may react in: the one the action is taken in, else the
    oldest one open on the actor."""
    if ctx.action.window is not None:
        return ctx.window(attack.WINDOW)
    if ctx.action.actor is None:
        return None
    found = windows.open_on(ctx.enc, ctx.action.actor, (attack.WINDOW,))
    return found[0] if found else None


def used(c: Combatant) -> int:
    return next((s.value or 0 for s in c.states if s.key == USED), 0)


def common_notices(ctx: Ctx, window: Window, defender: Combatant) -> list[Notice]:
    """DOU-45, DOU-46, DOU-52, A-DOU-27: whether the defender may react at all."""
    out = []
    if window.data.get(REACTED):
        out.append(
            _no(
                "DOU-46",
                "une seule réaction défensive par attaque",
                "only one defensive reaction per attack",
            )
        )
    allowed = sheet.defensive_reactions(defender)
    if used(defender) >= allowed:
        out.append(
            _no(
                "DOU-45",
                f"plus de réaction défensive ce round ({allowed} par round)",
                f"no defensive reaction left this round ({allowed} a round)",
            )
        )
    if ctx.flag(IMPORTANT_FLAG) and not important(ctx.enc, defender):
        out.append(
            _no(
                "DOU-52",
                f"{defender.name} n’est ni PJ ni PNJ important",
                f"{defender.name} is neither a PC nor an important NPC",
            )
        )
    if sheet.has_state(defender, "surpris") and not ctx.flag(SURPRISE_FLAG):
        out.append(_no("A-DOU-27", "surpris : pas de réaction", "surprised: no reaction"))
    if not ctx.able(defender):
        out.append(_no("DOU-46", "hors d’état de se défendre", "unable to defend"))
    return out


def important(enc: Encounter, c: Combatant) -> bool:
    """DOU-52: a player character — any combatant of a side marked as the players' — or an
    NPC its sheet flags important."""
    players = any(side.players and side.id == c.side for side in enc.sides)
    return players or bool(c.stats.get("important"))


def _no(rule: str, fr: str, en: str) -> Notice:
    return Notice(rule, fr[0].upper() + fr[1:], en[0].upper() + en[1:], True)


class Defence(Struct, frozen=True):
    """A block or a dodge before the dice: its edge, its check, terms and objections."""

    edge: NetEdge
    check: Check
    terms: tuple[Term, ...]
    notices: tuple[Notice, ...]
    riposte: int  # d6s the attacker takes on a successful block with a weapon (DOU-48, A-DOU-16)
    push: tuple[str, str] | None = None  # DOU-49: what a shield block does to the defender


def _attacker(ctx: Ctx, window: Window) -> tuple[Combatant, dict[str, Scalar]]:
    who = ctx.enc.combatant(window.actor or "")
    return who, sheet.weapon(who, int(str(window.data.get("arme", "0")) or 0))


# Block -------------------------------------------------------------------------------------


def _items(c: Combatant) -> list[tuple[str, str, str]]:
    """What the defender can block with: a shield, then its melee weapons and bare hands."""
    out = [(SHIELD, "Bouclier", "Shield")] if sheet.has_shield(c) else []
    for i, w in enumerate(sheet.weapons(c)):
        if not sheet.is_ranged(w):
            out.append((str(i), *sheet.weapon_name(w)))
    return out


def _in_window(ctx: Ctx) -> bool:
    return window_of(ctx) is not None


def _block_options(ctx: Ctx) -> list[FieldSpec]:
    items = _items(ctx.actor)
    return [choice_field("avec", "Parer avec", "Block with", items, "DOU-47", best_item(ctx))]


def best_item(ctx: Ctx) -> str:
    """What « Parer avec » offers first: of the items the rules let stop this attack (DOU-47
    to DOU-49), the one with the best VO (A-DOU-3); on a tie a weapon, then a shield, then
    bare hands (a weapon hurts an unarmed attacker, A-DOU-16; a shield may be pushed back,
    DOU-49). With none allowed, the same order over them all."""
    window = window_of(ctx)
    defender = ctx.actor
    items = [key for key, _fr, _en in _items(defender)]
    if window is None:
        return items[0]
    attacker, w = _attacker(ctx, window)
    ranged = bool(window.data.get("distance"))

    def rank(item: str) -> tuple[bool, int, int, int]:
        refused, riposte, _push = legality(ctx, attacker, w, defender, item, ranged)
        vo, _terms = _block_vo(ctx, defender, item)
        kind = 1 if item == SHIELD else (0 if item == "0" else 2)
        return not any(n.blocking for n in refused), vo, riposte, kind

    return max(items, key=rank)


def legality(
    ctx: Ctx,
    attacker: Combatant,
    w: dict[str, Scalar],
    defender: Combatant,
    item: str,
    ranged: bool,
) -> tuple[list[Notice], int, tuple[str, str] | None]:
    """DOU-47 to DOU-49 (A-DOU-15 to A-DOU-17): whether `item` can stop the attack, the d6s
    the attacker takes if it does (a weapon against bare hands or a natural weapon), and
    what a shield block against a large natural attack does to the defender."""
    attack_kind = str(w.get("prise", "une_main"))
    defence = SHIELD if item == SHIELD else str(sheet.weapon(defender, int(item)).get("prise"))
    larger = sheet.size_index(attacker) - sheet.size_index(defender)
    out: list[Notice] = []

    def refuse(fr: str, en: str, rule: str = "DOU-47") -> None:
        out.append(_no(rule, fr, en))

    if ranged and ctx.flag(RANGED_FLAG):
        if defence != SHIELD:
            refuse(
                "un tir ne se pare qu’au bouclier",
                "a shot is blocked with a shield only",
                "A-DOU-15",
            )
        else:
            refuse(
                "parer un tir au bouclier demande l’accord du MJ",
                "blocking a shot with a shield needs the GM's approval",
                "A-DOU-15",
            )
    if defence == SHIELD:
        if attack_kind == "naturelle" and sheet.size_index(attacker) > HUGE:
            refuse(
                "une attaque naturelle d’une créature plus grande que TG ne se pare pas",
                "a natural attack from a creature larger than Huge cannot be blocked",
                "DOU-49",
            )
        push = None
        if attack_kind == "naturelle" and sheet.size(attacker) == "large":
            push = ("repoussé de 1,50 m", "pushed back 1.50 m")
        elif attack_kind == "naturelle" and sheet.size(attacker) == "huge":
            push = ("renversé (à terre)", "knocked prone")
        return out, 0, push
    weapon_block = defence in ("une_main", "deux_mains")
    if attack_kind == "une_main" and not weapon_block:
        refuse(
            "une arme à une main ne se pare pas à mains nues",
            "a one-hand weapon cannot be blocked bare-handed",
        )
    if attack_kind == "deux_mains" and defence != "deux_mains":
        refuse(
            "une arme à deux mains ne se pare qu’avec une arme à deux mains ou un bouclier",
            "a two-hand weapon is blocked only with a two-hand weapon or a shield",
        )
    if attack_kind == "naturelle" and not weapon_block and larger > 0:
        refuse(
            "à mains nues, seulement une créature de même taille ou plus petite",
            "bare-handed, only a creature of the same size or smaller",
            "A-DOU-17",
        )
    any_size = ctx.flag(SIZE_FLAG) == "toute_taille"
    if attack_kind == "naturelle" and weapon_block and larger > 1 and not any_size:
        refuse(
            "avec une arme, jusqu’à une taille au-dessus seulement",
            "with a weapon, up to one size larger only",
            "A-DOU-17",
        )
    riposte = 0  # DOU-48: a weapon that blocks bare hands or a natural weapon hurts it at once
    if attack_kind in ("main_nue", "naturelle") and weapon_block:
        riposte = sheet.int_of(sheet.weapon(defender, int(item)).get("des"))
    return out, riposte, None


def _block(ctx: Ctx) -> Defence:
    window = window_of(ctx)
    if window is None:
        raise attack_error()
    defender = ctx.actor
    attacker, w = _attacker(ctx, window)
    item = ctx.choice("avec") or best_item(ctx)
    ranged = bool(window.data.get("distance"))
    notices, riposte, push = legality(ctx, attacker, w, defender, item, ranged)
    notices = [*common_notices(ctx, window, defender), *notices]
    if window.data.get("critique") and not ctx.flag(CRIT_FLAG):
        notices.append(
            _no("CFG-DOU-13", "un coup critique ne se pare pas", "a critical hit cannot be blocked")
        )
    vo, terms = _block_vo(ctx, defender, item)
    vog, tops = int(window.data.get("vog", 10) or 10), window.value or 0
    terms.append(
        Term("à atteindre : VOG de l’attaquant", str(vog), "DOU-50", "to reach: the attacker's VOG")
    )
    if tops:
        terms.append(
            Term(
                "à atteindre : + 1 par dé explosif de l’attaque",
                f"+{tops}",
                "DOU-50",
                "to reach: + 1 per exploding attack die",
            )
        )
    edge = ctx.edge([])
    return Defence(edge, Check(vo, vog + tops), tuple(terms), tuple(notices), riposte, push)


def _block_vo(ctx: Ctx, defender: Combatant, item: str) -> tuple[int, list[Term]]:
    """A-DOU-3: the defender's VO with the blocking item (CFG-DOU-3: its main weapon's)."""
    if ctx.flag(MAIN_WEAPON_FLAG) == "arme_principale":
        main = sheet.weapons(defender)
        value, terms = sheet.vo(defender, main[1] if len(main) > 1 else main[0], False)
        return value, [Term("VO de l’arme principale", value, "CFG-DOU-3", "main weapon's VO")]
    if item == SHIELD:
        terms = [
            Term("bonus de maîtrise", sheet.proficiency(defender), "A-DOU-3", "proficiency bonus"),
            sheet.modifier_term(defender, "force", "A-DOU-3"),
        ]
        magic = sheet.stat(defender, "bouclier_magie")
        if magic:
            terms.append(Term("bouclier magique", magic, "A-DOU-3", "magic shield"))
        return sum(int(t.value) for t in terms), terms  # type: ignore[arg-type]
    return sheet.vo(defender, sheet.weapon(defender, int(item)), False)


# Dodge -------------------------------------------------------------------------------------


def _dodge(ctx: Ctx) -> Defence:
    window = window_of(ctx)
    if window is None:
        raise attack_error()
    defender = ctx.actor
    attacker, _w = _attacker(ctx, window)
    notices = common_notices(ctx, window, defender)
    mine, theirs = sheet.score(defender, "dexterite"), sheet.score(attacker, "dexterite")
    if mine <= theirs:
        notices.append(
            _no(
                "DOU-51",
                f"Dextérité {mine} pas supérieure à celle de l’attaquant ({theirs})",
                f"Dexterity {mine} not higher than the attacker's ({theirs})",
            )
        )
    save = sheet.save_modifier(defender, "dexterite")
    terms = [Term("JS de Dextérité", save, "A-DOU-4", "Dexterity save")]
    cover = next((b for key, b, _w in attack.COVER_STATES if sheet.has_state(defender, key)), 0)
    if cover:
        terms.append(Term("abri", cover, "DOU-57", "cover"))
    vog, tops = int(window.data.get("vog", 10) or 10), window.value or 0
    terms.append(
        Term("à atteindre : VOG de l’attaquant", str(vog), "DOU-51", "to reach: the attacker's VOG")
    )
    target = vog
    if tops and ctx.flag(DODGE_EXPLODE_FLAG):
        target += tops
        terms.append(
            Term(
                "à atteindre : + 1 par dé explosif",
                f"+{tops}",
                "CFG-DOU-14",
                "to reach: + 1 per exploding die",
            )
        )
    sources = []
    if sheet.has_state(defender, "esquive"):
        sources.append(EdgeSource("action Esquiver", "DOU-23", True, "Dodge action"))
    if sheet.has_state(defender, "se_faufile"):
        sources.append(EdgeSource("se faufile", "DOU-17", False, "squeezing"))
    edge = ctx.edge(sources)
    terms += edge.terms()
    return Defence(edge, Check(save + cover, target), tuple(terms), tuple(notices), 0)


def attack_error() -> ActionError:
    return ActionError("Aucune attaque touchée à laquelle réagir", "No hit to react to")


# Both --------------------------------------------------------------------------------------


class Reaction(Struct, frozen=True):
    """A block or a dodge: its numbers, the rule and the word its log line uses, and its name
    when a hit's window offers it."""

    kind: str
    numbers: Callable[[Ctx], Defence]
    rule: str
    word: tuple[str, str]
    offer: Label

    def offered(self, ctx: Ctx) -> bool:
        """Whether a hit's window offers it (ctx: the defender's action in it): only what the
        rules allow — DOU-52's important creatures, a reaction left (DOU-45, DOU-46), an item
        that can stop the blow (DOU-47), a higher Dexterity (DOU-51)… The GM may still take
        a refused one from the actor's actions and pass over the rule (G-3)."""
        return not any(n.blocking for n in self.numbers(ctx).notices)

    def preview(self, ctx: Ctx) -> Preview:
        defence = self.numbers(ctx)
        odds = check_odds(defence.edge.roll, defence.check)
        more = (_riposte_request(defence.riposte),) if defence.riposte else ()
        return Preview(
            ctx.action,
            defence.terms,
            dice_request(defence.edge.roll),
            target_number=defence.check.target,  # the total to reach, on the chart's axis
            dice_bonus=defence.check.modifier,
            odds=odds.success,
            notices=defence.notices,
            distribution=odds.totals(),
            more=more,
        )

    def resolve(self, ctx: Ctx, dice: DiceResult) -> tuple[Resolution, ChangeSet]:
        return _resolve(ctx, dice, self.numbers(ctx), self.rule, self.word)


def _riposte_request(dice: int) -> DiceRequest:
    return DiceRequest(DiceExpr(dice, 6, explode=True), _TOTAL, dice, 999, label=_RIPOSTE)


def _resolve(
    ctx: Ctx, dice: DiceResult, defence: Defence, rule: str, word: tuple[str, str]
) -> tuple[Resolution, ChangeSet]:
    window = window_of(ctx)
    assert window is not None  # the numbers refused otherwise
    terms = list(defence.terms)
    refuse_blocked(ctx.action, defence.notices, terms)
    result, _assumed = outcome(defence.edge.roll, dice, defence.check)
    defender = ctx.actor
    attacker = ctx.enc.combatant(window.actor or "")
    terms.append(Term("3d6 + modificateurs", result.total, rule, "3d6 + modifiers"))
    edits = Edits(ctx.enc)
    edits.add_state(
        defender.id,
        State(key=USED, label="Réactions défensives utilisées", value=used(defender) + 1),
    )
    if result.success:
        windows.closing(edits, window)  # A-DOU-13: all the damage is stopped
        said = [f"{word[0].capitalize()} réussie : aucun dégât", f"Successful {word[1]}: no damage"]
        if defence.riposte:
            hurt = damage_taken(chained(dice, 0, _riposte_request(defence.riposte)))
            pa = edits.add(("combatants", attacker.id, "stats", "pa"), -hurt)
            terms.append(
                Term(
                    "l’attaquant subit l’arme qui pare",
                    hurt,
                    "A-DOU-16",
                    "the attacker takes the blocking weapon",
                )
            )
            said[0] += f" ; {attacker.name} subit {hurt} ({pa} PA)"
            said[1] += f"; {attacker.name} takes {hurt} ({pa} AP)"
        if defence.push is not None:
            said[0] += f" ; {defender.name} est {defence.push[0]}"
            said[1] += f"; {defender.name} is {defence.push[1]}"
            if sheet.size(attacker) == "huge":
                edits.add_state(defender.id, State(key="a_terre", label="À terre"))
    else:
        data = {**window.data, REACTED: True}  # DOU-46: no second reaction to this attack
        kept = [w for w in edits.get(("windows",)) if w.id != window.id]
        edits.set(("windows",), [*kept, window.replace(data=data)])
        said = [
            f"{word[0].capitalize()} ratée : le coup porte",
            f"Failed {word[1]}: the hit stands",
        ]
    label = (f"{word[0].capitalize()} de {defender.name}", f"{defender.name}'s {word[1]}")
    return finish(edits, ctx.action, label, terms, dice, (said[0], said[1]), result.success)


BLOCKING = Reaction(BLOCK, _block, "DOU-50", ("parade", "block"), Label(fr="Parer", en="Block"))
DODGING = Reaction(DODGE, _dodge, "DOU-51", ("esquive", "dodge"), Label(fr="Esquiver", en="Dodge"))


def offers(ruleset: Ruleset, enc: Encounter, window: Window) -> list[Offer]:
    """The target's block and dodge a hit's window offers, unless it reacted to it already
    (DOU-46): only those the rules allow (DOU-52, Reaction.offered)."""
    if window.data.get(REACTED) or window.actor is None or window.target is None:
        return []
    out = []
    for reaction in (BLOCKING, DODGING):
        action = Action(reaction.kind, window.target, window.actor, {}, window=window.id)
        if reaction.offered(Ctx(ruleset, enc, action)):
            out.append(Offer(window.id, window.target, reaction.kind, reaction.offer, "reaction"))
    return out


KINDS: tuple[Kind, ...] = (
    Kind(
        BLOCK,
        Label(fr="Parer (réaction défensive)", en="Block (defensive reaction)"),
        "DOU-47",
        BLOCKING.preview,
        BLOCKING.resolve,
        options=_block_options,
        available=_in_window,
        mount_may=True,  # DOU-67: its reactions stay its own
    ),
    Kind(
        DODGE,
        Label(fr="Esquiver (réaction défensive)", en="Dodge (defensive reaction)"),
        "DOU-51",
        DODGING.preview,
        DODGING.resolve,
        available=_in_window,
        mount_may=True,  # DOU-67: its reactions stay its own
    ),
)
