"""Turn order: GM-ordered rounds (A-AD-12), or the full game's card initiative (AD-CARTES).

AD-CARTES (complement, « Rounds et initiative »): each round the deck is reshuffled; every
hero draws a card, and every active group (the other figurines of a side) draws one for
the whole group. Turns go from the highest card down (As, Roi, Dame, Valet, 10 … 2), ties
by suit (Cœur > Pique > Carreau > Trèfle); a Joker played is « initiative libre »: its
holder acts before everyone. A hero may instead keep its Joker to bless or curse a later
Trait roll (the State JOKER, spent by the roll) and draw again. Attendre: the acting hero
draws a new card; a higher one loses the initiative, a lower one moves its turn there.

A card is an int (`code`): higher acts earlier, so `TurnEntry.initiative` holds it.
"""

from __future__ import annotations

import random
import re
import unicodedata
from collections.abc import Iterable, Mapping

from ...changes import Change, change
from ...model import Combatant, Encounter, LogEntry, State, TurnEntry, TurnState, now
from ...problems import BilingualError
from ...turns import GmOrder, TurnError, TurnPolicy, _index, _push
from ..base import Ruleset
from .context import JOKER
from .sheet import active, hero

CARDS_FLAG = "AD-CARTES"
GROUP = "groupe."  # + the side's id: the figurines of a side that are not heroes (AD-CARTES)
RULE = "AD-CARTES"

# Suits from the lowest; ranks 2 to 14 (As). code = rank × 4 + suit: 8 (2♣) to 59 (A♥).
SUITS = "♣♦♠♥"  # trèfle, carreau, pique, cœur
RANKS = {11: "V", 12: "D", 13: "R", 14: "A"}  # Valet, Dame, Roi, As
JOKERS = (60, 61)  # above every card: initiative libre
DECK = (*range(8, 60), *JOKERS)  # 54 cards

_RANK_WORDS = {"as": 14, "a": 14, "roi": 13, "r": 13, "k": 13, "dame": 12, "d": 12, "q": 12}
_RANK_WORDS |= {"valet": 11, "v": 11, "j": 11} | {str(n): n for n in range(2, 11)}
_SUIT_WORDS = {
    **{w: 0 for w in ("trefle", "trefles", "♣", "♧")},
    **{w: 1 for w in ("carreau", "carreaux", "♦", "♢")},
    **{w: 2 for w in ("pique", "piques", "♠", "♤")},
    **{w: 3 for w in ("coeur", "coeurs", "♥", "♡")},
}
_TOKEN = re.compile(r"\d+|[a-z]+|[♣♦♠♥♧♢♤♡]")
EXAMPLES = "« D♥ », « 10 pique », « As de trèfle », « Joker »"


class CardError(BilingualError, ValueError):
    """A card typed or drawn that cannot be used; nothing was changed."""


# Cards ------------------------------------------------------------------------------------


def is_joker(code: int) -> bool:
    return code in JOKERS


def card_text(code: int) -> str:
    """ "D♥", "10♠", "A♣", "Joker"."""
    if is_joker(code):
        return "Joker"
    rank, suit = divmod(code, 4)
    return RANKS.get(rank, str(rank)) + SUITS[suit]


def parse_card(text: str) -> int:
    """A card as the GM types it: « D♥ », « 10 pique », « As de trèfle », « roi ♠ »,
    « Joker » (the first Joker; `take` picks the one still in the deck)."""
    plain = unicodedata.normalize("NFKD", text.lower().replace("œ", "oe"))
    plain = "".join(ch for ch in plain if not unicodedata.combining(ch))
    words = [w for w in _TOKEN.findall(plain) if w != "de"]
    if not _TOKEN.sub(" ", plain).split():  # nothing but card words
        if words == ["joker"]:
            return JOKERS[0]
        if len(words) == 2:
            rank, suit = words if words[0] in _RANK_WORDS else words[::-1]
            if rank in _RANK_WORDS and suit in _SUIT_WORDS:
                return _RANK_WORDS[rank] * 4 + _SUIT_WORDS[suit]
    raise CardError(
        f"Carte illisible « {text.strip()} » : écrire par exemple {EXAMPLES}",
        f"Unreadable card '{text.strip()}': type e.g. D♥, 10 pique, As de trèfle, Joker",
    )


