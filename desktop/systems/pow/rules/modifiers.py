"""The book's Difficulty Modifiers and range bands, applied to a Difficulty Number.

POW!, Difficulty Checks, Difficulty Modifiers: "To the basic Difficulty rating of 0 to
20, various OPTIONAL modifiers can be applied" — Cooperation ("the Difficulty decreases
by 1 (maximum of 5)" per assisting ally), Bad Weather, Darkness & Light, Distractions,
Prone, Simultaneous Actions, Size Modifier ("A human (0) vs. an ogre (+1) reduces
Difficulty by 1; an ogre (+1) vs. a dog (-1) increases it by 2") and Surprise.
POW!, Combat Basics, Ranged Combat: "firing weapons at twice that range adds +5 to the
Difficulty, at triple range adds +10, and so on … Firing at point blank range (0 feet,
not merely melee) subtracts 5."

The numbers come from ``resources/pow/tables.json`` (``modifiers`` and ``ranged``); this
module only adds them up. The editor's check panel, the GM screen's dice roller and
``sheetdesk odds|roll pow`` all call :func:`apply`, so they agree.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import NamedTuple

from desktop.systems.pow.rules import catalog

DIFFICULTY_RANGE = (-199, 199)
"""The Difficulties the exact odds support (the book's 0–20 and then some; keeps the
exact Doubles chain, one recursion level per double, well inside Python's stack)."""

R_MODIFIERS = "POW!, Difficulty Checks, Difficulty Modifiers"
R_RANGED = "POW!, Combat Basics, Ranged Combat"

# The modifiers counted in units (per ally, per size category) rather than chosen.
COOPERATION = "Cooperation"
SIZE = "Size Modifier"


class ModifierError(ValueError):
    """Modifiers that cannot be applied together or push the Difficulty out of range."""


class Choice(NamedTuple):
    """One situational modifier the GM picks from (Bad Weather, Darkness & Light…)."""

    name: str
    options: tuple[tuple[str, int], ...]
    """(condition, value) pairs, the book's numbers; "none" is implied."""


@dataclass(frozen=True)
class Situation:
    """What applies to one check. Defaults: nothing, the base Difficulty stands."""

    range_multiple: int = 1
    """The distance as a multiple of the weapon's base range (1: within it)."""
    point_blank: bool = False
    cooperation: int = 0
    """Allies assisting: −1 each, at most −5."""
    size_diff: int = 0
    """The target's Size Category minus the actor's: the Difficulty changes by −S."""
    chosen: Mapping[str, int] = field(default_factory=dict)
    """Modifier name → index of its condition in :func:`choices` (absent: none)."""


class Term(NamedTuple):
    """One Difficulty Modifier or range band in effect, with its value and the book's section."""

    label: str
    value: int
    rule: str
    short: str = ""
    """A word or two for a narrow panel ("×2", "3 allies", "dark")."""


class Modified(NamedTuple):
    """A base Difficulty and the modifiers that change it."""

    base: int
    terms: tuple[Term, ...]

    @property
    def difficulty(self) -> int:
        return self.base + sum(t.value for t in self.terms)

    def describe(self, short: bool = False) -> str:
        """E.g. "10 +5 (range ×2) −3 (cooperation, 3 allies) = 12", or "10"; ``short``:
        "10 +5 ×2 −3 allies = 12"."""
        if not self.terms:
            return str(self.base)
        parts = " ".join(f"{_signed(t.value)} {t.short or t.label}" if short
                         else f"{_signed(t.value)} ({t.label})" for t in self.terms)
        return f"{self.base} {parts} = {self.difficulty}"


def _signed(value: int) -> str:
    return f"+{value}" if value >= 0 else f"−{-value}"


def choices() -> tuple[Choice, ...]:
    """The situational modifiers with the book's conditions, in the book's order."""
    out = []
    for row in catalog.tables().modifiers.rows:
        if row.name in (COOPERATION, SIZE):
            continue
        out.append(Choice(row.name, tuple((e.condition, e.value) for e in row.effects)))
    return tuple(out)


def _effect(name: str) -> catalog.ModifierEffect:
    row = next(r for r in catalog.tables().modifiers.rows if r.name == name)
    return row.effects[0]


def terms(situation: Situation) -> tuple[Term, ...]:
    """The modifiers that apply, each with its value and the book's section."""
    ranged = catalog.tables().ranged
    out: list[Term] = []
    if situation.range_multiple < 1:
        raise ModifierError(f"range multiple {situation.range_multiple}: the distance is "
                            "1 (within the base range) or more times the base range")
    if situation.point_blank and situation.range_multiple > 1:
        raise ModifierError("point blank (0 feet) and a range beyond the base range "
                            "cannot both apply")
    if situation.range_multiple > 1:
        out.append(Term(f"range ×{situation.range_multiple}",
                        ranged.per_multiple * (situation.range_multiple - 1), R_RANGED,
                        f"range ×{situation.range_multiple}"))
    if situation.point_blank:
        out.append(Term("point blank", ranged.point_blank, R_RANGED, "point blank"))
    if situation.cooperation < 0:
        raise ModifierError(f"cooperation {situation.cooperation}: count the allies, 0 or more")
    if situation.cooperation:
        effect = _effect(COOPERATION)
        value = effect.value * situation.cooperation
        if effect.limit is not None:
            value = max(value, effect.limit)  # "(maximum of 5)"
        allies = "ally" if situation.cooperation == 1 else "allies"
        out.append(Term(f"cooperation, {situation.cooperation} {allies}", value,
                        R_MODIFIERS, allies))
    if situation.size_diff:
        per = _effect(SIZE).value
        out.append(Term(f"size, target {situation.size_diff:+d}", per * situation.size_diff,
                        R_MODIFIERS, "size"))
    by_name = {c.name: c for c in choices()}
    for name, index in situation.chosen.items():
        choice = by_name.get(name)
        if choice is None or not 0 <= index < len(choice.options):
            raise ModifierError(f"{name}: no such Difficulty Modifier")
        condition, value = choice.options[index]
        word = next((w for w, at in WORDS.items() if at == (name, index)), name.lower())
        out.append(Term(f"{name.lower()}: {condition}", value, R_MODIFIERS, word))
    return tuple(out)


def apply(base: int, situation: Situation) -> Modified:
    """The Difficulty after the modifiers; refused (ModifierError) outside the range the
    odds support, never clamped."""
    modified = Modified(base, terms(situation))
    low, high = DIFFICULTY_RANGE
    if not low <= modified.difficulty <= high:
        raise ModifierError(f"the modifiers take Difficulty {base} to {modified.difficulty}, "
                            f"outside the supported {low} to {high}")
    return modified


# --- one line of text: the GM screen's Difficulty box ---------------------------------

# Short words for the situational modifiers: (modifier name, index of its condition).
WORDS: dict[str, tuple[str, int]] = {
    "rain": ("Bad Weather", 0), "storm": ("Bad Weather", 1),
    "dim": ("Darkness & Light", 0), "dark": ("Darkness & Light", 1),
    "glare": ("Darkness & Light", 2), "blinding": ("Darkness & Light", 3),
    "chatter": ("Distractions", 0), "noise": ("Distractions", 1),
    "prone": ("Prone", 0), "target-prone": ("Prone", 1),
    "simultaneous": ("Simultaneous Actions", 0), "surprise": ("Surprise", 0),
}
TEXT_HELP = ("Difficulty, then any of: x2 (range ×2), pb (point blank), allies3, size+1 "
             "(target − actor), " + ", ".join(WORDS))


def parse(text: str) -> tuple[int, Situation]:
    """Read "12 x2 allies3 size+1 dark" as Difficulty 12 and its modifiers (the GM
    screen's one-line Difficulty box). ModifierError names what it cannot read."""
    tokens = text.replace(",", " ").lower().split()
    if not tokens:
        raise ModifierError("give a Difficulty, e.g. 10")
    try:
        base = int(tokens[0])
    except ValueError:
        raise ModifierError(f"{tokens[0]!r}: start with the Difficulty, e.g. 10") from None
    fields: dict[str, int | bool] = {}
    chosen: dict[str, int] = {}
    for token in tokens[1:]:
        word = token.replace("×", "x")
        try:
            if word in WORDS:
                name, index = WORDS[word]
                chosen[name] = index
            elif word in ("pb", "point-blank"):
                fields["point_blank"] = True
            elif word.startswith("x"):
                fields["range_multiple"] = int(word[1:])
            elif word.startswith("allies"):
                fields["cooperation"] = int(word.removeprefix("allies").lstrip("="))
            elif word.startswith("size"):
                fields["size_diff"] = int(word.removeprefix("size").lstrip("="))
            else:
                raise ValueError
        except ValueError:
            raise ModifierError(f"{token!r}: not a modifier ({TEXT_HELP})") from None
    return base, Situation(chosen=chosen, **fields)  # type: ignore[arg-type]
