"""The POW! Difficulty Check and its exact odds (POW!, Difficulty Checks; RULINGS.md).

A stat strictly higher than the difficulty succeeds with no roll. Otherwise 2d6 + stat
≥ difficulty succeeds. Optional rules: Triples (both dice equal to the stat on the first
throw: automatic success), Doubles (doubles: throw 2d6 again and add, while doubles
come) and Criticals (first throw + stat exactly the difficulty: double effect).
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass, field
from fractions import Fraction
from typing import TYPE_CHECKING, NamedTuple

from desktop.model.dice import Roller, Throw
from desktop.model.odds import faces, percent

if TYPE_CHECKING:
    from desktop.systems.pow.rules.character import PowCharacter


@dataclass(frozen=True)
class CheckRules:
    """Which optional check rules are on: Doubles, Triples and Criticals."""

    doubles: bool = False
    triples: bool = False
    criticals: bool = False


class CheckOdds(NamedTuple):
    """The exact odds of one Difficulty Check, before it is rolled."""

    p_success: Fraction
    p_critical: Fraction
    """Chance the first throw + stat equals the difficulty exactly (a success)."""
    automatic: bool
    """The stat beats the difficulty: no roll at all."""


# Ways two different faces reach each total: the throws that end a Doubles chain.
_UNEQUAL_TOTALS = Counter(a + b for a, b in faces(2, 6) if a != b)


def _levels(need: int) -> int:
    """Throws a Doubles chain may take before any total reaches ``need`` for sure."""
    return max(0, -(-(need - 2) // 2))


_chain_table: list[int] = [1, 1, 1]
"""_chain_table[n]: P(a Doubles chain sums to ≥ n) × 36**_levels(n), grown on demand."""


def _chain_ways(need: int) -> int:
    """P(a Doubles chain of 2d6 throws sums to ≥ need) × 36**_levels(need).

    A double 2d adds another throw that must make up need − 2d. Kept in integers over
    one denominator (each level is exactly one throw deeper) and built bottom-up, so
    any difficulty is answered without recursion and far below a millisecond.
    """
    if need <= 2:
        return 1
    for n in range(len(_chain_table), need + 1):
        levels = _levels(n)
        ways = sum(c for total, c in _UNEQUAL_TOTALS.items() if total >= n) * 36 ** (levels - 1)
        for face in range(1, 7):
            rest = n - 2 * face
            ways += (_chain_table[rest] if rest > 2 else 1) * 36 ** (levels - 1 - _levels(rest))
        _chain_table.append(ways)
    return _chain_table[need]


def _p_chain_at_least(need: int) -> Fraction:
    """P(a Doubles chain of 2d6 throws sums to ≥ need): each double adds another throw."""
    return Fraction(_chain_ways(need), 36 ** _levels(need))


def check_odds(stat: int, difficulty: int, rules: CheckRules = CheckRules(),
               bonus: int = 0) -> CheckOdds:
    """``bonus``: added to the roll as the Stat is (Combat Leadership's Fellowship, Combat
    Tactics' Cognition: "added to that other person's roll"). Ours: a Stat with the bonus
    above the Difficulty needs no roll, as a Stat alone would; a triple is still the two
    dice equal to the Stat."""
    if stat + bonus > difficulty:
        return CheckOdds(Fraction(1), Fraction(0), automatic=True)
    need = difficulty - stat - bonus
    success = critical = 0
    chained = Fraction(0)
    for a, b in faces(2, 6):
        if a + b == need:
            critical += 1
        if (rules.triples and a == b == stat) or a + b >= need:
            success += 1
        elif rules.doubles and a == b:
            chained += _p_chain_at_least(need - a - b)
    p_success = (Fraction(success) + chained) / 36
    return CheckOdds(p_success, Fraction(critical, 36), automatic=False)


@dataclass(frozen=True)
class CheckResult:
    """One Difficulty Check as rolled, or won with no roll by a stat above the Difficulty."""

    stat: int
    difficulty: int
    throws: list[Throw] = field(default_factory=list)
    automatic: bool = False
    triple: bool = False
    critical: bool = False
    bonus: int = 0
    """Added to the roll besides the Stat (Combat Leadership, Combat Tactics)."""
    bonus_label: str = ""

    @property
    def dice_total(self) -> int:
        return sum(t.total for t in self.throws)

    @property
    def total(self) -> int:
        return self.stat + self.bonus + self.dice_total

    @property
    def success(self) -> bool:
        return self.automatic or self.triple or self.total >= self.difficulty

    def describe(self, stat_label: str = "") -> str:
        stat = f"{stat_label} {self.stat}" if stat_label else str(self.stat)
        bonus = f" + {self.bonus} ({self.bonus_label or 'bonus'})" if self.bonus else ""
        if self.automatic:
            head = f"{stat}{bonus}" if stat_label else f"Stat {self.stat}{bonus}"
            return f"{head} beats Difficulty {self.difficulty}: automatic success"
        dice = " + ".join(str(t) for t in self.throws)
        verdict = "success" if self.success else "failure"
        extra = " (natural triple)" if self.triple else " (critical: double effect)" if (
            self.critical) else ""
        return (f"{dice} + {stat}{bonus} = {self.total} vs {self.difficulty}: "
                f"{verdict}{extra}")


def roll_check(
    stat: int, difficulty: int, roller: Roller, rules: CheckRules = CheckRules(),
    bonus: int = 0, bonus_label: str = "",
) -> CheckResult:
    """One Difficulty Check; ``bonus`` is added to the roll as in ``check_odds``."""
    if stat + bonus > difficulty:
        return CheckResult(stat, difficulty, automatic=True, bonus=bonus,
                           bonus_label=bonus_label)
    first = roller.throw(2, 6)
    throws = [first]
    a, b = first.faces
    triple = rules.triples and a == b == stat
    critical = rules.criticals and stat + bonus + first.total == difficulty
    last = first
    while rules.doubles and not triple and len(set(last.faces)) == 1:
        last = roller.throw(2, 6, why="doubles")
        throws.append(last)
    return CheckResult(stat, difficulty, throws, triple=triple, critical=critical,
                       bonus=bonus, bonus_label=bonus_label)


BELOW_ZERO = ("a Stat below 0 \"cannot be used for anything (combat, other actions, "
              "Specials, etc.)\" (POW!, Stat Reduction)")
"""Why a check on a Stat below 0 is not rolled, in the book's words."""


def unusable(stat: int) -> bool:
    """The Stat is below 0: "that Stat cannot be used for anything" (POW!, Stat
    Reduction)."""
    return stat < 0


def stat_save_odds(current_stat: int) -> Fraction:
    """P(1d6 ≤ stat): the Stat Save that stops a stat at 0 (RULINGS.md POW! 1)."""
    return Fraction(max(0, min(current_stat, 6)), 6)


def rules_of(character: PowCharacter) -> CheckRules:
    """The optional check rules a character's game uses."""
    options = character.options
    return CheckRules(options.doubles, options.triples, options.criticals)


def check_text(stat_label: str, stat: int, difficulty: int, rules: CheckRules) -> tuple[str, str]:
    """Headline and detail, e.g. ("Agility 3 vs Difficulty 12: 27.8 %", "needs 9+ …")."""
    odds = check_odds(stat, difficulty, rules)
    head = f"{stat_label} {stat} vs Difficulty {difficulty}: {percent(odds.p_success)}"
    if odds.automatic:
        return head, "The Stat beats the Difficulty: automatic success, no roll."
    need = difficulty - stat
    detail = f"Needs {need}+ on 2d6" if need > 2 else "Any roll succeeds"
    extras = []
    if rules.doubles:
        extras.append("doubles roll again")
    if rules.triples and 1 <= stat <= 6:
        extras.append(f"double {stat}s always succeed")
    if rules.criticals and odds.p_critical:
        extras.append(f"critical {percent(odds.p_critical)}")
    return head, detail + (f" ({'; '.join(extras)})" if extras else "") + "."


def random_stats(roller: Roller) -> dict[str, int]:
    """Random Stats: "If for some reason you wish to randomly generate scores, roll 1d6,
    treating a roll of "6" as a "0."" (POW!, Creating a Character, Step 2; RULINGS.md
    POW! 11). One throw per Stat, A to F, in the book's order."""
    from desktop.systems.pow.rules.character import STATS

    out: dict[str, int] = {}
    for stat in STATS:
        (face,) = roller.throw(1, 6, f"random {stat.capitalize()}").faces
        out[stat] = 0 if face == 6 else face
    return out
