"""reserve_menace: every state the engine lays carries its rules text in French and in English
(State.text_en, issue 17); the French is unchanged, and the sheet's « arme_ou » field keeps the
French it saves."""

import pytest

from tests.engine.rulesets.reserve_menace.builders import (
    MJ,
    PJ,
    act,
    computed,
    encounter,
    extra,
    pc,
    start,
    stat,
)


def _texts(enc, cid: str, key: str) -> tuple[str, str]:
    return next(s.texts() for s in enc.combatant(cid).states if s.key == key)


def _hit(tenacite=6):
    enc = encounter(pc("ana", tenacite=tenacite), extra("s1", "standard", valeur=8))
    t = computed(enc)
    t.apply(t.edit_stat("ana", "defense", 5))
    act(t, "attaquer", "s1", "ana", q=8)
    return enc, t


@pytest.mark.parametrize(
    ("tenacite", "q", "briser", "key", "fr", "en"),
    [
        (6, 0, False, "terrasse", "Terrassé", "Defeated (Terrassé)"),
        (3, None, True, "brise", "Brisé", "Broken (Brisé)"),
    ],
)
def test_rm_39_defeated_states(tenacite, q, briser, key, fr, en):
    enc, t = _hit(tenacite)
    act(t, "encaisser", "ana", q=q, briser=briser)
    assert _texts(enc, "ana", key) == (
        f"{fr} : hors du combat (RM-39).",
        f"{en}: out of the fight (RM-39).",
    )


def test_rm_30_forbidden_type():
    enc = encounter(pc("ana", agression=5), extra("s1", "standard", valeur=4))
    t = computed(enc)
    act(t, "attaquer", "ana", "s1", q=3, effet="interdire", type_interdit="se_deplacer")
    assert _texts(enc, "s1", "interdit.se_deplacer") == (
        "S1 ne peut pas « Se déplacer » à son prochain tour (RM-30).",
        "S1 may not 'Move' on their next turn (RM-30).",
    )


@pytest.mark.parametrize(
    ("options", "fr", "en"),
    [
        ({}, "à terre, à portée", "on the ground, within reach"),
        ({"option": "saisir"}, "aux mains de S1", "in S1's hands"),
        ({"option": "projeter", "ou": "dans le puits"}, "dans le puits", "dans le puits"),
    ],
)
def test_rm_63_disarmed(options, fr, en):
    enc = encounter(pc("ana", tenacite=6), extra("s1", "standard", valeur=9))
    t = start(enc, MJ)
    enc.combatant("ana").stats["defense"] = 5
    act(t, "attaquer", "s1", "ana", q=7)
    act(t, "desarmer", "s1", "ana", q=0, **options)
    assert _texts(enc, "ana", "desarme") == (f"Arme : {fr} (RM-63).", f"Weapon: {en} (RM-63).")
    assert stat(enc, "ana", "arme_ou") == fr  # the sheet's saved text stays French


def test_rm_48_interruption():
    enc = encounter(pc("ana", reserve=2), extra("s1", "standard"))
    t = start(enc, MJ)
    act(t, "interrompre", "ana", type="attaquer")
    assert _texts(enc, "ana", "interruption.attaquer") == (
        "Agit juste après l’action adverse (RM-48).",
        "Acts right after the opponent's action (RM-48).",
    )


def test_rm_08_defenceless():
    enc = encounter(pc("bob", vigilance=6, vigilance_etat="inattentif"), extra("m1"))
    computed(enc, MJ)
    fr, en = _texts(enc, "bob", "sans_defense")
    assert fr.startswith("Défense 0 contre la première attaque reçue (RM-08)")
    assert en == (
        "Défense 0 against the first attack received (RM-08); then Défense with −3 "
        "(RM-09), unless asleep or unconscious (A-RM-5)."
    )


def test_rm_43_directed():
    enc = encounter(pc("ana"), extra("valet", side=PJ, valeur=3), extra("s1", "standard"))
    t = start(enc, PJ)
    act(t, "diriger", "ana", "valet")
    assert _texts(enc, "valet", "dirige") == (
        "Une action, dirigée par Ana (RM-43).",
        "One action, directed by Ana (RM-43).",
    )
