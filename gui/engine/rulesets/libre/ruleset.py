"""Ruleset `libre`: initiative, hit points, conditions with durations, for any game."""

from __future__ import annotations

from collections.abc import Mapping

from gui.engine.contract import public
from gui.engine.contract.aims import Aim
from gui.engine.contract.base import (
    Action,
    ActionError,
    ActionSpec,
    DiceRequest,
    DiceResult,
    Notice,
    Preview,
    Resolution,
    Term,
    Words,
    followed,
    log_change,
    make_log,
    overridden,
    unable_to_act,
)
from gui.engine.contract.edits import refuse_blocked
from gui.engine.contract.schema import Choice, FieldSpec, Label
from gui.engine.contract.stat_groups import GroupedByStat
from gui.engine.dice.odds import Distribution, OddsTooCostly, from_expr
from gui.engine.dice.rolling import DiceExpr
from gui.engine.edits import conditions
from gui.engine.grid.lines import Cover
from gui.engine.grid.placed import cover_between, squares_apart
from gui.engine.grid.squares import Size
from gui.engine.play.moves import Destination
from gui.engine.space.zones import ZoneGraph
from gui.engine.state.changes import Change, ChangeSet, change
from gui.engine.state.model import Combatant, Encounter, State
from gui.engine.turns import RankedInitiative

PV_FLOOR = "LIB-CFG-1"
FREE_MOVES = "LIB-CFG-2"
_TOTAL = Label(fr="total des dés", en="dice total")
_CUSTOM = conditions.FREE


def _stat(c: Combatant, key: str, default: int = 0) -> int:
    value = c.stats.get(key, default)
    return value if isinstance(value, int) and not isinstance(value, bool) else default


def _expr(text: object, fallback: str) -> DiceExpr:
    return DiceExpr.parse(text if isinstance(text, str) and text.strip() else fallback)


def _request(expr: DiceExpr) -> DiceRequest:
    # An exploding roll has no maximum: any typed total up to a generous bound is accepted.
    top = expr.maximum if expr.maximum is not None else expr.minimum + 10_000
    return DiceRequest(expr, _TOTAL, expr.minimum, top)


