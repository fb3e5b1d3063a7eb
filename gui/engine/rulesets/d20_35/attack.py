"""Attaquer (D35-80 and the situational modifiers of the text): d20 + bonus ≥ CA, a natural
20 a hit and a natural 1 a miss; cover from the grid's lines or the GM (D35-01 to D35-08),
charge (D35-20), fighting defensively (D35-32), helpless targets as their numbers say
(D35-21, helpless.py: the number to reach is the effective CA), flanking from the grid or the
GM, at range too as the text says (D35-66, D35-67, D35-MAISON-TENAILLE), squeezing (D35-78),
shooting into melee (D35-79), mounted (D35-26 to D35-28, A-D35-20), the wrong weapon for
nonlethal damage (D35-39); then the critical's confirmation when the dice threaten
(A-D35-1, criticals.py) and concealment's miss chance rolled after the hit (D35-15 to
D35-17), with the exact odds of the whole chain and of a critical."""

from __future__ import annotations

from fractions import Fraction

from msgspec import Struct
from msgspec.structs import replace

from gui.engine.checks import D20_NATURALS, ChainStep, Check, chain_odds, miss_chance_step
from gui.engine.checks.request import DiceRequest, DiceResult
from gui.engine.checks.rolls import dice_request, outcome
from gui.engine.contract import riders
from gui.engine.contract.edits import Edits, finish, refuse_blocked
from gui.engine.contract.fields import bool_field, choice_field, int_field
from gui.engine.contract.sight import Seeing, sight_option
from gui.engine.contract.values import (
    ActionError,
    ActionSpec,
    Aim,
    Preview,
    Resolution,
    chained,
    followed,
    overridden,
)
from gui.engine.core.words import Label, Notice, Term
from gui.engine.grid.lines import Cover
from gui.engine.grid.placed import (
    allies_of,
    cover_between,
    flanked_by,
    metres_apart,
    squares_apart,
    threat_of,
)
from gui.engine.rulesets.d20_35 import (
    armour_class,
    budget,
    concealment,
    criticals,
    helpless,
    mount_pace,
    opportunity,
    sheet,
)
from gui.engine.rulesets.d20_35.aid_and_feint import AID_ATTACK, AID_CA, aid_bonus
from gui.engine.rulesets.d20_35.context import ActionDef, Ctx, always
from gui.engine.rulesets.d20_35.opposed import D20
from gui.engine.rulesets.d20_35.provoking import Scope, from_all_if
from gui.engine.state.changes import ChangeSet
from gui.engine.state.model import Combatant, Expiry, Scalar, State, Window

KIND = "attaquer"
BONUS, CA = "bonus", "ca"
CRITICAL = "critique"  # the damage's option: a confirmed critical (damage.py)
OVERRIDES = {BONUS: Label(fr="Bonus d’attaque", en="Attack bonus"), CA: Label(fr="CA", en="AC")}
_CONCEALMENT = Label(fr="Camouflage", en="Concealment")
# D35-01 to D35-08: the cover the GM may impose instead of the grid's call ("carte").
COVERS = (
    ("carte", "Selon la carte", "From the map"),
    ("aucun", "Aucun", "None"),
    ("normal", "Abri (+4)", "Cover (+4)"),
    ("mou", "Abri mou (+4)", "Soft cover (+4)"),
    ("ameliore", "Abri amélioré (+8)", "Improved cover (+8)"),
    ("total", "Abri total", "Total cover"),
)
FLANK_FLAG = "D35-MAISON-TENAILLE"  # D35-67 at range (the text) or in melee only (SRD)
MOUNTED = "monte"  # D35-24: the rider's state, its source the mount (riders.py)
# D35-27 to D35-29: how far the mount goes this turn ("aucun": 1,50 m at most).
MOUNT_MOVES = (
    ("aucun", "La monture ne bouge pas (1,50 m au plus)", "The mount stays (1.50 m at most)"),
    ("simple", "La monture se déplace une fois", "The mount moves once"),
    ("double", "Double déplacement de la monture", "The mount's double move"),
    ("course", "La monture court", "The mount runs"),
)


