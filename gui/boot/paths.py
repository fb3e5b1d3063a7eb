"""Where Escarmouche keeps its data: the only module that knows (qutebrowser's standarddir idea).

Everything else receives a `Path`. The environment variable `ESCARMOUCHE_DATA_DIR` overrides the
platform default; it is read at every call because tests (and portable installs) change it.
"""

from __future__ import annotations

import getpass
import os
import tempfile
from pathlib import Path

import platformdirs

from gui.engine.core.digest import sha1_hex

APP_NAME = "Escarmouche"
ENV_VAR = "ESCARMOUCHE_DATA_DIR"


def data_path(*parts: str) -> Path:
    """A path in the user data folder (`$ESCARMOUCHE_DATA_DIR` if set, else the platform's),
    not created: for a folder only needed now and then (backups), or a start folder."""
    override = os.environ.get(ENV_VAR)
    if override:
        path = Path(override).expanduser()
    else:
        path = Path(platformdirs.user_data_dir(APP_NAME, appauthor=False))
    return path.joinpath(*parts)


def data_dir() -> Path:
    """The user data folder, created (OSError when it cannot be: read-only disk…)."""
    path = data_path()
    path.mkdir(parents=True, exist_ok=True)
    return path


def browse_dir() -> Path:
    """Where the open and save dialogs start: the encounters folder, or the home folder
    when the data folder cannot be made."""
    try:
        return encounters_dir()
    except OSError:
        return Path.home()


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


def library_dir() -> Path:
    """Where the GM's library keeps its saved combatants, one file per ruleset, created."""
    return _subdir("library")


def rulesets_dir() -> Path:
    """Where user-installed rulesets and catalogs live, created."""
    return _subdir("rulesets")


def fallback_recovery_dir() -> Path:
    """Where autosaves go when `recovery/` cannot take them (read-only or missing data folder):
    the system's temporary folder, one per user and data folder; not created."""
    try:
        user = getpass.getuser()
    except (OSError, KeyError):
        user = "user"
    safe = "".join(ch for ch in user if ch.isalnum())[:32] or "user"
    folder = sha1_hex(str(data_path()).encode("utf-8", "replace"))[:10]
    return Path(tempfile.gettempdir()) / f"escarmouche-recovery-{safe}-{folder}"
