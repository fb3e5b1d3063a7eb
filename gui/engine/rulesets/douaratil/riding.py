"""Who rides whom (DOU-63 to DOU-69): read from the rider's state `monte`, whose `source` is
the mount and whose `value` is 1 for a controlled mount, 0 for an independent one (DOU-67,
DOU-68). The actions that change it are in mounts.py; what reads it — the turn units, the
initiative, the actions a controlled mount may take (kind.py), the targets of an attack of
opportunity — reads it here."""

from __future__ import annotations

from gui.engine.contract import riders as shared
from gui.engine.state.model import Combatant, Encounter, State, TurnEntry

MOUNTED = "monte"


def _mounted(c: Combatant) -> State | None:
    return next((s for s in c.states if s.key == MOUNTED), None)


def mount_of(enc: Encounter, rider: Combatant) -> Combatant | None:
    """The mount `rider` is on (the source of its `monte` state), if it is in the encounter."""
    return shared.mount_of(enc, rider, MOUNTED)


def controlled(enc: Encounter, rider: Combatant) -> bool:
    """Whether `rider` controls its mount (DOU-67): `monte` with value 1 (none: the default),
    on a mount in the encounter; 0 is an independent mount (DOU-68)."""
    state = _mounted(rider)
    return state is not None and state.value != 0 and mount_of(enc, rider) is not None


def riders(enc: Encounter, mount: Combatant) -> list[Combatant]:
    """Who rides `mount`, in roster order."""
    return shared.riders(enc, mount, MOUNTED)


def controller(enc: Encounter, mount: Combatant) -> Combatant | None:
    """The rider who controls `mount` (DOU-67), None for an independent or riderless one."""
    return next((r for r in riders(enc, mount) if controlled(enc, r)), None)


def is_controlled_mount(enc: Encounter, c: Combatant) -> bool:
    """DOU-67: `c` is a mount its rider controls (it then only dashes, disengages or dodges,
    kind.py); an independent mount acts freely (DOU-68)."""
    return controller(enc, c) is not None


def initiative_holder(enc: Encounter, c: Combatant) -> Combatant:
    """Whose initiative `c` acts on: its rider's for a controlled mount (DOU-67, through a
    rider that is itself a controlled mount), else its own."""
    return enc.combatant(shared.leader(c.id, _follows(enc)))


def _follows(enc: Encounter) -> dict[str, str]:
    """Each controlled mount and the rider who controls it (DOU-67)."""
    return {c.id: rider.id for c in enc.combatants if (rider := controller(enc, c)) is not None}


def turn_units(enc: Encounter, units: list[TurnEntry]) -> list[TurnEntry]:
    """The ruleset's turn units with each controlled mount moved into its rider's unit, just
    after its rider (DOU-67: it acts on the rider's initiative); an independent mount keeps
    its own (DOU-68). The units keep their order; one left empty goes; `units` is unchanged."""
    return shared.join_units(units, _follows(enc))


def opportunity_targets(enc: Encounter, mover: Combatant) -> list[str]:
    """DOU-69: who an attack of opportunity provoked by `mover` may target: `mover` first,
    then its mount or its riders when it rides or is ridden."""
    out = [mover.id]
    mount = mount_of(enc, mover)
    for other in [*([mount] if mount is not None else []), *riders(enc, mover)]:
        if other.id not in out:
            out.append(other.id)
    return out
