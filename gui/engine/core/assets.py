"""Where the app's own files are: ruleset data, icons, translations (Qt-free: the engine reads it).

An installed wheel or bundle carries them as package data in `gui/data/`, laid out as in the
repository (setup.py copies them at build time); a source checkout, which the editable install
of `make run` runs from, reads the repository's `ruleset_data/` and `resources/` in place.
"""

from pathlib import Path

# The package is always files on disk (Qt cannot load from a zip): gui/ is the folder two
# above this file's, as importlib.resources' files("gui") gives it, without its imports (P1).
_PACKAGE = Path(__file__).parents[2]
_SHIPPED = _PACKAGE / "data"
_ROOT = _SHIPPED if _SHIPPED.is_dir() else _PACKAGE.parent

RULESET_DATA_DIR = _ROOT / "ruleset_data"
ICONS_DIR = _ROOT / "resources" / "icons"
I18N_DIR = _ROOT / "resources" / "i18n"
ICON = ICONS_DIR / "escarmouche.svg"  # the app's own icon
