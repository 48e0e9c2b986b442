"""Initiative (POW!, Time and Activity, Combat Situations; RULINGS POW! 4): who fights,
groups that share one place, and the order, Agility + 2d6 rolled once per combat with
ties re-rolled among the tied. Readings of our own are marked "Ours:".
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass

from desktop.model.dice import Roller, Throw
from desktop.systems.pow.fight.tracking import CombatError
from desktop.systems.pow.rules.character import PowCharacter


@dataclass(frozen=True)
class Combatant:
    """One fighter in an encounter. Combatants with the same ``group`` (e.g. three
    Lizard-men) share one initiative; each still has its own actions and damage."""

    key: str
    """Unique in the encounter; shown in the log."""
    character: PowCharacter
    group: str = ""

    @property
    def slot(self) -> str:
        """The name of its place in the initiative order."""
        return self.group or self.key


def combatant(character: PowCharacter, key: str | None = None, group: str = "") -> Combatant:
    return Combatant(key or character.name or "Unnamed", character, group)


def make_group(template: PowCharacter, count: int, group: str | None = None) -> tuple[
        Combatant, ...]:
    """A quick group ("3 Lizard-men"): copies of one character, keyed "<name> 1"…"""
    if count < 1:
        raise CombatError(f"a group needs at least one member, not {count}")
    name = template.name or "NPC"
    return tuple(
        Combatant(f"{name} {i}", template.model_copy(deep=True), group or name)
        for i in range(1, count + 1)
    )


@dataclass(frozen=True)
class Slot:
    """One place in the initiative order: a combatant or a whole group."""

    name: str
    members: tuple[str, ...]
    total: int
    agility: int | None
    """None when the total was given by hand."""
    roll: Throw | None
    tiebreaks: tuple[Throw, ...] = ()
    """Re-rolls among the tied (why="tie"); the higher re-roll goes first."""

    def describe(self) -> str:
        how = "given" if self.roll is None else f"{self.roll} + Agility {self.agility}"
        if self.roll is not None and self.agility is not None and self.agility < 0:
            how = f"{self.roll}, Agility {self.agility} cannot be used"
        ties = "".join(f", tie {t}" for t in self.tiebreaks)
        return f"{self.name} {self.total} ({how}{ties})"


def _rank(
    names: list[str], score: Mapping[str, int], roller: Roller | None,
    tiebreaks: dict[str, list[Throw]],
) -> list[str]:
    """Highest first; the tied re-roll 2d6 among themselves until they differ.
    Ours: the tie-break is a bare 2d6 ("additional rolls"), Agility is not added again."""
    ranked: list[str] = []
    for value in sorted(set(score.values()), reverse=True):
        tied = [n for n in names if score[n] == value]
        if len(tied) == 1:
            ranked += tied
            continue
        if roller is None:
            raise CombatError(f"initiative tie at {value} between {', '.join(tied)}: "
                              "a roller is needed to break it")
        rerolls = {n: roller.throw(2, 6, why="tie") for n in tied}
        for n, throw in rerolls.items():
            tiebreaks[n].append(throw)
        ranked += _rank(tied, {n: t.total for n, t in rerolls.items()}, roller, tiebreaks)
    return ranked


def roll_initiative(
    combatants: Sequence[Combatant],
    roller: Roller | None = None,
    totals: Mapping[str, int] | None = None,
) -> tuple[Slot, ...]:
    """Agility + 2d6 per slot, highest first (POW!, Combat Situations).

    ``totals`` gives hand-rolled totals by slot name (a group's name or a key); the
    rest roll with ``roller``. A group rolls once with its first member's current
    Agility (ours: a group is copies of one character).
    """
    totals = dict(totals or {})
    members: dict[str, list[str]] = {}
    agility: dict[str, int] = {}
    keys = [c.key for c in combatants]
    for c in combatants:
        if keys.count(c.key) > 1:
            raise CombatError(f"two combatants are called {c.key!r}")
        if c.group and c.group in keys:
            raise CombatError(f"group {c.group!r} has the name of a combatant")
        members.setdefault(c.slot, []).append(c.key)
        agility.setdefault(c.slot, c.character.current_stat("agility"))
    unknown = set(totals) - set(members)
    if unknown:
        raise CombatError(f"initiative given for {', '.join(sorted(unknown))}, "
                          "who is not in the encounter")
    rolls: dict[str, Throw] = {}
    score: dict[str, int] = {}
    for name in members:
        if name in totals:
            score[name] = totals[name]
        elif roller is None:
            raise CombatError(f"no initiative for {name}: give a total or a roller")
        else:
            rolls[name] = roller.throw(2, 6)
            # Ours: an Agility below 0 "cannot be used for anything" (POW!, Stat
            # Reduction): it adds nothing, the 2d6 alone place the slot.
            score[name] = max(agility[name], 0) + rolls[name].total
    tiebreaks: dict[str, list[Throw]] = {name: [] for name in members}
    order = _rank(list(members), score, roller, tiebreaks)
    return tuple(
        Slot(name, tuple(members[name]), score[name],
             agility[name] if name in rolls else None, rolls.get(name),
             tuple(tiebreaks[name]))
        for name in order
    )
