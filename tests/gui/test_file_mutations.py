"""Mutated encounter files against the real window: each demo, and each demo saved in the
middle of a fight, with its turn state, dice, sheets, resources and flags mutated.

The oracle (tests/gui/mutations.py): a mutated file is refused by the loader with a LoadError
that is not an internal error (and `load` of the file says the same as `loads`), or it opens
in MainWindow and survives Commencer le combat (or goes on with the fight it holds), Suivant,
Précédent, one action, undo of everything and a save; only the app's own refusals
(Refused, TurnError, ActionError, any BilingualError) may stop a step, nothing may escape
into Qt, and the save must succeed: a file that loads must save.

ESCARMOUCHE_SOAK=1 runs 500 examples per source (ESCARMOUCHE_SOAK=N: N per source);
`python -m tests.gui.mutations N` runs N per source without stopping at the first failure
and lists every failure class.
"""

import os

import pytest
from hypothesis import HealthCheck, given, note, settings
from hypothesis import strategies as st

from tests.gui import mutations
from tests.gui.mutations import DataChooser, check, mutated, sources, with_values

pytestmark = pytest.mark.gui

SOURCES = [
    *(f"{r}.demo" for r in mutations.RULESETS),
    *(f"{r}.mid" for r in mutations.RULESETS),
    "attention_donjon.cartes.mid",
    "reserve_menace.window",
]


def _examples() -> int:
    soak = os.environ.get("ESCARMOUCHE_SOAK", "")
    if not soak:
        return 25
    return int(soak) if soak.isdigit() and int(soak) > 1 else 500


MUTATIONS = settings(
    max_examples=_examples(),
    deadline=None,
    suppress_health_check=[
        HealthCheck.function_scoped_fixture,
        HealthCheck.too_slow,
        HealthCheck.data_too_large,
    ],
)


@pytest.fixture(autouse=True)
def no_fsync(monkeypatch):
    """Saves (and the autosave after every change) skip fsync: a third of the time here."""
    monkeypatch.setattr(os, "fsync", lambda fd: None)


@pytest.mark.parametrize("name", SOURCES)
def test_unmutated_sources_survive_the_session(qapp, tmp_path, name):
    """The harness itself: every source loads, opens, and the whole session goes through
    (the action is resolved; a mid-combat file goes on with its fight)."""
    said = check(sources()[name], tmp_path)
    assert said != ["refused by the loader"]
    assert not any(s.startswith(("start", "action")) for s in said), said


# One file of each failure class the soaks found (`python -m tests.gui.mutations`), so that
# the normal suite checks every class every time: the source, its edits (a JSON path inside
# `encounter`, -1 for the last item, and the value put there), and how it broke when found.
HISTORY = ("turn", "history")
KNOWN = {
    "dice state of the wrong length (ValueError in Table())": (
        "libre.mid",
        (("dice", "state"), [0]),
    ),
    "dice state with a value out of range (ValueError in Table())": (
        "libre.mid",
        (("dice", "state", 22), -1000),
    ),
    "holder naming no side (KeyError, turn_panel.py)": (
        "libre.demo",
        (("turn", "holder"), "archer"),
    ),
    "holder naming no side in Passes (KeyError, passes_actions.py)": (
        "reserve_menace.mid",
        (("turn", "holder"), "valeria"),
    ),
    "snapshot holder naming no side, met by Precedent (KeyError in a slot)": (
        "reserve_menace.mid",
        ((*HISTORY, -1, "holder"), "nobody"),
    ),
    "side_order naming no side (KeyError, reserve_menace passes.py)": (
        "reserve_menace.mid",
        (("turn", "side_order"), ["nobody"]),
    ),
    "current in an empty order, ranked (IndexError, turns.py)": (
        "libre.mid",
        (("turn", "order"), []),
        (HISTORY, []),
    ),
    "current in an empty order, declare-then-act (IndexError, turns.py)": (
        "conteur.mid",
        (("turn", "order"), []),
        (HISTORY, []),
    ),
    "card unit without members (IndexError, cards.py <- card_actions.py)": (
        "attention_donjon.cartes.mid",
        (("turn", "order", 0, "members"), []),
    ),
    "snapshot phase no policy knows, met by Precedent (ValidationError)": (
        "libre.mid",
        ((*HISTORY, -1, "phase"), "brigands"),
    ),
    "snapshot round below 0, met by Precedent (ValidationError)": (
        "libre.mid",
        ((*HISTORY, -1, "round"), -2),
    ),
    "snapshot activation below 0, met by Precedent (ValidationError)": (
        "libre.mid",
        ((*HISTORY, -1, "activation"), -1),
    ),
    "background path too long for the system (OSError, scene.py)": (
        "libre.demo",
        (("map", "background"), {"path": "x" * 300}),
    ),
    "grid cell tiny, origin far (OverflowError in GridItem.paint)": (
        "libre.demo",
        (("map", "grid"), {"cell_px": 1e-300, "origin_x": 1e300}),
    ),
    "grid cell below the float spacing (endless GridItem.paint)": (
        "libre.demo",
        (("map", "grid"), {"cell_px": 1e-300}),
    ),
}


@pytest.mark.parametrize("case", KNOWN)
def test_known_failure_classes_are_refused_or_survive(qapp, tmp_path, case):
    name, *edits = KNOWN[case]
    check(with_values(sources()[name], *edits), tmp_path, seconds=5)


@pytest.mark.parametrize("name", SOURCES)
@MUTATIONS
@given(data=st.data())
def test_mutated_file_is_refused_or_survives(qapp, tmp_path_factory, name, data):
    data_, done = mutated(sources()[name], DataChooser(data))
    for mutation in done:
        note(f"mutation: {mutation}")
    said = check(data_, tmp_path_factory.mktemp("mutation"))
    note(f"refusals: {said}")
