"""The draft's Components (Component Listing) as pydantic models: Move, Range, Duration,
Damage, Resistance, Healing and Accurate, each with the choices the draft gives.

Every choice is a Literal, so an unknown component, speed, range, type or modifier is
refused when the file is read, with one line naming the field. A modifier that the draft
writes with a parameter ("Jump (range)", "Burrow (rating)", "DoT (turns)", "Attribute
Linked") must carry it (``PARAMS``); one without must not. Pure: no Qt, no costs (those
are ``costs.py``'s).
"""


from typing import Annotated, ClassVar, Literal, get_args

from pydantic import BaseModel, Field, field_validator, model_validator

from desktop.model.defaults import empty_list
from desktop.model.strict import StrictModel as _Strict

MAX_RATING = 60
"""Points of damage, resistance, healing, accuracy or a modifier's rating: a pool's size."""
MAX_TURNS = 99

AttributeName = Literal["strength", "resilience", "intelligence", "willpower", "agility",
                        "health"]
ATTRIBUTE_NAMES: tuple[AttributeName, ...] = get_args(AttributeName)

Speed = Literal["very_slow", "slow", "normal", "fast", "extra_fast", "super_fast", "sonic",
                "super_sonic", "hyper_sonic", "super_speed", "ultra_speed", "light_speed",
                "ftl", "stellar", "galactic"]
MoveModifierId = Literal["fly", "jump", "wheeled", "burrow", "tunnel", "swing", "aquatic",
                         "momentum", "controlled_momentum", "absolute_momentum"]
RangeName = Literal["personal", "melee", "close", "short", "medium", "long", "extreme",
                    "super", "planetary", "system", "galactic", "unlimited"]
RangeModifierId = Literal["touch", "no_los"]
DurationName = Literal["instant", "always_on", "toggled", "delayed", "build_up",
                       "build_down", "time"]
DamageType = Literal["bashing", "piercing", "slashing", "fire", "electrical", "cold",
                     "sound", "biological"]
DamageModifierId = Literal["dot", "dot_fading", "dot_increase", "psychic", "stun",
                           "phantom", "attribute_linked"]
ResistanceModifierId = Literal["rot_fading", "rot_increase", "mind_over_matter", "stun"]
HealingModifierId = Literal["hot", "hot_fading", "hot_increase", "stun"]
ComponentKind = Literal["move", "range", "duration", "damage", "resistance", "healing",
                        "accurate"]

SPEEDS: tuple[Speed, ...] = get_args(Speed)
RANGES: tuple[RangeName, ...] = get_args(RangeName)
"""In order: a range's step (``RANGES.index``) prices Jump and Swing (costs.py)."""
DURATIONS: tuple[DurationName, ...] = get_args(DurationName)
DAMAGE_TYPES: tuple[DamageType, ...] = get_args(DamageType)
COMPONENT_KINDS: tuple[ComponentKind, ...] = get_args(ComponentKind)
MODIFIERS: dict[str, tuple[str, ...]] = {
    "move": get_args(MoveModifierId),
    "range": get_args(RangeModifierId),
    "damage": get_args(DamageModifierId),
    "resistance": get_args(ResistanceModifierId),
    "healing": get_args(HealingModifierId),
}
"""The modifiers each component takes (Duration and Accurate take none)."""

Param = Literal["rating", "range", "turns", "attribute"]
PARAMS: dict[str, Param] = {
    "move.jump": "range", "move.swing": "range", "move.burrow": "rating",
    "move.tunnel": "rating", "move.controlled_momentum": "rating",
    "damage.dot": "turns", "damage.dot_increase": "turns", "damage.phantom": "rating",
    "damage.attribute_linked": "attribute",
    "resistance.rot_increase": "turns",
    "healing.hot": "turns", "healing.hot_increase": "turns",
    "duration.delayed": "turns", "duration.build_up": "turns",
    "duration.build_down": "turns", "duration.time": "turns",
}
"""The parameter a choice carries, as the draft writes it: "Jump (range)", "DoT (turns)"."""


class Modifier(_Strict):
    """A modifier and its one parameter, if the draft gives it one (``PARAMS``)."""

    id: str
    rating: int | None = Field(default=None, ge=0, le=MAX_RATING)
    range: RangeName | None = None
    turns: int | None = Field(default=None, ge=1, le=MAX_TURNS)
    attribute: AttributeName | None = None

    @model_validator(mode="after")
    def _its_parameter(self) -> "Modifier":
        check_params(f"{self.component}.{self.id}", self, ("rating", "range", "turns",
                                                            "attribute"))
        return self

    component: ClassVar[str] = ""

    def param(self) -> int | str | None:
        name = PARAMS.get(f"{self.component}.{self.id}")
        return getattr(self, name) if name else None


