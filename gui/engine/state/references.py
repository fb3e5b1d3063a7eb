"""The one check that every id an encounter refers to exists, located by a JSON path."""

from __future__ import annotations

import re
from collections.abc import Iterable
from typing import TYPE_CHECKING

from gui.engine.core.problems import Problem, json_path
from gui.engine.state.model import ID_FORM

# All the ids, one a line, are searched at once.
_ID = re.compile(ID_FORM)
_IDS = re.compile(f"(?:{ID_FORM}(?:\n{ID_FORM})*)?")

if TYPE_CHECKING:
    from gui.engine.state.model import Encounter, TurnState


def _duplicate(ids: Iterable[str], where: tuple[str, ...], fr: str, en: str) -> Problem | None:
    seen: set[str] = set()
    for i, ident in enumerate(ids):
        if ident in seen:
            return Problem(
                json_path((*where, i, "id")),
                f"identifiant de {fr} en double « {ident} »",
                f"duplicate {en} id '{ident}'",
            )
        seen.add(ident)
    return None


def reference_problem(enc: Encounter) -> Problem | None:
    """The first broken reference (duplicate id, unknown zone/side/combatant…), or None. The
    turn history a file holds is stepped back through by turns.history.history_problem (the
    app's own steps write it right, so a change is not checked against all of it)."""
    return (
        _id_form_problem(enc)
        or _duplicate((z.id for z in enc.map.zones), ("map", "zones"), "zone", "zone")
        or _edge_problem(enc)
        or _duplicate((s.id for s in enc.sides), ("sides",), "camp", "side")
        or _duplicate((c.id for c in enc.combatants), ("combatants",), "combattant", "combatant")
        or _combatant_problem(enc)
        or _turn_problem(enc)
        or _window_problem(enc)
    )


def _id_form_problem(enc: Encounter) -> Problem | None:
    """An id of a zone, a side, a combatant or a window that is not of the ids' form (the
    ids that refer to them must be one of them): one search over them all, then the first."""
    places = (
        (("map", "zones"), enc.map.zones),
        (("sides",), enc.sides),
        (("combatants",), enc.combatants),
        (("windows",), enc.windows),
    )
    ids = [item.id for _, items in places for item in items]
    joined = "\n".join(ids)  # one more line break than ids: none is inside an id
    if _IDS.fullmatch(joined) and joined.count("\n") == len(ids) - 1:
        return None
    for where, items in places:
        for k, item in enumerate(items):
            if not _ID.fullmatch(item.id):
                return Problem(
                    json_path((*where, k, "id")),
                    "identifiant invalide : lettres sans accent, chiffres et _ . : - seulement",
                    "invalid id: unaccented letters, digits and _ . : - only",
                )
    return None


def _window_problem(enc: Encounter) -> Problem | None:
    """Each reaction window has its own id and names only combatants that exist."""
    ids = {c.id for c in enc.combatants}
    seen: set[str] = set()
    for k, window in enumerate(enc.windows):
        if window.id in seen:
            return Problem(
                json_path(("windows", k, "id")),
                f"fenêtre de réaction en double « {window.id} »",
                f"reaction window listed twice '{window.id}'",
            )
        seen.add(window.id)
        for part in ("actor", "target"):
            cid = getattr(window, part)
            if cid is not None and cid not in ids:
                return Problem(
                    json_path(("windows", k, part)),
                    f"combattant inconnu « {cid} »",
                    f"unknown combatant '{cid}'",
                )
    return None


def _edge_problem(enc: Encounter) -> Problem | None:
    zone_ids = {z.id for z in enc.map.zones}
    pairs: set[frozenset[str]] = set()
    for k, edge in enumerate(enc.map.edges):
        for end, zone in (("a", edge.a), ("b", edge.b)):
            if zone not in zone_ids:
                return Problem(
                    json_path(("map", "edges", k, end)),
                    f"zone inconnue « {zone} »",
                    f"unknown zone '{zone}'",
                )
        pair = frozenset((edge.a, edge.b))
        if pair in pairs:
            return Problem(json_path(("map", "edges", k)), "liaison en double", "edge listed twice")
        pairs.add(pair)
    return None


