"""The book's Personal Traits (2.2, 2.21, 2.22) with their effects in numbers the rules
apply, and the 5-point balance (traits.json)."""


from functools import cache
from typing import Literal, NamedTuple

from desktop.model.errors import DocumentError
from desktop.systems.pocket.rules import catalog


class ByTimes(NamedTuple):
    """A value read at the number of takings (Wealth ×2 → $3000).

    The file keys it by the takings written as text, as JSON must; ``amounts`` has them
    as numbers (``trait_data`` checks that each key is one)."""

    by_times: dict[str, int]

    @property
    def amounts(self) -> dict[int, int]:
        """Takings → value."""
        return {int(times): value for times, value in self.by_times.items()}


class TraitEffects(NamedTuple):
    """What one taking of a trait does, in numbers the rules apply."""

    attribute: int = 0
    initiative_rows: int = 0
    move: int = 0
    natural_armor: tuple[int, int] = (0, 0)
    starting_eps: int = 0
    contact_points: int = 0
    starting_money: ByTimes | None = None
    monthly_income: ByTimes | None = None
    size: Literal["small", "giant"] | None = None
    defense: int = 0
    appearance: int = 0
    close_actions: int = 0
    """Far-Sighted: physical Actions not performed at range."""
    ranged_actions: int = 0
    """One-Eyed: physical Actions performed at range."""
    ignore_range_penalty: int = 0
    ignore_darkness_penalty: int = 0
    one_handed: bool = False
    ambidextrous: bool = False
    lackey: bool = False


class TraitInfo(NamedTuple):
    name: str
    kind: Literal["advantage", "disadvantage"]
    points: int
    max_times: int | None
    source: str
    effects: TraitEffects
    text: str
    points_options: tuple[int, ...] = ()
    per_attribute: bool = False
    forms: bool = False
    note: str = ""


class TraitRules(NamedTuple):
    source: str
    text: str
    max_advantages: int
    lackey_max: int


class TraitData(NamedTuple):
    book: str
    about: str
    rules: TraitRules
    traits: tuple[TraitInfo, ...]


@cache
def trait_data() -> TraitData:
    """The book's Personal Traits with their effects (traits.json)."""
    data = catalog.BOOK.load(TraitData, "traits.json")
    for index, info in enumerate(data.traits):
        for name in ("starting_money", "monthly_income"):
            table = getattr(info.effects, name)
            if table is not None and not all(times.isdecimal() for times in table.by_times):
                raise DocumentError(catalog.BOOK.path("traits.json"),
                                    "expected whole numbers of takings as keys",
                                    f"traits.{index}.effects.{name}.by_times")
    return data


@cache
def _traits_by_key() -> dict[str, TraitInfo]:
    return {info.name.casefold(): info for info in trait_data().traits}


def traits() -> tuple[TraitInfo, ...]:
    return trait_data().traits


def trait(name: str) -> TraitInfo | None:
    """The book's trait called ``name`` (any case), or None."""
    return _traits_by_key().get(name.strip().casefold())
