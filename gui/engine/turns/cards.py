"""Card initiative: each round every unit that draws gets a card from a 54-card deck; turns go
from the highest card down (As, Roi, Dame, Valet, 10 … 2), ties by suit (Cœur > Pique >
Carreau > Trèfle); a Joker played is « initiative libre »: its holder acts before everyone.
Attendre: the acting unit draws a new card; a higher one loses the initiative, a lower one
moves its turn there. A ruleset may let some units keep a Joker for later (`CardRules`).

A card is an int (`code`): higher acts earlier, so the entry's `initiative` holds it.
"""

from __future__ import annotations

import random
import re
import unicodedata
from collections.abc import Iterable, Mapping
from typing import Literal

from msgspec import field

from gui.engine.core.problems import BilingualError, Words
from gui.engine.core.words import Label
from gui.engine.state.changes import Change
from gui.engine.state.model import Encounter, LogEntry, TurnEntry, TurnState, register_turn_state
from gui.engine.turns.base import Step, TurnContext, TurnError, index_of
from gui.engine.turns.ranked import GmOrder, RankedEntry

# Suits from the lowest; ranks 2 to 14 (As). code = rank × 4 + suit: 8 (2♣) to 59 (A♥).
SUITS = "♣♦♠♥"  # trèfle, carreau, pique, cœur
RANKS = {11: "V", 12: "D", 13: "R", 14: "A"}  # Valet, Dame, Roi, As
RANKS_EN = {11: "J", 12: "Q", 13: "K", 14: "A"}  # Jack, Queen, King, Ace
JOKERS = (60, 61)  # above every card: initiative libre
DECK = (*range(8, 60), *JOKERS)  # 54 cards

# Words read in either language: full names, numbers and suit signs.
_RANK_WORDS = {"as": 14, "roi": 13, "dame": 12, "valet": 11} | {str(n): n for n in range(2, 11)}
_RANK_WORDS |= {"ace": 14, "king": 13, "queen": 12, "jack": 11}
_SUIT_WORDS = {
    **{w: 0 for w in ("trefle", "trefles", "clubs", "club", "♣", "♧")},
    **{w: 1 for w in ("carreau", "carreaux", "diamonds", "diamond", "♦", "♢")},
    **{w: 2 for w in ("pique", "piques", "spades", "spade", "♠", "♤")},
    **{w: 3 for w in ("coeur", "coeurs", "hearts", "heart", "♥", "♡")},
}
# Short names, one letter each (« VP », « RC », « 10K »; « QH », « 10S » in English): the
# interface's language is read first, then the other (« K♠ » is a Roi in French too).
_LETTERS_FR = ({"a": 14, "r": 13, "d": 12, "v": 11}, {"t": 0, "k": 1, "p": 2, "c": 3})
_LETTERS_EN = ({"a": 14, "k": 13, "q": 12, "j": 11}, {"c": 0, "d": 1, "s": 2, "h": 3})
_TOKEN = re.compile(r"\d+|[a-z]+|[♣♦♠♥♧♢♤♡]")
EXAMPLES = "« VP », « 10♥ », « D♥ », « 10 pique », « As de trèfle », « Joker »"
EXAMPLES_EN = "JS, 10♥, Q♥, 10 of spades, Ace of clubs, Joker"


class CardError(BilingualError, ValueError):
    """A card typed or drawn that cannot be used; nothing was changed."""


@register_turn_state
class CardState(TurnState):
    mode: Literal["cards"] = "cards"
    order: list[RankedEntry] = field(default_factory=list)


# Cards ------------------------------------------------------------------------------------


def is_joker(code: int) -> bool:
    return code in JOKERS


def card_text(code: int, english: bool = False) -> str:
    """ "D♥", "10♠", "A♣", "Joker" (in English "Q♥")."""
    if is_joker(code):
        return "Joker"
    rank, suit = divmod(code, 4)
    return (RANKS_EN if english else RANKS).get(rank, str(rank)) + SUITS[suit]


