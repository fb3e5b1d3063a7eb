"""What every conteur action shares: the weapon option, d10 pools with GM overrides and
their odds, the distance between two combatants, and G-3 refusals."""

from __future__ import annotations

from msgspec import Struct

from gui.engine.checks.request import DiceRequest, DiceResult
from gui.engine.contract.actions import ActionCtx
from gui.engine.contract.actions import ActionDef as BaseActionDef
from gui.engine.contract.base import Words
from gui.engine.contract.edits import refuse_blocked
from gui.engine.contract.values import Override, Preview, overridden
from gui.engine.core.words import Label, Notice, Term
from gui.engine.grid.placed import metres_apart
from gui.engine.rulesets.conteur import pools
from gui.engine.rulesets.conteur.sheet import weapon, weapon_name, weapons
from gui.engine.space.zones import ZoneGraph
from gui.engine.state.model import Combatant, Scalar
from gui.engine.state.schema import Choice, FieldSpec

DICE, DIFFICULTY = "des", "difficulte"
OVERRIDE_LABELS = {
    DICE: Label(fr="Dés", en="Dice"),
    DIFFICULTY: Label(fr="Difficulté", en="Difficulty"),
}


class Pool(Struct, frozen=True):
    """A d10 pool being built: its dice and difficulty with their terms, and notices."""

    dice: int
    difficulty: int
    terms: tuple[Term, ...]
    notices: tuple[Notice, ...] = ()
    ones_cancel: bool = True


