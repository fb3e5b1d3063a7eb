"""Every ruleset's data files (ruleset, catalogs, bestiary, demo) fit its own schema.

The same checks run over each ruleset of the registry; the ruleset-specific assertions stay in
test_<set>_data.py.
"""

import json

import msgspec
import pytest

from gui.engine.files import storage
from gui.engine.rulesets import registry
from gui.engine.state.model import Combatant
from gui.engine.state.schema import (
    FieldSpec,
    RulesetData,
    check_combatant,
    check_flags,
    check_value,
)

RULESETS = registry.available()


def _data(ruleset_id: str) -> RulesetData:
    path = registry.RULESET_DATA_DIR / ruleset_id / "ruleset.json"
    return msgspec.json.decode(path.read_bytes(), type=RulesetData)


def _json(ruleset_id: str, name: str):
    path = registry.RULESET_DATA_DIR / ruleset_id / name
    return json.loads(path.read_text(encoding="utf-8"))


def _cited_rules(data: RulesetData) -> set[str]:
    """Every rule id the data cites: fields, resources, table columns, states, tracks, flags."""
    specs: list[FieldSpec] = [*data.fields, *data.resources]
    specs += [col for spec in data.fields for col in spec.columns]
    cited = {spec.rule for spec in specs}
    cited |= {s.rule for s in data.states} | {t.rule for t in data.tracks}
    cited |= {f.see for f in data.flags}
    return cited - {""}


def _catalog_fields(data: RulesetData) -> dict[str, FieldSpec]:
    return {spec.catalog: spec for spec in data.fields if spec.catalog}


@pytest.mark.parametrize("ruleset_id", RULESETS)
def test_ruleset_json_validates_and_is_the_registered_one(ruleset_id):
    data = _data(ruleset_id)
    assert data.id == ruleset_id
    assert registry.get(ruleset_id).data == data
    keys = [spec.key for spec in data.fields]
    assert len(keys) == len(set(keys)), "duplicate field key"


@pytest.mark.parametrize("ruleset_id", RULESETS)
def test_every_rule_cited_by_the_data_has_a_text(ruleset_id):
    data = _data(ruleset_id)
    ids = [r.id for r in data.rules]
    assert len(ids) == len(set(ids)), "duplicate rule id"
    assert all(r.text.fr.strip() and r.text.en.strip() for r in data.rules)
    assert sorted(_cited_rules(data) - set(ids)) == []


@pytest.mark.parametrize("ruleset_id", RULESETS)
def test_every_flag_default_is_allowed(ruleset_id):
    data = _data(ruleset_id)
    ids = [f.id for f in data.flags]
    assert len(ids) == len(set(ids)), "duplicate flag id"
    for flag in data.flags:
        if flag.choices:
            assert flag.default in [c.value for c in flag.choices], flag.id
        assert check_flags(data, {flag.id: flag.default}) is None, flag.id


@pytest.mark.parametrize("ruleset_id", RULESETS)
def test_catalog_rows_fit_their_table(ruleset_id):
    data = _data(ruleset_id)
    catalogs = _json(ruleset_id, "catalogs.json")
    tables = _catalog_fields(data)
    # Every table with a pick list has one, and every pick list belongs to a table.
    assert set(catalogs) == set(tables)
    for name, rows in catalogs.items():
        spec = tables[name]
        assert spec.kind == "table" and rows, name
        columns = [col.key for col in spec.columns]
        for row in rows:
            assert list(row) == columns, row
            assert check_value(spec, [row]) is None, row
    assert registry.get(ruleset_id).catalogs == catalogs


@pytest.mark.parametrize("ruleset_id", RULESETS)
def test_bestiary_templates_fit_their_sheet(ruleset_id):
    data = _data(ruleset_id)
    bestiary = registry.get(ruleset_id).bestiary
    assert bestiary and len(bestiary) == len(_json(ruleset_id, "bestiary.json"))
    names = [t.name for t in bestiary]
    assert len(names) == len(set(names)), "duplicate template name"
    for i, template in enumerate(bestiary):
        specs = data.field_map(template.tier)
        for key, value in template.stats.items():
            assert key in specs, f"{template.name}: unknown field {key}"
            assert check_value(specs[key], value) is None, f"{template.name}: {key}"
        sheet = Combatant(
            id=f"t{i}", name=template.name, side="s", tier=template.tier, stats=template.stats
        )
        assert check_combatant(data, sheet, ("bestiary", i)) is None, template.name


@pytest.mark.parametrize("ruleset_id", RULESETS)
def test_demo_loads_and_passes_the_ruleset_checks(ruleset_id):
    ruleset = registry.get(ruleset_id)
    enc = storage.load(ruleset.demo_path)
    assert enc.ruleset == ruleset_id
    assert registry.check_encounter(enc) is None
    assert enc.combatants
    zones = {z.id for z in enc.map.zones}
    sides = {s.id for s in enc.sides}
    for c in enc.combatants:
        assert c.position.zone in zones, c.id
        assert c.side in sides, c.id


def test_every_field_group_is_titled_in_both_languages():
    """Issue 17, deliver 5: libre's sheet titles « Vie » and « Équipement » stayed French in
    the English interface (no group labels in its data)."""
    from gui.engine.rulesets import registry

    for rid in registry.available():
        data = registry.get(rid).data
        declared = {g.value for g in data.groups}
        used = {f.group for f in data.fields if f.group}
        assert used <= declared, f"{rid}: untitled groups {sorted(used - declared)}"
        assert all(g.label.fr and g.label.en for g in data.groups), rid
