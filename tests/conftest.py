"""Shared fixtures: every test gets its own user data dir."""

import pytest


@pytest.fixture(autouse=True)
def data_dir(tmp_path, monkeypatch):
    """Point ESCARMOUCHE_DATA_DIR at a fresh folder so no test touches the real user data."""
    path = tmp_path / "userdata"
    monkeypatch.setenv("ESCARMOUCHE_DATA_DIR", str(path))
    return path
