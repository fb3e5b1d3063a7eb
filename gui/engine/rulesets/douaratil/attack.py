"""Attaquer (DOU-21, DOU-31 to DOU-43, DOU-57, DOU-70, DOU-71, DOU-73): 3d6 + VO against the
VD, with advantage and disadvantage gathered from every source with its rule, three 6s an
automatic hit and a critical, three 1s an automatic miss and a fumble. A hit opens the
defence window: the target's block or dodge (DOU-45 to DOU-51), then the damage. A creature
leaving a foe's reach opens the window of an attack of opportunity (DOU-43, movement.py):
the foe's attack, as its reaction."""

from __future__ import annotations

from collections.abc import Callable
from fractions import Fraction

from msgspec import Struct
from msgspec.structs import replace

from gui.engine.checks import Check, CheckOutcome, EdgeSource, check_odds
from gui.engine.checks.edges import NetEdge
from gui.engine.checks.request import DiceResult
from gui.engine.checks.rolls import dice_request, outcome
from gui.engine.contract.edits import Edits, finish, refuse_blocked
from gui.engine.contract.fields import bool_field, int_field
from gui.engine.contract.sight import Seeing, sight_option
from gui.engine.contract.values import Aim, Preview, Resolution, overridden
from gui.engine.core.words import Label, Notice, Term
from gui.engine.grid.lines import Cover
from gui.engine.grid.placed import cover_between
from gui.engine.rulesets.douaratil import budget, riding, sheet
from gui.engine.rulesets.douaratil.budget import Spend
from gui.engine.rulesets.douaratil.context import Ctx, weapon_option
from gui.engine.rulesets.douaratil.kind import Kind
from gui.engine.state.changes import ChangeSet
from gui.engine.state.model import Combatant, Encounter, Scalar, State, Window
from gui.engine.state.schema import FieldSpec
from gui.engine.timing import windows
from gui.engine.timing.windows import Offer

KIND = "attaquer"
WINDOW = "defense"  # a hit waiting for the target's defensive reaction, then its damage
OPPORTUNITY = "opportunite"  # a window: a creature left a hostile's reach (DOU-43)
VO, VD = "vo", "vd"
OVERRIDES = {VO: Label(fr="VO", en="VO"), VD: Label(fr="VD", en="VD")}
ABSENT = "cible_absente"  # DOU-39: the unseen target is not where the attacker aimed
HELPED = "aide"  # DOU-20: advantage on the first attack before the helper's next turn
TASK = "Tâche (DOU-19)"  # how a task's help begins its text (other.py): not for attacks
# DOU-70, DOU-71: the weapons that keep their use under water (names as the catalogue's).
UNDERWATER_MELEE = ("dague", "javeline", "épée courte", "lance", "trident")
UNDERWATER_RANGED = ("arbalète", "filet", "javeline", "lance", "trident", "fléchette")
COVER_STATES = (("abri_important", 5, "important"), ("abri_partiel", 2, "partiel"))
OFF_HAND_FLAG = "CFG-DOU-11"


class Attack(Struct, frozen=True):
    """An attack as the rules make it: the weapon and its use, the edge, the check, the
    terms of the breakdown and what the rules object."""

    weapon: dict[str, Scalar]
    ranged: bool
    edge: NetEdge
    check: Check
    terms: tuple[Term, ...]
    notices: tuple[Notice, ...]
    computed: dict[str, int]


def _options(ctx: Ctx) -> list[FieldSpec]:
    actor = ctx.actor
    options = [weapon_option(actor, default=_fitting_weapon(ctx))]
    if any(w.get("lancer") for w in sheet.weapons(actor)):
        options.append(bool_field("lancer", "Lancer l’arme", "Throw the weapon", "A-DOU-26"))
    if ctx.action.target is not None:
        options.append(sight_option("DOU-39"))
    if ctx.action.target is not None and _unseen(ctx, actor, ctx.target) is not None:
        options.append(
            bool_field(
                ABSENT,
                "La cible n’est pas dans la case visée (raté, sans le dire)",
                "The target is not in the square aimed at (a miss, unsaid)",
                "DOU-39",
            )
        )
    if any(w.get("legere") and not sheet.is_ranged(w) for w in sheet.weapons(actor)):
        options.append(
            bool_field(
                "bonus",
                "Attaque bonus (deuxième arme légère)",
                "Bonus attack (off-hand light weapon)",
                "DOU-44",
            )
        )
    options += [
        int_field(
            "distance",
            "Distance (m, −1 : la carte)",
            "Distance (m, −1: the map)",
            "DOU-40",
            -1,
            999,
            -1,
        ),
        bool_field("avantage", "Avantage (autre source)", "Advantage (other source)", "DOU-73"),
        bool_field(
            "desavantage", "Désavantage (autre source)", "Disadvantage (other source)", "DOU-73"
        ),
    ]
    return options


