"""Readying an action (D35-64), the ranked mode's « ready » step as the rules count it: a
standard action, taken from the round's budget (budget.py); the creature then holds its readied
action (the state « pret », with its trigger) until it acts on it (« Agir maintenant »: the
mode moves its initiative to just before the trigger's holder) and to the end of that turn;
what it may do then is readied.py's.

What readying goes against is a warning in the step's journal line, which the GM passes over
(G-3: a turn step asks nothing): its standard action or a full-round action already taken this
round (D35-09, D35-48), a creature that cannot act, one already acting on a readied action, or
one in a grapple (D35-59: readying is none of a grappler's options; D35-61: a pinned one may
only try to escape)."""

from __future__ import annotations

from gui.engine.contract.base import Ruleset
from gui.engine.contract.edits import Edits
from gui.engine.contract.moving import moved
from gui.engine.core.words import Notice
from gui.engine.rulesets.d20_35 import budget, readied
from gui.engine.rulesets.d20_35.grapple import GRAPPLED, PINNED
from gui.engine.state.changes import Change
from gui.engine.state.model import Combatant, Encounter, Expiry, LogEntry, State

STEP = "ready"  # the ranked mode's step


def step_changes(ruleset: Ruleset, enc: Encounter, unit: str, trigger: str) -> list[Change]:
    """The unit's members ready their action: each spends its standard action and holds the
    readied action; one journal line says so, with the warnings passed over."""
    entry = next(e for e in enc.turn.order if e.unit == unit)
    members = [enc.combatant(cid) for cid in entry.members]
    warnings = [n for c in members for n in notices(ruleset, enc, c)]
    edits = Edits(enc)
    until = Expiry(at="turn_end", skip=1)  # past this turn, to the end of the next
    for c in members:
        budget.take(edits, c, budget.STANDARD)
        held = State(
            key=readied.READY, label="Action préparée", text=trigger, text_en=trigger, expiry=until
        )
        edits.add_state(c.id, held)
        readied.keep_before(edits, c, until)
    edits.log(_line(enc, members, trigger, warnings))
    return list(edits.changes())


def notices(ruleset: Ruleset, enc: Encounter, c: Combatant) -> list[Notice]:
    """Why `c` should not ready an action now (warnings the GM may pass over)."""
    unable = ruleset.cannot_act(enc, c)
    if unable is not None:
        return [unable]
    if readied.held(c) is not None:
        return [
            _warn(
                f"{c.name} agit déjà sur une action préparée : pas d'autre à préparer",
                f"{c.name} is already acting on a readied action: it cannot ready another",
            )
        ]
    grappling = _grapple_notice(c)
    if grappling is not None:
        return [grappling]
    return [
        Notice(
            readied.RULE if n.rule == "D35-09" else n.rule,
            f"Préparer son action demande une action simple : {n.fr}",
            f"Readying takes a standard action: {n.en}",
            False,
        )
        for n in budget.over(c, budget.STANDARD)
    ]


def _grapple_notice(c: Combatant) -> Notice | None:
    keys = {s.key for s in c.states}
    if PINNED in keys:
        return Notice(
            "D35-61",
            f"{c.name} est immobilisé : il ne peut que tenter de se libérer",
            f"{c.name} is pinned: it can only try to escape",
            False,
        )
    if GRAPPLED in keys:
        return Notice(
            "D35-59",
            f"{c.name} est en lutte : préparer une action n'est pas une option de lutte",
            f"{c.name} is grappling: readying an action is not a grapple option",
            False,
        )
    return None


def _line(enc: Encounter, members: list[Combatant], trigger: str, warnings: list[Notice]):
    names = ", ".join(c.name for c in members)
    lines = [
        (
            "D35-64 : action simple ; l'action préparée sera une action libre, simple ou de "
            "mouvement, l'initiative passe juste avant le déclencheur",
            "D35-64: a standard action; the readied action will be a free, standard or move "
            "action, initiative moves to just before the trigger",
        )
    ]
    for c in members:
        before = moved(c)
        if before > 0:
            lines.append(
                (
                    f"D35-64 : pas de pas de placement avec elle, {c.name} s'est déjà déplacé "
                    f"de {readied.metres_fr(before)} ce round",
                    f"D35-64: no 5-ft step with it, {c.name} already moved {before:g} m this round",
                )
            )
    lines += [(f"G-3 passé outre : {n}", f"G-3 overridden: {n.rule} {n.en}") for n in warnings]
    return LogEntry.of(
        ("Préparer son action", "Ready an action"),
        (f"{names} : action préparée « {trigger} »", f"{names}: readied action '{trigger}'"),
        lines,
        round=enc.turn.round,
        actor=members[0].id,
    )


def _warn(fr: str, en: str) -> Notice:
    return Notice(readied.RULE, fr, en, False)
