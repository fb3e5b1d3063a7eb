"""The Fichier menu's library entries: import combatants from another encounter file, write
the fight's state back to the library."""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING

from PySide6.QtWidgets import QWidget

from gui.boot import paths
from gui.boot.i18n import message, tr
from gui.control.controller import Controller
from gui.engine.files import storage
from gui.library import shelf
from gui.widgets.prompts import Prompts

if TYPE_CHECKING:
    from gui.library.import_dialog import ImportDialog
    from gui.library.write_back_dialog import WriteBackDialog


class LibraryActions:
    """Slots of « Importer d'une rencontre » and « Mettre à jour la bibliothèque », their
    dialogs opened over `parent`; the dialogs are methods that tests replace."""

    def __init__(self, controller: Controller, prompts: Prompts, parent: QWidget) -> None:
        self.controller = controller
        self.prompts = prompts
        self.parent = parent

    # Dialog seams ---------------------------------------------------------------------------

    def ask_path(self) -> Path | None:
        from PySide6.QtWidgets import QFileDialog  # at its first opening (P1b)

        name, _ = QFileDialog.getOpenFileName(
            self.parent,
            tr("Importer d’une rencontre"),
            str(paths.browse_dir()),
            tr("Rencontres Escarmouche (*.json)"),
        )
        return Path(name) if name else None

    def choose_combatants(self, dialog: ImportDialog) -> bool:
        return bool(dialog.exec())

    def choose_updates(self, dialog: WriteBackDialog) -> bool:
        return bool(dialog.exec())

    # Actions --------------------------------------------------------------------------------

    def import_encounter(self) -> list[str]:
        """Fichier › Importer d'une rencontre: the ids added (none when refused or cancelled).
        The file is only read: a bad one, or one from a newer version, is refused untouched."""
        path = self.ask_path()
        if path is None:
            return []
        title = tr("Importer d’une rencontre")
        try:
            source = storage.load(path)
        except storage.LoadError as exc:
            self.prompts.warn(title, f"{path}\n\n{exc.path} : {message(exc)}")
            return []
        ruleset = self.controller.enc.ruleset
        if source.ruleset != ruleset:
            self.prompts.warn(
                title,
                tr(
                    "{file} est une rencontre du jeu de règles « {other} » : seules celles de "
                    "« {ruleset} » s’importent ici."
                ).format(file=path.name, other=source.ruleset, ruleset=ruleset),
            )
            return []
        if not source.combatants:
            self.prompts.warn(title, tr("{file} n’a aucun combattant.").format(file=path.name))
            return []
        from gui.library.import_dialog import ImportDialog  # at its first opening (P1b)

        dialog = ImportDialog(self.controller, source, self.parent)
        if not self.choose_combatants(dialog) or not dialog.added:
            return []
        self.controller.select(dialog.added[0])
        return dialog.added

    def write_back(self) -> int:
        """Fichier › Mettre à jour la bibliothèque: how many entries were written."""
        from gui.engine.files import write_back  # at its first use (P1b)

        title = tr("Mettre à jour la bibliothèque")
        enc = self.controller.enc
        try:
            lib = shelf.read(enc.ruleset)
            updates = write_back.updates(lib, enc, self.controller.ruleset)
            if not updates:
                self.prompts.warn(
                    title,
                    tr(
                        "Rien à écrire : aucun combattant de cette rencontre ne porte le nom "
                        "d’une entrée de la bibliothèque dont la fiche aurait changé."
                    ),
                )
                return 0
            from gui.library.write_back_dialog import WriteBackDialog  # at its first opening

            dialog = WriteBackDialog(updates, self.parent)
            chosen = dialog.chosen() if self.choose_updates(dialog) else []
            if chosen:
                shelf.write(write_back.written(lib, enc, chosen))
        except shelf.LibraryProblem as exc:
            self.prompts.warn(title, message(exc))
            return 0
        if chosen:
            self.controller.message.emit(
                tr("Bibliothèque mise à jour : {count} entrée(s)").format(count=len(chosen))
            )
        return len(chosen)