class Libre(GroupedByStat):
    """A generic d20-style ruleset: it proves the contract and serves games without a module."""

    def turn_mode(self, enc: Encounter) -> RankedInitiative:
        return RankedInitiative()

    def initiative(self, enc: Encounter, c: Combatant) -> DiceRequest:
        """LIB-01: 1d20 + modifier."""
        return _request(DiceExpr(1, 20, modifier=_stat(c, "init_mod")))

    def initiative_score(self, enc: Encounter, c: Combatant) -> int:
        return _stat(c, "init_mod")

    def check_move(self, enc: Encounter, c: Combatant, dest: Destination) -> list[Notice]:
        """LIB-07: a move goes to a linked zone (or anywhere with LIB-CFG-2, or onto the map,
        or from cell to cell off the zones)."""
        here, zone = c.position.zone, dest.zone
        if here is None or zone is None or here == zone or self.flag(enc, FREE_MOVES):
            return []
        if ZoneGraph(enc.map).adjacent(here, zone):
            return []
        names = {z.id: z.name for z in enc.map.zones}
        return [
            Notice(
                "LIB-07",
                f"{names[zone]} n’est pas reliée à {names[here]} : un déplacement va dans une "
                "zone adjacente",
                f"{names[zone]} is not linked to {names[here]}: a move goes to an adjacent zone",
            )
        ]

    def derived(self, enc: Encounter, c: Combatant) -> list[Term]:
        pv, pv_max = _stat(c, "pv"), _stat(c, "pv_max", 1)
        terms = [Term("points de vie", f"{pv}/{pv_max}", "LIB-03", "hit points")]
        if pv <= 0:
            terms.append(Term("hors de combat", "", "LIB-05", "out of the fight"))
        return terms

    def space(self, enc: Encounter, c: Combatant) -> int:
        """LIB-08: the squares on a side of its space, by its size."""
        size = c.stats.get("taille")
        return Size(size).side if size in Size.__members__.values() else 1

    def reach(self, enc: Encounter, c: Combatant) -> int:
        """LIB-08: how many squares away it threatens."""
        return max(1, _stat(c, "allonge", 1))

    def is_out(self, enc: Encounter, c: Combatant) -> bool:
        """LIB-05: at 0 hit points or fewer, out of the fight."""
        return _stat(c, "pv") <= 0

    def health_lost(self, enc: Encounter, c: Combatant) -> float | None:
        return public.pool_lost(c, "pv", "pv_max")

    def cannot_act(self, enc: Encounter, c: Combatant) -> Notice | None:
        """LIB-05: out of the fight at 0 hit points; LIB-06: the state « Inconscient »."""
        if self.is_out(enc, c):
            return unable_to_act(c, "LIB-05", "est hors de combat", "is out of the fight")
        if any(s.key == "inconscient" for s in c.states):
            return unable_to_act(c, "LIB-06", "est inconscient", "is unconscious")
        return None

    def badge_labels(self, enc: Encounter, c: Combatant) -> list[Label]:
        pv, pv_max = _stat(c, "pv"), _stat(c, "pv_max", 1)
        out = [Label(fr=f"PV {pv}/{pv_max}", en=f"HP {pv}/{pv_max}")]
        if pv <= 0:
            out.append(Label(fr="Hors de combat", en="Out of the fight"))
        for s in c.states:
            rounds = s.expiry.rounds if s.expiry and s.expiry.rounds else None
            label = self.state_label(s)
            if rounds:
                label = Label(fr=f"{label.fr} ({rounds} r.)", en=f"{label.en} ({rounds} rd)")
            out.append(label)
        return out

    def actions(self, enc: Encounter, actor: str, target: str | None) -> list[ActionSpec]:
        roll = FieldSpec(key="jet", label=Label(fr="Jet", en="Roll"), kind="dice", default="1d20")
        amount = FieldSpec(key="des", label=Label(fr="Dés", en="Dice"), kind="dice", default="")
        specs = [
            ActionSpec(
                "attack",
                Label(fr="Attaquer", en="Attack"),
                "LIB-02",
                True,
                (roll,),
                ("bonus", "target_number"),
                aim=Aim("foe", out_of_fight=False, rule="LIB-05"),  # LIB-05: out at 0 pv
            ),
            ActionSpec(
                "damage",
                Label(fr="Infliger des dégâts", en="Deal damage"),
                "LIB-03",
                True,
                (amount,),
            ),
            ActionSpec("heal", Label(fr="Soigner", en="Heal"), "LIB-04", True, (amount,)),
            ActionSpec(
                "add_state",
                Label(fr="Appliquer un état", en="Apply a condition"),
                "LIB-06",
                True,
                self._state_options(),
            ),
        ]
        if target is not None and enc.combatant(target).states:
            keys = tuple(
                Choice(value=s.key, label=self.state_label(s)) for s in enc.combatant(target).states
            )
            which = FieldSpec(
                key="etat",
                label=Label(fr="État", en="Condition"),
                kind="choice",
                choices=keys,
                default=keys[0].value,
            )
            specs.append(
                ActionSpec(
                    "remove_state",
                    Label(fr="Retirer un état", en="Remove a condition"),
                    "LIB-06",
                    True,
                    (which,),
                )
            )
        return specs

    def _state_options(self) -> tuple[FieldSpec, ...]:
        choices = tuple(Choice(value=s.key, label=s.label) for s in self.data.states)
        custom = Choice(value=_CUSTOM, label=Label(fr="Autre…", en="Other…"))
        return (
            FieldSpec(
                key="etat",
                label=Label(fr="État", en="Condition"),
                kind="choice",
                choices=(*choices, custom),
                default=choices[0].value,
            ),
            FieldSpec(
                key="nom",
                label=Label(fr="Nom (autre)", en="Name (other)"),
                kind="text",
                max_length=60,
                default="",
            ),
            FieldSpec(
                key="texte",
                label=Label(fr="Texte de règle", en="Rules text"),
                kind="text",
                default="",
            ),
            FieldSpec(
                key="rounds",
                label=Label(
                    fr="Durée (rounds, 0 = illimitée)", en="Duration (rounds, 0 = unlimited)"
                ),
                kind="int",
                minimum=0,
                maximum=999,
                default=0,
            ),
        )

    def preview(self, enc: Encounter, action: Action) -> Preview:
        if action.kind == "attack":
            return self._preview_attack(enc, action)
        if action.kind in ("damage", "heal"):
            expr = self._amount_expr(enc, action)
            fr, en = ("dégâts", "damage") if action.kind == "damage" else ("soins", "healing")
            rule = "LIB-03" if action.kind == "damage" else "LIB-04"
            distribution, notices = _exact(expr)
            return Preview(
                action,
                (Term(f"{fr} {expr}", "", rule, f"{en} {expr}"),),
                _request(expr),
                distribution=distribution,
                notices=notices,
            )
        if action.kind in ("add_state", "remove_state"):
            label = self._state_label(action)
            return Preview(action, (Term(label.fr, "", "LIB-06", label.en),))
        raise KeyError(action.kind)

    def _preview_attack(self, enc: Encounter, action: Action) -> Preview:
        terms: list[Term] = []
        expr, number = self._attack_numbers(enc, action, terms)
        plain: list[Term] = []
        computed = Action(action.kind, action.actor, action.target, action.options)
        expr_c, number_c = self._attack_numbers(enc, computed, plain)
        distribution, too_costly = _exact(expr)
        return Preview(
            action,
            tuple(terms),
            _request(expr),
            target_number=number,
            odds=None if distribution is None else distribution.at_least(number),
            odds_note="P(jet ≥ Défense)",
            odds_note_en="P(roll ≥ Defence)",
            distribution=distribution,
            notices=(*self._line_notices(enc, action), *too_costly),
            computed={
                "bonus": expr_c.modifier - _expr(action.options.get("jet"), "1d20").modifier,
                "target_number": number_c,
            },
        )

    def _line_notices(self, enc: Encounter, action: Action) -> list[Notice]:
        """LIB-08: on the grid, an attack needs a line of effect to its target (the GM may
        still let it through, G-3)."""
        if action.actor is None or action.target is None or action.actor == action.target:
            return []
        actor, target = enc.combatant(action.actor), enc.combatant(action.target)
        melee = squares_apart(enc, self, actor, target) == 1
        call = cover_between(enc, self, actor, target, melee=melee)
        if call is None or call.cover != Cover.TOTAL:
            return []
        return [
            Notice(
                "LIB-08",
                f"Aucune ligne d’effet vers {target.name} sur la carte : {call.deciding.fr}",
                f"No line of effect to {target.name} on the map: {call.deciding.en}",
                True,
            )
        ]

    def _attack_numbers(
        self, enc: Encounter, action: Action, terms: list[Term]
    ) -> tuple[DiceExpr, int]:
        actor = enc.combatant(action.actor) if action.actor else None
        target = enc.combatant(action.target or "")
        base = _expr(action.options.get("jet"), "1d20")
        bonus = int(
            overridden(
                action,
                "bonus",
                _stat(actor, "attaque") if actor else 0,
                ("bonus d'attaque", "attack bonus"),
                terms,
            )
        )
        number = int(
            overridden(
                action, "target_number", _stat(target, "defense"), ("Défense", "Defence"), terms
            )
        )
        expr = DiceExpr(
            base.count,
            base.sides,
            base.modifier + bonus,
            base.keep_highest,
            base.keep_lowest,
            base.explode,
        )
        terms[:0] = [
            Term(f"jet {base}", "", "LIB-02", f"roll {base}"),
            Term("bonus d'attaque", bonus, "LIB-02", "attack bonus"),
            Term(
                "Défense de la cible (à atteindre)",
                str(number),
                "LIB-02",
                "target's Defence (to reach)",
            ),
        ]
        return expr, number

    def _amount_expr(self, enc: Encounter, action: Action) -> DiceExpr:
        fallback = "1d6"
        if action.kind == "damage" and action.actor:
            stat = enc.combatant(action.actor).stats.get("degats")
            fallback = stat if isinstance(stat, str) and stat.strip() else fallback
        return _expr(action.options.get("des"), fallback)

    def _state_label(self, action: Action) -> Label:
        key = str(action.options.get("etat", ""))
        if action.kind == "add_state" and key == _CUSTOM:
            name = str(action.options.get("nom", "")).strip()
            return Label(fr=name, en=name)
        for spec in self.data.states:
            if spec.key == key:
                return spec.label
        return Label(fr=key, en=key)

    def resolve(
        self, enc: Encounter, action: Action, dice: DiceResult
    ) -> tuple[Resolution, ChangeSet]:
        if action.kind == "attack":
            return self._resolve_attack(enc, action, dice)
        if action.kind in ("damage", "heal"):
            return self._resolve_hp(enc, action, dice)
        if action.kind in ("add_state", "remove_state"):
            return self._resolve_state(enc, action)
        raise KeyError(action.kind)

    def _finish(
        self,
        enc: Encounter,
        action: Action,
        label: Words,
        terms: list[Term],
        dice: DiceResult,
        outcome: Words,
        success: bool | None,
        changes: list[Change],
        amounts: Mapping[str, int] | None = None,
    ) -> tuple[Resolution, ChangeSet]:
        entry = make_log(enc, action, label, terms, dice, outcome)
        resolution = Resolution(
            action,
            outcome[0],
            outcome[1],
            tuple(terms),
            dice,
            success,
            entry,
            amounts=amounts or {},
        )
        return resolution, ChangeSet(label[0], (*changes, log_change(enc, entry)), label[1])

    def _resolve_attack(
        self, enc: Encounter, action: Action, dice: DiceResult
    ) -> tuple[Resolution, ChangeSet]:
        terms: list[Term] = []
        expr, number = self._attack_numbers(enc, action, terms)
        refuse_blocked(action, self._line_notices(enc, action), terms)
        total = dice.total(_request(expr))
        terms.append(Term("résultat du jet", str(total), "LIB-02", "roll result"))
        hit = total >= number
        target = enc.combatant(action.target or "").name
        outcome = (
            (f"Touché : {total} contre Défense {number}", f"Hit: {total} against Defence {number}")
            if hit
            else (
                f"Raté : {total} contre Défense {number}",
                f"Miss: {total} against Defence {number}",
            )
        )
        amounts = {"total": total, "target": number}
        label = (f"Attaque contre {target}", f"Attack on {target}")
        result = self._finish(enc, action, label, terms, dice, outcome, hit, [], amounts)
        return followed(result, "damage") if hit else result  # LIB-03: the damage roll next

    def _resolve_hp(
        self, enc: Encounter, action: Action, dice: DiceResult
    ) -> tuple[Resolution, ChangeSet]:
        target = enc.combatant(action.target or "")
        expr = self._amount_expr(enc, action)
        amount = max(0, dice.total(_request(expr)))
        pv, pv_max = _stat(target, "pv"), _stat(target, "pv_max", 1)
        terms = [
            Term(
                f"total {expr}",
                str(amount),
                "LIB-03" if action.kind == "damage" else "LIB-04",
                f"total {expr}",
            )
        ]
        if action.kind == "damage":
            new = pv - amount
            if self.flag(enc, PV_FLOOR) and new < 0:
                new = 0
                terms.append(
                    Term("points de vie ramenés à", "0", PV_FLOOR, "hit points brought to")
                )
            floor = self.data.field("pv").minimum
            if floor is not None and new < floor:  # the sheet's own bound, so the file saves
                new = int(floor)
                floored = Term(
                    "points de vie au minimum de la fiche",
                    str(new),
                    "LIB-03",
                    "sheet's lowest hit points",
                )
                terms.append(floored)
            label = (f"Dégâts à {target.name}", f"Damage to {target.name}")
            outcome = (
                f"{target.name} perd {pv - new} PV ({pv} → {new})",
                f"{target.name} loses {pv - new} HP ({pv} → {new})",
            )
        else:
            new = max(pv, min(pv_max, pv + amount))
            label = (f"Soins à {target.name}", f"Healing for {target.name}")
            outcome = (
                f"{target.name} regagne {new - pv} PV ({pv} → {new})",
                f"{target.name} regains {new - pv} HP ({pv} → {new})",
            )
        if new <= 0 < pv:
            outcome = (
                outcome[0] + " : hors de combat (LIB-05)",
                outcome[1] + ": out of the fight (LIB-05)",
            )
        changes = [change(enc, ("combatants", target.id, "stats", "pv"), new)]
        amounts = {"damage": pv - new} if action.kind == "damage" else {"healing": new - pv}
        return self._finish(enc, action, label, terms, dice, outcome, None, changes, amounts)

    def _resolve_state(self, enc: Encounter, action: Action) -> tuple[Resolution, ChangeSet]:
        target = enc.combatant(action.target or "")
        key = str(action.options.get("etat", ""))
        states = [s.model_copy() for s in target.states]
        label = self._state_label(action)
        if action.kind == "remove_state":
            if not any(s.key == key for s in states):
                raise ActionError(
                    f"{target.name} n’a pas cet état", f"{target.name} has no such condition"
                )
            states = [s for s in states if s.key != key]
            outcome = (
                f"{target.name} n’est plus {label.fr}",
                f"{target.name} is no longer {label.en}",
            )
        else:
            state = self._new_state(enc, action, target.id, key, label.fr)
            states = [s for s in states if s.key != state.key] + [state]
            rounds = state.expiry.rounds if state.expiry else None
            outcome = (
                f"{target.name} : {state.label}" + (f" pour {rounds} round(s)" if rounds else ""),
                f"{target.name}: {label.en}" + (f" for {rounds} round(s)" if rounds else ""),
            )
        changes = [change(enc, ("combatants", target.id, "states"), states)]
        terms = [Term(label.fr, "", "LIB-06", label.en)]
        return self._finish(enc, action, outcome, terms, DiceResult("none"), outcome, None, changes)

    def _new_state(
        self, enc: Encounter, action: Action, target: str, key: str, label: str
    ) -> State:
        """LIB-06: a state of the list or a free one (the GM's own, G-3), for a number of
        rounds (0: until removed)."""
        rounds = action.options.get("rounds", 0)
        if not isinstance(rounds, int) or isinstance(rounds, bool) or not 0 <= rounds <= 999:
            raise ActionError("Durée entre 0 et 999 rounds", "Duration between 0 and 999 rounds")
        lasting = conditions.Duration("rounds", rounds) if rounds else conditions.Duration()
        text = str(action.options.get("texte", ""))
        try:
            return conditions.condition(
                self, enc, target, key, lasting, action.actor, name=label, text=text
            )
        except conditions.ConditionError as exc:
            raise ActionError(exc.fr, exc.en) from exc


RULESET_CLASS = Libre


def _exact(expr: DiceExpr) -> tuple[Distribution | None, tuple[Notice, ...]]:
    """The roll's exact distribution, or none and why when it is too large to compute while
    the GM waits (issue 31: the dice are still rolled or typed)."""
    try:
        return from_expr(expr), ()
    except OddsTooCostly as exc:
        return None, (Notice("", exc.fr, exc.en),)
