"""Qt's enums made directly (desktop.qt_enums) are the enums Python's ``enum`` makes."""

from __future__ import annotations

import enum
import subprocess
import sys
from enum import EnumType, Flag, IntEnum, IntFlag
from pathlib import Path

import pytest

from desktop import qt_enums

REPO = Path(__file__).resolve().parents[1]
pytestmark = pytest.mark.skipif(sys.version_info[:2] != (3, 11),
                                reason="made directly on Python 3.11 alone")


@pytest.fixture
def installed():
    qt_enums.install()
    yield
    qt_enums.uninstall()


def _qt_enums() -> list[EnumType]:
    """Every enum of QtCore, QtGui and QtWidgets (its classes are made as they are used)."""
    from PySide6 import QtCore, QtGui, QtWidgets

    found: dict[int, EnumType] = {}
    for module in (QtCore, QtGui, QtWidgets):
        for name in dir(module):
            scope = getattr(module, name, None)
            if isinstance(scope, EnumType):
                found[id(scope)] = scope
            elif isinstance(scope, type):
                for value in vars(scope).values():
                    if isinstance(value, EnumType):
                        found[id(value)] = value
    return list(found.values())


def _base(made: EnumType) -> EnumType:
    return next(base for base in (IntFlag, Flag, IntEnum, enum.Enum) if issubclass(made, base))


def _call(made: EnumType) -> tuple[EnumType, str, list[tuple[str, int]]]:
    """The call PySide made ``made`` with, aliases in their place."""
    return (_base(made), made.__name__,
            [(name, member._value_) for name, member in made._member_map_.items()])


def _state(made: EnumType) -> list[tuple[str, object]]:
    """The class dictionary in order, members by name, and every member's attributes."""
    def plain(value: object) -> object:
        if isinstance(value, made):
            return ("member", value._name_, type(value) is made)
        if isinstance(value, enum.property):
            return ("redirect", value.name, value.member._name_, value.fget, value.fset,
                    value.fdel)
        if isinstance(value, dict):
            return [(key, plain(item)) for key, item in value.items()]
        if isinstance(value, list):
            return [plain(item) for item in value]
        if hasattr(value, "__self__") and value.__self__ is made:  # a method bound to it
            return ("bound", value.__func__)
        return value

    state = [(key, plain(value)) for key, value in vars(made).items()]
    for name, member in made._member_map_.items():
        attributes = {key: value for key, value in vars(member).items() if key != "__objclass__"}
        state.append((f"member {name}", (attributes, member.__objclass__ is made,
                                         type(member).__mro__[1:])))
    return state


def test_every_qt_enum_is_made_as_enum_makes_it() -> None:
    made = _qt_enums()
    assert len(made) > 500 and {_base(e) for e in made} == {IntFlag, Flag, IntEnum, enum.Enum}
    differ = []
    for qt in made:
        base, name, names = _call(qt)
        standard = base(name, names, boundary=enum.KEEP)
        direct = qt_enums.make(base, name, names, standard.__module__)
        if _state(direct) != _state(standard):
            differ.append(qt.__qualname__)
    assert differ == []


def _behaviour(made: EnumType) -> list[object]:
    members = list(made._member_map_.values())
    result: list[object] = [list(made), len(made), repr(made), list(made.__members__)]
    for member in members[:12]:
        result += [repr(member), str(member), format(member), made(member._value_),
                   made[member._name_], hash(member) == hash(made(member._value_))]
    if issubclass(made, Flag):
        combined = members[0] | members[-1]
        result += [repr(combined), str(combined), repr(~members[-1]), repr(made(0)),
                   repr(combined & members[0]), list(combined)]
        if made._flag_mask_ != made._all_bits_:
            result.append(repr(made(made._all_bits_)))  # bits no member names (KEEP)
    return [repr(item) for item in result]


CASES = [
    (IntFlag, "AlignmentFlag", [("AlignLeft", 1), ("AlignLeading", 1), ("AlignRight", 2),
                                ("AlignHCenter", 4), ("AlignHorizontal_Mask", 31),
                                ("AlignTop", 32), ("AlignCenter", 132)]),
    (Flag, "Options", [("NoOption", 0), ("Wide", 8), ("Tall", 2), ("Both", 10)]),
    (IntEnum, "Key", [("Key_Space", 32), ("Key_Any", 32), ("Key_A", 65), ("name", 7),
                      ("value", 9)]),
    (enum.Enum, "Shape", [("Square", 0), ("Round", 1), ("Circle", 1)]),
]


@pytest.mark.parametrize(("base", "name", "names"), CASES, ids=[c[1] for c in CASES])
def test_made_enums_behave_as_enums(installed, base, name, names) -> None:
    direct = base(name, names, boundary=enum.KEEP)  # through the installed _create_
    qt_enums.uninstall()
    standard = base(name, names, boundary=enum.KEEP)
    assert _state(direct) == _state(standard)
    assert _behaviour(direct) == _behaviour(standard)
    assert direct.__module__ == standard.__module__ == __name__


def test_other_calls_are_made_by_enum_as_before(installed, monkeypatch) -> None:
    made = []
    monkeypatch.setattr(qt_enums, "make", lambda *args: made.append(args))
    color = enum.Enum("Color", "RED GREEN")
    strict = IntFlag("Strict", [("A", 1)])
    named = IntEnum("Named", [("A", 1)], boundary=enum.KEEP, module="somewhere")
    with pytest.raises(ValueError):
        IntEnum("Bad", [("A", "one")], boundary=enum.KEEP)
    with pytest.raises(TypeError, match="already defined"):
        IntEnum("Twice", [("A", 1), ("A", 2)], boundary=enum.KEEP)
    hidden = IntEnum("Hidden", [("__secret__", 1), ("B", 2)], boundary=enum.KEEP)
    with pytest.raises(ValueError, match="reserved"):
        IntEnum("Sunder", [("_reserved_", 1)], boundary=enum.KEEP)
    assert made == [] and color.RED.value == 1 and strict.A == 1
    assert named.__module__ == "somewhere" and list(hidden.__members__) == ["B"]


QT_START = """
import json, sys
from desktop import qt_enums
if sys.argv[1] == "direct":
    qt_enums.install()
from PySide6.QtCore import Qt, QDir
from PySide6.QtWidgets import QSizePolicy
align = Qt.AlignmentFlag.AlignLeft | Qt.AlignmentFlag.AlignTop
print(json.dumps([repr(align), str(align), int(align), repr(Qt.AlignmentFlag(0x81)),
                  repr(QDir.Filter.Drives | QDir.Filter.Files), repr(Qt.Key.Key_Any),
                  repr(QSizePolicy.Policy(7)), repr(Qt.Key(999999999)),
                  Qt.AlignmentFlag.__module__, Qt.AlignmentFlag.__qualname__]))
"""


@pytest.mark.slow
def test_qt_uses_the_made_enums_as_its_own() -> None:
    def start(how: str) -> str:
        result = subprocess.run([sys.executable, "-c", QT_START, how], cwd=REPO,
                                capture_output=True, text=True, timeout=120)
        assert result.returncode == 0, result.stderr
        return result.stdout

    assert start("direct") == start("standard")
