"""Actions with no roll (D35-09, D35-33): total defence, standing up, and the other actions of
the SRD's table the GM declares (a spell, drawing a weapon, a potion…) so that the round's
budget counts them (budget.py) and the log keeps them; the ones that provoke say so (D35-11,
CFG-D35-11's SRD list)."""

from __future__ import annotations

from msgspec import Struct

from gui.engine.checks.request import DiceResult
from gui.engine.contract.edits import Edits, finish, refuse_blocked
from gui.engine.contract.fields import choice_field
from gui.engine.contract.values import ActionSpec, Preview, Resolution
from gui.engine.core.words import Label, Notice, Term
from gui.engine.rulesets.d20_35 import budget, sheet
from gui.engine.rulesets.d20_35.context import ActionDef, Ctx
from gui.engine.rulesets.d20_35.provoking import Scope, from_all_if
from gui.engine.state.changes import ChangeSet
from gui.engine.state.model import Expiry, State

TOTAL_DEFENCE, OTHER = "defense_totale", "autre"
PRONE = "a_terre"


class Declared(Struct, frozen=True):
    """One line of the SRD's action table: its names, its kind in the budget, whether it
    provokes an attack of opportunity (SRD list, D35-11)."""

    fr: str
    en: str
    kind: str
    provokes: bool = False


# The SRD 3.5 action table (hors extrait, SRD), the common lines.
TABLE: dict[str, Declared] = {
    "sort": Declared("Lancer un sort (1 action simple)", "Cast a spell (standard)", "simple", True),
    "sort_complexe": Declared(
        "Lancer un sort (1 round)", "Cast a spell (1 round)", "complexe", True
    ),
    "sort_rapide": Declared("Lancer un sort rapide", "Cast a quickened spell", "rapide"),
    "potion": Declared("Boire une potion", "Drink a potion", "simple", True),
    "objet_magique": Declared("Utiliser un objet magique", "Activate a magic item", "simple", True),
    "degainer": Declared("Dégainer une arme", "Draw a weapon", "mouvement"),
    "ramasser": Declared("Ramasser un objet", "Pick up an item", "mouvement", True),
    "recharger": Declared(
        "Recharger une arbalète légère", "Load a light crossbow", "mouvement", True
    ),
    "se_relever": Declared("Se relever", "Stand up from prone", "mouvement", True),
    "porte": Declared("Ouvrir ou fermer une porte", "Open or close a door", "mouvement"),
    "lacher": Declared("Lâcher un objet", "Drop an item", "libre"),
    "parler": Declared("Parler", "Speak", "libre"),
    "simple": Declared("Autre action simple", "Another standard action", "simple"),
    "mouvement": Declared("Autre action de mouvement", "Another move action", "mouvement"),
    "complexe": Declared("Autre action complexe", "Another full-round action", "complexe"),
    "rapide": Declared("Autre action rapide", "Another swift action", "rapide"),
    "immediate": Declared("Action immédiate", "An immediate action", "immediate"),
}
SPELLS = ("sort", "sort_complexe", "sort_rapide")  # the lines that cast a spell
_KINDS = {
    "simple": ("action simple", "standard action"),
    "mouvement": ("action de mouvement", "move action"),
    "complexe": ("action complexe", "full-round action"),
    "rapide": ("action rapide", "swift action"),
    "immediate": ("action immédiate", "immediate action"),
    "libre": ("action libre", "free action"),
}
_PROVOKES = Term("provoque une AO (SRD)", "", "D35-11", "provokes an AoO (SRD)")


def declared(ctx: Ctx) -> Declared:
    """The line of the table the action names (its default: another standard action)."""
    return TABLE.get(ctx.choice("quoi", "simple"), TABLE["simple"])


def _total_defence_spec(ctx: Ctx) -> ActionSpec:
    return ActionSpec(
        TOTAL_DEFENCE, Label(fr="Défense totale", en="Total defence"), "D35-33", False
    )


