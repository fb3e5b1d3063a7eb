"""Initiative (CON-02 to CON-10): the score, declarations, and each action's initiative."""

from __future__ import annotations

from collections.abc import Mapping

from gui.engine.contract.edits import Edits
from gui.engine.contract.values import ActionError
from gui.engine.core.words import Label, Term
from gui.engine.rulesets.conteur import health
from gui.engine.rulesets.conteur.context import total
from gui.engine.rulesets.conteur.sheet import (
    VAMPIRE,
    WEREWOLF,
    cell,
    has_state,
    in_hand,
    nature,
    stat,
    state_value,
    weapon_name,
)
from gui.engine.state.changes import Change
from gui.engine.state.model import Combatant, Encounter, State, StatValue, TurnEntry, TurnState
from gui.engine.state.schema import FieldSpec
from gui.engine.turns import ActionInitiative, Declarations, current_entry
from gui.engine.turns.declare import DeclareEntry, in_act_phase, rank_actions
from gui.engine.turns.history import scratch

MULTI_FLAG = "CFG-CON-4"
DECLARED = "decl_actions"  # state: how many actions the combatant declared this turn
MAGIC = "decl_magiques"  # state: how many of them are "magical" extra actions (CON-08)
SPENT = "decl_depense."  # states: points spent with this turn's declaration (CON-43)
STUNNED = "etourdi"
# CON-43: the points a declaration may spend, by stat, named in French and English.
SPENDABLE = {
    "volonte_points": Label(fr="Points de volonté dépensés", en="Willpower points spent"),
    "sang": Label(fr="Points de sang dépensés", en="Blood points spent"),
    "rage": Label(fr="Points de Rage dépensés", en="Rage points spent"),
}
PENDING = (
    ("rate_melee", "attaque de mêlée ratée", "CON-14", "missed melee attack"),
    ("se_relever", "se relève", "CON-39", "getting up"),
)


def reach_penalty(c: Combatant, mine: int, theirs: int, name: str) -> Term | None:
    """CON-12: the shorter reach takes −(Δ − 1) when the reaches differ by Δ ≥ 2."""
    delta = theirs - mine
    if delta < 2:
        return None
    return Term(
        f"allonge {mine} contre {theirs} ({name})",
        -(delta - 1),
        "CON-12",
        f"reach {mine} against {theirs} ({name})",
    )


def score(enc: Encounter, c: Combatant) -> tuple[int, list[Term]]:
    """CON-02: Dextérité + Astuce − wound penalty + weapon modifier + reach (against the
    opponents in contact, A-CON-13) − 3 when fighting from the ground (CON-40)."""
    terms = [
        Term("Dextérité", stat(c, "dexterite"), "CON-02", "Dexterity"),
        Term("Astuce", stat(c, "astuce"), "CON-02", "Wits"),
    ]
    _penalty, wound = health.wound_penalty(c)
    if wound:
        terms.append(wound)
    weapon = in_hand(c)
    if cell(weapon, "mod_init"):
        name = weapon_name(weapon)
        terms.append(
            Term(f"arme ({name[0]})", cell(weapon, "mod_init"), "CON-44", f"weapon ({name[1]})")
        )
    worst = None
    for other_id in c.contacts:
        other = enc.combatant(other_id)
        if other.side == c.side:
            continue  # A-CON-13: reach counts between opponents only
        term = reach_penalty(
            c, cell(weapon, "allonge"), cell(in_hand(other), "allonge"), other.name
        )
        if term and (worst is None or int(term.value) < int(worst.value)):
            worst = term
    if worst:
        terms.append(worst)
    if has_state(c, "au_sol"):
        terms.append(Term("combat au sol", -3, "CON-40", "fighting from the ground"))
    return total(terms), terms


def declaration_options(c: Combatant) -> tuple[FieldSpec, ...]:
    """CON-08, CON-43: how many declared actions are magical, and the points spent."""
    out = [
        FieldSpec(
            key="magiques",
            label=Label(
                fr="Dont actions magiques (Célérité, Rage)",
                en="Of which magical actions (Celerity, Rage)",
            ),
            kind="int",
            minimum=0,
            maximum=10,
            default=0,
            rule="CON-08",
            help=Label(
                fr="Les dernières actions de la liste : pas de malus de dés, "
                "−2 d'initiative cumulatif.",
                en="The last actions of the list: no dice penalty, −2 cumulative initiative.",
            ),
        ),
        _spent("volonte_points"),
    ]
    if nature(c) == VAMPIRE:
        out.append(_spent("sang"))
    if nature(c) == WEREWOLF:
        out.append(_spent("rage"))
    return tuple(out)


def _spent(key: str) -> FieldSpec:
    return FieldSpec(
        key=key,
        label=SPENDABLE[key],
        kind="int",
        minimum=0,
        maximum=50,
        default=0,
        rule="CON-43",
        help=Label(
            fr="Annoncé à la déclaration (disciplines, volonté) ; retiré de la fiche.",
            en="Announced with the declaration (disciplines, Willpower); taken off the sheet.",
        ),
    )


