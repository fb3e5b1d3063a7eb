"""attention_donjon recovery (AD-34 to AD-36, A-AD-17, A-AD-20, CFG-AD-10, CFG-AD-13):
Se Reprendre, Récupération and Soins."""

import pytest

from gui.engine.contract.values import ActionError
from tests.engine.rulesets.attention_donjon.builders import (
    act,
    agg,
    blocking,
    dice_count,
    difficulty,
    difficulty_terms,
    enemy,
    faces,
    figure,
    is_shaken,
    kill,
    look,
    rules,
    stat,
    table,
    warnings,
)

# --- AD-34: Se Reprendre -------------------------------------------------------------------


@pytest.mark.parametrize("own_only", [True, False])
def test_ad_34_mental_against_2_without_the_shaken_penalty(own_only):
    t = table(figure("a", shaken=True, mental=3), flags={"CFG-AD-12": own_only})
    preview = look(t, "se_reprendre", "a")
    assert preview.dice.expr.count == 3 and preview.target_number == 2
    assert "AD-33" not in rules(preview.terms)


@pytest.mark.parametrize(("got", "cured"), [(1, False), (2, True), (5, True)])
def test_ad_34_success_removes_secoue(got, cured):
    t = table(figure("a", shaken=True, mental=3))
    resolution, _cs = act(t, "se_reprendre", "a", dice=agg(got))
    assert resolution.success is cured and is_shaken(t, "a") is not cured


def test_ad_34_a_figurine_not_shaken_gets_a_warning():
    t = table(figure("a", mental=2))
    preview = look(t, "se_reprendre", "a")
    assert warnings(preview) == ["AD-34"] and blocking(preview) == []


def test_ad_34_modifiers_still_apply():
    t = table(figure("a", shaken=True, mental=3))
    assert dice_count(t, "se_reprendre", "a", mod_des=1) == 4


# --- AD-35: Récupération -------------------------------------------------------------------


def _recovering(*others, contacts=(), flags=None, **stats):
    me = {"vigueur": 3, "sante": 2, "sante_max": 4} | stats
    return table(figure("a", **me), *others, contacts=contacts, flags=flags)


def test_ad_35_difficulty_2_plus_each_adjacent_enemy():
    t = _recovering(
        enemy("e1"),
        enemy("e2", "2"),
        enemy("e3", "3"),  # not in contact
        figure("ally"),
        contacts=[("a", "e1"), ("a", "e2"), ("a", "ally")],
    )
    preview = look(t, "recuperation", "a")
    assert preview.target_number == 4
    assert difficulty_terms(preview, "AD-35") == [2, 1, 1]


@pytest.mark.parametrize(("flag", "expected"), [("tous", 3), ("actifs", 2)])
def test_cfg_ad_13_inactive_enemies_count_by_default(flag, expected):
    t = _recovering(enemy("e1", actif=False), contacts=[("a", "e1")], flags={"CFG-AD-13": flag})
    assert difficulty(t, "recuperation", "a") == expected


def test_a_ad_20_a_dead_enemy_in_contact_no_longer_counts():
    t = _recovering(enemy("e1"), contacts=[("a", "e1")])
    kill(t, "e1")
    assert difficulty(t, "recuperation", "a") == 2


@pytest.mark.parametrize(("sante", "got", "after"), [(2, 2, 3), (2, 1, 2), (3, 4, 4), (4, 2, 4)])
def test_ad_35_success_heals_1_never_above_the_maximum(sante, got, after):
    t = _recovering(sante=sante)
    resolution, _cs = act(t, "recuperation", "a", dice=agg(got))
    assert resolution.success is (got >= 2) and stat(t, "a", "sante") == after


def test_ad_35_at_maximum_is_a_warning():
    t = _recovering(sante=4)
    assert warnings(look(t, "recuperation", "a")) == ["AD-35"]


def test_ad_35_ad_33_a_shaken_figurine_rolls_one_die_fewer():
    t = _recovering(shaken=True)
    preview = look(t, "recuperation", "a")
    assert preview.dice.expr.count == 2 and "AD-33" in rules(preview.terms)
    act(t, "recuperation", "a", dice=faces(4, 5))
    assert stat(t, "a", "sante") == 3 and is_shaken(t, "a")  # Secoué stays


