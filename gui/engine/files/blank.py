"""A new, empty encounter for a ruleset: two sides, no map yet, a fresh dice seed."""

from __future__ import annotations

import random
from datetime import UTC, datetime

from gui.engine.state.model import DiceState, Encounter, Side


def blank_encounter(ruleset: str, name: str = "Nouvelle rencontre") -> Encounter:
    """An encounter with the sides every table starts with: the players' and the others'."""
    stamp = datetime.now(UTC).strftime("%Y%m%d-%H%M%S")
    return Encounter(
        id=f"rencontre-{stamp}",
        name=name,
        ruleset=ruleset,
        sides=[
            Side(id="pj", name="Personnages", colour="#2f6db5", players=True),
            Side(id="adversaires", name="Adversaires", colour="#b53a2f"),
        ],
        dice=DiceState(seed=random.SystemRandom().randrange(2**32)),
    )
