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
from ...model import Combatant, Encounter, State, TurnEntry, TurnState
from ...problems import BilingualError
from ...turns import GmOrder, TurnError, TurnPolicy, _index, _push
from ..base import Ruleset
from .context import JOKER
from .sheet import active, hero

CARDS_FLAG = "AD-CARTES"
GROUP = "groupe."  # + the side's id: the figurines of a side that are not heroes (AD-CARTES)
RULE = "AD-CARTES"

# Suits from the lowest; ranks 2 to 14 (As). code = rank × 4 + suit: 8 (2♣) to 59 (A♥).
SUITS = (("♣", "trèfle"), ("♦", "carreau"), ("♠", "pique"), ("♥", "cœur"))
RANKS = {11: ("V", "Valet"), 12: ("D", "Dame"), 13: ("R", "Roi"), 14: ("A", "As")}
JOKERS = (60, 61)  # above every card: initiative libre
DECK = (*range(8, 60), *JOKERS)  # 54 cards

_RANK_WORDS = {"as": 14, "a": 14, "roi": 13, "r": 13, "k": 13, "dame": 12, "d": 12, "q": 12}
_RANK_WORDS |= {"valet": 11, "v": 11, "j": 11} | {str(n): n for n in range(2, 11)}
_SUIT_WORDS = {"trefle": 0, "carreau": 1, "pique": 2, "coeur": 3}
_SUIT_WORDS |= {w + ("x" if w == "carreau" else "s"): s for w, s in _SUIT_WORDS.items()}
_SUIT_WORDS |= {sym: s for s, (sym, _) in enumerate(SUITS)} | dict(zip("♧♢♤♡", range(4)))
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
    return RANKS.get(rank, (str(rank),))[0] + SUITS[suit][0]


def card_name(code: int) -> str:
    """ "Dame de cœur", "10 de pique", "Joker"."""
    if is_joker(code):
        return "Joker"
    rank, suit = divmod(code, 4)
    return f"{RANKS[rank][1] if rank in RANKS else rank} de {SUITS[suit][1]}"


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
