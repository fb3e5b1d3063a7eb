"""Issue 13, deliver 5: every Controller entry point refuses a wrong type, an over-long text or
text UTF-8 cannot hold with the bilingual error, and changes nothing."""

import inspect
import json
import typing

import msgspec
import pytest

from gui.boot.app import open_encounter
from gui.control.controller import Controller, Refused
from gui.engine.core.arguments import argument_problem, fits
from gui.engine.state.model import Rect

pytestmark = pytest.mark.gui


class Stranger:
    """A value of a type no entry point takes."""

    def __repr__(self) -> str:
        return "Stranger()"


@pytest.fixture
def ctl(qapp):
    return Controller(open_encounter(None, "libre"))


def snapshot(ctl) -> tuple:
    return json.dumps(msgspec.to_builtins(ctl.enc)), ctl.undo_stack.count(), ctl.path


def entry_points() -> list[tuple[str, str]]:
    """(method, parameter) for every typed parameter of every public Controller method."""
    out = []
    for name, member in inspect.getmembers(Controller, inspect.isfunction):
        if name.startswith("_"):
            continue
        hints = typing.get_type_hints(inspect.unwrap(member))
        for param in inspect.signature(inspect.unwrap(member)).parameters:
            if param != "self" and hints.get(param) not in (None, object, typing.Any):
                out.append((name, param))
    return out


ENTRY_POINTS = entry_points()


def test_the_entry_points_are_all_found():
    names = {name for name, _ in ENTRY_POINTS}
    assert {"rename", "set_notes", "edit_stat", "move", "resolve", "save", "add_zone"} <= names
    assert len(names) >= 30  # every public method of the controller (32 when written)


@pytest.mark.parametrize(
    ("method", "param"), ENTRY_POINTS, ids=[f"{m}.{p}" for m, p in ENTRY_POINTS]
)
def test_a_wrong_type_is_refused_in_both_languages_and_changes_nothing(ctl, method, param):
    before = snapshot(ctl)
    signature = inspect.signature(inspect.unwrap(getattr(Controller, method)))
    args = {p: Stranger() for p in signature.parameters if p != "self"}
    args = {
        p: v
        for p, v in args.items()
        if p == param or signature.parameters[p].default is inspect.Parameter.empty
    }
    with pytest.raises(Refused) as info:
        getattr(ctl, method)(**args)
    assert "Stranger()" in info.value.fr and "Stranger()" in info.value.en
    assert snapshot(ctl) == before


@pytest.mark.parametrize(
    ("call", "fr", "en"),
    [
        (lambda c: c.rename("ysolde", 5), "texte attendu", "text expected"),
        (lambda c: c.set_notes("ysolde", None), "texte attendu", "text expected"),
        (lambda c: c.set_side("ysolde", ["pj"]), "texte attendu", "text expected"),
        (lambda c: c.duplicate("ysolde", "3"), "nombre entier attendu", "whole number expected"),
        (lambda c: c.duplicate("ysolde", True), "nombre entier attendu", "whole number expected"),
        (lambda c: c.set_track("ysolde", "x", "abc"), "liste attendu", "list expected"),
        (lambda c: c.add_zone({"x": 0}), "Rect attendu", "Rect expected"),
        (lambda c: c.rename("ysolde", "x" * 201), "200", "200"),
        (lambda c: c.rename("ysolde", ""), "de 1 à 200", "200"),
        (lambda c: c.rename("ysolde", "Ys\ud800"), "", ""),
        (lambda c: c.set_notes("ysolde", "n" * 20_001), "20 000", "20"),
        (lambda c: c.set_notes("ysolde", "\udfff"), "", ""),
        (lambda c: c.edit_stat("ysolde", "degats", "1d6+\udc80"), "", ""),
        (lambda c: c.rename_zone("gue", "z" * 201), "200", "200"),
        (lambda c: c.add_side("s" * 201, "#123456"), "200", "200"),
    ],
)
def test_bad_values_through_the_api_are_refused_with_a_message(ctl, call, fr, en):
    before = snapshot(ctl)
    with pytest.raises(Refused) as info:
        call(ctl)
    assert fr in info.value.fr and en in info.value.en
    assert info.value.fr and info.value.en
    assert snapshot(ctl) == before


def test_right_types_still_go_through(ctl):
    ctl.rename("ysolde", "Ysolde")
    ctl.add_zone(Rect(x=0, y=0, width=10, height=10), "Puits")
    ctl.duplicate("ysolde", 2)
    assert ctl.undo_stack.count() == 3


@pytest.mark.parametrize(
    ("value", "hint", "ok"),
    [
        (1, float, True),
        (True, int, False),
        (True, float, False),
        (None, str | None, True),
        ({"a": 1}, dict[str, int], True),
        ({"a": "1"}, dict[str, int], False),
        ([1, "2"], list[int], False),
        ((1, 2), tuple[int, int], True),
        ((1,), tuple[int, int], False),
        ("x", typing.Literal["x", "y"], True),
        ("z", typing.Literal["x", "y"], False),
        ([], object, True),
    ],
)
def test_fits(value, hint, ok):
    assert fits(value, hint) is ok


def test_a_call_with_a_missing_argument_is_refused_not_raised():
    def f(a: int, b: str) -> None: ...

    assert argument_problem(f, (1,), {})[1].startswith("invalid call")
