"""The book's skill list with its descriptions' rules (2.42, 2.43), the skill EP costs
(2.4) and the language costs (2.41) (skills.json)."""


from functools import cache
from typing import Literal, NamedTuple

from desktop.systems.pocket.rules import catalog
from desktop.systems.pocket.rules.character import Attribute


class CostRow(NamedTuple):
    level: int
    cost: int
    total: int


class SkillCosts(NamedTuple):
    source: str
    text: str
    note: str
    rows: tuple[CostRow, ...]
    creation_max_level: int

    def total(self, level: int) -> int:
        """EPs for a skill at Attribute + ``level`` in all (2.4): 1, 3, 6, 10, 15…

        Past the printed rows each level costs one more than the one before
        ("etc. +1 Cost"), RULINGS Pocket 4.
        """
        if level < 0:
            return 0
        last = self.rows[-1]
        if level <= last.level:
            return self.rows[level].total
        extra = level - last.level
        return last.total + extra * last.cost + extra * (extra + 1) // 2

    def step(self, level: int) -> int:
        """EPs to go from Attribute + ``level`` to + ``level + 1``."""
        return self.total(level + 1) - self.total(level)


class LanguageLevel(NamedTuple):
    level: int
    total: int
    name: str
    text: str


class LanguageCosts(NamedTuple):
    source: str
    text: str
    note: str
    levels: tuple[LanguageLevel, ...]
    literacy: int

    def level(self, level: int) -> LanguageLevel:
        return next(row for row in self.levels if row.level == level)


class GmSkills(NamedTuple):
    source: str
    text: str
    attributes: tuple[Attribute, ...]


class SkillInfo(NamedTuple):
    """A skill of the book's list (2.42) with its description's rules (2.43)."""

    name: str
    attribute: Attribute
    penalty: int
    """Unskilled penalty."""
    source: str
    text: str
    specialised: bool = False
    specialisations: tuple[str, ...] = ()
    """The book's examples; others are allowed."""
    defense: tuple[Literal["melee", "missile"], ...] = ()
    defense_condition: str = ""
    """When the skill may defend, if not always."""
    attack_bonus: int = 0
    damage_levels: int = 0
    perception: bool = False
    alternate_penalty: int | None = None
    alternate_when: str = ""
    note: str = ""


class SkillData(NamedTuple):
    book: str
    about: str
    costs: SkillCosts
    languages: LanguageCosts
    gm_skills: GmSkills
    skills: tuple[SkillInfo, ...]


@cache
def skill_data() -> SkillData:
    """Skill list, skill EP costs and language costs (skills.json)."""
    return catalog.BOOK.load(SkillData, "skills.json")


@cache
def _skills_by_key() -> dict[str, SkillInfo]:
    return {info.name.casefold(): info for info in skill_data().skills}


def skills() -> tuple[SkillInfo, ...]:
    return skill_data().skills


def skill(name: str) -> SkillInfo | None:
    """The book's skill called ``name`` (any case), or None."""
    return _skills_by_key().get(name.strip().casefold())
