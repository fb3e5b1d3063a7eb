"""The menu bar and toolbar: Fichier, Édition, Combat, Affichage, Aide, with their shortcuts."""

from __future__ import annotations

from collections.abc import Callable, Iterable

from PySide6.QtGui import QAction, QActionGroup, QKeySequence
from PySide6.QtWidgets import QDockWidget, QMainWindow, QMenu, QToolBar

from gui.boot.i18n import tr
from gui.control.controller import Controller
from gui.control.settings import set_skip_out, skip_out
from gui.library.actions import LibraryActions
from gui.map.scene import EncounterScene
from gui.map.tools import (
    CONNECT,
    DARK,
    DRAW,
    EDIT_TOOLS,
    REFOG,
    REVEAL,
    RULER,
    SELECT,
    TERRAIN,
    WALL,
)
from gui.map.view import MapView
from gui.turns.panel import TurnPanel
from gui.widgets.prompts import Prompts
from gui.window.actions import WindowActions
from gui.window.area_actions import AreaActions
from gui.window.file_actions import FileActions
from gui.window.icons import icon_for
from gui.window.players_actions import PlayersActions
from gui.window.sight_actions import SightActions


def _key(*keys: str | QKeySequence.StandardKey) -> list[QKeySequence]:
    """Key sequences; a standard key expands to the platform's bindings (maybe none)."""
    out: list[QKeySequence] = []
    for k in keys:
        found = QKeySequence.keyBindings(k) if isinstance(k, QKeySequence.StandardKey) else [k]
        for x in map(QKeySequence, found):
            if x.toString() and x not in out:
                out.append(x)
    return out


