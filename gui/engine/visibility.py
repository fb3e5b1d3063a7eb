"""What the players may see (issue 21): the GM hides a combatant or a zone (one undo entry, as
is revealing it), and the players' view shows only what is not hidden; the players' own side
keeps its numbers, the others' health reads as a condition (Ruleset.public_condition)."""

from __future__ import annotations

from .changes import ChangeSet, change
from .model import Combatant, Encounter, TurnEntry, Zone
from .problems import BilingualError


class VisibilityError(BilingualError):
    """A thing to hide or reveal that is not in the encounter."""


def hide_combatant(enc: Encounter, cid: str, hidden: bool) -> ChangeSet:
    try:
        c = enc.combatant(cid)
    except KeyError:
        raise VisibilityError(
            f"Combattant inconnu « {cid} »", f"Unknown combatant '{cid}'"
        ) from None
    return _hiding(enc, ("combatants", cid, "hidden"), c.name, hidden)


def hide_zone(enc: Encounter, zid: str, hidden: bool) -> ChangeSet:
    try:
        zone = enc.map.zone(zid)
    except KeyError:
        raise VisibilityError(f"Zone inconnue « {zid} »", f"Unknown zone '{zid}'") from None
    return _hiding(enc, ("map", "zones", zid, "hidden"), zone.name, hidden)


def set_players_side(enc: Encounter, sid: str, players: bool) -> ChangeSet:
    """Mark a side as the players' own (its numbers shown to them), or not."""
    try:
        side = enc.side(sid)
    except KeyError:
        raise VisibilityError(f"Camp inconnu « {sid} »", f"Unknown side '{sid}'") from None
    if players:
        return ChangeSet(
            f"« {side.name} » : camp des joueurs",
            (change(enc, ("sides", sid, "players"), True),),
            f"{side.name}: the players' side",
        )
    return ChangeSet(
        f"« {side.name} » n’est plus un camp des joueurs",
        (change(enc, ("sides", sid, "players"), False),),
        f"{side.name} is no longer a players' side",
    )


def _hiding(enc: Encounter, path: tuple[str, ...], name: str, hidden: bool) -> ChangeSet:
    if hidden:
        return ChangeSet(
            f"Cacher « {name} » aux joueurs",
            (change(enc, path, True),),
            f"Hide {name} from the players",
        )
    return ChangeSet(
        f"Montrer « {name} » aux joueurs",
        (change(enc, path, False),),
        f"Show {name} to the players",
    )


def shown_combatants(enc: Encounter) -> list[Combatant]:
    """The combatants the players see, in the encounter's order."""
    return [c for c in enc.combatants if not c.hidden]


def shown_zones(enc: Encounter) -> list[Zone]:
    return [z for z in enc.map.zones if not z.hidden]


def players_own(enc: Encounter, c: Combatant) -> bool:
    """Whether `c` is on a players' side (its numbers are the players' to see)."""
    return any(s.id == c.side and s.players for s in enc.sides)


def shown_order(enc: Encounter) -> tuple[TurnEntry | None, list[TurnEntry]]:
    """Whose turn it is and who comes next in the round, as the players may see them: a unit
    whose members are all hidden is left out (it acts unseen)."""
    turn = enc.turn
    if turn.mode == "none":
        return None, []

    hidden = {c.id for c in enc.combatants if c.hidden}

    def seen(entry: TurnEntry) -> bool:
        return not entry.members or not hidden.issuperset(entry.members)

    now = turn.order[turn.current] if 0 <= turn.current < len(turn.order) else None
    later = [e for e in turn.order[turn.current + 1 :] if seen(e)]
    return (now if now is not None and seen(now) else None), later


def players_copy(enc: Encounter) -> Encounter:
    """The encounter as the players may know it, for their printed summary: without what is
    hidden (combatants, zones, the tokens in them, the log lines and turns that would name
    them), without the GM's notes and open windows."""
    hidden_zones = {z.id for z in enc.map.zones if z.hidden}
    gone = {c.id for c in enc.combatants if c.hidden or c.position.zone in hidden_zones}
    copy = enc.model_copy(deep=True)
    copy.combatants = [c for c in copy.combatants if c.id not in gone]
    for c in copy.combatants:
        c.notes = ""
        c.contacts = [o for o in c.contacts if o not in gone]
    copy.map.zones = [z for z in copy.map.zones if z.id not in hidden_zones]
    copy.map.edges = [e for e in copy.map.edges if not {e.a, e.b} & hidden_zones]
    copy.log = [e for e in copy.log if e.actor not in gone and e.target not in gone]
    now = enc.turn.order[enc.turn.current] if 0 <= enc.turn.current < len(enc.turn.order) else None
    kept = [e for e in copy.turn.order if not e.members or not set(e.members) <= gone]
    copy.turn.order = kept
    copy.turn.current = next((i for i, e in enumerate(kept) if now and e.unit == now.unit), -1)
    copy.windows = []
    return copy