def _fitting_weapon(ctx: Ctx) -> str | None:
    """The weapon the dialog offers first: a ranged one when the target stands beyond every
    melee reach, else the sheet's first (None: weapon_option's default)."""
    if ctx.action.target is None:
        return None
    metres, _term = ctx.metres(ctx.actor, ctx.target)
    arms = sheet.weapons(ctx.actor)
    reaches = [sheet.metres(w, "allonge") or 1.5 for w in arms if not sheet.is_ranged(w)]
    if metres is None or metres <= max(reaches, default=1.5):
        return None
    ranged = [i for i, w in enumerate(arms) if sheet.is_ranged(w)]
    return str(ranged[0]) if ranged else None


def numbers(ctx: Ctx) -> Attack:
    """VO, VD with cover, the edge and what stands against the attack."""
    actor, target, w = ctx.actor, ctx.target, ctx.weapon()
    ranged = sheet.is_ranged(w, ctx.yes("lancer"))
    vo_value, terms = sheet.vo(actor, w, ranged)
    if ctx.yes("bonus") and ctx.flag(OFF_HAND_FLAG) == "attaque_et_degats":
        ability, _rule = sheet.attack_ability(actor, w, ranged)
        positive = max(0, sheet.modifier(actor, ability))
        if positive:
            vo_value -= positive
            terms.append(
                Term(
                    "deuxième arme : modificateur positif retiré",
                    -positive,
                    "CFG-DOU-11",
                    "off-hand: positive modifier dropped",
                )
            )
    metres, where = ctx.metres(actor, target)
    terms.append(where)
    # DOU-43: an attack of opportunity strikes just before the mover leaves: within reach.
    reach = [] if _opportunity(ctx) is not None else _reach(ctx, w, ranged, metres)
    notices = reach + _turn_notices(ctx)
    vd_value, vd_terms, covered = _vd(ctx, actor, target, ranged)
    terms += vd_terms
    if covered:
        notices.append(
            Notice(
                "DOU-57",
                f"{target.name} est derrière un abri total : il ne peut pas être pris pour cible",
                f"{target.name} is behind total cover: it cannot be targeted",
                True,
            )
        )
    computed = {VO: vo_value, VD: vd_value}
    vo_value = int(overridden(ctx.action, VO, vo_value, ("VO", "VO"), terms))
    vd_value = int(overridden(ctx.action, VD, vd_value, ("VD", "VD"), terms))
    edge = ctx.edge(_sources(ctx, actor, target, w, ranged, metres))
    terms += edge.terms()
    terms.append(Term("VOG", sheet.vog(vo_value), "DOU-34", "VOG"))
    return Attack(
        w,
        ranged,
        edge,
        ctx.check(edge, vo_value, vd_value),
        tuple(terms),
        tuple(notices),
        computed,
    )


def _vd(
    ctx: Ctx, actor: Combatant, target: Combatant, ranged: bool
) -> tuple[int, list[Term], bool]:
    """DOU-33 and DOU-57: the VD with the best cover only (a state, or the grid's lines);
    whether the target is behind total cover."""
    value, terms = sheet.vd(target)
    best = 0, "", ""
    for key, bonus, word in COVER_STATES:
        if sheet.has_state(target, key) and bonus > best[0]:
            best = bonus, f"abri {word}", f"{'important' if bonus == 5 else 'partial'} cover"
    total_cover = sheet.has_state(target, "abri_total")
    call = cover_between(ctx.enc, ctx.ruleset, actor, target, melee=not ranged)
    if call is not None and call.cover == Cover.TOTAL:
        total_cover = True
    elif call is not None and call.cover != Cover.NONE and best[0] < 2:
        best = 2, "abri partiel (grille)", "partial cover (grid)"
    if best[0]:
        terms.append(Term(best[1], best[0], "DOU-57", best[2]))
    return value + best[0], terms, total_cover