class Menus:
    """Builds every QAction once, in `window`'s menu bar and toolbar, which share them; the
    slots are those of the action classes, given what each needs of the window's parts."""

    def __init__(
        self,
        window: QMainWindow,
        *,
        controller: Controller,
        prompts: Prompts,
        files: FileActions,
        scene: EncounterScene,
        view: MapView,
        turns: TurnPanel,
        docks: Iterable[QDockWidget],
        update_status: Callable[[], None],
    ) -> None:
        self.window = window
        self.controller = controller
        self.prompts = prompts
        self.files = files
        self.scene = scene
        self.view = view
        self.turns = turns
        self.docks = list(docks)
        self.update_status = update_status
        self.do = WindowActions(controller, prompts, files, scene, view, window)
        self.actions: dict[str, QAction] = {}
        self.sight = SightActions(controller, scene, self.add)
        bar = window.menuBar()
        self._file_menu(bar.addMenu(tr("&Fichier")))
        self._edit_menu(bar.addMenu(tr("&Édition")))
        self._combat_menu(bar.addMenu(tr("&Combat")))
        self._view_menu(bar.addMenu(tr("&Affichage")))
        self._help_menu(bar.addMenu(tr("Aid&e")))
        self._toolbar()
        controller.selection_changed.connect(lambda _cid: self.update_enabled())
        controller.replaced.connect(self.update_enabled)
        self.update_enabled()

    def add(self, key: str, text: str, slot, shortcuts=(), tip: str = "", checkable=False):
        action = QAction(text, self.window)
        icon = icon_for(key, self.window.style())
        if icon is not None:
            action.setIcon(icon)
        action.setObjectName(key)
        if shortcuts:
            action.setShortcuts(_key(*shortcuts))
        shown = action.shortcut().toString(QKeySequence.SequenceFormat.NativeText)
        action.setToolTip(
            f"{tip or text.replace('&', '').rstrip('…')}" + (f" ({shown})" if shown else "")
        )
        action.setStatusTip(tip)
        action.setCheckable(checkable)
        (action.toggled if checkable else action.triggered).connect(slot)
        self.window.addAction(action)
        self.actions[key] = action
        return action

    def _file_menu(self, menu: QMenu) -> None:
        do = self.do
        menu.addAction(self.add("new", tr("&Nouveau…"), do.new, [QKeySequence.StandardKey.New]))
        menu.addAction(self.add("open", tr("&Ouvrir…"), do.open, [QKeySequence.StandardKey.Open]))
        self.recent = menu.addMenu(tr("Fichiers &récents"))
        self.recent.aboutToShow.connect(self._fill_recent)
        menu.addAction(
            self.add("save", tr("&Enregistrer"), do.save, [QKeySequence.StandardKey.Save])
        )
        menu.addAction(self.add("save_as", tr("Enregistrer &sous…"), do.save_as, ["Ctrl+Shift+S"]))
        menu.addAction(
            self.add("rename_encounter", tr("Reno&mmer la rencontre…"), do.rename_encounter, [])
        )
        menu.addSeparator()
        library = self.library = LibraryActions(self.controller, self.prompts, self.window)
        menu.addAction(
            self.add("import_encounter", tr("Importer d’une ren&contre…"), library.import_encounter)
        )
        menu.addAction(
            self.add("write_back", tr("Mettre à jour la &bibliothèque…"), library.write_back)
        )
        menu.addSeparator()
        menu.addAction(
            self.add("preview", tr("Aperçu avant &impression…"), do.print_preview, ["Ctrl+P"])
        )
        menu.addAction(self.add("pdf", tr("Exporter en &PDF…"), do.export_pdf, ["Ctrl+Shift+P"]))
        menu.addAction(
            self.add("players_preview", tr("Aperçu pour les &joueurs…"), do.players_preview)
        )
        menu.addAction(
            self.add("players_pdf", tr("Exporter en PDF pour les joueurs…"), do.players_pdf)
        )
        menu.addSeparator()
        menu.addAction(
            self.add(
                "quit", tr("&Quitter"), self.window.close, [QKeySequence.StandardKey.Quit, "Ctrl+Q"]
            )
        )

    def _fill_recent(self) -> None:
        self.recent.clear()
        for path in self.files.recent():
            self.recent.addAction(path.name, lambda p=path: self.files.open(p)).setToolTip(
                str(path)
            )
        if self.recent.isEmpty():
            self.recent.addAction(tr("(aucun)")).setEnabled(False)

    def _edit_menu(self, menu: QMenu) -> None:
        stack, do = self.controller.undo_stack, self.do
        undo = stack.createUndoAction(self.window, tr("&Annuler"))
        undo.setShortcuts(_key(QKeySequence.StandardKey.Undo))
        undo.setIcon(icon_for("undo", self.window.style()))
        redo = stack.createRedoAction(self.window, tr("&Rétablir"))
        redo.setShortcuts(_key("Ctrl+Shift+Z", "Ctrl+Y"))
        redo.setIcon(icon_for("redo", self.window.style()))
        self.actions.update(undo=undo, redo=redo)
        menu.addActions([undo, redo])
        menu.addAction(self.add("history", tr("&Historique"), do.show_history, ["Ctrl+H"]))
        menu.addSeparator()
        menu.addAction(
            self.add("add", tr("A&jouter des combattants…"), do.add_combatant, ["Ctrl+Shift+A"])
        )
        menu.addAction(
            self.add("duplicate", tr("&Dupliquer le combattant…"), do.duplicate, ["Ctrl+D"])
        )
        menu.addAction(self.add("remove", tr("Re&tirer le combattant"), do.remove, ["Ctrl+Del"]))
        menu.addSeparator()
        menu.addAction(
            self.add(
                "edit_map",
                tr("Mode édition de la &carte"),
                self.set_editing,
                ["Ctrl+E"],
                tr("Dessiner, déplacer et relier les zones"),
                checkable=True,
            )
        )
        group = QActionGroup(self.window)
        self.tool_keys: dict[str, str] = {}
        for key, text, tool, short in (
            ("tool_select", tr("Outil Sélection"), SELECT, "S"),
            ("tool_draw", tr("Outil Dessiner une zone (glisser sur la carte)"), DRAW, "Z"),
            (
                "tool_connect",
                tr("Outil Relier deux zones (cliquer l’une puis l’autre)"),
                CONNECT,
                "L",
            ),
            ("tool_wall", tr("Outil Mur (glisser le long de la grille)"), WALL, "M"),
            (
                "tool_terrain",
                tr("Outil Terrain (clic : difficile, infranchissable, dégagé)"),
                TERRAIN,
                "T",
            ),
            ("tool_ruler", tr("Règle (glisser pour mesurer)"), RULER, "U"),
            ("tool_dark", tr("Outil Obscurité (glisser sur les cases)"), DARK, "K"),
            ("tool_reveal", tr("Révéler aux joueurs (glisser sur les cases)"), REVEAL, "V"),
            ("tool_refog", tr("Brouiller à nouveau (glisser sur les cases)"), REFOG, "B"),
        ):
            tip = text + (tr(" — active le mode édition de la carte") * (tool in EDIT_TOOLS))
            action = self.add(
                key, text, lambda on, t=tool: on and self.choose_tool(t), [short], tip, True
            )
            group.addAction(action)
            menu.addAction(action)
            self.tool_keys[tool] = key
        self.actions["tool_select"].setChecked(True)
        menu.addAction(self.add("background", tr("&Fond de carte…"), do.background))
        menu.addAction(self.add("grid", tr("&Grille…"), do.grid))
        menu.addAction(self.add("scale", tr("Éch&elle de la carte…"), do.scale))
        menu.addSeparator()
        menu.addAction(
            self.add(
                "prefs",
                tr("&Préférences…"),
                do.preferences,
                [QKeySequence.StandardKey.Preferences, "Ctrl+,"],
            )
        )

    def set_editing(self, on: bool) -> None:
        """Édition › Mode édition de la carte: the map's edit mode, the Sélection tool, the
        entries enabled as it allows, the status bar told."""
        self.scene.set_editing(on)
        self.actions["tool_select"].setChecked(True)
        self.update_enabled()
        self.update_status()

    def choose_tool(self, tool: str) -> None:
        """A map tool chosen. One that edits the map (zone, link, wall, terrain) turns the
        map's edit mode on first and says so (issue 34: it did nothing, with no word)."""
        if tool in EDIT_TOOLS and not self.scene.editing:
            self.actions["edit_map"].setChecked(True)  # its slot checks « Sélection »
            self.actions[self.tool_keys[tool]].setChecked(True)  # back here, editing
            self.controller.message.emit(
                tr("Mode édition de la carte activé (Ctrl+E pour revenir au jeu)")
            )
            return
        self.do.set_tool(tool)

    def _combat_menu(self, menu: QMenu) -> None:
        """The turn actions of the running mode (asked each time the menu opens, since
        another encounter or a house rule can change the mode), then Action and the house
        rules."""
        self.combat_menu = menu
        menu.aboutToShow.connect(self.fill_combat_menu)
        self.area = AreaActions(self.window, self.controller, self.scene, self.view, self.add)
        self._combat_tail = [
            self.add(
                "action",
                tr("&Action…"),
                self.do.action,
                ["A"],
                tr("Action du combattant sélectionné"),
            ),
            self.area.action,
            self.sight.door,
            self.add(
                "free_roll",
                tr("&Jet libre…"),
                self.do.free_roll,
                ["Ctrl+R"],
                tr("Lancer des dés de son choix, noté au journal"),
            ),
            self.add(
                "skip_out",
                tr("&Passer les hors de combat"),
                set_skip_out,
                tip=tr("« Suivant » passe le tour des hors de combat (noté au journal)"),
                checkable=True,
            ),
            self.add(
                "house_rules",
                tr("&Options de règles…"),
                self.do.house_rules,
                tip=tr("Les interprétations retenues et règles maison de ce combat (G-5)"),
            ),
        ]
        self.actions["skip_out"].setChecked(skip_out())
        self.fill_combat_menu()

    def fill_combat_menu(self) -> None:
        menu = self.combat_menu
        menu.clear()
        for action in self.turns.turn_actions():
            menu.addAction(action)
        menu.addSeparator()
        for action in self._combat_tail:
            menu.addAction(action)

    def _view_menu(self, menu: QMenu) -> None:
        view = self.view
        menu.addAction(
            self.add(
                "threats",
                tr("Cases &menacées"),
                self.do.show_threats,
                tip=tr("Sur la grille, les cases que menace le combattant sélectionné"),
                checkable=True,
            )
        )
        menu.addAction(self.add("fit", tr("&Ajuster à la fenêtre"), view.fit, ["Ctrl+0"]))
        menu.addAction(
            self.add(
                "zoom_in",
                tr("Zoom a&vant"),
                lambda: view.zoom_by(1.25),
                [QKeySequence.StandardKey.ZoomIn],
            )
        )
        menu.addAction(
            self.add(
                "zoom_out",
                tr("Zoom a&rrière"),
                lambda: view.zoom_by(0.8),
                [QKeySequence.StandardKey.ZoomOut],
            )
        )
        menu.addAction(self.add("zoom_1", tr("&Taille réelle"), view.reset_zoom, ["Ctrl+1"]))
        menu.addSeparator()
        self.players = PlayersActions(self.controller, self.view, self.add)
        self.players.fill(menu)
        menu.addAction(self.sight.fog)
        menu.addAction(self.sight.see_as_players)
        menu.addSeparator()
        for dock in self.docks:
            menu.addAction(dock.toggleViewAction())

    def _help_menu(self, menu: QMenu) -> None:
        menu.addAction(
            self.add(
                "rules",
                tr("&Règles du jeu"),
                self.do.rules,
                [QKeySequence.StandardKey.HelpContents],
            )
        )
        menu.addAction(self.add("keys", tr("Ra&ccourcis clavier"), self.do.shortcuts))
        menu.addAction(self.add("about", tr("À &propos d’Escarmouche"), self.do.about))

    def _toolbar(self) -> None:
        bar = QToolBar(tr("Barre d’outils"), self.window)
        bar.setObjectName("mainToolbar")
        a, turns = self.actions, self.turns
        for item in (
            a["new"],
            a["open"],
            a["save"],
            None,
            a["undo"],
            a["redo"],
            None,
            a["edit_map"],
            a["tool_select"],
            a["tool_draw"],
            a["tool_connect"],
            None,
            turns.start_action,
            turns.previous_action,
            turns.next_action,
            a["action"],
            None,
            a["fit"],
            a["preview"],
        ):
            if item is None:
                bar.addSeparator()
            else:
                bar.addAction(item)
        self.window.addToolBar(bar)

    def update_enabled(self) -> None:
        selected = self.controller.selected is not None
        for key in ("duplicate", "remove", "action"):
            self.actions[key].setEnabled(selected)
