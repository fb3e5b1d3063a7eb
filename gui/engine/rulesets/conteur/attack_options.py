"""The options of Attaquer: weapon, distance, position, reach, low attacks, bursts and the
situation's dice and difficulty."""

from __future__ import annotations

from gui.engine.contract.fields import bool_field, choice_field, int_field
from gui.engine.contract.values import ActionSpec, Aim
from gui.engine.core.words import Label
from gui.engine.rulesets.conteur.context import (
    DICE,
    DIFFICULTY,
    OVERRIDE_LABELS,
    Ctx,
    weapon_option,
)
from gui.engine.rulesets.conteur.fields import SITUATION_DICE
from gui.engine.rulesets.conteur.sheet import MELEE_USES, RANGED_USES

KIND = "attaquer"


def spec(ctx: Ctx) -> ActionSpec | None:
    """Attaquer, with the distance along the map as the default of its option (the GM may
    change it, G-3)."""
    if ctx.action.target is None:
        return None
    actor = ctx.actor
    metres = ctx.map_distance(actor, ctx.target)[0]
    options = (
        weapon_option(actor, (*MELEE_USES, *RANGED_USES)),
        int_field(
            "distance",
            "Distance (m), −1 = inconnue",
            "Distance (m), −1 = unknown",
            "CON-18",
            -1,
            5000,
            -1 if metres is None else round(metres),
        ),
        choice_field(
            "position",
            "Position (mêlée)",
            "Position (melee)",
            [
                ("face", "De face", "Facing"),
                ("flanc", "De flanc (+1 dé)", "Flank (+1 die)"),
                ("dos", "De dos (+2 dés)", "From behind (+2 dice)"),
            ],
            "CON-41",
            "face",
        ),
        bool_field(
            "longue_allonge",
            "Engagés à la longue allonge",
            "Engaged at the long reach",
            "A-CON-13",
            True,
        ),
        bool_field("attaques_basses", "Attaques basses", "Low attacks", "CON-40"),
        bool_field(
            "rafale",
            "Rafale, tir automatique ou tirs consécutifs",
            "Burst, full-auto or consecutive shots",
            "CON-33",
        ),
        SITUATION_DICE,
        int_field(
            "mod_diff", "Difficulté de situation ±", "Situation difficulty ±", "CON-13", -5, 5
        ),
    )
    return ActionSpec(
        KIND,
        Label(fr="Attaquer", en="Attack"),
        "CON-11",
        True,
        options,
        (DICE, DIFFICULTY),
        OVERRIDE_LABELS,
        aim=Aim("foe", out_of_fight=False, rule="A-CON-2"),  # a whole track: out (A-CON-2)
    )
