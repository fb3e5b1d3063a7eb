"""Fichier: new, open, recent files, save, save as, crash recovery and the unsaved-changes guard."""

from __future__ import annotations

import re
from pathlib import Path
from typing import TYPE_CHECKING

from PySide6.QtCore import QObject, QSettings, Signal
from PySide6.QtWidgets import QWidget

from gui.boot import paths
from gui.boot.i18n import message, tr
from gui.control import recovery
from gui.control.controller import Controller, Refused
from gui.engine.files import storage
from gui.engine.files.blank import blank_encounter
from gui.engine.play.table import Table
from gui.engine.rulesets import registry
from gui.engine.state.model import Encounter

if TYPE_CHECKING:
    from PySide6.QtWidgets import QMessageBox

MAX_RECENT = 10


_UNSAFE = re.compile(r'[\\/:*?"<>|\x00-\x1f]+')  # what file systems refuse in a name


SUFFIX = ".escarmouche.json"  # packaging/linux/escarmouche-mime.xml's glob


def suggested_name(enc: Encounter) -> str:
    """A file name for the encounter, from the name the GM gave it (« Embuscade au gué »);
    its id when the name leaves nothing usable."""
    words = " ".join(_UNSAFE.sub(" ", enc.name).split())
    return words.strip(" .")[:80].strip() or enc.id


def recent_files() -> list[Path]:
    """The files the GM opened or saved, newest first, those still there."""
    value = QSettings().value("recent", [])
    names = [value] if isinstance(value, str) else list(value or [])
    return [Path(n) for n in names if Path(n).is_file()]


def _filter() -> str:
    return tr("Rencontres Escarmouche (*.json)")


class FileActions(QObject):
    """What the Fichier menu does; dialogs are methods that tests can replace. Qt's dialog
    classes are imported at their first opening, not at start-up (P1b)."""

    recent_changed = Signal()

    def __init__(self, controller: Controller, parent: QWidget) -> None:
        super().__init__(parent)
        self.controller, self.window = controller, parent

    # Dialog seams (tests replace these) ---------------------------------------------------

    def ask_open_path(self) -> Path | None:
        from PySide6.QtWidgets import QFileDialog

        name, _ = QFileDialog.getOpenFileName(
            self.window, tr("Ouvrir une rencontre"), str(paths.browse_dir()), _filter()
        )
        return Path(name) if name else None

    def ask_save_path(self) -> Path | None:
        from PySide6.QtWidgets import QFileDialog

        enc = self.controller.enc
        start = self.controller.path or paths.browse_dir() / f"{suggested_name(enc)}{SUFFIX}"
        name, _ = QFileDialog.getSaveFileName(
            self.window, tr("Enregistrer la rencontre"), str(start), _filter()
        )
        if not name:
            return None
        path = Path(name)
        # *.escarmouche.json: the desktop's file type for encounters (double-click opens them)
        return path if path.suffix == ".json" else path.with_name(path.name + SUFFIX)

    def ask_unsaved(self) -> QMessageBox.StandardButton:
        from PySide6.QtWidgets import QMessageBox

        buttons = (
            QMessageBox.StandardButton.Save
            | QMessageBox.StandardButton.Discard
            | QMessageBox.StandardButton.Cancel
        )
        return QMessageBox.question(
            self.window,
            tr("Modifications non enregistrées"),
            tr("« {name} » a été modifiée. Enregistrer avant de continuer ?").format(
                name=self.controller.enc.name
            ),
            buttons,
            QMessageBox.StandardButton.Save,
        )

    def show_error(self, title: str, text: str) -> None:
        from PySide6.QtWidgets import QMessageBox

        QMessageBox.critical(self.window, title, text)

    # Actions ------------------------------------------------------------------------------

    def may_discard(self) -> bool:
        """True when the open encounter may be replaced or closed (saved, or the GM agrees)."""
        if not self.controller.modified:
            return True
        from PySide6.QtWidgets import QMessageBox

        answer = self.ask_unsaved()
        if answer == QMessageBox.StandardButton.Save:
            return self.save()
        return answer == QMessageBox.StandardButton.Discard

    def new(self, ruleset_id: str, demo: bool, name: str = "") -> bool:
        """Nouveau: an empty encounter named `name` (« Nouvelle rencontre » if blank), or a
        copy of the ruleset's demo."""
        if not self.may_discard():
            return False
        ruleset = registry.get(ruleset_id)
        if demo:
            return self.open(ruleset.demo_path, remember=False, guard=False, as_copy=True)
        named = name.strip()[:200] or tr("Nouvelle rencontre")
        self.controller.replace(Table(blank_encounter(ruleset_id, named)), None)
        return True

    def open(
        self,
        path: Path | None = None,
        remember: bool = True,
        guard: bool = True,
        as_copy: bool = False,
    ) -> bool:
        """Open a file (asked for when `path` is None); a bad file is explained, nothing lost."""
        if guard and not self.may_discard():
            return False
        path = path or self.ask_open_path()
        if path is None:
            return False
        try:
            enc = storage.load(path)
            table = Table(enc)
        except storage.LoadError as exc:
            self.show_error(
                tr("Ouverture impossible"),
                f"{path}\n\n{exc.path} : {message(exc)}",
            )
            return False
        except KeyError:
            self.show_error(tr("Ouverture impossible"), tr("Jeu de règles inconnu"))
            return False
        self.controller.replace(table, None if as_copy else path)
        if remember:
            self.remember(path)
        return True

    def save(self) -> bool:
        if self.controller.path is None:
            return self.save_as()
        return self._save(self.controller.path)

    def save_as(self) -> bool:
        path = self.ask_save_path()
        return path is not None and self._save(path)

    def _save(self, path: Path) -> bool:
        try:
            saved = self.controller.save(path)
        except (Refused, OSError) as exc:
            text = message(exc) if isinstance(exc, Refused) else str(exc)
            self.show_error(tr("Enregistrement impossible"), f"{path}\n\n{text}")
            return False
        self.remember(saved)
        return True

    # Recent files and recovery --------------------------------------------------------------

    def recent(self) -> list[Path]:
        return recent_files()

    def remember(self, path: Path) -> None:
        names = [str(path.resolve())] + [str(p) for p in self.recent() if p != path.resolve()]
        QSettings().setValue("recent", names[:MAX_RECENT])
        self.recent_changed.emit()

    @staticmethod
    def recoverable() -> list[Path]:
        """Autosaves left behind by a session that did not end normally, newest first."""
        return recovery.recoverable()

    def restore(self, path: Path) -> bool:
        """Open an autosave as an unsaved encounter; the autosave stays until it is saved.
        One that cannot be opened is set aside (never deleted) and said so."""
        try:
            table = Table(recovery.read(path))
        except (storage.LoadError, KeyError) as exc:
            kept = recovery.set_aside(path, "damaged")
            why = f"{exc.path} : {message(exc)}" if isinstance(exc, storage.LoadError) else ""
            self.show_error(
                tr("Restauration impossible"),
                tr("{path}\n\n{why}\n\nFichier conservé : {kept}").format(
                    path=path, why=why, kept=kept or path
                ),
            )
            return False
        # The file it was saved in, if any, comes back with it (Ctrl+S saves there again).
        self.controller.replace(table, recovery.saved_at(path))
        self.controller.undo_stack.resetClean()  # not saved since: closing will ask
        # Replacing cleared the stack, which discards the recovery copy: write it back, so a
        # second crash before any change still leaves the restored work on disk.
        self.controller.autosave()
        self.controller.message.emit(tr("Rencontre restaurée depuis la sauvegarde automatique"))
        return True
