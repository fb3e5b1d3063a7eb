"""What the players may see (issue 21): the GM hides a combatant or a zone (one undo entry, as
is revealing it), and the players' view shows only what is not hidden; the players' own side
keeps its numbers, the others' health reads as a condition (Ruleset.public_condition)."""

from __future__ import annotations

from collections.abc import Iterable

from gui.engine.core.problems import BilingualError
from gui.engine.state.changes import ChangeSet, change
from gui.engine.state.model import Combatant, Encounter, TurnEntry, Zone


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
    """The zones the players see: not hidden, or holding one of their own characters (they
    know where they stand; the foes there stay unseen)."""
    players = {s.id for s in enc.sides if s.players}
    theirs = {c.position.zone for c in enc.combatants if c.side in players and not c.hidden}
    return [z for z in enc.map.zones if not z.hidden or z.id in theirs]


def players_own(enc: Encounter, c: Combatant) -> bool:
    """Whether `c` is on a players' side (its numbers are the players' to see)."""
    return any(s.id == c.side and s.players for s in enc.sides)


def unseen(enc: Encounter, c: Combatant) -> bool:
    """Whether the players do not see `c`: hidden, or in a hidden zone — unless it is their
    own (the players know where their characters are)."""
    if c.hidden:
        return True
    zone = c.position.zone
    if zone is None:
        return False
    try:
        in_hidden = enc.map.zone(zone).hidden  # by its index: this runs for every token
    except KeyError:
        return False
    return in_hidden and not players_own(enc, c)


def unseen_ids(enc: Encounter) -> set[str]:
    return {c.id for c in enc.combatants if unseen(enc, c)}


def shown_order(
    enc: Encounter, hidden: Iterable[str] | None = None
) -> tuple[TurnEntry | None, list[TurnEntry]]:
    """Whose turn it is and who comes next in the round, as the players may see them: a unit
    whose members are all unseen (`hidden`: by default the hidden ones; under the fog, those
    out of the players' sight too) is left out (it acts unseen)."""
    turn = enc.turn
    if turn.mode == "none":
        return None, []

    hidden = set(hidden) if hidden is not None else unseen_ids(enc)

    def seen(entry: TurnEntry) -> bool:
        return not entry.members or not hidden.issuperset(entry.members)

    now = turn.order[turn.current] if 0 <= turn.current < len(turn.order) else None
    later = [e for e in turn.order[turn.current + 1 :] if seen(e)]
    return (now if now is not None and seen(now) else None), later