class Ctx(ActionCtx):
    """One conteur action being previewed or resolved."""

    def weapon(self, who: Combatant | None = None) -> dict[str, Scalar]:
        """The weapon chosen in the `arme` option (its row number in `weapons`)."""
        raw = self.action.options.get("arme", "0")
        index = int(raw) if isinstance(raw, str) and raw.isdigit() else self.number("arme")
        return weapon(who or self.actor, index)

    def settle(self, pool: Pool) -> Pool:
        """The GM's dice and difficulty if overridden (G-3); the difficulty kept in 2–10
        (A-CON-1); the pool never below 0."""
        terms = list(pool.terms)
        diff = pools.difficulty(self.ruleset, self.enc, pool.difficulty, terms)
        dice = int(overridden(self.action, DICE, max(0, pool.dice), ("dés", "dice"), terms))
        diff = int(overridden(self.action, DIFFICULTY, diff, ("difficulté", "difficulty"), terms))
        terms.append(
            Term(
                "groupement",
                f"{dice}d10 difficulté {diff}",
                "CON-42",
                "pool",
                f"{dice}d10 difficulty {diff}",
            )
        )
        return Pool(dice, diff, tuple(terms), pool.notices, pool.ones_cancel)

    def without_dice(
        self, pool: Pool, note: Words, computed: dict[str, Override] | None = None
    ) -> Preview:
        """The preview of an action that rolls nothing (a hit by itself, a point spent…);
        `note` says why, in French and English."""
        return Preview(
            self.action,
            pool.terms,
            None,
            notices=pool.notices,
            computed=computed or {},
            odds_note=note[0],
            odds_note_en=note[1],
        )

    def allowed(self, computed: Pool, settle: bool = True) -> tuple[Pool, list[Term]]:
        """The pool to roll once its blocking notices are passed by the GM (G-3; otherwise
        ActionError), settled unless told not to, and its terms with the overrides logged."""
        forced: list[Term] = []
        refuse_blocked(self.action, computed.notices, forced)
        pool = self.settle(computed) if settle else computed
        return pool, [*pool.terms, *forced]

    def request(self, pool: Pool) -> DiceRequest | None:
        return pools.request(pool.dice, pool.difficulty, pool.ones_cancel) if pool.dice else None

    def preview(self, pool: Pool, computed: Pool | None = None) -> Preview:
        """Terms, dice and exact odds of a settled pool; `computed` is the pool before the
        GM's overrides (the dialog pre-fills them)."""
        req = self.request(pool)
        base = computed or pool
        # What is rolled when the GM imposes nothing: the difficulty kept in 2–10 (A-CON-1),
        # never below 0 dice.
        kept = pools.difficulty(self.ruleset, self.enc, base.difficulty, [])
        shown = {DICE: max(0, base.dice), DIFFICULTY: kept}
        if req is None:
            return self.without_dice(pool, ("0 dé : pas de jet", "0 dice: no roll"), shown)
        dist, chance, note = pools.odds(
            self.ruleset, self.enc, pool.dice, pool.difficulty, pool.ones_cancel
        )
        return Preview(
            self.action,
            pool.terms,
            req,
            target_number=1,  # at least one net success (CON-42)
            odds=chance,
            odds_note=note[0],
            odds_note_en=note[1],
            distribution=dist,
            notices=pool.notices,
            computed=shown,
        )

    def read(self, pool: Pool, dice: DiceResult) -> pools.Roll:
        req = self.request(pool)
        if req is None:
            return pools.Roll(0)
        return pools.read(self.ruleset, self.enc, dice, req, pool.ones_cancel)

    def distance(self, a: Combatant, b: Combatant) -> tuple[float | None, Term]:
        """Metres between two combatants: the option `distance` when the GM changed it,
        else the grid, else the shortest route over the zones' links (CON-18)."""
        metres, term = self.map_distance(a, b)
        typed = self.action.options.get("distance")
        changed = isinstance(typed, int) and not isinstance(typed, bool) and typed >= 0
        if changed and (metres is None or typed != round(metres)):
            given = Term(
                "distance donnée par le MJ", f"{typed} m", "G-3", "distance given by the GM"
            )
            return float(typed), given
        return metres, term

    def map_distance(self, a: Combatant, b: Combatant) -> tuple[float | None, Term]:
        """Metres on the grid (between the nearest squares of their spaces), else along the
        shortest route over the zones' links."""
        game_map = self.enc.map
        metres = metres_apart(self.enc, self.ruleset, a, b)
        if metres is not None:
            return metres, Term(
                "distance sur la grille", f"{metres:g} m", "CON-18", "distance on the grid"
            )
        za, zb = a.position.zone, b.position.zone
        if za is None or zb is None:
            return None, Term(
                "distance inconnue (pas de zone)", "", "CON-18", "unknown distance (no zone)"
            )
        if za == zb:
            return 0.0, Term("même zone", "0 m", "CON-18", "same zone")
        graph = ZoneGraph(game_map)
        metres = graph.metres(za, zb)
        if metres is None:
            return None, Term(
                "distance inconnue (liens sans longueur)",
                "",
                "CON-18",
                "unknown distance (links without a length)",
            )
        names = {z.id: z.name for z in game_map.zones}
        route = graph.path(za, zb) or [za, zb]
        via = " → ".join(names[z] for z in route)
        return metres, Term(
            f"distance par les zones ({via})",
            f"{metres:g} m",
            "CON-18",
            f"distance through the zones ({via})",
        )


def total(terms: list[Term] | tuple[Term, ...]) -> int:
    """The sum of the modifiers among `terms` (values shown as text are not added)."""
    return sum(t.value for t in terms if isinstance(t.value, int) and not isinstance(t.value, bool))


def weapon_option(c: Combatant, uses: tuple[str, ...], default: int = 0) -> FieldSpec:
    """The choice of a weapon of `c` with one of `uses` (value: its row number)."""
    rows = [(i, w) for i, w in enumerate(weapons(c)) if w["usage"] in uses]
    first = next((i for i, _w in rows if i == default), rows[0][0] if rows else 0)
    return FieldSpec(
        key="arme",
        label=Label(fr="Arme", en="Weapon"),
        kind="choice",
        choices=tuple(Choice(value=str(i), label=_named(weapon_name(w))) for i, w in rows),
        default=str(first),
        rule="CON-11",
    )


def _named(words: Words) -> Label:
    return Label(fr=words[0], en=words[1])


ActionDef = BaseActionDef[Ctx]