def deck(held: Iterable[int], kept: int = 0) -> list[int]:
    """The cards still in the deck this round: the 54 but those held and the `kept`
    Jokers heroes set aside (out of the deck until spent)."""
    taken = set(held)
    jokers = [j for j in JOKERS if j not in taken][kept:]
    return [c for c in DECK if c not in taken and not is_joker(c)] + jokers


def take(code: int, held: Mapping[int, str], kept: int = 0) -> int:
    """`code` as a card drawn now, if the deck still has it (a Joker: whichever is left);
    `held` names the holder of each card held this round."""
    if is_joker(code):
        left = [c for c in deck(held, kept) if is_joker(c)]
        if not left:
            raise CardError(
                "Plus de Joker dans le paquet (tirés ou gardés)",
                "No Joker left in the deck (drawn or kept)",
            )
        return left[0]
    if code in held:
        raise CardError(
            f"{card_text(code)} : carte déjà tenue ce round par {held[code]}",
            f"{card_text(code)}: already held this round by {held[code]}",
        )
    return code


def draw(rng: random.Random, held: Iterable[int], kept: int = 0) -> int:
    """A card drawn at random from what is left of the deck (the encounter's generator)."""
    cards = deck(held, kept)
    if not cards:
        raise CardError("Le paquet est vide", "The deck is empty")
    return rng.choice(cards)


# Who draws --------------------------------------------------------------------------------


def on(ruleset: Ruleset, enc: Encounter) -> bool:
    return ruleset.flag(enc, CARDS_FLAG) is True


def policy(ruleset: Ruleset, enc: Encounter) -> TurnPolicy:
    """A-AD-12: a round in the order the GM sets, one activation per figurine; with
    AD-CARTES, the card initiative of the full game."""
    return CardInitiative() if on(ruleset, enc) else GmOrder()


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


def draws(enc: Encounter, entry: TurnEntry) -> bool:
    """True when the unit draws a card: it has a figurine alive and « actif » (a group with
    none is no active group, A-AD-5)."""
    return any(active(enc.combatant(cid)) for cid in entry.members)


def can_keep(enc: Encounter, entry: TurnEntry) -> bool:
    """Only a hero keeps a Joker; a group plays it as initiative libre (adopted: the text
    does not say)."""
    return not is_group(entry) and hero(enc.combatant(entry.members[0]))


def unit_text(enc: Encounter, entry: TurnEntry) -> str:
    """A hero's name, or « Les gobelins (groupe) »."""
    if is_group(entry):
        return f"{enc.side(entry.side).name} (groupe)"
    return enc.combatant(entry.members[0]).name


def held(enc: Encounter, turn: TurnState) -> dict[int, str]:
    """Each card held this round → who holds it."""
    return {e.initiative: unit_text(enc, e) for e in turn.order if e.initiative is not None}


# Kept Jokers ------------------------------------------------------------------------------


def kept(c: Combatant) -> int:
    """How many Jokers `c` keeps for a later Trait roll."""
    return sum(s.value or 1 for s in c.states if s.key == JOKER)


def kept_total(enc: Encounter) -> int:
    return sum(kept(c) for c in enc.combatants)


def check_jokers(enc: Encounter, turn: TurnState, keeping: Mapping[str, int]) -> None:
    """Only heroes keep Jokers, and the deck has two: played, kept or about to be kept."""
    for cid, count in keeping.items():
        c = enc.combatant(cid)
        if count < 0 or (count and not hero(c)):
            raise CardError(f"{c.name} ne garde pas de Joker", f"{c.name} keeps no Joker")
    played = sum(1 for e in turn.order if e.initiative is not None and is_joker(e.initiative))
    if played + kept_total(enc) + sum(keeping.values()) > len(JOKERS):
        raise CardError(
            "Le paquet n’a que deux Jokers (joués ou gardés)",
            "The deck has only two Jokers (played or kept)",
        )


