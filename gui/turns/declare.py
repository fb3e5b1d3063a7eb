"""The combat dock's steps for declare-then-act (DeclareThenAct, e.g. conteur): « Déclarer… »,
Suivant turned into « Lancer l’initiative » after the last declaration, Retarder and Agir
maintenant on act rows (one row per declared action), and the lines that say who declares
or which action is under way."""

from __future__ import annotations

from typing import TYPE_CHECKING

from PySide6.QtCore import QModelIndex
from PySide6.QtGui import QAction
from PySide6.QtWidgets import QStyle

from ..dialogs.action_initiative import ActionInitiativeDialog
from ..dialogs.declaration import DeclarationDialog
from ..engine.model import TurnEntry
from ..engine.turns import DeclareThenAct, current_entry
from ..i18n import tr
from ..models import in_combat
from ..models.turn_order import acting_phase, declared_text, declaring, unit_label

if TYPE_CHECKING:
    from .panel import TurnPanel


class DeclareActions:
    """« Déclarer… » (`declare`, owned by the panel) and the declare-then-act side of the
    panel's Suivant, Retarder and Agir maintenant; each step is one undo entry."""

    def __init__(self, panel: TurnPanel) -> None:
        self.panel = panel
        self.declaration_dialog: DeclarationDialog | None = None
        self.initiative_dialog: ActionInitiativeDialog | None = None
        self.declare = panel._action(
            tr("Déclarer…"),
            tr("Les actions qu’annonce l’unité dont c’est le tour de déclarer (D, ou double-clic)"),
            "D",
            QStyle.StandardPixmap.SP_FileDialogDetailedView,
            self.open_declaration,
        )
        self._tips = {a: a.toolTip() for a in (panel.next_action, panel.delay_action)}
        self._tips[self.declare] = self.declare.toolTip()
        self._next_text = panel.next_action.text()
        panel.order_view.doubleClicked.connect(self.double_clicked)

    # State ----------------------------------------------------------------------------

    def policy(self) -> DeclareThenAct | None:
        policy = self.panel._policy()
        return policy if isinstance(policy, DeclareThenAct) else None

    def active(self) -> bool:
        """True in a combat run by declarations then actions."""
        return in_combat(self.panel.ctl.enc) and self.policy() is not None

    def needs_initiative(self) -> bool:
        """True when the next step is the initiative roll (after the last declaration)."""
        policy = self.policy() if self.active() else None
        return policy is not None and policy.needs_initiative(self.panel.ctl.enc.turn)

    def update(self) -> None:
        """Enable what makes sense now; Suivant says « Lancer l’initiative » when it is that."""
        panel, enc = self.panel, self.panel.ctl.enc
        on = self.active()
        acting = current_entry(enc.turn) if on else None
        self.declare.setEnabled(on and declaring(enc) and acting is not None)
        if acting is not None and declaring(enc):
            self.declare.setToolTip(
                tr("Les actions qu’annonce {name} (D, ou double-clic sur une ligne)").format(
                    name=unit_label(enc, acting)
                )
            )
        else:
            self.declare.setToolTip(self._tips[self.declare])
        rolling = self.needs_initiative()
        panel.next_action.setText(tr("Lancer l’initiative") if rolling else self._next_text)
        panel.next_action.setToolTip(
            tr("Tout le monde a déclaré : lancer l’initiative de chaque unité (N)")
            if rolling
            else self._tips[panel.next_action]
        )
        panel.delay_action.setToolTip(
            tr("L’action en cours attend ; elle aura lieu plus tard, quand le MJ le dit (R)")
            if on
            else self._tips[panel.delay_action]
        )

    def can_delay(self) -> bool:
        enc = self.panel.ctl.enc
        return self.active() and acting_phase(enc) and current_entry(enc.turn) is not None

    def can_act_now(self) -> bool:
        entry = self.panel.selected_entry()
        return self.active() and acting_phase(self.panel.ctl.enc) and bool(entry and entry.delayed)

    def round_text(self) -> str:
        """« Tour 2 — déclarations » or « Tour 2 — actions »."""
        enc = self.panel.ctl.enc
        if declaring(enc):
            return tr("Tour {n} — déclarations").format(n=enc.turn.round)
        return tr("Tour {n} — actions").format(n=enc.turn.round)

    def lines(self) -> tuple[str, str]:
        """(who declares or acts now, what they declared or do and who waits)."""
        enc = self.panel.ctl.enc
        turn = enc.turn
        acting = current_entry(turn)
        if declaring(enc):
            if acting is None:
                return "", ""
            whose = tr("Déclare : {name} (score {score})").format(
                name=unit_label(enc, acting), score=acting.score
            )
            if acting.declared:
                details = tr("Annonce : {actions}").format(actions=" ; ".join(acting.declared))
            else:
                details = tr("« Déclarer… » (D) ou double-clic, puis « Suivant »")
            if self.needs_initiative():
                details += "\n" + tr("Dernière déclaration : ensuite « Lancer l’initiative »")
            return whose, details
        details = []
        if acting is not None:
            whose = tr("Au tour de : {name}").format(name=unit_label(enc, acting))
            line = tr("Action : {action} (initiative {value})").format(
                action=declared_text(enc, acting), value=acting.initiative
            )
            details.append(line)
            together = self.panel.order_model.simultaneous_with(turn.current)
            if together:
                names = ", ".join(unit_label(enc, turn.order[r]) for r in together)
                details.append(tr("Simultanée avec : {names}").format(names=names))
        else:
            whose = tr("Personne n’agit : « Agir maintenant » ou « Suivant »")
        waiting = [
            f"{unit_label(enc, e)} ({e.declared[0]})" if e.declared else unit_label(enc, e)
            for e in turn.order
            if e.delayed
        ]
        if waiting:
            details.append(tr("Retardées : {actions}").format(actions=", ".join(waiting)))
        return whose, "\n".join(details)

    # Steps ------------------------------------------------------------------------------

    def open_declaration(self, entry: TurnEntry | None = None) -> DeclarationDialog | None:
        """« Déclarer… » for the unit declaring now (or `entry`, double-clicked), window-modal;
        accepted, it is one undo entry, then « Suivant » if the GM left that box ticked."""
        enc = self.panel.ctl.enc
        entry = entry or current_entry(enc.turn)
        if entry is None or not self.active() or not declaring(enc):
            return None
        if self.declaration_dialog is not None:
            self.declaration_dialog.deleteLater()
        dialog = DeclarationDialog(self.panel.ctl, entry.unit, self.panel)
        dialog.accepted.connect(lambda: self._declared(dialog))
        self.declaration_dialog = dialog
        dialog.open()
        return dialog

    def _declared(self, dialog: DeclarationDialog) -> None:
        ctl = self.panel.ctl
        if not self.panel._run(ctl.declare, dialog.unit, dialog.actions(), dialog.options()):
            return
        if dialog.advance():
            self.next_step()

    def next_step(self) -> None:
        """Suivant: the next declarer or action, or the initiative roll once all declared."""
        if self.needs_initiative():
            self.open_initiative()
        else:
            self.panel._run(self.panel.ctl.next_turn)

    def open_initiative(self) -> ActionInitiativeDialog | None:
        """« Lancer l’initiative »: each unit's roll, window-modal; accepted, the act phase
        begins (one undo entry)."""
        if not self.needs_initiative():
            return None
        if self.initiative_dialog is not None:
            self.initiative_dialog.deleteLater()
        dialog = ActionInitiativeDialog(self.panel.ctl, self.panel)
        dialog.accepted.connect(lambda: self.panel._run(self.panel.ctl.begin_act, dialog.rolls()))
        self.initiative_dialog = dialog
        dialog.open()
        return dialog

    def delay(self) -> None:
        """CON-05: the action under way waits; « Agir maintenant » brings it back."""
        enc = self.panel.ctl.enc
        acting = current_entry(enc.turn)
        policy = self.policy()
        if acting is None or policy is None or not acting_phase(enc):
            return
        name = unit_label(enc, acting)
        if acting.declared:
            label = tr("Retarder {name} : {action}").format(name=name, action=acting.declared[0])
        else:
            label = tr("Retarder {name}").format(name=name)
        self.panel._run(lambda: self.panel.ctl.turn_step(label, policy.delay(enc.turn)))

    def act_now(self) -> None:
        """CON-05: the selected delayed action happens now, before the current one."""
        panel = self.panel
        rows = panel.order_view.selectionModel().selectedRows()
        policy = self.policy()
        if not rows or policy is None or not self.can_act_now():
            return
        row, enc = rows[0].row(), panel.ctl.enc
        entry = enc.turn.order[row]
        name = unit_label(enc, entry)
        if entry.declared:
            label = tr("{name} agit maintenant : {action}").format(
                name=name, action=entry.declared[0]
            )
        else:
            label = tr("{name} agit maintenant").format(name=name)
        panel._run(lambda: panel.ctl.turn_step(label, policy.act_now(enc.turn, row)))

    def double_clicked(self, index: QModelIndex) -> None:
        """Declarations: a double-click declares for that unit (or amends what it said);
        actions: on a delayed row, it acts now."""
        if not index.isValid() or not self.active():
            return
        enc = self.panel.ctl.enc
        if declaring(enc):
            self.open_declaration(self.panel.order_model.entry(index.row()))
        elif self.panel.order_model.entry(index.row()).delayed:
            self.act_now()

    @property
    def all(self) -> tuple[QAction, ...]:
        return (self.declare,)
