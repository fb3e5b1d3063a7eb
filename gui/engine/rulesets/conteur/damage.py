"""Dégâts and Absorber (CON-22 to CON-31, CON-35): damage pool, material cover, soak,
armour destroyed, stun, and the health track marked."""

from __future__ import annotations

from gui.engine.checks.request import DiceResult
from gui.engine.contract.edits import Edits, finish
from gui.engine.contract.values import ActionError, ActionSpec, Preview, Resolution, followed
from gui.engine.core.words import Label, Notice, Term
from gui.engine.rulesets.conteur import health
from gui.engine.rulesets.conteur.context import (
    DICE,
    DIFFICULTY,
    OVERRIDE_LABELS,
    ActionDef,
    Ctx,
    Pool,
    total,
    weapon_option,
)
from gui.engine.rulesets.conteur.fields import SITUATION_DICE
from gui.engine.rulesets.conteur.sheet import (
    MELEE_USES,
    MORTAL,
    RANGED_USES,
    VAMPIRE,
    WEREWOLF,
    armour,
    cell,
    nature,
    stat,
    tag,
    weapon,
    weapon_name,
)
from gui.engine.state.changes import ChangeSet
from gui.engine.state.model import Combatant, Scalar, State, Track
from gui.engine.state.schema import Choice, FieldSpec

DAMAGE, SOAK = "degats", "absorber"
COVER_FLAG = "CFG-CON-8b"
THRESHOLD_FLAG = "CFG-CON-9"
HIT = "touche."
PENDING = "degats."  # on the target: "degats.<type>.<source>.<armour>.<n>"
# CON-31: material cover between attacker and target.
MATERIAL = (
    ("aucun", "Aucun", "None", 0),
    ("vitre", "Vitre", "Window", 1),
    ("porte", "Porte", "Door", 2),
    ("pare_balle", "Vitre pare-balle", "Bulletproof glass", 2),
    ("comptoir", "Comptoir", "Counter", 3),
    ("carrosserie", "Portière, carrosserie", "Car door or bodywork", 3),
    ("moteur", "Moteur de voiture", "Car engine", 6),
    ("mur", "Mur", "Wall", 6),
)
KIND_WORDS = {"B": "contondants", "L": "létaux", "A": "aggravés"}
KIND_WORDS_EN = health.KIND_EN
NO_ARMOUR = ("feu", "soleil", "magie")  # CON-29, A-CON-11


# Dégâts -------------------------------------------------------------------------------------


def _hit(ctx: Ctx) -> tuple[int, int, str] | None:
    """The target's oldest pending hit from this actor: (weapon row, extra damage dice, its
    state key "touche.<attacker>.<row>.<n>": each hit waits for its own damage roll)."""
    prefix = f"{HIT}{tag(ctx.actor.id)}."
    for s in ctx.target.states:
        if s.key.startswith(prefix):
            row = s.key[len(prefix) :].split(".")[0]
            return (int(row) if row.isdigit() else 0), s.value or 0, s.key
    return None


def _weapon(ctx: Ctx) -> dict[str, Scalar]:
    """The `arme` option, by default the weapon that hit (the option's default)."""
    hit = _hit(ctx) if "arme" not in ctx.action.options else None
    return weapon(ctx.actor, hit[0]) if hit else ctx.weapon()


def damage_spec(ctx: Ctx) -> ActionSpec | None:
    if ctx.action.target is None:
        return None
    hit = _hit(ctx)
    options = (
        weapon_option(ctx.actor, (*MELEE_USES, *RANGED_USES), hit[0] if hit else 0),
        FieldSpec(
            key="abri",
            label=Label(fr="Abri matériel", en="Material cover"),
            kind="choice",
            default="aucun",
            rule="CON-31",
            choices=tuple(
                Choice(value=k, label=Label(fr=f"{fr} ({n})", en=f"{en} ({n})"))
                for k, fr, en, n in MATERIAL
            ),
        ),
        SITUATION_DICE,
    )
    return ActionSpec(
        DAMAGE,
        Label(fr="Dégâts", en="Damage"),
        "CON-22",
        True,
        options,
        (DICE, DIFFICULTY),
        OVERRIDE_LABELS,
    )


