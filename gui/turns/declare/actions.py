"""The combat dock's steps for declare-then-act: « Déclarer… », Suivant turned
into « Lancer l'initiative » after the last declaration, Retarder and Agir maintenant on act
rows (one row per declared action); the lines that say who declares or which action is under
way; the order's declared-action column and the actions that happen at the same time."""

from __future__ import annotations

from PySide6.QtCore import QModelIndex

from gui.boot.i18n import tr
from gui.control.controller import Controller
from gui.engine.state.model import TurnEntry, TurnState
from gui.engine.turns import DeclareThenAct, current_entry
from gui.engine.turns.declare import in_act_phase
from gui.models import in_combat, unit_label
from gui.turns.cells import OrderCells
from gui.turns.columns import DECLARED, INIT, STATES
from gui.turns.declare.declaration import DeclarationDialog
from gui.turns.declare.initiative import ActionInitiativeDialog, cited
from gui.turns.mode_actions import Dock, Icon, ModeActions, for_modes


def declaring(turn: TurnState) -> bool:
    """True in the declaration phase."""
    return getattr(turn, "phase", "") == "declare"


def simultaneous_rows(turn: TurnState) -> dict[int, list[int]]:
    """CON-04, A-CON-17: the act entries of different units with the same initiative and the
    same score act at the same time; each such row → the rows it acts with."""
    groups: dict[tuple[int, int], list[int]] = {}
    for row, entry in enumerate(turn.order):
        if getattr(entry, "initiative", None) is not None:
            groups.setdefault((entry.initiative, entry.score), []).append(row)
    out: dict[int, list[int]] = {}
    for rows in groups.values():
        for row in rows:
            unit = turn.order[row].unit
            others = [r for r in rows if turn.order[r].unit != unit]
            if others:
                out[row] = others
    return out


def declared_text(turn: TurnState, entry: TurnEntry, blank: str | None = None) -> str:
    """What a unit announced (declaration phase) or the one action of an act row; an action
    declared without words reads `blank` (by default « (action sans description) »)."""
    declared = getattr(entry, "declared", [])
    if declaring(turn):
        return " ; ".join(declared)
    if getattr(entry, "initiative", None) is None:
        return tr("aucune action ce tour")
    if declared:
        return declared[0]
    return tr("(action sans description)") if blank is None else blank


class DeclareCells(OrderCells):
    """The order of declare-then-act: the declared action of each row, delayed ones, and the
    actions that happen at the same time."""

    def __init__(self, ctl: Controller) -> None:
        super().__init__(ctl)
        self._together: dict[int, list[int]] = {}

    def simultaneous_with(self, row: int) -> list[int]:
        """The rows acting at the same time as `row` (CON-04, A-CON-17), if any."""
        return self._together.get(row, [])

    def refreshed(self) -> None:
        self._together = simultaneous_rows(self.turn) if in_act_phase(self.turn) else {}

    def movable(self) -> bool:
        """Act rows are not dragged: several rows share a unit; Retarder and Agir
        maintenant reorder them (CON-05)."""
        return not in_act_phase(self.turn)

    def mark(self, entry: TurnEntry, row: int) -> str:
        if getattr(entry, "delayed", False):
            return "‖"
        return "=" if self.simultaneous_with(row) else ""  # same initiative and score (CON-04)

    def declared(self, entry: TurnEntry, row: int) -> str:
        if not in_combat(self.enc):
            return ""
        # The marks first: a narrow dock elides the end of long actions.
        text = declared_text(self.turn, entry, "—")
        if self.simultaneous_with(row):
            text = tr("simultané · {action}").format(action=text)
        if getattr(entry, "delayed", False):
            text = tr("retardée · {action}").format(action=text)
        return text

    def header_tip(self, column: int) -> str | None:
        if column == INIT:
            return tr("Score d’initiative aux déclarations, puis initiative de l’action")
        return None

    def tooltip(self, entry: TurnEntry, row: int) -> list[str]:
        """Score, declared actions, or the action of this row and who acts with it."""
        if not in_combat(self.enc):
            return []
        turn = self.turn
        lines = [tr("Score d’initiative : {score}").format(score=entry.score)]
        if declaring(turn):
            if entry.declared:
                lines.append(tr("Déclare :"))
                lines += [f"  {n}. {a}" for n, a in enumerate(entry.declared, 1)]
            else:
                lines.append(tr("Rien de déclaré pour l’instant"))
            return lines
        lines.append(tr("Action : {action}").format(action=declared_text(turn, entry)))
        if entry.initiative is not None:
            lines.append(tr("Initiative : {value}").format(value=entry.initiative))
        mode = self.mode
        assert isinstance(mode, DeclareThenAct)  # its rules: the ruleset's rule ids cited
        together = self.simultaneous_with(row)
        if together:
            names = ", ".join(unit_label(self.ctl, turn.order[r]) for r in together)
            lines.append(
                tr(
                    "Simultanée avec {names} (même initiative, même score) : les actions se "
                    "résolvent ensemble, les dégâts s’appliquent après{rule}"
                ).format(names=names, rule=cited(mode.rules.together_rule))
            )
        if entry.delayed:
            lines.append(
                tr(
                    "Action retardée : elle a lieu quand le MJ le dit (« Agir maintenant »{rule})"
                ).format(rule=cited(mode.rules.delay_rule, ", ", ""))
            )
        if entry.acted:
            lines.append(tr("Action faite (ou annulée)"))
        return lines


