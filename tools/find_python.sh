#!/bin/sh
# Prints the path of a Python >= 3.12 interpreter, or explains and exits 1.
# Order: PATH (python3.13, python3.12, python3, python), then the versions under `pyenv root`.
# pyenv shims are on PATH even for versions that are not selected, so every candidate is run.
ok() { "$1" -c 'import sys; sys.exit(0 if sys.version_info >= (3, 12) else 1)' >/dev/null 2>&1; }
for name in python3.14 python3.13 python3.12 python3 python; do
    p=$(command -v "$name" 2>/dev/null) || continue
    if ok "$p"; then
        "$p" -c 'import sys; print(sys.executable)'
        exit 0
    fi
done
root=$(pyenv root 2>/dev/null || echo "${PYENV_ROOT:-$HOME/.pyenv}")
for v in $(ls "$root/versions" 2>/dev/null | grep '^3\.' | sort -V -r); do
    p="$root/versions/$v/bin/python3"
    if [ -x "$p" ] && ok "$p"; then
        echo "$p"
        exit 0
    fi
done
echo "Escarmouche needs Python >= 3.12 (PySide6 6.12 crashes CPython 3.11)." >&2
echo "None was found on PATH nor under $root/versions." >&2
echo "Install one (e.g. 'pyenv install 3.12' or your system's python3.12) and run make again." >&2
exit 1
