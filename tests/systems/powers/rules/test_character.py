"""The Powers character file: the six attributes, powers from components, bounds; bad
input refused with the field named."""

from __future__ import annotations

import pytest
from pydantic import ValidationError

from desktop.model.errors import DocumentError
from desktop.systems.files import character_from_data, load_character, save_character
from desktop.systems.powers.rules.character import (
    DEFAULT_COST_TABLE,
    PowersCharacter,
    new_character,
)
from desktop.systems.powers.rules.components import Damage, Duration, Move
from desktop.systems.powers.rules.costs import shipped_table


def data(**changes):
    out = new_character("Test").model_dump(mode="json")
    out.update(changes)
    return out


def power(*components, name="Zap"):
    return {"name": name, "fluff": "", "components": list(components)}


def where(info: pytest.ExceptionInfo) -> str:
    return ".".join(str(p) for p in info.value.errors()[0]["loc"])


@pytest.mark.parametrize(("changes", "field"), [
    ({"powers": [power({"kind": "laser"})]}, "powers.0.components.0"),
    ({"powers": [power({"kind": "move", "speed": "warp"})]},
     "powers.0.components.0.move.speed"),
    ({"powers": [power({"kind": "move", "modifiers": [{"id": "teleport"}]})]},
     "powers.0.components.0.move.modifiers.0.id"),
    ({"powers": [power({"kind": "move", "modifiers": [{"id": "jump"}]})]},
     "powers.0.components.0.move.modifiers.0"),
    ({"powers": [power({"kind": "move", "modifiers": [{"id": "fly", "rating": 2}]})]},
     "powers.0.components.0.move.modifiers.0"),
    ({"powers": [power({"kind": "range", "range": "far"})]},
     "powers.0.components.0.range.range"),
    ({"powers": [power({"kind": "duration", "duration": "time"})]},
     "powers.0.components.0.duration"),
    ({"powers": [power({"kind": "damage", "types": ["lasers"]})]},
     "powers.0.components.0.damage.types.0"),
    ({"powers": [power({"kind": "damage", "rating": -1})]},
     "powers.0.components.0.damage.rating"),
    ({"powers": [power({"kind": "damage", "modifiers": [{"id": "stun"}, {"id": "stun"}]})]},
     "powers.0.components.0.damage.modifiers"),
    ({"powers": [power({"kind": "healing", "rating": -2})]},
     "powers.0.components.0.healing.rating"),
    ({"powers": [power({"kind": "resistance", "type": "magic"})]},
     "powers.0.components.0.resistance.type"),
    ({"powers": [power({"kind": "accurate", "rating": 61})]},
     "powers.0.components.0.accurate.rating"),
    ({"powers": [power({"kind": "accurate", "colour": "red"})]},
     "powers.0.components.0.accurate.colour"),
    ({"powers": [{"name": "", "components": []}]}, "powers.0.name"),
    ({"attributes": {**new_character().attributes.model_dump(), "agility": 61}},
     "attributes.agility"),
    ({"attributes": {**new_character().attributes.model_dump(), "strength": "lots"}},
     "attributes.strength"),
    ({"tracking": {"damage": {"normal": -1}}}, "tracking.damage.normal"),
    ({"tracking": {"damage": {"bleeding": 1}}}, "tracking.damage.bleeding"),
    ({"powers": [power() for _ in range(101)]}, "powers"),
    ({"cost_table": ""}, "cost_table"),
])
def test_bad_values_name_their_field(changes, field) -> None:
    with pytest.raises(ValidationError) as info:
        PowersCharacter.model_validate(data(**changes))
    assert where(info) == field


def test_a_file_names_every_attribute_and_its_error(tmp_path) -> None:
    broken = data()
    del broken["attributes"]["health"]
    with pytest.raises(DocumentError, match="health"):
        character_from_data(broken, tmp_path / "x.sheetdesk")
    bad = data(powers=[power({"kind": "laser"})])
    with pytest.raises(DocumentError) as info:
        character_from_data(bad, tmp_path / "x.sheetdesk")
    assert "powers.0.components.0" in str(info.value) and "\n" not in str(info.value)


def test_a_new_character_and_its_defaults() -> None:
    c = new_character("Kid Zap")
    assert c.system == "powers" and c.name == "Kid Zap" and c.powers == []
    assert set(c.attributes.model_dump()) == {"strength", "resilience", "intelligence",
                                              "willpower", "agility", "health"}
    assert c.cost_table == DEFAULT_COST_TABLE == shipped_table().name
    assert Damage().types == ["bashing"] and Duration().duration == "instant"
    assert Move().speed == "normal"


def test_a_character_round_trips_through_its_file(tmp_path) -> None:
    c = PowersCharacter.model_validate(data(powers=[power(
        {"kind": "range", "range": "short", "modifiers": [{"id": "touch"}]},
        {"kind": "damage", "rating": 3, "types": ["fire", "fire", "cold"],
         "modifiers": [{"id": "dot", "turns": 3}, {"id": "phantom", "rating": 4}]},
        {"kind": "duration", "duration": "delayed", "turns": 2},
        {"kind": "move", "speed": "fast", "modifiers": [{"id": "jump", "range": "short"}]},
        {"kind": "resistance", "rating": -2, "type": "general"},
        {"kind": "healing", "rating": 2, "modifiers": [{"id": "hot_fading"}]},
        {"kind": "accurate", "rating": -1})]))
    assert c.powers[0].components[1].types == ["fire", "cold"]
    path = tmp_path / "c.sheetdesk"
    save_character(path, c)
    assert load_character(path) == c