def declared(
    enc: Encounter, entry: TurnEntry, actions: list[str], options: Mapping[str, StatValue]
) -> list[Change]:
    """CON-03, CON-43: a declaration records how many actions (and how many magical) and
    takes the points spent off the sheet."""
    c = enc.combatant(entry.members[0])
    magic = _int(options.get("magiques"))
    if actions and magic >= len(actions):
        raise ActionError(
            "Au moins une action ordinaire avant les actions magiques (CON-08)",
            "At least one ordinary action before the magical ones (CON-08)",
        )
    edits = Edits(enc)
    edits.remove_state(c.id, DECLARED, MAGIC)
    if len(actions) > 1:
        edits.add_state(
            c.id,
            State(
                key=DECLARED,
                label=f"{len(actions)} actions déclarées",
                value=len(actions),
                text="Actions multiples (CON-07)",
                text_en="Multiple actions (CON-07)",
            ),
        )
    if magic:
        edits.add_state(
            c.id,
            State(
                key=MAGIC,
                label=f"dont {magic} magique(s)",
                value=magic,
                text="Actions magiques : −2 d'initiative cumulatif (CON-08)",
                text_en="Magical actions: cumulative −2 initiative (CON-08)",
            ),
        )
    for spec in declaration_options(c)[1:]:
        # An amended declaration first gives back what the earlier one spent this turn.
        key = SPENT + spec.key
        have = stat(c, spec.key) + state_value(c, key)
        edits.remove_state(c.id, key)
        spent = _int(options.get(spec.key))
        if spent > have:
            raise ActionError(
                f"{spec.label.fr} : {spent} demandés, {have} sur la fiche",
                f"{spec.label.en}: {spent} asked, {have} on the sheet",
            )
        edits.set(("combatants", c.id, "stats", spec.key), have - spent)
        if spent:
            edits.add_state(
                c.id,
                State(
                    key=key,
                    label=f"{spec.label.fr} : {spent}",
                    value=spent,
                    text="CON-43",
                    text_en="CON-43",
                ),
            )
    return list(edits.changes())


def _int(value: object) -> int:
    return value if isinstance(value, int) and not isinstance(value, bool) else 0


def counts(c: Combatant) -> tuple[int, int]:
    """(ordinary, magical) actions declared this turn (1 and 0 without a declaration)."""
    total = max(1, state_value(c, DECLARED))
    magic = state_value(c, MAGIC)
    return max(1, total - magic), magic


def multi_penalty(c: Combatant, number: int, on: bool) -> Term | None:
    """A-CON-4 (CFG-CON-4): with N ordinary actions, the k-th takes −(N + k − 1); magical
    extra actions take none (CON-08)."""
    ordinary, _magic = counts(c)
    if not on or ordinary < 2 or number > ordinary:
        return None
    return Term(
        f"action {number} sur {ordinary}",
        -(ordinary + number - 1),
        "CON-07",
        f"action {number} of {ordinary}",
    )


def lost_turn(enc: Encounter, c: Combatant) -> Term | None:
    """Why `c` takes no action this turn: stunned in an earlier turn (CON-35), or at a
    level that allows none (A-CON-2)."""
    if has_state(c, STUNNED) and state_value(c, STUNNED) < enc.turn.round:
        return Term("étourdi : perd ce tour", "", "CON-35", "stunned: loses this turn")
    if health.incapacitated(c):
        return Term(
            "aucune action à ce niveau de santé", "", "A-CON-2", "no action at this health level"
        )
    return None


def action_initiatives(
    enc: Encounter, entry: TurnEntry, roll: int, multi_on: bool
) -> list[ActionInitiative]:
    """CON-04 to CON-10: 1d10 + score for the first action; multiple-action penalties
    (CON-07) or −2 cumulative for magical ones (CON-08); never above the action before
    (CON-09); at 0 or less, that action and the rest are cancelled (CON-10)."""
    c = enc.combatant(entry.members[0])
    labels = entry.declared or [""]
    lost = lost_turn(enc, c)
    if lost:
        return [ActionInitiative(label, None, (lost,)) for label in labels]
    base, terms = score(enc, c)
    first = [Term("d10", roll, "CON-04"), *terms]
    for key, why, rule, why_en in PENDING:
        if has_state(c, key):
            first.append(Term(why, -2, rule, why_en))
    ordinary, _magic = counts(c)
    out: list[ActionInitiative] = []
    previous: int | None = None
    cancelled = False
    for number, label in enumerate(labels, 1):
        own = (
            list(first)
            if number == 1
            else [Term("initiative de base", roll + base, "CON-04", "base initiative")]
        )
        if number <= ordinary:
            penalty = multi_penalty(c, number, multi_on)
            if penalty:
                own.append(penalty)
        else:
            own.append(
                Term(
                    f"action magique {number - ordinary}",
                    -2 * (number - ordinary),
                    "CON-08",
                    f"magical action {number - ordinary}",
                )
            )
        value = total(own)
        if previous is not None and value > previous:
            own.append(
                Term(
                    "pas plus que l'action précédente",
                    previous - value,
                    "CON-09",
                    "no higher than the action before",
                )
            )
            value = previous
        if cancelled or value <= 0:
            cancelled = True
            own.append(
                Term(
                    "initiative à 0 ou moins : annulée",
                    "",
                    "CON-10",
                    "initiative 0 or less: cancelled",
                )
            )
            out.append(ActionInitiative(label, None, tuple(own)))
            continue
        previous = value
        out.append(ActionInitiative(label, value, tuple(own)))
    return out


