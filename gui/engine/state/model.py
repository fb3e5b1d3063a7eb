"""The encounter data model: msgspec Structs, decoded and checked in one pass from JSON (unknown
keys refused, every text and number typed and bounded). A Struct does not check what is assigned
to it: every change goes through state/changes.py, which checks each value against its field's
type (core/checking.py) before it lands."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from datetime import UTC, datetime
from itertools import pairwise
from typing import Annotated, Any, ClassVar, Literal

import msgspec
from msgspec import Meta, Struct, field

from gui.engine.dice.rolling import rng_from_state

# An id: unaccented letters, digits and _ . : -. The ids that name files (an encounter's, a
# ruleset's) are checked as they are read; the ids of the encounter's items in one pass over
# them all (state/references.py): a pattern checked on each of thousands of ids and sheet keys
# was most of the time to read a big file. Every other id refers to one of those.
ID_FORM = "[A-Za-z0-9_.:-]+"
Id = Annotated[str, Meta(min_length=1, max_length=64)]
FileId = Annotated[str, Meta(min_length=1, max_length=64, pattern=f"^{ID_FORM}$")]
Name = Annotated[str, Meta(min_length=1, max_length=200)]
Colour = Annotated[str, Meta(pattern=r"^#[0-9a-fA-F]{6}$")]
Text = Annotated[str, Meta(max_length=20_000)]
# A ruleset stat is JSON-like; its own schema (state/schema.py) says which type and range.
# A table (weapons, armour) is a list of rows, each a dict of scalar cells (a list holds texts
# or rows: msgspec takes one list type in a union, the schema tells which the field holds).
Scalar = int | float | Text | bool | None
StatValue = int | float | Text | bool | list[Text | dict[Id, Scalar]] | None


class Strict(Struct, forbid_unknown_fields=True):
    """Base of every model: typed fields, no unknown keys (checked when decoded; a change is
    checked by state/changes.py)."""

    def replace(self, **changes: Any) -> Any:
        """A shallow copy with `changes` (the values are the caller's, checked by it)."""
        return msgspec.structs.replace(self, **changes)


# The map's extent in scene units: far beyond any battle map, yet small enough that drawing,
# layout and zoom stay finite (a hand-edited 1e300 must not hang the view).
EXTENT = 1_000_000.0
Coordinate = Annotated[float, Meta(ge=-EXTENT, le=EXTENT)]
GRID_EXTENT = 100_000  # squares each way from the origin: far more than a map holds
Length = Annotated[float, Meta(gt=0, le=EXTENT)]


class Indexed(Strict, dict=True):
    """A model whose lists of items with ids (`INDEXED`) are searched by id in constant time:
    each list's positions by id are kept (an attribute that is not a field: neither saved nor
    compared), checked at each use and rebuilt when the list changed (an item added, removed
    or moved; the list replaced)."""

    INDEXED: ClassVar[tuple[str, ...]] = ()

    def position(self, attr: str, key: str) -> int:
        """Where the item `key` is in the list `attr` (KeyError if it is not there)."""
        items = getattr(self, attr)
        kept = self.__dict__
        positions = kept.get(attr)
        if positions is None:
            positions = kept[attr] = {}
        at = positions.get(key)
        if at is None or at >= len(items) or items[at].id != key:
            positions.clear()
            for n in range(len(items) - 1, -1, -1):  # the first of duplicated ids wins
                positions[items[n].id] = n
            at = positions.get(key)
            if at is None:
                raise KeyError(key)
        return at


class Rect(Strict):
    """A zone's rectangle in scene units (pixels at zoom 1)."""

    x: Coordinate
    y: Coordinate
    width: Length
    height: Length

    def centre(self) -> tuple[float, float]:
        return (self.x + self.width / 2, self.y + self.height / 2)


class Zone(Strict):
    """A named area of the map."""

    id: Id
    name: Name
    rect: Rect
    colour: Colour = "#8fa8c8"
    hidden: bool = False  # drawn faint for the GM, not at all in the players' view
    dark: bool = False  # unlit: seen only within a creature's darkvision (schema 6)
    explored: bool = False  # the players' side has seen it: shown dimmed under fog (schema 6)


class Edge(Strict):
    """Adjacency between two zones, with an optional length in metres."""

    a: Id
    b: Id
    length_m: Annotated[float, Meta(ge=0, le=EXTENT)] | None = None
    blocks_sight: bool = False  # « bloque la vue »: the zones do not see each other (schema 6)

    def __post_init__(self) -> None:
        if self.a == self.b:
            raise ValueError(
                "une liaison joint deux zones différentes / an edge joins two different zones"
            )


# The images a background may be (issue 31: the file names what the app opens — an image the
# GM chose, never any file on the disk).
IMAGE_SUFFIXES = (".png", ".jpg", ".jpeg", ".bmp", ".gif", ".webp")


class Background(Strict):
    """A battle-map image under the zones."""

    path: Text
    x: Coordinate = 0.0
    y: Coordinate = 0.0
    scale: Annotated[float, Meta(gt=0, le=100)] = 1.0
    opacity: Annotated[float, Meta(ge=0, le=1)] = 1.0

    def __post_init__(self) -> None:
        if not self.path.lower().endswith(IMAGE_SUFFIXES):
            kinds = ", ".join(IMAGE_SUFFIXES)
            raise ValueError(
                f"fichier image attendu ({kinds}) / image file expected ({kinds}) - at `$.path`"
            )


class Grid(Strict):
    """An optional square grid overlay; a cell is `cell_px` scene units and `cell_m` metres."""

    cell_px: Annotated[float, Meta(ge=2, le=2000)] = 50.0  # finer would draw millions of lines
    cell_m: Annotated[float, Meta(gt=0, le=EXTENT)] = 1.5
    origin_x: Coordinate = 0.0
    origin_y: Coordinate = 0.0
    visible: bool = True
    snap: bool = False


GridCoordinate = Annotated[int, Meta(ge=-GRID_EXTENT, le=GRID_EXTENT)]
GridPoint = tuple[GridCoordinate, GridCoordinate]
Blocking = Literal["cover", "solid"]
Door = Literal["closed", "open"]


class MapWall(Strict):
    """A wall on the grid's lines from the point `start` to `end` (a row or a column of
    points; grid/board.py): "solid" blocks lines and moves, "cover" gives cover. A door
    (schema 6) is such a wall while closed, and nothing while open."""

    start: GridPoint
    end: GridPoint
    blocks: Blocking = "solid"
    door: Door | None = None

    def __post_init__(self) -> None:
        (x0, y0), (x1, y1) = self.start, self.end
        if (x0 != x1 and y0 != y1) or self.start == self.end:
            raise ValueError(
                "un mur suit une ligne de la grille, d’un point à un autre / a wall runs along a "
                "grid line, from one point to another"
            )


class MapSquare(Strict):
    """What a grid square holds: difficult or impassable terrain, an obstacle giving cover or
    blocking lines (grid/board.py); a dark square (schema 6) is seen only within a creature's
    darkvision."""

    cell: GridPoint
    terrain: Literal["difficult", "impassable"] | None = None
    blocks: Blocking | None = None
    dark: bool = False


class Map(Indexed):
    """Zones, their adjacency, the scale, a background image and a grid, with the grid's walls
    and squares (schema 4); the squares the players' side has seen (schema 6), by row: the
    row's number → its runs as [first, last, first, last…] columns, in order."""

    INDEXED = ("zones",)

    zones: list[Zone] = []
    edges: list[Edge] = []
    metres_per_px: Annotated[float, Meta(gt=0, le=10_000)] | None = None
    background: Background | None = None
    grid: Grid | None = None
    walls: list[MapWall] = []
    squares: list[MapSquare] = []
    explored: dict[Id, list[GridCoordinate]] = {}
    fog: bool = False  # the players' view shows only what their side sees (schema 6)

    def __post_init__(self) -> None:
        for row, runs in self.explored.items():
            if not _runs_fit(row, runs):
                raise ValueError(
                    "une rangée vue se lit « numéro » : [première, dernière, …] colonnes, dans "
                    "l’ordre / a seen row reads 'number': [first, last, …] columns, in order"
                    f" - at `$.explored.{row[:20]}`"
                )

    def zone(self, zid: str) -> Zone:
        return self.zones[self.position("zones", zid)]


def _runs_fit(row: str, runs: list[int]) -> bool:
    """Whether a row of seen squares reads right: an integer row, its runs [first, last…]
    in increasing order, none overlapping."""
    try:
        if abs(int(row)) > GRID_EXTENT or str(int(row)) != row:
            return False
    except ValueError:
        return False
    if len(runs) % 2:
        return False
    return all(a <= b for a, b in pairwise(runs)) and all(
        runs[k] > runs[k - 1] + 1 for k in range(2, len(runs), 2)
    )


class Position(Strict):
    """Where a combatant stands: a zone, a grid cell, or both."""

    zone: Id | None = None
    cell: tuple[int, int] | None = None


class Track(Strict):
    """A row of boxes (health levels, Moniteur…); each mark is a short code, "" when empty."""

    marks: list[Annotated[str, Meta(max_length=4)]]


class Expiry(Strict):
    """When a state ends by itself (engine/durations.py, the same for every ruleset): at the
    start or the end of a turn of its owner or of its source ("next turn": `skip` counts the
    turn under way when it began), after `rounds` new rounds, or once used."""

    at: Literal["turn_start", "turn_end", "rounds", "use"]
    whose: Literal["owner", "source"] = "owner"
    rounds: Annotated[int, Meta(ge=1, le=999)] | None = None
    skip: Annotated[int, Meta(ge=0, le=1)] = 0

    def __post_init__(self) -> None:
        if (self.at == "rounds") != (self.rounds is not None):
            raise ValueError(
                "une durée en rounds, et elle seule, dit combien de rounds / a duration in "
                "rounds, and only it, gives how many rounds"
            )


class State(Strict):
    """A condition on a combatant, with its rules text, who caused it (`source`, a combatant)
    and when it ends (`expiry`; None: when removed)."""

    key: Id
    label: Name
    text: Text = ""
    value: int | None = None
    source: Id | None = None
    expiry: Expiry | None = None
    text_en: Text = ""  # `text` in English (schema 4), where the rules wrote it

    def texts(self) -> tuple[str, str]:
        """The rules text in French and English (the French where none was written)."""
        return self.text, self.text_en or self.text


class Combatant(Strict):
    """One token on the map with its ruleset sheet."""

    id: Id
    name: Name
    side: Id
    tier: Id | None = None
    stats: dict[Id, StatValue] = {}
    tracks: dict[Id, Track] = {}
    states: list[State] = []
    position: Position = field(default_factory=Position)
    contacts: list[Id] = []
    notes: Text = ""
    hidden: bool = False  # drawn faint for the GM, not at all in the players' view


class Side(Strict):
    """A side or camp, with its colour and ruleset resources (Réserve, Menace…); `players`:
    the players' own side, whose numbers the players' view shows (the others' it hides)."""

    id: Id
    name: Name
    colour: Colour = "#3a6ea5"
    resources: dict[Id, int] = {}
    players: bool = False


class TurnEntry(Strict):
    """One unit in the turn order: a combatant, or a group acting together. Each turn mode
    adds the fields it needs (initiative, actions left, declared actions…) in its own
    entry type (`gui/engine/turns/<mode>.py`)."""

    unit: Id
    members: list[Id]
    side: Id


HISTORY_LIMIT = 200  # turn steps « Précédent » can take back

# A place inside the turn state: field names and list positions (["order", 3, "acted"]).
TurnPath = Annotated[
    list[Id | Annotated[int, Meta(ge=0, le=1_000_000)]], Meta(min_length=1, max_length=6)
]


class TurnPatch(Strict):
    """One value of the turn state as it was before a step: where, and what (as saved)."""

    path: TurnPath
    value: Any


class TurnStep(Strict):
    """What one turn step changed, kept so that « Précédent » can step back over it."""

    patches: Annotated[list[TurnPatch], Meta(min_length=1, max_length=10_000)]


class TurnState(Strict):
    """The turn tracker: its mode, the round, the order and whose turn it is ("none": no
    combat). Each mode's state adds what the mode needs (the side holding the initiative,
    the phase…) and types its entries (`gui/engine/turns/<mode>.py`)."""

    mode: Id = "none"
    round: Annotated[int, Meta(ge=0)] = 0
    current: int = -1
    order: list[TurnEntry] = []
    # The action kinds each combatant has used (the ruleset's budgets: once per round, per
    # activation…).
    spent: dict[Id, list[Id]] = {}
    history: Annotated[list[TurnStep], Meta(max_length=HISTORY_LIMIT)] = []

    def repeats_units(self) -> bool:
        """True when a unit may have several rows in the order (one per declared action)."""
        return False

    def mode_problem(self, side_ids: set[str]) -> tuple[tuple[str | int, ...], str, str] | None:
        """What the mode's own fields name that does not exist (path inside the state, French,
        English); the order, `current` and `spent` are checked for every mode."""
        return None


# The state type of each turn mode, by its `mode` (turns/<mode>.py registers its own).
TURN_STATES: dict[str, type[TurnState]] = {"none": TurnState}


def register_turn_state(state: type[TurnState]) -> type[TurnState]:
    """Make a mode's state known to the loader (a class decorator)."""
    TURN_STATES[state().mode] = state
    return state


# What makes known the turn modes of a ruleset before an encounter's turn state is read: the
# registry adds its loader when imported (the model knows no ruleset, issue 35).
MODE_LOADERS: list[Callable[[str], None]] = []


def on_ruleset_read(loader: Callable[[str], None]) -> None:
    """Call `loader` with a ruleset's id whenever an encounter of that ruleset is read."""
    if loader not in MODE_LOADERS:
        MODE_LOADERS.append(loader)


class Window(Strict):
    """A resolution not finished yet, where others may react before it goes on (a reaction
    window): a hit waiting to be absorbed or for its damage, a move that provokes… It is
    saved, so it survives a restart; `gesture` is the window the GM's gesture began with,
    so that everything done in its windows is one undo entry."""

    id: Id
    kind: Id
    gesture: Id
    actor: Id | None = None  # who opened it (the attacker, the mover)
    target: Id | None = None  # whom it concerns (the combatant hit)
    value: int | None = None  # what it carries (the Qualités of the hit…)
    data: dict[Id, Scalar] = {}
    round: Annotated[int, Meta(ge=0)] = 0


class LogEntry(Strict, kw_only=True):
    """One line of the encounter log: who did what, how it was computed, the dice and outcome.

    The texts are kept in French and in English (`…_en`, empty in files of schema 3 and
    before, which show their French), so a file reads right in either language."""

    time: datetime
    round: int = 0
    actor: Id | None = None
    target: Id | None = None
    action: Name
    breakdown: list[Text] = []
    dice: list[int] = []
    outcome: Text = ""
    overrides: dict[Id, Text] = {}
    action_en: Text = ""
    breakdown_en: list[Text] = []
    outcome_en: Text = ""

    @classmethod
    def of(
        cls,
        action: tuple[str, str],
        outcome: tuple[str, str] = ("", ""),
        lines: Sequence[tuple[str, str]] = (),
        **fields: Any,
    ) -> LogEntry:
        """A line now, from (French, English) pairs: the action, the outcome, the breakdown."""
        return cls(
            time=now(),
            action=action[0],
            action_en=action[1],
            outcome=outcome[0],
            outcome_en=outcome[1],
            breakdown=[fr for fr, _ in lines],
            breakdown_en=[en for _, en in lines],
            **fields,
        )

    def english(self) -> tuple[str, list[str], str]:
        """The action, breakdown and outcome in English (the French where none was kept)."""
        breakdown = self.breakdown_en if len(self.breakdown_en) == len(self.breakdown) else []
        return (
            self.action_en or self.action,
            breakdown or self.breakdown,
            self.outcome_en or self.outcome,
        )


class DiceState(Strict):
    """The encounter's random generator: its seed and current state (see dice.rng_state)."""

    seed: int
    state: list[int] | None = None

    def __post_init__(self) -> None:
        if self.state is not None:
            rng_from_state(self.seed, self.state)  # ValueError, in both languages, if not


class Encounter(Indexed):
    """A whole fight: ruleset, flags, sides, combatants, map, turn state, log, dice, notes."""

    INDEXED = ("sides", "combatants", "windows")

    id: FileId
    name: Name
    ruleset: FileId
    flags: dict[Id, bool | int | Text] = {}
    sides: list[Side] = []
    combatants: list[Combatant] = []
    map: Map = field(default_factory=Map)
    # The state of the encounter's turn mode (a TurnState of the type its `mode` registered):
    # read as a plain object, then as its mode's state once the ruleset's modes are known.
    turn: Any = field(default_factory=TurnState)
    windows: list[Window] = []  # reaction windows open, oldest first
    log: list[LogEntry] = []
    dice: DiceState = field(default_factory=lambda: DiceState(seed=0))
    notes: Text = ""

    def __post_init__(self) -> None:
        if not isinstance(self.turn, TurnState):
            self.turn = read_turn(self.ruleset, self.turn)

    def read_field(self, name: str, value: Any) -> Any:
        """A saved value of the field `name`, typed `Any` (the turn state): read as a file's
        (a ValueError says what is wrong)."""
        if name != "turn":
            raise ValueError(f"no saved form for '{name}'")
        return read_turn(self.ruleset, value)

    def combatant(self, cid: str) -> Combatant:
        return self.combatants[self.position("combatants", cid)]

    def side(self, sid: str) -> Side:
        return self.sides[self.position("sides", sid)]


def read_turn(ruleset: str, value: Any) -> TurnState:
    """A saved turn state read as the state type of its mode, once the turn modes of the
    encounter's ruleset are known; a ValueError says what is wrong and where (`$.turn…`)."""
    for load in MODE_LOADERS:
        load(ruleset)
    if not isinstance(value, dict):
        raise ValueError("objet attendu / object expected - at `$.turn`")
    mode = value.get("mode", "none")
    state = TURN_STATES.get(mode) if isinstance(mode, str) else None
    if state is None:
        shown = str(mode)[:80]
        raise ValueError(
            f"mode de tour inconnu « {shown} » / unknown turn mode '{shown}' - at `$.turn.mode`"
        )
    try:
        return msgspec.convert(value, type=state)
    except msgspec.ValidationError as exc:
        text, at, where = str(exc).partition(" - at `$")
        raise ValueError(f"{text} - at `$.turn{where if at else '`'}") from None


def now() -> datetime:
    """The current time, timezone-aware (log entries)."""
    return datetime.now(UTC)
