"""The round's budget (D35-09, section 3.3, A-D35-18, CFG-D35-18): a standard action and a move
action, or a full-round action and a 5-ft step; one swift action a turn; one immediate action a
round, which under the SRD (CFG-D35-18 « consomme_rapide ») takes the swift action of the turn
it falls in, or of the coming turn when taken outside it; free actions as the GM allows. A
disabled creature (0 hp, or stable and conscious again: sheet.status « hors_de_combat ») has
one standard or move action a round and no full-round action (D35-48; its strain: disabled.py).

What the acting creature spends is kept as states that end at the start of its next turn
(durations.py), so undo, save and the sheet see them; a move on the map counts its metres
(moving.py). Spending past the budget is a warning, not a refusal (D35-09 is TRACK): the GM
sees it in the preview and on the drag.

What an action takes is its ActionDef's `cost` (a Cost: `standard`, `full_round`,
`attacking`, or the action's own reading of its options); None takes nothing.

Readings:
- The metres moved are move actions: up to the speed one, up to twice the speed two (the
  standard action given up); one square with a full-round action is its 5-ft step.
- A full-round action that moves (charge, run, withdraw) carries its own metres: a charge and
  a withdraw twice the speed, a run what running allows (running.py) — the drag before or after
  it is part of it.
- Only the acting unit's members spend, in the fight (round 1 on); a reaction in a window (an
  attack of opportunity) is not taken from the budget. An immediate action counts wherever it
  is taken.
- Readying (D35-64, ready.py) takes the standard action; a creature that holds a readied
  action, or acts on it, has that action's budget instead (readied.py), in its turn or out of
  it."""

from __future__ import annotations

from typing import Literal

from msgspec import Struct

from gui.engine.contract.actions import ActionRuleset
from gui.engine.contract.edits import Edits
from gui.engine.contract.moving import moved
from gui.engine.contract.values import Action
from gui.engine.core.words import Label, Notice
from gui.engine.rulesets.d20_35 import readied, sheet
from gui.engine.rulesets.d20_35.context import Ctx
from gui.engine.rulesets.d20_35.readied import metres_fr as _m
from gui.engine.state.model import Combatant, Encounter, Expiry, State
from gui.engine.turns import current_entry

Kind = Literal["simple", "mouvement", "complexe", "rapide", "immediate", "libre"]
PREFIX = "d35_budget."
SWIFT_FLAG = "CFG-D35-18"
STEP_M = 1.5  # the 5-ft step
_WORDS: dict[str, tuple[str, str]] = {
    "simple": ("Action simple utilisée", "Standard action used"),
    "mouvement": ("Action de mouvement utilisée", "Move action used"),
    "complexe": ("Action complexe utilisée", "Full-round action used"),
    "rapide": ("Action rapide utilisée", "Swift action used"),
    "immediate": ("Action immédiate utilisée", "Immediate action used"),
    readied.TAKEN.removeprefix(PREFIX): readied.WORDS,  # D35-64
}


class Cost(Struct, frozen=True):
    """What an action takes: its kind, and for a full-round action that moves, the metres it
    allows as a multiple of the speed (0: a 5-ft step only)."""

    kind: Kind
    speeds: float = 0


STANDARD = Cost("simple")  # SRD: a maneuver takes the place of an attack, a standard action
FULL_ROUND = Cost("complexe")


def standard(_ctx: Ctx) -> Cost:
    return STANDARD


def full_round(_ctx: Ctx) -> Cost:
    return FULL_ROUND


def attacking(ctx: Ctx) -> Cost:
    """A charge is a full-round action (D35-20) that moves up to twice the speed; a later
    attack of the sequence makes it a full attack (D35-80, SRD); else a standard action. A
    grapple attempt takes the place of an attack, a later one a full attack (D35-56, D35-59)."""
    options = ctx.action.options
    if options.get("charge") is True:
        return Cost("complexe", 2)
    later = str(options.get("attaque", "0")) not in ("", "0")
    return FULL_ROUND if later else STANDARD


def cost(ruleset: ActionRuleset, enc: Encounter, action: Action) -> Cost | None:
    """What `action` takes from the budget, as its ActionDef says (None: nothing, as its
    damage or a dying roll)."""
    taken = ruleset.definition(action.kind).cost(Ctx(ruleset, enc, action))
    return taken if isinstance(taken, Cost) else None


def spent(c: Combatant, kind: str) -> State | None:
    return next((s for s in c.states if s.key == PREFIX + kind), None)