def _combatant_problem(enc: Encounter) -> Problem | None:
    side_ids = {s.id for s in enc.sides}
    zone_ids = {z.id for z in enc.map.zones}
    contacts = {c.id: c.contacts for c in enc.combatants}
    for i, c in enumerate(enc.combatants):
        if c.side not in side_ids:
            return Problem(
                json_path(("combatants", i, "side")),
                f"camp inconnu « {c.side} »",
                f"unknown side '{c.side}'",
            )
        for k, state in enumerate(c.states):
            if state.source is not None and state.source not in contacts:
                return Problem(
                    json_path(("combatants", i, "states", k, "source")),
                    f"état causé par un combattant inconnu « {state.source} »",
                    f"condition caused by an unknown combatant '{state.source}'",
                )
        zone = c.position.zone
        if zone is not None and zone not in zone_ids:
            return Problem(
                json_path(("combatants", i, "position", "zone")),
                f"zone inconnue « {zone} »",
                f"unknown zone '{zone}'",
            )
        for k, other in enumerate(c.contacts):
            where = json_path(("combatants", i, "contacts", k))
            if other == c.id or other not in contacts:
                return Problem(
                    where,
                    f"contact avec un combattant inconnu « {other} »",
                    f"contact with unknown combatant '{other}'",
                )
            if c.id not in contacts[other]:
                return Problem(
                    where,
                    f"contact non réciproque : « {other} » ne cite pas « {c.id} »",
                    f"one-sided contact: '{other}' does not list '{c.id}'",
                )
    return None


def _turn_problem(enc: Encounter) -> Problem | None:
    """The turn tracker names only what exists, and its indices fall inside its order."""
    ids = {c.id for c in enc.combatants}
    return turn_state_problem(enc.turn, {s.id for s in enc.sides}, ids, ("turn",), None)


def turn_state_problem(
    turn: TurnState,
    side_ids: set[str],
    ids: set[str],
    where: tuple,
    touched: set[str] | None,
) -> Problem | None:
    """The order, whose turn it is, the spent actions and the mode's own fields. `touched`:
    for a state restored from the history, the fields its step changed (the rest was
    checked in the state after it); `where` then locates the step."""

    def located(*parts: str | int) -> str:
        return json_path(where if touched is not None else (*where, *parts))

    units: set[str] = set()
    repeats = turn.repeats_units()
    whole = touched is None or bool(
        touched & {"order", "order.unit", "order.members", "order.side"}
    )
    for j, entry in enumerate(turn.order if whole else ()):
        if entry.unit in units and not repeats:
            return Problem(
                located("order", j, "unit"),
                f"unité en double « {entry.unit} »",
                f"unit listed twice '{entry.unit}'",
            )
        units.add(entry.unit)
        if entry.side not in side_ids:
            return Problem(
                located("order", j, "side"),
                f"camp inconnu « {entry.side} »",
                f"unknown side '{entry.side}'",
            )
        if not entry.members:
            return Problem(
                located("order", j, "members"), "unité sans membre", "unit without members"
            )
        for m, member in enumerate(entry.members):
            if member not in ids:
                return Problem(
                    located("order", j, "members", m),
                    f"combattant inconnu « {member} »",
                    f"unknown combatant '{member}'",
                )
    if not -1 <= turn.current < len(turn.order):
        return Problem(
            located("current"), "tour hors de l’ordre de jeu", "turn outside the turn order"
        )
    for cid in turn.spent:
        if cid not in ids:
            return Problem(
                located("spent", cid),
                f"combattant inconnu « {cid} »",
                f"unknown combatant '{cid}'",
            )
    own = turn.mode_problem(side_ids)
    if own is not None:
        path, fr, en = own
        return Problem(located(*path), fr, en)
    return None
