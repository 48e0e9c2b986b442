"""The draft's components: every choice and parameter, as the draft writes them."""

from __future__ import annotations

import pytest
from pydantic import ValidationError

from desktop.systems.powers.rules.components import (
    DAMAGE_TYPES,
    MODIFIERS,
    PARAMS,
    RANGES,
    SPEEDS,
    Damage,
    Duration,
    Move,
    Resistance,
)


def test_the_drafts_choices() -> None:
    assert len(SPEEDS) == 15 and SPEEDS[0] == "very_slow" and SPEEDS[-1] == "galactic"
    assert RANGES[0] == "personal" and RANGES[-1] == "unlimited" and len(RANGES) == 12
    assert len(DAMAGE_TYPES) == 8
    assert {"psychic", "stun", "phantom", "dot", "attribute_linked"} <= set(MODIFIERS["damage"])
    assert set(MODIFIERS["resistance"]) == {"rot_fading", "rot_increase",
                                            "mind_over_matter", "stun"}


def test_every_parameter_belongs_to_a_choice() -> None:
    for key in PARAMS:
        component, choice = key.split(".")
        assert choice in MODIFIERS.get(component, ()) or component == "duration"


@pytest.mark.parametrize(("model", "value", "message"), [
    (Move, {"modifiers": [{"id": "burrow"}]}, "burrow needs its rating"),
    (Damage, {"modifiers": [{"id": "attribute_linked"}]}, "needs its attribute"),
    (Damage, {"modifiers": [{"id": "psychic", "turns": 2}]}, "psychic takes no turns"),
    (Duration, {"duration": "instant", "turns": 2}, "instant takes no turns"),
    (Resistance, {"modifiers": [{"id": "rot_increase"}]}, "needs its turns"),
])
def test_parameters_are_required_where_the_draft_gives_them(model, value, message) -> None:
    with pytest.raises(ValidationError, match=message):
        model.model_validate(value)


def test_resistance_may_be_negative_and_general() -> None:
    weak = Resistance(rating=-3, type="general")
    assert weak.rating == -3 and not weak.has("stun")


def test_a_resistance_type_is_a_damage_type_or_general() -> None:
    from typing import get_args

    from desktop.systems.powers.rules.components import ResistanceType

    assert get_args(ResistanceType) == (*DAMAGE_TYPES, "general")