class Attack(Struct, frozen=True):
    check: Check
    terms: tuple[Term, ...]
    notices: tuple[Notice, ...]
    miss: ChainStep | None
    computed: dict[str, int]
    threat: criticals.Threat


def _spec(ctx: Ctx) -> ActionSpec:
    actor = ctx.actor
    arms = [(str(i), *sheet.weapon_name(w)) for i, w in enumerate(sheet.weapons(actor))]
    count = len(sheet.iteratives(sheet.stat(actor, "bba")))
    options = [
        choice_field("arme", "Arme", "Weapon", arms, "D35-80", "1" if len(arms) > 1 else "0"),
        choice_field(
            "attaque",
            "Attaque de la série",
            "Attack of the sequence",
            [(str(k), f"{k + 1}e", f"#{k + 1}") for k in range(count)],
            "D35-80",
            "0",
        ),
        bool_field("charge", "Charge (+2, −2 CA)", "Charge (+2, −2 AC)", "D35-20"),
        int_field(
            "charge_m",
            "Longueur de la charge (m, −1 : la carte)",
            "Length of the charge (m, −1: the map)",
            "D35-20",
            -1,
            999,
            -1,
        ),
        bool_field(
            "defensive", "Sur la défensive (−4, +2 CA)", "Defensively (−4, +2 AC)", "D35-32"
        ),
        bool_field("tenaille", "Prise en tenaille (MJ)", "Flanking (GM)", "D35-67"),
        bool_field("melee_tir", "Tir dans le tas (MJ)", "Shooting into melee (GM)", "D35-79"),
        bool_field("non_letal", "Dégâts non létaux", "Nonlethal damage", "D35-39"),
        choice_field("abri", "Abri", "Cover", list(COVERS), "D35-01", "carte"),
        sight_option("D35-17"),
    ]
    if sheet.has_state(actor, MOUNTED):
        options.append(
            choice_field(  # the move made this turn (issue 33)
                "monture",
                "Monture",
                "Mount",
                list(MOUNT_MOVES),
                "D35-27",
                mount_pace.pace(ctx.enc, actor, MOUNTED),
            )
        )
    return ActionSpec(
        KIND,
        Label(fr="Attaquer", en="Attack"),
        "D35-80",
        True,
        tuple(options),
        (BONUS, CA),
        OVERRIDES,
        aim=Aim("other"),  # D35-21, D35-49: a helpless or dying creature may be struck
    )


def numbers(ctx: Ctx) -> Attack:
    actor, target, w = ctx.actor, ctx.target, ctx.weapon()
    ranged = sheet.is_ranged(w)
    raw = str(ctx.action.options.get("attaque", "0"))
    terms = sheet.attack_bonus(actor, w, int(raw) if raw.isdigit() else 0)
    window = _opportunity(ctx)
    notices: list[Notice] = opportunity.notices(actor) if window is not None else []
    _ca, ca_terms = armour_class.ca(target, "flat" if _flat_footed(target) else "normal")
    _situation(ctx, actor, target, w, ranged, terms, ca_terms, notices)
    if not ranged and not ctx.yes("charge"):  # an AoO from the square left (opportunity.judged)
        notices += _out_of_reach(ctx, actor, target, w)
    computed = {BONUS: _sum(terms), CA: _sum(ca_terms)}
    terms += ca_terms
    if helpless.is_helpless(target):  # D35-21: the number to reach, said once
        terms.append(helpless.effective_term(computed[CA], ranged, _every_attack(ctx)))
    seeing = ctx.sees(actor, target)
    if not seeing.seen:  # D35-17: total concealment, with the line that decides
        notices.append(
            Notice(
                "D35-17",
                f"Camouflage total : {actor.name} {seeing.fr} (50 % de raté ; la case à deviner)",
                f"Total concealment: {actor.name} {seeing.en} (50% miss; the square to guess)",
            )
        )
    threat = criticals.threat(w, target)
    terms += threat.terms
    bonus = int(overridden(ctx.action, BONUS, computed[BONUS], ("bonus", "bonus"), terms))
    target_ca = int(overridden(ctx.action, CA, computed[CA], ("CA", "AC"), terms))
    return Attack(
        Check(bonus, target_ca, naturals=D20_NATURALS),
        tuple(terms),
        tuple(notices),
        _miss(target, seeing),
        computed,
        threat,
    )


