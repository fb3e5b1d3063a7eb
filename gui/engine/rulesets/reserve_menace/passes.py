"""Passes: units, alternating initiative, action budgets and once-per-Passe kinds (RM-16 to
RM-23, A-RM-15 to A-RM-18)."""

from __future__ import annotations

from gui.engine.core.words import Label, Notice
from gui.engine.rulesets.reserve_menace.sheet import MINOR, has_state, is_out, players_sides
from gui.engine.state.model import Combatant, Encounter, TurnEntry, TurnState
from gui.engine.turns import AlternatingSides, PassEntry, PassState, current_entry, unit_of
from gui.engine.turns.base import RoundWords
from gui.engine.turns.history import scratch

ACTIONS_PER_PASSE = 2  # RM-16, RM-17
MINORS_UNIT = "mineurs."  # + the camp's id: the minors of a camp act as one unit (RM-17)
BAN = "interdit."  # + an action kind: forbidden on the target's next turn (RM-29, RM-30)
KIND_LABELS = {  # the seven action types (RM-21)
    "alimenter": "Alimenter une Réserve",
    "attaquer": "Attaquer",
    "diriger": "Diriger des figurants mineurs",
    "interagir_env": "Interagir avec l’environnement",
    "interagir_verbal": "Interagir verbalement",
    "se_deplacer": "Se déplacer",
    "pouvoir": "Utiliser un pouvoir",
}
KIND_LABELS_EN = {
    "alimenter": "Feed a Réserve",
    "attaquer": "Attack",
    "diriger": "Direct minor extras",
    "interagir_env": "Interact with the environment",
    "interagir_verbal": "Interact verbally",
    "se_deplacer": "Move",
    "pouvoir": "Use a power",
}


PASSES = RoundWords(Label(fr="Passe", en="Pass"), Label(fr="Début de la passe", en="Start of pass"))


def mode(enc: Encounter) -> AlternatingSides:
    """RM-16 to RM-20: Passes of alternating sides, two actions per unit; the players' side
    comes first in the alternation (the GM's camps then play in turn, RM-20); units out of
    combat no longer act (RM-39), and a camp with nobody able to act hands the initiative on
    (A-RM-15)."""
    return AlternatingSides(
        actions=ACTIONS_PER_PASSE,
        round_words=PASSES,
        first=players_sides(enc),
        out=(c.id for c in enc.combatants if is_out(c)),
    )


def units(enc: Encounter) -> list[TurnEntry]:
    """Who takes the initiative (RM-20): each Personnage, each standard or major extra
    (A-RM-18, A-RM-18b), and the minors of each GM camp as one unit; the players' minors
    act only when directed (A-RM-17)."""
    players = players_sides(enc)
    out: list[TurnEntry] = []
    grouped: dict[str, list[str]] = {}
    for c in enc.combatants:
        if c.tier == MINOR:
            if c.side not in players:
                grouped.setdefault(c.side, []).append(c.id)
            continue
        out.append(PassEntry(unit=c.id, members=[c.id], side=c.side, budget=ACTIONS_PER_PASSE))
    for side, members in grouped.items():
        out.append(
            PassEntry(unit=MINORS_UNIT + side, members=members, side=side, budget=ACTIONS_PER_PASSE)
        )
    return out


def in_passes(enc: Encounter) -> bool:
    return isinstance(enc.turn, PassState)