def _cover(ctx: Ctx) -> tuple[int, str, str]:
    """The material cover chosen: its dice, its name in French and English."""
    key = ctx.choice("abri", "aucun")
    for k, fr, en, n in MATERIAL:
        if k == key:
            return n, fr, en
    return 0, "", ""


def damage_numbers(ctx: Ctx) -> Pool:
    """CON-22: Force + weapon (or the weapon alone), + extra ranged successes (CON-21),
    never below 1 die; difficulty 6; no rule of 1s. CFG-CON-8b: cover takes dice off."""
    actor, w = ctx.actor, _weapon(ctx)
    terms: list[Term] = []
    notices: list[Notice] = []
    if w["force"] is True:
        terms.append(Term("Force", stat(actor, "force"), "CON-22", "Strength"))
    name = weapon_name(w)
    terms.append(
        Term(
            f"dégâts de l'arme ({name[0]})",
            cell(w, "degats"),
            "CON-22",
            f"weapon damage ({name[1]})",
        )
    )
    hit = _hit(ctx)
    if hit is None:
        notices.append(
            Notice(
                "CON-22",
                f"{ctx.target.name} n’a pas été touché par {actor.name}",
                f"{ctx.target.name} was not hit by {actor.name}",
                True,
            )
        )
    elif hit[1]:
        terms.append(Term("succès d'attaque en plus", hit[1], "CON-21", "extra attack successes"))
    if ctx.number("mod_des"):
        terms.append(Term("situation", ctx.number("mod_des"), "CON-44", "situation"))
    cover, fr, en = _cover(ctx)
    if cover and ctx.flag(COVER_FLAG) == "des":
        terms.append(Term(f"abri : {fr}", -cover, "A-CON-8", f"cover: {en}"))
    dice = total(terms)
    if dice < 1:
        terms.append(Term("jamais moins d'un dé", 1 - dice, "CON-22", "never less than one die"))
        dice = 1
    terms.append(Term("difficulté des dégâts", "6", "CON-22", "damage difficulty"))
    terms.append(Term("pas de règle des 1 aux dégâts", "", "CON-22", "no rule of 1s on damage"))
    return Pool(dice, 6, tuple(terms), tuple(notices), ones_cancel=False)


def damage_preview(ctx: Ctx) -> Preview:
    pool = damage_numbers(ctx)
    return ctx.preview(ctx.settle(pool), pool)


def damage_resolve(ctx: Ctx, dice: DiceResult) -> tuple[Resolution, ChangeSet]:
    actor, target, w = ctx.actor, ctx.target, _weapon(ctx)
    computed = damage_numbers(ctx)
    pool, terms = ctx.allowed(computed)
    raw = ctx.read(pool, dice).successes
    cover, fr, en = _cover(ctx)
    dealt = raw
    if cover and ctx.flag(COVER_FLAG) == "succes":
        dealt = max(0, raw - cover)
        terms.append(
            Term(
                f"abri : {fr} (succès retirés)",
                -min(cover, raw),
                "CON-31",
                f"cover: {en} (successes taken off)",
            )
        )
    edits = Edits(ctx.enc)
    hit = _hit(ctx)
    if hit is not None:
        edits.remove_state(target.id, hit[2])
    threshold = {"bruts": raw, "apres_abri": dealt}.get(str(ctx.flag(THRESHOLD_FLAG)))
    armour_now = armour(target)
    if threshold is not None:
        terms += _thresholds(ctx, edits, target, threshold)
    kind, source = str(w["type"]), str(w["source"])
    words = KIND_WORDS.get(kind, kind)
    name = weapon_name(w)
    if dealt:
        edits.add_state(
            target.id,
            State(
                key=f"{PENDING}{kind}.{source}.{armour_now}.{len(ctx.enc.log)}",
                label=f"À absorber : {dealt} {words}",
                value=dealt,
                text=f"{actor.name}, {w['nom']} ; « Absorber » ensuite (CON-24 à CON-28).",
                text_en=f"{actor.name}, {name[1]}; “Soak” next (CON-24 to CON-28).",
            ),
        )
        outcome = (
            f"{dealt} niveau(x) de dégâts {words} à absorber",
            f"{dealt} level(s) of {KIND_WORDS_EN.get(kind, kind)} damage to soak",
        )
    else:
        outcome = ("Aucun dégât", "No damage")
    label = (
        f"Dégâts de {actor.name} sur {target.name} ({name[0]})",
        f"Damage from {actor.name} to {target.name} ({name[1]})",
    )
    amounts = {"successes": raw, "damage": dealt}
    result = finish(edits, ctx.action, label, terms, dice, outcome, dealt > 0, amounts)
    # CON-24: the target soaks what it was dealt, in its own roll.
    return followed(result, SOAK, target.id) if dealt > 0 else result


