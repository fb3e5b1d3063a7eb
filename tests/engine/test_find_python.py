"""tools/find_python.sh: the Makefile's choice of a Python >= 3.12, and its clear refusal."""

import os
import shutil
import stat
import subprocess
from pathlib import Path

SCRIPT = Path(__file__).resolve().parents[2] / "tools" / "find_python.sh"


def run(env: dict[str, str]) -> subprocess.CompletedProcess:
    return subprocess.run(
        [shutil.which("sh"), str(SCRIPT)], capture_output=True, text=True, env=env, check=False
    )


def isolated_path(tmp_path: Path) -> str:
    """A PATH with our fake interpreters and only the tools the script needs, so that a
    system Python >= 3.12 on the test machine cannot be picked instead."""
    tools = tmp_path / "tools"
    tools.mkdir()
    for name in ("ls", "grep", "sort"):
        (tools / name).symlink_to(shutil.which(name))
    return f"{tmp_path / 'bin'}:{tools}"


def fake_python(folder: Path, version: str) -> Path:
    """A stand-in interpreter answering the version check like CPython `version` would."""
    major, minor = version.split(".")[:2]
    exe = folder / "python3"
    exe.parent.mkdir(parents=True, exist_ok=True)
    ok = "0" if (int(major), int(minor)) >= (3, 12) else "1"
    exe.write_text(f'#!/bin/sh\ncase "$2" in *executable*) echo {exe} ;; *) exit {ok} ;; esac\n')
    exe.chmod(exe.stat().st_mode | stat.S_IEXEC)
    return exe


def test_finds_a_real_interpreter_of_at_least_3_12():
    out = run(dict(os.environ))
    assert out.returncode == 0, out.stderr
    version = subprocess.run(
        [out.stdout.strip(), "-c", "import sys; print(sys.version_info[:2])"],
        capture_output=True,
        text=True,
        check=True,
    ).stdout
    assert version.strip() >= "(3, 12)"


def test_skips_an_old_python_on_path_and_takes_pyenv_versions(tmp_path):
    fake_python(tmp_path / "bin", "3.11")
    newest = fake_python(tmp_path / "pyenv" / "versions" / "3.13.0" / "bin", "3.13")
    fake_python(tmp_path / "pyenv" / "versions" / "3.12.1" / "bin", "3.12")
    env = {
        "PATH": f"{tmp_path / 'bin'}:/usr/bin:/bin",
        "PYENV_ROOT": str(tmp_path / "pyenv"),
        "HOME": str(tmp_path),
    }
    out = run(env)
    assert out.returncode == 0 and out.stdout.strip() == str(newest)


def test_no_suitable_python_is_a_clear_error(tmp_path):
    fake_python(tmp_path / "bin", "3.11")
    env = {
        "PATH": f"{tmp_path / 'bin'}:/bin",
        "PYENV_ROOT": str(tmp_path / "none"),
        "HOME": str(tmp_path),
    }
    out = run(env)
    assert out.returncode == 1
    assert "Python >= 3.12" in out.stderr and str(tmp_path / "none") in out.stderr
