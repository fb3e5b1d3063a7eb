"""Moves in the journal (issue 33, item 7): every move — a drop, a move the GM forces against
the rules (G-3), a combatant the rules move along, an evacuation when a zone is deleted —
writes its line in French and in English, in the move's own ChangeSet: one undo entry, and
undoing it takes the line back."""

from gui.boot.app import open_encounter
from gui.engine.contract.moving import way
from gui.engine.edits import map as map_edits
from gui.engine.play.table import Table
from gui.engine.space.destination import Destination
from gui.engine.state.changes import Change, change, log_change
from gui.engine.state.model import LogEntry
from tests.engine.builders import dump, fighter, libre_encounter


def moved(t: Table, cid: str, dest: Destination, force: bool = False) -> list[LogEntry]:
    """Apply the move and return the lines it wrote; then check that reverting the one
    ChangeSet gives back the encounter as it was, lines included."""
    before, count = dump(t.enc), len(t.enc.log)
    _notices, cs = t.move(cid, dest, force)
    t.apply(cs)
    lines = t.enc.log[count:]
    t.revert(cs)
    assert dump(t.enc) == before and len(t.enc.log) == count
    t.apply(cs)
    return lines


def said(line: LogEntry) -> tuple[str, str]:
    return line.action, line.action_en


def test_a_move_between_zones_says_where_and_how_far_in_both_languages():
    t = Table(open_encounter(None, "libre").enc)
    ysolde = t.enc.combatants[0]
    lines = moved(t, ysolde.id, Destination(zone="gue"))
    assert [said(line) for line in lines] == [
        (
            "Ysolde la Rousse se déplace vers « Le gué » (6 m)",
            "Ysolde la Rousse moves to 'Le gué' (6 m)",
        )
    ]
    assert lines[0].actor == ysolde.id and lines[0].round == t.enc.turn.round


def test_a_move_on_the_grid_counts_the_squares_and_metres_of_its_way():
    """Three squares straight down the nave, 1,5 m each; to the vault, the squares of the
    way the map's drag shows (round the walls), not as the crow flies."""
    t = Table(open_encounter(None, "d20_35").enc)
    lines = moved(t, "aldric", Destination(zone="nef", cell=(10, 9)))
    assert [said(line) for line in lines] == [
        (
            "Aldric se déplace dans « La nef » (3 cases, 4,5 m)",
            "Aldric moves within 'La nef' (3 squares, 4.5 m)",
        )
    ]
    dest = Destination(zone="caveau", cell=(17, 9))
    cost = way(t.ruleset, t.enc, t.enc.combatant("aldric"), dest).cost
    assert cost.squares > 7  # 7 squares in a straight line: the way goes round a wall
    lines = moved(t, "aldric", dest)
    n, metres = cost.squares, f"{cost.metres:g}"
    assert said(lines[0]) == (
        f"Aldric se déplace vers « Le caveau » ({n} cases, {metres.replace('.', ',')} m)",
        f"Aldric moves to 'Le caveau' ({n} squares, {metres} m)",
    )


def test_a_combatant_the_rules_move_along_has_its_own_line():
    """The rider goes with its mount (the rules' own position change): a line for each."""
    t = Table(open_encounter(None, "d20_35").enc)
    lines = moved(t, "tonnerre", Destination(zone="nef", cell=(6, 7)))
    assert [said(line) for line in lines] == [
        (
            "Tonnerre se déplace dans « La nef » (3 cases, 4,5 m)",
            "Tonnerre moves within 'La nef' (3 squares, 4.5 m)",
        ),
        ("Dame Ysolde se déplace avec Tonnerre", "Dame Ysolde moves with Tonnerre"),
    ]
    assert [line.actor for line in lines] == ["tonnerre", "ysolde"]


def test_the_rules_own_lines_come_after_the_move_s_line(monkeypatch):
    """A ruleset whose move writes a line of its own (an attack of opportunity opened…):
    the move's line first, the ruleset's after it, none overwriting the other."""
    t = Table(libre_encounter(fighter("x", "a"), fighter("y", "b")))

    def noisy(enc, c, dest) -> list[Change]:
        line = LogEntry.of(("Bruit", "Noise"), actor=c.id)
        return [change(enc, ("combatants", c.id, "notes"), "bruit"), log_change(enc, line)]

    monkeypatch.setattr(t.ruleset, "move_changes", noisy)
    lines = moved(t, "x", Destination(zone="z2"))
    assert [said(line) for line in lines] == [
        ("X se déplace vers « Z2 »", "X moves to 'Z2'"),
        ("Bruit", "Noise"),
    ]


def test_a_forced_move_is_one_line_that_says_so_and_what_it_overrode():
    """LIB-07: z3 is not linked to z1; the GM moves X there all the same (G-3)."""
    t = Table(libre_encounter(fighter("x", "a"), fighter("y", "b")))
    notices, _cs = t.move("x", Destination(zone="z3"))
    assert [n.rule for n in notices] == ["LIB-07"]
    lines = moved(t, "x", Destination(zone="z3"), force=True)
    assert [said(line) for line in lines] == [("X se déplace vers « Z3 »", "X moves to 'Z3'")]
    assert lines[0].outcome == "Déplacement imposé par le MJ malgré les règles"
    assert lines[0].outcome_en == "Move forced by the GM despite the rules"
    assert lines[0].breakdown == [f"G-3 passé outre : {notices[0]}"]
    assert lines[0].breakdown_en == [f"G-3 overridden: LIB-07 {notices[0].en}"]


def test_a_move_into_contact_names_the_partner():
    t = Table(open_encounter(None, "d20_35").enc)
    lines = moved(t, "aldric", Destination(zone="nef", cell=(11, 7), contact="ogre"))
    fr, en = said(lines[0])
    assert fr.endswith(", au contact de Grommash l'ogre") and en.endswith(
        ", into contact with Grommash l'ogre"
    )
    assert lines[0].target == "ogre"


def test_a_deleted_zone_s_combatants_each_have_their_line():
    t = Table(open_encounter(None, "libre").enc)
    enc = t.enc
    inside = [c for c in enc.combatants if c.position.zone == "gue"]
    assert inside
    for to, fr, en in (
        ("rive_est", "va dans « Rive est »", "goes to 'Rive est'"),
        (None, "quitte la carte", "leaves the map"),
    ):
        before = dump(enc)
        cs = map_edits.delete_zone(enc, "gue", to)
        t.apply(cs)
        lines = enc.log[-len(inside) :]
        assert [said(line) for line in lines] == [
            (f"Zone « Le gué » supprimée : {c.name} {fr}", f"Zone 'Le gué' deleted: {c.name} {en}")
            for c in inside
        ]
        assert [line.actor for line in lines] == [c.id for c in inside]
        t.revert(cs)
        assert dump(enc) == before
