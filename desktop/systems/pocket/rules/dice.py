"""Pocket Universe's dice: the 2d10 roll-under check and the 1d10 low/mid/high pick.

* A check succeeds when 2d10 ≤ the target: the score plus the difficulty modifier
  (4.0 Skill & Attribute Checks) and any other modifiers (4.1 equipment, 4.2 opposed
  rolls, 5.22 multiple actions, 5.32 range, 5.3x combat). A 20 always fails.
* Doubles are criticals: a Critical Success on a success, a Critical Failure
  ("fumble") on a failure (4.3 Critical Rolls).
* Taking extra time adds +1…+6 to the target, and every failed roll at or above the
  step's threshold (18+ … 8+) is a fumble too (4.4 Taking Extra Time).
* One d10 picks the low (1–2), middle (3–8) or high (9–10) number of an initiative or
  damage range (5.2 Initiative, 5.4 Damage & Armor).

The numbers are in ``resources/pocket/checks.json``. Exact odds enumerate the 100
ordered outcomes of 2d10 with Fractions. Pure Python, no Qt.
"""


from collections.abc import Iterable, Mapping
from fractions import Fraction
from functools import cache
from typing import Literal, NamedTuple

from desktop.model.dice import Roller, Throw
from desktop.model.odds import faces

SIDES = 10
Level = Literal["low", "mid", "high"]
LEVELS: tuple[Level, ...] = ("low", "mid", "high")
Triplet = tuple[int, int, int]
"""A low/mid/high range such as an initiative 2/3/4 or a weapon's damage 4/6/8."""


class CheckError(ValueError):
    """A check that cannot be made as asked (bad extra time, bad triplet): one line."""


# --- the tables (resources/pocket/checks.json) ----------------------------------------
# Records read by ``book_records``; any entry may say where it comes from ("source"), which
# values the book does not print ("ours"), and add a "note".


class _Check(NamedTuple):
    dice: int
    sides: int
    always_fails: int
    source: str = ""
    ours: tuple[str, ...] = ()
    note: str = ""


class _Difficulty(NamedTuple):
    name: str
    modifier: int
    source: str = ""
    ours: tuple[str, ...] = ()
    note: str = ""


class ExtraTime(NamedTuple):
    bonus: int
    fumble_from: int
    """Any failed roll of this total or more is a Critical Failure."""
    source: str = ""
    ours: tuple[str, ...] = ()
    note: str = ""


class _ExtraTimeTable(NamedTuple):
    steps: tuple[ExtraTime, ...]
    source: str = ""
    ours: tuple[str, ...] = ()
    note: str = ""


class _Opposed(NamedTuple):
    baseline: int
    source: str = ""
    ours: tuple[str, ...] = ()
    note: str = ""


class RangeBand(NamedTuple):
    """Spaces "from" … "to" and their modifier (5.32)."""
    from_: int
    to: int
    modifier: int
    source: str = ""
    ours: tuple[str, ...] = ()
    note: str = ""


class _Range(NamedTuple):
    bands: tuple[RangeBand, ...]
    per_doubling: int
    point_blank_up_to: int
    point_blank_missile_modifier: int
    source: str = ""
    ours: tuple[str, ...] = ()
    note: str = ""


class _MultipleActions(NamedTuple):
    per_extra_action: int
    base_without_check: int
    source: str = ""
    ours: tuple[str, ...] = ()
    note: str = ""


class _LevelBand(NamedTuple):
    """The d10 faces "from" … "to" that pick a range's low, middle or high number."""
    from_: int
    to: int
    name: Level
    source: str = ""
    ours: tuple[str, ...] = ()
    note: str = ""


class _Levels(NamedTuple):
    levels: tuple[_LevelBand, ...]
    source: str = ""
    ours: tuple[str, ...] = ()
    note: str = ""


class CheckTables(NamedTuple):
    """Everything in checks.json, read once."""

    book: str
    about: str
    check: _Check
    difficulties: tuple[_Difficulty, ...]
    extra_time: _ExtraTimeTable
    opposed: _Opposed
    range: _Range
    multiple_actions: _MultipleActions
    d10_levels: _Levels


