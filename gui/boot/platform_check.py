"""Before Qt starts: is there a screen, and can Qt's X11 plugin load? Qt aborts otherwise."""

from __future__ import annotations

import sys
from collections.abc import Callable, Mapping

# Libraries the xcb platform plugin of PySide6 loads, with their Debian/Ubuntu package.
XCB_LIBRARIES = {
    "libxcb-cursor.so.0": "libxcb-cursor0",
    "libxcb-icccm.so.4": "libxcb-icccm4",
    "libxcb-image.so.0": "libxcb-image0",
    "libxcb-keysyms.so.1": "libxcb-keysyms1",
    "libxcb-randr.so.0": "libxcb-randr0",
    "libxcb-render-util.so.0": "libxcb-render-util0",
    "libxcb-shape.so.0": "libxcb-shape0",
    "libxcb-xkb.so.1": "libxcb-xkb1",
    "libxkbcommon-x11.so.0": "libxkbcommon-x11-0",
    "libEGL.so.1": "libegl1",
    "libfontconfig.so.1": "libfontconfig1",
}


def _loadable(soname: str) -> bool:
    import ctypes  # only where the libraries of an X11 display are looked for

    try:
        ctypes.CDLL(soname)
    except OSError:
        return False
    return True


def display_problem(
    env: Mapping[str, str],
    platform: str = sys.platform,
    loadable: Callable[[str], bool] = _loadable,
) -> str | None:
    """What stops a window from opening, in French then English, or None."""
    if not platform.startswith("linux") or env.get("QT_QPA_PLATFORM"):
        return None
    if not env.get("DISPLAY") and not env.get("WAYLAND_DISPLAY"):
        return (
            "Aucun écran : lancez Escarmouche dans une session graphique (ou sous xvfb-run).\n"
            "No display: start Escarmouche in a graphical session (or under xvfb-run)."
        )
    if env.get("WAYLAND_DISPLAY"):
        return None
    missing = [package for soname, package in XCB_LIBRARIES.items() if not loadable(soname)]
    if not missing:
        return None
    command = "sudo apt-get install " + " ".join(missing)
    return (
        f"Qt ne peut pas ouvrir de fenêtre X11 : bibliothèques système manquantes.\n  {command}\n"
        f"Qt cannot open an X11 window: system libraries are missing.\n  {command}"
    )