def _reach(ctx: Ctx, w: dict[str, Scalar], ranged: bool, metres: float | None) -> list[Notice]:
    """DOU-42: a melee target within reach; DOU-40: a shot within its long range (or its
    single range); DOU-71: under water, beyond the normal range misses."""
    if metres is None:
        return []
    normal, far = sheet.metres(w, "portee"), sheet.metres(w, "portee_longue")
    if not ranged:
        reach = sheet.metres(w, "allonge") or 1.5
        if metres > reach:
            return [
                _blocking(
                    "DOU-42",
                    f"hors d’allonge ({_fr(metres)} > {_fr(reach)})",
                    f"out of reach ({metres:g} m > {reach:g} m)",
                )
            ]
        return []
    limit = far or normal
    if limit and metres > limit:
        return [
            _blocking(
                "DOU-40",
                f"hors de portée ({_fr(metres)} > {_fr(limit)})",
                f"out of range ({metres:g} m > {limit:g} m)",
            )
        ]
    if sheet.has_state(ctx.actor, "immerge") and normal and metres > normal:
        return [
            _blocking(
                "DOU-71",
                "sous l’eau, au-delà de la portée normale : raté",
                "under water, beyond the normal range: a miss",
            )
        ]
    return []


def _fr(metres: float) -> str:
    return sheet.metres_text(metres)[0]


def _blocking(rule: str, fr: str, en: str) -> Notice:
    return Notice(rule, fr[0].upper() + fr[1:], en[0].upper() + en[1:], True)


def _sources(
    ctx: Ctx,
    actor: Combatant,
    target: Combatant,
    w: dict[str, Scalar],
    ranged: bool,
    metres: float | None,
) -> list[EdgeSource]:
    """Every reason for advantage or disadvantage, with its rule (DOU-73 nets them)."""
    has = sheet.has_state
    out: list[EdgeSource] = []

    def add(fr: str, rule: str, advantage: bool, en: str) -> None:
        out.append(EdgeSource(fr, rule, advantage, en))

    unseen_target = _unseen(ctx, actor, target)
    unseen_attacker = _unseen(ctx, target, actor)
    if unseen_target is not None:
        add(
            f"l’attaquant ne voit pas la cible ({unseen_target[0]})",
            "DOU-39",
            False,
            f"the attacker cannot see the target ({unseen_target[1]})",
        )
    if unseen_attacker is not None:
        add(
            f"la cible ne voit pas l’attaquant ({unseen_attacker[0]})",
            "DOU-39",
            True,
            f"the target cannot see the attacker ({unseen_attacker[1]})",
        )
    dodging = has(target, "esquive") and ctx.able(target) and sheet.speed(target) > 0
    if dodging and not unseen_attacker:  # DOU-23: not once incapacitated or at speed 0
        add(f"{target.name} esquive (action)", "DOU-23", False, f"{target.name} is dodging")
    if has(actor, "se_faufile"):
        add("l’attaquant se faufile", "DOU-17", False, "the attacker is squeezing")
    if has(target, "se_faufile"):
        add("la cible se faufile", "DOU-17", True, "the target is squeezing")
    if _help(actor, target) is not None:
        add("aidé (première attaque)", "DOU-20", True, "helped (first attack)")
    if ranged:
        normal, far = sheet.metres(w, "portee"), sheet.metres(w, "portee_longue")
        if metres is not None and far and normal and normal < metres <= far:
            add("au-delà de la portée normale", "DOU-40", False, "beyond the normal range")
        close = [
            o
            for o in ctx.enc.combatants
            if ctx.hostile(actor, o)
            and ctx.able(o)
            and ctx.near(actor, o)
            and _unseen(ctx, actor, o) is None  # « dans votre champ de vision »
        ]
        if close:
            add(
                f"ennemi à 1,50 m ({close[0].name})",
                "DOU-41",
                False,
                f"hostile within 1.50 m ({close[0].name})",
            )
    if has(actor, "immerge"):
        _underwater(ctx, actor, w, ranged, add)
    if ctx.yes("avantage"):
        add("autre source (MJ)", "DOU-73", True, "other source (GM)")
    if ctx.yes("desavantage"):
        add("autre source (MJ)", "DOU-73", False, "other source (GM)")
    return out


def _unseen(ctx: Ctx, viewer: Combatant, seen: Combatant) -> tuple[str, str] | None:
    """DOU-39: why `viewer` cannot see `seen` (`unseen`), the map read by the action's
    context (the GM's « Vue » for the actor's target, G-3)."""
    return unseen(viewer, seen, lambda: ctx.sees(viewer, seen))


