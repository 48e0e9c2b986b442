"""Powers data (``resources/powers/``): the labels and texts of every component choice
from the draft's Component Listing, and our own example powers (RULINGS.md Powers 6:
the draft's "Example Powers" section is empty) as a catalog a power editor starts from.

Pure Python, no Qt; each file read once into plain records (NamedTuples), an example's
power being the character model's ``Power``. The example-power loaders hand out copies,
so a caller may change what it gets. The cost table is ``costs.py``'s, the Epic Fail table
``epic_fail.py``'s.
"""


from functools import cache
from pathlib import Path
from typing import NamedTuple

from desktop.systems.book_data import BookData
from desktop.systems.powers.rules.character import Power

BOOK = BookData("powers")


class Choice(NamedTuple):
    id: str
    label: str
    text: str


class SpeedChoice(NamedTuple):
    id: str
    label: str
    mph: str
    reach: str


class ComponentTexts(NamedTuple):
    """``components.json``: every choice's label and a short text, by component."""

    source: str
    components: tuple[Choice, ...]
    speeds: tuple[SpeedChoice, ...]
    ranges: tuple[Choice, ...]
    durations: tuple[Choice, ...]
    damage_types: tuple[Choice, ...]
    modifiers: dict[str, tuple[Choice, ...]]


class CatalogPower(NamedTuple):
    power: Power
    note: str = ""


class PowerCatalog(NamedTuple):
    """powers.json: our example powers."""

    source: str
    powers: tuple[CatalogPower, ...]


LISTS = ("components", "speeds", "ranges", "durations", "damage_types")
"""The choice lists of ``ComponentTexts`` a caller may name as a group."""


@cache
def component_texts() -> ComponentTexts:
    return BOOK.load(ComponentTexts, "components.json")


def label(group: str, choice_id: str) -> str:
    """The draft's name for a choice: ``label("ranges", "no_los")`` → "No LoS";
    ``label("damage", "dot")`` for a damage modifier."""
    texts = component_texts()
    rows = texts.modifiers.get(group) or (getattr(texts, group) if group in LISTS else ())
    return next((row.label for row in rows if row.id == choice_id), choice_id)


@cache
def _powers() -> tuple[CatalogPower, ...]:
    return BOOK.load(PowerCatalog, "powers.json").powers


def example_powers() -> list[Power]:
    """Our example powers, built from the draft's components (copies: edit freely)."""
    return [entry.power.model_copy(deep=True) for entry in _powers()]


def example_power_names() -> list[str]:
    """The example powers' names, in the book file's order (no copies made)."""
    return [entry.power.name for entry in _powers()]


def example_power(name: str) -> Power:
    for entry in _powers():
        if entry.power.name == name:
            return entry.power.model_copy(deep=True)
    raise KeyError(name)


def example_characters() -> dict[str, Path]:
    """The example character files, by file stem ("bob", "dave", "nigel")."""
    return BOOK.example_characters()
