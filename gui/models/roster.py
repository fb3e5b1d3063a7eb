"""The roster as a tree: each side with its colour and resources, then its combatants; a
camp's minor extras sit together under one « Figurants mineurs » row."""

from __future__ import annotations

from msgspec import Struct
from PySide6.QtCore import QAbstractItemModel, QModelIndex, QObject, Qt, Signal
from PySide6.QtGui import QColor, QFont

from gui.boot.i18n import either, labelled, language, pick, tr
from gui.control.controller import Controller, Refused
from gui.engine.edits import visibility
from gui.engine.state.model import Combatant, Side
from gui.engine.state.schema import FieldSpec, RulesetData
from gui.engine.state.touched import Touched
from gui.engine.turns import current_entry
from gui.models import ID_ROLE, ROOT, FollowsController, badges_text, bold_font

NAME, STATE = range(2)
KIND_ROLE = Qt.ItemDataRole.UserRole + 1  # SIDE, GROUP or COMBATANT
COUNTERS_ROLE = Qt.ItemDataRole.UserRole + 2  # the row's counters (a list of Counter)
SIDE, GROUP, COMBATANT = "side", "group", "combatant"

# internalId of a row: 0 for a side; 2·s + 2 for a row under side s (a combatant or its
# minors' group); 2·s + 3 for a minor under side s's group (a side has one group at most).
_SIDE_ROW = 0
_GROUP = None  # stands for the minors' group among a side's children in `row_ids`

BOXES_UP_TO = 6  # a counter whose maximum is this or less is drawn as boxes (Menace 0–5)
GAUGE_UP_TO = 20  # a side resource with a larger range is bookkeeping: text only


class Counter(Struct, frozen=True):
    """A number the roster draws large and the GM changes in place: a side's resource
    (`owner` SIDE) or a combatant's stat (`owner` COMBATANT)."""

    owner: str
    owner_id: str
    key: str
    label: str
    value: int
    minimum: int = 0
    maximum: int | None = None
    boxes: bool = False  # drawn as a row of boxes (filled = value) rather than a number
    editable: bool = True  # − and + (or the boxes) change it in place
    colour: str = ""  # the boxes' fill: the side's colour
    tip: str = ""

    def stepped(self, step: int) -> int | None:
        """The value one step down or up, None at the bound."""
        new = self.value + step
        if new < self.minimum or (self.maximum is not None and new > self.maximum):
            return None
        return new

    def box_value(self, box: int) -> int:
        """The value a click on box `box` (0-based) sets: up to that box, or one less when
        that box is the last filled one (a second click empties it)."""
        return box if self.value == box + 1 else box + 1


def _pretty(key: str) -> str:
    return key.replace("_", " ").capitalize()


def resource_label(data: RulesetData | None, key: str) -> str:
    """A side resource's label in the current language (the key prettified if undeclared)."""
    spec = data.resource(key) if data is not None else None
    return pick(spec.label) if spec is not None else _pretty(key)


def resources_text(side: Side, data: RulesetData | None = None) -> str:
    """A side's resources on one line: "Réserve du MJ 3 · Menace 2"."""
    return " · ".join(
        f"{resource_label(data, key)} {value}" for key, value in side.resources.items()
    )


def _tip(spec: FieldSpec, value: int) -> str:
    top = f" / {spec.maximum:g}" if spec.maximum is not None else ""
    colon = ": " if language() == "en" else " : "
    lines = [f"{pick(spec.label)}{colon}{value}{top}"]
    if spec.help:
        lines.append(pick(spec.help))
    if spec.rule:
        lines.append(spec.rule)
    return "\n".join(lines)


def _counter(
    owner: str,
    owner_id: str,
    spec: FieldSpec,
    value: int,
    colour: str = "",
    editable: bool = True,
) -> Counter:
    maximum = int(spec.maximum) if spec.maximum is not None else None
    boxes = maximum is not None and maximum <= BOXES_UP_TO
    if not editable:
        how = tr("Se corrige sur la fiche")
    elif boxes:
        how = tr("Clic sur une case : la valeur s’arrête à cette case")
    else:
        how = tr("− et + : un de moins, un de plus")
    return Counter(
        owner=owner,
        owner_id=owner_id,
        key=spec.key,
        label=pick(spec.label),
        value=value,
        minimum=int(spec.minimum) if spec.minimum is not None else 0,
        maximum=maximum,
        boxes=boxes,
        colour=colour,
        editable=editable,
        tip=f"{_tip(spec, value)}\n{how}",
    )


