"""Issue 17, deliver 5: every engine text a GM reads exists in English. Each demo is played
through every action its combatants are offered (each choice of each option), the reactions the
windows offer, turns, moves and a free roll; every text the engine gives for the English
interface (terms, outcomes, notes, notices, errors, log lines, undo labels, badges, derived
values, unit and window labels) must hold no French (tests/french.py)."""

from __future__ import annotations

from collections.abc import Iterator

import pytest

from gui.engine.checks.request import DiceResult
from gui.engine.contract.values import Action
from gui.engine.core.problems import BilingualError
from gui.engine.core.words import Term
from gui.engine.files import storage
from gui.engine.play.table import Table
from gui.engine.rulesets import registry
from gui.engine.space.destination import Destination
from gui.engine.state.changes import ChangeSet
from gui.engine.timing import windows
from gui.engine.turns import DeclareThenAct, current_entry
from tests.engine.acting import forced_if_blocked
from tests.french import FrenchFinder
from tests.gui.mutations import start_inputs, turn_inputs


class Seen:
    """The English texts met along the play, each with where it came from."""

    def __init__(self, table: Table) -> None:
        self.table, self.texts = table, []
        self.finder = FrenchFinder(table.enc, table.ruleset)

    def add(self, where: str, *texts: object) -> None:
        for text in texts:
            if isinstance(text, Term):
                text = text.english()
            if text:
                self.texts.append((where, str(text)))

    def cs(self, where: str, cs: ChangeSet) -> None:
        self.add(f"{where} (undo label)", cs.english)
        for c in cs.changes:
            if c.path[0] == "log" and hasattr(c.new, "english"):
                action, breakdown, outcome = c.new.english()
                self.add(f"{where} (log)", action, outcome, *breakdown)

    def french(self) -> list[str]:
        return self.finder.french(self.texts)


def _options(spec) -> Iterator[dict]:
    """The action's default options, then each other choice of each choice option."""
    base = {f.key: f.default for f in spec.options if f.default is not None}
    yield base
    for f in spec.options:
        for choice in f.choices or ():
            if choice.value != f.default:
                yield {**base, f.key: choice.value}


def _roll(table: Table, request) -> DiceResult:
    if request.aggregate_only:
        return DiceResult("aggregate", (), request.minimum)
    return table.roll(request)


def _act(seen: Seen, action: Action, where: str) -> None:
    t = seen.table
    try:
        action, preview = forced_if_blocked(t, action)
        seen.add(where, *preview.terms, preview.notes[1], *(n.en for n in preview.notices))
        dice = DiceResult("none") if preview.dice is None else _roll(t, preview.dice)
        resolution, cs = t.resolve(action, dice)
    except BilingualError as exc:
        seen.add(f"{where} (refused)", exc.en)
        return
    seen.add(where, resolution.outcome_en, *resolution.terms)
    seen.add(where, *(f.label.en for f in resolution.asks))
    seen.cs(where, cs)
    t.apply(cs)


def _sheet_texts(seen: Seen) -> None:
    t = seen.table
    enc, ruleset = t.enc, t.ruleset
    for c in enc.combatants:
        seen.add(f"{c.name} (badges)", *(b.en for b in ruleset.badge_labels(enc, c)))
        seen.add(f"{c.name} (derived)", *ruleset.derived(enc, c))
    for entry in enc.turn.order:
        seen.add("turn order", ruleset.unit_label(enc, entry, with_side=True).en)
        seen.add("due rolls", *(d.label.en for d in ruleset.due_rolls(enc, entry)))
    for w in enc.windows:
        seen.add("window", windows.describe(enc, ruleset.data, w).en)
    seen.add("offers", *(o.label.en for o in t.offers()))


def _declare_then_act(seen: Seen, name: str, args: dict) -> None:
    """Declare-then-act (conteur): each unit's declaration options, then, before the actions
    are ordered, the initiative of each declared action term by term (issue 34, deliver 5:
    « CON-04 initiative de base » stayed French in the English dialog)."""
    t = seen.table
    mode, enc = t.mode(), t.enc
    if not isinstance(mode, DeclareThenAct):
        return
    for entry in enc.turn.order:
        c = enc.combatant(entry.members[0])
        seen.add("declaration options", *(f.label.en for f in mode.rules.options(enc, c)))
    if name == "begin_act":
        acts = mode.action_initiatives(t.context(), args["rolls"])
        assert acts, "no action initiative to read"
        for act in (a for unit in acts.values() for a in unit):
            seen.add("action initiative", *act.terms)


def _turn(seen: Seen, where: str) -> None:
    t = seen.table
    for name, args in turn_inputs(t):
        _declare_then_act(seen, name, args)
        try:
            cs = t.next_turn() if name == "next" else t.turn_step(name, **args)
        except BilingualError as exc:
            seen.add(f"{where} (refused)", exc.en)
            continue
        seen.cs(where, cs)
        t.apply(cs)