def card_texts(code: int) -> Words:
    """A card in French and in English."""
    return card_text(code), card_text(code, english=True)


def parse_card(text: str, english: bool = False) -> int:
    """A card as the GM types it: « D♥ », « 10 pique », « As de trèfle », « roi ♠ », short
    names « VP » (Valet de pique), « 10♥ », « RC » (Roi de cœur), « Joker » (the first
    Joker; `take` picks the one still in the deck); in English « QH », « 10 of spades »,
    « Ace of clubs ». `english`: the short names read in English first (« AC »: the Ace
    of clubs, not the As de cœur)."""
    plain = unicodedata.normalize("NFKD", text.lower().replace("œ", "oe"))
    plain = "".join(ch for ch in plain if not unicodedata.combining(ch))
    words = [w for w in _TOKEN.findall(plain) if w not in ("de", "of")]
    if not _TOKEN.sub(" ", plain).split():  # nothing but card words
        if words == ["joker"]:
            return JOKERS[0]
        if len(words) == 1 and len(words[0]) == 2 and words[0] not in _RANK_WORDS:
            words = list(words[0])  # « vp », « rc »: a rank letter and a suit letter
        letters = (_LETTERS_EN, _LETTERS_FR) if english else (_LETTERS_FR, _LETTERS_EN)
        for ranks, suits in letters if len(words) == 2 else ():
            ranks, suits = _RANK_WORDS | ranks, _SUIT_WORDS | suits
            for rank, suit in (words, words[::-1]):
                if rank in ranks and suit in suits:
                    return ranks[rank] * 4 + suits[suit]
    raise CardError(
        f"Carte illisible « {text.strip()} » : écrire par exemple {EXAMPLES}",
        f"Unreadable card '{text.strip()}': type e.g. {EXAMPLES_EN}",
    )


def deck(held: Iterable[int], kept: int = 0) -> list[int]:
    """The cards still in the deck this round: the 54 but those held and the `kept`
    Jokers set aside (out of the deck until spent)."""
    taken = set(held)
    jokers = [j for j in JOKERS if j not in taken][kept:]
    return [c for c in DECK if c not in taken and not is_joker(c)] + jokers


def take(code: int, held: Mapping[int, Label], kept: int = 0) -> int:
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
            f"{card_text(code)} : carte déjà tenue ce round par {held[code].fr}",
            f"{card_text(code, True)}: already held this round by {held[code].en}",
        )
    return code


def draw(rng: random.Random, held: Iterable[int], kept: int = 0) -> int:
    """A card drawn at random from what is left of the deck (the encounter's generator)."""
    cards = deck(held, kept)
    if not cards:
        raise CardError("Le paquet est vide", "The deck is empty")
    return rng.choice(cards)


def check_cards(cards: list[int]) -> None:
    """Every card exists and none is held twice (CardError)."""
    for code in cards:
        if code not in DECK:
            raise CardError(f"Carte inconnue ({code})", f"Unknown card ({code})")
    doubles = sorted({c for c in cards if cards.count(c) > 1})
    if doubles:
        text = ", ".join(card_text(c) for c in doubles)
        raise CardError(f"Carte tenue deux fois : {text}", f"Card held twice: {text}")


# What a ruleset decides -------------------------------------------------------------------


class CardRules:
    """Who draws, who may keep a Joker for later and what keeping does, and how a unit is
    named in the log. By default every unit draws and nobody keeps a Joker."""

    who_draws = Label(fr="Chaque unité tire une carte", en="Every unit draws a card")

    def draws(self, enc: Encounter, entry: TurnEntry) -> bool:
        return True

    def can_keep(self, enc: Encounter, entry: TurnEntry) -> bool:
        return False

    def kept_total(self, enc: Encounter) -> int:
        """Jokers kept out of the deck by now."""
        return 0

    def keep_changes(self, enc: Encounter, keeping: Mapping[str, int]) -> list[Change]:
        """What keeping Jokers writes (combatant id → how many more it keeps)."""
        return []

    def unit_text(self, enc: Encounter, entry: TurnEntry) -> Label:
        """A unit in the log, in both languages: its members' names by default."""
        names = ", ".join(enc.combatant(cid).name for cid in entry.members)
        return Label(fr=names, en=names)

    def played_joker_note(self, enc: Encounter, entry: TurnEntry) -> Label:
        """Why a unit plays its Joker at once (shown in the log), empty to say nothing."""
        return Label(fr="", en="")