def _thresholds(ctx: Ctx, edits: Edits, target: Combatant, amount: int) -> list[Term]:
    """CON-30 armour destroyed at ≥ 2 × its rating; CON-35 stunned above Vigueur (+2 for
    vampires and werewolves), counted as CFG-CON-9 says."""
    out = []
    rating = armour(target)
    if rating and amount >= 2 * rating:
        edits.set(("combatants", target.id, "stats", "armure_detruite"), True)
        out.append(
            Term(
                f"armure {rating} détruite ({amount} ≥ 2 × {rating})",
                "",
                "CON-30",
                f"armour {rating} destroyed ({amount} ≥ 2 × {rating})",
            )
        )
    limit = stat(target, "vigueur") + (2 if nature(target) in (VAMPIRE, WEREWOLF) else 0)
    if amount > limit:
        edits.add_state(
            target.id,
            State(
                key="etourdi",
                label="Étourdi",
                value=ctx.enc.turn.round,
                text="Perd son prochain tour ; +1 dé aux attaques contre lui (CON-35, CON-36).",
                text_en="Loses their next turn; +1 die to attacks against them (CON-35, CON-36).",
            ),
        )
        out.append(
            Term(f"étourdi ({amount} > {limit})", "", "CON-35", f"stunned ({amount} > {limit})")
        )
    return out


# Absorber ----------------------------------------------------------------------------------


def _pending(c: Combatant) -> list[State]:
    return [s for s in c.states if s.key.startswith(PENDING)]


def pending_label(state: State) -> Label:
    """The name of a pending damage state in both languages (the French as it was given)."""
    kind = state.key[len(PENDING) :].split(".")[0]
    words = KIND_WORDS_EN.get(kind, kind)
    return Label(fr=state.label, en=f"To soak: {state.value or 0} {words}")


def _parse(state: State) -> tuple[str, str, int]:
    """(damage type, source, armour rating when hit) of a pending damage."""
    kind, source, rating, _n = state.key[len(PENDING) :].split(".")
    return kind, source, int(rating) if rating.isdigit() else 0


def soak_spec(ctx: Ctx) -> ActionSpec | None:
    pending = _pending(ctx.actor)
    if not pending:
        return None
    choice = FieldSpec(
        key="degats",
        label=Label(fr="Dégâts à absorber", en="Damage to soak"),
        kind="choice",
        default=pending[0].key,
        rule="CON-28",
        choices=tuple(Choice(value=s.key, label=pending_label(s)) for s in pending),
    )
    return ActionSpec(
        SOAK,
        Label(fr="Absorber", en="Soak"),
        "CON-24",
        False,
        (choice,),
        (DICE, DIFFICULTY),
        OVERRIDE_LABELS,
    )


def _chosen(ctx: Ctx) -> State:
    pending = _pending(ctx.actor)
    key = ctx.choice("degats", pending[0].key if pending else "")
    for s in pending:
        if s.key == key:
            return s
    raise ActionError("Aucun dégât à absorber", "No damage to soak")


def soak_pool(c: Combatant, kind: str, source: str, rating: int) -> Pool:
    """CON-24 to CON-29, A-CON-11: the soak pool and difficulty for this damage."""
    who = nature(c)
    terms: list[Term] = []
    stamina = Term("Vigueur", stat(c, "vigueur"), "CON-24", "Stamina")
    fortitude = Term("Force d'âme", stat(c, "force_d_ame"), "CON-24", "Fortitude")
    armour_ok = kind in ("B", "L") or source not in NO_ARMOUR
    if kind == "A" and who == MORTAL:
        terms.append(
            Term(
                "mortel : pas de Vigueur contre les aggravés",
                "",
                "CON-26",
                "mortal: no Stamina against aggravated",
            )
        )
    elif kind == "A" and who == VAMPIRE and source in NO_ARMOUR:
        terms += [
            fortitude,
            Term(
                "vampire : Force d'âme seule contre feu, magie, soleil",
                "",
                "CON-27",
                "vampire: Fortitude alone against fire, magic, sunlight",
            ),
        ]
    else:
        terms += [stamina, fortitude]
    if rating and armour_ok:
        terms.append(Term("armure", rating, "CON-29", "armour"))
    elif rating:
        terms.append(
            Term(
                "l'armure ne protège pas du feu, du soleil, de la magie",
                "",
                "CON-29",
                "armour does not protect against fire, sunlight, magic",
            )
        )
    dice = total(terms)
    diff = 6
    if kind == "L" and who == MORTAL:
        terms.append(
            Term(
                "difficulté : mortel contre des dégâts létaux",
                "8",
                "CON-25",
                "difficulty: mortal against lethal damage",
            )
        )
        diff = 8
    else:
        terms.append(Term("difficulté d'absorption", "6", "CON-25", "soak difficulty"))
    terms.append(Term("pas de règle des 1 à l'absorption", "", "CON-28", "no rule of 1s on soak"))
    return Pool(dice, diff, tuple(terms), ones_cancel=False)


