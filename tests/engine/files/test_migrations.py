"""The migration chain: steps run in order, on a copy, and a missing step is reported."""

import pytest

from gui.engine.files import migrations
from gui.engine.files.migrations import MigrationError, migrate


def test_chain_is_complete_up_to_current_version():
    """Every version from 1 to the current one has its step."""
    from gui.engine.files.storage import SCHEMA_VERSION

    assert all(n in migrations.MIGRATIONS for n in range(1, SCHEMA_VERSION))


def test_same_version_returns_an_equal_copy():
    doc = {"id": "a", "combatants": [{"id": "c"}]}
    out = migrate(doc, 1, 1)
    assert out == doc
    assert out is not doc


def test_steps_run_in_order(monkeypatch):
    """A fake v0→v1→v2 chain: each step sees the previous one's output."""
    seen = []

    def v0_to_v1(doc):
        seen.append(("0→1", dict(doc)))
        doc["renamed"] = doc.pop("old")
        return doc

    def v1_to_v2(doc):
        seen.append(("1→2", dict(doc)))
        return {**doc, "added": True}

    monkeypatch.setattr(migrations, "MIGRATIONS", {0: v0_to_v1, 1: v1_to_v2})
    original = {"old": 5}
    out = migrate(original, 0, 2)
    assert out == {"renamed": 5, "added": True}
    assert [name for name, _ in seen] == ["0→1", "1→2"]
    assert seen[1][1] == {"renamed": 5}
    assert original == {"old": 5}  # the caller's document is untouched


def test_starting_midway_skips_earlier_steps(monkeypatch):
    monkeypatch.setattr(
        migrations, "MIGRATIONS", {0: lambda d: pytest.fail("0→1 must not run"), 1: lambda d: d}
    )
    assert migrate({"x": 1}, 1, 2) == {"x": 1}


def test_gap_is_reported(monkeypatch):
    monkeypatch.setattr(migrations, "MIGRATIONS", {0: lambda d: d, 2: lambda d: d})
    with pytest.raises(MigrationError) as info:
        migrate({}, 0, 3)
    assert "1→2" in info.value.fr and "1→2" in info.value.en
    assert "0→1" not in info.value.en


def test_going_back_is_refused():
    with pytest.raises(MigrationError, match="cannot go back"):
        migrate({}, 3, 1)


def test_step_must_return_an_object(monkeypatch):
    monkeypatch.setattr(migrations, "MIGRATIONS", {0: lambda d: None})
    with pytest.raises(MigrationError, match="did not return an object"):
        migrate({}, 0, 1)
