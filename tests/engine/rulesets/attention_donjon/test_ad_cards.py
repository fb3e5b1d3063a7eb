"""attention_donjon card initiative (AD-CARTES): cards typed and drawn, the round order,
Jokers kept or played, Attendre, new rounds, and the GM order without the flag (A-AD-12)."""

import random

import pytest

from gui.engine.core.copies import deep_copy
from gui.engine.core.words import Label
from gui.engine.play.table import Table
from gui.engine.rulesets.attention_donjon import cards as ad
from gui.engine.state.changes import apply, revert
from gui.engine.state.model import Combatant, Encounter, Side, State
from gui.engine.turns import CardInitiative, GmOrder, TurnError, cards, current_entry
from gui.engine.turns.cards import DECK, JOKERS, CardError, card_text, parse_card
from tests.engine.builders import dump

RULES = ad.HeroCards()
POLICY = CardInitiative(ad.RULE, RULES)


def fig(cid: str, side: str, **stats) -> Combatant:
    return Combatant(id=cid, name=cid.capitalize(), side=side, stats=stats)


def encounter(flag: bool = True, *extra: Combatant) -> Encounter:
    """Two heroes, two goblins and a rat (inactive) on the GM's sides."""
    return Encounter(
        id="t",
        name="Cartes",
        ruleset="attention_donjon",
        flags={"AD-CARTES": True} if flag else {},
        sides=[
            Side(id="pj", name="Les héros"),
            Side(id="mj", name="Les gobelins"),
            Side(id="rats", name="Les rats"),
        ],
        combatants=[
            fig("ysolde", "pj", heros=True),
            fig("g1", "mj"),
            fig("bertrand", "pj", heros=True),
            fig("g2", "mj"),
            fig("rat", "rats", actif=False),
            *extra,
        ],
    )


def c(text: str) -> int:
    return parse_card(text)


def order(turn) -> list[str]:
    return [e.unit for e in turn.order]


def shown(turn) -> list[str]:
    return [card_text(e.initiative) if e.initiative is not None else "" for e in turn.order]


def acting(turn) -> str | None:
    entry = current_entry(turn)
    return entry.unit if entry else None


def started(table: Table, hand: dict[str, str], keeping=None) -> Encounter:
    apply(table.enc, table.start_combat({u: c(t) for u, t in hand.items()}, keeping=keeping))
    return table.enc


HAND = {"ysolde": "7♥", "groupe.mj": "D♣", "bertrand": "D♠"}


# Cards --------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("typed", "short"),
    [
        ("D♥", "D♥"),
        ("Dame de cœur", "D♥"),
        ("10 pique", "10♠"),
        ("As de trèfle", "A♣"),
        ("  roi ♠ ", "R♠"),
        ("valet de carreaux", "V♦"),
        ("2 de COEUR", "2♥"),
        ("♡ q", "D♥"),
        ("joker", "Joker"),
    ],
)
def test_typed_cards_read_in_french_and_print_back(typed, short):
    code = parse_card(typed)
    assert card_text(code) == short
    assert parse_card(card_text(code)) == code


def test_every_card_of_the_deck_round_trips_and_the_deck_has_54():
    assert len(DECK) == len(set(DECK)) == 54
    assert {parse_card(card_text(code)) for code in DECK} == set(DECK) - {JOKERS[1]}
    assert len({card_text(code) for code in DECK}) == 53  # the two Jokers read alike


@pytest.mark.parametrize("typed", ["", "D", "11♥", "1 pique", "Dame de", "D♥♥", "D♥ !", "xx"])
def test_malformed_cards_are_refused_with_examples(typed):
    with pytest.raises(CardError) as err:
        parse_card(typed)
    assert "Carte illisible" in err.value.fr and "« D♥ »" in err.value.fr
    assert "Unreadable card" in err.value.en


def test_ranks_go_from_the_ace_down_and_ties_by_coeur_pique_carreau_trefle():
    ladder = ["Joker", "A♥", "A♠", "A♦", "A♣", "R♥", "D♥", "V♥", "10♥", "9♥", "2♥", "2♠", "2♣"]
    assert [c(t) for t in ladder] == sorted((c(t) for t in ladder), reverse=True)
    assert c("D♥") > c("D♠") > c("D♦") > c("D♣") > c("V♥")