def _soak_numbers(ctx: Ctx) -> tuple[State, Pool]:
    state = _chosen(ctx)
    kind, source, rating = _parse(state)
    return state, soak_pool(ctx.actor, kind, source, rating)


def soak_preview(ctx: Ctx) -> Preview:
    _state, pool = _soak_numbers(ctx)
    return ctx.preview(ctx.settle(pool), pool)


def soak_resolve(ctx: Ctx, dice: DiceResult) -> tuple[Resolution, ChangeSet]:
    c = ctx.actor
    state, computed = _soak_numbers(ctx)
    kind, _source, _rating = _parse(state)
    pool = ctx.settle(computed)
    terms = list(pool.terms)
    soaked = ctx.read(pool, dice).successes
    damage = state.value or 0
    levels = max(0, damage - soaked)
    terms.append(
        Term(
            f"{damage} succès de dégâts − {soaked} absorbé(s)",
            levels,
            "CON-28",
            f"{damage} damage successes − {soaked} soaked",
        )
    )
    track_flag = ctx.flag(health.TRACK_FLAG)
    if kind == "B" and nature(c) == VAMPIRE and health.halving_on(track_flag) and levels:
        terms.append(
            Term(
                "vampire : contondants divisés par deux",
                levels // 2 - levels,
                "A-CON-2",
                "vampire: bashing halved",
            )
        )
        levels //= 2
    edits = Edits(ctx.enc)
    edits.remove_state(c.id, state.key)
    if ctx.flag(THRESHOLD_FLAG) == "apres_absorption":
        terms += _thresholds(ctx, edits, c, levels)
    size = len(health.levels(c))
    marks, excess = health.mark(health.marks(c), size, kind, levels, health.overflow_on(track_flag))
    track = c.tracks.get(health.TRACK) or Track(marks=[])
    new_track = track.replace(marks=marks)
    edits.set(("combatants", c.id, "tracks", health.TRACK), new_track)
    after = c.replace(tracks={**c.tracks, health.TRACK: new_track})
    level = health.current_level(after)
    words = KIND_WORDS.get(kind, kind)
    if excess:
        terms.append(
            Term(
                f"{excess} niveau(x) au-delà de la grille : torpeur ou mort, au Conteur",
                "",
                "A-CON-2",
                f"{excess} level(s) beyond the track: torpor or death, as the Storyteller decides",
            )
        )
    where = level.name if level else "indemne"
    where_en = level.name_en if level else "unhurt"
    penalty = health.wound_penalty(after)[0]
    outcome = (
        f"{levels} niveau(x) {words} marqué(s) : {where}"
        + (f" ({penalty:+d} aux dés)" if penalty else ""),
        f"{levels} {KIND_WORDS_EN.get(kind, kind)} level(s) marked: {where_en}"
        + (f" ({penalty:+d} dice)" if penalty else ""),
    )
    label = (f"{c.name} absorbe", f"{c.name} soaks")
    return finish(edits, ctx.action, label, terms, dice, outcome, levels == 0)


ACTIONS: tuple[ActionDef, ...] = (
    ActionDef(DAMAGE, damage_spec, damage_preview, damage_resolve),
    # The soak roll of a hit it took (CON-22's damage, then its soak) stays its own.
    ActionDef(SOAK, soak_spec, soak_preview, soak_resolve, while_unable=True),
)
