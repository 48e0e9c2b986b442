"""The Energy System's tables, read from ``resources/protector/combat.json``.

Higher Dice Steps, contest damage, Challenge Difficulties, Distance, Capacity Tests,
rest phases, training difficulties, Groups and the RISKED prompts: book data lives in
the JSON (each section names its rule and carries our notes); this module only reads
it into typed values. Loaded once and cached.
"""

from __future__ import annotations

from functools import cache
from typing import Any, NamedTuple

from desktop.model.dice_pool import Die, StepLadder
from desktop.model.findings import Rule

BOOK = "Protector"


def _data() -> dict[str, Any]:
    from desktop.systems.protector.rules.catalog import BOOK

    return BOOK.read("combat.json")


def section(name: str) -> dict[str, Any]:
    """One section of the file as stored (for reference panels)."""
    return _data()[name]


def rule_of(name: str) -> Rule:
    """The book section a table comes from."""
    return Rule(BOOK, section(name)["rule"])


def note_of(name: str) -> str:
    return str(section(name).get("note", ""))


class DiceCount(NamedTuple):
    """A number of dice of one size: "4d20", "1d4"."""

    count: int
    die: Die

    @classmethod
    def parse(cls, text: str) -> DiceCount:
        count, _, rest = text.strip().partition("d")
        return cls(int(count or 1), Die.parse("d" + rest))

    def __str__(self) -> str:
        return f"{self.count}{str(self.die).removeprefix('1')}" if self.die.higher else (
            f"{self.count}{self.die}")


# --- Higher Dice Steps ----------------------------------------------------------------


@cache
def ladder() -> StepLadder:
    """d4 … d20 and the Higher Dice Steps with their costs from the d6."""
    rungs = tuple((Die.parse(r["die"]), int(r["cost"]))
                  for r in section("higher_dice_steps")["rungs"])
    return StepLadder().with_rungs(rungs)


def check_sides(die: Die) -> int | None:
    """The check die a 1 on a higher step calls for (x10: d6, x100: d20); None: the
    die never depletes on a roll (x1000)."""
    sides = section("higher_dice_steps")["check_die"][str(die.multiplier)]
    return None if sides is None else int(sides)


# --- contests -------------------------------------------------------------------------


def damage_dice(difference: int) -> int:
    """Dice the winner of a contest depletes or removes: one, plus one for every full 3
    points of difference; nothing unless strictly higher (RULINGS Protector 5)."""
    table = section("contest_damage")
    if difference <= 0:
        return 0
    return int(table["base_dice"]) + difference // int(table["points_per_extra_die"])


# --- challenges and movement ------------------------------------------------------------


def difficulty_names() -> tuple[str, ...]:
    return tuple(row["name"] for row in section("challenge_difficulties")["rows"])


def challenge_dice(difficulty: str, die: str | Die = "d6") -> DiceCount:
    """A noncharacter challenge's pool by the Challenge Difficulties table."""
    table = section("challenge_difficulties")
    size = str(die if isinstance(die, Die) else Die.parse(die))
    columns = table["dice"]
    if size not in columns:
        raise ValueError(f"the Challenge Difficulties table has no {size} column "
                         f"({', '.join(columns)})")
    for row in table["rows"]:
        if row["name"].lower() == difficulty.strip().lower():
            return DiceCount(int(row["counts"][columns.index(size)]), Die.parse(size))
    raise ValueError(f"no difficulty {difficulty!r} (choose {', '.join(difficulty_names())})")


def ranges() -> tuple[str, ...]:
    return tuple(r["name"] for r in section("distance")["ranges"])


def distance_dice(start: str, goal: str) -> DiceCount:
    """The movement challenge for getting from one range to a closer one."""
    for move in section("distance")["moves"]:
        if (move["from"].lower(), move["to"].lower()) == (start.lower(), goal.lower()):
            return DiceCount.parse(move["dice"])
    raise ValueError(f"no move from {start!r} to {goal!r} in the Distance table "
                     f"(ranges: {', '.join(ranges())}, moving closer)")


def capacity_dice() -> tuple[Die, Die]:
    """(the die per normal-sized passenger, the die per die's worth of cargo)."""
    table = section("capacity")
    return Die.parse(table["passenger_die"]), Die.parse(table["cargo_die"])


# --- rest, repair, training -------------------------------------------------------------


class RestPhase(NamedTuple):
    """A rest phase of the book's (Rest, Sleep, Recovery): its rest rolls and automatic restores."""

    name: str
    rolls: int
    restore: int
    text: str


def rest_phases() -> dict[str, RestPhase]:
    table = section("rest_phases")
    return {p["name"]: RestPhase(p["name"], int(p["rolls"]), int(p["restore"]), p["text"])
            for p in table["phases"]}


def rest_phase(name: str) -> RestPhase:
    for phase in rest_phases().values():
        if phase.name.lower() == name.strip().lower():
            return phase
    raise ValueError(f"no rest phase {name!r} (choose {', '.join(rest_phases())})")


def rest_die() -> Die:
    return Die.parse(section("rest_phases")["rest_die"])


def help_points_per_die() -> int:
    return int(section("rest_phases")["help_points_per_die"])


def unresolved_points_per_damage() -> int:
    return int(section("rest_phases")["unresolved_challenge_points_per_damage"])


class TrainingKind(NamedTuple):
    """What a training phase can buy (an attribute, a skill, a power…) and its difficulty."""

    name: str
    difficulty: DiceCount
    gains: str
    """"steps" (a trait) or "dice" (an agent's pool)."""
    note: str = ""


def training_kinds() -> dict[str, TrainingKind]:
    return {k["name"]: TrainingKind(k["name"], DiceCount.parse(k["difficulty"]), k["gains"],
                                    k.get("note", ""))
            for k in section("training")["kinds"]}


def training_kind(name: str) -> TrainingKind:
    for kind in training_kinds().values():
        if kind.name.lower() == name.strip().lower():
            return kind
    raise ValueError(f"no training for {name!r} (choose {', '.join(training_kinds())})")


# --- storytelling -----------------------------------------------------------------------


class Risked(NamedTuple):
    """One RISKED entry: a reason a die depleted (Equipment, Damage: physical challenges only)."""

    letter: str
    name: str
    text: str
    physical_only: bool


def risked(physical: bool = True) -> tuple[Risked, ...]:
    """Why a die depleted: RISK for mental or social challenges, RISKED with a physical
    component."""
    return tuple(Risked(e["letter"], e["name"], e["text"], bool(e["physical_only"]))
                 for e in section("risked")["entries"]
                 if physical or not e["physical_only"])


def narration_prompts() -> tuple[tuple[str, str], ...]:
    return tuple((p["say"], p["when"]) for p in section("risked")["prompts"])


def risked_closing() -> tuple[str, ...]:
    """The closing lines of the book's RISKED box (how to narrate with it)."""
    return tuple(section("risked")["closing"])