def test_the_deck_leaves_out_held_cards_and_kept_jokers():
    full = cards.deck([])
    assert len(full) == 54
    rest = cards.deck([c("D♥"), c("7♣"), JOKERS[0]], kept=1)
    assert len(rest) == 54 - 3 - 1
    assert c("D♥") not in rest and not any(cards.is_joker(x) for x in rest)
    assert cards.take(c("Joker"), {}, kept=1) in JOKERS
    ysolde = Label(fr="Ysolde", en="Ysolde")
    with pytest.raises(CardError, match="Plus de Joker"):
        cards.take(c("Joker"), {JOKERS[0]: ysolde}, kept=1)
    with pytest.raises(CardError) as err:
        cards.take(c("D♥"), {c("D♥"): ysolde})
    assert err.value.fr == "D♥ : carte déjà tenue ce round par Ysolde"
    assert cards.take(c("Joker"), {JOKERS[0]: ysolde}) == JOKERS[1]


def test_drawing_never_gives_a_card_held_and_fails_on_an_empty_deck():
    rng = random.Random(3)
    held: list[int] = []
    for _ in range(52):
        held.append(cards.draw(rng, held, kept=2))
    assert sorted(held) == sorted(set(DECK) - set(JOKERS))
    with pytest.raises(CardError, match="paquet est vide"):
        cards.draw(rng, held, kept=2)


# Units and the round order -----------------------------------------------------------------


def test_each_hero_and_each_side_group_is_a_unit_and_only_active_ones_draw():
    enc = encounter(True)
    table = Table(enc)
    units = table.ruleset.turn_units(enc)
    assert [(u.unit, u.members) for u in units] == [
        ("ysolde", ["ysolde"]),
        ("groupe.mj", ["g1", "g2"]),
        ("bertrand", ["bertrand"]),
        ("groupe.rats", ["rat"]),
    ]
    assert [RULES.draws(enc, u) for u in units] == [True, True, True, False]
    enc.combatants[1].states = [State(key="mort", label="Mort")]
    assert RULES.draws(enc, units[1])  # g2 still stands
    enc.combatants[3].stats["actif"] = False
    assert not RULES.draws(enc, units[1])
    assert RULES.can_keep(enc, units[0]) and not RULES.can_keep(enc, units[1])


def test_start_orders_by_card_and_logs_every_card():
    enc = started(Table(encounter()), HAND)
    turn = enc.turn
    assert order(turn) == ["bertrand", "groupe.mj", "ysolde", "groupe.rats"]
    assert shown(turn) == ["D♠", "D♣", "7♥", ""]
    assert acting(turn) == "bertrand" and turn.round == 1
    assert turn.order[-1].acted  # the rats drew nothing: no turn
    log = enc.log[-1]
    assert log.action == "Cartes d’initiative"
    assert "AD-CARTES Les rats (groupe) : pas de carte (aucune figurine active)" in log.breakdown
    assert log.outcome == (
        "Ordre du round : Bertrand (D♠), Les gobelins (groupe) (D♣), Ysolde (7♥)"
    )
    assert Table(enc).mode().initiative_text(enc, turn.order[0]) == Label(fr="D♠", en="Q♠")


def test_a_round_cannot_hold_a_card_twice_nor_an_unknown_card():
    table = Table(encounter())
    with pytest.raises(CardError, match="Carte tenue deux fois : D♥"):
        table.start_combat({"ysolde": c("D♥"), "bertrand": c("D♥")})
    with pytest.raises(CardError, match="Carte inconnue"):
        table.start_combat({"ysolde": 7})
    with pytest.raises(TurnError, match="pas dans l’ordre"):
        table.start_combat({"nobody": c("D♥")})


def test_the_round_walks_down_then_every_card_clears_and_the_gui_deals_again():
    table = Table(encounter())
    enc = started(table, HAND)
    for expected in ("groupe.mj", "ysolde"):
        apply(enc, table.next_turn())
        assert acting(enc.turn) == expected
    apply(enc, table.next_turn())
    turn = enc.turn
    assert (turn.round, turn.current) == (2, -1)
    assert all(e.initiative is None and not e.acted for e in turn.order)
    assert POLICY.needs_cards(turn)
    assert enc.log[-1].action == "Round 2"
    with pytest.raises(TurnError, match="Tirer les cartes d’abord"):
        table.next_turn()
    apply(enc, table.turn_step("deal", cards={"ysolde": c("2♣"), "bertrand": c("D♥")}))
    assert order(enc.turn)[:2] == ["bertrand", "ysolde"] and acting(enc.turn) == "bertrand"
    assert enc.turn.round == 2 and enc.log[-1].action == "Cartes d’initiative"
    with pytest.raises(TurnError, match="déjà tirées"):
        table.turn_step("deal", cards={"ysolde": c("3♣")})


