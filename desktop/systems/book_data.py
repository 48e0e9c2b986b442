"""Reading a game's book data (``resources/<game>/*.json``): one reader for every game.

Pure Python, no Qt. A game's catalog makes one ``BookData`` and builds its typed,
read-only tables with ``load`` (records read by ``book_records``); each file is read
once and kept (``read``). A broken book file is a bug in Sheetdesk and raises
DocumentError like any other file: one line naming the file, where in it, and what is
wrong.
"""


from collections.abc import Iterable, Iterator
from pathlib import Path
from typing import Any, Protocol, TypeVar

from pydantic import BaseModel

from desktop.model import document
from desktop.model.errors import DocumentError
from desktop.paths import resource
from desktop.systems import CHARACTER_SUFFIX, book_records, get
from desktop.systems.files import character_from_data

M = TypeVar("M", bound=BaseModel)
R = TypeVar("R")
T = TypeVar("T")


class _Named(Protocol):
    @property
    def name(self) -> str: ...


N = TypeVar("N", bound=_Named)


def row_where(rows: Iterable[R], field: str, value: object) -> R:
    """The first row of a book table whose ``field`` equals ``value`` (a roll, an id);
    KeyError(value) if the table has none."""
    for row in rows:
        if getattr(row, field) == value:
            return row
    raise KeyError(value)


def row_named(rows: Iterable[N], name: str) -> N | None:
    """The first row called ``name`` in any case, spaces around it ignored; None if the
    book has none (the caller says what is missing in its own words)."""
    wanted = name.strip().casefold()
    return next((row for row in rows if row.name.casefold() == wanted), None)


def _under(where: str, exc: DocumentError) -> DocumentError:
    """``exc`` with its location inside the file put under ``where``."""
    return DocumentError(exc.path, exc.what, f"{where}.{exc.where}".rstrip("."))


class BookData:
    """The book files of one game.

    ``root`` is the folder to read; by default the bundled ``resources/<system>``
    (a test may point it at a folder of its own).
    """

    def __init__(self, system: str, root: Path | None = None) -> None:
        self.system = system
        self.root = root
        self._files: dict[str, dict[str, Any]] = {}

    def path(self, name: str) -> Path:
        """The book file (or folder) ``name``."""
        return self.root / name if self.root is not None else resource(self.system, name)

    def read(self, name: str) -> dict[str, Any]:
        """The JSON object in book file ``name``, read once (callers must not change it)."""
        if name not in self._files:
            path = self.path(name)
            # The app's own data: JSON errors are reported, without the size limits a
            # user's file is held to.
            self._files[name] = document.parse_json(document.read_text(path), path,
                                                    limits=False)
        return self._files[name]

    def cache_clear(self) -> None:
        """Forget the files read so far (tests that change a book file call this)."""
        self._files.clear()

    def load(self, model: type[T], name: str) -> T:
        """Book file ``name`` as a whole, read into ``model`` (a record class, or a
        pydantic model)."""
        return self._checked(model, self.read(name), name)

    def validate(self, model: type[T], data: dict[str, Any], name: str, where: str) -> T:
        """``data`` (found at ``where`` in book file ``name``) read into ``model``; an
        error names its place from the top of the file."""
        try:
            return self._checked(model, data, name)
        except DocumentError as exc:
            raise _under(where, exc) from None

    def _checked(self, model: type[T], data: dict[str, Any], name: str) -> T:
        path = self.path(name)
        if not book_records.is_record(model):
            return document.validate(model, data, path)  # type: ignore[type-var]
        try:
            return book_records.read(model, data)
        except book_records.RecordError as exc:
            raise DocumentError(path, exc.what, exc.place) from None

    def entries(self, name: str, key: str) -> Iterator[tuple[dict[str, Any], str]]:
        """Each object of the list under ``key`` in book file ``name``, and where it is
        ("npcs.3")."""
        items = self.read(name).get(key)
        if not isinstance(items, list):
            raise DocumentError(self.path(name), f"expected a list under {key!r}")
        for index, item in enumerate(items):
            if not isinstance(item, dict):
                raise DocumentError(self.path(name), "expected an object", f"{key}.{index}")
            yield item, f"{key}.{index}"

    def characters(self, name: str, key: str, model: type[M]) -> tuple[M, ...]:
        """The whole characters stored as ``{"character": {...}}`` entries of the list
        under ``key`` (the NPC files), each checked as a character file of this game."""
        path = self.path(name)
        out: list[M] = []
        for item, where in self.entries(name, key):
            data = item.get("character")
            if not isinstance(data, dict):
                raise DocumentError(path, "expected a character object", f"{where}.character")
            try:
                character = character_from_data(data, path)
            except DocumentError as exc:
                raise _under(f"{where}.character", exc) from None
            if not isinstance(character, model):
                raise DocumentError(path, f"not a {get(self.system).book} character",
                                    f"{where}.character")
            out.append(character)
        return tuple(out)

    def example_characters(self) -> dict[str, Path]:
        """The example character files (``characters/*.sheetdesk``), by file stem."""
        folder = self.path("characters")
        return {path.stem: path for path in sorted(folder.glob(f"*{CHARACTER_SUFFIX}"))}
