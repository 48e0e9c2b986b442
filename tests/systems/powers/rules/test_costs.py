"""The provisional cost table: complete, labelled, priced per component; a GM's own table
saved, exported and imported atomically; a broken one falls back with a warning."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from desktop.model.errors import DocumentError
from desktop.paths import resource, user_data_dir
from desktop.systems.powers.rules import costs
from desktop.systems.powers.rules.catalog import example_power
from desktop.systems.powers.rules.character import Power
from desktop.systems.powers.rules.costs import (
    COST_KEYS,
    CostTable,
    active_table,
    component_cost,
    power_cost,
    shipped_table,
)


def shipped_data() -> dict:
    return json.loads(resource("powers", "costs.json").read_text(encoding="utf-8"))


def write(path: Path, data: dict) -> Path:
    path.write_text(json.dumps(data), encoding="utf-8")
    return path


def test_the_shipped_table_is_complete_and_labelled_provisional() -> None:
    table = shipped_table()
    assert table.label == "Sheetdesk's provisional costs, not the draft's"
    assert list(table.costs) == list(COST_KEYS)
    assert "move.speed.galactic" in COST_KEYS and "damage.modifier.dot.per_turn" in COST_KEYS
    assert "range.modifier.no_los" in COST_KEYS and "duration.time.per_turn" in COST_KEYS


@pytest.mark.parametrize(("change", "field", "what"), [
    (lambda c: c.pop("move.speed.fast"), "costs.move.speed.fast", "missing cost"),
    (lambda c: c.update({"damage.per_point": "two"}), "costs.damage.per_point",
     "not a number"),
    (lambda c: c.update({"range.long": True}), "costs.range.long", "not a number"),
    (lambda c: c.update({"range.long": 1e300}), "costs.range.long", "too large"),
    (lambda c: c.update({"range.lnog": 3}), "costs.range.lnog", "no such cost"),
])
def test_a_bad_table_names_the_cost(tmp_path, change, field, what) -> None:
    data = shipped_data()
    change(data["costs"])
    path = write(tmp_path / "costs.json", data)
    with pytest.raises(DocumentError) as info:
        costs.import_table(path)
    assert info.value.where == field and what in info.value.what
    assert not costs.COST_TABLE.user_path.exists()


def test_a_table_file_of_another_kind_is_refused(tmp_path) -> None:
    data = {**shipped_data(), "format": "sheetdesk.character"}
    with pytest.raises(DocumentError, match="not a Sheetdesk cost table"):
        costs.import_table(write(tmp_path / "x.json", data))


def test_power_rating_is_the_sum_of_positive_component_costs() -> None:
    table = shipped_table()
    c = table.costs
    blammo = example_power("Blammo Cannon")  # long range, Accurate 5, damage 6 fire+bashing
    priced = power_cost(blammo, table)
    assert [x.total for x in priced.components] == [
        c["range.long"], 5 * c["accurate.per_point"],
        6 * c["damage.per_point"] + c["damage.type.fire"] + c["damage.type.bashing"],
        c["duration.instant"]]
    assert priced.rating == sum(x.total for x in priced.components if x.total > 0)
    assert all(item.table == table.name for x in priced.components for item in x.items)
    weak = Power.model_validate({"name": "Glass Jaw", "components": [
        {"kind": "resistance", "rating": -3, "type": "bashing"},
        {"kind": "range", "range": "melee"}]})
    priced = power_cost(weak, table)
    assert priced.components[0].total == -3 * c["resistance.per_point"]
    assert priced.rating == c["range.melee"]  # the weakness refunds, it does not lower PR


def test_parameters_are_priced_per_unit() -> None:
    table = shipped_table()
    c = table.costs
    move = Power.model_validate({"name": "Leap", "components": [
        {"kind": "move", "speed": "fast", "modifiers": [
            {"id": "jump", "range": "medium"}, {"id": "burrow", "rating": 3}]}]})
    assert component_cost(move.components[0], table).total == (
        c["move.speed.fast"] + c["move.modifier.jump"] + 4 * c["move.modifier.jump.per_step"]
        + c["move.modifier.burrow"] + 3 * c["move.modifier.burrow.per_rating"])
    linked = Power.model_validate({"name": "Fists", "components": [
        {"kind": "damage", "rating": 0, "types": ["bashing"],
         "modifiers": [{"id": "attribute_linked", "attribute": "strength"},
                       {"id": "dot", "turns": 2}]}]})
    keys = [i.key for i in component_cost(linked.components[0], table).items]
    assert "damage.per_point" not in keys and "damage.modifier.dot.per_turn" in keys


def test_a_gm_table_is_saved_used_and_followed_by_every_rating() -> None:
    assert active_table().origin == "shipped"
    mine = shipped_table().with_cost("range.long", 50).renamed("House rules")
    path = costs.save_user_table(mine)
    assert path == user_data_dir() / "powers" / "costs.json"
    chosen = active_table()
    assert (chosen.origin, chosen.table.name, chosen.warning) == ("user", "House rules", "")
    assert power_cost(example_power("Blammo Cannon"), chosen.table).rating == (
        power_cost(example_power("Blammo Cannon"), shipped_table()).rating
        + 50 - shipped_table().costs["range.long"])
    costs.reset_user_table()
    assert active_table().origin == "shipped"


def test_edits_are_checked() -> None:
    table = shipped_table()
    with pytest.raises(ValueError, match="no such cost"):
        table.with_cost("range.far", 1)
    with pytest.raises(ValueError, match="not a number"):
        table.with_cost("range.long", "x")  # type: ignore[arg-type]
    with pytest.raises(ValueError):
        CostTable(name="Half", costs={"range.long": 1})


def test_a_broken_user_table_falls_back_with_a_warning_and_is_kept() -> None:
    path = costs.COST_TABLE.user_path
    path.parent.mkdir(parents=True, exist_ok=True)
    data = shipped_data()
    data["costs"]["damage.per_point"] = "cheap"
    path.write_text(json.dumps(data), encoding="utf-8")
    before = path.read_bytes()
    chosen = active_table()
    assert chosen.origin == "shipped" and chosen.table == shipped_table()
    assert "costs.damage.per_point" in chosen.warning and "\n" not in chosen.warning
    assert path.read_bytes() == before
    path.write_text("{not json", encoding="utf-8")
    assert "not JSON" in active_table().warning


def test_export_then_import_round_trips(tmp_path) -> None:
    mine = shipped_table().with_cost("healing.per_point", 1.5).renamed("Gentle", "ours")
    out = costs.export_table(mine, tmp_path / "gentle.json")
    assert costs.import_table(out) == mine
    assert active_table().table == mine
    costs.export_table(mine.with_cost("healing.per_point", 2), out)
    assert (tmp_path / "gentle.json.bak").exists()  # the replaced file is kept


def test_a_bad_import_leaves_the_gm_table_alone(tmp_path) -> None:
    mine = shipped_table().renamed("Mine")
    costs.save_user_table(mine)
    with pytest.raises(DocumentError):
        costs.import_table(write(tmp_path / "bad.json", {"format": "x"}))
    assert active_table().table == mine


def test_numbers_read_as_people_write_them() -> None:
    assert costs.number_text(3.0) == "3" and costs.number_text(14.5) == "14.5"
    assert costs.tidy(2.0) == 2 and isinstance(costs.tidy(2.0), int)


def test_attribute_linked_damage_is_priced_per_die_of_its_attribute() -> None:
    """"Attribute Linked: The damage can be linked to an attribute, rather than have its
    own damage rating." Ours: priced per die of that attribute (a table key the GM can
    edit), so Dave's 12-dice Iron Fists is not PR 5 beside his 8-dice Super-Slap."""
    from desktop.systems.files import load_character
    from desktop.systems.powers.rules.derived import derive

    dave = load_character(resource("powers", "characters", "dave.sheetdesk"))
    table = shipped_table()
    c = table.costs
    ratings = derive(dave, table).power_ratings
    assert dave.attributes.strength == 12
    assert ratings["Iron Fists"] == (c["range.melee"] + c["damage.modifier.attribute_linked"]
                                     + 12 * c["damage.modifier.attribute_linked.per_die"])
    assert ratings["Iron Fists"] == 29 and ratings["Super-Slap"] == 17
    weaker = dave.model_copy(deep=True)
    weaker.attributes.strength = 6
    assert derive(weaker, table).power_ratings["Iron Fists"] == 29 - 6 * 2
    edited = table.with_cost("damage.modifier.attribute_linked.per_die", 1)
    assert derive(dave, edited).power_ratings["Iron Fists"] == 29 - 12


def test_a_table_saved_before_the_per_die_key_still_reads(tmp_path: Path) -> None:
    data = shipped_data()
    del data["costs"]["damage.modifier.attribute_linked.per_die"]
    data["name"] = "Older house rules"
    path = user_data_dir() / "powers" / "costs.json"
    path.parent.mkdir(parents=True, exist_ok=True)
    write(path, data)
    chosen = active_table()
    assert (chosen.origin, chosen.warning) == ("user", "")
    assert chosen.table.costs["damage.modifier.attribute_linked.per_die"] == 2
