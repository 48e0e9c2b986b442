"""A Warlords of Kruhl character as saved: the player's inputs, never derived numbers.

The book gives only the Actions chapter, with no creation rules (RULINGS.md Kruhl 1):
the values are taken as given. A skill of the chapter is stored by name with its level;
a custom skill names its own attribute. Unknown skill names and condition ids are
refused when the file is read (one line naming the field), never dropped.
"""


from typing import Literal

from pydantic import Field, field_validator, model_validator

from desktop.model.defaults import empty_list
from desktop.model.document import require_in_files
from desktop.model.portrait import Portrait, portrait_field
from desktop.model.strict import StrictModel as _Strict
from desktop.systems.kruhl.rules.catalog import (
    ATTRIBUTES,
    Attribute,
    condition_ids,
    listed_uses,
    skill_names,
)

Level = Literal["none", "skill", "expertise"]
LEVELS: tuple[Level, ...] = ("none", "skill", "expertise")
LEVEL_LABELS: dict[Level, str] = {"none": "Unskilled", "skill": "Skill",
                                  "expertise": "Expertise"}
SCORES: tuple[str, ...] = (*ATTRIBUTES, "endurance", "power_level")
ATTRIBUTE_LABELS: dict[str, str] = {
    "agility": "Agility", "brawn": "Brawn", "reason": "Reason", "presence": "Presence",
    "endurance": "Endurance", "power_level": "Power Level",
}
MAX_SCORE = 99
MAX_DICE = 20
"""Bonus or penalty dice on one thing: far past any table, small enough for exact odds."""


class Attributes(_Strict):
    """Agility, Brawn, Reason, Presence; Endurance (maximum) and Power Level."""

    _complete = model_validator(mode="before")(require_in_files(*SCORES))

    agility: int = Field(default=2, ge=0, le=MAX_SCORE)
    brawn: int = Field(default=2, ge=0, le=MAX_SCORE)
    reason: int = Field(default=2, ge=0, le=MAX_SCORE)
    presence: int = Field(default=2, ge=0, le=MAX_SCORE)
    endurance: int = Field(default=5, ge=0, le=MAX_SCORE)
    power_level: int = Field(default=0, ge=0, le=MAX_SCORE)

    def get(self, name: str) -> int:
        return int(getattr(self, name))


class CustomSkill(_Strict):
    """A skill the chapter does not name, tied to the attribute the player chose."""

    name: str = Field(min_length=1, max_length=200)
    attribute: Attribute
    level: Level = "skill"
    adds_power_level: bool = False


EquipmentUse = Literal["attack", "defense", "both"]
EQUIPMENT_USES: dict[EquipmentUse, str] = {
    "attack": "attack rolls (a weapon)",
    "defense": "defense rolls (a shield)",
    "both": "attack and defense rolls",
}


class Equipment(_Strict):
    """A piece of equipment and the skills it helps (Skill Roll: rating 1 simple, 2
    ordinary, 3 special-purpose; only the highest that applies adds).

    ``use`` says which rolls of a combat skill it is relevant to (Opposed Tasks: "both
    ... add the rating of their relevant equipment"): a weapon rated for attacks adds to
    attack rolls, not to the defense against one; a shield adds to defense. Every other
    skill makes one kind of roll, and the piece adds to it whatever ``use`` says."""

    name: str = Field(min_length=1, max_length=200)
    rating: int = Field(default=1, ge=1, le=3)
    skills: list[str] = Field(default_factory=empty_list, max_length=100)
    use: EquipmentUse = "attack"

    @model_validator(mode="before")
    @classmethod
    def _listed_use(cls, data: object) -> object:
        """A piece saved before ``use`` existed: the use of the Add list's piece of that
        name (a Shield defends), else a weapon's."""
        if isinstance(data, dict) and "use" not in data and isinstance(data.get("name"), str):
            use = listed_uses().get(data["name"].strip().casefold())
            if use is not None:
                return {**data, "use": use}
        return data
    notes: str = Field(default="", max_length=10_000)


class Tracking(_Strict):
    """Where the character stands in play."""

    endurance: int | None = Field(default=None, ge=0, le=MAX_SCORE)
    """Current Endurance before stunning damage; None means at its maximum."""
    stun: int = Field(default=0, ge=0, le=MAX_SCORE)
    """Stunning damage, kept apart: it all comes back after the fight (Stunning)."""


class KruhlCharacter(_Strict):
    _complete = model_validator(mode="before")(require_in_files("name", "attributes"))

    format: Literal["sheetdesk.character"] = "sheetdesk.character"
    version: Literal[1] = 1
    system: Literal["kruhl"] = "kruhl"
    name: str = Field(default="", max_length=500)
    concept: str = Field(default="", max_length=2000)
    player: str = Field(default="", max_length=500)
    description: str = Field(default="", max_length=100_000)
    picture: Portrait | None = portrait_field()
    """The character's picture (``desktop.model.portrait``); none: the blank frame."""
    attributes: Attributes = Field(default_factory=Attributes)
    skills: dict[str, Level] = Field(default_factory=dict)
    """The chapter's skills by name (absent: unskilled)."""
    power_level_skills: list[str] = Field(default_factory=empty_list, max_length=100)
    """Skills to which an ability adds the Power Level (once, however many abilities)."""
    custom_skills: list[CustomSkill] = Field(default_factory=empty_list, max_length=200)
    equipment: list[Equipment] = Field(default_factory=empty_list, max_length=500)
    plot_points: int = Field(default=1, ge=0, le=MAX_SCORE)
    conditions: list[str] = Field(default_factory=empty_list, max_length=100)
    """Condition ids of ``resources/kruhl/conditions.json`` now in effect."""
    rabble: bool = False
    """Nameless minor opponent: defeated by any successful attack (Rabble)."""
    tracking: Tracking = Field(default_factory=Tracking)
    notes: str = Field(default="", max_length=100_000)

    @field_validator("skills")
    @classmethod
    def _known_skills(cls, value: dict[str, Level]) -> dict[str, Level]:
        unknown = sorted(set(value) - skill_names())
        if unknown:
            raise ValueError(f"unknown skill {unknown[0]!r} (a skill the chapter does not "
                             "name goes under custom_skills with its attribute)")
        return value

    @field_validator("conditions")
    @classmethod
    def _known_conditions(cls, value: list[str]) -> list[str]:
        unknown = sorted(set(value) - condition_ids())
        if unknown:
            raise ValueError(f"unknown condition {unknown[0]!r} (known: "
                             f"{', '.join(sorted(condition_ids()))})")
        return list(dict.fromkeys(value))

    def current_endurance(self) -> int:
        """Current Endurance with stunning damage taken off; never below zero."""
        current = self.attributes.endurance if self.tracking.endurance is None else (
            self.tracking.endurance)
        return max(0, current - self.tracking.stun)


CHARACTER_MODEL = KruhlCharacter


def new_character(name: str = "") -> KruhlCharacter:
    """A blank character: attributes 2, Endurance 5, one plot point (each player starts
    each session with one: Plot Points)."""
    return KruhlCharacter(name=name)