def test_previous_takes_back_a_deal_and_a_new_round():
    table = Table(encounter())
    enc = started(table, HAND)
    for _ in range(3):
        apply(enc, table.next_turn())
    waiting = deep_copy(enc.turn)
    apply(
        enc,
        table.turn_step(
            "deal", cards={"ysolde": c("A♠"), "groupe.mj": c("3♦"), "bertrand": c("4♦")}
        ),
    )
    apply(enc, table.previous_turn())
    back = enc.turn
    assert (back.round, back.current, shown(back)) == (2, -1, ["", "", "", ""])
    assert back.order == waiting.order
    apply(enc, table.previous_turn())
    before_new_round = enc.turn
    assert before_new_round.round == 1 and acting(before_new_round) == "ysolde"


def test_the_gm_still_drags_units_during_a_card_round():
    table = Table(encounter())
    enc = started(table, HAND)
    apply(enc, table.turn_step("reorder", unit="ysolde", to=0))
    moved = enc.turn
    assert order(moved)[0] == "ysolde" and acting(moved) == "bertrand"


# Jokers ----------------------------------------------------------------------------------------


def test_a_kept_joker_becomes_a_state_and_stays_out_of_the_deck():
    table = Table(encounter())
    enc = started(table, {"ysolde": "7♥", "bertrand": "3♠"}, keeping={"ysolde": 1})
    state = next(s for s in enc.combatant("ysolde").states if s.key == "joker_garde")
    assert (state.label, state.value) == ("Joker gardé", 1)
    assert "AD-CARTES Ysolde : Joker gardé, puis 7♥" in enc.log[-1].breakdown
    assert RULES.kept_total(enc) == 1
    held = POLICY.held(enc, enc.turn)
    assert sum(cards.is_joker(x) for x in cards.deck(held, RULES.kept_total(enc))) == 1
    # Next round she keeps the second one too: two Jokers gardés, none left in the deck.
    for _ in range(2):
        apply(enc, table.next_turn())
    apply(
        enc,
        table.turn_step(
            "deal", cards={"ysolde": c("8♥"), "bertrand": c("4♠")}, keeping={"ysolde": 1}
        ),
    )
    assert next(s.value for s in enc.combatant("ysolde").states if s.key == "joker_garde") == 2
    assert not any(cards.is_joker(x) for x in cards.deck([], RULES.kept_total(enc)))
    for _ in range(2):
        apply(enc, table.next_turn())
    with pytest.raises(CardError, match="que deux Jokers"):
        table.turn_step("deal", cards={"bertrand": JOKERS[0]})


def test_only_a_hero_keeps_a_joker():
    table = Table(encounter())
    with pytest.raises(CardError, match="G1 ne garde pas de Joker"):
        table.start_combat({"ysolde": c("7♥")}, keeping={"g1": 1})


def test_a_joker_played_is_initiative_libre_even_for_a_group():
    enc = started(Table(encounter()), {"ysolde": "A♥", "groupe.mj": "Joker", "bertrand": "R♥"})
    assert order(enc.turn)[:3] == ["groupe.mj", "ysolde", "bertrand"]
    assert acting(enc.turn) == "groupe.mj"
    line = next(x for x in enc.log[-1].breakdown if "gobelins" in x)
    assert "initiative libre" in line and "un groupe ne garde pas de Joker" in line


def test_undo_of_a_deal_with_a_kept_joker_restores_everything():
    table = Table(encounter())
    enc = started(table, HAND)
    for _ in range(3):
        apply(enc, table.next_turn())
    before = dump(enc)
    cs = table.turn_step(
        "deal", cards={"ysolde": c("9♥"), "bertrand": c("8♥")}, keeping={"bertrand": 1}
    )
    apply(enc, cs)
    assert dump(enc) != before
    revert(enc, cs)
    assert dump(enc) == before


# Attendre --------------------------------------------------------------------------------------


