"""Book tables as plain records: NamedTuple classes, read from a game's JSON by one reader.

A game's book tables are read-only data that ship with the app and are read as a
character opens. Declared as NamedTuples they cost almost nothing to define (a pydantic
model class takes a quarter of a millisecond to make and its validator more on first
use, and the games have over a hundred), while ``read`` checks a book file as strictly
as a model would: no unknown key, no missing one, every value of its declared type.

The types a record's fields may have: ``int``, ``float`` (an int is taken), ``str``,
``bool``, ``Literal[...]``, ``X | None`` and other unions (tried in order), ``tuple[X,
...]``, fixed ``tuple[X, Y]``, ``dict[str, X]``, ``Any``, another record, a pydantic
model (a row that holds a piece of a character, validated by the model), and any of
these ``Annotated`` with bounds (``annotated_types.Ge``, ``Le``, ``Gt``, ``Lt``,
``Interval``: ``Annotated[int, Interval(ge=1, le=20)]``). A default is used as written,
not read. A field named after a Python keyword and "_" (``from_``) reads the keyword's
key ("from"). Pure Python, no Qt.
"""

import keyword
import types
from functools import cache
from typing import (
    Annotated,
    Any,
    Literal,
    NamedTuple,
    TypeVar,
    Union,
    get_args,
    get_origin,
    get_type_hints,
)

from pydantic import BaseModel, ValidationError

from desktop.model.document import FILE_CONTEXT

R = TypeVar("R")

Place = tuple[str | int, ...]


class RecordError(ValueError):
    """Data that does not fit a record: what is wrong, and where (keys and list indexes
    from the top of what was read)."""

    def __init__(self, what: str, where: Place = ()) -> None:
        super().__init__(what)
        self.what = what
        self.where = where

    @property
    def place(self) -> str:
        """``where`` written out: "groups.3.weapons.0.cost" ("" at the top)."""
        return ".".join(str(part) for part in self.where)


def is_record(kind: object) -> bool:
    """Whether ``kind`` is a record class (a NamedTuple class)."""
    return isinstance(kind, type) and issubclass(kind, tuple) and hasattr(kind, "_fields")


def read(record: type[R], data: Any) -> R:
    """``data`` (parsed JSON) as a ``record``; a RecordError if it does not fit."""
    return _read(record, data)


class _Field(NamedTuple):
    name: str
    """The record's field."""
    kind: Any
    """Its type."""
    required: bool


@cache
def _fields(record: type) -> dict[str, _Field]:
    """A record's fields by the key that holds each in a file: its name, or for a name
    that ends in "_" after a Python keyword (``from_``), the keyword ("from")."""
    hints = get_type_hints(record, include_extras=True)
    return {_key(name): _Field(name, hints[name], name not in record._field_defaults)
            for name in record._fields}


def _key(name: str) -> str:
    return name[:-1] if name.endswith("_") and keyword.iskeyword(name[:-1]) else name


def _under(part: str | int, exc: RecordError) -> RecordError:
    """``exc`` placed under ``part`` (a key or an index): a place is put together only
    for an error, on its way out."""
    exc.where = (part, *exc.where)
    return exc


def _record(record: type, value: Any) -> Any:
    if not isinstance(value, dict):
        raise RecordError(f"expected an object, not {_kind(value)}")
    fields = _fields(record)
    for key in value:
        if key not in fields:
            raise RecordError("unknown key", (key,))
    for key, field in fields.items():
        if field.required and key not in value:
            raise RecordError("missing", (key,))
    read: dict[str, Any] = {}
    for key, item in value.items():
        field = fields[key]
        try:
            read[field.name] = _read(field.kind, item)
        except RecordError as exc:
            raise _under(key, exc) from None
    return record(**read)