def _actions(seen: Seen, actor: str, target: str | None) -> None:
    t = seen.table
    for spec in t.ruleset.actions(t.enc, actor, target):
        seen.add("action list", spec.label.en, *(f.label.en for f in spec.options))
        seen.add("action list", *(c.label.en for f in spec.options for c in f.choices or ()))
        for options in _options(spec):
            if actor not in {c.id for c in t.enc.combatants}:
                return
            aimed = target if spec.needs_target else None
            _act(seen, Action(spec.kind, actor, aimed, options), spec.kind)
            for offer in t.offers():
                _act(
                    seen,
                    Action(offer.kind, offer.actor, offer.target, {}, window=offer.window),
                    f"offer {offer.kind}",
                )


def play(ruleset_id: str) -> Seen:
    """The demo played through: start, then for each combatant in turn every action on one
    foe and on itself, a move to another zone, and Suivant."""
    t = Table(storage.loads(registry.get(ruleset_id).demo_path.read_bytes(), "demo"))
    seen = Seen(t)
    initiatives, inputs = start_inputs(t)
    cs = t.start_combat(initiatives, **inputs)
    seen.cs("start", cs)
    t.apply(cs)
    zones = [z.id for z in t.enc.map.zones]
    for c in list(t.enc.combatants):
        acting = current_entry(t.enc.turn)
        actor = acting.members[0] if acting and acting.members else c.id
        foe = next((o.id for o in t.enc.combatants if o.side != t.enc.combatant(actor).side), None)
        _sheet_texts(seen)
        for target in dict.fromkeys((foe, actor)):
            _actions(seen, actor, target)
        _sheet_texts(seen)  # the wounds, states and badges the actions left
        elsewhere = [z for z in zones if z != t.enc.combatant(actor).position.zone][:1]
        for zone in elsewhere:
            notices, cs = t.move(actor, Destination(zone), force=True)
            seen.add("move", *(n.en for n in notices))
            seen.cs("move", cs)
            t.apply(cs)
        _turn(seen, "suivant")
    _, cs = t.free_roll("2d6+1", "test")
    seen.cs("free roll", cs)
    seen.cs("previous", t.previous_turn())
    seen.cs("end", t.end_combat())
    _sheet_texts(seen)
    return seen


@pytest.mark.parametrize("ruleset_id", registry.available())
def test_every_engine_text_of_a_demo_played_through_reads_in_english(ruleset_id):
    seen = play(ruleset_id)
    assert len(seen.texts) > 100
    assert seen.french() == []


def test_conteurs_health_levels_read_in_english_and_the_gms_own_as_typed():
    """A-CON-2's default levels are named in English (issue 34, deliver 5: « Blessé (-1
    dice) » in the English log and badges); a level the GM renamed keeps its name."""
    ruleset = registry.get("conteur")
    enc = storage.loads(ruleset.demo_path.read_bytes(), "demo")
    c = enc.combatants[0]
    track = c.tracks["sante"].replace(marks=["L", "L", "L", "", "", "", ""])
    hurt = c.replace(tracks={"sante": track})
    assert ruleset.badge_labels(enc, hurt)[0].en.startswith("Injured (-1) · Will")
    assert ruleset.badge_labels(enc, hurt)[0].fr.startswith("Blessé (-1) · Vol")
    health = next(t for t in ruleset.derived(enc, hurt) if t.label_en == "Health")
    assert health.english() == "CON-32 Health: Injured"
    levels = [dict(row) for row in hurt.stats["niveaux_sante"]]
    levels[2]["niveau"] = "Griffé"
    renamed = hurt.replace(stats={**hurt.stats, "niveaux_sante": levels})
    assert ruleset.badge_labels(enc, renamed)[0].en.startswith("Griffé (-1)")


def test_conteurs_declaration_with_magic_and_points_spent_reads_in_english():
    """CON-07, CON-08, CON-43: a declaration of three actions, one magical, Willpower and
    blood spent — its undo label, log line, states, badges and each action's initiative
    terms hold no French (issue 34, deliver 5)."""
    t = Table(storage.loads(registry.get("conteur").demo_path.read_bytes(), "demo"))
    seen = Seen(t)
    t.apply(t.start_combat(None))
    unit = current_entry(t.enc.turn)
    options = {"magiques": 1, "volonte_points": 1, "sang": 1}
    actions = ["Frapper", "Courir", "Frapper encore"]
    cs = t.turn_step("declare", unit=unit.unit, actions=actions, options=options)
    seen.cs("declare", cs)
    t.apply(cs)
    c = t.enc.combatant(unit.members[0])
    seen.add("badges", *(b.en for b in t.ruleset.badge_labels(t.enc, c)))
    seen.add("states", *(s.texts()[1] for s in c.states))
    mode = t.mode()
    assert isinstance(mode, DeclareThenAct)
    acts = mode.action_initiatives(t.context(), {unit.unit: 6})[unit.unit]
    for act in acts:
        seen.add("action initiative", *act.terms)
    assert {"3 actions declared", "of which 1 magical", "Willpower points spent: 1"} <= {
        text for _, text in seen.texts
    }
    assert any("magical action 1" in text for _, text in seen.texts)
    assert seen.french() == []
