"""Where the window finds the library of a ruleset (the user data folder, paths.py), read and
written with every failure told in French and English."""

from __future__ import annotations

from pathlib import Path

from gui.boot import paths
from gui.engine.core.load_errors import LoadError
from gui.engine.core.problems import BilingualError
from gui.engine.files import library
from gui.engine.files.library import Library


class LibraryProblem(BilingualError):
    """The library cannot be read or written; nothing was changed."""


def path_of(ruleset: str) -> Path:
    """The library file of `ruleset` (its folder created)."""
    return library.file_for(paths.library_dir(), ruleset)


def read(ruleset: str) -> Library:
    """The library of `ruleset` (empty when there is none yet)."""
    try:
        return library.read(path_of(ruleset), ruleset)
    except LoadError as exc:
        raise LibraryProblem(
            f"Bibliothèque illisible ({exc.file} {exc.path}) : {exc.fr}",
            f"The library cannot be read ({exc.file} {exc.path}): {exc.en}",
        ) from exc
    except OSError as exc:
        raise _unavailable(exc) from exc


def write(lib: Library) -> None:
    """Save the library atomically, the previous file kept in `backups/library/`."""
    try:
        library.write(lib, path_of(lib.ruleset), paths.data_path("backups", "library"))
    except OSError as exc:
        raise _unavailable(exc) from exc
    except BilingualError as exc:
        raise LibraryProblem(exc.fr, exc.en) from exc


def _unavailable(exc: OSError) -> LibraryProblem:
    return LibraryProblem(
        f"Dossier de la bibliothèque inaccessible : {exc.strerror or exc}",
        f"The library's folder is not available: {exc.strerror or exc}",
    )
