"""The interface's language and its translations, Qt core only (no engine): read before the
first window is painted (startup.py), then by everything that speaks (i18n.py)."""

from __future__ import annotations

from PySide6.QtCore import QCoreApplication, QLibraryInfo, QLocale, QSettings, QTranslator

from gui.engine.core.assets import I18N_DIR

_state = {"language": "fr"}
_installed: list[QTranslator] = []


def tr(text: str) -> str:
    """A French UI string in the current language (pyside6-lupdate extracts `tr("…")`).

    Put variable parts in with `.format()` after the call: `tr("Retirer {name}").format(…)`.
    """
    return QCoreApplication.translate("", text)


def language() -> str:
    return _state["language"]


def set_language(code: str) -> None:
    _state["language"] = "en" if code == "en" else "fr"


def choose_language(setting: object, system: str) -> str:
    """The language to use: the preference ("fr", "en"), else the system's ("en…" → English,
    anything else → French, the rules' own language)."""
    if setting in ("fr", "en"):
        return str(setting)
    return "en" if system.lower().startswith("en") else "fr"


def install(app: QCoreApplication, forced: str | None = None) -> str:
    """Load the translations for `forced` (the command line's --lang), else the preferred or
    system language; returns its code."""
    setting = forced or QSettings().value("language", "system")
    code = choose_language(setting, QLocale.system().name())
    set_language(code)
    for old in _installed:
        app.removeTranslator(old)
    _installed.clear()
    qt_dir = QLibraryInfo.path(QLibraryInfo.LibraryPath.TranslationsPath)
    for folder, name in ((qt_dir, f"qtbase_{code}"), (str(I18N_DIR), f"escarmouche_{code}")):
        translator = QTranslator(app)
        if translator.load(name, folder):
            app.installTranslator(translator)
            _installed.append(translator)
    return code
