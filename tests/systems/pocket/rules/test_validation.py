"""Step 7, findings: read from the character and the values of the steps before, never
from the assembled derived values."""

from __future__ import annotations

from desktop.systems.files import load_character
from desktop.systems.pocket.rules import catalog, validation
from desktop.systems.pocket.rules.attributes import attribute_values
from desktop.systems.pocket.rules.character import PocketCharacter, Tracking
from desktop.systems.pocket.rules.contacts import contact_values
from desktop.systems.pocket.rules.derived import derive
from desktop.systems.pocket.rules.equipment import equipment_values
from desktop.systems.pocket.rules.skills import skill_values
from desktop.systems.pocket.rules.traits import trait_values


def findings(character: PocketCharacter) -> list:
    attrs = attribute_values(character)
    traits = trait_values(character, attrs)
    learnt = skill_values(character, attrs, traits)
    return validation.findings(character, attrs, traits, learnt,
                               contact_values(character, traits),
                               equipment_values(character, attrs, traits, learnt))


def test_the_findings_are_those_derive_reports() -> None:
    for path in catalog.example_characters().values():
        character = load_character(path)
        hurt = character.model_copy(update={"name": "", "tracking": Tracking(hits=-3)})
        assert findings(character) == derive(character).findings
        assert findings(hurt) == derive(hurt).findings
        assert [f.field for f in findings(hurt)][:1] == ["name"]
