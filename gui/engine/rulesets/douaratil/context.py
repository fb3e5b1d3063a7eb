"""What every douaratil action shares: the weapon chosen, the distance between two
combatants, the house rules on the dice (CFG-DOU-1, CFG-DOU-1b, CFG-DOU-2), 3d6 checks with
their edge, and who counts as hostile, near or unable to act."""

from __future__ import annotations

from gui.engine.checks import Check, EdgeSource, net_edge, triples
from gui.engine.checks.edges import EdgeMethod, NetEdge
from gui.engine.contract.actions import ActionCtx
from gui.engine.contract.actions import ActionDef as BaseActionDef
from gui.engine.contract.fields import choice_field
from gui.engine.contract.values import ActionError
from gui.engine.core.words import Term
from gui.engine.grid.placed import metres_apart
from gui.engine.rulesets.douaratil import sheet
from gui.engine.space.zones import ZoneGraph
from gui.engine.state.model import Combatant, Scalar, Window
from gui.engine.state.schema import FieldSpec
from gui.engine.timing import windows

EDGE_FLAG, COUNT_ALL_FLAG, CAP_FLAG = "CFG-DOU-1", "CFG-DOU-1b", "CFG-DOU-2"
_METHODS: dict[str, EdgeMethod] = {"4d6": "keep", "3d6x2": "two_rolls", "1d6": "extra_die"}
NEAR_M = 1.5  # DOU-20, DOU-41: "within 1,50 m"
# States that keep a creature from acting or seeing (DOU-41: "not incapacitated").
INCAPACITATED = ("neutralise", "inconscient")


class Ctx(ActionCtx):
    """One douaratil action being previewed or resolved."""

    def weapon(self, who: Combatant | None = None, key: str = "arme") -> dict[str, Scalar]:
        """The weapon chosen in the option `key` (its row: 0 is bare hands, sheet.weapons)."""
        raw = self.action.options.get(key, "0")
        index = int(raw) if isinstance(raw, str) and raw.isdigit() else self.number(key)
        return sheet.weapon(who or self.actor, index)

    def window(self, kind: str) -> Window | None:
        """The window of `kind` the action is taken in (None when it is taken in none, or in
        another kind); refused when the window it names is no longer open."""
        wid = self.action.window
        if wid is None:
            return None
        try:
            window = windows.get(self.enc, wid)
        except KeyError as exc:
            raise ActionError(
                "Ce moment est passé : la réaction n’est plus possible",
                "That moment has passed: the reaction is no longer possible",
            ) from exc
        return window if window.kind == kind else None

    def method(self) -> EdgeMethod:
        """How an edge is rolled (CFG-DOU-1): 4d6 keep 3 by default (A-DOU-1)."""
        return _METHODS.get(str(self.flag(EDGE_FLAG)), "keep")

    def edge(self, sources: list[EdgeSource]) -> NetEdge:
        """The sources netted (DOU-73: they cancel, and do not stack)."""
        return net_edge(sources, "cancel", self.method(), rule="DOU-73")

    def check(self, edge: NetEdge, modifier: int, target: int) -> Check:
        """3d6 + modifier ≥ target, three 6s a critical success and three 1s a fumble, a
        fictitious 1 under disadvantage (DOU-31, DOU-36, DOU-37), counted on the kept dice
        or on every die rolled (CFG-DOU-1b)."""
        count_all = self.flag(COUNT_ALL_FLAG) == "tous"
        return Check(modifier, target, naturals=triples(edge.edge, count_all))

    def explosion_cap(self) -> int | None:
        """CFG-DOU-2: explosions per damage die, None for no cap (A-DOU-2)."""
        cap = self.flag(CAP_FLAG)
        return cap if isinstance(cap, int) and not isinstance(cap, bool) and cap > 0 else None

    def metres(self, a: Combatant, b: Combatant) -> tuple[float | None, Term]:
        """Metres between two combatants: the option `distance` when the GM typed one, else
        the grid, else 0 in contact or in one zone, else the zones' links."""
        typed = self.action.options.get("distance")
        if isinstance(typed, int) and not isinstance(typed, bool) and typed >= 0:
            return float(typed), sheet.metres_term(
                "distance donnée par le MJ", typed, "G-3", "distance given by the GM"
            )
        on_grid = metres_apart(self.enc, self.ruleset, a, b)
        if on_grid is not None:
            return on_grid, sheet.metres_term(
                "distance sur la grille", on_grid, "DOU-42", "distance on the grid"
            )
        if b.id in a.contacts or (a.position.zone and a.position.zone == b.position.zone):
            return 0.0, Term("au contact ou même zone", "0 m", "DOU-42", "in contact or same zone")
        za, zb = a.position.zone, b.position.zone
        far = ZoneGraph(self.enc.map).metres(za, zb) if za and zb else None
        if far is None:
            return None, Term("distance inconnue", "", "DOU-40", "unknown distance")
        return far, sheet.metres_term(
            "distance par les zones", far, "DOU-40", "distance by the zones"
        )

    def near(self, a: Combatant, b: Combatant) -> bool:
        """Within 1,50 m: adjacent on the grid, or in contact."""
        metres = metres_apart(self.enc, self.ruleset, a, b)
        return b.id in a.contacts if metres is None else metres <= NEAR_M

    def close_by(self, a: Combatant, b: Combatant) -> tuple[bool, Term | None]:
        """Whether `b` is within 1,50 m of `a`: by the distance the GM typed (the option
        `distance`, with its term), else on the grid or in contact (`near`)."""
        typed = self.number("distance", -1)
        if typed >= 0:
            given = sheet.metres_term(
                "distance donnée par le MJ", typed, "G-3", "distance given by the GM"
            )
            return typed <= NEAR_M, given
        return self.near(a, b), None

    def hostile(self, a: Combatant, b: Combatant) -> bool:
        return a.side != b.side

    def able(self, c: Combatant) -> bool:
        """Neither out of the fight nor incapacitated (DOU-41)."""
        return not self.ruleset.is_out(self.enc, c) and not any(
            sheet.has_state(c, key) for key in INCAPACITATED
        )


def weapon_option(
    c: Combatant, key: str = "arme", rule: str = "DOU-32", default: str | None = None
) -> FieldSpec:
    """The weapon to attack with: bare hands (0) then the sheet's weapons; by default the
    sheet's first."""
    items = [(str(i), *sheet.weapon_name(w)) for i, w in enumerate(sheet.weapons(c))]
    default = default or ("1" if len(items) > 1 else "0")
    return choice_field(key, "Arme", "Weapon", items, rule, default)


def total(terms: list[Term]) -> int:
    """The sum of the terms given as numbers."""
    return sum(t.value for t in terms if isinstance(t.value, int) and not isinstance(t.value, bool))


ActionDef = BaseActionDef[Ctx]
