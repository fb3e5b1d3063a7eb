"""One way to declare an action (issue 35): its definition (ActionDef), the context its functions
read (ActionCtx: the action, its actor and target, its options), the ruleset that lists them."""

from __future__ import annotations

from collections.abc import Callable

from msgspec import Struct

from gui.engine.checks.request import DiceResult
from gui.engine.contract.base import Ruleset
from gui.engine.contract.sight import BY_MAP, SIGHT, Seeing, map_sight, overridden
from gui.engine.contract.values import (
    Action,
    ActionError,
    ActionSpec,
    AreaAttack,
    AreaOf,
    Preview,
    Resolution,
)
from gui.engine.state.changes import ChangeSet
from gui.engine.state.model import Combatant, Encounter, Expiry, State


class ActionCtx(Struct, frozen=True):
    """One action being previewed or resolved: its actor, target, options and flags."""

    ruleset: Ruleset
    enc: Encounter
    action: Action

    @property
    def actor(self) -> Combatant:
        if self.action.actor is None:
            raise ActionError("Choisir un acteur", "Choose an actor")
        return self.enc.combatant(self.action.actor)

    @property
    def target(self) -> Combatant:
        if self.action.target is None:
            raise ActionError("Choisir une cible", "Choose a target")
        return self.enc.combatant(self.action.target)

    def flag(self, flag_id: str) -> bool | int | str:
        return self.ruleset.flag(self.enc, flag_id)

    def listed_state(
        self, key: str, source: str | None = None, expiry: Expiry | None = None
    ) -> State:
        """A state of the ruleset's list, with its name and rules text in both languages."""
        spec = next(s for s in self.ruleset.data.states if s.key == key)
        return State(
            key=key,
            label=spec.label.fr,
            text=spec.text.fr,
            text_en=spec.text.en,
            source=source,
            expiry=expiry,
        )

    def own_area(self) -> AreaAttack | None:
        """The actor's own area attack (a breath), from its sheet (Ruleset.area_attack)."""
        return self.ruleset.area_attack(self.enc, self.actor)

    def sees(self, viewer: Combatant, target: Combatant) -> Seeing:
        """Whether `viewer` sees `target` on the map (issue 38), with the line that decides;
        the actor's sight of its target as the GM says, when the « Vue » option says (G-3)."""
        seeing = map_sight(self.enc, self.ruleset, viewer, target)
        if viewer.id == self.action.actor and target.id == self.action.target:
            seeing = overridden(seeing, self.choice(SIGHT, BY_MAP))
        return seeing

    def number(self, key: str, default: int = 0) -> int:
        value = self.action.options.get(key, default)
        return value if isinstance(value, int) and not isinstance(value, bool) else default

    def choice(self, key: str, default: str = "") -> str:
        value = self.action.options.get(key, default)
        return value if isinstance(value, str) else default

    def yes(self, key: str, default: bool = False) -> bool:
        """A toggle option; a missing one takes its field's default."""
        return self.action.options.get(key, default) is True

    def other(self, key: str) -> Combatant | None:
        """A combatant named by an option (a counterer, a supporter…), or None."""
        cid = self.choice(key)
        return self.enc.combatant(cid) if cid and cid != "-" else None


def _none(_ctx: object) -> None:
    return None


class ActionDef[C: ActionCtx](Struct, frozen=True):
    """One action of a ruleset, declared once and nowhere else (issue 35, the one way to
    declare an action): its kind, whether the actor has it and its fields (`spec`), its
    preview, its resolution, what it costs of the turn (`cost`, in the ruleset's own budget
    words; None: nothing or not counted) and what it provokes (`provokes`, the ruleset's own
    scope of an attack of opportunity; None: nothing), whether a combatant that cannot act
    still takes it (`while_unable`: a roll its state makes it take, a soak…) and whether it
    is an area of effect's, offered only for an area the GM drew (`area`). A ruleset
    lists its ActionDefs in `ActionRuleset.definitions`; no table keyed by kind lives outside
    them."""

    kind: str
    spec: Callable[[C], ActionSpec | None]
    preview: Callable[[C], Preview]
    resolve: Callable[[C, DiceResult], tuple[Resolution, ChangeSet]]
    cost: Callable[[C], object | None] = _none
    provokes: Callable[[C], object | None] = _none
    while_unable: bool = False
    area: bool = False  # an area of effect's: offered for an area drawn (Action.area), issue 37


class ActionRuleset(Ruleset):
    """A ruleset whose actions are ActionDefs reading its own action context (`context`)."""

    definitions: tuple[ActionDef, ...] = ()
    context: type[ActionCtx] = ActionCtx

    def actions(self, enc: Encounter, actor: str, target: str | None) -> list[ActionSpec]:
        """The actions `actor` has, in the order the dialog lists them."""
        return self._offered(enc, Action("", actor, target))

    def area_actions(self, enc: Encounter, actor: str, area: AreaOf) -> list[ActionSpec]:
        """The area actions `actor` has for the area drawn (issue 37)."""
        return self._offered(enc, Action("", actor, None, area=area))

    def _offered(self, enc: Encounter, asked: Action) -> list[ActionSpec]:
        out = []
        for d in self.definitions:
            if d.area == (asked.area is not None):
                spec = d.spec(self.context(self, enc, asked))
                if spec is not None:
                    out.append(spec)
        return out

    def definition(self, kind: str) -> ActionDef:
        """The ActionDef of `kind` (an ActionError when the ruleset has none)."""
        for d in self.definitions:
            if d.kind == kind:
                return d
        raise ActionError(f"Action inconnue « {kind} »", f"Unknown action '{kind}'")

    def acts_while_unable(self, kind: str) -> bool:
        """Whether its definition lets a combatant that cannot act take `kind` all the same."""
        return any(d.kind == kind and d.while_unable for d in self.definitions)

    def preview(self, enc: Encounter, action: Action) -> Preview:
        return self.definition(action.kind).preview(self.context(self, enc, action))

    def resolve(
        self, enc: Encounter, action: Action, dice: DiceResult
    ) -> tuple[Resolution, ChangeSet]:
        try:
            return self.definition(action.kind).resolve(self.context(self, enc, action), dice)
        except KeyError as exc:
            raise ActionError(f"Introuvable : {exc}", f"Not found: {exc}") from exc