def counts(enc: Encounter, c: Combatant, action: Action | None = None) -> bool:
    """Whether what `c` does now is taken from its budget (its turn's, or its readied
    action's: `counted`)."""
    if enc.turn.round < 1 or (action is not None and action.window is not None):
        return False
    acting = current_entry(enc.turn)
    return acting is not None and c.id in acting.members


def counted(enc: Encounter, c: Combatant) -> bool:
    """Whether a move of `c` now is counted: in its turn, or as its readied action (D35-64)."""
    return counts(enc, c) or readied.holding(enc, c) is not None


def allowance(c: Combatant) -> float:
    """The metres this round still allows in all (D35-09): twice the speed, once after a
    standard action, what a full-round action carries (one square for its 5-ft step)."""
    speed = sheet.speed(c)
    full = spent(c, "complexe")
    if full is not None:
        return max(STEP_M, (full.value or 0) / 10)
    actions = 1 if disabled(c) else 2  # D35-48: one standard or move action in all
    moves = actions - (spent(c, "simple") is not None) - _declared_moves(c)
    return max(0, moves) * speed


def disabled(c: Combatant) -> bool:
    """D35-48: at 0 hp, or stable and conscious again at negative hp (D35-52, D35-53)."""
    return sheet.status(c) == "hors_de_combat"


def _declared_moves(c: Combatant) -> int:
    """Move actions taken as actions (not as metres on the map)."""
    state = spent(c, "mouvement")
    return 0 if state is None else state.value or 1


def _moves_in_metres(c: Combatant) -> int:
    metres, speed = moved(c), sheet.speed(c)
    if metres <= 0 or speed <= 0:
        return 0
    return 1 if metres <= speed + 1e-9 else 2


def _warn(fr: str, en: str) -> Notice:
    return Notice("D35-09", fr, en, False)


def notices(
    enc: Encounter, c: Combatant, action: Action, taken: Cost | None, swift: bool
) -> list[Notice]:
    """Why `action`, which takes `taken`, goes past `c`'s budget this round (warnings,
    D35-09); `swift`: an immediate action takes the swift one (CFG-D35-18)."""
    if taken is None or taken.kind == "libre":
        return []
    if taken.kind == "immediate":
        return _immediate_notices(enc, c, swift)
    if readied.holding(enc, c, action) is not None:  # D35-64: the readied action's budget
        return readied.notices(enc, c, taken.kind)
    if not counts(enc, c, action):
        return []
    if taken.kind == "rapide":
        return _swift_notices(c, swift)
    return over(c, taken)


def over(c: Combatant, taken: Cost) -> list[Notice]:
    """Why a standard, move or full-round action goes past `c`'s turn (D35-09, D35-48)."""
    full = spent(c, "complexe") is not None
    standard = spent(c, "simple") is not None
    moves = _declared_moves(c) + _moves_in_metres(c)
    if full:
        return [_warn("Action complexe déjà faite ce round", "Full-round action already taken")]
    if disabled(c):
        return _disabled_notices(c, taken, standard + moves)
    if taken.kind == "complexe":
        return _full_notices(c, taken, standard, moves)
    if taken.kind == "simple" and standard:
        return [_warn("Action simple déjà faite ce round", "Standard action already taken")]
    if standard + moves + 1 > 2:
        return [
            _warn(
                "Plus d'action ce round : une action simple et une de mouvement, ou deux de "
                "mouvement",
                "No action left this round: a standard and a move action, or two move actions",
            )
        ]
    return []


def _disabled_notices(c: Combatant, taken: Cost, done: int) -> list[Notice]:
    """D35-48: hors de combat, one standard or move action a round, no full-round action."""
    if taken.kind == "complexe":
        fr = f"{c.name} est hors de combat : pas d'action complexe, une action simple ou de "
        fr += "mouvement par round"
        en = f"{c.name} is disabled: no full-round action, one standard or move action a round"
        return [Notice("D35-48", fr, en, False)]
    if done:
        fr = f"{c.name} est hors de combat : son action simple ou de mouvement du round est faite"
        en = f"{c.name} is disabled: its one standard or move action this round is taken"
        return [Notice("D35-48", fr, en, False)]
    return []


