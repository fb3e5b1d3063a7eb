"""What the main window's menu entries do (each opens a dialog or asks the controller)."""

from __future__ import annotations

import html
from pathlib import Path
from typing import TYPE_CHECKING

from PySide6.QtGui import QAction, QKeySequence
from PySide6.QtWidgets import QWidget

from gui.boot.i18n import message, tr
from gui.control.controller import Controller, Refused
from gui.dialogs.action_menus import open_action_dialog
from gui.map.scene import EncounterScene
from gui.map.view import MapView
from gui.widgets.prompts import Prompts
from gui.window.file_actions import FileActions, suggested_name

if TYPE_CHECKING:
    from gui.window.history_window import HistoryWindow


class WindowActions:
    """Slots of the Fichier, Édition, Combat and Aide menus: they ask the controller, the
    file actions, the map's scene and view, and open their dialogs over `parent` (the main
    window)."""

    def __init__(
        self,
        controller: Controller,
        prompts: Prompts,
        files: FileActions,
        scene: EncounterScene,
        view: MapView,
        parent: QWidget,
    ) -> None:
        self.controller = controller
        self.prompts = prompts
        self.files = files
        self.scene = scene
        self.view = view
        self.parent = parent
        self.history: HistoryWindow | None = None
        self._last_roll = "1d20"  # the next Jet libre offers the last dice again

    def _try(self, fn, *args):
        try:
            return fn(*args)
        except Refused as exc:
            self.prompts.warn(tr("Modification refusée"), message(exc))
            return None

    # Fichier --------------------------------------------------------------------------------

    def new(self) -> None:
        from gui.dialogs.new_encounter import NewEncounterDialog  # at its first opening (P1b)

        dialog = NewEncounterDialog(self.parent)
        if dialog.exec():
            self.files.new(dialog.ruleset_id(), dialog.wants_demo(), dialog.name())

    def rename_encounter(self) -> None:
        """Fichier › Renommer la rencontre: one undo entry; a refusal is told, nothing changes."""
        name = self.prompts.text(
            tr("Renommer la rencontre"), tr("Nom de la rencontre :"), self.controller.enc.name
        )
        if name is not None:
            self._try(self.controller.rename_encounter, name)

    def open(self) -> None:
        self.files.open()

    def save(self) -> None:
        self.files.save()

    def save_as(self) -> None:
        self.files.save_as()

    def print_preview(self, players: bool = False) -> None:
        from gui.printing.printer import print_preview

        print_preview(self.parent, self.controller.enc, self.controller.ruleset, players)

    def players_preview(self) -> None:
        """Fichier › Aperçu pour les joueurs: the summary as the players' view shows it."""
        self.print_preview(players=True)

    def players_pdf(self) -> None:
        self.export_pdf(players=True)

    def export_pdf(self, players: bool = False) -> None:
        from PySide6.QtWidgets import QFileDialog  # at its first opening (P1b)

        from gui.printing.printer import write_pdf

        named = Path.home() / f"{suggested_name(self.controller.enc)}.pdf"
        start = self.controller.path.with_suffix(".pdf") if self.controller.path else named
        name, _ = QFileDialog.getSaveFileName(
            self.parent, tr("Exporter en PDF"), str(start), "PDF (*.pdf)"
        )
        if not name:
            return
        try:
            write_pdf(self.controller.enc, self.controller.ruleset, Path(name), players)
        except OSError as exc:
            self.prompts.warn(tr("Export impossible"), f"{name}\n\n{exc}")
            return
        self.controller.message.emit(tr("PDF écrit : {path}").format(path=name))

    # Édition --------------------------------------------------------------------------------

    def show_history(self) -> None:
        """Édition › Historique (Ctrl+H shows it, or closes it when shown): the undo stack;
        « Revenir ici » goes back to the chosen line (history_window.py)."""
        if self.history is None:
            from gui.window.history_window import HistoryWindow  # at its first opening (P1b)

            self.history = HistoryWindow(self.controller.undo_stack, self.parent)
        if self.history.isVisible():
            self.history.close()
            return
        self.history.show()
        self.history.activateWindow()

    def add_combatant(self) -> None:
        from gui.sheets.add_dialog import AddCombatantDialog

        dialog = AddCombatantDialog(self.controller, self.parent)
        if dialog.exec() and dialog.added:  # the first one added, selected and in view
            self.controller.select(dialog.added[0])
            token = self.scene.token_items.get(dialog.added[0])
            if token is not None:
                self.view.ensureVisible(token.sceneBoundingRect(), 40, 40)

    def duplicate(self) -> None:
        cid = self.controller.selected
        if cid is None:
            return
        name = self.controller.enc.combatant(cid).name
        count = self.prompts.integer(
            tr("Dupliquer"), tr("Nombre de copies de {name} :").format(name=name), 1, 1, 200
        )
        if count:
            self._try(self.controller.duplicate, cid, count)

    def remove(self) -> None:
        cid = self.controller.selected
        if cid is None:
            return
        name = self.controller.enc.combatant(cid).name
        if self.prompts.confirm(
            tr("Retirer le combattant"), tr("Retirer {name} de la rencontre ?").format(name=name)
        ):
            self._try(self.controller.remove_combatant, cid)

    def set_tool(self, tool: str) -> None:
        self.scene.set_tool(tool)

    def show_threats(self, on: bool) -> None:
        """Affichage › Cases menacées: the selected combatant's threatened squares."""
        self.scene.show_threats = on
        self.scene.restate_threats()

    def background(self) -> None:
        from gui.dialogs.map_settings import BackgroundDialog  # at its first opening (P1b)

        dialog = BackgroundDialog(self.controller.enc.map.background, self.parent)
        if dialog.exec():
            self._try(self.controller.set_background, dialog.background())

    def grid(self) -> None:
        from gui.dialogs.map_settings import GridDialog  # at its first opening (P1b)

        dialog = GridDialog(self.controller.enc.map.grid, self.parent)
        if dialog.exec():
            self._try(self.controller.set_grid, dialog.grid())

    def scale(self) -> None:
        current = self.controller.enc.map.metres_per_px
        value = self.prompts.number(
            tr("Échelle de la carte"),
            tr("Mètres par pixel de carte (0 = pas d’échelle) :"),
            current or 0.0,
            0.0,
            1000.0,
            3,
        )
        if value is not None:
            self._try(self.controller.set_scale, value or None)

    def preferences(self) -> None:
        from gui.dialogs.preferences import PreferencesDialog

        PreferencesDialog(self.parent).exec()

    # Combat -------------------------------------------------------------------------------

    def action(self) -> None:
        """The action dialog for the selected combatant, else whoever's turn it is, against
        its default target (the last while in reach, else the nearest foe in reach)."""
        actor = self.controller.default_actor()
        if actor is None:
            self.controller.message.emit(tr("Choisissez d’abord le combattant qui agit."))
            return
        target = self.controller.default_target(actor)
        open_action_dialog(self.controller, actor, target, None, self.parent)

    def free_roll(self) -> None:
        """Combat › Jet libre: any dice, for anything the rules leave to the GM; logged."""
        text = self.prompts.text(
            tr("Jet libre"), tr("Dés à lancer (p. ex. 2d6+1, 4d6kh3, 1d10!) :"), self._last_roll
        )
        if text is not None and self._try(self.controller.free_roll, text) is not None:
            self._last_roll = text

    # Aide ---------------------------------------------------------------------------------

    def house_rules(self) -> None:
        from gui.dialogs.house_rules import HouseRulesDialog

        HouseRulesDialog(self.controller, self.parent).exec()

    def rules(self) -> None:
        from gui.dialogs.rules_text import RulesDialog

        RulesDialog(self.controller.ruleset.data, self.parent).exec()

    def shortcuts(self) -> None:
        """Aide › Raccourcis clavier: every key of every action of the window, read from the
        actions themselves (menus, toolbar, the combat dock and its turn mode), then the
        keys that belong to a place rather than to an action."""
        from PySide6.QtWidgets import QMessageBox  # at its first opening (P1b)

        QMessageBox.information(self.parent, tr("Raccourcis clavier"), self.shortcuts_html())

    def shortcuts_html(self) -> str:
        rows: list[str] = []
        seen: set[tuple[str, str]] = set()
        for action in self.parent.findChildren(QAction):
            keys = " ; ".join(
                k.toString(QKeySequence.SequenceFormat.NativeText) for k in action.shortcuts()
            )
            what = action.text().replace("&", "").rstrip("…")
            if keys and what and (what, keys) not in seen:
                seen.add((what, keys))
                rows.append(f"<tr><td>{html.escape(what)}</td><td><b>{keys}</b></td></tr>")
        places = [
            tr("Sur la carte : Espace, Suivant ; Espace maintenue + glisser, déplacer la vue"),
            tr("Dans la fenêtre d’action : Espace lance les dés, Entrée applique"),
            tr("Dans les camps : + et − changent le compteur de la ligne (Réserve, Menace)"),
            tr("Partout : Tab et Maj+Tab passent d’un champ à l’autre, Échap ferme"),
        ]
        return f"<table>{''.join(rows)}</table>" + "".join(
            f"<p>{html.escape(line)}</p>" for line in places
        )

    def about(self) -> None:
        from gui.dialogs.about import show_about  # the version, where data and settings live

        show_about(self.parent)
