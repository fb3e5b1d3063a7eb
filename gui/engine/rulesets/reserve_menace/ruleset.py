"""Ruleset `reserve_menace`: Défense, Réserve de combat, Menace, Passes (spec section 2)."""

# Adding an action: one ActionDef in its module's ACTIONS, where alone it is declared (its
# kind, spec, preview, resolve; `cost`: the Spends of the Passe it takes, an action of its
# RM-21 type or a REACTION, which its preview and resolution read through ctx.turn_notices()
# and ctx.pay(); `while_unable` if a Terrassé still takes it; nothing provokes); its words in
# ruleset_data/reserve_menace/ruleset.json (states, rules); its test in
# tests/engine/rulesets/reserve_menace/. A new module also puts its ACTIONS in ACTIONS below.

from __future__ import annotations

from collections.abc import Iterable

from gui.engine.contract.actions import ActionRuleset
from gui.engine.contract.edits import Edits
from gui.engine.contract.values import Action, unable_to_act
from gui.engine.core.words import Label, Notice, Term
from gui.engine.rulesets.reserve_menace import (
    absorb,
    attack,
    defense,
    disarm,
    minor_actions,
    reactions,
    sheet,
    simple,
)
from gui.engine.rulesets.reserve_menace.absorb import pending_label
from gui.engine.rulesets.reserve_menace.context import ActionDef, Ctx, spend
from gui.engine.rulesets.reserve_menace.passes import (
    BAN,
    KIND_LABELS,
    KIND_LABELS_EN,
    MINORS_UNIT,
    action_notices,
    in_passes,
    mode,
    units,
)
from gui.engine.rulesets.reserve_menace.sheet import (
    MAJOR,
    MINOR,
    PENDING,
    PENDING_PROTECT,
    STANDARD,
    is_character,
    is_gm_camp,
    minors,
    players_sides,
    stat,
)
from gui.engine.space.destination import Destination
from gui.engine.space.zones import ZoneGraph
from gui.engine.state.changes import Change
from gui.engine.state.model import Combatant, Encounter, LogEntry, State, TurnEntry, Window, now
from gui.engine.timing import windows
from gui.engine.timing.windows import Offer
from gui.engine.turns import AlternatingSides

# Every action, in the order the dialog lists them.
ACTIONS: tuple[ActionDef, ...] = (
    *attack.ACTIONS,
    *absorb.ACTIONS,
    *disarm.ACTIONS,
    *simple.ACTIONS,
    *reactions.ACTIONS,
    *minor_actions.ACTIONS,
)
MOVE = "se_deplacer"  # RM-45: changing zone is the Move action, one of the types of RM-21


