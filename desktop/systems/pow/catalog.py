"""POW! book data (resources/pow/*.json) and the user's own library of Specials.

Pure Python, no Qt. The book files are read once (``functools.cache``); the public
loaders hand out fresh copies, so a caller may edit what it gets (say, a Special added
to a character) without changing the catalog. Book entries carry their provenance
(``source``, and ``ours``/``note`` where we chose a value the book does not give); the
loaders strip those keys before validating against the character models.

A broken book file is a bug in Sheetdesk and raises DocumentError like any other file.
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator
from dataclasses import dataclass
from functools import cache
from pathlib import Path
from typing import Any, Literal, TypeVar

from pydantic import BaseModel, ConfigDict, Field

from desktop.model import document
from desktop.model.errors import DocumentError
from desktop.model.storage import atomic_write_text
from desktop.paths import resource, user_data_dir
from desktop.systems.files import CHARACTER_SUFFIX, character_from_data
from desktop.systems.pow.character import Armor, PowCharacter, Special, Stat, Weapon

SYSTEM = "pow"
META_KEYS = frozenset({"source", "ours", "note", "alternate"})
"""Keys of a book entry that record where it comes from, not what it is."""

M = TypeVar("M", bound=BaseModel)
Origin = Literal["book", "user"]


@dataclass(frozen=True)
class Entry:
    """Where a catalog entry comes from: the book's section, and the fields that are ours."""

    source: str
    ours: tuple[str, ...] = ()
    note: str = ""


@dataclass(frozen=True)
class CatalogSpecial:
    """A Special as the catalog offers it: from the book or from the user's library."""

    special: Special
    origin: Origin
    entry: Entry


# ---------------------------------------------------------------- book files


def _path(name: str) -> Path:
    return resource(SYSTEM, name)


@cache
def _read(name: str) -> dict[str, Any]:
    path = _path(name)
    return document.parse_json(document.read_text(path), path)


def _entries(name: str, key: str) -> Iterator[tuple[dict[str, Any], Entry, str]]:
    """Each entry of list ``key`` in ``name``: the whole object, its provenance, location."""
    items = _read(name).get(key)
    if not isinstance(items, list):
        raise DocumentError(_path(name), f"expected a list under {key!r}")
    for index, item in enumerate(items):
        if not isinstance(item, dict):
            raise DocumentError(_path(name), "expected an object", f"{key}.{index}")
        yield item, _entry(item), f"{key}.{index}"


def _fields(item: dict[str, Any]) -> dict[str, Any]:
    """An entry without its provenance keys: what the model validates."""
    return {k: v for k, v in item.items() if k not in META_KEYS}


def _entry(item: dict[str, Any]) -> Entry:
    return Entry(str(item.get("source", "")), tuple(item.get("ours", ())),
                 str(item.get("note", "")))


def _validate(model: type[M], data: dict[str, Any], name: str, where: str) -> M:
    try:
        return document.validate(model, data, _path(name))
    except DocumentError as exc:
        raise DocumentError(exc.path, exc.what, f"{where}.{exc.where}".rstrip(".")) from None


@cache
def _specials() -> tuple[tuple[Special, Entry], ...]:
    return tuple(
        (_validate(Special, _fields(item), "specials.json", where), entry)
        for item, entry, where in _entries("specials.json", "specials")
    )


@cache
def _weapons() -> tuple[Weapon, ...]:
    return tuple(_validate(Weapon, _fields(item), "weapons.json", where)
                 for item, _, where in _entries("weapons.json", "weapons"))


@cache
def _armor() -> tuple[Armor, ...]:
    """Each armor, followed by its parenthesised variant when the book prints one."""
    out: list[Armor] = []
    for item, _, where in _entries("armor.json", "armor"):
        fields = _fields(item)
        out.append(_validate(Armor, fields, "armor.json", where))
        alternate = item.get("alternate")
        if isinstance(alternate, dict):
            label = alternate.get("label") or "alternate"
            variant = {**fields, **_fields(alternate), "name": f"{fields.get('name')} ({label})"}
            variant.pop("label", None)
            out.append(_validate(Armor, variant, "armor.json", f"{where}.alternate"))
    return tuple(out)