def keep_changes(enc: Encounter, keeping: Mapping[str, int]) -> list[Change]:
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
                label="Joker gardé",
                text="Rend béni ou maudit un jet de Trait à venir ; hors du paquet jusque-là "
                "(AD-CARTES).",
                value=kept(c) + count,
            )
        )
        out.append(change(enc, ("combatants", cid, "states"), states))
    return out


# The policy -------------------------------------------------------------------------------


class CardInitiative(GmOrder):
    """AD-CARTES: each round every unit that draws gets a card (`deal`); turns go from the
    highest card down, a unit without a card has no turn. At the end of the round every
    card is cleared and the round waits for new ones (`needs_cards`). The GM still drags
    units to reorder (G-3)."""

    def start(
        self,
        units: Iterable[TurnEntry],
        initiatives: dict[str, int],
        scores: dict[str, int] | None = None,
    ) -> TurnState:
        """Round 1, with its cards when `initiatives` has them (else waiting for them)."""
        order = [u.model_copy(update={"initiative": None, "acted": False}) for u in units]
        turn = TurnState(policy=self.kind, round=1, order=order)
        return self._dealt(turn, initiatives) if initiatives else turn

    @staticmethod
    def needs_cards(turn: TurnState) -> bool:
        """True at the start of a round, before the cards are dealt."""
        return (
            turn.current == -1
            and bool(turn.order)
            and all(e.initiative is None and not e.acted for e in turn.order)
        )

    def deal(self, turn: TurnState, cards: Mapping[str, int]) -> TurnState:
        """The round's cards (unit → card); units without one have no turn this round."""
        if not self.needs_cards(turn):
            raise TurnError(
                "Les cartes de ce round sont déjà tirées", "This round's cards are already dealt"
            )
        return self._dealt(_push(turn), cards)

    def _dealt(self, new: TurnState, cards: Mapping[str, int]) -> TurnState:
        for unit in cards:
            _index(new, unit)
        _check_cards(list(cards.values()))
        for entry in new.order:
            entry.initiative = cards.get(entry.unit)
            entry.acted = entry.initiative is None
            entry.delayed, entry.ready = False, ""
        ranked = sorted(enumerate(new.order), key=lambda ie: (-(ie[1].initiative or 0), ie[0]))
        new.order = [e for _, e in ranked]
        new.current = self._first(new.order, 0)
        return new

    @staticmethod
    def _first(order: list[TurnEntry], start: int) -> int:
        for i in range(start, len(order)):
            entry = order[i]
            if entry.initiative is not None and not (entry.acted or entry.delayed or entry.ready):
                return i
        return -1

    def next(self, turn: TurnState) -> TurnState:
        if self.needs_cards(turn):
            raise TurnError("Tirer les cartes d’abord", "Draw the cards first")
        return super().next(turn)

    def _advance(self, new: TurnState, start: int) -> None:
        """The next card down; after the last one a new round: every card is cleared."""
        nxt = self._first(new.order, start)
        if nxt == -1:
            new.round += 1
            for entry in new.order:
                entry.initiative, entry.acted, entry.delayed, entry.ready = None, False, False, ""
        new.current = nxt

    def wait(self, turn: TurnState, unit: str, card: int) -> TurnState:
        """Attendre: the acting unit draws `card`. Higher than its card: it loses the
        initiative (no turn this round; it moves up among those done). Lower: its turn
        moves to the new card's place. A Joker is initiative libre: it acts now."""
        i = _index(turn, unit)
        if i != turn.current:
            raise TurnError(
                "Seule l’unité dont c’est le tour peut attendre", "Only the acting unit can wait"
            )
        _check_cards([card, *(e.initiative for e in turn.order if e.initiative is not None)])
        old = turn.order[i].initiative or 0
        new = _push(turn)
        entry = new.order.pop(i)
        entry.initiative = card
        if is_joker(card):
            new.order.insert(i, entry)
        elif card > old:
            entry.acted = True
            later = [j for j in range(i) if (new.order[j].initiative or 0) < card]
            new.order.insert(later[0] if later else i, entry)
            self._advance(new, i + 1)
        else:
            after = [j for j in range(i, len(new.order)) if (new.order[j].initiative or 0) < card]
            new.order.insert(after[0] if after else len(new.order), entry)
            new.current = self._first(new.order, i)
        return new


