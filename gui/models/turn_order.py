"""The turn order as a table: who acts, in which order, with initiative, actions and states;
with declarations (declare-then-act), one row per declared action once initiative is rolled."""

from __future__ import annotations

from typing import TYPE_CHECKING

from PySide6.QtCore import QAbstractTableModel, QMimeData, QModelIndex, QObject, Qt, Signal
from PySide6.QtGui import QColor, QGuiApplication, QPalette

from ..control.controller import Refused
from ..engine.model import Encounter, TurnEntry, TurnState
from ..engine.rulesets.attention_donjon import cards
from ..engine.rulesets.reserve_menace.passes import MINORS_UNIT
from ..engine.turns import AlternatingSides, move_unit
from ..i18n import tr
from . import ID_ROLE, ROOT, FollowsController, badges_text, bold_font, in_combat, unit_name

if TYPE_CHECKING:
    from ..control.controller import Controller

MARK, NAME, SIDE, INIT, ACTIONS, STATES, DECLARED = range(7)
MIME = "application/x-escarmouche-turn-unit"
_CENTRED = (MARK, INIT, ACTIONS)
_RED_SUITS = ("♥", "♦")
_RED = "#c62828"


def headers() -> tuple[str, ...]:
    return ("", tr("Nom"), tr("Camp"), tr("Init."), tr("Act."), tr("États"), tr("Action"))


def declaring(enc: Encounter) -> bool:
    """True in the declaration phase of a declare-then-act combat."""
    return enc.turn.policy == "declare" and enc.turn.phase == "declare"


def acting_phase(enc: Encounter) -> bool:
    """True once the initiative of the declared actions is rolled (one row per action)."""
    return enc.turn.policy == "declare" and enc.turn.phase == "act"


def simultaneous_rows(turn: TurnState) -> dict[int, list[int]]:
    """CON-04, A-CON-17: the act entries of different units with the same initiative and the
    same score act at the same time; each such row → the rows it acts with.

    (`DeclareThenAct.simultaneous` gives unit ids, which cannot tell a unit's several
    actions apart, and pairs a unit with itself when two of its actions tie.)"""
    groups: dict[tuple[int, int], list[int]] = {}
    for row, entry in enumerate(turn.order):
        if entry.initiative is not None:
            groups.setdefault((entry.initiative, entry.score), []).append(row)
    out: dict[int, list[int]] = {}
    for rows in groups.values():
        for row in rows:
            unit = turn.order[row].unit
            others = [r for r in rows if turn.order[r].unit != unit]
            if others:
                out[row] = others
    return out


def declared_text(enc: Encounter, entry: TurnEntry, blank: str | None = None) -> str:
    """What a unit announced (declaration phase) or the one action of an act row; an action
    declared without words reads `blank` (by default « (action sans description) »)."""
    if declaring(enc):
        return " ; ".join(entry.declared)
    if entry.initiative is None:
        return tr("aucune action ce tour")
    if entry.declared:
        return entry.declared[0]
    return tr("(action sans description)") if blank is None else blank


def unit_label(enc: Encounter, entry: TurnEntry, with_side: bool = False) -> str:
    """A turn unit in a few words: its combatant's name, or « Figurants mineurs ×6 » for the
    minors of a camp acting as one unit (`with_side`: « … (Les contrebandiers) ×6 »), or
    « Les gobelins (groupe de 4) » for a side's group drawing one card (AD-CARTES)."""
    if len(entry.members) > 1 and cards.is_group(entry):
        return tr("{side} (groupe de {n})").format(
            side=enc.side(entry.side).name, n=len(entry.members)
        )
    if len(entry.members) > 1 and entry.unit.startswith(MINORS_UNIT):
        if with_side:
            return tr("Figurants mineurs ({side}) ×{n}").format(
                side=enc.side(entry.side).name, n=len(entry.members)
            )
        return tr("Figurants mineurs ×{n}").format(n=len(entry.members))
    return unit_name(enc, entry)


def card_words(code: int) -> str:
    """A card in words: « Dame de cœur », « 10 de pique », « Joker »."""
    if cards.is_joker(code):
        return tr("Joker")
    rank, suit = divmod(code, 4)
    ranks = {11: tr("Valet"), 12: tr("Dame"), 13: tr("Roi"), 14: tr("As")}
    suits = (tr("trèfle"), tr("carreau"), tr("pique"), tr("cœur"))
    return tr("{rank} de {suit}").format(rank=ranks.get(rank, str(rank)), suit=suits[suit])


