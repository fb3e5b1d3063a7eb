"""Fuzzing storage.loads: whatever the bytes, only LoadError escapes and files stay untouched."""

import json
import tempfile
from pathlib import Path

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from gui.engine.files import storage
from gui.engine.files.storage import LoadError
from gui.engine.state.model import DiceState
from tests.engine.files.test_storage import rich_encounter

FUZZ = settings(
    max_examples=200,
    deadline=None,
    suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow],
)
# Without the 629-int generator state, mutations land on the interesting parts of the file.
BASE = rich_encounter().replace(dice=DiceState(seed=7))
VALID = storage.dumps(BASE)
DEEP = "__deep_nesting__"


def check(data: bytes) -> None:
    """Loading gives an encounter that survives a round trip, or a located, bilingual LoadError."""
    try:
        enc = storage.loads(data, "fuzz.json")
    except LoadError as err:
        assert "internal error" not in err.en, err  # a crash turned into a message is still a bug
        assert err.path.startswith("$") and err.fr and err.en and err.file == "fuzz.json"
    else:
        assert storage.loads(storage.dumps(enc)) == enc


def check_file(data: bytes) -> None:
    """`load` of a file gives the same verdict as `loads` and leaves the file byte-identical."""
    with tempfile.TemporaryDirectory() as tmp:
        path = Path(tmp) / "fuzz.json"
        path.write_bytes(data)
        try:
            storage.load(path)
        except LoadError as err:
            assert "internal error" not in err.en, err
        assert path.read_bytes() == data
        assert [p.name for p in Path(tmp).iterdir()] == ["fuzz.json"]


def test_valid_file_loads():
    assert storage.loads(VALID) == BASE


@FUZZ
@given(st.integers(min_value=0, max_value=len(VALID) - 1))
def test_truncated_file_is_refused(cut):
    data = VALID[:cut]
    try:
        storage.loads(data)
    except LoadError as err:
        assert "internal error" not in err.en, err
    else:
        raise AssertionError(f"a file cut at byte {cut} was accepted")
    check_file(data)


EDITS = st.lists(
    st.tuples(
        st.sampled_from(["flip", "insert", "delete", "set"]),
        st.integers(min_value=0, max_value=len(VALID) - 1),
        st.integers(min_value=0, max_value=255),
    ),
    min_size=1,
    max_size=8,
)


@FUZZ
@given(EDITS)
def test_byte_edits_never_escape(edits):
    data = bytearray(VALID)
    for kind, where, byte in edits:
        where %= max(len(data), 1)
        if kind == "flip" and data:
            data[where] ^= 1 << (byte % 8)
        elif kind == "insert":
            data.insert(where, byte)
        elif kind == "delete" and data:
            del data[where]
        elif kind == "set" and data:
            data[where] = byte
    check(bytes(data))
    check_file(bytes(data))


REPLACEMENTS = st.one_of(
    st.sampled_from([None, 0, -1, 1.5, "", "x" * 300, True, [], {}, [None], {"a": 1}]),
    st.sampled_from([10**30, -(10**30), 2**63, 10**400, 1e308, -0.0]),
    st.just(DEEP),
    st.text(max_size=20),
)


def _pick(data, doc):
    """A random node of the parsed document: its parent container and key (None for the root)."""
    parent, key, node = None, None, doc
    while isinstance(node, dict | list) and node and data.draw(st.booleans()):
        keys = list(node) if isinstance(node, dict) else list(range(len(node)))
        parent, key = node, data.draw(st.sampled_from(keys))
        node = node[key]
    return parent, key, node


@FUZZ
@given(st.data())
def test_structured_mutations_never_escape(data):
    doc = json.loads(VALID)
    parent, key, node = _pick(data, doc)
    action = data.draw(st.sampled_from(["replace", "remove", "extra"]))
    if action == "remove" and parent is not None:
        del parent[key]
    elif action == "extra" and isinstance(node, dict):
        node[data.draw(st.sampled_from(["zz_extra", "id", "name", "", "é"]))] = 1
    else:
        value = data.draw(REPLACEMENTS)
        if parent is None:
            doc = value
        else:
            parent[key] = value
    depth = data.draw(st.integers(min_value=10, max_value=5000))
    text = json.dumps(doc, ensure_ascii=False)
    raw = text.replace(f'"{DEEP}"', "[" * depth + "]" * depth).encode("utf-8", "surrogatepass")
    check(raw)
    check_file(raw)


@FUZZ
@given(st.binary(max_size=200))
def test_random_bytes_never_escape(data):
    check(data)
