"""Issue 31: the players' copy — the one filter of what the players may know — on the d20_35
demo: a hidden zone takes its walls and squares with it, a group counts its seen members, a
state naming someone hidden and the GM's notes are gone, nothing hidden is left by id."""

from __future__ import annotations

import msgspec

from gui.engine.files import storage
from gui.engine.play.players_copy import Secrets, players_copy, secrets, seen_entry
from gui.engine.rulesets import registry
from gui.engine.state.model import State


def _demo():
    ruleset = registry.get("d20_35")
    return storage.load(ruleset.demo_path), ruleset


def test_a_hidden_zone_takes_its_walls_and_squares():
    enc, _ = _demo()
    grid = enc.map.grid
    caveau = enc.map.zone("caveau").rect

    def in_caveau(x: float, y: float) -> bool:
        px, py = grid.origin_x + x * grid.cell_px, grid.origin_y + y * grid.cell_px
        nef = enc.map.zone("nef").rect
        inside = (
            caveau.x < px < caveau.x + caveau.width and caveau.y < py < caveau.y + caveau.height
        )
        return inside and not (nef.x <= px <= nef.x + nef.width)

    squares = [q for q in enc.map.squares if in_caveau(q.cell[0] + 0.5, q.cell[1] + 0.5)]
    assert squares  # the demo's caveau has ground of its own
    enc.map.zone("caveau").hidden = True
    copy = players_copy(enc)
    assert [z.id for z in copy.map.zones] == ["nef"]
    assert not [q for q in copy.map.squares if in_caveau(q.cell[0] + 0.5, q.cell[1] + 0.5)]
    assert len(copy.map.squares) == len(enc.map.squares) - len(squares)
    assert enc.map.walls and copy.map.walls  # the nef's walls stay


def test_a_group_counts_and_names_its_seen_members_only():
    enc, ruleset = _demo()
    units = ruleset.turn_units(enc)
    skeletons = next(u for u in units if "squelette_1" in u.members)
    assert ruleset.unit_label(enc, skeletons).fr == "Squelette humain ×3"
    enc.combatant("squelette_2").hidden = True
    known = secrets(enc)
    row = seen_entry(skeletons, known)
    assert row is not None and row.members == ["squelette_1", "squelette_3"]
    assert ruleset.unit_label(players_copy(enc, known), row).fr == "Squelette humain ×2"
    for cid in ("squelette_1", "squelette_3"):
        enc.combatant(cid).hidden = True
    assert seen_entry(skeletons, secrets(enc)) is None  # a unit they see nothing of: no row


def test_a_state_naming_someone_hidden_and_the_gm_s_notes_never_reach_the_copy():
    enc, _ = _demo()
    enc.notes = "Le trésor est sous la dalle"
    enc.combatant("aldric").notes = "Il trahira"
    touched = State(key="touche", label="Touché par Grommash l'ogre", source="ogre")
    enc.combatant("aldric").states = [touched, State(key="a_terre", label="À terre")]
    enc.combatant("ogre").hidden = True
    copy = players_copy(enc)
    saved = msgspec.json.encode(copy).decode()
    assert '"ogre"' not in saved and "Grommash" not in saved
    assert "trésor" not in saved and "trahira" not in saved
    assert [s.key for s in copy.combatant("aldric").states] == ["a_terre"]
    assert enc.combatant("aldric").states[0] == touched  # the GM's encounter untouched
    assert enc.notes and enc.combatant("aldric").notes


def test_a_secret_name_is_found_wherever_it_stands_in_a_text():
    # One search for every name of the encounter (compiled once for all moves under the fog),
    # at every place of a text, the longest name first; only secret ones tell.
    known = Secrets(
        frozenset(), ("annie", "Ogre", "Ogre noir"), ("Jean", "annie", "Ogre", "Ogre noir")
    )
    assert known.mentioned(["Jeannie"])  # « annie » overlaps the seen « Jean » before it
    assert known.mentioned(["L'Ogre noir frappe"]) and known.mentioned(["", "un Ogre"])
    assert not known.mentioned(["Jean attaque", ""])
    assert Secrets(frozenset(), ("Ogre",), ("Ogre", "Ogre noir")).mentioned(["l'Ogre frappe"])
    assert not Secrets(frozenset(), ()).mentioned(["Ogre"])


def test_the_names_found_in_a_text_are_kept_but_which_are_secret_is_asked_each_time():
    # Under the fog the secret names change at each move and the same log lines are read
    # again: the names found in a line are kept per search, the secret ones never.
    every = ("Aldric", "Ogre", "Zombie")
    line = ["Aldric frappe l'Ogre"]
    assert Secrets(frozenset(), ("Ogre",), every).mentioned(line)
    assert not Secrets(frozenset(), ("Zombie",), every).mentioned(line)  # same search, kept
    assert Secrets(frozenset(), ("Aldric", "Zombie"), every).mentioned(line)