def act_started(enc: Encounter, acts: Mapping[str, list[ActionInitiative]]) -> list[Change]:
    """The −2 for the next action (CON-14, CON-39) is used by a unit that acts this turn."""
    edits = Edits(enc)
    for entry in enc.turn.order:
        if any(a.value is not None for a in acts.get(entry.unit, [])):
            edits.remove_state(entry.members[0], *(p[0] for p in PENDING))
    return list(edits.changes())


class ConteurDeclarations(Declarations):
    """CON-03 to CON-10 as the declare-then-act mode asks them: what a unit declares
    besides its actions, what declaring spends, each action's initiative, and the −2 used
    once the initiatives are rolled. `multi_v20`: CFG-CON-4 « v20 » (multiple actions)."""

    score_rule = "CON-02"
    order_rule = "CON-04"
    together_rule = "CON-04, A-CON-17"
    delay_rule = "CON-05"

    def __init__(self, multi_v20: bool) -> None:
        self.multi_v20 = multi_v20

    def options(self, enc: Encounter, c: Combatant) -> tuple[FieldSpec, ...]:
        return declaration_options(c)

    def declared(
        self, enc: Encounter, entry: TurnEntry, actions: list[str], options: Mapping[str, StatValue]
    ) -> list[Change]:
        return declared(enc, entry, actions, options)

    def initiatives(self, enc: Encounter, entry: DeclareEntry, roll: int) -> list[ActionInitiative]:
        return action_initiatives(enc, entry, roll, self.multi_v20)

    def act_started(
        self, enc: Encounter, acts: Mapping[str, list[ActionInitiative]]
    ) -> list[Change]:
        return act_started(enc, acts)


def action_number(enc: Encounter, c: Combatant) -> int:
    """Which of its declared actions `c` is taking: the current act entry's rank among its
    own entries, or the next one not done yet."""
    turn = enc.turn
    if not in_act_phase(turn):
        return 1
    acting = current_entry(turn)
    mine = [i for i, e in enumerate(turn.order) if c.id in e.members and e.initiative is not None]
    if acting is not None and turn.current in mine:
        return mine.index(turn.current) + 1
    done = sum(1 for i in mine if turn.order[i].acted)
    return done + 1


def next_action_penalty(edits: Edits, actor: Combatant, pending: State, rule: str) -> Term:
    """−2 initiative on the actor's next action (CON-14, CON-39; A-CON-6, A-CON-16): a later
    one this turn, re-ranked, the ones after it kept no higher (CON-09), cancelled with them
    at 0 or less (CON-10); else the next turn's first action, through the `pending` state."""
    turn: TurnState = edits.get(("turn",))
    later = [
        i
        for i, e in enumerate(turn.order)
        if actor.id in e.members and i > turn.current and not e.acted and e.initiative is not None
    ]
    if not in_act_phase(turn) or not later:
        edits.add_state(actor.id, pending)
        return Term(
            "−2 à l'initiative de sa prochaine action (tour suivant)",
            "",
            rule,
            "−2 initiative on its next action (next turn)",
        )
    new = scratch(turn)
    entry = new.order[later[0]]
    entry.initiative = (entry.initiative or 0) - 2
    for i in later[1:]:  # CON-09: no later action above the one before it
        new.order[i].initiative = min(new.order[i].initiative or 0, entry.initiative)
    cancelled = entry.initiative <= 0
    if cancelled:
        for i in later:
            new.order[i].acted = True
            new.order[i].declared = [f"{(new.order[i].declared or [''])[0]} (annulée)".strip()]
    done, rest = new.order[: new.current + 1], new.order[new.current + 1 :]
    new.order = [*done, *rank_actions(rest)]
    edits.set(("turn",), new)
    if cancelled:
        return Term(
            "prochaine action à 0 ou moins : annulée avec les suivantes",
            "",
            "CON-10",
            "next action at 0 or less: cancelled with the ones after it",
        )
    return Term(
        f"prochaine action à l'initiative {entry.initiative}",
        -2,
        rule,
        f"next action at initiative {entry.initiative}",
    )