def _total_defence_terms(ctx: Ctx) -> list[Term]:
    return [
        Term("CA", 4, "D35-33", "AC"),
        Term("ni attaque ni AO", "", "D35-33", "no attack nor AoO"),
        Term("action simple", "", "D35-09", "standard action"),
    ]


def _total_defence_preview(ctx: Ctx) -> Preview:
    return Preview(ctx.action, tuple(_total_defence_terms(ctx)))


def _total_defence_resolve(ctx: Ctx, dice: DiceResult) -> tuple[Resolution, ChangeSet]:
    """D35-33, A-D35-6: +4 CA until the start of its next turn (or the round's end)."""
    actor = ctx.actor
    one_round = ctx.flag("A-D35-6") == "fin_du_round"
    expiry = Expiry(at="rounds", rounds=1) if one_round else Expiry(at="turn_start")
    edits = Edits(ctx.enc)
    edits.add_state(actor.id, State(key=TOTAL_DEFENCE, label="Défense totale", expiry=expiry))
    label = (f"Défense totale de {actor.name}", f"{actor.name}'s total defence")
    said = ("+4 CA, ni attaque ni AO", "+4 AC, no attack nor AoO")
    return finish(edits, ctx.action, label, _total_defence_terms(ctx), dice, said)


def _other_spec(ctx: Ctx) -> ActionSpec:
    choices = [(key, line.fr, line.en) for key, line in TABLE.items()]
    return ActionSpec(
        OTHER,
        Label(fr="Autre action", en="Other action"),
        "D35-09",
        False,
        (choice_field("quoi", "Action", "Action", choices, "D35-09", "simple"),),
    )


def _other_numbers(ctx: Ctx) -> tuple[list[Term], list[Notice]]:
    line = declared(ctx)
    fr, en = _KINDS[line.kind]
    terms = [Term(fr, "", "D35-09", en)]
    notices: list[Notice] = []
    if line.provokes:
        terms.append(_PROVOKES)
    if ctx.choice("quoi") == "se_relever" and not sheet.has_state(ctx.actor, PRONE):
        notices.append(
            Notice(
                "D35-36",
                f"{ctx.actor.name} n'est pas à terre",
                f"{ctx.actor.name} is not prone",
                True,
            )
        )
    return terms, notices


def _other_preview(ctx: Ctx) -> Preview:
    terms, notices = _other_numbers(ctx)
    return Preview(ctx.action, tuple(terms), notices=tuple(notices))


def _other_resolve(ctx: Ctx, dice: DiceResult) -> tuple[Resolution, ChangeSet]:
    terms, notices = _other_numbers(ctx)
    refuse_blocked(ctx.action, notices, terms)
    actor, line = ctx.actor, declared(ctx)
    edits = Edits(ctx.enc)
    if ctx.choice("quoi") == "se_relever":
        edits.remove_state(actor.id, PRONE)
    label = (f"{actor.name} : {line.fr}", f"{actor.name}: {line.en}")
    return finish(edits, ctx.action, label, terms, dice, (line.fr, line.en))


def line_cost(line: Declared) -> budget.Cost:
    """The kind a line of the SRD's table has in the round's budget (D35-09)."""
    return budget.Cost(line.kind)  # type: ignore[arg-type]


def _other_cost(ctx: Ctx) -> budget.Cost:
    return line_cost(declared(ctx))


def _other_provokes(ctx: Ctx) -> Scope | None:
    """D35-11 (SRD): the lines of the table that provoke, from every foe that threatens."""
    return from_all_if(declared(ctx).provokes)


def _casts(ctx: Ctx) -> bool:
    """D35-48: a spell strains a disabled creature (the table's lines that cast)."""
    return ctx.action.options.get("quoi") in SPELLS


ACTIONS = (
    ActionDef(
        TOTAL_DEFENCE,
        _total_defence_spec,
        _total_defence_preview,
        _total_defence_resolve,
        cost=budget.standard,  # D35-33
    ),
    ActionDef(
        OTHER,
        _other_spec,
        _other_preview,
        _other_resolve,
        cost=_other_cost,
        provokes=_other_provokes,
        strenuous=_casts,
    ),
)
