"""An encounter in play: its ruleset, its dice generator, and the ChangeSets that move it."""

from __future__ import annotations

from collections.abc import Callable, Mapping
from pathlib import Path

from msgspec.structs import replace

from gui.engine.checks.request import DiceRequest, DiceResult
from gui.engine.contract.values import FORCE, Action, ActionError, Preview, Resolution
from gui.engine.core.problems import BilingualError, Problem, json_path
from gui.engine.core.words import Notice
from gui.engine.dice.rolling import DiceExpr, rng_from_state, rng_state
from gui.engine.files import storage
from gui.engine.play import moves
from gui.engine.play.placing import grid_move_notices
from gui.engine.rulesets import registry
from gui.engine.space.destination import Destination
from gui.engine.state.changes import (
    Change,
    ChangeError,
    ChangeSet,
    apply,
    change,
    is_log_append,
    log_change,
    revert,
)
from gui.engine.state.effects import effects_of
from gui.engine.state.model import DiceState, Encounter, LogEntry, TurnEntry, TurnState
from gui.engine.state.schema import check_flags, check_value
from gui.engine.timing import durations, windows
from gui.engine.timing.windows import Offer
from gui.engine.turns import Step, TurnContext, TurnError, TurnMode, history, switching

START = ("Début du combat", "Start of the fight")  # the journal's line that opens a combat
END = ("Fin du combat", "End of the fight")  # and the one that closes it


class InputError(BilingualError, ValueError):
    """A value the GM typed that the sheet refuses; nothing is changed."""

    def __init__(self, problem: Problem) -> None:
        super().__init__(problem.fr, problem.en)
        self.problem = problem