def _full_notices(c: Combatant, taken: Cost, standard: bool, moves: int) -> list[Notice]:
    if standard or _declared_moves(c):
        return [
            _warn(
                "Action complexe après une action simple ou de mouvement ce round",
                "Full-round action after a standard or move action this round",
            )
        ]
    carried = max(STEP_M, taken.speeds * sheet.speed(c))
    if moves and moved(c) > carried + 1e-9:
        return [
            _warn(
                f"Action complexe après un déplacement de {_m(moved(c))} (plus que {_m(carried)})",
                f"Full-round action after a move of {moved(c):g} m (more than {carried:g} m)",
            )
        ]
    return []


def _swift_notices(c: Combatant, swift: bool) -> list[Notice]:
    if spent(c, "rapide") is not None:
        return [_warn("Action rapide déjà faite ce tour", "Swift action already taken this turn")]
    if swift and spent(c, "immediate") is not None:
        return [
            _warn(
                "L'action immédiate prise depuis son dernier tour tient lieu d'action rapide "
                "(A-D35-18)",
                "The immediate action taken since its last turn stands for its swift action "
                "(A-D35-18)",
            )
        ]
    return []


def _immediate_notices(enc: Encounter, c: Combatant, swift: bool) -> list[Notice]:
    if enc.turn.round < 1:
        return []
    if spent(c, "immediate") is not None:
        return [
            _warn(
                "Action immédiate déjà faite ce round", "Immediate action already taken this round"
            )
        ]
    if counts(enc, c) and swift and spent(c, "rapide") is not None:
        return [
            _warn(
                "L'action rapide de ce tour est déjà prise : pas d'action immédiate (A-D35-18)",
                "This turn's swift action is taken: no immediate action (A-D35-18)",
            )
        ]
    return []


def spend(edits: Edits, c: Combatant, action: Action, taken: Cost | None, swift: bool) -> None:
    """Keep what `action` took (`taken`) until the start of `c`'s next turn (an immediate action
    taken outside its turn, until the end of its next one: it stands for that turn's swift
    action)."""
    enc = edits.enc
    if taken is None or taken.kind == "libre":
        return
    if taken.kind == "immediate":
        if enc.turn.round < 1:
            return
        mine = counts(enc, c)
        at = "turn_start" if mine or not swift else "turn_end"
        _set(edits, c, "immediate", None, Expiry(at=at))
        if mine and swift:
            _set(edits, c, "rapide", None, Expiry(at="turn_start"))
        return
    if readied.holding(enc, c, action) is not None:
        readied.spend(edits, c)  # D35-64: its readied action is taken
        return
    if not counts(enc, c, action):
        return
    take(edits, c, taken)


def take(edits: Edits, c: Combatant, taken: Cost) -> None:
    """Keep what `taken` took from `c`'s turn until the start of its next turn."""
    value = None
    if taken.kind == "complexe":
        value = round(max(STEP_M, taken.speeds * sheet.speed(c)) * 10)
    elif taken.kind == "mouvement":
        value = _declared_moves(c) + 1
    _set(edits, c, taken.kind, value, Expiry(at="turn_start"))


def _set(edits: Edits, c: Combatant, kind: str, value: int | None, expiry: Expiry) -> None:
    fr, _en = _WORDS[kind]
    edits.add_state(c.id, State(key=PREFIX + kind, label=fr, value=value, expiry=expiry))


def move_notices(enc: Encounter, c: Combatant, metres: float | None) -> list[Notice]:
    """D35-09: a move on the map past what the round still allows; D35-64: past what the
    readied action allows."""
    if metres is None or metres <= 0 or not counted(enc, c):
        return []
    if readied.holding(enc, c) is not None:
        return readied.move_notices(enc, c, metres)
    total, room = moved(c) + metres, allowance(c)
    if total <= room + 1e-9:
        return []
    return [
        _warn(
            f"Déplacement de {_m(total)} ce round, plus que les {_m(room)} permis",
            f"A move of {total:g} m this round, more than the {room:g} m allowed",
        )
    ]


def label(state: State) -> Label | None:
    """The name of a budget state in both languages (None: not one of them)."""
    if state.key == readied.BEFORE:
        return readied.before_label(state.value or 0)
    kind = state.key.removeprefix(PREFIX)
    if not state.key.startswith(PREFIX) or kind not in _WORDS:
        return None
    fr, en = _WORDS[kind]
    if kind == "mouvement" and (state.value or 1) > 1:
        return Label(fr=f"{fr} ×{state.value}", en=f"{en} ×{state.value}")
    return Label(fr=fr, en=en)
