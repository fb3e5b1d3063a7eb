"""Command line: `escarmouche [FILE | --demo RULESET] [--lang fr|en]` opens the app; `check`,
`summary`; `--help` names the rulesets and where the data and settings live."""

from __future__ import annotations

import argparse
import gc
import os
import sys
from pathlib import Path
from typing import TYPE_CHECKING

from gui import __version__

if TYPE_CHECKING:
    from gui.engine.state.model import Encounter


def _load(path: Path, lang: str | None = None) -> Encounter | None:
    """The encounter in `path`, or None after printing where and why it is wrong: in `lang`,
    else in French and in English."""
    from gui.engine.files.storage import LoadError, load

    try:
        return load(path)
    except LoadError as exc:
        if lang != "en":
            print(f"{path}: {exc.path} : {exc.fr}", file=sys.stderr)
        if lang != "fr":
            print(f"{path}: {exc.path}: {exc.en}", file=sys.stderr)
        return None


def _language(forced: str | None) -> str:
    """`--lang`, else the GM's preferred language, else the system's (as the app chooses)."""
    from PySide6.QtCore import QLocale, QSettings

    from gui.boot.language import choose_language

    setting = forced or QSettings("Escarmouche", "Escarmouche").value("language", "system")
    return choose_language(setting, QLocale.system().name())


def _check(path: Path, lang: str | None = None) -> int:
    """Validate an encounter file: print what is wrong and return 1, or say it is fine (in
    `lang`, else the GM's language; what is wrong in both without `--lang`)."""
    enc = _load(path, lang)
    if enc is None:
        return 1
    n = len(enc.combatants)
    if _language(lang) == "en":
        print(f"{path}: OK — “{enc.name}” ({enc.ruleset}, {n} combatants)")
    else:
        print(f"{path}: OK — « {enc.name} » ({enc.ruleset}, {n} combattants)")
    return 0


def _summary(path: Path, out: Path, lang: str | None = None) -> int:
    """Write an encounter's printable summary to a .pdf or .html file, without a display,
    in `lang` (else the GM's preferred language, else the system's)."""
    if out.suffix.lower() not in (".pdf", ".html"):
        print(
            f"{out} : extension .pdf ou .html attendue / expected a .pdf or .html extension",
            file=sys.stderr,
        )
        return 2
    enc = _load(path)
    if enc is None:
        return 1
    if sys.platform not in ("win32", "darwin") and not any(
        os.environ.get(k) for k in ("DISPLAY", "WAYLAND_DISPLAY", "QT_QPA_PLATFORM")
    ):
        os.environ["QT_QPA_PLATFORM"] = "offscreen"
    from PySide6.QtWidgets import QApplication

    from gui.boot import i18n
    from gui.engine.rulesets import registry
    from gui.printing.printer import write_html, write_pdf

    app = QApplication.instance() or QApplication(["escarmouche"])  # the map is drawn by Qt
    app.setOrganizationName("Escarmouche")  # where the GM's preferred language is kept
    app.setApplicationName("Escarmouche")
    i18n.install(app, lang)
    write = write_pdf if out.suffix.lower() == ".pdf" else write_html
    try:
        write(enc, registry.get(enc.ruleset), out)
    except OSError as exc:
        print(f"{out} : écriture impossible / cannot write ({exc})", file=sys.stderr)
        return 1
    print(out)
    return 0


OPEN_USAGE = """\
  escarmouche                     la dernière rencontre, sinon la page d’accueil
                                  / the last encounter, else the start page
  escarmouche FICHIER.json        ouvrir une rencontre / open an encounter file
  escarmouche --demo JEU          ouvrir la démo d’un jeu de règles / open a ruleset's demo
  escarmouche --lang fr|en        langue de l’interface / interface language
"""


def _where() -> str:
    """The rulesets and where the data and settings live, for --help (imports the registry:
    only when help is asked for, never at a plain start)."""
    from PySide6.QtCore import QSettings

    from gui.boot.paths import ENV_VAR, data_path
    from gui.engine.rulesets import registry

    names = "\n".join(
        f"  {rid:<18}{registry.get(rid).data.name.fr} / {registry.get(rid).data.name.en}"
        for rid in registry.available()
    )
    settings = QSettings("Escarmouche", "Escarmouche").fileName()
    return (
        f"ouvrir / open:\n{OPEN_USAGE}\n"
        f"jeux de règles (--demo JEU) / rulesets:\n{names}\n\n"
        f"données / data: {data_path()}\n"
        f"  (rencontres, sauvegardes, récupération, bibliothèque ; {ENV_VAR} pour en changer\n"
        f"  / encounters, backups, recovery, library; {ENV_VAR} to move it)\n"
        f"réglages / settings: {settings}\n"
    )


def _parser(full_help: bool = False) -> argparse.ArgumentParser:
    """The command line; `full_help`: its help names the rulesets and the folders."""
    epilog = _where() if full_help else None
    parser = argparse.ArgumentParser(
        prog="escarmouche",
        description="Gestionnaire de rencontres "
        "pour meneurs de jeu / Encounter manager for game masters",
        epilog=epilog,
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    parser.add_argument("--version", action="version", version=f"escarmouche {__version__}")
    sub = parser.add_subparsers(dest="command")
    check = sub.add_parser("check", help="vérifier un fichier de rencontre / validate a file")
    check.add_argument("file", type=Path)
    summary = sub.add_parser(
        "summary", help="résumé imprimable en PDF ou HTML / printable summary as PDF or HTML"
    )
    summary.add_argument("file", type=Path)
    summary.add_argument("-o", "--output", type=Path, required=True, help="fichier .pdf ou .html")
    run = sub.add_parser(
        "open",
        help="ouvrir l’application (par défaut) / open the app (default)",
        epilog=epilog,
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    run.add_argument("file", type=Path, nargs="?", help="fichier de rencontre / encounter file")
    run.add_argument(
        "--demo", metavar="JEU", help="ouvrir la démo d’un jeu de règles / open a ruleset's demo"
    )
    for command in (check, summary, run):
        command.add_argument(
            "--lang",
            choices=("fr", "en"),
            help="langue, au lieu de la préférence / language, instead of the preference",
        )
    return parser


def main(argv: list[str] | None = None) -> int:
    """Entry point of the `escarmouche` command and of `python -m gui`."""
    args = list(sys.argv[1:] if argv is None else argv)
    if not args or args[0] not in ("check", "summary", "open", "-h", "--help", "--version"):
        args.insert(0, "open")  # `escarmouche --demo RULESET`, `escarmouche FILE`
    ns = _parser(full_help=bool({"-h", "--help"} & set(args))).parse_args(args)
    if ns.command == "check":
        return _check(ns.file, ns.lang)
    if ns.command == "summary":
        return _summary(ns.file, ns.output, ns.lang)
    from gui.boot.startup import application, first_window

    # The start makes a great many objects and keeps them: the cyclic collector, run again
    # and again over them while the modules load, would find nothing to free. It runs again
    # once the window is ready (startup.ready), the start's objects set aside for good.
    gc.disable()
    try:
        if application(ns.lang) is None:
            return 2
        shell = first_window()  # painted before the engine is imported
        from gui.boot.app import run

        return run(ns.file, ns.demo, shell)
    finally:
        gc.enable()
