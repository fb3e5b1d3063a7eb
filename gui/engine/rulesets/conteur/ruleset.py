"""Ruleset `conteur`: declared actions, d10 pools, soak and the B/L/A health track."""

from __future__ import annotations

from ...changes import ChangeSet
from ...model import Encounter
from ...turns import DeclareThenAct
from ..base import Action, ActionSpec, DiceResult, Preview, Resolution, Ruleset


class Conteur(Ruleset):
    """CON-01 to CON-45."""

    uses_contact = True

    def turn_policy(self, enc: Encounter) -> DeclareThenAct:
        return DeclareThenAct()

    def actions(self, enc: Encounter, actor: str, target: str | None) -> list[ActionSpec]:
        return []

    def preview(self, enc: Encounter, action: Action) -> Preview:
        raise NotImplementedError

    def resolve(
        self, enc: Encounter, action: Action, dice: DiceResult
    ) -> tuple[Resolution, ChangeSet]:
        raise NotImplementedError
