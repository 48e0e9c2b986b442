"""POW! book data (resources/pow/*.json) and the user's own library of Specials.

Pure Python, no Qt. The book files are read once (``BookData``, shared by every game);
the public loaders hand out fresh copies, so a caller may edit what it gets (say, a
Special added to a character) without changing the catalog. Book entries carry their
provenance (``source``, and ``ours``/``note`` where we chose a value the book does not
give); the loaders strip those keys before validating against the character models.

A broken book file is a bug in Sheetdesk and raises DocumentError like any other file.
"""


from collections.abc import Iterable, Iterator
from functools import cache
from pathlib import Path
from typing import Annotated, Any, Literal, NamedTuple

from annotated_types import Interval
from pydantic import BaseModel, ConfigDict, Field

from desktop.model import document
from desktop.model.defaults import empty_list
from desktop.model.errors import DocumentError
from desktop.model.storage import atomic_write_text
from desktop.paths import user_data_dir
from desktop.systems.book_data import BookData, row_where
from desktop.systems.pow.rules.character import Armor, Special, Stat, Weapon

SYSTEM = "pow"
BOOK = BookData(SYSTEM)
META_KEYS = frozenset({"source", "ours", "note", "alternate"})
"""Keys of a book entry that record where it comes from, not what it is."""

Origin = Literal["book", "user"]


class Entry(NamedTuple):
    """Where a catalog entry comes from: the book's section, and the fields that are ours."""

    source: str
    ours: tuple[str, ...] = ()
    note: str = ""


class CatalogSpecial(NamedTuple):
    """A Special as the catalog offers it: from the book or from the user's library."""

    special: Special
    origin: Origin
    entry: Entry


# ---------------------------------------------------------------- book files


def _entries(name: str, key: str) -> Iterator[tuple[dict[str, Any], Entry, str]]:
    """Each entry of list ``key`` in ``name``: the whole object, its provenance, location."""
    for item, where in BOOK.entries(name, key):
        yield item, _entry(item), where


def _fields(item: dict[str, Any]) -> dict[str, Any]:
    """An entry without its provenance keys: what the model validates."""
    return {k: v for k, v in item.items() if k not in META_KEYS}


def _entry(item: dict[str, Any]) -> Entry:
    return Entry(str(item.get("source", "")), tuple(item.get("ours", ())),
                 str(item.get("note", "")))


@cache
def _specials() -> tuple[tuple[Special, Entry], ...]:
    return tuple(
        (BOOK.validate(Special, _fields(item), "specials.json", where), entry)
        for item, entry, where in _entries("specials.json", "specials")
    )


@cache
def _weapons() -> tuple[Weapon, ...]:
    return tuple(BOOK.validate(Weapon, _fields(item), "weapons.json", where)
                 for item, _, where in _entries("weapons.json", "weapons"))


@cache
def _armor() -> tuple[Armor, ...]:
    """Each armor, followed by its parenthesised variant when the book prints one."""
    out: list[Armor] = []
    for item, _, where in _entries("armor.json", "armor"):
        fields = _fields(item)
        out.append(BOOK.validate(Armor, fields, "armor.json", where))
        alternate = item.get("alternate")
        if isinstance(alternate, dict):
            label = alternate.get("label") or "alternate"
            variant = {**fields, **_fields(alternate), "name": f"{fields.get('name')} ({label})"}
            variant.pop("label", None)
            out.append(BOOK.validate(Armor, variant, "armor.json", f"{where}.alternate"))
    return tuple(out)


def specials() -> list[Special]:
    """The book's example Specials (and Electrobabe's Lightning Power)."""
    return [special.model_copy(deep=True) for special, _ in _specials()]


def armor() -> list[Armor]:
    """The book's armor; a printed parenthesised variant follows its main entry."""
    return [item.model_copy(deep=True) for item in _armor()]


def weapons() -> list[Weapon]:
    """The weapons the book's examples use."""
    return [item.model_copy(deep=True) for item in _weapons()]


@cache
def _example_gear(key: str, model: type[Weapon] | type[Armor]
                  ) -> tuple[tuple[str, Weapon | Armor], ...]:
    return tuple(
        (str(item.get("setting", "")),
         BOOK.validate(model, {k: v for k, v in item.items() if k != "setting"},
                       "example_gear.json", where))
        for item, where in BOOK.entries("example_gear.json", key))


def example_weapons() -> list[tuple[str, Weapon]]:
    """Sheetdesk's own weapons for a generic modern and fantasy setting (the book
    leaves weapons to the Worldbook): (setting, weapon) pairs."""
    return [(setting, item.model_copy(deep=True))  # type: ignore[misc]
            for setting, item in _example_gear("weapons", Weapon)]


def example_armor() -> list[tuple[str, Armor]]:
    """Sheetdesk's own armor for a generic modern and fantasy setting."""
    return [(setting, item.model_copy(deep=True))  # type: ignore[misc]
            for setting, item in _example_gear("armor", Armor)]


def example_characters() -> dict[str, Path]:
    """The example character files, by file stem (e.g. "electrobabe")."""
    return BOOK.example_characters()


