"""PySide6's import hook, made cheap (issue 22, P1). Once PySide6 is imported, every module
imported after it is checked for the word "PySide6" in its source (its `__feature__` support):
through `inspect.getsource`, which tokenises the file into the line cache — about 40 ms over the
engine's and the window's modules at each start. The same question is asked here of the file's
bytes; a module without a `.py` file gets PySide6's own answer."""

from __future__ import annotations

import sys
from types import ModuleType


def make_cheap() -> None:
    """Replace the check of PySide6's import hook by a raw read of the module's file."""
    feature = sys.modules.get("shibokensupport.feature")
    upstream = getattr(feature, "_mod_uses_pyside", None)
    if upstream is None or getattr(upstream, "cheap", False):
        return

    def uses_pyside(module: ModuleType) -> bool:
        file = getattr(module, "__file__", None)
        if isinstance(file, str) and file.endswith(".py"):
            try:
                with open(file, "rb") as source:
                    return b"PySide6" in source.read()
            except OSError:
                pass
        return upstream(module)

    uses_pyside.cheap = True  # type: ignore[attr-defined]
    feature._mod_uses_pyside = uses_pyside  # type: ignore[union-attr]