def _out_of_reach(
    ctx: Ctx, actor: Combatant, target: Combatant, w: dict[str, Scalar]
) -> list[Notice]:
    """A melee weapon reaches the squares of the creature's natural reach; a reach weapon
    twice as far but not the squares next to it (hors extrait, SRD). On the grid only; a
    rider strikes from its mount's space (D35-24). Blocking: the GM may pass over it (G-3).
    An attack of opportunity on a move is judged at the square left (opportunity.judged); a
    charge is not asked (its move comes with it)."""
    enc, ruleset = ctx.enc, ctx.ruleset
    ways = [
        squares_apart(enc, ruleset, enc.combatant(cid), target)
        for cid in {actor.id} | ruleset.together(enc, actor)
    ]
    apart = min((d for d in ways if d is not None), default=None)
    if apart is None:
        return []
    natural = sheet.natural_reach(actor)
    near, far = (natural + 1, max(2 * natural, 2)) if w.get("allonge") else (1, natural)
    if near <= apart <= far:
        return []
    fr, en = sheet.weapon_name(w)
    span = f"{near}–{far}" if near < far else str(far)
    return [
        Notice(
            sheet.SRD,
            f"Hors d’allonge : {target.name} est à {apart} case(s), {fr} atteint {span}",
            f"Out of reach: {target.name} is {apart} square(s) away, {en} reaches {span}",
            True,
        )
    ]


def _opportunity(ctx: Ctx) -> Window | None:
    """The attack-of-opportunity window the attack is taken in, if any (D35-11)."""
    wid = ctx.action.window
    if wid is None:
        return None
    found = [w for w in ctx.enc.windows if w.id == wid]
    if not found:
        raise ActionError(
            "Ce moment est passé : l’attaque d’opportunité n’est plus possible",
            "That moment has passed: the attack of opportunity is no longer possible",
        )
    return found[0] if found[0].kind == opportunity.WINDOW else None


def _flat_footed(c: Combatant) -> bool:
    return any(sheet.has_state(c, key) for key in ("pris_au_depourvu", "lutte", "course"))


def _situation(
    ctx: Ctx,
    actor: Combatant,
    target: Combatant,
    w: dict[str, Scalar],
    ranged: bool,
    terms: list[Term],
    ca_terms: list[Term],
    notices: list[Notice],
) -> None:
    """Every situational modifier the text names, each with its rule."""
    has = sheet.has_state
    if ctx.yes("charge"):
        terms.append(Term("charge", 2, "D35-20", "charge"))
        notices += _charge_notices(ctx, actor, target)
    if ctx.yes("defensive"):
        terms.append(Term("sur la défensive", -4, "D35-32", "fighting defensively"))
    if has(actor, "serre"):
        terms.append(Term("se serre", -4, "D35-78", "squeezing"))
    if has(target, "serre"):
        ca_terms.append(Term("CA : la cible se serre", -4, "D35-78", "AC: target squeezing"))
    if has(target, "charge"):
        ca_terms.append(Term("CA : la cible a chargé", -2, "D35-20", "AC: target charged"))
    if has(target, "defense_combat"):
        ca_terms.append(Term("CA : sur la défensive", 2, "D35-32", "AC: fighting defensively"))
    if has(target, "defense_totale"):
        ca_terms.append(Term("CA : défense totale", 4, "D35-33", "AC: total defence"))
    ca_terms += helpless.ca_terms(target, ranged, _every_attack(ctx))
    pinner = next((st.source for st in target.states if st.key == "immobilise"), None)
    against_all = ctx.flag("A-D35-22") == "tous_adversaires"
    if pinner is not None and (against_all or pinner != actor.id):
        ca_terms.append(Term("CA : immobilisé", -4, "D35-61", "AC: pinned"))
    helped = aid_bonus(actor, AID_ATTACK, target.id)
    if helped:
        terms.append(Term("aidé par un allié", helped, "D35-10", "aided by an ally"))
    guarded = aid_bonus(target, AID_CA, actor.id)
    if guarded:
        ca_terms.append(Term("CA : aidée par un allié", guarded, "D35-10", "AC: aided by an ally"))
    if has(target, "recroqueville"):
        terms.append(Term("mort-vivant recroquevillé", 2, "D35-72", "cowering undead"))
    weapon_nonlethal = bool(w.get("non_letale"))
    if ctx.yes("non_letal") != weapon_nonlethal:
        terms.append(
            Term(
                "arme inadaptée aux dégâts voulus",
                -4,
                "D35-39",
                "weapon unsuited to the damage wanted",
            )
        )
    _flanking(ctx, actor, target, ranged, terms, notices)
    if ranged and (ctx.yes("melee_tir") or _in_melee(ctx, target)):
        terms.append(Term("tir dans le tas", -4, "D35-79", "shooting into melee"))
    _mounted(ctx, actor, target, ranged, terms, notices)
    _cover(ctx, actor, target, w, ranged, ca_terms, notices)