# --- AD-36: Soins --------------------------------------------------------------------------


def _ward(contacts=(), flags=None, patient=None, healer=None, others=()):
    return table(
        figure("h", **({"savoir": 3} | (healer or {}))),
        figure("p", **({"shaken": True, "sante": 1, "sante_max": 3} | (patient or {}))),
        *others,
        contacts=contacts,
        flags=flags,
    )


def test_ad_36_on_oneself():
    t = _ward(
        healer={"shaken": True, "sante": 1, "sante_max": 3},
        others=(enemy("e"),),
        contacts=[("h", "e")],
    )
    preview = look(t, "soins", "h")
    assert preview.target_number == 3 and preview.dice.expr.count == 2  # Secoué: −1 die
    assert blocking(preview) == []
    act(t, "soins", "h", dice=agg(4), effet="secoue")
    assert not is_shaken(t, "h") and stat(t, "h", "sante") == 1


def test_ad_36_an_ally_not_adjacent_is_blocked_unless_forced():
    t = _ward()
    assert blocking(look(t, "soins", "h", "p")) == ["AD-36"]
    with pytest.raises(ActionError, match="AD-36"):
        act(t, "soins", "h", "p", agg(3))
    resolution, _cs = act(t, "soins", "h", "p", agg(3), force=True)
    assert resolution.success is True and stat(t, "p", "sante") == 2
    assert "G-3" in rules(resolution.terms)


def test_ad_36_an_adjacent_ally_across_a_border():
    t = _ward(patient={"sante": 1}, contacts=[("h", "p")])
    t.enc.combatant("p").position.zone = "2"
    preview = look(t, "soins", "h", "p")
    assert blocking(preview) == [] and preview.target_number == 2


def test_ad_36_healing_an_enemy_is_a_warning_and_a_dead_patient_blocks():
    t = table(figure("h", savoir=3), enemy("e"), contacts=[("h", "e")])
    preview = look(t, "soins", "h", "e")
    assert warnings(preview) == ["AD-36"] and blocking(preview) == []
    t2 = _ward(contacts=[("h", "p")])
    kill(t2, "p")
    assert blocking(look(t2, "soins", "h", "p")) == ["AD-20"]


@pytest.mark.parametrize("flag", ["tous", "actifs"])
def test_ad_36_enemies_of_healer_or_patient_counted_once(flag):
    t = _ward(
        others=(enemy("e1"), enemy("e2", actif=False), enemy("e3")),
        contacts=[("h", "p"), ("e1", "h"), ("e1", "p"), ("e2", "p"), ("e3", "h")],
        flags={"CFG-AD-13": flag},
    )
    expected = 2 + 1 + 1 + (1 if flag == "tous" else 0)
    assert difficulty(t, "soins", "h", "p") == expected


@pytest.mark.parametrize(
    ("both", "got", "effect", "sante", "shaken"),
    [
        (True, 1, "sante", 1, True),  # failure
        (True, 2, "sante", 2, True),
        (True, 3, "secoue", 1, False),
        (True, 4, "secoue", 2, False),  # Seuil 2: both
        (False, 4, "secoue", 1, False),  # CFG-AD-10 one effect only
        (False, 6, "sante", 2, True),
    ],
)
def test_ad_36_cfg_ad_10_effects(both, got, effect, sante, shaken):
    t = _ward(contacts=[("h", "p")], flags={"CFG-AD-10": both})
    resolution, _cs = act(t, "soins", "h", "p", agg(got), effet=effect)
    assert stat(t, "p", "sante") == sante and is_shaken(t, "p") is shaken
    assert ("A-AD-17" in rules(resolution.terms)) is (both and got >= 4)


def test_ad_36_health_never_above_the_maximum():
    t = _ward(patient={"sante": 3, "shaken": False}, contacts=[("h", "p")])
    act(t, "soins", "h", "p", agg(5))
    assert stat(t, "p", "sante") == 3
