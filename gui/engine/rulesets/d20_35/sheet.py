"""Reading a d20_35 sheet: abilities and modifiers (Int may be « — »), size and its SRD
modifiers (CFG-D35-1, hors extrait), reach, the attack bonus of a weapon with the BBA's
iterative attacks, saves, the grapple bonus (D35-55) and the hit-point status (D35-38, D35-48
to D35-51); the CA, which a helpless creature's state changes, is armour_class.py's."""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
from contextvars import ContextVar

from gui.engine.contract.sheet_reading import filled_rows, has_state, row_at, stat
from gui.engine.core.words import Label, Term
from gui.engine.state.model import Combatant, Scalar

__all__ = ["has_state", "stat"]

ABILITY_LABEL = {
    "force": Label(fr="For", en="Str"),
    "dexterite": Label(fr="Dex", en="Dex"),
    "constitution": Label(fr="Con", en="Con"),
    "intelligence": Label(fr="Int", en="Int"),
    "sagesse": Label(fr="Sag", en="Wis"),
    "charisme": Label(fr="Cha", en="Cha"),
}
SIZES = (
    "fine",
    "diminutive",
    "tiny",
    "small",
    "medium",
    "large",
    "huge",
    "gargantuan",
    "colossal",
)
# SRD 3.5 (CFG-D35-1, not in the excerpt): the size modifier to attack and CA, the special
# grapple modifier (D35-13, D35-55), and the natural reach in squares (tall, long).
SIZE_ATTACK = dict(zip(SIZES, (8, 4, 2, 1, 0, -1, -2, -4, -8), strict=True))
SIZE_GRAPPLE = dict(zip(SIZES, (-16, -12, -8, -4, 0, 4, 8, 12, 16), strict=True))
SIZE_REACH = dict(
    zip(
        SIZES, ((0, 0), (0, 0), (0, 0), (1, 1), (1, 1), (2, 1), (3, 2), (4, 3), (6, 4)), strict=True
    )
)
SIZE_SHORT = {
    "fine": ("I", "F"),
    "diminutive": ("Min", "D"),
    "tiny": ("TP", "T"),
    "small": ("P", "S"),
    "medium": ("M", "M"),
    "large": ("G", "L"),
    "huge": ("TG", "H"),
    "gargantuan": ("Gig", "G"),
    "colossal": ("C", "C"),
}
RUNNING = "course"  # D35-34: a running creature loses its Dex bonus to CA
SRD = "CFG-D35-1"  # the SRD defaults the excerpt lacks (G-6: marked « hors extrait, SRD »)
UNARMED: dict[str, Scalar] = {
    "nom": "Mains nues",
    "categorie": "mains_nues",
    "type": "contondant",
    "degats": "1d3",
    "critique": "20/×2",
    "bonus_attaque": 0,
    "bonus_degats": 0,
    "non_letale": True,
    "allonge": False,
    "portee": 0.0,
}
WEAPON_DEFAULTS: dict[str, Scalar] = {
    **UNARMED,
    "nom": "?",
    "categorie": "une_main",
    "degats": "1d6",
    "non_letale": False,
}


def score(c: Combatant, ability: str) -> int | None:
    """An ability score; None for « — » (a mindless creature's Int)."""
    value = c.stats.get(ability, 10)
    if value is None:
        return None
    return value if isinstance(value, int) and not isinstance(value, bool) else 10


def current_score(c: Combatant, ability: str) -> int | None:
    """The score less its ability damage (D35-54); None for « — »."""
    value = score(c, ability)
    return None if value is None else value - stat(c, f"dommage_{ability}")


def modifier(c: Combatant, ability: str) -> int:
    """floor((score − damage − 10) / 2) (SRD, CFG-D35-1); 0 for « — »."""
    value = current_score(c, ability)
    return 0 if value is None else (value - 10) // 2


def modifier_term(c: Combatant, ability: str, rule: str = SRD) -> Term:
    name = ABILITY_LABEL[ability]
    return Term(f"mod. de {name.fr}", modifier(c, ability), rule, f"{name.en} modifier")


def size(c: Combatant) -> str:
    value = c.stats.get("taille", "medium")
    return value if value in SIZES else "medium"


def size_index(c: Combatant) -> int:
    return SIZES.index(size(c))


def natural_reach(c: Combatant) -> int:
    """Squares of natural reach by size, tall or long (SRD)."""
    tall, long = SIZE_REACH[size(c)]
    return long if c.stats.get("forme") == "longue" else tall


def speed(c: Combatant) -> float:
    """The land speed (VD) in metres."""
    value = c.stats.get("vd", 9.0)
    good = isinstance(value, int | float) and not isinstance(value, bool)
    return float(value) if good else 9.0


def weapons(c: Combatant) -> list[dict[str, Scalar]]:
    """Bare hands first (every creature has them), then the sheet's weapons."""
    return [dict(UNARMED), *filled_rows(c, "armes", WEAPON_DEFAULTS)]


