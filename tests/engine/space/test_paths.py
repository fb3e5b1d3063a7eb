"""gui.boot.paths: the data folder override, its subfolders and the platformdirs default."""

from pathlib import Path

import platformdirs
import pytest

from gui.boot import paths

SUBDIRS = {
    "encounters": paths.encounters_dir,
    "backups": paths.backups_dir,
    "recovery": paths.recovery_dir,
    "rulesets": paths.rulesets_dir,
}


def test_override_is_used(data_dir):
    """The autouse fixture's ESCARMOUCHE_DATA_DIR is where data goes, created on demand."""
    assert not data_dir.exists()
    assert paths.data_dir() == data_dir
    assert data_dir.is_dir()


def test_override_is_read_at_call_time(tmp_path, monkeypatch):
    """Changing the variable after import moves the data folder."""
    monkeypatch.setenv(paths.ENV_VAR, str(tmp_path / "elsewhere"))
    assert paths.data_dir() == tmp_path / "elsewhere"


@pytest.mark.parametrize("name", sorted(SUBDIRS))
def test_subfolders_are_created(name, data_dir):
    """Each subfolder sits in the data folder and exists once asked for."""
    folder = SUBDIRS[name]()
    assert folder == data_dir / name
    assert folder.is_dir()
    assert SUBDIRS[name]() == folder  # asking twice is fine


def test_subfolder_parents_are_created(tmp_path, monkeypatch):
    """A data folder several levels down is created with its parents."""
    deep = tmp_path / "a" / "b" / "c"
    monkeypatch.setenv(paths.ENV_VAR, str(deep))
    assert paths.backups_dir() == deep / "backups"
    assert (deep / "backups").is_dir()


def test_default_uses_platformdirs(tmp_path, monkeypatch):
    """Without the variable, the folder is platformdirs' user data dir for Escarmouche."""
    monkeypatch.delenv(paths.ENV_VAR)
    calls = []

    def fake_user_data_dir(appname, appauthor=None, **kwargs):
        calls.append((appname, appauthor))
        return str(tmp_path / "platform" / appname)

    monkeypatch.setattr(platformdirs, "user_data_dir", fake_user_data_dir)
    assert paths.data_dir() == tmp_path / "platform" / "Escarmouche"
    assert calls == [("Escarmouche", False)]
    assert paths.encounters_dir() == tmp_path / "platform" / "Escarmouche" / "encounters"


def test_empty_override_means_default(tmp_path, monkeypatch):
    """An empty variable is treated as unset rather than as the current directory."""
    monkeypatch.setenv(paths.ENV_VAR, "")
    monkeypatch.setattr(platformdirs, "user_data_dir", lambda *a, **k: str(tmp_path / "p"))
    assert paths.data_dir() == Path(tmp_path / "p")
