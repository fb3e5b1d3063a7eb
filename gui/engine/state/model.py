"""The encounter data model (pydantic v2, strict, unknown keys refused)."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from datetime import UTC, datetime
from typing import Annotated, Any, ClassVar, Literal

from pydantic import (
    BaseModel,
    ConfigDict,
    Field,
    JsonValue,
    PrivateAttr,
    SerializeAsAny,
    StringConstraints,
    ValidationInfo,
    field_validator,
    model_validator,
)
from pydantic_core import PydanticCustomError

from gui.engine.dice.rolling import rng_from_state
from gui.engine.state.references import reference_problem

# Validation context key: skip the reference check (the caller runs reference_problem itself).
DEFER_REFERENCES = "defer_references"

Id = Annotated[str, StringConstraints(min_length=1, max_length=64, pattern=r"^[A-Za-z0-9_.:-]+$")]
Name = Annotated[str, StringConstraints(min_length=1, max_length=200)]
Colour = Annotated[str, StringConstraints(pattern=r"^#[0-9a-fA-F]{6}$")]
Text = Annotated[str, StringConstraints(max_length=20_000)]
# A ruleset stat is JSON-like; its own schema (rulesets/schema.py) says which type and range.
# A table (weapons, armour) is a list of rows, each a dict of scalar cells. Every text is a
# constrained string: pydantic then refuses what UTF-8 cannot hold (a lone surrogate pasted
# in), so whatever the model accepts can be saved.
Scalar = int | float | Text | bool | None
StatValue = int | float | Text | bool | list[Text] | list[dict[Id, Scalar]] | None


class Strict(BaseModel):
    """Base of every model: strict types, no unknown keys, checked assignment."""

    model_config = ConfigDict(
        strict=True, extra="forbid", validate_assignment=True, allow_inf_nan=False
    )


# The map's extent in scene units: far beyond any battle map, yet small enough that drawing,
# layout and zoom stay finite (a hand-edited 1e300 must not hang the view).
EXTENT = 1_000_000.0
Coordinate = Annotated[float, Field(ge=-EXTENT, le=EXTENT)]
GRID_EXTENT = 100_000  # squares each way from the origin: far more than a map holds
Length = Annotated[float, Field(gt=0, le=EXTENT)]


class Indexed(Strict):
    """A model whose lists of items with ids (`INDEXED`) are searched by id in constant time:
    each list's positions by id are kept, checked at each use and rebuilt when the list
    changed (an item added, removed or moved; the list replaced)."""

    INDEXED: ClassVar[tuple[str, ...]] = ()
    _positions: dict[str, dict[str, int]] = PrivateAttr(default_factory=dict)

    def position(self, attr: str, key: str) -> int:
        """Where the item `key` is in the list `attr` (KeyError if it is not there)."""
        items = self.__dict__[attr]
        # The private dict itself: pydantic's attribute lookup of a private is slow, and this
        # runs for every row a view draws.
        positions = self.__pydantic_private__["_positions"].setdefault(attr, {})
        at = positions.get(key)
        if at is None or at >= len(items) or items[at].id != key:
            positions.clear()
            for n in range(len(items) - 1, -1, -1):  # the first of duplicated ids wins
                positions[items[n].id] = n
            at = positions.get(key)
            if at is None:
                raise KeyError(key)
        return at

    def __eq__(self, other: object) -> bool:
        """Equal values are equal models: the positions kept are not part of the value."""
        if not isinstance(other, BaseModel):
            return NotImplemented
        return (
            type(self) is type(other)
            and self.__dict__ == other.__dict__
            and self.__pydantic_extra__ == other.__pydantic_extra__
        )

    __hash__ = None  # type: ignore[assignment]  # mutable, as every model here


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


class Edge(Strict):
    """Adjacency between two zones, with an optional length in metres."""

    a: Id
    b: Id
    length_m: float | None = Field(default=None, ge=0, le=EXTENT)

    @model_validator(mode="after")
    def _distinct(self) -> Edge:
        if self.a == self.b:
            raise ValueError("an edge joins two different zones")
        return self


# The images a background may be (issue 31: the file names what the app opens — an image the
# GM chose, never any file on the disk).
IMAGE_SUFFIXES = (".png", ".jpg", ".jpeg", ".bmp", ".gif", ".webp")


class Background(Strict):
    """A battle-map image under the zones."""

    path: Text
    x: Coordinate = 0.0
    y: Coordinate = 0.0
    scale: float = Field(default=1.0, gt=0, le=100)
    opacity: float = Field(default=1.0, ge=0, le=1)

    @field_validator("path")
    @classmethod
    def _an_image(cls, path: str) -> str:
        if not path.lower().endswith(IMAGE_SUFFIXES):
            kinds = ", ".join(IMAGE_SUFFIXES)
            raise ValueError(f"fichier image attendu ({kinds}) / image file expected ({kinds})")
        return path


class Grid(Strict):
    """An optional square grid overlay; a cell is `cell_px` scene units and `cell_m` metres."""

    cell_px: float = Field(default=50.0, ge=2, le=2000)  # finer would draw millions of lines
    cell_m: float = Field(default=1.5, gt=0, le=EXTENT)
    origin_x: Coordinate = 0.0
    origin_y: Coordinate = 0.0
    visible: bool = True
    snap: bool = False


GridPoint = tuple[
    Annotated[int, Field(ge=-GRID_EXTENT, le=GRID_EXTENT)],
    Annotated[int, Field(ge=-GRID_EXTENT, le=GRID_EXTENT)],
]
Blocking = Literal["cover", "solid"]


class MapWall(Strict):
    """A wall on the grid's lines from the point `start` to `end` (a row or a column of
    points; grid/board.py): "solid" blocks lines and moves, "cover" gives cover."""

    start: GridPoint
    end: GridPoint
    blocks: Blocking = "solid"

    @model_validator(mode="after")
    def _along_a_line(self) -> MapWall:
        (x0, y0), (x1, y1) = self.start, self.end
        if (x0 != x1 and y0 != y1) or self.start == self.end:
            raise PydanticCustomError(
                "wall_line",
                "un mur suit une ligne de la grille, d’un point à un autre / a wall runs along a "
                "grid line, from one point to another",
            )
        return self


class MapSquare(Strict):
    """What a grid square holds: difficult or impassable terrain, an obstacle giving cover or
    blocking lines (grid/board.py)."""

    cell: GridPoint
    terrain: Literal["difficult", "impassable"] | None = None
    blocks: Blocking | None = None


class Map(Indexed):
    """Zones, their adjacency, the scale, a background image and a grid, with the grid's walls
    and squares (schema 4)."""

    INDEXED = ("zones",)

    zones: list[Zone] = []
    edges: list[Edge] = []
    metres_per_px: float | None = Field(default=None, gt=0, le=10_000)
    background: Background | None = None
    grid: Grid | None = None
    walls: list[MapWall] = []
    squares: list[MapSquare] = []

    def zone(self, zid: str) -> Zone:
        return self.zones[self.position("zones", zid)]


class Position(Strict):
    """Where a combatant stands: a zone, a grid cell, or both."""

    zone: Id | None = None
    cell: tuple[int, int] | None = None


class Track(Strict):
    """A row of boxes (health levels, Moniteur…); each mark is a short code, "" when empty."""

    marks: list[Annotated[str, StringConstraints(max_length=4)]]


class Expiry(Strict):
    """When a state ends by itself (engine/durations.py, the same for every ruleset): at the
    start or the end of a turn of its owner or of its source ("next turn": `skip` counts the
    turn under way when it began), after `rounds` new rounds, or once used."""

    at: Literal["turn_start", "turn_end", "rounds", "use"]
    whose: Literal["owner", "source"] = "owner"
    rounds: int | None = Field(default=None, ge=1, le=999)
    skip: int = Field(default=0, ge=0, le=1)

    @model_validator(mode="after")
    def _rounds_when_counted(self) -> Expiry:
        if (self.at == "rounds") != (self.rounds is not None):
            raise ValueError("a duration in rounds, and only it, gives how many rounds")
        return self


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
    position: Position = Position()
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
    list[Id | Annotated[int, Field(ge=0, le=1_000_000)]], Field(min_length=1, max_length=6)
]


class TurnPatch(Strict):
    """One value of the turn state as it was before a step: where, and what (as saved)."""

    path: TurnPath
    value: JsonValue


class TurnStep(Strict):
    """What one turn step changed, kept so that « Précédent » can step back over it."""

    patches: list[TurnPatch] = Field(min_length=1, max_length=10_000)


class TurnState(Strict):
    """The turn tracker: its mode, the round, the order and whose turn it is ("none": no
    combat). Each mode's state adds what the mode needs (the side holding the initiative,
    the phase…) and types its entries (`gui/engine/turns/<mode>.py`)."""

    mode: Id = "none"
    round: int = Field(default=0, ge=0)
    current: int = -1
    order: list[TurnEntry] = []
    # The action kinds each combatant has used (the ruleset's budgets: once per round, per
    # activation…).
    spent: dict[Id, list[Id]] = {}
    history: list[TurnStep] = Field(default=[], max_length=HISTORY_LIMIT)

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
    TURN_STATES[state.model_fields["mode"].default] = state
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
    round: int = Field(default=0, ge=0)


class LogEntry(Strict):
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

    @model_validator(mode="after")
    def _restorable(self) -> DiceState:
        if self.state is not None:
            rng_from_state(self.seed, self.state)  # ValueError, in both languages, if not
        return self


class Encounter(Indexed):
    """A whole fight: ruleset, flags, sides, combatants, map, turn state, log, dice, notes."""

    INDEXED = ("sides", "combatants", "windows")

    id: Id
    name: Name
    ruleset: Id
    flags: dict[Id, bool | int | Text] = {}
    sides: list[Side] = []
    combatants: list[Combatant] = []
    map: Map = Map()
    turn: SerializeAsAny[TurnState] = TurnState()
    windows: list[Window] = []  # reaction windows open, oldest first
    log: list[LogEntry] = []
    dice: DiceState = DiceState(seed=0)
    notes: Text = ""

    @field_validator("ruleset")
    @classmethod
    def _modes_known(cls, ruleset: str) -> str:
        """The turn modes of the encounter's ruleset, known before its turn state is read
        (a field read before `turn`; a model-wide validator would read dates as text)."""
        for load in MODE_LOADERS:
            load(ruleset)
        return ruleset

    @field_validator("turn", mode="before")
    @classmethod
    def _turn_of_its_mode(cls, value: object) -> object:
        """A saved turn state is read as the state type of its mode."""
        if not isinstance(value, dict):
            return value
        mode = value.get("mode", "none")
        state = TURN_STATES.get(mode) if isinstance(mode, str) else None
        if state is None:
            raise PydanticCustomError(
                "turn_mode",
                "mode de tour inconnu « {mode} » / unknown turn mode '{mode}'",
                {"mode": str(mode)[:80]},
            )
        return state.model_validate(value)

    @model_validator(mode="after")
    def _references(self, info: ValidationInfo) -> Encounter:
        # The loader defers this check to report it with a precise JSON path.
        if not (info.context or {}).get(DEFER_REFERENCES):
            problem = reference_problem(self)
            if problem is not None:
                raise ValueError(f"{problem.path}: {problem.en}")
        return self

    def combatant(self, cid: str) -> Combatant:
        return self.combatants[self.position("combatants", cid)]

    def side(self, sid: str) -> Side:
        return self.sides[self.position("sides", sid)]


def now() -> datetime:
    """The current time, timezone-aware (log entries)."""
    return datetime.now(UTC)