def _charge_notices(ctx: Ctx, actor: Combatant, target: Combatant) -> list[Notice]:
    """D35-20: a straight line of at least 3 m and at most twice the speed (TV-D35-02), the
    length the GM typed or the map's way to the square next to the target."""
    typed = ctx.number("charge_m", -1)
    apart = metres_apart(ctx.enc, ctx.ruleset, actor, target)
    length = float(typed) if typed >= 0 else apart
    if length is None:
        return []
    longest = 2 * sheet.speed(_steed(ctx, actor))  # D35-24: a rider's charge is its mount's
    if 3 <= length <= longest:
        return []
    shown = f"{length:g}".replace(".", ",")
    return [
        Notice(
            "D35-20",
            f"Charge de {shown} m : entre 3 m et {longest:g} m (2 × VD)".replace(".", ","),
            f"A charge of {length:g} m: between 3 m and {longest:g} m (2 × speed)",
            True,
        )
    ]


def _every_attack(ctx: Ctx) -> bool:
    """A-D35-4: a helpless target's −4 against every attack, not only melee."""
    return ctx.flag(helpless.FLAG) == "toutes_attaques"


def _flanking(
    ctx: Ctx,
    actor: Combatant,
    target: Combatant,
    ranged: bool,
    terms: list[Term],
    notices: list[Notice],
) -> None:
    """D35-66, D35-67: +2 on the attack roll when an ally on the far side threatens the target
    too (the grid's line between centres, named), or as the GM says. The text sets no melee
    limit: a shot flanks as well (both must threaten the target, grid/flanking.py); the
    SRD's melee only is the house rule D35-MAISON-TENAILLE, under which the GM's box on a
    shot is said to count for nothing, never dropped unseen."""
    if ranged and ctx.flag(FLANK_FLAG) == "corps_a_corps":
        if ctx.yes("tenaille"):
            words = (
                "Prise en tenaille (MJ) sans effet : au corps à corps seulement (règle maison)",
                "Flanking (GM) has no effect: melee only (house rule)",
            )
            notices.append(Notice(FLANK_FLAG, *words))
            terms.append(Term(words[0], "", FLANK_FLAG, words[1]))
        return
    call = flanked_by(ctx.enc, ctx.ruleset, actor, target)
    if call is not None and call.flanked and call.ally is not None:
        enc, ruleset = ctx.enc, ctx.ruleset
        allies = [c for c in allies_of(enc, ruleset, actor) if threat_of(enc, ruleset, c)]
        ally = allies[call.ally].name
        both = (f"prise en tenaille : {actor.name} et {ally}", f"flanking: {actor.name} and {ally}")
        terms.append(Term(both[0], 2, "D35-67", both[1]))
        said = ruleset.flank_words(enc, call)
        terms.append(Term(said[0], "", "D35-66", said[1]))
    elif ctx.yes("tenaille"):
        terms.append(Term("prise en tenaille (MJ)", 2, "D35-67", "flanking (GM)"))