def action_notices(enc: Encounter, c: Combatant, kind: str) -> list[Notice]:
    """Why `c` may not take an action of `kind` now (blocking: the GM must override)."""
    if not in_passes(enc):
        return []
    turn = enc.turn
    label = KIND_LABELS.get(kind, kind)
    label_en = KIND_LABELS_EN.get(kind, kind)
    notes: list[Notice] = []
    if has_state(c, f"interruption.{kind}"):
        return []  # RM-48: paid and counted already (A-RM-11)
    if is_out(c):
        notes.append(Notice("RM-39", f"{c.name} est hors combat", f"{c.name} is out", True))
    if kind in turn.spent.get(c.id, []):
        notes.append(
            Notice(
                "RM-21",
                f"{c.name} a déjà utilisé « {label} » pendant cette Passe",
                f"{c.name} already used '{label_en}' this pass",
                True,
            )
        )
    if has_state(c, f"{BAN}{kind}"):
        notes.append(
            Notice(
                "RM-30",
                f"« {label} » est interdit à {c.name} pour ce tour",
                f"'{label_en}' is forbidden to {c.name} this turn",
                True,
            )
        )
    if has_state(c, "dirige"):
        return notes  # directed (RM-43): acts out of the initiative order
    i = unit_of(turn, c.id)
    if i < 0:
        notes.append(
            Notice(
                "A-RM-17",
                f"{c.name} n’agit que dirigé (Diriger des figurants mineurs)",
                f"{c.name} acts only when directed (Direct minor extras)",
                True,
            )
        )
        return notes
    entry = turn.order[i]
    side = enc.side(entry.side).name
    holder = enc.side(turn.holder).name if turn.holder else "?"
    if entry.side != turn.holder:
        notes.append(
            Notice(
                "RM-20",
                f"{side} n’a pas l’initiative (elle est à {holder})",
                f"{side} does not hold the initiative ({holder} does)",
                True,
            )
        )
    acting = current_entry(turn)
    if acting is not None and acting.unit != entry.unit and turn.activation:
        notes.append(
            Notice(
                "RM-20",
                "une seule unité agit par initiative : « Suivant » d’abord",
                "one unit acts per initiative: 'Next' first",
                True,
            )
        )
    elif acting is not None and acting.unit == entry.unit and turn.activation >= 2:
        notes.append(
            Notice(
                "RM-20",
                "1 ou 2 actions, puis l’initiative passe : « Suivant »",
                "1 or 2 actions, then the initiative passes: 'Next'",
                True,
            )
        )
    if entry.actions_left <= 0:
        rule = "RM-17" if entry.unit.startswith(MINORS_UNIT) else "RM-16"
        notes.append(
            Notice(
                rule,
                f"plus d’action pour {c.name} pendant cette Passe",
                f"no action left for {c.name} this pass",
                True,
            )
        )
    return notes


def spent_turn(enc: Encounter, c: Combatant, kind: str, count: int = 1) -> TurnState | None:
    """The turn after `c` takes an action of `kind` (None outside the Passes): its unit acts,
    spends `count` actions and the kind is used for this Passe (RM-16, RM-21). A directed
    minor spends nothing of its own (A-RM-17); an interruption was paid already (A-RM-11)."""
    if not in_passes(enc):
        return None
    turn = scratch(enc.turn)
    if has_state(c, f"interruption.{kind}"):
        return turn
    turn.spent = {**turn.spent, c.id: [*turn.spent.get(c.id, []), kind]}
    if has_state(c, "dirige"):
        return turn
    i = unit_of(turn, c.id)
    if i >= 0:
        if turn.current != i:
            turn.current, turn.activation = i, 0
        turn.order[i].actions_left = max(0, turn.order[i].actions_left - count)
        turn.activation += count
    return turn


def add_actions(turn: TurnState, cid: str, delta: int) -> TurnState:
    """A copy of `turn` where the unit `cid` acts in has `delta` more actions (never < 0)."""
    new = scratch(turn)
    i = unit_of(new, cid)
    if i >= 0:
        new.order[i].actions_left = max(0, new.order[i].actions_left + delta)
    return new


def spent_states(c: Combatant, kind: str) -> tuple[str, ...]:
    """The states an action of `kind` by `c` uses up: its direction (RM-43) or its
    interruption (RM-48). A directed minor's one action is its turn: its forbidden types
    lapse with it (RM-30, A-RM-14)."""
    keys = ["dirige", f"interruption.{kind}"]
    if has_state(c, "dirige") and not has_state(c, f"interruption.{kind}"):
        keys += [s.key for s in c.states if s.key.startswith(BAN)]
    return tuple(keys)


def ban_mark(enc: Encounter, c: Combatant) -> int | None:
    """RM-30, A-RM-14: a ban laid on `c` while its unit is taking its turn counts that turn
    only if the unit acts again after it; the mark is how many actions it had taken."""
    i = unit_of(enc.turn, c.id) if in_passes(enc) else -1
    if i >= 0 and enc.turn.current == i and enc.turn.activation > 0:
        return enc.turn.activation
    return None


def holds_initiative(enc: Encounter, c: Combatant) -> bool:
    return in_passes(enc) and enc.turn.holder == c.side
