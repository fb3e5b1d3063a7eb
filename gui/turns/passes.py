"""The combat dock's steps for alternating sides (rounds may be called Passes): Faire
agir, Passer, Donner l'initiative, Action de plus; the lines that say who holds the
initiative and who can still act; the order's actions column."""

from __future__ import annotations

from PySide6.QtCore import QModelIndex

from gui.boot.i18n import message, pick, tr
from gui.control.controller import Controller
from gui.engine.state.model import TurnEntry
from gui.engine.turns import AlternatingSides, TurnError, current_entry
from gui.models import in_combat, unit_label
from gui.turns.cells import OrderCells
from gui.turns.columns import ACTIONS, SIDE, STATES
from gui.turns.mode_actions import Dock, Icon, ModeActions, for_modes


def actions_taken(taken: int, possible: int) -> str:
    """« 1 action sur 2 possibles » (French: 0 and 1 take the singular)."""
    if taken > 1:
        text = tr("{n} actions sur {m} possibles")
    elif possible > 1:
        text = tr("{n} action sur {m} possibles")
    else:
        text = tr("{n} action sur {m} possible")
    return text.format(n=taken, m=possible)


class PassCells(OrderCells):
    """The order of alternating sides: actions left, who can still act (bold on the side
    holding the initiative), who cannot (greyed)."""

    def __init__(self, ctl: Controller) -> None:
        super().__init__(ctl)
        self._able: set[str] = set()

    def refreshed(self) -> None:
        """Which units can still act, asked once per change rather than once per cell."""
        able = self.mode.able(self.turn) if in_combat(self.enc) else []  # type: ignore[attr-defined]
        self._able = {e.unit for e in able}

    def actions_left(self, entry: TurnEntry) -> str:
        if not in_combat(self.enc):
            return ""
        budget = getattr(entry, "budget", None)
        per_round = self.turn.actions_per_unit if budget is None else budget
        return f"{getattr(entry, 'actions_left', 0)}/{per_round}"

    def tooltip(self, entry: TurnEntry, row: int) -> list[str]:
        if not in_combat(self.enc):
            return []
        budget = getattr(entry, "budget", None)
        lines = [
            tr("Actions restantes : {left} sur {budget}").format(
                left=getattr(entry, "actions_left", 0),
                budget=self.turn.actions_per_unit if budget is None else budget,
            )
        ]
        if entry.unit not in self._able:
            after = self.turn.replace(round=self.turn.round + 1)
            upcoming = pick(self.mode.round_label(after))
            lines.append(tr("Ne peut plus agir avant : {round}").format(round=upcoming))
        return lines

    def header_tip(self, column: int) -> str | None:
        return tr("Actions restantes / actions par tour") if column == ACTIONS else None

    def stands_out(self, entry: TurnEntry) -> bool:
        """A unit of the side holding the initiative that can act."""
        return entry.side == getattr(self.turn, "holder", None) and entry.unit in self._able

    def done(self, entry: TurnEntry) -> bool:
        return entry.unit not in self._able


