"""Ruleset `conteur`: declared actions, d10 pools, soak and the B/L/A health track."""

# Adding an action: one ActionDef in its module's ACTIONS, where alone it is declared (its
# kind, spec, preview, resolve; `while_unable` if one who cannot act still takes it; no
# `cost`: the declared turn counts actions, CON-03; nothing provokes); its words in
# ruleset_data/conteur/ruleset.json (states, rules); its test in
# tests/engine/rulesets/conteur/. A new module also puts its ACTIONS in ACTIONS below.

from __future__ import annotations

from gui.engine.checks.request import DiceRequest
from gui.engine.contract.actions import ActionRuleset
from gui.engine.contract.edits import Edits
from gui.engine.contract.values import TrackView, unable_to_act
from gui.engine.core.words import Label, Notice, Term
from gui.engine.dice.rolling import DiceExpr
from gui.engine.rulesets.conteur import attack, damage, health, initiative, other
from gui.engine.rulesets.conteur.context import ActionDef, Ctx
from gui.engine.rulesets.conteur.damage import soak_pool
from gui.engine.rulesets.conteur.sheet import VAMPIRE, WEREWOLF, armour, has_state, nature, stat
from gui.engine.state.changes import Change
from gui.engine.state.model import Combatant, Encounter, State
from gui.engine.turns import DeclareThenAct

# Every action, in the order the dialog lists them.
ACTIONS: tuple[ActionDef, ...] = (*attack.ACTIONS, *damage.ACTIONS, *other.ACTIONS)
_D10 = DiceRequest(DiceExpr(1, 10), Label(fr="d10", en="d10"), 1, 10)
# States that last one turn (cleared when the next turn's declarations begin).
_TURN_STATES = (initiative.DECLARED, initiative.MAGIC, attack.SHOTS)


