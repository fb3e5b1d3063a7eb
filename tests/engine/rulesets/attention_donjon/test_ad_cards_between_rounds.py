"""AD-CARTES switched on (or off) during a combat, between rounds (issue 34, item 7; A-AD-12:
the card initiative is an option): the round not played yet goes on in the new mode (the
round's cards to deal), its number kept, one undo entry with its journal line; in the middle
of a round the switch is refused and says when it is allowed."""

from __future__ import annotations

import pytest

from gui.engine.play.table import InputError, Table
from gui.engine.space.destination import Destination
from gui.engine.state.changes import revert
from gui.engine.turns import CardInitiative
from gui.engine.turns.cards import parse_card
from tests.engine.builders import dump
from tests.engine.rulesets.attention_donjon import builders as ad

CARDS = {"AD-CARTES": True}


def _table() -> Table:
    t = ad.table(ad.figure("ysolde", heros=True), ad.enemy("g1"), ad.enemy("g2"))
    t.apply(t.start_combat())
    assert t.enc.turn.mode == "gm_order"
    return t


def _to_next_round(t: Table) -> None:
    start = t.enc.turn.round
    while t.enc.turn.round == start:
        t.apply(t.next_turn())


def test_ad_cartes_switched_on_before_anyone_acts_deals_the_round():
    t = _table()
    _to_next_round(t)
    t.apply(t.set_flags(CARDS))
    turn = t.enc.turn
    assert turn.mode == "cards" and turn.round == 2
    assert CardInitiative.needs_cards(turn)
    units = [e.unit for e in turn.order]
    assert units == ["ysolde", "groupe.monstres"]  # a hero, the side's group (AD-CARTES)
    line = t.enc.log[-1]
    assert (line.action, line.round) == ("Options de règles", 2)
    assert "dès ce round (Round 2)" in line.outcome and "this round on" in line.outcome_en
    assert line.breakdown == ["Initiative par cartes (jeu complet, hors extrait) : oui"]
    cards = {"ysolde": parse_card("VP"), "groupe.monstres": parse_card("10♥")}
    t.apply(t.turn_step("deal", cards=cards))
    assert [e.unit for e in t.enc.turn.order] == ["ysolde", "groupe.monstres"]
    assert t.enc.turn.current == 0 and t.enc.turn.round == 2


def test_ad_cartes_switched_between_rounds_is_one_undo_entry():
    t = _table()
    _to_next_round(t)
    before = dump(t.enc)
    cs = t.set_flags(CARDS)
    t.apply(cs)
    revert(t.enc, cs)
    assert dump(t.enc) == before and t.enc.turn.mode == "gm_order"


def test_ad_cartes_can_be_switched_on_at_the_very_start_and_off_before_the_deal():
    t = _table()
    t.apply(t.set_flags(CARDS))  # round 1, nobody acted yet
    assert t.enc.turn.mode == "cards" and t.enc.turn.round == 1
    t.apply(t.set_flags({}))  # and back, before the cards are dealt
    assert t.enc.turn.mode == "gm_order" and t.enc.turn.current == 0


def test_ad_cartes_is_refused_once_someone_acted_in_the_round():
    t = _table()
    _to_next_round(t)
    acting = t.enc.turn.order[t.enc.turn.current].members[0]
    _notices, cs = t.move(acting, Destination(zone="2"), force=True)
    t.apply(cs)
    with pytest.raises(InputError) as err:
        t.set_flags(CARDS)
    assert "entre deux rounds" in err.value.fr and "between rounds" in err.value.en
    assert t.enc.turn.mode == "gm_order"


def test_ad_cartes_is_refused_after_a_turn_ended_in_the_round():
    t = _table()
    t.apply(t.next_turn())  # the first figurine's turn is over: the round is under way
    with pytest.raises(InputError):
        t.set_flags(CARDS)


def test_a_flag_that_leaves_the_turns_alone_is_set_in_mid_round():
    t = _table()
    t.apply(t.next_turn())
    t.apply(t.set_flags({"CFG-AD-8": "aucun"}))  # CFG-AD-8: no action tracking
    assert t.enc.flags == {"CFG-AD-8": "aucun"} and t.enc.turn.mode == "gm_order"