@cache
def tables() -> CheckTables:
    from desktop.systems.pocket.rules.catalog import BOOK

    return BOOK.load(CheckTables, "checks.json")


def difficulties() -> dict[str, int]:
    """The difficulty table (4.0): name → modifier, from Impossible −8 to Very Simple +8."""
    return {d.name: d.modifier for d in tables().difficulties}


def difficulty_modifier(name: str) -> int:
    """The modifier of a named difficulty; case and spaces/underscores do not matter."""
    wanted = name.strip().lower().replace("_", " ").replace("-", " ")
    for known, modifier in difficulties().items():
        if known.lower() == wanted:
            return modifier
    raise CheckError(f"unknown difficulty {name!r} (known: {', '.join(difficulties())})")


def extra_time_step(bonus: int) -> ExtraTime | None:
    """The extra time step giving ``bonus`` (4.4); None for 0 (no extra time)."""
    if bonus == 0:
        return None
    for step in tables().extra_time.steps:
        if step.bonus == bonus:
            return step
    top = max(s.bonus for s in tables().extra_time.steps)
    raise CheckError(f"extra time gives +1 to +{top}, not {bonus:+d}")


# --- modifiers --------------------------------------------------------------------------


class Modifier(NamedTuple):
    """One named adjustment of a check's target, e.g. ("Easy", +2) or ("range 12", −2)."""

    why: str
    value: int

    def __str__(self) -> str:
        return f"{self.why} {self.value:+d}"

    def to_json(self) -> dict[str, object]:
        return {"why": self.why, "value": self.value}


def opposed_modifier(opponent_score: int, unskilled_penalty: int = 0) -> int:
    """−(opponent's score − 10); an unskilled opponent resists at score + penalty (4.2;
    RULINGS.md Pocket 6). ``unskilled_penalty`` is the book's negative number (−1, −4)."""
    if unskilled_penalty > 0:
        raise CheckError(f"an unskilled penalty is 0 or less, not {unskilled_penalty:+d}")
    return -(opponent_score + unskilled_penalty - tables().opposed.baseline)


def range_modifier(spaces: int, acute_vision: int = 0) -> int:
    """The range penalty for ``spaces`` movement spaces (5.32): 0 up to 4, −1 to 8, −2 to
    16, −3 to 32, −4 to 64, then −1 more per doubling. Acute Vision ignores one point of
    it per level (2.22). Nearer than the table's 2 spaces has no penalty."""
    if spaces < 0:
        raise CheckError(f"a range is 0 spaces or more, not {spaces}")
    if acute_vision < 0:
        raise CheckError(f"Acute Vision is taken 0 or more times, not {acute_vision}")
    table = tables().range
    penalty = 0
    for band in table.bands:
        if spaces >= band.from_:
            penalty = band.modifier
    last = table.bands[-1]
    reach = last.to
    while spaces > reach:
        penalty += table.per_doubling
        reach *= 2
    return min(0, penalty + acute_vision)


def point_blank_modifier(spaces: int, missile: bool = True) -> int:
    """−2 for a missile weapon fired at a hostile opponent at point blank (3.3); ours:
    point blank is 1 space or less (see checks.json)."""
    table = tables().range
    return table.point_blank_missile_modifier if missile and spaces <= (
        table.point_blank_up_to) else 0


def multiple_action_modifier(actions: int) -> int:
    """−2 per extra simultaneous Action (5.22): 3 shots at once are each rolled at −4."""
    if actions < 1:
        raise CheckError(f"a turn has 1 Action or more, not {actions}")
    return (actions - 1) * tables().multiple_actions.per_extra_action


def base_without_check() -> int:
    """The base roll (15-) of an Action that needs no check, when part of several (5.22)."""
    return tables().multiple_actions.base_without_check


def target_of(score: int, modifiers: Iterable[Modifier] = ()) -> int:
    return score + sum(m.value for m in modifiers)


# --- the check and its exact odds -------------------------------------------------------


def always_fails() -> int:
    return tables().check.always_fails


def succeeds(total: int, target: int) -> bool:
    """2d10 ≤ target, and a 20 always fails (4.0)."""
    return total <= target and total != always_fails()


