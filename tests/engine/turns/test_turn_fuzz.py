"""Random turn steps (hypothesis): only TurnError refuses one, each state saves, all undo (G-4)."""

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from gui.engine.files import storage
from gui.engine.play.table import Table
from gui.engine.turns import TurnError, current_entry
from tests.engine.builders import dump, fighter, libre_encounter
from tests.engine.rulesets.conteur import builders as con
from tests.engine.rulesets.reserve_menace import builders as rm

FUZZ = settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
ACTING, WAITING = "@acting", "@waiting"  # the unit whose turn it is, one that waits
DELAYED = -99  # the position of a delayed row


def resolved(t: Table, args: dict) -> dict:
    """`args` with ACTING and WAITING replaced by such units as the turn has now."""
    acting = current_entry(t.enc.turn)
    waiting = [e.unit for e in t.enc.turn.order if getattr(e, "delayed", False)]
    waiting += [e.unit for e in t.enc.turn.order if getattr(e, "ready", "")]
    names = {ACTING: acting.unit if acting else "w", WAITING: (waiting or ["w"])[0]}
    rows = [i for i, e in enumerate(t.enc.turn.order) if getattr(e, "delayed", False)]
    out = {k: names.get(v, v) if isinstance(v, str) else v for k, v in args.items()}
    return {k: (rows or [0])[-1] if v == DELAYED else v for k, v in out.items()}


def play(t: Table, ops: list[tuple]) -> None:
    """Take each step that the mode accepts (a refusal must be a TurnError and change
    nothing); check every state reached saves and loads; then undo every step."""
    start, saved = dump(t.enc), storage.dumps(t.enc, "t")
    done = []
    for name, args in ops:
        before = dump(t.enc)
        try:
            if name == "next":
                cs = t.next_turn()
            elif name == "previous":
                cs = t.previous_turn()
            else:
                cs = t.turn_step(name, **resolved(t, args))
        except TurnError as err:
            assert err.fr and err.en and dump(t.enc) == before
            continue
        t.apply(cs)
        done.append(cs)
        assert storage.loads(storage.dumps(t.enc)) == t.enc
    for cs in reversed(done):
        t.revert(cs)
    assert dump(t.enc) == start and storage.dumps(t.enc, "t") == saved


def op(name: str, **args) -> st.SearchStrategy:
    return st.tuples(st.just(name), st.fixed_dictionaries(args))


PLAIN = st.sampled_from([("next", {}), ("previous", {})])

RANKED_UNITS = st.sampled_from(["x", "y", "z", "v", "w", ACTING, WAITING])  # w: in no order
RANKED = st.lists(
    st.one_of(
        PLAIN,
        PLAIN,
        op("delay", unit=RANKED_UNITS),
        op("act_now", unit=st.sampled_from([WAITING, WAITING, "x", "w"])),
        op("ready", unit=RANKED_UNITS, trigger=st.sampled_from(["", "s’il bouge"])),
        op("reorder", unit=RANKED_UNITS, to=st.integers(-2, 6)),
    ),
    max_size=30,
)


@FUZZ
@given(RANKED)
def test_ranked_steps(ops):
    t = Table(
        libre_encounter(fighter("x", "a"), fighter("y", "b"), fighter("z", "a"), fighter("v", "b"))
    )
    t.apply(t.start_combat({"x": 12, "y": 12, "z": 7, "v": 3}))
    play(t, ops)


PASS_UNITS = st.sampled_from(["ana", "bea", "s1", "mineurs.mj", "personne", ACTING])
ALTERNATING = st.lists(
    st.one_of(
        PLAIN,
        op("select", unit=PASS_UNITS, force=st.booleans()),
        op("spend", unit=PASS_UNITS, count=st.integers(1, 3), force=st.booleans()),
        op("pass_unit", unit=PASS_UNITS),
        op("grant", unit=PASS_UNITS, count=st.integers(0, 2)),
        op("give_initiative", side=st.sampled_from([rm.PJ, rm.MJ, "elfes"])),
        op("reorder", unit=PASS_UNITS, to=st.integers(0, 4)),
    ),
    max_size=25,
)


@FUZZ
@given(ALTERNATING)
def test_alternating_steps(ops):
    enc = rm.encounter(
        rm.pc("ana"), rm.pc("bea"), rm.extra("s1", "standard"), rm.extra("m1"), rm.extra("m2")
    )
    play(rm.start(enc), ops)


DECLARE_UNITS = st.sampled_from(["a", "b", "c", ACTING])
ROLLS = st.dictionaries(st.sampled_from(["a", "b", "c"]), st.integers(1, 10), min_size=2)
DECLARE = st.lists(
    st.one_of(
        PLAIN,
        PLAIN,
        op(
            "declare",
            unit=DECLARE_UNITS,
            actions=st.lists(st.sampled_from(["Frapper", "Parer", " "]), max_size=3),
        ),
        op("begin_act", rolls=ROLLS),
        op("begin_act", rolls=ROLLS),
        st.just(("delay", {})),
        op("act_now", index=st.one_of(st.just(DELAYED), st.integers(-1, 6))),
        op("reorder", unit=DECLARE_UNITS, to=st.integers(0, 5)),
    ),
    max_size=25,
)


@FUZZ
@given(DECLARE)
def test_declare_steps(ops):
    t = con.table(con.fighter("a", dexterite=4), con.fighter("b", con.MJ), con.fighter("c", con.MJ))
    con.start(t)
    play(t, ops)
