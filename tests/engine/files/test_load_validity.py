"""Issue 13, deliver 2: one validity check for load, `check` and open. What the app relies on
(the dice generator's state, the turn tracker's references and indices, its history) is
checked at load and refused with its JSON path; a file that loads plays Suivant and Précédent."""

import json

import pytest

from gui.engine.files import storage
from gui.engine.files.storage import LoadError
from gui.engine.play.table import Table
from gui.engine.rulesets import registry


def mid_combat(ruleset: str) -> dict:
    """The parsed file of a ruleset's demo two steps into a fight (history included)."""
    t = Table(storage.load(registry.get(ruleset).demo_path))
    initiatives = {u: 10 for u in t.initiative_requests()}
    first = t.enc.sides[0].id
    t.apply(t.start_combat(initiatives, first_side=first))
    t.apply(t.next_turn())
    t.apply(t.next_turn())
    t.enc.dice = t.dice_state()  # as Table.save writes it
    return json.loads(storage.dumps(t.enc))


LIBRE = mid_combat("libre")
PASSES = mid_combat("reserve_menace")
DECLARE = mid_combat("conteur")


def spoiled(doc: dict, where: str, value) -> bytes:
    """`doc` with the value at a dotted path (`encounter.turn.current`) replaced."""
    doc = json.loads(json.dumps(doc))
    *parents, last = [int(p) if p.lstrip("-").isdigit() else p for p in where.split(".")]
    node = doc
    for part in parents:
        node = node[part]
    node[last] = value(node[last]) if callable(value) else value
    return json.dumps(doc).encode()


def patched(path: list, value):
    """A change to a history step's patches: the value it restores at `path` (the patch of
    that path replaced, or one added)."""

    def change(patches: list) -> list:
        kept = [p for p in patches if p["path"] != path]
        return [*kept, {"path": path, "value": value}]

    return change


CASES = {
    "dice state of the wrong length": (
        LIBRE,
        "encounter.dice.state",
        [1] * 10,
        "$.encounter.dice",
        "invalid dice generator state",
    ),
    "dice state from another generator version": (
        LIBRE,
        "encounter.dice.state",
        lambda s: [1, *s[1:]],
        "$.encounter.dice",
        "invalid dice generator state",
    ),
    "dice state with a broken tail": (
        LIBRE,
        "encounter.dice.state",
        lambda s: [*s[:-3], 3, 3, 3],
        "$.encounter.dice",
        "invalid dice generator state",
    ),
    "holder naming no side": (
        PASSES,
        "encounter.turn.holder",
        "personne",
        "$.encounter.turn.holder",
        "unknown side 'personne'",
    ),
    "current in an empty order": (
        {**LIBRE, "encounter": {**LIBRE["encounter"], "turn": {"mode": "ranked", "round": 1}}},
        "encounter.turn.current",
        0,
        "$.encounter.turn.current",
        "turn outside the turn order",
    ),
    "current before the start of the order": (
        LIBRE,
        "encounter.turn.current",
        -2,
        "$.encounter.turn.current",
        "turn outside the turn order",
    ),
    "dangling side in side_order": (
        PASSES,
        "encounter.turn.side_order.1",
        "disparu",
        "$.encounter.turn.side_order[1]",
        "unknown or repeated side 'disparu'",
    ),
    "side listed twice in side_order": (
        PASSES,
        "encounter.turn.side_order",
        lambda order: [order[0], order[0]],
        "$.encounter.turn.side_order[1]",
        "unknown or repeated side",
    ),
    "spent actions of nobody": (
        PASSES,
        "encounter.turn.spent",
        {"fantome": ["attaquer"]},
        "$.encounter.turn.spent.fantome",
        "unknown combatant 'fantome'",
    ),
    "unit without members": (
        LIBRE,
        "encounter.turn.order.0.members",
        [],
        "$.encounter.turn.order[0].members",
        "unit without members",
    ),
    "unit listed twice": (
        LIBRE,
        "encounter.turn.order.1",
        lambda _e: LIBRE["encounter"]["turn"]["order"][0],
        "$.encounter.turn.order[1].unit",
        "unit listed twice",
    ),
    # A step of the history keeps the values it changed (v2); the state it restores is
    # checked as the live one, and located at the step.
    "history step naming a removed combatant": (
        LIBRE,
        "encounter.turn.history.0.patches",
        patched(["order", 0, "members"], ["disparu"]),
        "$.encounter.turn.history[0]",
        "unknown combatant 'disparu'",
    ),
    "history step outside its order": (
        LIBRE,
        "encounter.turn.history.1.patches",
        patched(["current"], 99),
        "$.encounter.turn.history[1]",
        "turn outside the turn order",
    ),
    "history step with a holder naming no side": (
        PASSES,
        "encounter.turn.history.0.patches",
        patched(["holder"], "personne"),
        "$.encounter.turn.history[0]",
        "unknown side 'personne'",
    ),
    "history step in an unknown phase": (
        DECLARE,
        "encounter.turn.history.0.patches",
        patched(["phase"], "sieste"),
        "$.encounter.turn.history[0].patches",
        "cannot be taken back",
    ),
    "history step with a phase its mode does not have": (
        LIBRE,
        "encounter.turn.history.0.patches",
        patched(["phase"], "act"),
        "$.encounter.turn.history[0].patches",
        "cannot be taken back",
    ),
    "history step with a negative activation": (
        PASSES,
        "encounter.turn.history.0.patches",
        patched(["activation"], -1),
        "$.encounter.turn.history[0].patches",
        "cannot be taken back",
    ),
    "grid so fine it would draw millions of lines": (
        LIBRE,
        "encounter.map.grid",
        {"cell_px": 0.001, "cell_m": 1.5},
        "$.encounter.map.grid.cell_px",
        "at least 2",
    ),
    "zone far beyond any map": (
        LIBRE,
        "encounter.map.zones.0.rect.x",
        -1e300,
        "$.encounter.map.zones[0].rect.x",
        "at least -1000000",
    ),
    "turn mode the ruleset does not play": (
        LIBRE,
        "encounter.turn",
        lambda turn: {  # a sound alternating state: only its mode is wrong here
            "mode": "alternating",
            "round": turn["round"],
            "order": [{k: e[k] for k in ("unit", "members", "side")} for e in turn["order"]],
        },
        "$.encounter.turn.mode",
        "does not run turns in 'alternating' mode",
    ),
}


@pytest.mark.parametrize("case", sorted(CASES))
def test_a_file_the_app_could_not_play_is_refused_with_its_path(case, tmp_path):
    doc, where, value, path, en = CASES[case]
    data = spoiled(doc, where, value)
    with pytest.raises(LoadError) as info:
        storage.loads(data, "f.json")
    assert info.value.path == path, info.value
    assert en in info.value.en and info.value.fr
    assert "internal error" not in info.value.en
    # `escarmouche check` and Ouvrir read files through storage.load: the same verdict.
    (tmp_path / "f.json").write_bytes(data)
    with pytest.raises(LoadError) as again:
        storage.load(tmp_path / "f.json")
    assert again.value.path == path


@pytest.mark.parametrize("doc", [LIBRE, PASSES, DECLARE], ids=["ranked", "passes", "declare"])
def test_the_mid_combat_files_themselves_load_and_play_on(doc):
    t = Table(storage.loads(json.dumps(doc).encode()))
    t.apply(t.next_turn())
    t.apply(t.previous_turn())
    t.apply(t.previous_turn())
    assert storage.loads(storage.dumps(t.enc)) == t.enc
