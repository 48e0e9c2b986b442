"""The Pocket Universe character file: defaults, completeness, strictness, CLI new/schema."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from desktop import cli
from desktop.model.errors import DocumentError
from desktop.model.findings import Severity
from desktop.systems import files, get
from desktop.systems.pocket.rules.character import (
    ATTRIBUTES,
    CHARACTER_MODEL,
    Attributes,
    Contact,
    Language,
    PocketCharacter,
    Skill,
    Trait,
    Weapon,
    new_character,
)
from desktop.systems.pocket.rules.derived import derive


def minimal(**changes: object) -> dict[str, object]:
    data: dict[str, object] = {
        "format": "sheetdesk.character", "version": 1, "system": "pocket", "name": "Mina",
        "attributes": {"phys": 10, "deft": 12, "intl": 10, "will": 10},
    }
    data.update(changes)
    return data


def test_registry_knows_the_game() -> None:
    system = get("pocket")
    assert system.name == "Pocket Universe Basic Rules"
    assert system.book == "Pocket Universe"
    assert system.character_model is CHARACTER_MODEL is PocketCharacter


def test_new_character_defaults() -> None:
    character = new_character("Mina")
    assert character.name == "Mina" and character.system == "pocket"
    assert character.attributes == Attributes(phys=8, deft=8, intl=8, will=8)
    derived = derive(character)
    assert derived.starting_money == derived.money == 500
    assert derived.attribute_points_left == 10
    assert not [f for f in derived.findings if f.severity is Severity.ERROR]


def test_a_saved_character_reads_back_unchanged(tmp_path: Path) -> None:
    character = new_character("Mina")
    character.skills.append(Skill(name="Melee", specialisation="blade", level=2))
    character.traits.append(Trait(name="Attribute +1", attribute="deft"))
    character.languages.append(Language(name="Common", native=True, literate=True))
    character.contacts.append(Contact(name="Bertram", tier="national_leader", insider="single"))
    character.equipment.weapons.append(Weapon(name="Sword", group="blade", damage=(4, 6, 8)))
    path = tmp_path / "mina.sheetdesk"
    files.save_character(path, character)
    again = files.load_character(path)
    assert again == character
    assert files.character_to_text(again) == path.read_text(encoding="utf-8")


def test_a_minimal_file_loads_with_defaults(tmp_path: Path) -> None:
    character = files.character_from_data(minimal())
    assert isinstance(character, PocketCharacter)
    assert character.attributes.get("deft") == 12
    assert character.equipment.weapons == [] and character.experience.awards == []


@pytest.mark.parametrize(("data", "where"), [
    ({k: v for k, v in minimal().items() if k != "attributes"}, "(top level)"),
    (minimal(attributes={"phys": 10, "deft": 12, "intl": 10}), "attributes"),
    (minimal(attributes={"phys": 10, "deft": 12, "intl": 10, "will": 10, "luck": 3}),
     "attributes.luck"),
    (minimal(attributes={"phys": 100, "deft": 12, "intl": 10, "will": 10}), "attributes.phys"),
    (minimal(hair="red"), "hair"),
    (minimal(languages=[{"name": "Elvish", "level": 4}]), "languages.0.level"),
    (minimal(skills=[{"name": ""}]), "skills.0.name"),
    (minimal(traits=[{"name": "Running", "times": 0}]), "traits.0.times"),
    (minimal(traits=[{"name": "Attribute +1", "attribute": "luck"}]), "traits.0.attribute"),
    (minimal(contacts=[{"name": "Bo", "tier": "emperor"}]), "contacts.0.tier"),
    (minimal(equipment={"weapons": [{"name": "Sword", "damage": [1, 2]}]}),
     "equipment.weapons.0.damage"),
    (minimal(experience={"awards": [], "attribute_raises": {"phys": -1}}),
     "experience.attribute_raises.phys"),
])
def test_bad_files_are_one_line_document_errors(data: dict, where: str) -> None:
    with pytest.raises(DocumentError) as caught:
        files.character_from_data(data, "bad.sheetdesk")
    assert caught.value.where.startswith(where), str(caught.value)
    assert "\n" not in str(caught.value)


def test_cli_new_writes_a_loadable_default_character(tmp_path: Path, capsys) -> None:
    out = tmp_path / "x.sheetdesk"
    assert cli.main(["new", "pocket", "-o", str(out), "--name", "Kim"]) == 0
    character = files.load_character(out)
    assert isinstance(character, PocketCharacter) and character.name == "Kim"
    assert all(character.attributes.get(a) == 8 for a in ATTRIBUTES)
    assert cli.main(["check", str(out)]) == 0  # warnings only: nothing bought yet
    capsys.readouterr()


def test_cli_schema_describes_the_file(capsys) -> None:
    assert cli.main(["schema", "pocket"]) == 0
    schema = json.loads(capsys.readouterr().out)
    assert schema["title"] == "PocketCharacter"
    assert schema["properties"]["system"]["const"] == "pocket"
    assert set(schema["$defs"]["Attributes"]["properties"]) == {"phys", "deft", "intl", "will"}
    assert {"traits", "skills", "languages", "contacts", "equipment", "experience",
            "tracking"} <= set(schema["properties"])
    assert schema["$defs"]["Contact"]["properties"]["tier"]["enum"][-1] == "national_leader"
