"""Issue 13, deliver 1, 3 and 4: autosave failures are loud and fall back to a second folder;
a newer version's autosave is never overwritten, renamed or deleted; declined and damaged
autosaves keep names of their own; an unusable data folder gives messages, not crashes."""

import errno
import json
import os

import pytest

from gui.boot import paths
from gui.boot.app import offer_recovery
from gui.control import recovery
from gui.engine.files import storage
from tests.gui.test_main_window import make_window

pytestmark = pytest.mark.gui

NEWER = json.dumps(
    {"encounter": {"id": "gue"}, "format": "escarmouche.encounter", "schema_version": 99}
)


def autosave_of(window) -> object:
    return paths.recovery_dir() / f"{window.controller.enc.id}.json"


def renamed(qtbot, window, name: str) -> None:
    """A sheet edit, and the autosave that follows its paint (issue 16)."""
    window.controller.rename("ysolde", name)
    assert window.controller.autosave_pending
    qtbot.waitUntil(lambda: not window.controller.autosave_pending, timeout=1000)


def test_a_newer_versions_autosave_is_never_touched(qtbot, data_dir):
    win = make_window(qtbot)
    target = autosave_of(win)
    target.write_text(NEWER)
    renamed(qtbot, win, "Ysolde la Brave")  # autosave: refused there…
    fallback = paths.fallback_recovery_dir() / target.name
    assert target.read_text() == NEWER
    assert storage.load(fallback).combatant("ysolde").name == "Ysolde la Brave"  # …kept here
    assert win.autosave_label.isVisibleTo(win) and "secours" in win.autosave_label.text()
    win.controller.discard_recovery()  # what a save or a normal close does
    assert target.read_text() == NEWER and not fallback.exists()
    # The next start neither offers it (it cannot be read here) nor sets it aside.
    fresh = make_window(qtbot, confirm=[True])
    assert fresh.files.recoverable() == []
    offer_recovery(fresh)
    assert fresh.prompts.asked == []
    assert recovery.set_aside(target, "declined") is None
    assert sorted(p.name for p in target.parent.iterdir()) == [target.name]
    assert target.read_text() == NEWER


def test_a_newer_file_saved_over_is_kept_and_said_so(qtbot, tmp_path, monkeypatch):
    path = tmp_path / "futur.json"
    path.write_text(NEWER)
    win = make_window(qtbot)
    errors = []
    monkeypatch.setattr(win.files, "show_error", lambda title, text: errors.append(text))
    assert not win.files._save(path)
    assert path.read_text() == NEWER and "plus récente" in errors[0]


def test_every_declined_autosave_is_kept_under_its_own_name(qtbot, data_dir):
    names = []
    for n in range(2):
        win = make_window(qtbot)
        renamed(qtbot, win, f"Ysolde {n}")
        # The app dies; the next start is declined.
        offer_recovery(make_window(qtbot, confirm=[False]))
        names = sorted(p.name for p in paths.recovery_dir().glob("*.declined"))
    assert len(names) == 2
    kept = {storage.load(paths.recovery_dir() / n).combatant("ysolde").name for n in names}
    assert kept == {"Ysolde 0", "Ysolde 1"}


def test_a_damaged_autosave_is_set_aside_and_explained(qtbot, data_dir, monkeypatch):
    for n in range(2):
        (paths.recovery_dir() / f"abime{n}.json").write_text('{"format": "escarmouche.enc')
    errors = []
    fresh = make_window(qtbot, confirm=[True, True])
    monkeypatch.setattr(fresh.files, "show_error", lambda title, text: errors.append(text))
    offer_recovery(fresh)
    offer_recovery(fresh)
    damaged = sorted(paths.recovery_dir().glob("*.damaged"))
    assert len(damaged) == 2 and len(errors) == 2
    assert "$" in errors[0] and str(damaged[0].name) in "".join(errors)
    assert fresh.files.recoverable() == []


def test_a_failing_autosave_stays_on_screen_until_a_save_succeeds(qtbot, tmp_path, monkeypatch):
    win = make_window(qtbot)

    def unusable():
        raise PermissionError(13, "Permission non accordée")

    monkeypatch.setattr(recovery, "FOLDERS", (unusable, unusable))
    renamed(qtbot, win, "A")
    label = win.autosave_label
    assert label.isVisibleTo(win) and "Sauvegarde automatique impossible" in label.text()
    assert "Permission non accordée" in label.toolTip()
    renamed(qtbot, win, "B")  # still failing: still shown
    assert label.isVisibleTo(win)
    win.controller.save(tmp_path / "ok.json")
    assert not label.isVisibleTo(win) and win.controller.autosave_problem == ""