def fumbles(total: int, doubles: bool, extra_time: int = 0) -> bool:
    """Whether a *failed* roll is a Critical Failure: doubles (4.3) or, taking extra time,
    a total at or above the step's threshold (4.4)."""
    step = extra_time_step(extra_time)
    return doubles or (step is not None and total >= step.fumble_from)


class CheckOdds(NamedTuple):
    """The exact chances of a 2d10 check against a target, before it is rolled."""

    target: int
    """The final target, extra time included."""
    extra_time: int
    p_success: Fraction
    p_critical: Fraction
    """A success on doubles."""
    p_fumble: Fraction
    """A failure on doubles, or (with extra time) at or above the step's threshold."""

    @property
    def p_failure(self) -> Fraction:
        return 1 - self.p_success


@cache
def check_odds(target: int, extra_time: int = 0) -> CheckOdds:
    """Exact odds of a check against ``target`` (before the extra time bonus, which is
    added here), over the 100 equally likely ordered outcomes of 2d10."""
    step = extra_time_step(extra_time)
    final = target + (step.bonus if step else 0)
    success = critical = fumble = 0
    for a, b in faces(2, SIDES):
        total = a + b
        if succeeds(total, final):
            success += 1
            critical += a == b
        elif fumbles(total, a == b, extra_time):
            fumble += 1
    n = SIDES * SIDES
    return CheckOdds(final, extra_time, Fraction(success, n), Fraction(critical, n),
                     Fraction(fumble, n))


class CheckResult(NamedTuple):
    """One check as rolled: the throw, the target and what it came to."""

    target: int
    """The final target, extra time included."""
    throw: Throw
    extra_time: int = 0
    label: str = ""
    """What was checked ("Dodge", "wake-up"): for the log."""
    modifiers: tuple[Modifier, ...] = ()
    """The modifiers already in ``target`` (for the log; not added again)."""

    @property
    def total(self) -> int:
        return self.throw.total

    @property
    def doubles(self) -> bool:
        return len(set(self.throw.faces)) == 1

    @property
    def success(self) -> bool:
        return succeeds(self.total, self.target)

    @property
    def critical(self) -> bool:
        """A Critical Success: a success on doubles."""
        return self.success and self.doubles

    @property
    def fumble(self) -> bool:
        """A Critical Failure."""
        return not self.success and fumbles(self.total, self.doubles, self.extra_time)

    @property
    def margin(self) -> int:
        """Points by which the roll was made (≥ 0) or missed (< 0): target − total."""
        return self.target - self.total

    @property
    def verdict(self) -> str:
        if self.success:
            return "critical success" if self.critical else "success"
        return "fumble" if self.fumble else "failure"

    def describe(self) -> str:
        what = f"{self.label}: " if self.label else ""
        mods = "".join(f", {m}" for m in self.modifiers)
        time = f", extra time +{self.extra_time}" if self.extra_time else ""
        why = ""
        if self.total == always_fails() and self.total <= self.target:
            why = " (a 20 always fails)"
        elif self.fumble and not self.doubles:
            step = extra_time_step(self.extra_time)
            why = f" (extra time +{self.extra_time}: {step.fumble_from if step else ''}+ fumbles)"
        return (f"{what}{self.throw} = {self.total} vs {self.target}-{mods}{time}: "
                f"{self.verdict}{why}")

    def to_json(self) -> dict[str, object]:
        return {
            "label": self.label,
            "target": self.target,
            "extra_time": self.extra_time,
            "modifiers": [m.to_json() for m in self.modifiers],
            "dice": list(self.throw.faces),
            "total": self.total,
            "success": self.success,
            "critical": self.critical,
            "fumble": self.fumble,
            "margin": self.margin,
            "description": self.describe(),
        }


def roll_check(
    target: int,
    roller: Roller,
    extra_time: int = 0,
    label: str = "",
    modifiers: Iterable[Modifier] = (),
) -> CheckResult:
    """Roll 2d10 against ``target`` (the extra time bonus is added here; ``modifiers``
    are already in ``target`` and only named in the log)."""
    step = extra_time_step(extra_time)
    final = target + (step.bonus if step else 0)
    throw = roller.throw(2, SIDES, why=label)
    return CheckResult(final, throw, extra_time, label, tuple(modifiers))


