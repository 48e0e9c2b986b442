"""A Powers character as saved: the player's inputs, never derived numbers.

Basic Concepts: everything about a character is its six Attributes (dice counts; Health
is also the hit points) and its Powers, each made of Components (``components.py``) with
the player's own "fluff" text. ``cost_table`` remembers the cost table the character was
built with (the draft has no costs: RULINGS.md Powers 1); ``tracking`` is the damage
taken, each kind kept apart (Damage: Stun, Phantom).
"""


from typing import Literal

from pydantic import Field, model_validator

from desktop.model.defaults import empty_list
from desktop.model.document import require_in_files
from desktop.model.portrait import Portrait, portrait_field
from desktop.model.strict import StrictModel as _Strict
from desktop.systems.powers.rules.components import (
    ATTRIBUTE_NAMES,
    Component,
)

MAX_DICE = 60
"""An attribute's dice: the largest pool the odds are exact for (PRODUCT.md)."""
MAX_HEALTH = 999
MAX_DAMAGE = 9999
MAX_POWERS = 100
MAX_COMPONENTS = 50
DEFAULT_COST_TABLE = "Sheetdesk provisional costs v1"
"""The shipped table's name (resources/powers/costs.json); a new character is built
with it."""
ATTRIBUTE_LABELS: dict[str, str] = {
    "strength": "Strength", "resilience": "Resilience", "intelligence": "Intelligence",
    "willpower": "Willpower", "agility": "Agility", "health": "Health",
}
DamageKind = Literal["normal", "stun", "phantom"]
DAMAGE_KINDS: tuple[DamageKind, ...] = ("normal", "stun", "phantom")


class Attributes(_Strict):
    """The six attributes every character shares (Attributes), as dice counts. Ours, not
    the draft's: a blank character has 3 dice in each and Health 10 (the draft gives no
    starting values)."""

    _complete = model_validator(mode="before")(require_in_files(*ATTRIBUTE_NAMES))

    strength: int = Field(default=3, ge=0, le=MAX_DICE)
    resilience: int = Field(default=3, ge=0, le=MAX_DICE)
    intelligence: int = Field(default=3, ge=0, le=MAX_DICE)
    willpower: int = Field(default=3, ge=0, le=MAX_DICE)
    agility: int = Field(default=3, ge=0, le=MAX_DICE)
    health: int = Field(default=10, ge=0, le=MAX_HEALTH)
    """Points of damage before Close to Death: the hit points."""

    def get(self, name: str) -> int:
        return int(getattr(self, name))


class Power(_Strict):
    """A Power (Basic Concepts, Powers): its name, the player's fluff, its Components."""

    name: str = Field(min_length=1, max_length=200)
    fluff: str = Field(default="", max_length=10_000)
    components: list[Component] = Field(default_factory=empty_list, max_length=MAX_COMPONENTS)


class DamageTaken(_Strict):
    """Damage by kind, kept apart (Damage: Stun and Phantom are tracked separately)."""

    normal: int = Field(default=0, ge=0, le=MAX_DAMAGE)
    stun: int = Field(default=0, ge=0, le=MAX_DAMAGE)
    phantom: int = Field(default=0, ge=0, le=MAX_DAMAGE)


class Tracking(_Strict):
    """Where the character stands in play."""

    damage: DamageTaken = Field(default_factory=DamageTaken)


class PowersCharacter(_Strict):
    _complete = model_validator(mode="before")(require_in_files("name", "attributes"))

    format: Literal["sheetdesk.character"] = "sheetdesk.character"
    version: Literal[1] = 1
    system: Literal["powers"] = "powers"
    name: str = Field(default="", max_length=500)
    concept: str = Field(default="", max_length=2000)
    player: str = Field(default="", max_length=500)
    description: str = Field(default="", max_length=100_000)
    picture: Portrait | None = portrait_field()
    """The character's picture (``desktop.model.portrait``); none: the blank frame."""
    attributes: Attributes = Field(default_factory=Attributes)
    powers: list[Power] = Field(default_factory=empty_list, max_length=MAX_POWERS)
    cost_table: str = Field(default=DEFAULT_COST_TABLE, min_length=1, max_length=200)
    """The name of the cost table the character was built with."""
    tracking: Tracking = Field(default_factory=Tracking)
    notes: str = Field(default="", max_length=100_000)


CHARACTER_MODEL = PowersCharacter


def new_character(name: str = "") -> PowersCharacter:
    """A blank character: 3 dice in each attribute, Health 10 (ours: the draft gives no
    starting values), no powers, built with the shipped provisional cost table."""
    return PowersCharacter(name=name)
