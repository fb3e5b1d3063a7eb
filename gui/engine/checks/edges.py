"""Advantage and disadvantage as labelled sources, netted into one edge and its breakdown."""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from typing import TYPE_CHECKING, Literal

from .rolls import ADVANTAGE, DISADVANTAGE, NORMAL, Edge, EdgeMethod, EdgeRoll

if TYPE_CHECKING:
    from ..rulesets.base import Term

# "cancel": any advantage and any disadvantage cancel to a normal roll, and several of one
# kind count once (DOU-73, A-DOU-1, as in 5e).  "count": they count against each other, the
# majority gives one edge (a house rule; still no stacking).
Netting = Literal["cancel", "count"]

_WORDS = {ADVANTAGE: "avantage", DISADVANTAGE: "désavantage", NORMAL: "jet normal"}


@dataclass(frozen=True)
class EdgeSource:
    """One reason for advantage or disadvantage, e.g. ("Cible invisible", "DOU-39", True)."""

    label: str
    rule: str
    advantage: bool = True


@dataclass(frozen=True)
class NetEdge:
    """The netted edge: the dice to roll and the terms of the breakdown (G-2)."""

    roll: EdgeRoll
    sources: tuple[EdgeSource, ...]
    netting: Netting
    rule: str

    @property
    def edge(self) -> Edge:
        """normal, advantage or disadvantage."""
        return self.roll.edge

    @property
    def advantages(self) -> int:
        """How many sources give advantage."""
        return sum(s.advantage for s in self.sources)

    @property
    def disadvantages(self) -> int:
        """How many sources give disadvantage."""
        return len(self.sources) - self.advantages

    def terms(self) -> tuple[Term, ...]:
        """One term per source with its rule, then the netted edge with the dice and rule."""
        # Imported here: the ruleset contract may import this package (no import cycle).
        from ..rulesets.base import Term

        if not self.sources:
            return ()
        terms = [
            Term(s.label, _WORDS[ADVANTAGE if s.advantage else DISADVANTAGE], s.rule)
            for s in self.sources
        ]
        if self.advantages and self.disadvantages and self.edge == NORMAL:
            label = "Avantage et désavantage s’annulent"
        elif self.advantages and self.disadvantages:
            label = "Avantages et désavantages comptés les uns contre les autres"
        else:
            label = "Résultat"
        return (*terms, Term(label, f"{_WORDS[self.edge]} ({self.roll})", self.rule))


def net_edge(
    sources: Iterable[EdgeSource],
    netting: Netting = "cancel",
    method: EdgeMethod = "keep",
    count: int = 3,
    sides: int = 6,
    rule: str = "DOU-73",
) -> NetEdge:
    """Net the sources of a roll of count d`sides` into one edge rolled by `method`.

    3d6 gives 3d6, 4d6kh3 or 4d6kl3 (DOU-73, CFG-DOU-1 "keep"); count=1, sides=20 gives
    1d20, 2d20kh1 or 2d20kl1.
    """
    if netting not in ("cancel", "count"):
        raise ValueError(f"Règle inconnue : {netting} / Unknown netting: {netting}")
    kept = tuple(sources)
    up = sum(s.advantage for s in kept)
    down = len(kept) - up
    # cancel: the presence of each kind counts; count: the majority.
    score = (up > 0) - (down > 0) if netting == "cancel" else (up > down) - (up < down)
    edge = ADVANTAGE if score > 0 else DISADVANTAGE if score < 0 else NORMAL
    return NetEdge(EdgeRoll(count, sides, edge, method), kept, netting, rule)