def check_of(
    target: int, faces_shown: tuple[int, int], extra_time: int = 0, label: str = ""
) -> CheckResult:
    """A check rolled at the table: the GM types the two d10s."""
    for face in faces_shown:
        if not 1 <= face <= SIDES:
            raise CheckError(f"a d10 shows 1 to 10, not {face}")
    step = extra_time_step(extra_time)
    final = target + (step.bonus if step else 0)
    return CheckResult(final, Throw(SIDES, tuple(faces_shown), label), extra_time, label)


# --- the 1d10 low/mid/high pick ---------------------------------------------------------


def level_of(face: int) -> Level:
    """1–2 low, 3–8 mid, 9–10 high (5.2, 5.4)."""
    for band in tables().d10_levels.levels:
        if band.from_ <= face <= band.to:
            return band.name
    raise CheckError(f"a d10 shows 1 to 10, not {face}")


def level_index(level: Level) -> int:
    return LEVELS.index(level)


def parse_triplet(text: str) -> Triplet:
    """"2/4/6" → (2, 4, 6); a clear CheckError for anything else."""
    parts = text.replace(" ", "").split("/")
    try:
        numbers = tuple(int(p) for p in parts)
    except ValueError:
        raise CheckError(f"not a low/mid/high range like 2/4/6: {text!r}") from None
    if len(numbers) != 3:
        raise CheckError(f"a range has three numbers like 2/4/6, not {text!r}")
    return check_triplet(numbers)


MAX_TRIPLET = 999
"""The highest number a low/mid/high range may hold (the book's go up to a few dozen)."""


def check_triplet(numbers: Iterable[int]) -> Triplet:
    low, mid, high = tuple(numbers)
    if min(low, mid, high) < 0 or not low <= mid <= high or high > MAX_TRIPLET:
        raise CheckError(f"a range runs low ≤ mid ≤ high from 0 to {MAX_TRIPLET}, not "
                         f"{low}/{mid}/{high}")
    return low, mid, high


def format_triplet(triplet: Triplet) -> str:
    return "/".join(str(n) for n in triplet)


class TripletRoll(NamedTuple):
    """A d10 that picked one number of a low/mid/high range."""

    triplet: Triplet
    throw: Throw

    @property
    def face(self) -> int:
        return self.throw.faces[0]

    @property
    def level(self) -> Level:
        return level_of(self.face)

    @property
    def value(self) -> int:
        return self.triplet[level_index(self.level)]

    def describe(self) -> str:
        return f"d10 {self.face} → {self.level} of {format_triplet(self.triplet)} = {self.value}"

    def to_json(self) -> dict[str, object]:
        return {"triplet": list(self.triplet), "die": self.face, "level": self.level,
                "value": self.value, "description": self.describe()}


def roll_triplet(triplet: Triplet, roller: Roller, why: str = "") -> TripletRoll:
    return TripletRoll(check_triplet(triplet), roller.throw(1, SIDES, why=why))


def triplet_of(triplet: Triplet, face: int, why: str = "") -> TripletRoll:
    """A d10 rolled at the table."""
    level_of(face)
    return TripletRoll(check_triplet(triplet), Throw(SIDES, (face,), why))


def level_odds() -> Mapping[Level, Fraction]:
    """P(low), P(mid), P(high) of the d10 pick: 2/10, 6/10, 2/10."""
    counts = {level: 0 for level in LEVELS}
    for face in range(1, SIDES + 1):
        counts[level_of(face)] += 1
    return {level: Fraction(n, SIDES) for level, n in counts.items()}


def triplet_odds(triplet: Triplet) -> dict[int, Fraction]:
    """The distribution of a low/mid/high pick: value → probability."""
    out: dict[int, Fraction] = {}
    for level, p in level_odds().items():
        value = triplet[level_index(level)]
        out[value] = out.get(value, Fraction(0)) + p
    return out


def p_higher(first: Triplet, second: Triplet) -> Fraction:
    """P(a pick on ``first`` is strictly higher than an independent pick on ``second``)
    (5.82 breaking free of a grapple: the defender must roll higher)."""
    a, b = triplet_odds(first), triplet_odds(second)
    return sum((pa * pb for va, pa in a.items() for vb, pb in b.items() if va > vb),
               Fraction(0))
