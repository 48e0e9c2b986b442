"""Free dice expressions for the GM's roller: "2d6+3", "d20", "3d6 - 2d4 + 1".

Each has its exact distribution (integer counts, from ``odds.dice_sum_counts``) so the
roller can show the chance of reaching a target before anything is rolled.
"""

from __future__ import annotations

import re
from collections import Counter
from collections.abc import Mapping
from dataclasses import dataclass
from fractions import Fraction

from desktop.model.dice import Roller
from desktop.model.odds import dice_sum_counts

_TERM = re.compile(r"\s*([+-])?\s*(?:(\d*)\s*[dD]\s*(\d+)|(\d+))\s*")
MAX_DICE = 100
MAX_SIDES = 1000


@dataclass(frozen=True)
class Term:
    """One signed part of a dice expression: a number of dice of one size, or a constant."""

    sign: int
    count: int
    sides: int
    """0 for a constant (then ``count`` is its value)."""


@dataclass(frozen=True)
class Expression:
    """A dice expression as parsed ("2d6+3"), with its exact odds and a way to roll it."""

    text: str
    terms: tuple[Term, ...]

    def distribution(self) -> Mapping[int, int]:
        """Ways to reach each total, over all equally likely outcomes."""
        ways: Counter[int] = Counter({0: 1})
        for term in self.terms:
            part = ({term.count: 1} if term.sides == 0
                    else dice_sum_counts(term.count, term.sides))
            step: Counter[int] = Counter()
            for total, n in ways.items():
                for value, m in part.items():
                    step[total + term.sign * value] += n * m
            ways = step
        return ways

    def p_at_least(self, target: int) -> Fraction:
        ways = self.distribution()
        return Fraction(sum(n for v, n in ways.items() if v >= target), sum(ways.values()))

    def mean(self) -> Fraction:
        ways = self.distribution()
        return Fraction(sum(v * n for v, n in ways.items()), sum(ways.values()))

    def bounds(self) -> tuple[int, int]:
        ways = self.distribution()
        return min(ways), max(ways)

    def roll(self, roller: Roller) -> str:
        """Roll it: "2d6+3 = [4, 1] + 3 = 8"."""
        total, shown = 0, []
        for term in self.terms:
            if term.sides == 0:
                value, text = term.count, str(term.count)
            else:
                throw = roller.throw(term.count, term.sides)
                value, text = throw.total, f"[{', '.join(map(str, throw.faces))}]"
            total += term.sign * value
            shown.append(("- " if term.sign < 0 else "+ ") + text)
        body = " ".join(shown).removeprefix("+ ")
        return f"{self.text} = {body} = {total}"


def parse(text: str) -> Expression:
    """The expression in ``text``, or ValueError saying what is wrong with it."""
    source = text.strip()
    if not source:
        raise ValueError("type a roll such as 2d6+3")
    terms, pos = [], 0
    while pos < len(source):
        match = _TERM.match(source, pos)
        if not match or match.end() == pos or (terms and not match[1]):
            raise ValueError(f"cannot read {source[pos:]!r} in {source!r} (write e.g. 2d6+3)")
        sign = -1 if match[1] == "-" else 1
        if match[4] is not None:
            terms.append(Term(sign, int(match[4]), 0))
        else:
            count, sides = int(match[2] or 1), int(match[3])
            if not 1 <= count <= MAX_DICE or not 2 <= sides <= MAX_SIDES:
                raise ValueError(f"{count}d{sides}: use 1–{MAX_DICE} dice of 2–{MAX_SIDES} "
                                 "sides")
            terms.append(Term(sign, count, sides))
        pos = match.end()
    canonical = "".join(
        ("-" if t.sign < 0 else "+") + (str(t.count) if t.sides == 0 else f"{t.count}d{t.sides}")
        for t in terms).removeprefix("+")
    return Expression(canonical, tuple(terms))
