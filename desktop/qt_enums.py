"""Qt's enums made the way Python 3.11's ``enum`` makes them, in a fifth of the time.

PySide makes a Python enum of every C++ enum of a Qt class the first time the class is
used, through the functional API (``IntEnum("Alignment", [(name, value), ...],
boundary=KEEP)``). That API builds each member through a chain of checks written for
class bodies of any shape: 9 µs a member. Opening a character file makes about 270
enums with 3,900 members, 33-35 ms of it; a bare Qt window 43 enums, 9 ms.

``install`` gives ``EnumType`` a ``_create_`` that makes exactly that call's enum
(a list of (name, int) pairs, ``boundary=KEEP``, one of the four standard bases, no
module, qualname, type or start) directly: the same class dictionary, the same member
objects and attributes, in the same order, as ``EnumType.__new__`` and
``_proto_member.__set_name__`` of Python 3.11 make them (tests/test_qt_enums.py compares
every enum of QtCore, QtGui and QtWidgets made both ways). Any other call, and any
other Python version, goes to ``enum`` as before.

Only the ``sheetdesk`` process installs it (``desktop.launch``).
"""

from __future__ import annotations

import enum
import sys
from enum import Enum, EnumType, Flag, IntEnum, IntFlag
from types import DynamicClassAttribute
from typing import Any, NamedTuple

_standard_create = EnumType._create_
"""``enum``'s own, for every call that is not PySide's."""
BASES = (Enum, IntEnum, Flag, IntFlag)
_FLAG_OPERATORS = ("__or__", "__and__", "__xor__", "__ror__", "__rand__", "__rxor__",
                   "__invert__")
_MIXIN_CHECKED = ("__repr__", "__str__", "__format__", "__reduce_ex__")
_bases: dict[EnumType, _Base] = {}


def install() -> None:
    """Make PySide's enums directly from now on (on Python 3.11 only)."""
    if sys.version_info[:2] == (3, 11):
        EnumType._create_ = _create  # type: ignore[method-assign]


def uninstall() -> None:
    EnumType._create_ = _standard_create  # type: ignore[method-assign]


def _create(cls: EnumType, class_name: str, names: Any, *, module: Any = None,
            qualname: Any = None, type: Any = None, start: int = 1,
            boundary: Any = None) -> EnumType:
    """``EnumType._create_``: PySide's calls made directly, any other as before."""
    if (cls in BASES and boundary is enum.KEEP and module is None and qualname is None
            and type is None and start == 1 and _plain_members(names)):
        # The module of the code that called the enum class, as the standard one finds it.
        return make(cls, class_name, names, sys._getframe(2).f_globals.get("__name__"))
    return _standard_create(cls, class_name, names, module=module, qualname=qualname,
                            type=type, start=start, boundary=boundary)


def _plain_members(names: Any) -> bool:
    """A list of (name, int) pairs as PySide passes them: no name twice and none with a
    leading underscore (which ``enum`` refuses or keeps out of the members)."""
    return (isinstance(names, list)
            and all(pair.__class__ is tuple and len(pair) == 2 and pair[0].__class__ is str
                    and pair[1].__class__ is int and not pair[0].startswith("_")
                    for pair in names)
            and len({pair[0] for pair in names}) == len(names))


class _Base(NamedTuple):
    """What ``EnumType.__new__`` works out from the base alone, once per base."""

    member_type: type
    first_enum: EnumType
    new_member: Any
    use_args: bool
    value_repr: Any
    descriptors: dict[str, Any]
    """Names a member gets a redirect for, and the descriptor it copies (``_found``)."""
    finish: list[tuple[str, Any]]
    """What is set on the class once its members are made, in order (``_finish``)."""


def _base(base: EnumType) -> _Base:
    found = _bases.get(base)
    if found is None:
        member_type, first_enum = EnumType._get_mixins_(base.__name__, (base,))
        new_member, _, use_args = EnumType._find_new_({}, member_type, first_enum)
        found = _bases[base] = _Base(
            member_type, first_enum, new_member, use_args,
            EnumType._find_data_repr_(base.__name__, (base,)), _found(base),
            _finish(base, member_type, first_enum))
    return found


