"""The Warlords of Kruhl character file: bad input is refused with the field named."""

from __future__ import annotations

import pytest
from pydantic import ValidationError

from desktop.model.errors import DocumentError
from desktop.systems.files import character_from_data
from desktop.systems.kruhl.rules.character import KruhlCharacter, new_character


def data(**changes):
    out = new_character("Test").model_dump()
    out.update(changes)
    return out


@pytest.mark.parametrize(("changes", "field"), [
    ({"skills": {"Swordplay": "skill"}}, "skills"),
    ({"skills": {"Culture": "master"}}, "skills.Culture"),
    ({"conditions": ["on fire"]}, "conditions"),
    ({"equipment": [{"name": "Lockpick", "rating": 4}]}, "equipment.0.rating"),
    ({"plot_points": -1}, "plot_points"),
    ({"attributes": {"agility": "six", "brawn": 2, "reason": 2, "presence": 2,
                     "endurance": 5, "power_level": 0}}, "attributes.agility"),
])
def test_bad_values_name_their_field(changes, field) -> None:
    with pytest.raises(ValidationError) as info:
        KruhlCharacter.model_validate(data(**changes))
    where = ".".join(str(p) for p in info.value.errors()[0]["loc"])
    assert where == field


def test_a_file_must_name_every_attribute(tmp_path) -> None:
    broken = data()
    del broken["attributes"]["power_level"]
    with pytest.raises(DocumentError, match="power_level"):
        character_from_data(broken, tmp_path / "x.sheetdesk")


def test_conditions_are_kept_once_in_order() -> None:
    c = KruhlCharacter.model_validate(data(conditions=["prone", "cover", "prone"]))
    assert c.conditions == ["prone", "cover"]


def test_current_endurance_takes_off_stun_and_never_goes_below_zero() -> None:
    c = KruhlCharacter.model_validate(data(tracking={"endurance": 2, "stun": 5}))
    assert c.current_endurance() == 0
    assert new_character().current_endurance() == 5