def unseen(
    viewer: Combatant, seen: Combatant, on_the_map: Callable[[], Seeing]
) -> tuple[str, str] | None:
    """Why `viewer` cannot see `seen` (DOU-39, DOU-41, DOU-43) — blinded, `seen` invisible
    or hiding, or the map (`on_the_map`: walls, closed doors, the dark beyond its
    darkvision, issue 38) — or None when it sees it."""
    has = sheet.has_state
    if has(viewer, "aveugle"):
        return "aveuglé", "blinded"
    for key, fr, en in (("invisible", "invisible", "invisible"), ("cache", "se cache", "hiding")):
        if has(seen, key):
            return fr, en
    seeing = on_the_map()
    return None if seeing.seen else (seeing.fr, seeing.en)


def _help(actor: Combatant, target: Combatant) -> State | None:
    """DOU-20: a help for an attack on this target (A-DOU-29: the helper named the foe), or
    one the GM set with no foe named; a help with a task is for checks (DOU-19)."""
    for s in actor.states:
        if s.key != HELPED or s.text.startswith(TASK):
            continue
        if " contre " not in s.text or s.text.endswith(f" contre {target.name}"):
            return s
    return None


def _underwater(ctx: Ctx, actor: Combatant, w: dict[str, Scalar], ranged: bool, add) -> None:
    """DOU-70, DOU-71: the weapons that keep their use under water."""
    name = str(w.get("nom", "")).lower()
    swims = sheet.speed(actor, "vitesse_nage") > 0
    if not ranged and not swims and not any(word in name for word in UNDERWATER_MELEE):
        add("sous l’eau sans nage", "DOU-70", False, "under water without swimming")
    if ranged and not (w.get("lancer") or any(word in name for word in UNDERWATER_RANGED)):
        add("tir sous l’eau", "DOU-71", False, "shot under water")


def _opportunity(ctx: Ctx) -> Window | None:
    """The window of an attack of opportunity this attack is taken in (DOU-43), if any."""
    return ctx.window(OPPORTUNITY)


def opportunity_offers(enc: Encounter, window: Window) -> list[Offer]:
    """DOU-43: the foe may attack the one leaving, as its reaction (DOU-69: a rider or its
    mount, as the attacker chooses)."""
    if window.kind != OPPORTUNITY or window.actor is None or window.target is None:
        return []
    out = []
    for cid in riding.opportunity_targets(enc, enc.combatant(window.target)):  # DOU-69
        name = enc.combatant(cid).name
        label = Label(fr=f"Attaque d’opportunité ({name})", en=f"Opportunity attack ({name})")
        out.append(Offer(window.id, window.actor, KIND, label, "reaction", cid))
    return out


def cost(ctx: Ctx) -> Spend | None:
    """What the attack spends of the turn: an attack of opportunity the reaction (DOU-43);
    in the fight, a bonus attack the bonus action (DOU-44), the first attack of the turn the
    action, the others coming with it (DOU-21)."""
    if _opportunity(ctx) is not None:
        return "reaction"
    if ctx.enc.turn.round == 0:
        return None
    if ctx.yes("bonus"):
        return "bonus"
    return None if budget.attacks_made(ctx.actor) else "action"


def _turn_notices(ctx: Ctx) -> list[Notice]:
    """In the fight: what the turn's budget objects to the attack's cost; an attack that
    comes with the action only up to the sheet's attacks per action (DOU-21)."""
    actor = ctx.actor
    if ctx.enc.turn.round == 0:
        return []
    what = cost(ctx)
    if what is not None:
        return budget.notices(actor, what)
    made, allowed = budget.attacks_made(actor), max(1, sheet.stat(actor, "attaques", 1))
    if made >= allowed:
        return [
            _blocking(
                "DOU-21",
                f"les {allowed} attaque(s) de l’action sont faites",
                f"the action's {allowed} attack(s) are made",
            )
        ]
    return []


def _spend(ctx: Ctx, edits: Edits, terms: list[Term]) -> None:
    """The attack's cost spent; an attack of opportunity closes its window, one of the Attack
    action in the fight is counted (DOU-21)."""
    actor = ctx.actor
    window = _opportunity(ctx)
    if window is not None:
        windows.closing(edits, window)
    budget.spend(edits, actor, cost(ctx), terms)
    if window is None and ctx.enc.turn.round > 0 and not ctx.yes("bonus"):
        budget.count_attack(edits, actor)