def _in_melee(ctx: Ctx, target: Combatant) -> bool:
    """D35-79: the target stands next to one of the shooter's allies."""
    return any(
        o.side == ctx.actor.side
        and o.id != ctx.actor.id
        and squares_apart(ctx.enc, ctx.ruleset, o, target) == 1
        for o in ctx.enc.combatants
    )


def _steed(ctx: Ctx, c: Combatant) -> Combatant:
    """Who carries `c`: its mount when it rides one in the encounter (D35-24), else itself."""
    return riders.mount_of(ctx.enc, c, MOUNTED) or c


def mount_charged(ctx: Ctx, rider: Combatant) -> bool:
    """D35-27: the rider's mount charged this turn (it has the state `charge`)."""
    steed = _steed(ctx, rider)
    return steed.id != rider.id and sheet.has_state(steed, "charge")


def _mounted(
    ctx: Ctx,
    actor: Combatant,
    target: Combatant,
    ranged: bool,
    terms: list[Term],
    notices: list[Notice],
) -> None:
    """D35-26: +1 in melee from the saddle against a creature on foot, Medium or smaller.
    D35-27: once the mount went more than 1,50 m (its charge too) a single melee attack, with
    no penalty even at full speed; the mount's charge is the rider's (+2, −2 CA). D35-28: a
    shot while the mount moves twice −4, while it runs −8, a full attack allowed, each shot
    made halfway. A-D35-20 « non »: the single attack holds at range too."""
    if not sheet.has_state(actor, MOUNTED):
        return
    on_foot = not sheet.has_state(target, MOUNTED)
    if not ranged and on_foot and sheet.size_index(target) <= sheet.SIZES.index("medium"):
        terms.append(Term("en selle (position dominante)", 1, "D35-26", "mounted (higher ground)"))
    if ctx.yes("charge"):
        terms.append(Term("la charge de la monture", "", "D35-27", "the mount's charge"))
    elif mount_charged(ctx, actor):
        terms.append(Term("charge de la monture", 2, "D35-27", "the mount's charge"))
    move = ctx.choice("monture", "aucun")
    melee_only = ctx.flag("A-D35-20") is not False
    if ranged and move in ("double", "course"):
        value = -4 if move == "double" else -8
        shot = ("tir pendant que la monture bouge", "shooting while the mount moves")
        terms.append(Term(shot[0], value, "D35-28", shot[1]))
        if melee_only:
            terms.append(
                Term(
                    "attaque à outrance permise, à mi-déplacement",
                    "",
                    "D35-28",
                    "full attack allowed, halfway through the move",
                )
            )
    moved = move != "aucun" or ctx.yes("charge") or mount_charged(ctx, actor)
    if not moved:
        return
    if not ranged:
        terms.append(
            Term(
                "pas de malus même à pleine vitesse", "", "D35-27", "no penalty even at full speed"
            )
        )
    if ctx.choice("attaque", "0") not in ("", "0") and (not ranged or not melee_only):
        notices.append(
            Notice(
                "D35-27",
                "La monture s’est déplacée de plus de 1,50 m : une seule attaque"
                + (" au corps à corps (A-D35-20)" if melee_only else " (A-D35-20)"),
                "The mount moved more than 1.50 m: a single attack"
                + (" in melee (A-D35-20)" if melee_only else " (A-D35-20)"),
                True,
            )
        )