def card_tooltip(entry: TurnEntry) -> str:
    """AD-CARTES: the card a unit holds in words, or why it has none."""
    if entry.initiative is None and entry.acted:
        return tr("Pas de carte ce round : aucune figurine active")
    if entry.initiative is None:
        return tr("Carte à tirer (« Tirer les cartes »)")
    if cards.is_joker(entry.initiative):
        return tr("Joker : initiative libre, agit avant tout le monde (AD-CARTES)")
    return tr("Carte d’initiative : {card} — {name} (AD-CARTES)").format(
        card=cards.card_text(entry.initiative), name=card_words(entry.initiative)
    )


def budget(turn_actions: int, entry: TurnEntry) -> int:
    """A unit's actions per round (Passe): its own budget, else the policy's."""
    return turn_actions if entry.budget is None else entry.budget


class TurnOrderModel(FollowsController, QAbstractTableModel):
    """`enc.turn.order`, one row per unit; before the combat, the roster as a preview.

    The GM reorders by drag and drop (one undo entry, « Réordonner »); a refused edit is
    reported by `refused(Refused)` and leaves the order as it was.
    """

    refused = Signal(object)

    def __init__(self, controller: Controller, parent: QObject | None = None) -> None:
        super().__init__(parent)
        self._able: set[str] = set()  # alternating sides: the units that can still act
        self._together: dict[int, list[int]] = {}  # declare-then-act: simultaneous rows
        self._cards = False  # card initiative (AD-CARTES)
        self.follow(controller)
        self._read_policy()

    def reset(self) -> None:
        self._read_policy()
        super().reset()

    def resync(self, _changes: object = None) -> None:
        self._read_policy()
        super().resync(_changes)

    def _read_policy(self) -> None:
        """Which units can still act, asked once per change rather than once per cell."""
        enc = self.ctl.enc
        policy = self.ctl.ruleset.turn_policy(enc) if in_combat(enc) else None
        if isinstance(policy, AlternatingSides):
            self._able = {
                e.unit for e in enc.turn.order if e.actions_left > 0 and policy.can_act(e)
            }
        else:
            self._able = set()
        self._together = simultaneous_rows(enc.turn) if acting_phase(enc) else {}
        self._cards = isinstance(policy, cards.CardInitiative)

    # Reading the encounter ------------------------------------------------------------

    def shape(self) -> tuple[str, ...]:
        enc = self.ctl.enc
        if in_combat(enc):
            return tuple(e.unit for e in enc.turn.order)
        return tuple(c.id for c in enc.combatants)

    def entry(self, row: int) -> TurnEntry:
        """The unit shown on `row` (before the combat: a combatant as its own unit)."""
        enc = self.ctl.enc
        if in_combat(enc):
            return enc.turn.order[row]
        c = enc.combatants[row]
        return TurnEntry(unit=c.id, members=[c.id], side=c.side)

    def row_of(self, cid: str) -> int:
        """The row of the unit that `cid` belongs to, or -1. When a unit has several rows
        (one per declared action), the one acting now, else its first still to come."""
        rows = [r for r in range(self.rowCount()) if cid in self.entry(r).members]
        if len(rows) > 1:
            current = self.ctl.enc.turn.current
            waiting = [r for r in rows if r == current or not self.entry(r).acted]
            return current if current in rows else (waiting or rows)[0]
        return rows[0] if rows else -1

    def simultaneous_with(self, row: int) -> list[int]:
        """The rows acting at the same time as `row` (CON-04, A-CON-17), if any."""
        return self._together.get(row, [])

    def _is_current(self, row: int) -> bool:
        enc = self.ctl.enc
        return in_combat(enc) and row == enc.turn.current

    # Qt model ---------------------------------------------------------------------------

    def rowCount(self, parent: QModelIndex = ROOT) -> int:  # Qt override
        return 0 if parent.isValid() else len(self.row_ids)

    def columnCount(self, parent: QModelIndex = ROOT) -> int:  # Qt override
        return 0 if parent.isValid() else len(headers())

    def headerData(
        self, section: int, orientation: Qt.Orientation, role: int
    ) -> object:  # Qt override
        if orientation == Qt.Orientation.Horizontal and role == Qt.ItemDataRole.DisplayRole:
            return headers()[section]
        if orientation == Qt.Orientation.Horizontal and role == Qt.ItemDataRole.ToolTipRole:
            if section == ACTIONS:
                return tr("Actions restantes / actions par tour")
            if section == INIT and self.ctl.enc.turn.policy == "declare":
                return tr("Score d’initiative aux déclarations, puis initiative de l’action")
            if section == INIT and self._cards:
                return tr(
                    "Carte d’initiative : de la plus haute à la plus basse, à égalité Cœur, "
                    "Pique, Carreau, Trèfle ; Joker : initiative libre (AD-CARTES)"
                )
            return None
        return super().headerData(section, orientation, role)

    def data(
        self, index: QModelIndex, role: int = Qt.ItemDataRole.DisplayRole
    ) -> object:  # Qt override
        if not index.isValid():
            return None
        row, column = index.row(), index.column()
        entry = self.entry(row)
        if role == Qt.ItemDataRole.DisplayRole:
            return self._text(entry, row, column)
        if role == ID_ROLE:
            return entry.unit
        if role == Qt.ItemDataRole.ToolTipRole:
            return self._tooltip(entry, row)
        if role == Qt.ItemDataRole.TextAlignmentRole and column in _CENTRED:
            return int(Qt.AlignmentFlag.AlignCenter)
        if role == Qt.ItemDataRole.DecorationRole and column == SIDE:
            return QColor(self.ctl.enc.side(entry.side).colour)
        current = self._is_current(row)
        if role == Qt.ItemDataRole.FontRole and (current or self._stands_out(entry)):
            return bold_font()
        if role == Qt.ItemDataRole.BackgroundRole and current:
            colour = QGuiApplication.palette().color(QPalette.ColorRole.Highlight)
            colour.setAlpha(70)
            return colour
        if role == Qt.ItemDataRole.ForegroundRole and not current and self._done(entry):
            return QGuiApplication.palette().color(QPalette.ColorRole.PlaceholderText)
        if role == Qt.ItemDataRole.ForegroundRole and column == INIT and self._cards:
            red = self._text(entry, row, INIT).endswith(_RED_SUITS)
            return QColor(_RED) if red else None
        return None

    def _alternating(self) -> bool:
        enc = self.ctl.enc
        return in_combat(enc) and enc.turn.policy == "alternating"

    def _stands_out(self, entry: TurnEntry) -> bool:
        """Alternating sides: a unit of the side holding the initiative that can act."""
        return (
            self._alternating()
            and entry.side == self.ctl.enc.turn.holder
            and (entry.unit in self._able)
        )

    def _done(self, entry: TurnEntry) -> bool:
        """Greyed: it acted this round, or (alternating sides) it cannot act any more."""
        if self._alternating():
            return entry.unit not in self._able
        return entry.acted

    def _text(self, entry: TurnEntry, row: int, column: int) -> str:
        enc = self.ctl.enc
        if column == MARK:
            if self._is_current(row):
                return "▶"
            if entry.delayed:
                return "‖"  # paused (U+2016: common fonts lack U+23F8 ⏸)
            if self.simultaneous_with(row):
                return "="  # same initiative, same score (CON-04)
            return f"⚑ {entry.ready}" if entry.ready else ""
        if column == NAME:
            return unit_label(enc, entry)
        if column == SIDE:
            return enc.side(entry.side).name
        if column == INIT:
            if declaring(enc):
                return str(entry.score)
            card = self.ctl.ruleset.initiative_text(enc, entry)  # AD-CARTES: « D♥ »
            if card is not None:
                return card
            return "" if entry.initiative is None else str(entry.initiative)
        if column == DECLARED:
            # The marks first: a narrow dock elides the end of long actions.
            text = declared_text(enc, entry, "—")
            if self.simultaneous_with(row):
                text = tr("simultané · {action}").format(action=text)
            if entry.delayed:
                text = tr("retardée · {action}").format(action=text)
            return text
        if column == ACTIONS:
            if not self._alternating():
                return ""
            return f"{entry.actions_left}/{budget(enc.turn.actions_per_unit, entry)}"
        return " ; ".join(badges_text(self.ctl, cid) for cid in entry.members)

    def _tooltip(self, entry: TurnEntry, row: int) -> str:
        enc = self.ctl.enc
        lines = [
            f"{enc.combatant(cid).name} — {badges_text(self.ctl, cid)}" for cid in entry.members
        ]
        if enc.turn.policy == "declare":
            lines += self._declare_tooltip(entry, row)
        elif self._cards:
            lines.append(card_tooltip(entry))
        elif entry.initiative is not None:
            lines.append(tr("Initiative : {value}").format(value=entry.initiative))
        if entry.delayed and enc.turn.policy == "declare":
            lines.append(
                tr("Action retardée : elle a lieu quand le MJ le dit (« Agir maintenant », CON-05)")
            )
        elif entry.delayed:
            lines.append(tr("Retarde son action (« Agir maintenant » pour la reprendre)"))
        if entry.ready:
            lines.append(tr("Action préparée : {trigger}").format(trigger=entry.ready))
        if self._alternating():
            lines.append(
                tr("Actions restantes : {left} sur {budget}").format(
                    left=entry.actions_left, budget=budget(enc.turn.actions_per_unit, entry)
                )
            )
            if entry.unit not in self._able:
                lines.append(tr("Ne peut plus agir pendant cette Passe"))
        elif entry.acted and acting_phase(enc):
            lines.append(tr("Action faite (ou annulée)"))
        elif entry.acted and self._cards and entry.initiative is not None:
            lines.append(tr("Plus de tour ce round (joué, ou initiative perdue en attendant)"))
        elif entry.acted:
            lines.append(tr("A déjà agi ce round"))
        return "\n".join(lines)

    def _declare_tooltip(self, entry: TurnEntry, row: int) -> list[str]:
        """Score, declared actions, or the action of this row and who acts with it."""
        enc = self.ctl.enc
        lines = [tr("Score d’initiative : {score}").format(score=entry.score)]
        if declaring(enc):
            if entry.declared:
                lines.append(tr("Déclare :"))
                lines += [f"  {n}. {a}" for n, a in enumerate(entry.declared, 1)]
            else:
                lines.append(tr("Rien de déclaré pour l’instant"))
            return lines
        lines.append(tr("Action : {action}").format(action=declared_text(enc, entry)))
        if entry.initiative is not None:
            lines.append(tr("Initiative : {value}").format(value=entry.initiative))
        together = self.simultaneous_with(row)
        if together:
            names = ", ".join(unit_label(enc, enc.turn.order[r]) for r in together)
            lines.append(
                tr(
                    "Simultanée avec {names} (même initiative, même score) : les actions se "
                    "résolvent ensemble, les dégâts s’appliquent après (CON-04, A-CON-17)"
                ).format(names=names)
            )
        return lines

    # Reordering by drag and drop --------------------------------------------------------

    def flags(self, index: QModelIndex) -> Qt.ItemFlag:  # Qt override
        fighting = in_combat(self.ctl.enc)
        if not index.isValid():
            droppable = fighting and not acting_phase(self.ctl.enc)
            return Qt.ItemFlag.ItemIsDropEnabled if droppable else Qt.ItemFlag.NoItemFlags
        flags = Qt.ItemFlag.ItemIsEnabled | Qt.ItemFlag.ItemIsSelectable
        # Act rows of declared actions are not dragged: several rows share a unit, which
        # `move_unit` cannot tell apart; Retarder and Agir maintenant reorder them (CON-05).
        movable = fighting and not acting_phase(self.ctl.enc)
        return flags | Qt.ItemFlag.ItemIsDragEnabled if movable else flags

    def supportedDropActions(self) -> Qt.DropAction:  # Qt override
        return Qt.DropAction.MoveAction

    def mimeTypes(self) -> list[str]:  # Qt override
        return [MIME]

    def mimeData(self, indexes: list[QModelIndex]) -> QMimeData | None:  # Qt override
        if not indexes:
            return None
        data = QMimeData()
        data.setData(MIME, self.entry(indexes[0].row()).unit.encode())
        return data

    def dropMimeData(
        self,
        data: QMimeData,
        action: Qt.DropAction,
        row: int,
        column: int,
        parent: QModelIndex,
    ) -> bool:  # Qt override
        units = self.shape()
        unit = bytes(data.data(MIME).data()).decode()
        if action != Qt.DropAction.MoveAction or unit not in units:
            return False
        if parent.isValid():  # dropped on a row: before it
            row = parent.row()
        elif row < 0:  # dropped below the last row
            row = self.rowCount()
        return self.moveRows(ROOT, units.index(unit), 1, ROOT, row)

    def moveRows(
        self,
        sourceParent: QModelIndex,
        sourceRow: int,
        count: int,
        destinationParent: QModelIndex,
        destinationChild: int,
    ) -> bool:  # Qt override
        """Move one unit before `destinationChild` (a row of the order as it is now)."""
        enc = self.ctl.enc
        if sourceParent.isValid() or destinationParent.isValid() or count != 1:
            return False
        if not in_combat(enc) or not 0 <= sourceRow < len(enc.turn.order) or acting_phase(enc):
            return False
        to = destinationChild - 1 if destinationChild > sourceRow else destinationChild
        if to == sourceRow:
            return False
        unit = enc.turn.order[sourceRow].unit
        try:
            self.ctl.turn_step(tr("Réordonner"), move_unit(enc.turn, unit, to))
        except Refused as exc:
            self.refused.emit(exc)
            return False
        return True
