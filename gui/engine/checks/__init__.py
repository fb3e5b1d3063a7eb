"""Resolution core for d20 and 3d6 checks: kept dice, edges, targets, opposed rolls, explosions."""

from .chain import (
    ChainOdds,
    ChainStep,
    chain_odds,
    concealment,
    miss_chance_step,
    next_step,
    remaining_odds,
)
from .check import (
    D20_NATURALS,
    NO_NATURALS,
    Check,
    CheckOdds,
    CheckOutcome,
    Naturals,
    check_faces,
    check_odds,
    check_typed,
    judge,
    triples,
)
from .damage import DamageRoll, critical_odds, damage_taken, threshold_critical
from .edges import EdgeSource, NetEdge, net_edge
from .explode import Bounded, exploding_at_least, exploding_distribution, exploding_upto, floor_at
from .joint import Joint
from .kept import KeptFaces, kept_dice, kept_of, read_kept
from .opposed import D35_TIES, DEFENDER_TIES, OpposedOdds, TieRule, opposed_odds, opposed_outcome
from .rolls import ADVANTAGE, DISADVANTAGE, NORMAL, Edge, EdgeMethod, EdgeRoll
from .typed import Reading, TypedRoll, parse_typed_roll, read_typed

__all__ = [
    "ADVANTAGE",
    "D20_NATURALS",
    "D35_TIES",
    "DEFENDER_TIES",
    "DISADVANTAGE",
    "NORMAL",
    "NO_NATURALS",
    "Bounded",
    "ChainOdds",
    "ChainStep",
    "Check",
    "CheckOdds",
    "CheckOutcome",
    "DamageRoll",
    "Edge",
    "EdgeMethod",
    "EdgeRoll",
    "EdgeSource",
    "Joint",
    "KeptFaces",
    "Naturals",
    "NetEdge",
    "OpposedOdds",
    "Reading",
    "TieRule",
    "TypedRoll",
    "chain_odds",
    "check_faces",
    "check_odds",
    "check_typed",
    "concealment",
    "critical_odds",
    "damage_taken",
    "exploding_at_least",
    "exploding_distribution",
    "exploding_upto",
    "floor_at",
    "judge",
    "kept_dice",
    "kept_of",
    "miss_chance_step",
    "net_edge",
    "next_step",
    "opposed_odds",
    "opposed_outcome",
    "parse_typed_roll",
    "read_kept",
    "read_typed",
    "remaining_odds",
    "threshold_critical",
    "triples",
]
