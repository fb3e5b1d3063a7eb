"""The SHA-1 the app uses for a group's turn unit and the recovery folder's name (issue 36,
benchmark P6): CPython's own, the same digest as hashlib's, and the window starts without
loading OpenSSL (hashlib's import maps libcrypto, 3.6 MB)."""

from __future__ import annotations

import subprocess
import sys

from gui.engine.core.digest import sha1_hex


def test_the_digest_is_sha1():
    assert sha1_hex(b"abc") == "a9993e364706816aba3e25717850c26c9cd0d89d"  # FIPS 180 vector


def test_the_main_window_and_a_ruleset_load_without_hashlib():
    code = (
        "import sys; import gui.window.main_window;"
        " from gui.engine.rulesets import registry; registry.get('libre');"
        " print('hashlib' in sys.modules or '_hashlib' in sys.modules)"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert out.stdout.strip() == "False"