@for_modes("declare")
class DeclareActions(ModeActions):
    """« Déclarer… » (`declare`), « Retarder » (`delay`) and « Agir maintenant » (`act_now`);
    each step is one undo entry."""

    cells = DeclareCells
    columns = frozenset({INIT, DECLARED, STATES})
    wide_columns = frozenset({STATES})  # the declared actions need the room

    def __init__(self, dock: Dock) -> None:
        super().__init__(dock)
        self.declaration_dialog: DeclarationDialog | None = None
        self.initiative_dialog: ActionInitiativeDialog | None = None
        self.declare = self.action(
            tr("Déclarer…"),
            tr("Les actions qu’annonce l’unité dont c’est le tour de déclarer (D, ou double-clic)"),
            "D",
            Icon.SP_FileDialogDetailedView,
            self.open_declaration,
        )
        self.delay = self.action(
            tr("Retarder"),
            tr("L’action en cours attend ; elle aura lieu plus tard, quand le MJ le dit (R)"),
            "R",
            Icon.SP_MediaPause,
            self.delay_action,
        )
        self.act_now = self.action(
            tr("Agir maintenant"),
            tr("L’unité sélectionnée, qui attendait, agit maintenant (Maj+R)"),
            "Shift+R",
            Icon.SP_ArrowRight,
            self.act_now_action,
        )
        self.actions = (self.declare, self.delay, self.act_now)
        self._declare_tip = self.declare.toolTip()

    @property
    def declarations(self) -> DeclareThenAct:
        mode = self.mode
        assert isinstance(mode, DeclareThenAct)
        return mode

    def needs_initiative(self) -> bool:
        """True when the next step is the initiative roll (after the last declaration)."""
        return self.active() and self.declarations.needs_initiative(self.turn)

    # The dock --------------------------------------------------------------------------

    def start(self) -> None:
        """Declarations need no roll: the initiative comes after them."""
        self.dock.run(self.ctl.start_combat)

    def start_tip(self) -> str:
        return tr("Commencer le tour 1 par les déclarations, sans jet (F5)")

    def update(self) -> None:
        """Enable what makes sense now; Suivant says « Lancer l’initiative » when it is that."""
        dock, turn = self.dock, self.turn
        on = self.active()
        acting = current_entry(turn) if on else None
        self.declare.setEnabled(on and declaring(turn) and acting is not None)
        if acting is not None and declaring(turn):
            self.declare.setToolTip(
                tr("Les actions qu’annonce {name} (D, ou double-clic sur une ligne)").format(
                    name=unit_label(self.ctl, acting)
                )
            )
        else:
            self.declare.setToolTip(self._declare_tip)
        self.delay.setEnabled(on and in_act_phase(turn) and acting is not None)
        waiting = dock.selected_entry()
        self.act_now.setEnabled(
            on and in_act_phase(turn) and bool(waiting and getattr(waiting, "delayed", False))
        )
        if self.needs_initiative():
            dock.next_action.setText(tr("Lancer l’initiative"))
            dock.next_action.setToolTip(
                tr("Tout le monde a déclaré : lancer l’initiative de chaque unité (N)")
            )

    def round_text(self) -> str:
        """« Tour 2 — déclarations » or « Tour 2 — actions »."""
        if declaring(self.turn):
            return tr("Tour {n} — déclarations").format(n=self.turn.round)
        return tr("Tour {n} — actions").format(n=self.turn.round)

    def lines(self) -> tuple[str, str, str]:
        """(no colour, who declares or acts now, what they declared or do and who waits)."""
        if not self.active():
            return "", super().whose_turn(), ""
        turn = self.turn
        acting = current_entry(turn)
        if declaring(turn):
            if acting is None:
                return "", "", ""
            whose = tr("Déclare : {name} (score {score})").format(
                name=unit_label(self.ctl, acting), score=acting.score
            )
            if acting.declared:
                details = tr("Annonce : {actions}").format(actions=" ; ".join(acting.declared))
            else:
                details = tr("« Déclarer… » (D) ou double-clic, puis « Suivant »")
            if self.needs_initiative():
                details += "\n" + tr("Dernière déclaration : ensuite « Lancer l’initiative »")
            return "", whose, details
        details = []
        if acting is not None:
            whose = tr("Au tour de : {name}").format(name=unit_label(self.ctl, acting))
            line = tr("Action : {action} (initiative {value})").format(
                action=declared_text(turn, acting), value=acting.initiative
            )
            details.append(line)
            together = simultaneous_rows(turn).get(turn.current, [])
            if together:
                names = ", ".join(unit_label(self.ctl, turn.order[r]) for r in together)
                details.append(tr("Simultanée avec : {names}").format(names=names))
        else:
            whose = tr("Personne n’agit : « Agir maintenant » ou « Suivant »")
        waiting = [
            f"{unit_label(self.ctl, e)} ({e.declared[0]})"
            if e.declared
            else unit_label(self.ctl, e)
            for e in turn.order
            if getattr(e, "delayed", False)
        ]
        if waiting:
            details.append(tr("Retardées : {actions}").format(actions=", ".join(waiting)))
        return "", whose, "\n".join(details)

    def next_step(self) -> None:
        """Suivant: the next declarer or action, or the initiative roll once all declared."""
        if self.needs_initiative():
            self.open_initiative()
        else:
            self.dock.run(self.ctl.next_turn)

    def double_clicked(self, index: QModelIndex) -> None:
        """Declarations: a double-click declares for that unit (or amends what it said);
        actions: on a delayed row, it acts now."""
        if not index.isValid() or not self.active():
            return
        if declaring(self.turn):
            self.open_declaration(self.dock.order_model.entry(index.row()))
        elif getattr(self.dock.order_model.entry(index.row()), "delayed", False):
            self.act_now_action()

    # Steps ------------------------------------------------------------------------------

    def open_declaration(self, entry: TurnEntry | None = None) -> DeclarationDialog | None:
        """« Déclarer… » for the unit declaring now (or `entry`, double-clicked), window-modal;
        accepted, it is one undo entry, then « Suivant » if the GM left that box ticked."""
        entry = entry or current_entry(self.turn)
        if entry is None or not self.active() or not declaring(self.turn):
            return None
        if self.declaration_dialog is not None:
            self.declaration_dialog.deleteLater()
        dialog = DeclarationDialog(self.ctl, entry.unit, self.dock.widget)
        dialog.accepted.connect(lambda: self._declared(dialog))
        self.declaration_dialog = dialog
        dialog.open()
        return dialog

    def _declared(self, dialog: DeclarationDialog) -> None:
        if not self.dock.run(
            self.ctl.turn_step,
            "declare",
            None,
            unit=dialog.unit,
            actions=dialog.actions(),
            options=dialog.options(),
        ):
            return
        if dialog.advance():
            self.next_step()

    def open_initiative(self) -> ActionInitiativeDialog | None:
        """« Lancer l’initiative »: each unit's roll, window-modal; accepted, the act phase
        begins (one undo entry)."""
        if not self.needs_initiative():
            return None
        if self.initiative_dialog is not None:
            self.initiative_dialog.deleteLater()
        dialog = ActionInitiativeDialog(self.ctl, self.dock.widget)
        dialog.accepted.connect(
            lambda: self.dock.run(self.ctl.turn_step, "begin_act", None, rolls=dialog.rolls())
        )
        self.initiative_dialog = dialog
        dialog.open()
        return dialog

    def delay_action(self) -> None:
        """CON-05: the action under way waits; « Agir maintenant » brings it back."""
        acting = current_entry(self.turn)
        if acting is None or not self.active() or not in_act_phase(self.turn):
            return
        name = unit_label(self.ctl, acting)
        if acting.declared:
            label = tr("Retarder {name} : {action}").format(name=name, action=acting.declared[0])
        else:
            label = tr("Retarder {name}").format(name=name)
        self.dock.run(self.ctl.turn_step, "delay", label)

    def act_now_action(self) -> None:
        """CON-05: the selected delayed action happens now, before the current one."""
        rows = self.dock.order_view.selectionModel().selectedRows()
        if not rows or not self.active() or not in_act_phase(self.turn):
            return
        row = rows[0].row()
        entry = self.turn.order[row]
        if not getattr(entry, "delayed", False):
            return
        name = unit_label(self.ctl, entry)
        if entry.declared:
            label = tr("{name} agit maintenant : {action}").format(
                name=name, action=entry.declared[0]
            )
        else:
            label = tr("{name} agit maintenant").format(name=name)
        self.dock.run(self.ctl.turn_step, "act_now", label, index=row)