def _cover(
    ctx: Ctx,
    actor: Combatant,
    target: Combatant,
    w: dict[str, Scalar],
    ranged: bool,
    ca_terms: list[Term],
    notices: list[Notice],
) -> None:
    """D35-01 to D35-08: the grid's call (ranged and reach by the corner rule, melee by
    any line), or the GM's choice; +4 CA (soft: a creature), improved +8, total: no attack."""
    chosen = ctx.choice("abri", "carte")
    kind = chosen
    if chosen == "carte":
        reach_weapon = bool(w.get("allonge"))
        call = cover_between(
            ctx.enc, ctx.ruleset, actor, target, melee=not (ranged or reach_weapon)
        )
        kind = {
            None: "aucun",
            Cover.NONE: "aucun",
            Cover.SOFT: "mou",
            Cover.NORMAL: "normal",
            Cover.TOTAL: "total",
        }[call.cover if call else None]
        if sheet.has_state(target, "abri_ameliore"):
            kind = "ameliore"
        elif sheet.has_state(target, "abri_total"):
            kind = "total"
        elif kind == "aucun" and sheet.has_state(target, "abri"):
            kind = "normal"
    if kind == "total":
        notices.append(
            Notice(
                "D35-07",
                "Abri total : la cible ne peut pas être attaquée",
                "Total cover: the target cannot be attacked",
                True,
            )
        )
    values = {"normal": (4, "D35-02"), "mou": (4, "D35-05"), "ameliore": (8, "D35-08")}
    if kind in values:
        value, rule = values[kind]
        label = dict((k, (fr, en)) for k, fr, en in COVERS)[kind]
        ca_terms.append(Term(f"CA : {label[0]}", value, rule, f"AC: {label[1]}"))


def _miss(target: Combatant, seeing: Seeing) -> ChainStep | None:
    """D35-16 to D35-19: the highest concealment of the target (concealment.py: 50 % when
    invisible or unseen on the map, the GM's degree or 20 %), none when none."""
    found = concealment.miss_percent(target, not seeing.seen)
    if found is None:
        return None
    percent, rule = found
    return miss_chance_step(percent, "Camouflage total" if rule == "D35-17" else "Camouflage", rule)


def _sum(terms: list[Term]) -> int:
    return sum(t.value for t in terms if isinstance(t.value, int) and not isinstance(t.value, bool))


def _more(attack: Attack) -> tuple[DiceRequest, ...]:
    """The rolls after the attack's: the critical's confirmation when a critical may be
    (A-D35-1), then concealment's d% (D35-16)."""
    critical = attack.threat.critical is not None
    confirm = (criticals.request(attack.check.modifier),) if critical else ()
    hidden = () if attack.miss is None else (dice_request(attack.miss.roll, _CONCEALMENT),)
    return confirm + hidden


def preview(ctx: Ctx) -> Preview:
    attack = numbers(ctx)
    steps = [ChainStep("Attaque", "D35-80", D20, attack.check)]
    lands = Fraction(1)  # the blow gets through the concealment
    if attack.miss is not None:
        steps.append(attack.miss)
        lands = attack.miss.chance()
    chance: Fraction = chain_odds(steps).success
    crit = criticals.odds_note(attack.threat, attack.threat.odds(attack.check) * lands)
    note = ("20 naturel : touché ; 1 naturel : raté", "Natural 20: a hit; natural 1: a miss")
    if crit[0]:
        note = (f"{note[0]} ; {crit[0]}", f"{note[1]}; {crit[1]}")
    return Preview(
        ctx.action,
        attack.terms,
        dice_request(D20),
        target_number=attack.check.target,
        dice_bonus=attack.check.modifier,
        odds=chance,
        odds_note=note[0],
        odds_note_en=note[1],
        notices=attack.notices,
        computed=attack.computed,
        more=_more(attack),
    )