class RosterModel(FollowsController, QAbstractItemModel):
    """Sides (name, colour, resources) and their combatants (name, badges); the minor extras
    of a side are the children of one group row.

    `ID_ROLE` gives the side id or the combatant id (None on a group row); `KIND_ROLE` says
    which kind of row it is; `COUNTERS_ROLE` lists the counters drawn large (the GM's
    Réserve and Menace of a side, a Personnage's Réserve and Tension), which
    `set_counter` changes. A combatant's name is edited in place through
    `Controller.rename`; a refused edit is reported by `refused(Refused)`.
    """

    refused = Signal(object)

    def __init__(self, controller: Controller, parent: QObject | None = None) -> None:
        super().__init__(parent)
        self.follow(controller)
        self._acting = self._acting_now()

    # Following the changes -------------------------------------------------------------

    def _acting_now(self) -> frozenset[str]:
        acting = current_entry(self.ctl.enc.turn)
        return frozenset(acting.members) if acting is not None else frozenset()

    def may_reshape(self, notice: Touched) -> bool:
        grouping = self.ctl.ruleset.grouping_stats
        return notice.sides_shown or bool(notice.sides) or notice.regrouped(grouping)

    def touched_rows(self, notice: Touched) -> list[QModelIndex] | None:
        """The rows of the combatants touched and of those whose turn begins or ends, their
        groups' rows, and the rows of the sides touched."""
        if notice.everything:
            return None
        acting, before = self._acting_now(), self._acting
        self._acting = acting
        rows = []
        for cid in notice.combatants | (acting ^ before if notice.turn else frozenset()):
            index = self.index_of(cid)
            rows.append(index)
            if index.isValid() and index.internalId() % 2:  # a minor: its group's line too
                rows.append(index.parent())
        sides = {sid: row for row, (sid, _c, _g) in enumerate(self.row_ids)}
        rows += [self.index(sides[sid], 0) for sid in notice.sides if sid in sides]
        return rows

    def reset(self) -> None:
        super().reset()
        self._acting = self._acting_now()

    # Reading the encounter ------------------------------------------------------------

    def shape(self) -> tuple[tuple[str, tuple[str | None, ...], tuple[str, ...]], ...]:
        """Per side: its id, its children (combatant ids, `_GROUP` where its minors' group
        row stands, at its first minor) and the minors of that group."""
        enc = self.ctl.enc
        groups = self.ctl.ruleset.token_groups(enc, enc.combatants)
        out = []
        for s in enc.sides:
            children: list[str | None] = []
            grouped: list[str] = []
            for c in enc.combatants:
                if c.side != s.id:
                    continue
                if groups[c.id] is not None:
                    if not grouped:
                        children.append(_GROUP)
                    grouped.append(c.id)
                else:
                    children.append(c.id)
            out.append((s.id, tuple(children), tuple(grouped)))
        return tuple(out)

    def parents(self) -> list[QModelIndex]:
        out = [ROOT]
        for side_row, (_sid, children, _grouped) in enumerate(self.row_ids):
            side = self.index(side_row, 0)
            out.append(side)
            if _GROUP in children:
                out.append(self.index(children.index(_GROUP), 0, side))
        return out

    def kind(self, index: QModelIndex) -> str | None:
        """SIDE, GROUP or COMBATANT (None for the invalid index)."""
        if not index.isValid():
            return None
        iid = index.internalId()
        if iid == _SIDE_ROW:
            return SIDE
        if iid % 2:
            return COMBATANT
        children = self.row_ids[iid // 2 - 1][1]
        return GROUP if children[index.row()] is _GROUP else COMBATANT

    def is_combatant(self, index: QModelIndex) -> bool:
        return self.kind(index) == COMBATANT

    def is_group(self, index: QModelIndex) -> bool:
        return self.kind(index) == GROUP

    def _side_row(self, index: QModelIndex) -> int:
        iid = index.internalId()
        return index.row() if iid == _SIDE_ROW else (iid - 2) // 2

    def side(self, index: QModelIndex) -> Side:
        """The side of a row (a side row, or the side its combatant or group belongs to)."""
        return self.ctl.enc.side(self.row_ids[self._side_row(index)][0])

    def combatant_id(self, index: QModelIndex) -> str:
        _sid, children, grouped = self.row_ids[self._side_row(index)]
        cid = grouped[index.row()] if index.internalId() % 2 else children[index.row()]
        assert cid is not None, "a group row is not a combatant"
        return cid

    def combatant(self, index: QModelIndex) -> Combatant:
        return self.ctl.enc.combatant(self.combatant_id(index))

    def group_members(self, index: QModelIndex) -> list[Combatant]:
        """The minor extras under a group row."""
        enc = self.ctl.enc
        return [enc.combatant(cid) for cid in self.row_ids[self._side_row(index)][2]]

    def index_of(self, cid: str, column: int = NAME) -> QModelIndex:
        """The row of combatant `cid` (invalid if there is none), inside its group if any."""
        places = self.derived("places", self._places)
        place = places.get(cid)
        if place is None:
            return QModelIndex()
        side_row, row, grouped = place
        side = self.index(side_row, 0)
        if grouped:
            return self.index(row, column, self.index(self._group_row(side_row), 0, side))
        return self.index(row, column, side)

    def _places(self) -> dict[str | None, tuple[int, int, bool]]:
        """Where each combatant is: its side's row, its row, and whether in a group."""
        places: dict[str | None, tuple[int, int, bool]] = {}
        for side_row, (_sid, children, grouped) in enumerate(self.row_ids):
            places.update((cid, (side_row, row, False)) for row, cid in enumerate(children))
            places.update((cid, (side_row, row, True)) for row, cid in enumerate(grouped))
        return places

    def counters(self, index: QModelIndex) -> list[Counter]:
        """The counters of a row, in the order they are drawn from the right: a side's
        bounded resources (GM Réserve, then Menace), a combatant's Réserve and Tension."""
        kind, data = self.kind(index), self.ctl.ruleset.data
        if kind == SIDE:
            side = self.side(index)
            return [
                _counter(SIDE, side.id, spec, side.resources[spec.key], side.colour)
                for spec in data.resources
                if spec.key in side.resources
                and spec.kind == "int"
                and spec.maximum is not None
                and spec.maximum <= GAUGE_UP_TO
            ]
        if kind != COMBATANT:
            return []
        c = self.combatant(index)
        fields = data.field_map(c.tier)
        out = []
        for spec in fields.values():  # the ruleset's data says which stats show here
            if not spec.roster or spec.kind != "int":
                continue
            value = c.stats.get(spec.key, spec.default)
            if isinstance(value, bool) or not isinstance(value, int):
                continue
            main = spec.roster == "counter"
            if main or value:
                out.append(_counter(COMBATANT, c.id, spec, value, editable=main))
        return out

    def set_counter(self, index: QModelIndex, key: str, value: int) -> bool:
        """Change a counter of a row through the controller (one undo entry, successive
        steps merged); False, with `refused` emitted, when the value is refused."""
        kind = self.kind(index)
        try:
            if kind == SIDE:
                self.ctl.set_resource(self.side(index).id, key, value)
            elif kind == COMBATANT:
                self.ctl.edit_stat(self.combatant_id(index), key, value)
            else:
                return False
        except Refused as exc:
            self.refused.emit(exc)
            return False
        return True

    # Qt model ---------------------------------------------------------------------------

    def index(
        self, row: int, column: int, parent: QModelIndex = ROOT
    ) -> QModelIndex:  # Qt override
        # hasIndex() without its two calls back into Python: a tree view lays a thousand
        # rows out through here.
        if row < 0 or not 0 <= column < 2 or row >= self.rowCount(parent):
            return QModelIndex()
        if not parent.isValid():
            return self.createIndex(row, column, _SIDE_ROW)
        iid = parent.internalId()
        if iid == _SIDE_ROW:
            return self.createIndex(row, column, 2 * parent.row() + 2)
        return self.createIndex(row, column, iid + 1)  # under a group

    def parent(self, index: QModelIndex = ROOT) -> QModelIndex:  # Qt override
        if not index.isValid() or index.internalId() == _SIDE_ROW:
            return QModelIndex()
        iid = index.internalId()
        side_row = (iid - 2) // 2
        if iid % 2 == 0:
            return self.createIndex(side_row, 0, _SIDE_ROW)
        return self.createIndex(self._group_row(side_row), 0, iid - 1)

    def _group_row(self, side_row: int, missing: int | None = None) -> int:
        """The row of a side's minors' group among its children (kept per shape); `missing`
        when it has none (else a KeyError)."""
        rows = self.derived(
            "group rows",
            lambda: {
                n: children.index(_GROUP)
                for n, (_sid, children, _grouped) in enumerate(self.row_ids)
                if _GROUP in children
            },
        )
        return rows[side_row] if missing is None else rows.get(side_row, missing)

    def group_row(self, side: QModelIndex) -> int:
        """The row of the minors' group under a side's row, -1 if it has none."""
        return self._group_row(side.row(), -1)

    def rowCount(self, parent: QModelIndex = ROOT) -> int:  # Qt override
        kind = self.kind(parent)
        if kind is None:
            return len(self.row_ids)
        if parent.column() != 0 or kind == COMBATANT:
            return 0
        _sid, children, grouped = self.row_ids[self._side_row(parent)]
        return len(children) if kind == SIDE else len(grouped)

    def columnCount(self, parent: QModelIndex = ROOT) -> int:  # Qt override
        return 2

    def headerData(
        self, section: int, orientation: Qt.Orientation, role: int
    ) -> object:  # Qt override
        if orientation == Qt.Orientation.Horizontal and role == Qt.ItemDataRole.DisplayRole:
            return (tr("Nom"), tr("État"))[section]
        return super().headerData(section, orientation, role)

    def flags(self, index: QModelIndex) -> Qt.ItemFlag:  # Qt override
        if not index.isValid():
            return Qt.ItemFlag.NoItemFlags
        flags = Qt.ItemFlag.ItemIsEnabled | Qt.ItemFlag.ItemIsSelectable
        if self.is_combatant(index) and index.column() == NAME:
            flags |= Qt.ItemFlag.ItemIsEditable
        return flags

    def data(
        self, index: QModelIndex, role: int = Qt.ItemDataRole.DisplayRole
    ) -> object:  # Qt override
        kind = self.kind(index)
        if kind is None:
            return None
        if role == KIND_ROLE:
            return kind
        if role == COUNTERS_ROLE:
            return self.counters(index) if index.column() == STATE else []
        if kind == COMBATANT:
            return self._combatant_data(self.combatant(index), index.column(), role)
        if kind == GROUP:
            return self._group_data(index, role)
        return self._side_data(self.side(index), index.column(), role)

    def _side_data(self, side: Side, column: int, role: int) -> object:
        data = self.ctl.ruleset.data
        if role == Qt.ItemDataRole.DisplayRole:
            return side.name if column == NAME else resources_text(side, data)
        if role == ID_ROLE:
            return side.id
        if role == Qt.ItemDataRole.DecorationRole and column == NAME:
            return QColor(side.colour)
        if role == Qt.ItemDataRole.FontRole:
            return bold_font()
        if role == Qt.ItemDataRole.ToolTipRole:
            count = sum(1 for c in self.ctl.enc.combatants if c.side == side.id)
            lines = [side.name, tr("{n} combattant(s)").format(n=count)]
            if side.players:
                lines.append(tr("Camp des joueurs : la vue des joueurs montre ses chiffres"))
            lines += [
                f"{resource_label(data, key)} : {value}" for key, value in side.resources.items()
            ]
            return "\n".join(line for line in lines if line)
        return None

    def _group_text(self, index: QModelIndex) -> str:
        members = self.group_members(index)
        enc, ruleset = self.ctl.enc, self.ctl.ruleset
        playing = sum(1 for c in members if not ruleset.is_out(enc, c))
        group = ruleset.token_group(enc, members[0]) if members else None
        return tr("{group} ({n} en jeu / {total})").format(
            group=pick(group[1]) if group else "", n=playing, total=len(members)
        )

    def _group_data(self, index: QModelIndex, role: int) -> object:
        if role == Qt.ItemDataRole.DisplayRole:
            return self._group_text(index) if index.column() == NAME else ""
        if role == Qt.ItemDataRole.FontRole:
            font = QFont()
            acting = current_entry(self.ctl.enc.turn)
            members = {c.id for c in self.group_members(index)}
            font.setBold(acting is not None and bool(members & set(acting.members)))
            font.setItalic(True)
            return font
        if role == Qt.ItemDataRole.ToolTipRole:
            lines = [self._group_text(index)]
            for c in self.group_members(index):
                out = self.ctl.ruleset.is_out(self.ctl.enc, c)
                name = tr("{name} (hors combat)").format(name=c.name) if out else c.name
                lines.append(f"• {name}")
            return "\n".join(lines)
        return None

    def _combatant_data(self, c: Combatant, column: int, role: int) -> object:
        if role in (Qt.ItemDataRole.DisplayRole, Qt.ItemDataRole.EditRole):
            return c.name if column == NAME else badges_text(self.ctl, c.id)
        if role == ID_ROLE:
            return c.id
        if role == Qt.ItemDataRole.FontRole:
            acting = current_entry(self.ctl.enc.turn)
            return bold_font() if acting is not None and c.id in acting.members else None
        unseen = visibility.unseen(self.ctl.enc, c)
        if role == Qt.ItemDataRole.ForegroundRole and unseen:  # as faint as on the map
            return QColor("#8a8a8a")
        if role == Qt.ItemDataRole.ToolTipRole:
            lines = [c.name, badges_text(self.ctl, c.id)]
            if unseen:
                lines.append(tr("Caché aux joueurs"))
            names = self.ctl.ruleset.state_label
            lines += [labelled(pick(names(s)), either(*s.texts())) for s in c.states if s.text]
            lines.append(c.notes)
            return "\n".join(line for line in lines if line)
        return None

    def setData(
        self, index: QModelIndex, value: object, role: int = Qt.ItemDataRole.EditRole
    ) -> bool:  # Qt override
        if role != Qt.ItemDataRole.EditRole or not self.is_combatant(index):
            return False
        if index.column() != NAME:
            return False
        try:
            self.ctl.rename(self.combatant(index).id, str(value))
        except Refused as exc:
            self.refused.emit(exc)
            return False
        return True