@for_modes("alternating")
class PassesActions(ModeActions):
    """The four QActions of the alternating sides (`act`, `pass_`, `give`, `grant`); each
    step is one undo entry named after the unit or side it concerns."""

    cells = PassCells
    columns = frozenset({SIDE, ACTIONS, STATES})

    def __init__(self, dock: Dock) -> None:
        super().__init__(dock)
        self.act = self.action(
            tr("Faire agir"),
            tr("L’unité sélectionnée dans l’ordre du tour agit pour son camp (F, ou double-clic)"),
            "F",
            Icon.SP_ArrowRight,
            self.make_act,
        )
        self.pass_ = self.action(
            tr("Passer"),
            tr("L’unité qui agit, sinon la sélectionnée, renonce à ses actions restantes (Maj+P)"),
            "Shift+P",
            Icon.SP_MediaSkipForward,
            self.pass_unit,
        )
        self.give = self.action(
            tr("Donner l’initiative…"),
            tr("Le MJ donne l’initiative au camp de son choix (I)"),
            "I",
            Icon.SP_BrowserReload,
            self.give_initiative,
        )
        self.grant = self.action(
            tr("Action de plus"),
            tr("Le MJ accorde une action de plus à l’unité sélectionnée (Maj+A)"),
            "Shift+A",
            Icon.SP_ArrowUp,
            self.grant_action,
        )
        self.actions = (self.act, self.pass_, self.give, self.grant)
        self._tips = {a: a.toolTip() for a in self.actions}

    @property
    def sides(self) -> AlternatingSides:
        mode = self.mode
        assert isinstance(mode, AlternatingSides)
        return mode

    def _passing(self) -> TurnEntry | None:
        """Who « Passer » is for: the acting unit while it has actions, else the selected."""
        acting = current_entry(self.turn)
        if acting is not None and getattr(acting, "actions_left", 0) > 0:
            return acting
        return self.dock.selected_entry()

    # The dock --------------------------------------------------------------------------

    def update(self) -> None:
        """Enable what makes sense now."""
        on = self.active()
        chosen = self.dock.selected_entry() if on else None
        acting = current_entry(self.turn) if on else None
        passing = self._passing() if on else None
        granted = chosen or acting
        self.act.setEnabled(chosen is not None and (acting is None or chosen.unit != acting.unit))
        self.pass_.setEnabled(passing is not None and getattr(passing, "actions_left", 0) > 0)
        self.give.setEnabled(on and len(getattr(self.turn, "side_order", ())) > 1)
        self.grant.setEnabled(granted is not None)
        for action, entry, tip in (
            (self.act, chosen, tr("{name} agit pour son camp (F, ou double-clic)")),
            (self.pass_, passing, tr("{name} renonce à ses actions restantes (Maj+P)")),
            (self.grant, granted, tr("Le MJ accorde une action de plus à {name} (Maj+A)")),
        ):
            if entry is not None:
                action.setToolTip(tip.format(name=unit_label(self.ctl, entry)))
            else:
                action.setToolTip(self._tips[action])

    def start(self) -> None:
        """The GM says which side takes the first initiative."""
        self.dock.open_initiative_dialog(first_side=True)

    def start_tip(self) -> str:
        return tr("Choisir le camp qui a la première initiative (F5)")

    def lines(self) -> tuple[str, str, str]:
        """(the holder's colour, « Initiative : side », who acts and who can still act)."""
        turn = self.turn
        holder = getattr(turn, "holder", None)
        if not self.active() or holder is None:
            return "", super().whose_turn(), ""
        side = self.enc.side(holder)
        acting = current_entry(turn)
        details = []
        if acting is not None:
            left = getattr(acting, "actions_left", 0)
            details.append(
                tr("Agit : {name} — {taken}").format(
                    name=unit_label(self.ctl, acting, with_side=True),
                    taken=actions_taken(turn.activation, turn.activation + left),
                )
            )
        able = [unit_label(self.ctl, e) for e in self.sides.able(turn) if e.side == holder]
        if able:
            details.append(tr("Peuvent encore agir : {names}").format(names=", ".join(able)))
        else:
            details.append(tr("Plus personne de ce camp ne peut agir : « Suivant »"))
        if acting is None and able:
            details.append(tr("Choisir qui agit : « Faire agir » ou double-clic"))
        return side.colour, tr("Initiative : {side}").format(side=side.name), "\n".join(details)

    def double_clicked(self, index: QModelIndex) -> None:
        """A double-click on a unit of the turn order is « Faire agir »."""
        if index.isValid() and self.active():
            self.make_act(self.dock.order_model.entry(index.row()))

    # Steps ------------------------------------------------------------------------------

    def make_act(self, entry: TurnEntry | None = None) -> None:
        """« Faire agir » the selected unit (or `entry`); when the rules refuse (its side does
        not hold the initiative…), the GM may impose it (G-3)."""
        entry = entry or self.dock.selected_entry()
        if entry is None or not self.active():
            return
        name = unit_label(self.ctl, entry, with_side=True)
        try:
            self.sides.check_select(self.turn, entry.unit)  # type: ignore[arg-type]
        except TurnError as exc:
            if not self.dock.prompts.confirm(
                tr("Faire agir"),
                f"{message(exc)}.\n\n"
                + tr("Faire agir {name} quand même (décision du MJ) ?").format(name=name),
                tr("Faire agir quand même"),
            ):
                return
            label = tr("Faire agir : {name} (imposé par le MJ)").format(name=name)
            self.dock.run(self.ctl.turn_step, "select", label, unit=entry.unit, force=True)
            return
        label = tr("Faire agir : {name}").format(name=name)
        self.dock.run(self.ctl.turn_step, "select", label, unit=entry.unit)

    def pass_unit(self) -> None:
        entry = self._passing()
        if entry is not None and self.active():
            name = unit_label(self.ctl, entry, with_side=True)
            label = tr("Passer : {name}").format(name=name)
            self.dock.run(self.ctl.turn_step, "pass_unit", label, unit=entry.unit)

    def give_initiative(self) -> None:
        sides = list(getattr(self.turn, "side_order", ()))
        if not self.active() or not sides:
            return
        holder = getattr(self.turn, "holder", None)
        if holder in sides:  # the next side first: the likely answer
            at = sides.index(holder) + 1
            sides = sides[at:] + sides[:at]
        names = [self.enc.side(s).name for s in sides]
        picked = self.dock.prompts.choice(
            tr("Donner l’initiative"), tr("Camp qui prend l’initiative :"), names
        )
        if picked is None:
            return
        label = tr("Donner l’initiative : {side}").format(side=names[picked])
        self.dock.run(self.ctl.turn_step, "give_initiative", label, side=sides[picked])

    def grant_action(self) -> None:
        entry = self.dock.selected_entry() or current_entry(self.turn)
        if entry is not None and self.active():
            name = unit_label(self.ctl, entry, with_side=True)
            label = tr("Action de plus : {name}").format(name=name)
            self.dock.run(self.ctl.turn_step, "grant", label, unit=entry.unit, count=1)