def test_attendre_with_a_lower_card_moves_the_turn_to_its_place():
    table = Table(encounter())
    enc = started(table, HAND)
    apply(enc, table.turn_step("wait", unit="bertrand", card=c("5♦")))
    assert order(enc.turn)[:3] == ["groupe.mj", "ysolde", "bertrand"]
    assert shown(enc.turn)[:3] == ["D♣", "7♥", "5♦"]
    assert acting(enc.turn) == "groupe.mj" and not enc.turn.order[2].acted
    log = enc.log[-1]
    assert (log.action, log.actor) == ("Attendre", "bertrand")
    assert log.outcome == "Bertrand tire 5♦, plus basse que D♠ : joue après Ysolde"
    assert table.enc.turn.history  # one step Précédent takes back


def test_attendre_with_a_lower_card_that_is_still_first_keeps_the_turn():
    table = Table(encounter())
    enc = started(table, HAND)
    apply(enc, table.turn_step("wait", unit="bertrand", card=c("D♦")))
    assert acting(enc.turn) == "bertrand" and shown(enc.turn)[0] == "D♦"
    assert enc.log[-1].outcome == "Bertrand tire D♦, plus basse que D♠ : joue en premier"


def test_attendre_with_a_higher_card_loses_the_initiative_this_round():
    table = Table(encounter())
    enc = started(table, HAND)
    apply(enc, table.next_turn())
    apply(enc, table.next_turn())
    assert acting(enc.turn) == "ysolde"
    apply(enc, table.turn_step("wait", unit="ysolde", card=c("V♠")))
    # She ranks among those done, at her new card's place; she was the last: round 2.
    assert enc.turn.round == 2 and POLICY.needs_cards(enc.turn)
    actions = [entry.action for entry in enc.log[-2:]]
    assert actions == ["Attendre", "Round 2"]
    assert enc.log[-2].outcome == ("Ysolde tire V♠, plus haute que 7♥ : perd l’initiative ce round")


def test_attendre_higher_in_mid_round_leaves_the_next_unit_acting():
    table = Table(encounter())
    enc = started(table, {"ysolde": "R♥", "groupe.mj": "D♣", "bertrand": "3♠"})
    apply(enc, table.next_turn())
    apply(enc, table.turn_step("wait", unit="groupe.mj", card=c("A♣")))
    assert order(enc.turn)[:3] == ["groupe.mj", "ysolde", "bertrand"]
    assert enc.turn.order[0].acted and acting(enc.turn) == "bertrand"


def test_attendre_with_a_joker_acts_at_once_and_with_a_kept_joker_draws_again():
    table = Table(encounter())
    enc = started(table, HAND)
    apply(enc, table.next_turn())
    apply(enc, table.turn_step("wait", unit="groupe.mj", card=JOKERS[0]))
    assert acting(enc.turn) == "groupe.mj" and shown(enc.turn)[1] == "Joker"
    assert "initiative libre" in enc.log[-1].outcome
    apply(enc, table.next_turn())
    apply(enc, table.turn_step("wait", unit="ysolde", card=c("2♦"), keeping=1))
    assert ad.kept(enc.combatant("ysolde")) == 1
    assert "Joker gardé pour un jet de Trait" in " ".join(enc.log[-1].breakdown)


def test_attendre_is_for_the_acting_unit_and_a_free_card():
    table = Table(encounter())
    started(table, HAND)
    with pytest.raises(TurnError, match="Seule l’unité dont c’est le tour"):
        table.turn_step("wait", unit="ysolde", card=c("2♦"))
    with pytest.raises(CardError, match="deux fois : 7♥"):
        table.turn_step("wait", unit="bertrand", card=c("7♥"))


# Without the flag -------------------------------------------------------------------------------


def test_without_the_flag_the_gm_orders_one_unit_per_figurine():
    enc = encounter(False)
    table = Table(enc)
    policy = table.mode()
    assert type(policy) is GmOrder
    assert [u.unit for u in table.ruleset.turn_units(enc)] == [x.id for x in enc.combatants]
    apply(enc, table.start_combat())
    assert order(enc.turn) == [x.id for x in enc.combatants]
    assert policy.initiative_text(enc, enc.turn.order[0]).fr == ""  # no card, no number
    with pytest.raises(TurnError, match="« deal » inconnue dans ce mode"):
        table.turn_step("deal", cards={"ysolde": c("D♥")})