class Table:
    """The engine side of an open encounter; the GUI controller wraps each ChangeSet in undo."""

    def __init__(self, enc: Encounter) -> None:
        self.enc = enc
        self.ruleset = registry.get(enc.ruleset)
        self.rng = rng_from_state(enc.dice.seed, enc.dice.state)
        # The ChangeSets applied (undone: inverted) since the last autosave, for its journal
        # (files/journal.py); None until an autosave starts one.
        self.unsaved: list[ChangeSet] | None = None

    # Dice and actions -------------------------------------------------------------------

    def roll(self, request: DiceRequest) -> DiceResult:
        """The app rolls the dice with the encounter's generator (G-1 a)."""
        return DiceResult("rolled", tuple(request.expr.roll(self.rng)))

    def free_roll(self, text: str, what: str = "") -> tuple[int, ChangeSet]:
        """« Jet libre »: any dice the GM asks for (`text`, 2d6+1, 4d6kh3…), rolled with the
        encounter's dice and logged (with `what` it is for): its total and the log line, one
        undo entry. A bad expression is refused (DiceInputError) and nothing is rolled."""
        expr = DiceExpr.parse(text)
        what = what.strip()[:200]
        faces = expr.roll(self.rng)
        total = expr.total(faces)
        label = (
            (f"Jet libre : {what}", f"Free roll: {what}") if what else ("Jet libre", "Free roll")
        )
        line = f"{expr} → {total}"
        entry = LogEntry.of(label, (f"{total}",) * 2, [(line, line)], round=self.enc.turn.round)
        entry.dice = faces
        return total, ChangeSet(label[0], (log_change(self.enc, entry),), label[1])

    def dice_state(self) -> DiceState:
        """The generator's state, saved with the encounter so rolls continue after reopening."""
        return DiceState(seed=self.enc.dice.seed, state=rng_state(self.rng))

    def save(self, path: Path, backups: Path | None = None) -> bytes:
        """Save the encounter with the generator's current state (storage.save: atomic): the
        bytes written. The encounter was checked when loaded and at each change applied
        (`apply`): it is not checked again as a whole at each save and autosave."""
        self.enc.dice = self.dice_state()
        return storage.save(self.enc, path, backups, checked=True)

    def preview(self, action: Action) -> Preview:
        """The ruleset's preview, with the blocking notice of an actor that cannot act."""
        self._check_options(action)
        shown = self.ruleset.preview(self.enc, action)
        unable = self.ruleset.unable_notice(self.enc, action)
        if unable is None or any(n.blocking and n.rule == unable.rule for n in shown.notices):
            return shown  # none, or the ruleset says it in its own words
        return replace(shown, notices=(*shown.notices, unable))

    def resolve(self, action: Action, dice: DiceResult) -> tuple[Resolution, ChangeSet]:
        """The outcome of an action and its changes; the Resolution says what changed for
        each combatant (`effects`). An actor that cannot act (Ruleset.cannot_act) is refused
        unless the GM forces the action (G-3), which is logged."""
        self._check_window(action)
        self._check_options(action)
        unable = self.ruleset.unable_notice(self.enc, action)
        if unable is not None and not action.overrides.get(FORCE):
            raise ActionError(
                f"{unable.fr} (le MJ peut forcer l’action, G-3)",
                f"{unable.en} (the GM may force the action, G-3)",
            )
        resolution, cs = self.ruleset.resolve(self.enc, action, dice)
        if unable is not None:
            line = LogEntry.of(
                ("Action forcée par le MJ", "Action forced by the GM"),
                (f"{unable.rule} {unable.fr}", f"{unable.rule} {unable.en}"),
                round=self.enc.turn.round,
                actor=action.actor,
            )
            forced = log_change(self.enc, line, cs.changes)
            cs = ChangeSet(cs.label, (*cs.changes, forced), cs.label_en)
        return replace(resolution, effects=effects_of(self.enc, cs)), cs

    def _check_window(self, action: Action) -> None:
        """An action taken in a reaction window needs that window still open."""
        if action.window is not None and action.window not in {w.id for w in self.enc.windows}:
            raise ActionError(
                "Cette fenêtre de réaction est déjà fermée",
                "That reaction window is already closed",
            )

    # Reaction windows ---------------------------------------------------------------------

    def offers(self) -> list[Offer]:
        """What every open reaction window offers, oldest window first."""
        return [o for w in self.enc.windows for o in self.ruleset.window_offers(self.enc, w)]

    def pass_window(self, wid: str) -> ChangeSet:
        """The GM lets a window pass with no reaction: the resolution goes on as it stands
        (ActionError when a step is due instead)."""
        window = windows.get(self.enc, wid)
        changes = self.ruleset.window_passed(self.enc, window)
        label = windows.describe(self.enc, self.ruleset.data, window)
        if changes is None:
            raise ActionError(
                f"« {label.fr} » : une suite est due, pas de quoi laisser passer",
                f"'{label.en}': a step is due, it cannot just pass",
            )
        entry = LogEntry.of(
            ("Fenêtre de réaction", "Reaction window"),
            (f"{label.fr} : personne ne réagit", f"{label.en}: nobody reacts"),
            round=self.enc.turn.round,
        )
        parts = [
            lambda: list(changes),
            lambda: [change(self.enc, ("windows",), [w for w in self.enc.windows if w.id != wid])],
            lambda: [log_change(self.enc, entry)],
        ]
        changes = tuple(self._in_order(parts))
        return ChangeSet(f"Laisser passer : {label.fr}", changes, f"Let pass: {label.en}")

    def _check_options(self, action: Action) -> None:
        """The options and overrides are those the action declares, each with a value its
        field allows (type, range, length): ActionError, in the GM's words, before the
        ruleset sees it (an unknown key would otherwise silently take its default)."""
        if action.actor is None or not (action.options or action.overrides):
            return
        if action.area is not None:  # an area of effect's action (issue 37)
            specs = self.ruleset.area_actions(self.enc, action.actor, action.area)
        else:
            specs = self.ruleset.actions(self.enc, action.actor, action.target)
        spec = next((s for s in specs if s.kind == action.kind), None)
        if spec is None:
            return  # the ruleset refuses it in its own words
        fields = {f.key: f for f in (*spec.options, *spec.asks)}
        for key, value in action.options.items():
            option = fields.get(key)
            if option is None:
                raise ActionError(
                    f"Option inconnue pour « {spec.label.fr} » : « {key} »",
                    f"Unknown option for '{spec.label.en}': '{key}'",
                )
            why = check_value(option, value)
            if why:
                raise ActionError(f"{option.label.fr} : {why[0]}", f"{option.label.en}: {why[1]}")
        for key in action.overrides:
            if key != FORCE and key not in spec.overridable:
                raise ActionError(
                    f"« {spec.label.fr} » : rien à imposer sous le nom « {key} »",
                    f"'{spec.label.en}': nothing to override named '{key}'",
                )

    def apply(self, cs: ChangeSet) -> None:
        """Apply a ChangeSet, all or nothing. Whatever it touched must still fit the ruleset
        (ranges, sheets, flags, the turn mode): a state that could not be saved is refused
        here, before it reaches the undo stack, so every state play reaches can be saved."""
        apply(self.enc, cs)
        problem = registry.change_problem(self.ruleset, self.enc, (c.path for c in cs.changes))
        if problem is not None:
            revert(self.enc, cs)
            who = _subject(self.enc, problem.path)
            raise ChangeError(
                f"{cs.label} : refusé, {who}{problem.fr}",
                f"{cs.english}: refused, {who}{problem.en}",
            )
        if self.unsaved is not None:
            self.unsaved.append(cs)

    def revert(self, cs: ChangeSet) -> None:
        revert(self.enc, cs)
        if self.unsaved is not None:
            self.unsaved.append(cs.inverted())

    # Sheets -------------------------------------------------------------------------------

    def edit_stat(self, cid: str, key: str, value: object) -> ChangeSet:
        """A sheet edit, checked against the ruleset's field (InputError if refused)."""
        c = self.enc.combatant(cid)
        index = self.enc.combatants.index(c)
        where = json_path(("combatants", index, "stats", key))
        try:
            spec = self.ruleset.data.field(key)
        except KeyError:
            raise InputError(Problem(where, "champ inconnu", "unknown field")) from None
        why = check_value(spec, value)
        if why:
            raise InputError(
                Problem(where, f"{spec.label.fr} : {why[0]}", f"{spec.label.en}: {why[1]}")
            )
        return ChangeSet(
            f"{c.name} : {spec.label.fr}",
            (change(self.enc, ("combatants", cid, "stats", key), value),),
            f"{c.name}: {spec.label.en}",
        )

    def set_flags(self, flags: dict[str, bool | int | str]) -> ChangeSet:
        """The encounter's house-rule flags (G-5); a flag at its default is not stored."""
        defaults = {f.id: f.default for f in self.ruleset.data.flags}
        kept = {k: v for k, v in flags.items() if defaults.get(k, object()) != v}
        problem = check_flags(self.ruleset.data, kept)
        if problem is not None:
            raise InputError(problem)
        changes = [change(self.enc, ("flags",), kept)]
        if self.enc.turn.mode != "none":
            after = self.enc.replace(flags=kept)
            if self.ruleset.turn_mode(after).kind != self.enc.turn.mode:
                # Another way of running turns: between rounds only (issue 34, AD-CARTES).
                try:
                    state, line = switching.switched(self.enc, self.ruleset, after)
                except TurnError as exc:
                    raise InputError(Problem(json_path(("flags",)), exc.fr, exc.en)) from exc
                changes += [change(self.enc, ("turn",), state), log_change(self.enc, line)]
        return ChangeSet("Options de règles", tuple(changes), "House rules")

    # Map ----------------------------------------------------------------------------------

    def move(
        self, cid: str, dest: Destination, force: bool = False
    ) -> tuple[list[Notice], ChangeSet]:
        """Move a combatant (a token drop): the ruleset's objections, and the move as one
        ChangeSet (position, contacts broken and made, what the rules count). With
        objections the caller asks the GM, who may `force` the move: the ChangeSet then says
        so and logs the objections overridden (G-3). MoveError or KeyError when there is
        nowhere to go."""
        c = self.enc.combatant(cid)
        dest = moves.settled(self.ruleset, self.enc, c, dest)
        notices = self.ruleset.check_move(self.enc, c, dest)
        notices += grid_move_notices(self.enc, self.ruleset, c, dest.cell)
        overridden = notices if force else []
        return notices, moves.move_changes(self.ruleset, self.enc, c, dest, overridden)

    def set_contact(self, a: str, b: str, on: bool) -> ChangeSet:
        """Put two combatants in contact, or separate them."""
        ca, cb = self.enc.combatant(a), self.enc.combatant(b)
        fr, en = ("Contact", "Contact") if on else ("Séparer", "Separate")
        names = f"{ca.name} / {cb.name}"
        changes = tuple(self._contact_changes(a, b, on))
        return ChangeSet(f"{fr} {names}", changes, f"{en} {names}")

    def _contact_changes(self, a: str, b: str, on: bool) -> list[Change]:
        out = []
        for x, y in ((a, b), (b, a)):
            links = [i for i in self.enc.combatant(x).contacts if i != y]
            if on:
                links.append(y)
            out.append(change(self.enc, ("combatants", x, "contacts"), links))
        return out

    # Turns --------------------------------------------------------------------------------

    def initiative_requests(self) -> dict[str, DiceRequest]:
        """The roll each turn unit needs to start a ranked or declared combat, by unit: a
        unit of several combatants rolls once, with the best initiative score's roll."""
        out = {}
        enc, ruleset = self.enc, self.ruleset
        for unit in ruleset.turn_units(enc):
            members = [enc.combatant(cid) for cid in unit.members]
            best = max(members, key=lambda c: ruleset.initiative_score(enc, c))
            request = ruleset.initiative(enc, best)
            if request is not None:
                out[unit.unit] = request
        return out

    def mode(self) -> TurnMode:
        """How turns run in this encounter (the ruleset's mode, configured by its flags)."""
        return self.ruleset.turn_mode(self.enc)

    def context(self) -> TurnContext:
        return TurnContext(self.enc, self.ruleset)

    def start_combat(
        self, initiatives: Mapping[str, int] | None = None, **inputs: object
    ) -> ChangeSet:
        """Commencer le combat in the ruleset's turn mode: `initiatives` are each unit's
        initiative when the mode takes one (a roll, a card); other inputs go to the mode by
        name (the first side, the Jokers kept…)."""
        if self.enc.turn.mode != "none":
            raise TurnError("Le combat est déjà commencé", "The combat has already begun")
        mode = self.mode()
        step = mode.start(self.context(), dict(initiatives or {}), **inputs)
        return self._step(mode, step, (self.ruleset.combat_started,))

    def next_turn(self, skip_out: bool = False) -> ChangeSet:
        """Suivant: the mode's next step; the unit whose turn ends has the ruleset's say
        (effects that last until the end of its turn). With `skip_out` (the GM's choice),
        the units whose every member is out of the fight (the ruleset's `is_out`) are passed
        in the same step — never one whose turn starts with a roll due (`roll_due`: a dying
        creature's d%), each with its log line — up to a round start the GM must give
        inputs to (a TurnError there stops at it), and never round after round."""
        cs = self._next_step()
        if not skip_out:
            return cs
        done: list[ChangeSet] = []
        try:
            while True:
                apply(self.enc, cs, checked=False)
                done.append(cs)
                acting = self.mode().acting(self.enc.turn)
                if (
                    acting is None
                    or not self.ruleset.unit_passed(self.enc, acting)
                    or len(done) > 2 * len(self.enc.turn.order)
                ):
                    break  # someone to play, or everyone out: the turn stays there
                try:
                    self._next_step()  # the mode can go on without the GM's inputs
                except TurnError:
                    break
                passed = ChangeSet("", (self._passed_log(acting),))
                apply(self.enc, passed, checked=False)
                done.append(passed)
                cs = self._next_step()
        finally:
            for past in reversed(done):
                revert(self.enc, past, checked=False)
        changes = tuple(c for past in done for c in past.changes)
        return ChangeSet(done[0].label, changes, done[0].label_en)

    def _passed_log(self, entry: TurnEntry) -> Change:
        name = self.ruleset.unit_label(self.enc, entry)
        line = LogEntry.of(
            ("Tour passé", "Turn passed"),
            (f"{name.fr} : hors de combat", f"{name.en}: out of the fight"),
            round=self.enc.turn.round,
            actor=entry.members[0],
        )
        return log_change(self.enc, line)

    def _next_step(self) -> ChangeSet:
        mode = self.mode()
        acting = mode.acting(self.enc.turn)
        step = mode.next(self.context(), mode.work(self.enc.turn))
        new_round = step.turn.round > self.enc.turn.round
        ended = (
            (lambda enc: self.ruleset.activation_ended(enc, acting, new_round),)
            if acting is not None
            else ()
        )
        return self._step(mode, step, ended)

    def turn_step(self, name: str, label: str | None = None, **args: object) -> ChangeSet:
        """One of the mode's own steps (delay, select, declare, deal…) by name, with its
        arguments, and what the ruleset counts for it (`turn_step_changes`: an action spent);
        `label`: the undo entry's text (the mode's by default)."""
        mode = self.mode()
        step = mode.step(self.context(), name, args)
        if label:  # the interface's words, in its language
            step.label = (label, label)
        return self._step(
            mode, step, ruled=lambda: self.ruleset.turn_step_changes(self.enc, name, args)
        )

    def previous_turn(self) -> ChangeSet:
        """Précédent: the last turn step taken back (the mode's history)."""
        return ChangeSet("Tour précédent", tuple(history.previous(self.enc)), "Previous turn")

    def end_combat(self) -> ChangeSet:
        """Fin du combat: no more turns; the journal says so, so that a combat started
        again opens a sequence of its own (issue 34)."""
        changes = [change(self.enc, ("turn",), TurnState())]
        if self.enc.turn.mode != "none":
            line = LogEntry.of(END, round=self.enc.turn.round)
            changes.insert(0, log_change(self.enc, line))
        return ChangeSet(END[0], tuple(changes), END[1])

    def _step(
        self,
        mode: TurnMode,
        step: Step,
        hooks: tuple[Callable[[Encounter], list[Change]], ...] = (),
        ruled: Callable[[], list[Change]] | None = None,
    ) -> ChangeSet:
        """A step's changes, each part computed on the encounter as the parts before it left
        it: the turn state; the step's own log lines (a start opens round 1 first); at a new
        round its log line, the durations in rounds and what the ruleset does then; the
        `hooks` (computed on the encounter before the step); what the ruleset counts for
        a mode's own step (`ruled`, computed there in order); when whose turn it is changes,
        the states that end with the turn that ends or at the start of the next, and what
        the ruleset does when a turn starts; then the step's other changes; and the history
        entry that « Précédent » takes back."""
        enc, ruleset = self.enc, self.ruleset
        # The hooks speak of the encounter before the step (the activation that ends…).
        hooked = [hook(enc) for hook in hooks]
        before = mode.acting(enc.turn)
        starting = enc.turn.mode == "none"
        new_round = step.turn.round > enc.turn.round
        parts: list[Callable[[], list[Change]]] = [lambda: history.turn_changes(enc, step.turn)]
        if starting:  # a line of its own opens each combat in the journal (issue 34)
            parts.append(lambda: [log_change(enc, LogEntry.of(START, round=step.turn.round))])
        logs = [lambda: [log_change(enc, line) for line in step.logs]]
        parts += [] if starting else logs
        if new_round:
            parts += [
                lambda: [log_change(enc, mode.round_log(step.turn.round))],
                lambda: durations.at_round_start(enc, ruleset),
                lambda: ruleset.round_started(enc, step.turn.round),
            ]
        parts += [lambda changes=changes: _at_log_end(enc, changes) for changes in hooked]
        parts += [ruled] if ruled is not None else []
        parts += logs if starting else []
        after = mode.acting(step.turn)
        if (before and before.members) != (after and after.members):
            if before is not None:
                parts.append(lambda: durations.at_turn(enc, ruleset, before.members, "turn_end"))
            if after is not None:
                parts.append(lambda: durations.at_turn(enc, ruleset, after.members, "turn_start"))
                parts.append(lambda: ruleset.turn_started(enc, after))
        parts.append(lambda: _at_log_end(enc, step.changes))
        changes = self._in_order(parts)
        return ChangeSet(
            step.label[0], (*changes, *history.remembered(enc, changes)), step.label[1]
        )

    def _in_order(self, parts: list[Callable[[], list[Change]]]) -> list[Change]:
        """The changes of each part, computed once the parts before it are applied (so that
        two parts may change the same place), then all taken back: nothing is applied. The
        references are checked once, when the whole is applied."""
        done: list[ChangeSet] = []
        try:
            for part in parts:
                cs = ChangeSet("", tuple(part()))
                apply(self.enc, cs, checked=False)
                done.append(cs)
        finally:
            for cs in reversed(done):
                revert(self.enc, cs, checked=False)
        return [c for cs in done for c in cs.changes]


def _subject(enc: Encounter, path: str) -> str:
    """« Name : » for a problem located in a combatant or a side, so the GM knows whose."""
    for part, items in (("$.combatants[", enc.combatants), ("$.sides[", enc.sides)):
        if path.startswith(part):
            index = int(path[len(part) : path.index("]")])
            return f"{items[index].name} : " if 0 <= index < len(items) else ""
    return ""


def _at_log_end(enc: Encounter, changes: list[Change]) -> list[Change]:
    """Changes made before the step's other parts, their log lines moved to the log's end
    as it is now."""
    end = len(enc.log)
    out = []
    for c in changes:
        if is_log_append(c):
            c = replace(c, path=("log", end))
            end += 1
        out.append(c)
    return out
