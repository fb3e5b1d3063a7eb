"""A SHA-1 digest without loading OpenSSL: importing hashlib maps libcrypto, 3.6 MB of the
window's memory for two short names (benchmark P6); CPython's own SHA-1 gives the same digest."""

from __future__ import annotations

try:
    from _sha1 import sha1
except ImportError:  # a Python built without its own hashes
    from hashlib import sha1


def sha1_hex(data: bytes) -> str:
    """The SHA-1 of `data`, in hexadecimal."""
    return sha1(data).hexdigest()
