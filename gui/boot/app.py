"""The QApplication: opens an encounter file, a ruleset's demo, the GM's last encounter or the
start page in the main window."""

from __future__ import annotations

from pathlib import Path

from PySide6.QtGui import QIcon
from PySide6.QtWidgets import QApplication, QMainWindow

from gui.boot import startup
from gui.boot.i18n import tr
from gui.control import recovery
from gui.control.controller import Controller
from gui.engine.core.assets import ICON
from gui.engine.files.blank import blank_encounter
from gui.engine.files.storage import LoadError, load
from gui.engine.play.table import Table
from gui.engine.rulesets import registry
from gui.window.file_actions import recent_files
from gui.window.main_window import MainWindow
from gui.window.start_page import install as install_start


def open_encounter(file: Path | None, demo: str | None) -> Table:
    """The encounter to show: a file, a ruleset's demo, or the default ruleset's demo."""
    if file is not None:
        return Table(load(file))
    ruleset = registry.get(demo or registry.DEFAULT)
    return Table(load(ruleset.demo_path))


def starting(file: Path | None, demo: str | None) -> tuple[Table, Path | None, bool]:
    """What the window opens with (issue 33): the file or demo asked for on the command
    line; else the GM's last encounter (the newest recent file); else — none, or one that
    no longer opens — an empty encounter under the start page (the third value True)."""
    if file is not None or demo is not None:
        return open_encounter(file, demo), file, False
    for last in recent_files()[:1]:
        try:
            return Table(load(last)), last, False
        except (LoadError, KeyError):
            break  # the start page lists it, and opening it from there says why
    return Table(blank_encounter(registry.DEFAULT, tr("Nouvelle rencontre"))), None, True


def run(file: Path | None, demo: str | None, shell: QMainWindow) -> int:
    """Fill the start-up's first window (startup.py) with the encounter: the main window takes
    its place. A file that cannot be opened is explained, never a crash."""
    app = QApplication.instance()
    app.setWindowIcon(QIcon(str(ICON)))
    try:
        table, file, start_page = starting(file, demo)
    except LoadError as exc:
        return _cannot_start(
            shell,
            f"Impossible d’ouvrir {file} :\n{exc.fr}\n\n"
            f"Cannot open {file}:\n{exc.en}\n\n{exc.path}",
        )
    except KeyError:
        known = ", ".join(registry.available())
        return _cannot_start(
            shell, tr("Jeu de règles inconnu : {name} ({known})").format(name=demo, known=known)
        )
    window = MainWindow(Controller(table, file))
    window.setGeometry(shell.geometry())  # where the first window was, moved or not
    install_start(window, start_page)  # the start page, or the map (with its empty hint)
    window.show()
    shell.close()
    startup.ready(app)
    offer_recovery(window)
    return app.exec()


def _cannot_start(shell: QMainWindow, text: str) -> int:
    """The first window closed and why the start failed said; the exit status."""
    from PySide6.QtWidgets import QMessageBox  # only when the start fails (P1b)

    shell.close()
    QMessageBox.critical(None, "Escarmouche", text)
    return 1


def offer_recovery(window: MainWindow) -> None:
    """After a crash, autosaves wait in `recovery/`: offer the newest back. The temporary
    files that saves cut short left where the GM saves are removed first."""
    recovery.sweep_saves_folders(window.files.recent())
    found = window.files.recoverable()
    if not found:
        return
    newest = found[0]
    saved = recovery.saved_at(newest)
    if window.prompts.confirm(
        tr("Restaurer une rencontre ?"),
        tr(
            "Escarmouche ne s’est pas fermé normalement. La rencontre « {name} » a une "
            "sauvegarde automatique plus récente que son fichier ({file}).\n\nLa restaurer ?"
        ).format(
            name=recovery.encounter_name(newest) or newest.stem,
            file=saved or tr("jamais enregistrée"),
        ),
        tr("Restaurer"),
    ):
        window.files.restore(newest)
    else:  # kept aside under a name of its own, never offered again, never deleted
        recovery.set_aside(newest, "declined")