def check_params(key: str, model: BaseModel, names: tuple[str, ...]) -> None:
    """The parameter ``key`` needs is set, and no other is."""
    wanted = PARAMS.get(key)
    for name in names:
        value = getattr(model, name)
        if name == wanted and value is None:
            raise ValueError(f"{key.split('.')[-1]} needs its {name}")
        if name != wanted and value is not None:
            raise ValueError(f"{key.split('.')[-1]} takes no {name}")


class MoveModifier(Modifier):
    component: ClassVar[str] = "move"
    id: MoveModifierId


class RangeModifier(Modifier):
    component: ClassVar[str] = "range"
    id: RangeModifierId


class DamageModifier(Modifier):
    component: ClassVar[str] = "damage"
    id: DamageModifierId


class ResistanceModifier(Modifier):
    component: ClassVar[str] = "resistance"
    id: ResistanceModifierId


class HealingModifier(Modifier):
    component: ClassVar[str] = "healing"
    id: HealingModifierId


def _once(modifiers: list[Modifier]) -> list[Modifier]:
    ids = [m.id for m in modifiers]
    for index, name in enumerate(ids):
        if ids.index(name) != index:
            raise ValueError(f"modifier {name!r} twice")
    return modifiers


class Move(_Strict):
    """Move: a speed (Normal Human by default) and its modifiers (Fly, Jump, …)."""

    kind: Literal["move"] = "move"
    speed: Speed = "normal"
    modifiers: list[MoveModifier] = Field(default_factory=empty_list, max_length=20)

    _unique = field_validator("modifiers")(_once)


class Range(_Strict):
    """Range: Personal by default; Touch and No LoS modify it."""

    kind: Literal["range"] = "range"
    range: RangeName = "personal"
    modifiers: list[RangeModifier] = Field(default_factory=empty_list, max_length=20)

    _unique = field_validator("modifiers")(_once)


class Duration(_Strict):
    """Duration: Instant by default; Delayed, Build Up, Build Down and Time take turns."""

    kind: Literal["duration"] = "duration"
    duration: DurationName = "instant"
    turns: int | None = Field(default=None, ge=1, le=MAX_TURNS)

    @model_validator(mode="after")
    def _its_turns(self) -> "Duration":
        check_params(f"duration.{self.duration}", self, ("turns",))
        return self


def _bashing() -> list[DamageType]:
    """A damage component's types when it names none."""
    return ["bashing"]


class Damage(_Strict):
    """Damage: a rating (dice rolled against Resilience), at least one type, modifiers.
    With Attribute Linked the attribute's dice replace the rating."""

    kind: Literal["damage"] = "damage"
    rating: int = Field(default=1, ge=0, le=MAX_RATING)
    types: list[DamageType] = Field(default_factory=_bashing, max_length=8)
    modifiers: list[DamageModifier] = Field(default_factory=empty_list, max_length=20)

    _unique = field_validator("modifiers")(_once)

    @field_validator("types")
    @classmethod
    def _types_once(cls, value: list[DamageType]) -> list[DamageType]:
        return list(dict.fromkeys(value))

    def modifier(self, modifier_id: str) -> DamageModifier | None:
        return next((m for m in self.modifiers if m.id == modifier_id), None)


ResistanceType = Literal["bashing", "piercing", "slashing", "fire", "electrical", "cold",
                         "sound", "biological", "general"]
"""A damage type, or "general" for all of them."""


class Resistance(_Strict):
    """Resistance: points added to the resisting roll against one damage type (or all,
    "general"); negative for a weakness."""

    kind: Literal["resistance"] = "resistance"
    rating: int = Field(default=1, ge=-MAX_RATING, le=MAX_RATING)
    type: ResistanceType = "bashing"
    modifiers: list[ResistanceModifier] = Field(default_factory=empty_list, max_length=20)

    _unique = field_validator("modifiers")(_once)

    def has(self, modifier_id: str) -> bool:
        return any(m.id == modifier_id for m in self.modifiers)


class Healing(_Strict):
    """Healing: points of healing; never negative."""

    kind: Literal["healing"] = "healing"
    rating: int = Field(default=1, ge=0, le=MAX_RATING)
    modifiers: list[HealingModifier] = Field(default_factory=empty_list, max_length=20)

    _unique = field_validator("modifiers")(_once)


class Accurate(_Strict):
    """Accurate (n): n more dice on the attack roll (Hitting a Target: "Accurate (5)");
    negative for an inaccurate power."""

    kind: Literal["accurate"] = "accurate"
    rating: int = Field(default=1, ge=-MAX_RATING, le=MAX_RATING)


Component = Annotated[Move | Range | Duration | Damage | Resistance | Healing | Accurate,
                      Field(discriminator="kind")]