def weapon(c: Combatant, index: int) -> dict[str, Scalar]:
    return row_at(weapons(c), index)


def weapon_name(w: dict[str, Scalar]) -> tuple[str, str]:
    name = str(w["nom"])
    return (name, "Bare hands") if w.get("categorie") == "mains_nues" else (name, name)


def is_ranged(w: dict[str, Scalar]) -> bool:
    return w.get("categorie") == "distance"


def iteratives(bba: int) -> list[int]:
    """The BBA of each attack of a full attack: +6 gives +6/+1, +11 gives +11/+6/+1 (SRD)."""
    count = min(4, (bba - 1) // 5 + 1) if bba > 0 else 1
    return [max(bba - 5 * k, 0) for k in range(count)]


def attack_bonus(c: Combatant, w: dict[str, Scalar], iterative: int = 0) -> list[Term]:
    """d20 + BBA (of the attack in the sequence) + Str in melee or Dex at range + size +
    the weapon's own bonus (D35-80, SRD)."""
    bba = iteratives(stat(c, "bba"))
    step = bba[min(iterative, len(bba) - 1)]
    terms = [Term("BBA" if not iterative else f"BBA (attaque {iterative + 1})", step, SRD, "BAB")]
    terms.append(modifier_term(c, "dexterite" if is_ranged(w) else "force"))
    if SIZE_ATTACK[size(c)]:
        terms.append(Term("taille", SIZE_ATTACK[size(c)], SRD, "size"))
    own = int_of(w.get("bonus_attaque"))
    if own:
        terms.append(Term("bonus de l’arme", own, SRD, "weapon bonus"))
    return terms


def heavy_armour(c: Combatant) -> bool:
    """CFG-D35-7's heavy armour, read from the armour's maximum Dex bonus (SRD, hors
    extrait): the heavy armours allow +0 or +1 (splint, banded, half-plate, full plate), every
    medium or light one +2 or more (mithral heavy armour, medium, +2 or +3); so does a heavy
    load (+1), which also runs ×3. The run action lets the GM say otherwise."""
    cap = c.stats.get("dex_max")
    return isinstance(cap, int) and not isinstance(cap, bool) and cap <= 1


def grapple_bonus(c: Combatant) -> int:
    """D35-55: BBA + Str modifier + the special size modifier."""
    return (
        stat(c, "bba")
        + modifier(c, "force")
        + SIZE_GRAPPLE[size(c)]
        + stat(c, "bonus_lutte_divers")
    )


def save(c: Combatant, which: str) -> int:
    """A save's bonus: its base + Dex (Réflexes), Con (Vigueur) or Sag (Volonté)."""
    ability = {"reflexes": "dexterite", "vigueur": "constitution", "volonte": "sagesse"}[which]
    return stat(c, f"js_{which}") + modifier(c, ability)


# A-D35-8 « moins_constitution »: death at minus the Constitution score, not at −10. The
# ruleset sets it around each of its calls (ruleset.py), from the encounter's flag.
_DEATH_AT_CON: ContextVar[bool] = ContextVar("d20_death_at_con", default=False)
DEATH_FLAG = "A-D35-8"


@contextmanager
def death_at_con(on: bool) -> Iterator[None]:
    token = _DEATH_AT_CON.set(on)
    try:
        yield
    finally:
        _DEATH_AT_CON.reset(token)


UNDEAD = "mort_vivant"  # the creature type destroyed at 0 hit points (SRD)


def death_threshold(c: Combatant) -> int:
    """The hit points at which `c` dies: −10 (D35-51, A-D35-8), or minus its Constitution."""
    if _DEATH_AT_CON.get():
        return -(score(c, "constitution") or 10)
    return -10


def status(c: Combatant) -> str:
    """normal, chancelant, hors_de_combat, mourant, stable, inconscient or mort (D35-38,
    D35-48 to D35-51, A-D35-8: dead at −10, or at minus the Constitution score); an undead
    is destroyed at 0 hit points (hors extrait, SRD: it has no Constitution to die by)."""
    pv, nonlethal = stat(c, "pv"), stat(c, "degats_non_letaux")
    if pv <= death_threshold(c) or has_state(c, "mort"):
        return "mort"
    if pv <= 0 and c.stats.get("type_creature") == UNDEAD:
        return "mort"
    if pv < 0 and has_state(c, "stable") and has_state(c, "conscient"):
        return "hors_de_combat"  # D35-52, D35-53: conscious again, disabled (hors extrait, SRD)
    if pv < 0:
        return "stable" if has_state(c, "stable") else "mourant"
    if nonlethal > pv or has_state(c, "inconscient"):
        return "inconscient"
    if pv == 0:
        return "hors_de_combat"
    if nonlethal == pv:
        return "chancelant"
    return "normal"


def int_of(value: object) -> int:
    return value if isinstance(value, int) and not isinstance(value, bool) else 0