def preview(ctx: Ctx) -> Preview:
    attack = numbers(ctx)
    odds = check_odds(attack.edge.roll, attack.check)
    critical, fumble = odds.critical, odds.fumble
    note = (
        f"Critique {_pct(critical)} · maladresse {_pct(fumble)}",
        f"Critical {_pct(critical, english=True)} · fumble {_pct(fumble, english=True)}",
    )
    return Preview(
        ctx.action,
        attack.terms,
        dice_request(attack.edge.roll),
        target_number=attack.check.target,  # the total to reach, on the chart's axis
        dice_bonus=attack.check.modifier,
        odds=odds.success,
        odds_note=note[0],
        odds_note_en=note[1],
        distribution=odds.totals(),
        notices=attack.notices,
        computed=attack.computed,
    )


def _pct(p: Fraction, english: bool = False) -> str:
    shown = f"{float(p) * 100:.1f}"
    return f"{shown}%" if english else f"{shown.replace('.', ',')} %"


def resolve(ctx: Ctx, dice: DiceResult) -> tuple[Resolution, ChangeSet]:
    attack = numbers(ctx)
    terms = list(attack.terms)
    refuse_blocked(ctx.action, attack.notices, terms)
    result, assumed = outcome(attack.edge.roll, dice, attack.check)
    terms.append(Term("3d6 + VO", result.total, "DOU-31", "3d6 + VO"))
    if ctx.yes(ABSENT) and result.success:  # DOU-39: the GM only says "miss"
        result = replace(result, success=False, critical=False)
        terms.append(
            Term(
                "la cible n’était pas dans la case visée",
                "raté",
                "DOU-39",
                "the target was not in the square aimed at",
                "miss",
            )
        )
    if assumed:
        terms.append(
            Term(
                "6 et 1 non saisis : les moins possibles",
                "",
                "G-1",
                "6s and 1s not typed: the fewest possible",
            )
        )
    actor, target = ctx.actor, ctx.target
    edits = Edits(ctx.enc)
    _spend(ctx, edits, terms)
    if sheet.has_state(actor, "cache"):  # DOU-39: the attack reveals where it is, hit or miss
        edits.remove_state(actor.id, "cache")
        terms.append(Term("l’attaque révèle sa position", "", "DOU-39", "the attack reveals it"))
    if _help(actor, ctx.target) is not None:
        edits.remove_state(actor.id, HELPED)  # DOU-20: the first attack only
    said = _said(result, target)
    name = sheet.weapon_name(attack.weapon)
    label = (f"Attaque de {actor.name} ({name[0]})", f"{actor.name}'s attack ({name[1]})")
    if result.success:
        terms.append(
            Term("6 gardés : +1 dégât chacun", result.tops, "DOU-35", "6s kept: +1 damage each")
        )
        windows.opening(
            edits,
            WINDOW,
            actor.id,
            target.id,
            value=result.tops,
            data={
                "arme": ctx.choice("arme", "0") or "0",
                "lancer": ctx.yes("lancer"),
                "critique": result.critical,
                "vog": sheet.vog(attack.check.modifier),
                "distance": attack.ranged,
                "deux_armes": ctx.yes("bonus"),
            },
        )
    amounts = {"total": result.total, "target": attack.check.target}
    resolution, cs = finish(edits, ctx.action, label, terms, dice, said, result.success, amounts)
    # DOU-36, DOU-37: three 6s a critical, three 1s a fumble, as data (Resolution).
    return replace(resolution, critical=result.critical, fumble=result.fumble), cs


def _said(result: CheckOutcome, target: Combatant) -> tuple[str, str]:
    if result.critical:
        return (
            f"Coup critique sur {target.name} (trois 6) : touché d’office",
            f"Critical hit on {target.name} (three 6s): an automatic hit",
        )
    if result.fumble:
        return (
            "Maladresse (trois 1) : raté d’office ; table des maladresses hors extrait (G-6)",
            "Fumble (three 1s): an automatic miss; fumble table not in the excerpt (G-6)",
        )
    if result.success:
        return f"Touché : {target.name}", f"{target.name} is hit"
    return "Raté", "Miss"


KINDS = (
    Kind(
        KIND,
        Label(fr="Attaquer", en="Attack"),
        "DOU-31",
        preview,
        resolve,
        options=_options,
        needs_target=True,
        overridable=(VO, VD),
        override_labels=OVERRIDES,
        aim=Aim("other"),  # a creature at 0 PA may still be struck
        cost=cost,
    ),
)
