"""Where Escarmouche keeps its data: the only module that knows (qutebrowser's standarddir idea).

Everything else receives a `Path`. The environment variable `ESCARMOUCHE_DATA_DIR` overrides the
platform default; it is read at every call because tests (and portable installs) change it.
"""

from __future__ import annotations

import os
from pathlib import Path

import platformdirs

APP_NAME = "Escarmouche"
ENV_VAR = "ESCARMOUCHE_DATA_DIR"


def data_dir() -> Path:
    """The user data folder: `$ESCARMOUCHE_DATA_DIR` if set, else the platform's, created."""
    override = os.environ.get(ENV_VAR)
    if override:
        path = Path(override).expanduser()
    else:
        path = Path(platformdirs.user_data_dir(APP_NAME, appauthor=False))
    path.mkdir(parents=True, exist_ok=True)
    return path


def _subdir(name: str) -> Path:
    path = data_dir() / name
    path.mkdir(parents=True, exist_ok=True)
    return path


def encounters_dir() -> Path:
    """Where the GM's encounters are saved by default, created."""
    return _subdir("encounters")


def backups_dir() -> Path:
    """Where the previous version of a file goes before each save, created."""
    return _subdir("backups")


def recovery_dir() -> Path:
    """Where autosaves wait to be offered back after a crash, created."""
    return _subdir("recovery")


def rulesets_dir() -> Path:
    """Where user-installed rulesets and catalogs live, created."""
    return _subdir("rulesets")