# ---------------------------------------------------------------- tables


# Plain records (NamedTuples), read by BookData as strictly as a model would: they cost
# next to nothing to define while a character opens, and only a few are ever read.


class ScaleRow(NamedTuple):
    value: int
    name: str
    text: str


class DifficultyRow(NamedTuple):
    value: int
    name: str
    text: str
    key_chart_text: str
    """The Key Charts page's wording, which differs from the chapter's."""


class BasicConcept(NamedTuple):
    source: str
    text: str
    fits: int
    misfit_adds: tuple[int, ...]


class DifficultyTable(NamedTuple):
    source: str
    text: str
    note: str
    average_note: str
    rows: tuple[DifficultyRow, ...]
    basic_concept: BasicConcept


class ModifierEffect(NamedTuple):
    condition: str
    value: int
    """Added to the Difficulty (negative: easier)."""
    per: str | None = None
    """Applied once per this unit (ally, size category) when set."""
    limit: int | None = None
    """The most the effect can add up to, when the book caps it."""
    or_more: bool = False


class Modifier(NamedTuple):
    name: str
    text: str
    effects: tuple[ModifierEffect, ...]
    actions_to_recover: int | None = None


class ModifierTable(NamedTuple):
    source: str
    text: str
    note: str
    rows: tuple[Modifier, ...]


"""The Size Categories the book's table runs through (−5 Microscopic … +5 Gargantuan)."""


class SizeRow(NamedTuple):
    category: Annotated[int, Interval(ge=-5, le=5)]
    description: str
    height: str
    min_ft: float | None
    max_ft: float | None
    examples: tuple[str, ...]


class SizeTable(NamedTuple):
    source: str
    text: str
    note: str
    rows: tuple[SizeRow, ...]


class ScaleTable(NamedTuple):
    source: str
    text: str
    note: str
    rows: tuple[ScaleRow, ...]


class RollRow(NamedTuple):
    roll: int
    name: str
    text: str


class RollTable(NamedTuple):
    source: str
    dice: str
    text: str
    note: str
    rows: tuple[RollRow, ...]

    def result(self, roll: int) -> RollRow:
        return row_where(self.rows, "roll", roll)


class ScarsTable(NamedTuple):
    source: str
    text: str
    note: str
    rows: dict[Stat, str]


class CombatDifficulty(NamedTuple):
    source: str
    text: str
    note: str
    surprised: int
    normal: int
    dodging: int
    dodge_action_cost: int
    key_chart: dict[str, str]


class RangedRule(NamedTuple):
    source: str
    text: str
    note: str
    base_range_difficulty: int
    per_multiple: int
    point_blank: int


class PowTables(NamedTuple):
    book: str
    about: str
    difficulty: DifficultyTable
    modifiers: ModifierTable
    size_categories: SizeTable
    stat_scores: ScaleTable
    character_experience: ScaleTable
    player_experience: ScaleTable
    awards: RollTable
    die_o_fate: RollTable
    scars_and_wounds: ScarsTable
    combat_difficulty: CombatDifficulty
    ranged: RangedRule


@cache
def tables() -> PowTables:
    """The book's tables, typed and read-only."""
    return BOOK.load(PowTables, "tables.json")


# ---------------------------------------------------------------- user library

USER_SPECIALS = document.DocumentKind(
    format="sheetdesk.specials", current_version=1, label="Specials library")


class UserSpecials(BaseModel):
    """The user's Specials library file: an envelope and a list of Specials."""

    model_config = ConfigDict(extra="forbid", defer_build=True)
    format: Literal["sheetdesk.specials"] = "sheetdesk.specials"
    version: Literal[1] = 1
    system: Literal["pow"] = "pow"
    specials: list[Special] = Field(default_factory=empty_list)


def user_specials_path() -> Path:
    return user_data_dir() / SYSTEM / "specials.json"


def load_user_specials() -> list[Special]:
    """The user's own Specials; none if the file does not exist yet.

    A file that cannot be read raises DocumentError (one line) and is left as it is.
    """
    path = user_specials_path()
    if not path.exists():
        return []
    data = document.parse_json(document.read_text(path), path)
    data = document.check_envelope(data, USER_SPECIALS, path)
    return document.validate(UserSpecials, data, path).specials


def save_user_specials(specials: Iterable[Special]) -> Path:
    """Save the user's library atomically (the previous file is kept as ``.bak``)."""
    path = user_specials_path()
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
    except OSError as exc:
        raise DocumentError(path.parent, f"cannot create it: {exc.strerror or exc}") from None
    library = UserSpecials(specials=[Special.model_validate(s.model_dump()) for s in specials])
    atomic_write_text(path, document.to_json_text(library))
    return path


def all_specials() -> list[CatalogSpecial]:
    """The book's Specials, then the user's (each marked with its origin)."""
    book = [CatalogSpecial(special.model_copy(deep=True), "book", entry)
            for special, entry in _specials()]
    user = [CatalogSpecial(special, "user", Entry("user library"))
            for special in load_user_specials()]
    return book + user
