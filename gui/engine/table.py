"""An encounter in play: its ruleset, its dice generator, and the ChangeSets that move it."""

from __future__ import annotations

from dataclasses import replace
from pathlib import Path

from . import storage
from .changes import Change, ChangeError, ChangeSet, apply, change, revert
from .dice import rng_from_state, rng_state
from .model import DiceState, Encounter, LogEntry, StatValue, TurnState, now
from .problems import BilingualError, Problem, json_path
from .rulesets import registry
from .rulesets.attention_donjon import cards as ad_cards
from .rulesets.base import (
    Action,
    ActionError,
    ActionInitiative,
    DiceRequest,
    DiceResult,
    Notice,
    Preview,
    Resolution,
    is_log_append,
    log_change,
)
from .rulesets.schema import check_flags, check_value
from .turns import AlternatingSides, DeclareThenAct, RankedInitiative, TurnError, current_entry
from .turns import previous as turn_previous
from .zones import ZoneGraph, can_touch


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

    # Dice and actions -------------------------------------------------------------------

    def roll(self, request: DiceRequest) -> DiceResult:
        """The app rolls the dice with the encounter's generator (G-1 a)."""
        return DiceResult("rolled", tuple(request.expr.roll(self.rng)))

    def dice_state(self) -> DiceState:
        """The generator's state, saved with the encounter so rolls continue after reopening."""
        return DiceState(seed=self.enc.dice.seed, state=rng_state(self.rng))

    def save(self, path: Path, backups: Path | None = None) -> None:
        """Save the encounter with the generator's current state (storage.save: atomic)."""
        self.enc.dice = self.dice_state()
        storage.save(self.enc, path, backups)

    def preview(self, action: Action) -> Preview:
        self._check_options(action)
        return self.ruleset.preview(self.enc, action)

    def resolve(self, action: Action, dice: DiceResult) -> tuple[Resolution, ChangeSet]:
        self._check_options(action)
        return self.ruleset.resolve(self.enc, action, dice)

    def _check_options(self, action: Action) -> None:
        """Each option the action declares holds a value its field allows (type, range,
        length): ActionError, in the GM's words, before the ruleset sees it."""
        if action.actor is None or not action.options:
            return
        specs = self.ruleset.actions(self.enc, action.actor, action.target)
        spec = next((s for s in specs if s.kind == action.kind), None)
        for option in spec.options if spec else ():
            if option.key in action.options:
                why = check_value(option, action.options[option.key])
                if why:
                    raise ActionError(
                        f"{option.label.fr} : {why[0]}", f"{option.label.en}: {why[1]}"
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
                f"{cs.label}: refused, {who}{problem.en}",
            )

    def revert(self, cs: ChangeSet) -> None:
        revert(self.enc, cs)

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
        )

    def set_flags(self, flags: dict[str, bool | int | str]) -> ChangeSet:
        """The encounter's house-rule flags (G-5); a flag at its default is not stored."""
        defaults = {f.id: f.default for f in self.ruleset.data.flags}
        kept = {k: v for k, v in flags.items() if defaults.get(k, object()) != v}
        problem = check_flags(self.ruleset.data, kept)
        if problem is not None:
            raise InputError(problem)
        return ChangeSet("Options de règles", (change(self.enc, ("flags",), kept),))

    # Map ----------------------------------------------------------------------------------

    def move(self, cid: str, zone: str) -> tuple[list[Notice], ChangeSet]:
        """Move a combatant to a zone: the ruleset's objections, and the move (with contacts
        broken when they can no longer hold); the caller decides on an override (G-3)."""
        c = self.enc.combatant(cid)
        if zone not in {z.id for z in self.enc.map.zones}:
            raise KeyError(zone)
        notices = self.ruleset.check_move(self.enc, c, zone)
        moved = c.position.model_copy(update={"zone": zone})
        changes = [change(self.enc, ("combatants", cid, "position"), moved)]
        changes += self.ruleset.move_changes(self.enc, c, zone)
        graph = ZoneGraph(self.enc.map)
        after = c.model_copy(update={"position": moved})
        for other_id in c.contacts:
            other = self.enc.combatant(other_id)
            if not can_touch(graph, after, other):
                changes += self._contact_changes(cid, other_id, False)
        return notices, ChangeSet(f"Déplacer {c.name}", tuple(changes))

    def set_contact(self, a: str, b: str, on: bool) -> ChangeSet:
        """Put two combatants in contact, or separate them."""
        ca, cb = self.enc.combatant(a), self.enc.combatant(b)
        verb = "Contact" if on else "Séparer"
        return ChangeSet(f"{verb} {ca.name} / {cb.name}", tuple(self._contact_changes(a, b, on)))

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
        """The roll each combatant needs to start a ranked or declared combat."""
        out = {}
        for c in self.enc.combatants:
            request = self.ruleset.initiative(self.enc, c)
            if request is not None:
                out[c.id] = request
        return out

    def start_combat(
        self,
        initiatives: dict[str, int] | None = None,
        first_side: str | None = None,
        keeping: dict[str, int] | None = None,
    ) -> ChangeSet:
        """Commencer le combat with the ruleset's turn policy; with card initiative
        (AD-CARTES) `initiatives` are the cards and `keeping` the Jokers heroes keep."""
        policy = self.ruleset.turn_policy(self.enc)
        units = self.ruleset.turn_units(self.enc)
        scores = self._scores()
        if isinstance(policy, RankedInitiative):
            turn = policy.start(units, initiatives or {}, scores)
        elif isinstance(policy, AlternatingSides):
            sides = [s.id for s in self.enc.sides]
            turn = policy.start(units, sides, first_side or (sides[0] if sides else ""))
        elif isinstance(policy, DeclareThenAct):
            turn = policy.start(units, scores)
        else:
            raise TurnError("Politique de tour inconnue", "Unknown turn policy")
        cs = self._turn_change("Commencer le combat", turn)
        changes = [*cs.changes, *_after(cs.changes, self.ruleset.combat_started(self.enc))]
        if isinstance(policy, ad_cards.CardInitiative) and initiatives:
            changes += self._dealt(changes, turn, keeping or {})
        return ChangeSet(cs.label, tuple(changes))

    def declare(
        self, unit: str, actions: list[str], options: dict[str, StatValue] | None = None
    ) -> ChangeSet:
        """A unit announces its actions (declare-then-act) with the ruleset's options."""
        policy = self.ruleset.turn_policy(self.enc)
        if not isinstance(policy, DeclareThenAct):
            raise TurnError("Pas de déclarations dans ce jeu", "No declarations in this ruleset")
        turn = policy.declare(self.enc.turn, unit, actions)
        entry = next(e for e in turn.order if e.unit == unit)
        name = self.enc.combatant(entry.members[0]).name
        cs = self._turn_change(f"Déclaration de {name}", turn, new_round=False)
        extra = self.ruleset.declared(self.enc, entry, entry.declared, options or {})
        return ChangeSet(cs.label, (*cs.changes, *_after(cs.changes, extra)))

    def action_initiatives(self, rolls: dict[str, int]) -> dict[str, list[ActionInitiative]]:
        """Each unit's actions with their initiative from its roll (declare-then-act)."""
        return {
            e.unit: self.ruleset.action_initiatives(self.enc, e, rolls[e.unit])
            for e in self.enc.turn.order
            if e.unit in rolls
        }

    def begin_act(self, rolls: dict[str, int]) -> ChangeSet:
        """The initiative rolls are in: every action takes its place, highest first."""
        policy = self.ruleset.turn_policy(self.enc)
        if not isinstance(policy, DeclareThenAct):
            raise TurnError("Pas de déclarations dans ce jeu", "No declarations in this ruleset")
        acts = self.action_initiatives(rolls)
        values = {u: [a.value for a in a_list if a.value is not None] for u, a_list in acts.items()}
        turn = policy.begin_act(policy.rescore(self.enc.turn, self._scores()), values)
        lines = []
        for entry in self.enc.turn.order:
            name = self.enc.combatant(entry.members[0]).name
            for n, act in enumerate(acts.get(entry.unit, []), 1):
                shown = "annulée" if act.value is None else str(act.value)
                what = f" « {act.label} »" if act.label else ""
                why = ", ".join(map(str, act.terms))
                lines.append(f"{name} action {n}{what} : {shown}" + (f" ({why})" if why else ""))
        cs = self._turn_change("Initiative", turn, new_round=False)
        entry = LogEntry(
            time=now(),
            round=turn.round,
            action="Initiative",
            breakdown=lines,
            dice=[rolls[e.unit] for e in self.enc.turn.order if e.unit in rolls],
            outcome="Ordre des actions établi",
        )
        changes = [*cs.changes, log_change(self.enc, entry)]
        changes += _after(changes, self.ruleset.act_started(self.enc, acts))
        return ChangeSet(cs.label, tuple(changes))

    def deal_cards(self, cards: dict[str, int], keeping: dict[str, int] | None = None) -> ChangeSet:
        """AD-CARTES: the round's cards, drawn by the app or typed (unit → card code);
        `keeping`: how many Jokers each hero keeps (it drew another card for them)."""
        turn = self._cards().deal(self.enc.turn, cards)
        cs = self._turn_change("Cartes d’initiative", turn, new_round=False)
        return ChangeSet(cs.label, (*cs.changes, *self._dealt(cs.changes, turn, keeping or {})))

    def wait_card(self, unit: str, card: int, keeping: int = 0) -> ChangeSet:
        """AD-CARTES Attendre: the acting unit draws `card` (after keeping `keeping` Jokers);
        the round ends here when it loses the initiative as the last to act."""
        turn = self._cards().wait(self.enc.turn, unit, card)
        entry = next(e for e in turn.order if e.unit == unit)
        keep = {entry.members[0]: keeping} if keeping else {}
        ad_cards.check_jokers(self.enc, turn, keep)
        log = log_change(
            self.enc, ad_cards.waited_log(self.enc, self.enc.turn, turn, unit, card, keeping)
        )
        name = ad_cards.unit_text(self.enc, entry)
        cs = self._turn_change(f"Attendre : {name}", turn)
        changes = [log, *_after([log], list(cs.changes)), *ad_cards.keep_changes(self.enc, keep)]
        return ChangeSet(cs.label, tuple(changes))

    def _cards(self) -> ad_cards.CardInitiative:
        policy = self.ruleset.turn_policy(self.enc)
        if not isinstance(policy, ad_cards.CardInitiative):
            raise TurnError(
                "Pas d’initiative par cartes dans ce combat", "No card initiative in this combat"
            )
        return policy

    def _dealt(
        self, before: list[Change] | tuple[Change, ...], turn: TurnState, keeping: dict[str, int]
    ) -> list[Change]:
        """The log line of a deal (after the log lines of `before`) and the kept Jokers."""
        ad_cards.check_jokers(self.enc, turn, keeping)
        log = log_change(self.enc, ad_cards.dealt_log(self.enc, turn, keeping), before)
        return [log, *ad_cards.keep_changes(self.enc, keeping)]

    def _scores(self) -> dict[str, int]:
        return {c.id: self.ruleset.initiative_score(self.enc, c) for c in self.enc.combatants}

    def next_turn(self) -> ChangeSet:
        """Suivant: the policy's next step, with what happens by itself at a new round
        (declarations go in the order of the scores as they are now)."""
        policy = self.ruleset.turn_policy(self.enc)
        turn = policy.next(self.enc.turn)
        if isinstance(policy, DeclareThenAct) and turn.round > self.enc.turn.round:
            turn = policy.rescore(turn, self._scores(), reorder=True)
        cs = self._turn_change("Tour suivant", turn)
        acting = current_entry(self.enc.turn)
        if acting is None:
            return cs
        ended = _after(cs.changes, self.ruleset.activation_ended(self.enc, acting))
        return ChangeSet(cs.label, (*cs.changes, *ended))

    def previous_turn(self) -> ChangeSet:
        return self._turn_change("Tour précédent", turn_previous(self.enc.turn), new_round=False)

    def end_combat(self) -> ChangeSet:
        return self._turn_change("Fin du combat", TurnState(), new_round=False)

    def turn_step(self, label: str, turn: TurnState) -> ChangeSet:
        """Any other step of the policy (delay, ready, select, spend, reorder…)."""
        return self._turn_change(label, turn, new_round=False)

    def _turn_change(self, label: str, turn: TurnState, new_round: bool = True) -> ChangeSet:
        changes = [change(self.enc, ("turn",), turn)]
        if new_round and turn.round > self.enc.turn.round:
            passes = turn.policy == "alternating"  # reserve_menace counts Passes
            entry = LogEntry(
                time=now(),
                round=turn.round,
                action=f"{'Passe' if passes else 'Round'} {turn.round}",
                outcome=f"Début {'de la passe' if passes else 'du round'} {turn.round}",
            )
            changes.append(log_change(self.enc, entry))
            changes += _after(changes, self.ruleset.round_started(self.enc, turn.round))
        return ChangeSet(label, tuple(changes))


def _subject(enc: Encounter, path: str) -> str:
    """« Name : » for a problem located in a combatant or a side, so the GM knows whose."""
    for part, items in (("$.combatants[", enc.combatants), ("$.sides[", enc.sides)):
        if path.startswith(part):
            index = int(path[len(part) : path.index("]")])
            return f"{items[index].name} : " if 0 <= index < len(items) else ""
    return ""


def _after(before: list[Change] | tuple[Change, ...], changes: list[Change]) -> list[Change]:
    """A ruleset numbers its own log lines from the end of the log: shift them past the log
    lines of `before` so the log reads in order."""
    shift = sum(1 for c in before if is_log_append(c))
    return [replace(c, path=("log", c.path[1] + shift)) if is_log_append(c) else c for c in changes]