# The mode ---------------------------------------------------------------------------------


class CardInitiative(GmOrder):
    """Each round every unit that draws gets a card (`deal`); turns go from the highest card
    down, a unit without a card has no turn. At the end of the round every card is cleared
    and the round waits for new ones (`needs_cards`). The GM still drags units to reorder
    (G-3). `rule` is the id the log lines cite."""

    kind = "cards"
    state = CardState
    steps = ("deal", "wait", "delay", "ready", "act_now", "reorder")

    def __init__(self, rule: str = "", rules: CardRules | None = None) -> None:
        self.rule = rule
        self.rules = rules or CardRules()

    def start(self, ctx: TurnContext, initiatives: Mapping[str, int], **inputs: object) -> Step:
        """Round 1, with its cards when `initiatives` has them (else waiting for them), and
        `keeping`: how many Jokers each combatant keeps."""
        order = self.entries(ctx.units(), initiative=None, acted=False)
        work = CardState(round=1, order=order)
        if not initiatives:
            return Step(work, ("Commencer le combat", "Start the fight"))
        step = self._dealt(ctx, work, initiatives, _keeping(inputs.get("keeping")))
        step.label = ("Commencer le combat", "Start the fight")
        return step

    @staticmethod
    def needs_cards(turn: TurnState) -> bool:
        """True at the start of a round, before the cards are dealt."""
        return (
            isinstance(turn, CardState)
            and turn.current == -1
            and bool(turn.order)
            and all(e.initiative is None and not e.acted for e in turn.order)
        )

    def initiative_text(self, enc: Encounter, entry: TurnEntry) -> Label:
        """The card a unit holds (« D♥ », « Joker »), "" before the deal."""
        value = getattr(entry, "initiative", None)
        return (
            Label(fr="", en="")
            if value is None
            else Label(fr=card_text(value), en=card_text(value, True))
        )

    def held(self, enc: Encounter, turn: TurnState) -> dict[int, Label]:
        """Each card held this round → who holds it."""
        return {
            e.initiative: self.rules.unit_text(enc, e)
            for e in turn.order
            if isinstance(e, RankedEntry) and e.initiative is not None
        }

    def check_jokers(self, enc: Encounter, turn: TurnState, keeping: Mapping[str, int]) -> None:
        """Only the units the rules allow keep Jokers, and the deck has two: played, kept or
        about to be kept (CardError)."""
        for cid, count in keeping.items():
            c = enc.combatant(cid)
            unit = next((e for e in turn.order if cid in e.members), None)
            if count < 0 or (count and (unit is None or not self.rules.can_keep(enc, unit))):
                raise CardError(f"{c.name} ne garde pas de Joker", f"{c.name} keeps no Joker")
        played = sum(1 for e in turn.order if e.initiative is not None and is_joker(e.initiative))
        if played + self.rules.kept_total(enc) + sum(keeping.values()) > len(JOKERS):
            raise CardError(
                "Le paquet n’a que deux Jokers (joués ou gardés)",
                "The deck has only two Jokers (played or kept)",
            )

    # Steps ------------------------------------------------------------------------------

    def deal(
        self,
        ctx: TurnContext,
        work: TurnState,
        cards: Mapping[str, int],
        keeping: Mapping[str, int] | None = None,
    ) -> Step:
        """The round's cards (unit → card); units without one have no turn this round;
        `keeping`: the Jokers kept (another card was drawn for them)."""
        if not self.needs_cards(work):
            raise TurnError(
                "Les cartes de ce round sont déjà tirées", "This round's cards are already dealt"
            )
        return self._dealt(ctx, work, cards, _keeping(keeping))

    def _dealt(
        self,
        ctx: TurnContext,
        work: TurnState,
        cards: Mapping[str, int],
        keeping: Mapping[str, int],
    ) -> Step:
        for unit in cards:
            index_of(work, unit)
        check_cards(list(cards.values()))
        for entry in work.order:
            entry.initiative = cards.get(entry.unit)
            entry.acted = entry.initiative is None
            entry.delayed, entry.ready = False, ""
        ranked = sorted(enumerate(work.order), key=lambda ie: (-(ie[1].initiative or 0), ie[0]))
        work.order = [e for _, e in ranked]
        work.current = self._first(work.order, 0)
        self.check_jokers(ctx.enc, work, keeping)
        return Step(
            work,
            ("Cartes d’initiative", "Initiative cards"),
            logs=[self._dealt_log(ctx.enc, work, keeping)],
            changes=self.rules.keep_changes(ctx.enc, keeping),
        )

    def _first(self, order: list, start: int) -> int:
        for i in range(start, len(order)):
            entry = order[i]
            if entry.initiative is not None and not (entry.acted or entry.delayed or entry.ready):
                return i
        return -1

    def next(self, ctx: TurnContext, work: TurnState) -> Step:
        if self.needs_cards(work):
            raise TurnError("Tirer les cartes d’abord", "Draw the cards first")
        return super().next(ctx, work)

    def _advance(self, work: TurnState, start: int) -> None:
        """The next card down; after the last one a new round: every card is cleared."""
        nxt = self._first(work.order, start)
        if nxt == -1:
            work.round += 1
            for entry in work.order:
                entry.initiative, entry.acted, entry.delayed, entry.ready = None, False, False, ""
        work.current = nxt

    def wait(
        self, ctx: TurnContext, work: TurnState, unit: str, card: int, keeping: int = 0
    ) -> Step:
        """Attendre: the acting unit draws `card` (after keeping `keeping` Jokers). Higher
        than its card: it loses the initiative (no turn this round; it moves up among those
        done). Lower: its turn moves to the new card's place. A Joker is initiative libre:
        it acts now."""
        i = index_of(work, unit)
        if i != work.current:
            raise TurnError(
                "Seule l’unité dont c’est le tour peut attendre", "Only the acting unit can wait"
            )
        before = ctx.enc.turn
        check_cards([card, *(e.initiative for e in work.order if e.initiative is not None)])
        old = work.order[i].initiative or 0
        entry = work.order.pop(i)
        keep = {entry.members[0]: keeping} if keeping else {}
        entry.initiative = card
        if is_joker(card):
            work.order.insert(i, entry)
        elif card > old:
            entry.acted = True
            later = [j for j in range(i) if (work.order[j].initiative or 0) < card]
            work.order.insert(later[0] if later else i, entry)
            self._advance(work, i + 1)
        else:
            after = [j for j in range(i, len(work.order)) if (work.order[j].initiative or 0) < card]
            work.order.insert(after[0] if after else len(work.order), entry)
            work.current = self._first(work.order, i)
        self.check_jokers(ctx.enc, work, keep)
        log = self._waited_log(ctx.enc, before, work, unit, card, keeping)
        name = self.rules.unit_text(ctx.enc, entry)
        return Step(
            work,
            (f"Attendre : {name.fr}", f"Wait: {name.en}"),
            logs=[log],
            changes=self.rules.keep_changes(ctx.enc, keep),
        )

    # Log lines --------------------------------------------------------------------------

    def _hand(self, enc: Encounter, entry: RankedEntry, keeping: Mapping[str, int]) -> Words:
        """ "D♥", "Joker gardé, puis 10♠", "Joker : initiative libre", "pas de carte (…)"."""
        if entry.initiative is None:
            return "pas de carte (aucune figurine active)", "no card (no active figure)"
        fr, en = card_texts(entry.initiative)
        if is_joker(entry.initiative):
            fr = "Joker : initiative libre, agit avant tout le monde"
            en = "Joker: free initiative, acts before everyone"
            note = self.rules.played_joker_note(enc, entry)
            if note.fr:
                fr, en = f"{fr} ({note.fr})", f"{en} ({note.en})"
        count = keeping.get(entry.members[0], 0) if self.rules.can_keep(enc, entry) else 0
        if count == 1:
            fr, en = f"Joker gardé, puis {fr}", f"Joker kept, then {en}"
        elif count:
            fr, en = f"{count} Jokers gardés, puis {fr}", f"{count} Jokers kept, then {en}"
        return fr, en

    def _dealt_log(self, enc: Encounter, turn: TurnState, keeping: Mapping[str, int]) -> LogEntry:
        """The log line of a deal: each unit's card, and the order they give."""
        name = self.rules.unit_text
        order = [e for e in turn.order if e.initiative is not None]
        lines = []
        for e in turn.order:
            unit, hand = name(enc, e), self._hand(enc, e, keeping)
            lines.append(
                (f"{self.rule} {unit.fr} : {hand[0]}", f"{self.rule} {unit.en}: {hand[1]}")
            )
        fr = ", ".join(f"{name(enc, e).fr} ({card_text(e.initiative or 0)})" for e in order)
        en = ", ".join(f"{name(enc, e).en} ({card_text(e.initiative or 0, True)})" for e in order)
        return LogEntry.of(
            ("Cartes d’initiative", "Initiative cards"),
            (f"Ordre du round : {fr or '—'}", f"Order of the round: {en or '—'}"),
            lines,
            round=turn.round,
        )

    def _waited_log(
        self,
        enc: Encounter,
        before: TurnState,
        after: TurnState,
        unit: str,
        card: int,
        keeping: int,
    ) -> LogEntry:
        """The log line of Attendre: the card held, the one drawn, and what follows."""
        entry = before.order[index_of(before, unit)]
        name, old = self.rules.unit_text(enc, entry), entry.initiative or 0
        (new, new_en), (held, held_en), rule = card_texts(card), card_texts(old), self.rule
        lines = [
            (f"{rule} carte tenue : {held}", f"{rule} card held: {held_en}"),
            (f"{rule} nouvelle carte : {new}", f"{rule} new card: {new_en}"),
        ]
        if keeping:
            kept = (
                f"{rule} Joker gardé pour un jet de Trait, puis nouvelle carte",
                f"{rule} Joker kept for a Trait roll, then a new card",
            )
            lines.insert(1, kept)
        if is_joker(card):
            outcome = (
                f"{name.fr} tire un Joker : initiative libre, agit maintenant",
                f"{name.en} draws a Joker: free initiative, acts now",
            )
        elif card > old:
            outcome = (
                f"{name.fr} tire {new}, plus haute que {held} : perd l’initiative ce round",
                f"{name.en} draws {new_en}, higher than {held_en}: loses the initiative this round",
            )
        else:
            at = index_of(after, unit)
            before_unit = self.rules.unit_text(enc, after.order[at - 1]) if at else None
            where = (
                (f"après {before_unit.fr}", f"after {before_unit.en}")
                if before_unit
                else ("en premier", "first")
            )
            outcome = (
                f"{name.fr} tire {new}, plus basse que {held} : joue {where[0]}",
                f"{name.en} draws {new_en}, lower than {held_en}: plays {where[1]}",
            )
        return LogEntry.of(
            ("Attendre", "Wait"),
            outcome,
            lines,
            round=before.round,
            actor=entry.members[0] if len(entry.members) == 1 else None,
        )


def _keeping(value: object) -> dict[str, int]:
    """The `keeping` input: combatant id → Jokers kept (TurnError if it is not that)."""
    if value is None:
        return {}
    if not isinstance(value, Mapping) or not all(
        isinstance(k, str) and isinstance(v, int) and not isinstance(v, bool)
        for k, v in value.items()
    ):
        raise TurnError("Jokers gardés illisibles", "Unreadable kept Jokers")
    return dict(value)