def resolve(ctx: Ctx, dice: DiceResult) -> tuple[Resolution, ChangeSet]:
    attack = numbers(ctx)
    terms = list(attack.terms)
    refuse_blocked(ctx.action, attack.notices, terms)
    result, _assumed = outcome(D20, dice, attack.check)
    terms.append(Term("d20 + bonus", result.total, "D35-80", "d20 + bonus"))
    hit = result.success
    natural = result.total - attack.check.modifier  # one d20
    threatened = attack.threat.threatened(natural, hit)
    critical = threatened and criticals.confirm(dice, 0, attack.check, terms)
    after = 1 if attack.threat.critical is not None else 0  # concealment's roll comes next
    if hit and attack.miss is not None:
        roll = chained(dice, after, dice_request(attack.miss.roll, _CONCEALMENT))
        percent = attack.miss.check.target  # 01–percent misses
        hit = roll > percent
        terms.append(
            Term(
                f"camouflage : d% {roll}",
                "touché" if hit else "raté",
                attack.miss.rule,
                f"concealment: d% {roll}",
                "hit" if hit else "miss",
            )
        )
    actor, target = ctx.actor, ctx.target
    edits = Edits(ctx.enc)
    window = _opportunity(ctx)
    if window is not None:
        opportunity.spend(edits, actor, window, terms)
    if aid_bonus(actor, AID_ATTACK, target.id):  # D35-10: its next attack
        edits.remove_state(actor.id, AID_ATTACK)
    if aid_bonus(target, AID_CA, actor.id):  # against that attack only
        edits.remove_state(target.id, AID_CA)
    # A-D35-6: "for 1 round" ends at the start of its next turn, or at the end of the round.
    one_round = ctx.flag("A-D35-6") == "fin_du_round"
    until_next = Expiry(at="rounds", rounds=1) if one_round else Expiry(at="turn_start")
    # D35-20's −2 CA; D35-27: a rider's charge is its mount's, and its mount's charge its own.
    charging = [actor] if ctx.yes("charge") or mount_charged(ctx, actor) else []
    if ctx.yes("charge"):
        charging.append(_steed(ctx, actor))
    for cid in dict.fromkeys(c.id for c in charging):
        edits.add_state(cid, State(key="charge", label="Charge", expiry=until_next))
    if ctx.yes("defensive"):
        edits.add_state(
            actor.id, State(key="defense_combat", label="Sur la défensive", expiry=until_next)
        )
    name = sheet.weapon_name(ctx.weapon())
    label = (f"Attaque de {actor.name} ({name[0]})", f"{actor.name}'s attack ({name[1]})")
    said = (f"Touché : {target.name}", f"{target.name} is hit") if hit else ("Raté", "Miss")
    said = _critical_words(said, attack.threat, natural, threatened, critical and hit)
    amounts = {"total": result.total, "target": attack.check.target, "natural": natural}
    resolution, cs = finish(edits, ctx.action, label, terms, dice, said, hit, amounts)
    # The damage that follows (« Suite ») deals the critical: its option `critique` is carried
    # as the GM's choices are (gui/dialogs/follow_up.py).
    options = {**ctx.action.options, CRITICAL: critical and hit}
    resolution = replace(
        resolution,
        action=replace(ctx.action, options=options),
        critical=critical and hit,
        fumble=natural == 1 and not result.success,  # a natural 1 misses (D35-80)
    )
    return followed((resolution, cs), "degats") if hit else (resolution, cs)


def _critical_words(
    said: tuple[str, str], threat: criticals.Threat, natural: int, threatened: bool, critical: bool
) -> tuple[str, str]:
    """The outcome with the threat it made and whether it was confirmed (A-D35-1)."""
    if not threatened or threat.critical is None:
        return said
    times = threat.critical.multiplier
    if critical:
        return (
            f"{said[0]} — critique confirmé (menace sur {natural} naturel) : dégâts ×{times}",
            f"{said[1]} — critical hit confirmed (threat on a natural {natural}): damage ×{times}",
        )
    if said[0] == "Raté":  # the threat confirmed or not, concealment's d% took the blow away
        return (
            f"{said[0]} — menace de critique sur {natural} naturel perdue (camouflage)",
            f"{said[1]} — threat on a natural {natural} lost (concealment)",
        )
    return (
        f"{said[0]} — menace sur {natural} naturel, critique non confirmé",
        f"{said[1]} — threat on a natural {natural}, critical not confirmed",
    )


def _provokes(ctx: Ctx) -> Scope | None:
    """D35-11 (SRD): a ranged attack provokes from every foe that threatens the actor."""
    return from_all_if(sheet.is_ranged(ctx.weapon()))


ACTIONS = (
    ActionDef(
        KIND,
        _spec,
        preview,
        resolve,
        cost=budget.attacking,
        provokes=_provokes,
        strenuous=always,  # D35-48
    ),
)
