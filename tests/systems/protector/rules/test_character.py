"""The Protector character file: defaults, completeness, round trips, the CLI's new/schema."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from desktop import cli
from desktop.model.errors import DocumentError
from desktop.systems import files, get
from desktop.systems.protector.rules.character import (
    AGENT_TRAIT_TYPES,
    EQUIPMENT_TYPES,
    ERAS,
    Agent,
    AgentTrait,
    Decade,
    Effect,
    Event,
    EventLink,
    Power,
    ProtectorCharacter,
    Trait,
    new_character,
)


def test_new_character_is_ten_dice_at_birth() -> None:
    character = new_character("Zoë")
    assert character.system == "protector" and character.name == "Zoë"
    assert character.energy_pool == 10
    assert character.attributes.model_dump() == {}
    assert character.decades == [] and character.powers == [] and character.agents == []
    assert character.power_count is None and not character.npc


def test_registry_knows_the_game() -> None:
    system = get("protector")
    assert system.character_model is ProtectorCharacter
    assert system.book == "Protector"
    assert system.new_character("X").name == "X"
    assert system.derive(system.new_character("X")).energy_dice == 10


def full_character() -> ProtectorCharacter:
    return ProtectorCharacter(
        name="Kaiser Überlegen", era="golden_age", energy_pool=12,
        decades=[Decade(tier=1, entry="School", roll=3, events=[
            Event(type="loss", roll=3, description="Lost a friend.")], event_count=1)],
        traits=[Trait(name="Nerves", type="conditional", steps=3, condition="After coffee")],
        powers=[Power(name="Flight", category="freedom", application="Flight", active=True,
                      energy_dice=1, effects=[Effect(name="Fast Burn")], steps=3, dice=[3],
                      event=EventLink(decade=0, event=0))],
        agents=[Agent(name="Rifle", types=["weapon"], energy_dice=1,
                      traits=[AgentTrait(name="Accuracy", type="character", steps=1)])],
    )


def test_a_full_character_survives_save_and_load(tmp_path: Path) -> None:
    character = full_character()
    path = tmp_path / "k.sheetdesk"
    files.save_character(path, character)
    assert files.load_character(path) == character
    text = path.read_text(encoding="utf-8")
    assert '"attributes": {}' in text and "Überlegen" in text  # readable UTF-8


def _data(**changes: object) -> dict[str, object]:
    data = json.loads(files.character_to_text(full_character()))
    data.update(changes)
    return data


@pytest.mark.parametrize("missing", ["name", "attributes", "era", "energy_pool"])
def test_files_must_be_complete(missing: str) -> None:
    data = _data()
    del data[missing]
    with pytest.raises(DocumentError, match=f"missing '{missing}'"):
        files.character_from_data(data, "x.sheetdesk")


@pytest.mark.parametrize(("changes", "where"), [
    ({"attributes": {"brawn": 3}}, "attributes.brawn"),
    ({"era": "stone age"}, "era"),
    ({"energy_pool": -1}, "energy_pool"),
    ({"colour": "red"}, "colour"),
    ({"decades": [{"tier": 3}]}, "decades.0.tier"),
    ({"powers": [{"category": "cooking"}]}, "powers.0.category"),
    ({"agents": [{"name": "Gun", "types": ["laser"]}]}, "agents.0.types.0"),
])
def test_bad_values_are_one_line_errors_naming_the_field(changes: dict, where: str) -> None:
    with pytest.raises(DocumentError) as caught:
        files.character_from_data(_data(**changes), "x.sheetdesk")
    message = caught.value.message
    assert message.startswith(f"x.sheetdesk: {where}: ") and "\n" not in message


def test_id_tuples_match_the_literals() -> None:
    schema = ProtectorCharacter.model_json_schema()
    assert set(schema["properties"]["era"]["enum"]) == set(ERAS)
    assert set(AGENT_TRAIT_TYPES) == {*EQUIPMENT_TYPES, "skill", "character"}


def test_cli_new_writes_a_complete_file_that_checks(tmp_path: Path, capsys) -> None:
    out = tmp_path / "x.sheetdesk"
    assert cli.main(["new", "protector", "-o", str(out), "--name", "Arclight"]) == 0
    character = files.load_character(out)
    assert isinstance(character, ProtectorCharacter) and character.name == "Arclight"
    data = json.loads(out.read_text(encoding="utf-8"))
    assert data["system"] == "protector" and data["attributes"] == {}
    assert data["energy_pool"] == 10 and data["era"] in ERAS
    capsys.readouterr()
    # A new character has no Decade yet: `check` warns of it, and exits 0.
    assert cli.main(["check", str(out)]) == 0
    assert "warning: Every character starts with at least one Decade" in (
        capsys.readouterr().out)


def test_cli_schema_describes_the_file(capsys) -> None:
    assert cli.main(["schema", "protector"]) == 0
    schema = json.loads(capsys.readouterr().out)
    assert schema["$schema"].startswith("https://json-schema.org/")
    assert schema["additionalProperties"] is False
    for key in ("name", "attributes", "era", "energy_pool", "decades", "traits", "powers",
                "agents", "conflicts", "energy", "trait_dice", "power_count"):
        assert key in schema["properties"], key
    assert schema["$defs"]["NoAttributes"]["additionalProperties"] is False
