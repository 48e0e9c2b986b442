"""What Warlords of Kruhl's "Add equipment…" and "Add custom skill…" offer
(``resources/kruhl/add_lists.json``): the few pieces of equipment the Actions chapter
rates, then Sheetdesk's clearly labelled examples (the chapter names no more, and no
skills beyond its tables). Pure Python, no Qt; read once."""

from __future__ import annotations

from functools import cache
from typing import Literal, NamedTuple

from desktop.systems.kruhl.rules.catalog import BOOK, Attribute
from desktop.systems.kruhl.rules.character import CustomSkill, Equipment, EquipmentUse

FILE = "add_lists.json"
OURS = "Sheetdesk example, not the book's"


class EquipmentExample(NamedTuple):
    name: str
    rating: int
    skills: tuple[str, ...]
    notes: str
    from_: Literal["book", "sheetdesk"]
    """The file's key "from" (a Python keyword cannot name a field: ``book_records``)."""
    use: EquipmentUse = "attack"
    """Which rolls of a combat skill it is relevant to: a weapon attacks, a shield defends."""
    section: str = ""

    @property
    def source(self) -> str:
        return f"book: {self.section}" if self.from_ == "book" else OURS

    def equipment(self) -> Equipment:
        return Equipment(name=self.name, rating=self.rating, skills=list(self.skills),
                         notes=self.notes, use=self.use)


class SkillExample(NamedTuple):
    name: str
    attribute: Attribute
    notes: str

    @property
    def source(self) -> str:
        return OURS

    def custom_skill(self) -> CustomSkill:
        return CustomSkill(name=self.name, attribute=self.attribute)


@cache
def equipment_examples() -> tuple[EquipmentExample, ...]:
    return tuple(BOOK.validate(EquipmentExample, item, FILE, where)
                 for item, where in BOOK.entries(FILE, "equipment"))


@cache
def skill_examples() -> tuple[SkillExample, ...]:
    return tuple(BOOK.validate(SkillExample, item, FILE, where)
                 for item, where in BOOK.entries(FILE, "custom_skills"))
