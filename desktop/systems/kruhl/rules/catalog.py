"""The Actions chapter's tables as data (``resources/kruhl/``): the skills it names with
their usual attribute, the conditions of the two bonus/penalty tables, the difficulty
values, range bands, equipment ratings and plot point spends.

Pure Python, no Qt; read once and kept. Each row is a plain record (a NamedTuple, cheap to
declare as a character opens; ``book_records`` checks it as strictly as a model would).
The character model validates skill names and condition ids against these tables.
"""


from functools import cache
from typing import Literal, NamedTuple, TypeVar

from desktop.systems.book_data import BookData

BOOK = BookData("kruhl")
R = TypeVar("R", bound=tuple)


def _rows(name: str, key: str, record: type[R]) -> tuple[R, ...]:
    """Each row of the list under ``key`` in book file ``name``, read as ``record``."""
    return tuple(BOOK.validate(record, item, name, where)
                 for item, where in BOOK.entries(name, key))


Attribute = Literal["agility", "brawn", "reason", "presence"]
ATTRIBUTES: tuple[Attribute, ...] = ("agility", "brawn", "reason", "presence")
RollKind = Literal["attack_hth", "attack_ranged", "attack_magic", "defense_hth",
                   "defense_ranged", "defense_magic", "skill"]
ROLL_KINDS: tuple[RollKind, ...] = ("attack_hth", "attack_ranged", "attack_magic",
                                    "defense_hth", "defense_ranged", "defense_magic", "skill")
ROLL_KIND_LABELS: dict[RollKind, str] = {
    "attack_hth": "hand-to-hand attack", "attack_ranged": "ranged attack",
    "attack_magic": "magical attack", "defense_hth": "hand-to-hand defense",
    "defense_ranged": "ranged defense", "defense_magic": "Magic Resistance",
    "skill": "skill roll",
}
GROUPS: dict[str, tuple[RollKind, ...]] = {
    "attack": ("attack_hth", "attack_ranged", "attack_magic"),
    "defense": ("defense_hth", "defense_ranged", "defense_magic"),
}
"""A condition's effect on "attack" or "defense" applies to each kind of it."""


class SkillInfo(NamedTuple):
    name: str
    attribute: Attribute
    section: str


Ends = Literal["roll", "turn", "next_turn", "gm"]
ENDS_TEXT: dict[str, str] = {
    "roll": "ends after the first roll it changes",
    "turn": "ends with the character's turn",
    "next_turn": "ends when the character takes its next turn",
    "gm": "",
}


class ConditionInfo(NamedTuple):
    id: str
    label: str
    section: str
    effects: dict[str, int | Literal["fail"]]
    text: str
    ends: Ends = "gm"
    """When it ends by itself (the chapter's words in ``text``); "gm": when the GM says."""
    same_as: str = ""
    """Another name of one state (Grappled is Restrained): its dice count once."""

    @property
    def state(self) -> str:
        return self.same_as or self.id

    def effect_on(self, kind: RollKind) -> int | Literal["fail"]:
        """Its dice on one kind of roll: +1 a bonus die, −1 a penalty die, or "fail"."""
        total: int | Literal["fail"] = 0
        for key, value in self.effects.items():
            if key == kind or kind in GROUPS.get(key, ()):
                if value == "fail":
                    return "fail"
                total += value
        return total


class DifficultyValue(NamedTuple):
    dv: int
    name: str
    example: str


class RangeBand(NamedTuple):
    name: str
    distance: str
    weapons: str


class EquipmentRating(NamedTuple):
    rating: int
    name: str
    example: str


class PlotPointUse(NamedTuple):
    id: str
    name: str
    text: str


class ActionRow(NamedTuple):
    when: str
    what: str


@cache
def skills() -> tuple[SkillInfo, ...]:
    return _rows("skills.json", "skills", SkillInfo)


@cache
def conditions() -> tuple[ConditionInfo, ...]:
    return _rows("conditions.json", "conditions", ConditionInfo)


@cache
def skill_names() -> frozenset[str]:
    return frozenset(s.name for s in skills())


@cache
def condition_ids() -> frozenset[str]:
    return frozenset(c.id for c in conditions())


def skill(name: str) -> SkillInfo:
    for info in skills():
        if info.name == name:
            return info
    raise KeyError(name)


def condition(condition_id: str) -> ConditionInfo:
    for info in conditions():
        if info.id == condition_id:
            return info
    raise KeyError(condition_id)


@cache
def difficulty_values() -> tuple[DifficultyValue, ...]:
    return _rows("tables.json", "difficulty_values", DifficultyValue)


@cache
def range_bands() -> tuple[RangeBand, ...]:
    return _rows("tables.json", "range_bands", RangeBand)


@cache
def equipment_ratings() -> tuple[EquipmentRating, ...]:
    return _rows("tables.json", "equipment_ratings", EquipmentRating)


@cache
def plot_point_uses() -> tuple[PlotPointUse, ...]:
    return _rows("tables.json", "plot_points", PlotPointUse)


@cache
def listed_uses() -> dict[str, str]:
    """The ``use`` of each piece of the Add equipment list that says one, by its name in
    lower case ("shield": "defense"): what a piece saved without a use is taken to be."""
    return {str(item["name"]).casefold(): str(item["use"])
            for item, _ in BOOK.entries("add_lists.json", "equipment") if "use" in item}


@cache
def actions() -> tuple[ActionRow, ...]:
    return _rows("tables.json", "actions", ActionRow)