def _check_cards(cards: list[int]) -> None:
    for code in cards:
        if code not in DECK:
            raise CardError(f"Carte inconnue ({code})", f"Unknown card ({code})")
    doubles = sorted({c for c in cards if cards.count(c) > 1})
    if doubles:
        text = ", ".join(card_text(c) for c in doubles)
        raise CardError(f"Carte tenue deux fois : {text}", f"Card held twice: {text}")


# Log lines --------------------------------------------------------------------------------


def _hand(enc: Encounter, entry: TurnEntry, keeping: Mapping[str, int]) -> str:
    """ "D♥", "Joker gardé, puis 10♠", "Joker : initiative libre", "pas de carte (…)"."""
    if entry.initiative is None:
        return "pas de carte (aucune figurine active)"
    shown = card_text(entry.initiative)
    if is_joker(entry.initiative):
        shown = "Joker : initiative libre, agit avant tout le monde"
        if is_group(entry):
            shown += " (adopté : un groupe ne garde pas de Joker)"
    count = keeping.get(entry.members[0], 0) if not is_group(entry) else 0
    if count:
        shown = f"{'Joker gardé' if count == 1 else f'{count} Jokers gardés'}, puis {shown}"
    return shown


def dealt_log(enc: Encounter, turn: TurnState, keeping: Mapping[str, int]) -> LogEntry:
    """The log line of a deal: each unit's card, and the order they give."""
    order = [e for e in turn.order if e.initiative is not None]
    return LogEntry(
        time=now(),
        round=turn.round,
        action="Cartes d’initiative",
        breakdown=[f"{RULE} {unit_text(enc, e)} : {_hand(enc, e, keeping)}" for e in turn.order],
        outcome="Ordre du round : "
        + (", ".join(f"{unit_text(enc, e)} ({card_text(e.initiative)})" for e in order) or "—"),
    )


def waited_log(
    enc: Encounter, before: TurnState, after: TurnState, unit: str, card: int, keeping: int
) -> LogEntry:
    """The log line of Attendre: the card held, the one drawn, and what follows."""
    entry = before.order[_index(before, unit)]
    name, old, new = unit_text(enc, entry), entry.initiative or 0, card_text(card)
    lines = [f"{RULE} carte tenue : {card_text(old)}", f"{RULE} nouvelle carte : {new}"]
    if keeping:
        lines.insert(1, f"{RULE} Joker gardé pour un jet de Trait, puis nouvelle carte")
    if is_joker(card):
        outcome = f"{name} tire un Joker : initiative libre, agit maintenant"
    elif card > old:
        outcome = f"{name} tire {new}, plus haute que {card_text(old)} : perd l’initiative ce round"
    else:
        at = _index(after, unit)
        where = f"après {unit_text(enc, after.order[at - 1])}" if at else "en premier"
        outcome = f"{name} tire {new}, plus basse que {card_text(old)} : joue {where}"
    return LogEntry(
        time=now(),
        round=before.round,
        actor=None if is_group(entry) else entry.members[0],
        action="Attendre",
        breakdown=lines,
        outcome=outcome,
    )


def initiative_text(ruleset: Ruleset, enc: Encounter, entry: TurnEntry) -> str | None:
    """The card a unit holds (« D♥ », « Joker », "" before the deal), None without the flag."""
    if not on(ruleset, enc):
        return None
    return "" if entry.initiative is None else card_text(entry.initiative)
