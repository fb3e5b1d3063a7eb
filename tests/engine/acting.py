"""Taking an action in an engine test as the GM would: preview, the dice typed (faces, or a
total, then the rolls that follow), resolve, prove the ChangeSet undoes exactly (G-4), apply."""

from __future__ import annotations

from msgspec.structs import replace

from gui.engine.checks.request import DiceResult
from gui.engine.contract.values import FORCE, Action, Preview, Resolution
from gui.engine.play.table import Table
from gui.engine.state.changes import apply, revert
from tests.engine.builders import dump


def forced_if_blocked(t: Table, action: Action) -> tuple[Action, Preview]:
    """The action and its preview, with « Passer outre » (FORCE, G-3) where the rules block
    it, as the GM who wants it done would tick it."""
    preview = t.preview(action)
    if any(n.blocking for n in preview.notices):
        action = replace(action, overrides={FORCE: True})
        preview = t.preview(action)
    return action, preview


def take(
    t: Table,
    kind: str,
    actor: str,
    target: str | None = None,
    faces: str | None = None,
    then: tuple[str, ...] = (),
    force: bool = False,
    agg: int | None = None,
    window: str | None = None,
    **options,
) -> Resolution:
    """The action taken (in `window` if given); its resolution."""
    a = Action(kind, actor, target, options, {FORCE: True} if force else {}, window)
    preview = t.preview(a)
    dice = DiceResult("none")
    if faces is not None:
        dice = DiceResult.typed_faces(faces, preview.dice)
    elif agg is not None:
        dice = DiceResult.typed_aggregate(agg, preview.dice)
    if then:
        follow = tuple(
            DiceResult.typed_faces(f, request)
            for f, request in zip(then, preview.more[: len(then)], strict=True)
        )
        dice = DiceResult(dice.mode, dice.faces, dice.aggregate, then=follow)
    resolution, cs = t.resolve(a, dice)
    before = dump(t.enc)
    apply(t.enc, cs)
    revert(t.enc, cs)
    assert dump(t.enc) == before
    t.apply(cs)
    return resolution