class Conteur(ActionRuleset):
    """CON-01 to CON-45, with the adopted readings A-CON-1 to A-CON-18."""

    definitions = ACTIONS
    context = Ctx

    uses_contact = True

    def turn_mode(self, enc: Encounter) -> DeclareThenAct:
        """CON-03: declarations in descending order of score, then act by initiative."""
        multi = self.flag(enc, initiative.MULTI_FLAG) == "v20"
        return DeclareThenAct(initiative.ConteurDeclarations(multi))

    def initiative(self, enc: Encounter, c: Combatant) -> DiceRequest:
        """CON-04: one d10 added to the score (A-CON-1: the die is a d10)."""
        return _D10

    def initiative_score(self, enc: Encounter, c: Combatant) -> int:
        return initiative.score(enc, c)[0]

    def round_started(self, enc: Encounter, round_no: int) -> list[Change]:
        """A new turn: declarations, shots (CON-19) are counted afresh; a stun from two
        turns ago is over, its lost turn spent (CON-35)."""
        edits = Edits(enc)
        for c in enc.combatants:
            gone = [
                s.key
                for s in c.states
                if s.key in _TURN_STATES or s.key.startswith(initiative.SPENT)
            ]
            gone += [
                s.key
                for s in c.states
                if s.key == initiative.STUNNED and (s.value or 0) < round_no - 1
            ]
            if gone:
                edits.remove_state(c.id, *gone)
        return list(edits.changes())

    def is_out(self, enc: Encounter, c: Combatant) -> bool:
        """Out of the fight by the GM's word, or the whole track marked (A-CON-2)."""
        levels = health.levels(c)
        return has_state(c, "hors_combat") or (bool(levels) and health.marked(c) >= len(levels))

    def cannot_act(self, enc: Encounter, c: Combatant) -> Notice | None:
        """Out of the fight (the GM's state, or the whole health track marked: A-CON-2)."""
        if not self.is_out(enc, c):
            return None
        return unable_to_act(c, "A-CON-2", "est hors de combat", "is out of the fight")

    def health_lost(self, enc: Encounter, c: Combatant) -> float | None:
        """The share of the health track marked."""
        levels = health.levels(c)
        return min(1.0, health.marked(c) / len(levels)) if levels else None

    def track_view(self, enc: Encounter, c: Combatant, key: str) -> TrackView | None:
        if key != health.TRACK:
            return None
        return health.view(c, self.flag(enc, health.MARKS_FLAG))

    def derived(self, enc: Encounter, c: Combatant) -> list[Term]:
        score, terms = initiative.score(enc, c)
        out = [Term("Score d'initiative", str(score), "CON-02", "Initiative score"), *terms]
        penalty, _term = health.wound_penalty(c)
        level = health.current_level(c)
        out.append(
            Term(
                "Santé",
                level.name if level else "indemne",
                "CON-32",
                "Health",
                level.name_en if level else "unhurt",
            )
        )
        out.append(Term("Malus de blessure", str(penalty), "A-CON-2", "Wound penalty"))
        for kind, words in (("B", "contondants"), ("L", "létaux")):
            pool = soak_pool(c, kind, "arme", armour(c))
            out.append(
                Term(
                    f"Absorption contre les {words}",
                    f"{pool.dice} dés, difficulté {pool.difficulty}",
                    "CON-24",
                    f"Soak against {health.KIND_EN[kind]}",
                    f"{pool.dice} {'die' if pool.dice == 1 else 'dice'}, "
                    f"difficulty {pool.difficulty}",
                )
            )
        limit = stat(c, "vigueur") + (2 if nature(c) in (VAMPIRE, WEREWOLF) else 0)
        out.append(
            Term(
                "Étourdi au-delà de",
                f"{limit} succès de dégâts",
                "CON-35",
                "Stunned above",
                f"{limit} damage {'success' if limit == 1 else 'successes'}",
            )
        )
        return out

    def badge_labels(self, enc: Encounter, c: Combatant) -> list[Label]:
        level = health.current_level(c)
        penalty, _ = health.wound_penalty(c)
        first = [level.name if level else "Indemne"]
        first_en = [level.name_en if level else "Unhurt"]
        if penalty:
            first.append(f"({penalty:+d})")
            first_en.append(f"({penalty:+d})")
        first.append(f"· Vol {stat(c, 'volonte_points')}")
        first_en.append(f"· Will {stat(c, 'volonte_points')}")
        if nature(c) == VAMPIRE:
            first.append(f"· Sang {stat(c, 'sang')}")
            first_en.append(f"· Blood {stat(c, 'sang')}")
        if nature(c) == WEREWOLF:
            first.append(f"· Rage {stat(c, 'rage')}")
            first_en.append(f"· Rage {stat(c, 'rage')}")
        states = [self.state_label(s) for s in c.states]
        return [Label(fr=" ".join(first), en=" ".join(first_en)), *states]

    def state_label(self, state: State) -> Label:
        """The states this module sets (a hit, damage to soak, a declaration…) named in both
        languages, as long as they keep the French name it gave them."""
        own = _own_label(state)
        return own if own is not None and own.fr == state.label else super().state_label(state)


def _own_label(state: State) -> Label | None:
    """The name this module gives `state`, in French and English (None: not one of its own)."""
    key, n = state.key, state.value or 0
    if key == attack.SHOTS:
        return Label(fr=f"Tirs ce tour : {n}", en=f"Shots this turn: {n}")
    if key.startswith(attack.HIT) and state.label.startswith(_HIT_BY):
        extra = f" (+{n} dé)" if n else ""
        name = state.label[len(_HIT_BY) : len(state.label) - len(extra)]
        extra_en = f" (+{n} {'die' if n == 1 else 'dice'})" if n else ""
        return Label(fr=f"{_HIT_BY}{name}{extra}", en=f"Hit by {name}{extra_en}")
    if key.startswith(damage.PENDING):
        return damage.pending_label(state)
    if key == initiative.DECLARED:
        return Label(fr=f"{n} actions déclarées", en=f"{n} actions declared")
    if key == initiative.MAGIC:
        return Label(fr=f"dont {n} magique(s)", en=f"of which {n} magical")
    spent = initiative.SPENDABLE.get(key.removeprefix(initiative.SPENT))
    if key.startswith(initiative.SPENT) and spent is not None:
        return Label(fr=f"{spent.fr} : {n}", en=f"{spent.en}: {n}")
    return _PENDING_STATES.get(key)


_HIT_BY = "Touché par "
# The −2 initiative states (CON-14, CON-39), as attack and other name them.
_PENDING_STATES = {
    "rate_melee": Label(fr="Attaque ratée (−2 init.)", en="Missed attack (−2 init.)"),
    "se_relever": Label(fr="Se relève (−2 init.)", en="Getting up (−2 init.)"),
}
