"""The events an attack and its kin log (chapter 5): each a frozen record of what happened
that ``describe()``s itself as one line for the GM's log. Pure Python, no Qt."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Protocol

from desktop.systems.pocket.fight.damage import ArmorCheck, Resisted, ShieldBlock, Wound
from desktop.systems.pocket.rules.dice import CheckResult, TripletRoll


class Event(Protocol):
    def describe(self) -> str: ...


@dataclass(frozen=True)
class Note:
    """A line for the log: something the rules say the GM or players now decide or do."""

    text: str

    def describe(self) -> str:
        return self.text


@dataclass(frozen=True)
class Rolled:
    """A check made for a fighter, and what came of it."""

    key: str
    check: CheckResult
    outcome: str = ""

    def describe(self) -> str:
        tail = f": {self.outcome}" if self.outcome else ""
        return f"{self.key} {self.check.describe()}{tail}"


@dataclass(frozen=True)
class Picked:
    """A d10 pick on a low/mid/high range (damage, PHYS roll)."""

    key: str
    what: str
    pick: TripletRoll
    note: str = ""

    def describe(self) -> str:
        tail = f" ({self.note})" if self.note else ""
        return f"{self.key} {self.what}: {self.pick.describe()}{tail}"


@dataclass(frozen=True)
class Armored:
    """Damage against armor (5.4)."""

    key: str
    armor: ArmorCheck
    what: str = "armor"

    def describe(self) -> str:
        return f"{self.key}'s {self.what}: {self.armor.describe()}"


@dataclass(frozen=True)
class Wounded:
    """Hits lost (a ``Wound``), as a line of the log."""

    wound: Wound

    def describe(self) -> str:
        return self.wound.describe()


@dataclass(frozen=True)
class Changed:
    """A condition or piece of equipment changed by the rules."""

    key: str
    text: str

    def describe(self) -> str:
        return f"{self.key}: {self.text}"


@dataclass(frozen=True)
class Wrapped:
    """A result that describes itself (shield block, resisted roll …)."""

    detail: ShieldBlock | Resisted

    def describe(self) -> str:
        return self.detail.describe()