@cache
def _npcs() -> tuple[PowCharacter, ...]:
    path = _path("npcs.json")
    out: list[PowCharacter] = []
    for item, _, where in _entries("npcs.json", "npcs"):
        data = item.get("character")
        if not isinstance(data, dict):
            raise DocumentError(path, "expected a character object", f"{where}.character")
        try:
            character = character_from_data(data, path)
        except DocumentError as exc:
            raise DocumentError(exc.path, exc.what,
                                f"{where}.character.{exc.where}".rstrip(".")) from None
        if not isinstance(character, PowCharacter):
            raise DocumentError(path, "not a POW! character", f"{where}.character")
        out.append(character)
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


def npcs() -> list[PowCharacter]:
    """The book's non-player characters as whole characters."""
    return [character.model_copy(deep=True) for character in _npcs()]


def example_characters() -> dict[str, Path]:
    """The example character files, by file stem (e.g. "electrobabe")."""
    folder = _path("characters")
    return {path.stem: path for path in sorted(folder.glob(f"*{CHARACTER_SUFFIX}"))}


# ---------------------------------------------------------------- tables


class _Strict(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True)


class ScaleRow(_Strict):
    value: int
    name: str
    text: str


class DifficultyRow(ScaleRow):
    key_chart_text: str
    """The Key Charts page's wording, which differs from the chapter's."""


class BasicConcept(_Strict):
    source: str
    text: str
    fits: int
    misfit_adds: list[int]


class DifficultyTable(_Strict):
    source: str
    text: str
    note: str
    average_note: str
    rows: list[DifficultyRow]
    basic_concept: BasicConcept


class ModifierEffect(_Strict):
    condition: str
    value: int
    """Added to the Difficulty (negative: easier)."""
    per: str | None = None
    """Applied once per this unit (ally, size category) when set."""
    limit: int | None = None
    """The most the effect can add up to, when the book caps it."""
    or_more: bool = False


class Modifier(_Strict):
    name: str
    text: str
    effects: list[ModifierEffect]
    actions_to_recover: int | None = None


class ModifierTable(_Strict):
    source: str
    text: str
    note: str
    rows: list[Modifier]


class SizeRow(_Strict):
    category: int = Field(ge=-5, le=5)
    description: str
    height: str
    min_ft: float | None
    max_ft: float | None
    examples: list[str]


class SizeTable(_Strict):
    source: str
    text: str
    note: str
    rows: list[SizeRow]


class ScaleTable(_Strict):
    source: str
    text: str
    note: str
    rows: list[ScaleRow]


class RollRow(_Strict):
    roll: int
    name: str
    text: str


class RollTable(_Strict):
    source: str
    dice: str
    text: str
    note: str
    rows: list[RollRow]

    def result(self, roll: int) -> RollRow:
        for row in self.rows:
            if row.roll == roll:
                return row
        raise KeyError(roll)


class ScarsTable(_Strict):
    source: str
    text: str
    note: str
    rows: dict[Stat, str]


class CombatDifficulty(_Strict):
    source: str
    text: str
    note: str
    surprised: int
    normal: int
    dodging: int
    dodge_action_cost: int
    key_chart: dict[str, str]


class RangedRule(_Strict):
    source: str
    text: str
    note: str
    base_range_difficulty: int
    per_multiple: int
    point_blank: int


class PowTables(_Strict):
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
    return document.validate(PowTables, _read("tables.json"), _path("tables.json"))


# ---------------------------------------------------------------- user library

USER_SPECIALS = document.DocumentKind(
    format="sheetdesk.specials", current_version=1, label="Specials library")


class UserSpecials(BaseModel):
    """The user's Specials library file: an envelope and a list of Specials."""

    model_config = ConfigDict(extra="forbid")
    format: Literal["sheetdesk.specials"] = "sheetdesk.specials"
    version: Literal[1] = 1
    system: Literal["pow"] = "pow"
    specials: list[Special] = Field(default_factory=list)


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
