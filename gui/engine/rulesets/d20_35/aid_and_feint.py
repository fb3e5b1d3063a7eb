"""Aid another (D35-10, TV-D35-04) and feint (D35-47).

Readings (the GM can override every one):
- Aid another: the ally's +2 is a state (`aide_attaque` or `aide_ca`, value 2) whose text
  names the foe as « Nom [id] »; it ends at the start of the helper's next turn unless the
  attack code uses it up first (`aid_bonus` finds it).
- Feint: −4 against a non-humanoid and −8 against animal Intelligence (Int 1–2) do not add
  up: the −8 replaces the −4. Int « — » cannot be feinted (blocking, G-3)."""

from __future__ import annotations

from gui.engine.checks import D20_NATURALS, Check
from gui.engine.checks.request import DiceResult
from gui.engine.contract.edits import Edits, finish, refuse_blocked
from gui.engine.contract.fields import choice_field
from gui.engine.contract.values import ActionError, ActionSpec, Preview, Resolution
from gui.engine.core.words import Label, Notice, Term
from gui.engine.rulesets.d20_35 import budget, sheet
from gui.engine.rulesets.d20_35.action_pieces import blocking, weapon_field, weapon_of
from gui.engine.rulesets.d20_35.context import ActionDef, Ctx, always
from gui.engine.rulesets.d20_35.opposed import (
    REROLL,
    Opposed,
    Side,
    check_preview,
    contest_preview,
    ints,
    opponent_roll,
    read_first,
    ties,
)
from gui.engine.state.changes import ChangeSet
from gui.engine.state.model import Combatant, State
from gui.engine.timing import durations

AID, FEINT = "aider", "feinte"
AID_ATTACK, AID_CA = "aide_attaque", "aide_ca"
FEINTED = "feinte"
AID_CA_TARGET = 10  # D35-10
AID_BONUS = 2  # D35-10
NONE = "-"

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
        weapon_field("arme", "Arme", "Weapon", ctx.actor, "D35-10"),
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
    w = weapon_of(ctx, ctx.actor, "arme")
    terms = sheet.attack_bonus(ctx.actor, w)
    notices: list[Notice] = []
    if sheet.is_ranged(w):
        notices.append(
            Notice("D35-10", "Aider quelqu’un se fait au corps à corps", "Aid another is melee")
        )
    ally = ctx.other("allie")
    if ally is None or ally.id in (ctx.actor.id, ctx.target.id):
        notices.append(blocking("D35-10", "Choisir l’allié aidé", "Choose the ally helped"))
        ally = None
    terms.append(Term("CA à atteindre", str(AID_CA_TARGET), "D35-10", "AC to reach"))
    return Check(ints(terms), AID_CA_TARGET, naturals=D20_NATURALS), terms, notices, ally


def _aid_preview(ctx: Ctx) -> Preview:
    check, terms, notices, _ally = _aid_numbers(ctx)
    note = (
        "Attaque contre CA 10 ; 20 naturel : réussite, 1 naturel : échec",
        "Attack against AC 10; natural 20: success, natural 1: failure",
    )
    return check_preview(ctx, check, terms, None, note, notices)


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
    total, success = read_first(dice, check)
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
            blocking(
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
    what = ("Chance de feinter", "Chance to feint")
    return contest_preview(ctx, contest, what, contest.terms(True), feint_notices(ctx.target))


def _feint_resolve(ctx: Ctx, dice: DiceResult) -> tuple[Resolution, ChangeSet]:
    contest = feint(ctx)
    terms = contest.terms(True)
    refuse_blocked(ctx.action, feint_notices(ctx.target), terms)
    _first, second = contest.requests()
    own = read_first(dice, Check(0, 0))[0]
    a, d, winner = contest.judge(own, opponent_roll(dice, 0, second))
    terms += contest.totals_terms(a, d, winner)
    actor, target = ctx.actor, ctx.target
    edits = Edits(ctx.enc)
    if winner == "attacker":
        when = durations.expiry(ctx.enc, "turn_end", target.id, "source", actor.id)
        edits.add_state(target.id, ctx.listed_state(FEINTED, source=actor.id, expiry=when))
        said = (
            f"{target.name} est feinté : pas de bonus de Dex contre la prochaine attaque au"
            f" corps à corps de {actor.name}",
            f"{target.name} is feinted: no Dex bonus against {actor.name}'s next melee attack",
        )
    elif winner == "defender":
        said = (f"{target.name} n’est pas dupe", f"{target.name} is not fooled")
    else:
        said = REROLL
    success = None if winner in ("reroll", "tie") else winner == "attacker"
    label = (f"Feinte de {actor.name}", f"{actor.name}'s feint")
    amounts = {"total": a, "opposed": d}
    return finish(edits, ctx.action, label, terms, dice, said, success, amounts)


# D35-09, D35-48: a special attack takes a standard action and strains a disabled creature.
ACTIONS = (
    ActionDef(AID, _aid_spec, _aid_preview, _aid_resolve, cost=budget.standard, strenuous=always),
    ActionDef(
        FEINT, _feint_spec, _feint_preview, _feint_resolve, cost=budget.standard, strenuous=always
    ),
)
