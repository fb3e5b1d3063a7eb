"""A ruleset's calls run inside a context its encounter sets: a house-rule flag that its sheet
reading must honour everywhere (the modifiers' table, the death threshold…), without passing
the encounter down every function that reads a sheet."""

from __future__ import annotations

import functools
from collections.abc import Callable
from contextlib import AbstractContextManager

from gui.engine.state.model import Encounter


def within[**P, R](
    enter: Callable[[object, Encounter], AbstractContextManager[None]],
) -> Callable[[Callable[P, R]], Callable[P, R]]:
    """A decorator for a ruleset's methods whose second argument is the encounter: each call
    runs inside `enter(ruleset, encounter)`."""

    def decorate(method: Callable[P, R]) -> Callable[P, R]:
        @functools.wraps(method)
        def run(*args: P.args, **kwargs: P.kwargs) -> R:
            with enter(args[0], args[1]):  # type: ignore[arg-type]
                return method(*args, **kwargs)

        return run

    return decorate
