"""A house rule that changes how turns run, set during a combat (issue 34): allowed between
rounds — the round under way not played yet — where the new mode takes over that round (a
card initiative switched on deals the round's cards); refused in the middle of a round."""

from __future__ import annotations

from gui.engine.state.model import Encounter, LogEntry, TurnState
from gui.engine.turns.base import TurnContext, TurnError, TurnMode, TurnRules

REFUSED = (
    "ce réglage change la façon de jouer les tours : le modifier entre deux rounds (après le "
    "« Suivant » qui ouvre un round, avant que quiconque agisse) ou terminer le combat (« Fin "
    "du combat »)",
    "this setting changes how turns run: change it between rounds (after the « Suivant » that "
    "opens a round, before anyone acts) or end the combat (« Fin du combat »)",
)


def round_untouched(enc: Encounter, mode: TurnMode) -> bool:
    """True while nothing of the round under way has been played: the last turn step opened
    it (the start, or the « Suivant » that began it) and no line of the journal names a
    combatant since the round's opening line (an action, a move, a card waited on…)."""
    turn = enc.turn
    if turn.history and not any(list(p.path) == ["round"] for p in turn.history[-1].patches):
        return False
    opening = mode.round_log(turn.round)
    for line in reversed(enc.log):
        if line.actor is not None or line.target is not None:
            return False
        if line.round == turn.round and (line.action, line.outcome) == (
            opening.action,
            opening.outcome,
        ):
            return True
    return False


def switched(enc: Encounter, ruleset: TurnRules, after: Encounter) -> tuple[TurnState, LogEntry]:
    """The turn state that goes on in `after`'s mode (`enc` with the new flags) from the round
    under way, and the journal's line that says so; TurnError when the round is under way
    or the new mode cannot begin without inputs (initiative rolls)."""
    turn, old, new = enc.turn, ruleset.turn_mode(enc), ruleset.turn_mode(after)
    if not round_untouched(enc, old):
        raise TurnError(*REFUSED)
    try:
        begun = new.start(TurnContext(after, ruleset), {})
    except TurnError as exc:
        raise TurnError(f"{REFUSED[0]} ({exc.fr})", f"{REFUSED[1]} ({exc.en})") from exc
    state = begun.turn.replace(round=turn.round, spent=dict(turn.spent))
    label = new.round_label(state)
    changed = [
        (
            f"{spec.label.fr} : {_shown(after.flags.get(spec.id, spec.default))[0]}",
            f"{spec.label.en}: {_shown(after.flags.get(spec.id, spec.default))[1]}",
        )
        for spec in ruleset.data.flags
        if ruleset.flag(enc, spec.id) != ruleset.flag(after, spec.id)
    ]
    line = LogEntry.of(
        ("Options de règles", "House rules"),
        (
            f"Les tours se jouent autrement dès ce round ({label.fr})",
            f"Turns run differently from this round on ({label.en})",
        ),
        changed,
        round=turn.round,
    )
    return state, line


def _shown(value: object) -> tuple[str, str]:
    if isinstance(value, bool):
        return ("oui", "yes") if value else ("non", "no")
    return str(value), str(value)
