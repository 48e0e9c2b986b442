"""What Warlords of Kruhl's "Add equipment…" and "Add custom skill…" offer
(``resources/kruhl/add_lists.json``): the few pieces of equipment the Actions chapter
rates, then Sheetdesk's clearly labelled examples (the chapter names no more, and no
skills beyond its tables). Pure Python, no Qt; read once."""

from __future__ import annotations

from functools import cache
from typing import Any, Literal, NamedTuple

from desktop.model.errors import DocumentError
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
    """The file's key "from" (a Python keyword cannot name a field)."""
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


def _equipment(item: dict[str, Any], where: str) -> EquipmentExample:
    """One piece, its key "from" read into ``from_`` (a key "from_" in the file is as
    unknown as any other misspelling)."""
    if "from_" in item:
        raise DocumentError(BOOK.path(FILE), "unknown key", f"{where}.from_")
    row = {("from_" if key == "from" else key): value for key, value in item.items()}
    return BOOK.validate(EquipmentExample, row, FILE, where)


@cache
def equipment_examples() -> tuple[EquipmentExample, ...]:
    return tuple(_equipment(item, where) for item, where in BOOK.entries(FILE, "equipment"))


@cache
def skill_examples() -> tuple[SkillExample, ...]:
    return tuple(BOOK.validate(SkillExample, item, FILE, where)
                 for item, where in BOOK.entries(FILE, "custom_skills"))
