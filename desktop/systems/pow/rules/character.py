"""A POW! character as saved: the player's inputs, never the derived numbers.

Derived values (pools, initiative, costs, findings) are computed by ``rules.derive``
every time they are needed, so a file can never disagree with the rules.
"""


from typing import Annotated, Literal

from pydantic import Field, model_validator

from desktop.model.defaults import empty_list
from desktop.model.document import require_in_files
from desktop.model.portrait import Portrait, portrait_field
from desktop.model.strict import StrictModel as _Strict

Stat = Literal["agility", "brawn", "cognition", "damage", "energy", "fellowship"]
STATS: tuple[Stat, ...] = ("agility", "brawn", "cognition", "damage", "energy", "fellowship")
STAT_LABELS: dict[Stat, str] = {s: s.capitalize() for s in STATS}

# Wide enough for anything a GM might house-rule; the creation range 0–5 is a finding.
Score = Field(default=1, ge=-99, le=99)
# What the numbers can mean, and what the editor's spin boxes hold.
MAX_MONEY = 999_999_999
MAX_XP = 9_999_999
MAX_QUANTITY = 99_999
MAX_ROWS = 500
"""Specials, weapons, armor or items: rows a sheet can still print in seconds."""


class Stats(_Strict):
    """The six Statistics, A to F (POW!, Creating a Character, Step 2)."""

    _complete = model_validator(mode="before")(require_in_files(*STATS))

    agility: int = Score
    brawn: int = Score
    cognition: int = Score
    damage: int = Score
    energy: int = Score
    fellowship: int = Score

    def get(self, stat: Stat) -> int:
        return getattr(self, stat)


class Special(_Strict):
    """A Skill, Trait or Power (POW!, Creating a Character, Step 4)."""

    name: str = Field(min_length=1)
    stat: Stat
    minimum: int = Field(default=0, ge=0, le=5)
    purchase_cost: int = Field(default=1, ge=0, le=99)
    pool_cost: int = Field(default=0, ge=0, le=99)
    action_cost: int = Field(default=1, ge=0, le=99)
    """Actions spent to use it; 0 means always in effect."""
    effect: str = ""
    upgrade_cost: int | None = Field(default=None, ge=0, le=99)
    """None: the Special has no upgrade."""
    upgrade_effect: str = ""
    prerequisites: list[str] = Field(default_factory=empty_list, max_length=50)
    """Names of Specials the character must have first."""
    requirements: str = ""
    """Anything else it needs, in words (equipment, say)."""
    acquired: Literal["creation", "experience"] = "creation"
    upgrade: Literal["none", "creation", "experience"] = "none"
    """Whether the upgrade is taken, and how it was paid for."""


class Weapon(_Strict):
    """A weapon (POW!, Combat Basics, Causing Damage)."""

    name: str = Field(min_length=1)
    damage: int = Field(default=1, ge=0, le=999)
    adds_brawn: bool = True
    """Melee weapons and weapons used both ways (knives, axes) add Brawn. When a file or
    a caller leaves it out, it follows the kind: "Damage done by a melee weapon is equal
    to the weapon's damage value plus the character's Brawn"; "Damage done by most
    ranged weapons uses only the weapon's value" (POW!, Combat Basics, Causing Damage)."""
    ranged: bool = False
    base_range_ft: float | None = Field(default=None, gt=0, le=1_000_000, allow_inf_nan=False)
    """Range at Difficulty +0 for a ranged weapon; each further multiple adds 5."""
    notes: str = ""

    @model_validator(mode="before")
    @classmethod
    def _brawn_by_kind(cls, data: object) -> object:
        if isinstance(data, dict) and "adds_brawn" not in data:
            return {**data, "adds_brawn": not data.get("ranged", False)}
        return data


class Armor(_Strict):
    """Armor (POW!, How Armor Works)."""

    name: str = Field(min_length=1)
    frame_rating: int = Field(default=0, ge=0, le=999)
    damage_rating: int = Field(default=0, ge=0, le=9999)
    damage_rating_left: int | None = Field(default=None, ge=0, le=9999)
    """What the armor can still absorb; None means undamaged."""
    cost: str = ""
    description: str = ""
    worn: bool = True


class Item(_Strict):
    name: str = Field(min_length=1)
    quantity: int = Field(default=1, ge=0, le=MAX_QUANTITY)
    note: str = ""


class Experience(_Strict):
    """Experience Points earned and what was bought with them (POW!, Experience)."""

    earned: int = Field(default=0, ge=0, le=MAX_XP)
    raised: dict[Stat, Annotated[int, Field(ge=-99, le=99)]] = Field(default_factory=dict)
    """Stat points bought with experience, per stat (creation score = score − raised)."""


class Tracking(_Strict):
    """Where the character stands in play. An absent entry means full."""

    stats: dict[Stat, Annotated[int, Field(ge=-99, le=99)]] = Field(default_factory=dict)
    """Current (reduced) scores (POW!, Stat Reduction)."""
    pools: dict[Stat, Annotated[int, Field(ge=-9999, le=9999)]] = Field(default_factory=dict)
    """Current pool points (POW!, Taking Damage)."""


class Options(_Strict):
    """The book's optional rules, as the group plays them."""

    price_of_greatness: bool = False
    doubles: bool = False
    triples: bool = False
    criticals: bool = False
    combat_tactics: bool = False
    size_category: bool = False


class PowCharacter(_Strict):
    _complete = model_validator(mode="before")(require_in_files("name", "attributes"))

    format: Literal["sheetdesk.character"] = "sheetdesk.character"
    version: Literal[1] = 1
    system: Literal["pow"] = "pow"
    name: str = ""
    concept: str = ""
    """Basic Concept: 10–15 words on who the character is."""
    player: str = ""
    worldbook: str = ""
    description: str = ""
    picture: Portrait | None = portrait_field()
    """The character's picture (``desktop.model.portrait``); none: the blank frame."""
    attributes: Stats = Field(default_factory=Stats)
    character_points: int = Field(default=15, ge=0, le=999)
    """The Worldbook's budget for Stats and Specials (typically 10–20)."""
    size_category: int = Field(default=0, ge=-5, le=5)
    height_ft: float = Field(default=6.0, gt=0, le=10000)
    """Height (or length) in feet: melee range and movement follow it."""
    specials: list[Special] = Field(default_factory=empty_list, max_length=MAX_ROWS)
    weapons: list[Weapon] = Field(default_factory=empty_list, max_length=MAX_ROWS)
    armor: list[Armor] = Field(default_factory=empty_list, max_length=MAX_ROWS)
    items: list[Item] = Field(default_factory=empty_list, max_length=MAX_ROWS)
    money: int = Field(default=0, ge=0, le=MAX_MONEY)
    currency: str = "$"
    experience: Experience = Field(default_factory=Experience)
    tracking: Tracking = Field(default_factory=Tracking)
    options: Options = Field(default_factory=Options)
    notes: str = ""

    def current_stat(self, stat: Stat) -> int:
        return self.tracking.stats.get(stat, self.attributes.get(stat))


CHARACTER_MODEL = PowCharacter


def new_character(name: str = "") -> PowCharacter:
    """A blank character: every stat at 1, as the book advises ("at least 1 in each")."""
    ones = dict.fromkeys(STATS, 1)
    return PowCharacter(name=name, attributes=Stats(**ones))
