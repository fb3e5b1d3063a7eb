"""Turn modes: one module per way of running turns (ranked initiative, the GM's order, cards,
alternating sides, declare then act), each with its state, its steps and their log lines,
behind the contract of `base.TurnMode`. A ruleset picks and configures one."""

from gui.engine.state.model import HISTORY_LIMIT
from gui.engine.turns.alternating import AlternatingSides, PassEntry, PassState
from gui.engine.turns.base import (
    Step,
    TurnContext,
    TurnError,
    TurnMode,
    current_entry,
    index_of,
    step_in,
    unit_of,
)
from gui.engine.turns.cards import CardInitiative, CardRules, CardState
from gui.engine.turns.declare import (
    ActionInitiative,
    Declarations,
    DeclareEntry,
    DeclareState,
    DeclareThenAct,
)
from gui.engine.turns.ranked import (
    GmOrder,
    GmOrderState,
    RankedEntry,
    RankedInitiative,
    RankedState,
)

__all__ = [
    "HISTORY_LIMIT",
    "ActionInitiative",
    "AlternatingSides",
    "CardInitiative",
    "CardRules",
    "CardState",
    "Declarations",
    "DeclareEntry",
    "DeclareState",
    "DeclareThenAct",
    "GmOrder",
    "GmOrderState",
    "PassEntry",
    "PassState",
    "RankedEntry",
    "RankedInitiative",
    "RankedState",
    "Step",
    "TurnContext",
    "TurnError",
    "TurnMode",
    "current_entry",
    "index_of",
    "step_in",
    "unit_of",
]