def _read(kind: Any, value: Any) -> Any:
    if type(value) is kind and kind in PLAIN:  # the common case, first
        return value
    if kind is Any:
        return value
    if isinstance(kind, type):
        return _plain(kind, value)
    origin, args = get_origin(kind), get_args(kind)
    if origin is Annotated:
        value = _read(args[0], value)
        for bound in args[1:]:
            _check_bound(bound, value)
        return value
    if origin is Literal:
        # True == 1: a literal matches a value of its own type only.
        if any(value == arg and type(value) is type(arg) for arg in args):
            return value
        raise RecordError(f"expected one of {', '.join(repr(a) for a in args)}, "
                          f"not {value!r}")
    if origin is Union or origin is types.UnionType:
        return _union(args, value)
    if origin is tuple:
        return _tuple(args, value)
    if origin is dict:
        if not isinstance(value, dict):
            raise RecordError(f"expected an object, not {_kind(value)}")
        out = {}
        for key, item in value.items():
            try:
                out[_read(args[0], key)] = _read(args[1], item)
            except RecordError as exc:
                raise _under(key, exc) from None
        return out
    raise TypeError(f"a book record cannot hold {kind!r}")


PLAIN = frozenset({str, int, float, bool})
"""The types a JSON value already is, when it fits."""


def _plain(kind: type, value: Any) -> Any:
    if is_record(kind):
        return _record(kind, value)
    if issubclass(kind, BaseModel):
        try:  # as read from a file: a key a file must give is not defaulted
            return kind.model_validate(value, context=FILE_CONTEXT)
        except ValidationError as exc:
            error = exc.errors()[0]
            where = tuple(part for part in error["loc"] if part != "[key]")
            raise RecordError(error["msg"].removeprefix("Value error, "), where) from None
    if kind is float and isinstance(value, int) and not isinstance(value, bool):
        return float(value)
    if isinstance(value, kind) and not (kind is int and isinstance(value, bool)):
        return value
    raise RecordError(f"expected {_name(kind)}, not {_kind(value)}")


BOUNDS = (("ge", "at least", lambda v, b: v >= b), ("gt", "more than", lambda v, b: v > b),
          ("le", "at most", lambda v, b: v <= b), ("lt", "less than", lambda v, b: v < b))
"""The bounds ``annotated_types`` names, in words, and their tests."""


def _check_bound(bound: Any, value: Any) -> None:
    if not any(hasattr(bound, name) for name, _, _ in BOUNDS):
        raise TypeError(f"a book record cannot check {bound!r}")
    for name, words, holds in BOUNDS:
        limit = getattr(bound, name, None)
        if limit is not None and not holds(value, limit):
            raise RecordError(f"must be {words} {limit}, not {value}")


def _union(arms: tuple[Any, ...], value: Any) -> Any:
    if value is None and type(None) in arms:
        return None
    error = RecordError(f"expected {' or '.join(_name(a) for a in arms)}, not "
                        f"{_kind(value)}")
    for arm in arms:
        if arm is type(None):
            continue
        try:
            return _read(arm, value)
        except RecordError as exc:
            # The value fitted the arm's shape (in a part of it, or all but a bound):
            # say what is wrong in it.
            if exc.where or not exc.what.startswith("expected"):
                error = exc
    raise error


def _tuple(args: tuple[Any, ...], value: Any) -> tuple[Any, ...]:
    if not isinstance(value, (list, tuple)):
        raise RecordError(f"expected a list, not {_kind(value)}")
    if len(args) == 2 and args[1] is Ellipsis:
        kinds = [args[0]] * len(value)
    elif len(value) != len(args):
        raise RecordError(f"expected a list of {len(args)}, not {len(value)}")
    else:
        kinds = list(args)
    out = []
    for index, (kind, item) in enumerate(zip(kinds, value, strict=True)):
        try:
            out.append(_read(kind, item))
        except RecordError as exc:
            raise _under(index, exc) from None
    return tuple(out)


def _name(kind: Any) -> str:
    names = {int: "a whole number", float: "a number", str: "text", bool: "true or false",
             type(None): "null"}
    if kind in names:
        return names[kind]
    if get_origin(kind) is tuple:
        return "a list"
    if get_origin(kind) is Literal:
        return " or ".join(repr(a) for a in get_args(kind))
    return "an object"


def _kind(value: Any) -> str:
    """What a JSON value is, in words: "text", "a list", "null"…"""
    if value is None:
        return "null"
    if isinstance(value, bool):
        return str(value).lower()
    if isinstance(value, (int, float)):
        return f"the number {value}"
    if isinstance(value, str):
        return f"the text {value!r}" if len(value) <= 20 else "text"
    return "a list" if isinstance(value, list) else "an object"
