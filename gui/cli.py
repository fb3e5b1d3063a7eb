"""Command line: `escarmouche [FILE | --demo RULESET]` opens the app; `escarmouche check FILE`."""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

from . import __version__


def _check(path: Path) -> int:
    """Validate an encounter file: print what is wrong and return 1, or say it is fine."""
    from .engine.storage import LoadError, load

    try:
        enc = load(path)
    except LoadError as exc:
        print(f"{path}: {exc.path} : {exc.fr}", file=sys.stderr)
        print(f"{path}: {exc.path}: {exc.en}", file=sys.stderr)
        return 1
    print(f"{path}: OK — « {enc.name} » ({enc.ruleset}, {len(enc.combatants)} combattants)")
    return 0


def _parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(
        prog="escarmouche",
        description="Gestionnaire de rencontres "
        "pour meneurs de jeu / Encounter manager for game masters",
    )
    parser.add_argument("--version", action="version", version=f"escarmouche {__version__}")
    sub = parser.add_subparsers(dest="command")
    check = sub.add_parser("check", help="vérifier un fichier de rencontre / validate a file")
    check.add_argument("file", type=Path)
    run = sub.add_parser("open", help="ouvrir l’application / open the app (default)")
    run.add_argument("file", type=Path, nargs="?")
    run.add_argument("--demo", metavar="RULESET", help="ouvrir la démo d’un jeu de règles")
    return parser


def main(argv: list[str] | None = None) -> int:
    """Entry point of the `escarmouche` command and of `python -m gui`."""
    args = list(sys.argv[1:] if argv is None else argv)
    if not args or args[0] not in ("check", "open", "-h", "--help", "--version"):
        args.insert(0, "open")
    ns = _parser().parse_args(args)
    if ns.command == "check":
        return _check(ns.file)
    from .app import run

    return run(ns.file, ns.demo)
