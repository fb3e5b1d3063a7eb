"""The QApplication: opens an encounter file or a ruleset's demo in the main window."""

from __future__ import annotations

import os
import sys
from pathlib import Path

from PySide6.QtGui import QIcon
from PySide6.QtWidgets import QApplication, QMessageBox

from . import __version__, i18n
from .control import recovery
from .control.controller import Controller
from .engine.rulesets import registry
from .engine.storage import LoadError, load
from .engine.table import Table
from .i18n import tr
from .platform_check import display_problem
from .window.main_window import MainWindow

ICON = Path(__file__).resolve().parents[1] / "resources" / "icons" / "escarmouche.svg"


def open_encounter(file: Path | None, demo: str | None) -> Table:
    """The encounter to show: a file, a ruleset's demo, or the default ruleset's demo."""
    if file is not None:
        return Table(load(file))
    ruleset = registry.get(demo or registry.DEFAULT)
    return Table(load(ruleset.demo_path))


def run(file: Path | None, demo: str | None, lang: str | None = None) -> int:
    """Start the app (in `lang` when given, else the preferred language); a file that
    cannot be opened is explained, never a crash."""
    problem = None if QApplication.instance() else display_problem(os.environ)
    if problem:
        print(problem, file=sys.stderr)
        return 2
    app = QApplication.instance() or QApplication(sys.argv)
    app.setApplicationName("Escarmouche")
    app.setApplicationVersion(__version__)
    app.setOrganizationName("Escarmouche")
    app.setWindowIcon(QIcon(str(ICON)))
    i18n.install(app, lang)
    try:
        table = open_encounter(file, demo)
    except LoadError as exc:
        QMessageBox.critical(
            None,
            "Escarmouche",
            f"Impossible d’ouvrir {file} :\n{exc.fr}\n\n"
            f"Cannot open {file}:\n{exc.en}\n\n{exc.path}",
        )
        return 1
    except KeyError:
        known = ", ".join(registry.available())
        QMessageBox.critical(
            None,
            "Escarmouche",
            tr("Jeu de règles inconnu : {name} ({known})").format(name=demo, known=known),
        )
        return 1
    window = MainWindow(Controller(table, file))
    offer_recovery(window)
    window.show()
    return app.exec()


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
