"""The combat dock's steps for alternating sides (AlternatingSides, e.g. the Passes of
reserve_menace): Faire agir, Passer, Donner l’initiative, Action de plus; and the lines that
say who holds the initiative and who can still act."""

from __future__ import annotations

from typing import TYPE_CHECKING

from PySide6.QtCore import QModelIndex
from PySide6.QtGui import QAction
from PySide6.QtWidgets import QStyle

from ..engine.model import TurnEntry
from ..engine.turns import AlternatingSides, TurnError, current_entry
from ..i18n import message, tr
from ..models import in_combat
from ..models.turn_order import unit_label

if TYPE_CHECKING:
    from .panel import TurnPanel

_ICON = QStyle.StandardPixmap


def actions_taken(taken: int, possible: int) -> str:
    """« 1 action sur 2 possibles » (French: 0 and 1 take the singular)."""
    if taken > 1:
        text = tr("{n} actions sur {m} possibles")
    elif possible > 1:
        text = tr("{n} action sur {m} possibles")
    else:
        text = tr("{n} action sur {m} possible")
    return text.format(n=taken, m=possible)


class PassesActions:
    """The four QActions of the alternating sides (`act`, `pass_`, `give`, `grant`), owned by
    the panel; each step is one undo entry named after the unit or side it concerns."""

    def __init__(self, panel: TurnPanel) -> None:
        self.panel = panel
        self.act = panel._action(
            tr("Faire agir"),
            tr("L’unité sélectionnée dans l’ordre du tour agit pour son camp (F, ou double-clic)"),
            "F",
            _ICON.SP_ArrowRight,
            self.make_act,
        )
        self.pass_ = panel._action(
            tr("Passer"),
            tr("L’unité qui agit, sinon la sélectionnée, renonce à ses actions restantes (Maj+P)"),
            "Shift+P",
            _ICON.SP_MediaSkipForward,
            self.pass_unit,
        )
        self.give = panel._action(
            tr("Donner l’initiative…"),
            tr("Le MJ donne l’initiative au camp de son choix (I)"),
            "I",
            _ICON.SP_BrowserReload,
            self.give_initiative,
        )
        self.grant = panel._action(
            tr("Action de plus"),
            tr("Le MJ accorde une action de plus à l’unité sélectionnée (Maj+A)"),
            "Shift+A",
            _ICON.SP_ArrowUp,
            self.grant_action,
        )
        self._tips = {a: a.toolTip() for a in self.all}
        panel.order_view.doubleClicked.connect(self.double_clicked)

    @property
    def all(self) -> tuple[QAction, ...]:
        return (self.act, self.pass_, self.give, self.grant)

    # State ----------------------------------------------------------------------------

    def active(self) -> bool:
        """True in a combat run by alternating sides."""
        return in_combat(self.panel.ctl.enc) and isinstance(self.panel._policy(), AlternatingSides)

    def _passing(self) -> TurnEntry | None:
        """Who « Passer » is for: the acting unit while it has actions, else the selected."""
        acting = current_entry(self.panel.ctl.enc.turn)
        if acting is not None and acting.actions_left > 0:
            return acting
        return self.panel.selected_entry()

    def update(self) -> None:
        """Enable what makes sense now."""
        on = self.active()
        enc = self.panel.ctl.enc
        chosen = self.panel.selected_entry() if on else None
        acting = current_entry(enc.turn) if on else None
        passing = self._passing() if on else None
        granted = chosen or acting
        self.act.setEnabled(chosen is not None and (acting is None or chosen.unit != acting.unit))
        self.pass_.setEnabled(passing is not None and passing.actions_left > 0)
        self.give.setEnabled(on and len(enc.turn.side_order) > 1)
        self.grant.setEnabled(granted is not None)
        for action, entry, tip in (
            (self.act, chosen, tr("{name} agit pour son camp (F, ou double-clic)")),
            (self.pass_, passing, tr("{name} renonce à ses actions restantes (Maj+P)")),
            (self.grant, granted, tr("Le MJ accorde une action de plus à {name} (Maj+A)")),
        ):
            if entry is not None:
                action.setToolTip(tip.format(name=unit_label(enc, entry)))
            else:
                action.setToolTip(self._tips[action])

    def lines(self) -> tuple[str, str, str]:
        """(the holder's colour, « Initiative : side », who acts and who can still act)."""
        enc = self.panel.ctl.enc
        turn = enc.turn
        if turn.holder is None:
            return "", "", ""
        side = enc.side(turn.holder)
        policy = self.panel._policy()
        acting = current_entry(turn)
        details = []
        if acting is not None:
            details.append(
                tr("Agit : {name} — {taken}").format(
                    name=unit_label(enc, acting, with_side=True),
                    taken=actions_taken(turn.activation, turn.activation + acting.actions_left),
                )
            )
        able = [
            unit_label(enc, e)
            for e in turn.order
            if e.side == turn.holder
            and e.actions_left > 0
            and (not isinstance(policy, AlternatingSides) or policy.can_act(e))
        ]
        if able:
            details.append(tr("Peuvent encore agir : {names}").format(names=", ".join(able)))
        else:
            details.append(tr("Plus personne de ce camp ne peut agir : « Suivant »"))
        if acting is None and able:
            details.append(tr("Choisir qui agit : « Faire agir » ou double-clic"))
        return side.colour, tr("Initiative : {side}").format(side=side.name), "\n".join(details)

    # Steps ------------------------------------------------------------------------------

    def make_act(self, entry: TurnEntry | None = None) -> None:
        """« Faire agir » the selected unit (or `entry`); when the rules refuse (its side does
        not hold the initiative…), the GM may impose it (G-3)."""
        panel = self.panel
        entry = entry or panel.selected_entry()
        if entry is None or not self.active():
            return
        name = unit_label(panel.ctl.enc, entry, with_side=True)
        policy = panel._policy()
        try:
            policy.select(panel.ctl.enc.turn, entry.unit)
        except TurnError as exc:
            if not panel.prompts.confirm(
                tr("Faire agir"),
                f"{message(exc)}.\n\n"
                + tr("Faire agir {name} quand même (décision du MJ) ?").format(name=name),
                tr("Faire agir quand même"),
            ):
                return
            label = tr("Faire agir : {name} (imposé par le MJ)").format(name=name)
            panel._turn_step(label, lambda p, turn: p.select(turn, entry.unit, force=True))
            return
        label = tr("Faire agir : {name}").format(name=name)
        panel._turn_step(label, lambda p, turn: p.select(turn, entry.unit))

    def double_clicked(self, index: QModelIndex) -> None:
        """Alternating sides: a double-click on a unit of the turn order is « Faire agir »."""
        if index.isValid() and self.active():
            self.make_act(self.panel.order_model.entry(index.row()))

    def pass_unit(self) -> None:
        entry = self._passing()
        if entry is not None and self.active():
            label = tr("Passer : {name}").format(name=unit_label(self.panel.ctl.enc, entry, True))
            self.panel._turn_step(label, lambda p, turn: p.pass_unit(turn, entry.unit))

    def give_initiative(self) -> None:
        enc = self.panel.ctl.enc
        if not self.active() or not enc.turn.side_order:
            return
        sides = list(enc.turn.side_order)
        if enc.turn.holder in sides:  # the next side first: the likely answer
            at = sides.index(enc.turn.holder) + 1
            sides = sides[at:] + sides[:at]
        names = [enc.side(s).name for s in sides]
        picked = self.panel.prompts.choice(
            tr("Donner l’initiative"), tr("Camp qui prend l’initiative :"), names
        )
        if picked is None:
            return
        side = sides[picked]
        label = tr("Donner l’initiative : {side}").format(side=names[picked])
        self.panel._turn_step(label, lambda p, turn: p.give_initiative(turn, side))

    def grant_action(self) -> None:
        entry = self.panel.selected_entry() or current_entry(self.panel.ctl.enc.turn)
        if entry is not None and self.active():
            name = unit_label(self.panel.ctl.enc, entry, with_side=True)
            label = tr("Action de plus : {name}").format(name=name)
            self.panel._turn_step(label, lambda p, turn: p.grant(turn, entry.unit, 1))
