"""attention_donjon in English (issue 17, deliver 5): the terms whose value is words
(Term.value_en) and the rules texts of the states it creates (State.text_en), beside their
French, which stays as the rules write it."""

from gui.engine.rulesets.attention_donjon.cards import HeroCards
from gui.engine.rulesets.attention_donjon.health import DEAD_STATE, SHAKEN_STATE, WOUND_QUESTION
from tests.engine.rulesets.attention_donjon.builders import (
    RULESET,
    SWORD,
    act,
    agg,
    enemy,
    faces,
    figure,
    hit,
    stat,
    table,
)


def _term(terms, rule: str, label: str = ""):
    return next(t for t in terms if t.rule == rule and t.label.startswith(label))


def test_the_condition_and_actions_left_read_in_english():
    t = table(figure("a"), figure("b", shaken=True))
    unhurt = _term(RULESET.derived(t.enc, t.enc.combatant("a")), "AD-19")
    shaken = _term(RULESET.derived(t.enc, t.enc.combatant("b")), "AD-19")
    assert (str(unhurt), unhurt.english()) == ("AD-19 État : Indemne", "AD-19 Condition: Unhurt")
    assert shaken.english() == "AD-19 Condition: Shaken (−1 die)"
    assert str(shaken) == "AD-19 État : Secoué (−1 dé)"
    t.apply(t.start_combat())
    left = _term(RULESET.derived(t.enc, t.enc.combatant("a")), "AD-37")
    assert left.english().startswith("AD-37 Actions left this activation: zones 0/")
    assert "restantes" not in left.english()


def test_the_roll_its_successes_and_the_margins_read_in_english():
    t = table(figure("a", agilite=3), enemy("b"))
    resolution, _cs = act(t, "jet_oppose", "a", "b", faces(6, 5, 2), trait="agilite", defenseur=1)
    roll = _term(resolution.terms, "AD-28", "jet")
    assert str(roll).endswith("3d6 contre Difficulté 2")
    assert roll.english().endswith("3d6 against Difficulty 2")
    counted = _term(resolution.terms, "AD-25", "dés 6 5 2")
    assert (counted.value, counted.value_en) == ("3 succès", "3 successes")
    margins = _term(resolution.terms, "A-AD-21")
    assert margins.value == "1 sur la Difficulté, 2 sur le défenseur"
    assert margins.english() == (
        "A-AD-21 margins (A-AD-21): 1 over the Difficulty, 2 over the defender"
    )


def test_the_states_the_rules_give_have_their_text_in_english():
    assert SHAKEN_STATE.texts() == (
        "−1 dé au jet de Trait de ses actions, sauf Se Reprendre (AD-33).",
        "−1 die on the Trait roll of its actions, except Rally (AD-33).",
    )
    assert DEAD_STATE.texts() == ("À 0 Santé (AD-20).", "At 0 Health (AD-20).")
    t = table(figure("a", melee=3), enemy("b"))
    hit(t, "a", "b")
    pending = next(s for s in t.enc.combatant("b").states if s.key.startswith("touche."))
    assert pending.texts() == (
        "Dommages Mains nues à lancer par A (AD-13)",
        "Bare hands damage for A to roll (AD-13)",
    )


def test_a_kept_joker_has_its_text_in_english():
    t = table(figure("a", heros=True))
    (change,) = HeroCards().keep_changes(t.enc, {"a": 1})
    (joker,) = change.new
    assert joker.text.startswith("Rend béni ou maudit un jet de Trait à venir")
    assert joker.text_en == (
        "Makes a later Trait roll blessed or cursed; out of the deck until then (AD-CARTES)."
    )


def test_the_serious_wound_is_asked_in_english_and_kept_as_the_rules_name_it():
    """The answer is the GM's words, saved as they are: the default stays the rules' French
    name, which the English breakdown calls a Serious Wound."""
    assert WOUND_QUESTION.label.en == "Serious Wound (the GM's decision)"
    assert WOUND_QUESTION.help is None and WOUND_QUESTION.default == "Blessure Grave"
    t = table(
        figure("a", melee=3, force=3, armes=[SWORD]),
        enemy("b", vigueur=3, sante=1, shaken=True, heros=True, heroisme=1),
    )
    hit(t, "a", "b")
    resolution, _cs = act(t, "dommages", "a", "b", agg(2), heroisme="depenser")
    assert "blessure_grave" in [f.key for f in resolution.asks]
    assert stat(t, "b", "blessures_graves") == "Blessure Grave"
    spent = next(term for term in resolution.terms if term.label.startswith("Héroïsme"))
    assert spent.english() == "AD-20 Heroism 1 → 0: escapes death (Serious Wound)"