def make(base: EnumType, class_name: str, names: list[tuple[str, int]],
         module: str | None) -> EnumType:
    """``base(class_name, names, boundary=KEEP)`` with ``__module__`` = ``module``, as
    Python 3.11's ``enum`` makes it."""
    member_type, first_enum, new_member, use_args, value_repr, descriptors, finish = (
        _base(base))
    is_flag = issubclass(base, Flag)
    member_names: list[str] = []
    member_map: dict[str, Any] = {}
    value_map: dict[int, Any] = {}
    body: dict[str, Any] = {
        "_generate_next_value_": first_enum._generate_next_value_,
        "__module__": module,
        "_new_member_": new_member, "_use_args_": use_args,
        "_member_names_": member_names, "_member_map_": member_map,
        "_value2member_map_": value_map, "_unhashable_values_": [],
        "_member_type_": member_type,
        "_value_repr_": value_repr,
    }
    if module is None:
        del body["__module__"]
    if is_flag:
        body.update(_boundary_=enum.KEEP, _flag_mask_=0, _singles_mask_=0, _all_bits_=0,
                    _inverted_=None)
    enum_class = EnumType.__new__(EnumType, class_name, (base,), body, _simple=True)
    flag_mask = singles_mask = 0
    for name, value in names:
        member = new_member(enum_class, value) if use_args else new_member(enum_class)
        member._value_ = value
        member._name_ = name
        member.__objclass__ = enum_class
        member._sort_order_ = len(member_names)
        if is_flag:
            flag_mask |= value
            if _single_bit(value):
                singles_mask |= value
        canonical = value_map.get(value)
        if canonical is None:
            if not is_flag or _single_bit(value):
                member_names.append(name)
            value_map[value] = member
        else:
            member = canonical  # an alias: the member of its value
        found = descriptors.get(name)
        if found is not None:  # a name the bases use (``name``, ``value``): redirected
            redirect = enum.property()
            redirect.member = member
            redirect.__set_name__(enum_class, name)
            redirect.fget, redirect.fset, redirect.fdel = found.fget, found.fset, found.fdel
            type.__setattr__(enum_class, name, redirect)
        else:
            type.__setattr__(enum_class, name, member)
        member_map[name] = member
    for name, value in finish:
        type.__setattr__(enum_class, name, value)
    if is_flag:
        enum_class._flag_mask_ = flag_mask
        enum_class._singles_mask_ = singles_mask
        enum_class._all_bits_ = 2 ** flag_mask.bit_length() - 1
        values = [member._value_ for member in enum_class]
        if values != sorted(values):
            enum_class._iter_member_ = enum_class._iter_member_by_def_
    return enum_class


def _finish(base: EnumType, member_type: type, first_enum: EnumType) -> list[tuple[str, Any]]:
    """What ``EnumType.__new__`` sets on a class made on ``base`` once its members are
    made. The class's own dictionary holds none of these names, so what it finds
    through the bases is the base's: the same for every class made on it."""
    result = []
    for name in _MIXIN_CHECKED:
        found = getattr(base, name)
        if found in (getattr(member_type, name), getattr(object, name)):
            result.append((name, getattr(first_enum, name)))
    if issubclass(base, Flag):
        result += [(name, getattr(Flag, name)) for name in _FLAG_OPERATORS]
    return [*result, ("__new__", Enum.__new__)]


def _single_bit(value: int) -> bool:
    return value != 0 and value & (value - 1) == 0


def _found(base: EnumType) -> dict[str, Any]:
    """The names for which a member of a class made on ``base`` gets a redirect, and the
    descriptor it copies (``_proto_member.__set_name__``'s search of the bases)."""
    result: dict[str, Any] = {}
    names = {name for klass in base.__mro__ for name, value in vars(klass).items()
             if _property_like(value)}  # no other name can find one
    for name in names:
        found = None
        for klass in base.__mro__:
            descriptor = klass.__dict__.get(name)
            if descriptor is None:
                continue
            if isinstance(descriptor, (enum.property, DynamicClassAttribute)):
                found = descriptor
                break
            if _property_like(descriptor):
                found = descriptor
        if found is not None:
            result[name] = found
    return result


def _property_like(value: Any) -> bool:
    return isinstance(value, DynamicClassAttribute) or all(
        hasattr(value, name) for name in ("fget", "fset", "fdel"))
