"""Turn order: GM-ordered rounds (A-AD-12), or the full game's card initiative (AD-CARTES,
the generic card mode of turns/cards.py configured here).

AD-CARTES (complement, « Rounds et initiative »): each round every hero draws a card, and
every active group (the other figurines of a side) draws one for the whole group. A hero may
keep a Joker to bless or curse a later Trait roll (the State JOKER, spent by the roll) and
draw again; a group plays its Joker as initiative libre (adopted: the text does not say).
"""

from __future__ import annotations

from collections.abc import Mapping

from gui.engine.contract.base import Ruleset
from gui.engine.core.words import Label
from gui.engine.rulesets.attention_donjon.context import JOKER
from gui.engine.rulesets.attention_donjon.sheet import active, hero
from gui.engine.state.changes import Change, change
from gui.engine.state.model import Combatant, Encounter, State, TurnEntry
from gui.engine.turns import CardInitiative, CardRules, GmOrder, TurnMode

CARDS_FLAG = "AD-CARTES"
GROUP = "groupe."  # + the side's id: the figurines of a side that are not heroes (AD-CARTES)
RULE = "AD-CARTES"
JOKER_LABEL = Label(fr="Joker gardé", en="Kept Joker")


def on(ruleset: Ruleset, enc: Encounter) -> bool:
    return ruleset.flag(enc, CARDS_FLAG) is True


def mode(ruleset: Ruleset, enc: Encounter) -> TurnMode:
    """A-AD-12: a round in the order the GM sets, one activation per figurine; with
    AD-CARTES, the card initiative of the full game."""
    return CardInitiative(RULE, HeroCards()) if on(ruleset, enc) else GmOrder()


def turn_units(ruleset: Ruleset, enc: Encounter) -> list[TurnEntry]:
    """AD-CARTES: one unit per hero, and one per side for its other figurines (a group
    draws one card for all); one unit per figurine without the flag (A-AD-12)."""
    if not on(ruleset, enc):
        return Ruleset.turn_units(ruleset, enc)
    out: list[TurnEntry] = []
    groups: dict[str, TurnEntry] = {}
    for c in enc.combatants:
        if hero(c):
            out.append(TurnEntry(unit=c.id, members=[c.id], side=c.side))
        elif c.side in groups:
            groups[c.side].members.append(c.id)
        else:
            groups[c.side] = TurnEntry(unit=GROUP + c.side, members=[c.id], side=c.side)
            out.append(groups[c.side])
    return out


def is_group(entry: TurnEntry) -> bool:
    return entry.unit.startswith(GROUP)


def unit_label(ruleset: Ruleset, enc: Encounter, entry: TurnEntry) -> Label | None:
    """« Les gobelins (groupe de 4) » for a side's group, counting the figurines still in
    the fight (AD-20: a dead one leaves it, issue 34); None for a hero."""
    if not is_group(entry):
        return None
    side = enc.side(entry.side).name

    def named(n: int) -> Label:
        if not n:
            return Label(fr=f"{side} (groupe)", en=f"{side} (group)")
        return Label(fr=f"{side} (groupe de {n})", en=f"{side} (group of {n})")

    return ruleset.group_label(enc, entry, False, named)


def kept(c: Combatant) -> int:
    """How many Jokers `c` keeps for a later Trait roll."""
    return sum(s.value or 1 for s in c.states if s.key == JOKER)


class HeroCards(CardRules):
    """Who draws (a unit with a figurine alive and « actif », A-AD-5), who keeps Jokers
    (heroes), and the State a kept Joker is."""

    who_draws = Label(
        fr="Chaque héros et chaque groupe actif tire une carte",
        en="Every hero and every active group draws a card",
    )

    def draws(self, enc: Encounter, entry: TurnEntry) -> bool:
        return any(active(enc.combatant(cid)) for cid in entry.members)

    def can_keep(self, enc: Encounter, entry: TurnEntry) -> bool:
        return not is_group(entry) and hero(enc.combatant(entry.members[0]))

    def kept_total(self, enc: Encounter) -> int:
        return sum(kept(c) for c in enc.combatants)

    def keep_changes(self, enc: Encounter, keeping: Mapping[str, int]) -> list[Change]:
        """The State « Joker gardé » of the heroes who keep Jokers (its value: how many)."""
        out = []
        for cid, count in keeping.items():
            if not count:
                continue
            c = enc.combatant(cid)
            states = [s for s in c.states if s.key != JOKER]
            states.append(
                State(
                    key=JOKER,
                    label=JOKER_LABEL.fr,
                    text="Rend béni ou maudit un jet de Trait à venir ; hors du paquet "
                    "jusque-là (AD-CARTES).",
                    text_en="Makes a later Trait roll blessed or cursed; out of the deck "
                    "until then (AD-CARTES).",
                    value=kept(c) + count,
                )
            )
            out.append(change(enc, ("combatants", cid, "states"), states))
        return out

    def unit_text(self, enc: Encounter, entry: TurnEntry) -> Label:
        """A hero's name, or « Les gobelins (groupe) »."""
        if is_group(entry):
            side = enc.side(entry.side).name
            return Label(fr=f"{side} (groupe)", en=f"{side} (group)")
        name = enc.combatant(entry.members[0]).name
        return Label(fr=name, en=name)

    def played_joker_note(self, enc: Encounter, entry: TurnEntry) -> Label:
        if is_group(entry):
            return Label(
                fr="adopté : un groupe ne garde pas de Joker", en="adopted: a group keeps no Joker"
            )
        return Label(fr="", en="")