def test_an_unusable_data_folder_gives_messages_not_crashes(qtbot, tmp_path, monkeypatch):
    blocker = tmp_path / "pas-un-dossier"
    blocker.write_text("un fichier, pas un dossier")
    monkeypatch.setenv(paths.ENV_VAR, str(blocker / "Escarmouche"))
    win = make_window(qtbot)
    offer_recovery(win)  # the first start: nothing to offer, no crash
    renamed(qtbot, win, "Ysolde la Brave")
    fallback = paths.fallback_recovery_dir()
    assert storage.load(fallback / f"{win.controller.enc.id}.json").combatant("ysolde")
    assert "secours" in win.autosave_label.text()
    # The app dies; the next start offers the work back from the fallback folder.
    fresh = make_window(qtbot, confirm=[True])
    offer_recovery(fresh)
    assert fresh.controller.enc.combatant("ysolde").name == "Ysolde la Brave"
    # Saving where the data folder cannot be made is refused with a message…
    errors = []
    monkeypatch.setattr(fresh.files, "show_error", lambda title, text: errors.append(text))
    assert not fresh.files._save(blocker / "Escarmouche" / "x.json")
    assert errors
    # …saving elsewhere works (no previous version to keep), and the close does not crash.
    assert fresh.files._save(tmp_path / "ailleurs.json")
    fresh.close()
    assert not (fallback / f"{win.controller.enc.id}.json").exists()


def test_autosave_sweeps_the_temporary_files_a_crash_left(qtbot, data_dir):
    win = make_window(qtbot)
    stale = paths.recovery_dir() / ".autre.json.0123456789ab.tmp"
    stale.write_text("{")
    os.utime(stale, (0, 0))
    renamed(qtbot, win, "A")
    assert not stale.exists()


def test_start_up_sweeps_what_a_killed_save_left_in_every_folder_the_app_writes(qtbot, tmp_path):
    elsewhere = tmp_path / "campagne"
    elsewhere.mkdir()
    win = make_window(qtbot)
    assert win.files._save(elsewhere / "gue.json")  # now a recent file
    stale = [
        elsewhere / ".gue.json.0123456789ab.tmp",
        paths.encounters_dir() / ".autre.json.0123456789ab.tmp",
        paths.library_dir() / ".d20_35.json.0123456789ab.tmp",  # issue 31: every folder
        paths.backups_dir() / ".autre.json.0123456789ab.tmp",
        paths.rulesets_dir() / ".ajout.json.0123456789ab.tmp",
    ]
    for p in stale:
        p.write_text("{")
        os.utime(p, (0, 0))
    offer_recovery(make_window(qtbot))
    assert not any(p.exists() for p in stale)
    assert (elsewhere / "gue.json").is_file()


def test_closing_on_a_read_only_disk_does_not_crash(qtbot, monkeypatch):
    win = make_window(qtbot)
    renamed(qtbot, win, "A")
    win.controller.undo_stack.setClean()  # as after a save: the close discards the autosave

    def read_only(self, missing_ok=False):
        raise OSError(errno.EROFS, "Read-only file system", str(self))

    monkeypatch.setattr(type(paths.recovery_dir()), "unlink", read_only)
    win.close()
    assert not win.isVisible()


def test_autosaves_append_to_a_journal_that_is_compacted_and_discarded(
    qtbot, data_dir, monkeypatch
):
    """Issue 36: after the first full write, each gesture's autosave appends to the journal
    (the full write is not rewritten); once the journal outgrows its limit the encounter is
    written in full again; a save or a normal close discards both."""
    win = make_window(qtbot)
    target = autosave_of(win)
    kept = target.with_name(target.name + ".journal")
    renamed(qtbot, win, "Ysolde 1")
    first = os.stat(target).st_ino
    sizes = []
    for n in range(2, 6):
        renamed(qtbot, win, f"Ysolde {n}")
        assert os.stat(target).st_ino == first  # the full write stays as it was
        sizes.append(kept.stat().st_size)
        assert recovery.read(target).combatant("ysolde").name == f"Ysolde {n}"
    assert sizes == sorted(sizes) and len(set(sizes)) == len(sizes)
    assert storage.load(target).combatant("ysolde").name == "Ysolde 1"
    monkeypatch.setattr(recovery.journal, "COMPACT_AT", 0)
    recovery._journals[target].base_size = 0  # the journal is now longer than its limit
    renamed(qtbot, win, "Ysolde 6")
    assert os.stat(target).st_ino != first  # written in full again
    assert storage.load(target).combatant("ysolde").name == "Ysolde 6"
    renamed(qtbot, win, "Ysolde 7")  # and the journal starts again from it
    assert storage.load(target).combatant("ysolde").name == "Ysolde 6"
    assert recovery.read(target).combatant("ysolde").name == "Ysolde 7"
    win.controller.discard_recovery()
    assert not target.exists() and not kept.exists()
