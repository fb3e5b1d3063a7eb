"""Shared fixtures: every test gets its own user data dir and its own temporary folder."""

import tempfile

import pytest


@pytest.fixture(autouse=True)
def data_dir(tmp_path, tmp_path_factory, monkeypatch):
    """Point ESCARMOUCHE_DATA_DIR at a fresh folder so no test touches the real user data, and
    the system's temporary folder (the autosave fallback lives there) at one of the test's."""
    path = tmp_path / "userdata"
    monkeypatch.setenv("ESCARMOUCHE_DATA_DIR", str(path))
    temp = tmp_path_factory.mktemp("systemp")
    monkeypatch.setattr(tempfile, "tempdir", str(temp))
    return path