class ReserveMenace(ActionRuleset):
    """Passes with alternating initiative, Défense worn down, Encaisser, Réserve, Menace."""

    definitions = ACTIONS
    context = Ctx

    def turn_mode(self, enc: Encounter) -> AlternatingSides:
        return mode(enc)

    def turn_units(self, enc: Encounter) -> list[TurnEntry]:
        return units(enc)

    def unit_label(self, enc: Encounter, entry: TurnEntry, with_side: bool = False) -> Label:
        """RM-17: a camp's minors act as one unit, « Figurants mineurs ×6 », counting those
        still in the fight (RM-39: a Terrassé leaves the count, issue 34)."""
        if not entry.unit.startswith(MINORS_UNIT):
            return super().unit_label(enc, entry, with_side)
        side = f" ({enc.side(entry.side).name})" * with_side

        def named(n: int) -> Label:
            count = f" ×{n}" if n else ""
            return Label(fr=f"Figurants mineurs{side}{count}", en=f"Minor extras{side}{count}")

        return self.group_label(enc, entry, with_side, named)

    def combat_started(self, enc: Encounter) -> list[Change]:
        """RM-01 to RM-09: every Défense from the sheet's toggles; the minors each camp
        starts with (RM-54)."""
        capped = bool(self.flag(enc, defense.EXTRA_CAP_FLAG))
        edits = Edits(enc)
        lines, lines_en = [], []
        for c in enc.combatants:
            value, terms = defense.starting(c, capped)
            edits.set(("combatants", c.id, "stats", "defense"), value)
            if defense.unaware(c):
                edits.add_state(c.id, _unaware_state())
            lines.append(f"{c.name} : Défense {value} (" + ", ".join(map(str, terms)) + ")")
            english = ", ".join(t.english() for t in terms)
            lines_en.append(f"{c.name}: Défense {value} ({english})")
        for side in enc.sides:
            if is_gm_camp(enc, side.id):
                edits.set(
                    ("sides", side.id, "resources", "mineurs_depart"), len(minors(enc, side.id))
                )
                edits.set(("sides", side.id, "resources", "moities"), 0)
        edits.log(
            LogEntry(
                time=now(),
                round=1,
                action="Défense de départ",
                breakdown=lines,
                outcome="Défense calculée pour tous (RM-01, RM-06)",
                action_en="Starting Défense",
                breakdown_en=lines_en,
                outcome_en="Défense computed for everyone (RM-01, RM-06)",
            )
        )
        return list(edits.changes())

    def check_move(self, enc: Encounter, c: Combatant, dest: Destination) -> list[Notice]:
        """RM-45: changing zone is the Move action (once per Passe, in turn); one zone away."""
        here, zone = c.position.zone, dest.zone
        if here is None or zone is None or here == zone:
            return []
        out = action_notices(enc, c, MOVE)
        if not ZoneGraph(enc.map).adjacent(here, zone):
            names = {z.id: z.name for z in enc.map.zones}
            out.append(
                Notice(
                    "RM-45",
                    f"{names[zone]} n’est pas reliée à {names[here]}",
                    f"{names[zone]} is not linked to {names[here]}",
                )
            )
        return out

    def activation_ended(self, enc: Encounter, entry: TurnEntry, new_round: bool) -> list[Change]:
        """RM-30, A-RM-14: a forbidden action type lasts until the end of the target's next
        activation, which is this one if it acted since the prohibition."""
        edits = Edits(enc)
        done = enc.turn.activation
        for cid in entry.members:
            states = enc.combatant(cid).states
            kept = []
            for s in states:
                if not s.key.startswith(BAN) or not done:
                    kept.append(s)
                elif s.value is not None and done <= s.value:
                    # Laid during this turn (value: the actions taken by then) and the unit
                    # did not act after it: it waits for the next turn (A-RM-14).
                    kept.append(s.replace(value=None))
            if kept != states:
                edits.set(("combatants", cid, "states"), kept)
        return list(edits.changes())

    def round_started(self, enc: Encounter, round_no: int) -> list[Change]:
        """A-RM-15: unused actions are lost at the end of the Passe, so a direction not
        acted on (RM-43) or an interruption paid but not taken (RM-48) lapses."""
        edits = Edits(enc)
        for c in enc.combatants:
            gone = [
                s.key for s in c.states if s.key == "dirige" or s.key.startswith("interruption.")
            ]
            if gone:
                edits.remove_state(c.id, *gone)
        return list(edits.changes())

    def move_changes(self, enc: Encounter, c: Combatant, dest: Destination) -> list[Change]:
        """RM-45: a change of zone during the Passes uses the Move action."""
        if c.position.zone in (None, dest.zone) or dest.zone is None or not in_passes(enc):
            return []
        edits = Edits(enc)
        spend(enc, edits, c, MOVE)
        return list(edits.changes())

    def is_out(self, enc: Encounter, c: Combatant) -> bool:
        """Terrassé, Brisé or hors combat (RM-39)."""
        return sheet.is_out(c)

    def cannot_act(self, enc: Encounter, c: Combatant) -> Notice | None:
        """RM-39: a Terrassé, Brisé or hors combat character takes no further part."""
        out = next((s for s in c.states if s.key in sheet.OUT_STATES), None)
        if out is None:
            return None
        label = self.state_label(out)
        return unable_to_act(c, "RM-39", f"est {label.fr.lower()}", f"is {label.en.lower()}")

    def unable_notice(self, enc: Encounter, action: Action) -> Notice | None:
        """RM-48: the action its interruption paid for is its last one (passes.py)."""
        if action.actor and any(
            s.key == f"interruption.{action.kind}" for s in enc.combatant(action.actor).states
        ):
            return None
        return super().unable_notice(enc, action)

    def token_group(self, enc: Encounter, c: Combatant) -> tuple[str, Label] | None:
        """RM-17: a GM camp's minor extras are one unit, outlined together on the map."""
        return self.token_groups(enc, [c])[c.id]

    def token_groups(
        self, enc: Encounter, combatants: Iterable[Combatant]
    ) -> dict[str, tuple[str, Label] | None]:
        """RM-17 for many at once: the players' sides are read once."""
        players = players_sides(enc)
        label = Label(fr="Figurants mineurs", en="Minor extras")
        return {
            c.id: (MINORS_UNIT + c.side, label)
            if c.tier == MINOR and c.side not in players
            else None
            for c in combatants
        }

    def derived(self, enc: Encounter, c: Combatant) -> list[Term]:
        value, terms = defense.starting(c, bool(self.flag(enc, defense.EXTRA_CAP_FLAG)))
        rule = "RM-01" if is_character(c) else "RM-06"
        out = [Term("Défense de départ", str(value), rule, "Starting Défense")]
        out += terms
        _value, why = defense.against_next_attack(c)
        out.append(Term("Défense actuelle", str(stat(c, "defense")), "RM-11", "Current Défense"))
        if why:
            out.append(why)
        if c.tier in (STANDARD, MAJOR):
            size, checked = absorb.monitor(c)
            out.append(Term("Moniteur", f"{checked}/{size}", "RM-36", "Moniteur"))
        return out

    def state_label(self, state: State) -> Label:
        """RM-30, RM-48: a forbidden action type or an interruption is named after its type
        (« Interdit : Attaquer »); the other states as the ruleset's data names them."""
        for prefix, fr, en in _NAMED_BY_KIND:
            kind = state.key.removeprefix(prefix)
            if kind in KIND_LABELS and state.label == f"{fr} : {KIND_LABELS[kind]}":
                return Label(fr=state.label, en=f"{en}: {KIND_LABELS_EN[kind]}")
        return super().state_label(state)

    def badge_labels(self, enc: Encounter, c: Combatant) -> list[Label]:
        """Défense, Réserve, Tension and the monitor (« Déf 9 Rés 2 », "Def 9 Res 2"), the
        hits waiting, then the states."""
        scores = [(f"Déf {stat(c, 'defense')}", f"Def {stat(c, 'defense')}")]
        if is_character(c):
            scores.append((f"Rés {stat(c, 'reserve')}", f"Res {stat(c, 'reserve')}"))
            if stat(c, "tension"):
                scores.append((f"Tens. {stat(c, 'tension')}", f"Tens. {stat(c, 'tension')}"))
        elif c.tier in (STANDARD, MAJOR):
            size, checked = absorb.monitor(c)
            scores.append((f"· M {checked}/{size}", f"· M {checked}/{size}"))
        first = Label(fr=" ".join(s[0] for s in scores), en=" ".join(s[1] for s in scores))
        hits = [pending_label(w) for w in windows.open_on(enc, c.id, (PENDING, PENDING_PROTECT))]
        return [first, *hits, *(self.state_label(s) for s in c.states)]

    def window_offers(self, enc: Encounter, window: Window) -> list[Offer]:
        """RM-28: a hit waiting on its target goes on with Encaisser, or with the attacker's
        Désarmer instead (RM-59); an ally may Protéger it as a reaction (RM-49)."""
        if window.kind not in (PENDING, PENDING_PROTECT) or window.target is None:
            return []
        target = enc.combatant(window.target)
        out = [
            Offer(
                window.id, target.id, absorb.KIND, Label(fr="Encaisser", en="Absorb"), "follow_up"
            )
        ]
        if window.kind == PENDING and window.actor is not None:
            words = Label(fr="Désarmer (au lieu d’Encaisser)", en="Disarm (instead)")
            out.append(Offer(window.id, window.actor, disarm.KIND, words, "follow_up", target.id))
        for ally in enc.combatants:
            if ally.side == target.side and ally.id != target.id and not sheet.is_out(ally):
                protect = Label(fr=f"Protéger ({ally.name})", en=f"Protect ({ally.name})")
                out.append(
                    Offer(window.id, ally.id, reactions.PROTECT, protect, "reaction", target.id)
                )
        return out


# States named after an action type: key prefix, French and English names (RM-30, RM-48).
_NAMED_BY_KIND = ((BAN, "Interdit", "Forbidden"), ("interruption.", "Interruption", "Interruption"))


def _unaware_state() -> State:
    return State(
        key="sans_defense",
        label="Sans défense",
        text="Défense 0 contre la première attaque reçue (RM-08) ; ensuite Défense avec −3 "
        "(RM-09), sauf s'il dort ou est inconscient (A-RM-5).",
        text_en="Défense 0 against the first attack received (RM-08); then Défense with −3 "
        "(RM-09), unless asleep or unconscious (A-RM-5).",
    )
