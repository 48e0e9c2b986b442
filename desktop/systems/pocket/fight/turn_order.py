"""Who acts when in a Pocket Universe fight (5.2 Initiative): each round's count-down from
the initiative rolls, ties broken by the lower (armored) DEFT and then a dice-off, and
held turns; with the log lines of rounds, turns and holds. ``combat.Encounter`` keeps
the order; pure Python, no Qt."""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass, replace

from desktop.model.dice import Roller
from desktop.systems.pocket.fight.damage import CombatError
from desktop.systems.pocket.fight.fighter import Fighter
from desktop.systems.pocket.rules.dice import TripletRoll, roll_triplet


@dataclass(frozen=True)
class Turn:
    """One combatant's place in a round's count-down."""

    key: str
    number: int
    deft: int
    pick: TripletRoll | None = None
    """The d10 that picked the number; None when the GM gave it."""
    dice_off: tuple[int, ...] = ()
    """d10s rolled to break a tie of number and DEFT, in order."""

    def describe(self) -> str:
        how = f" ({self.pick.describe()})" if self.pick else " (given)"
        tie = f", dice-off {', '.join(map(str, self.dice_off))}" if self.dice_off else ""
        return f"{self.key}: {self.number}{how}{tie}"


def _order(turns: list[Turn], roller: Roller | None) -> list[Turn]:
    """Highest number first; ties to the lower DEFT; still tied: 1d10 each, higher
    first, re-rolled among those still tied (ours: the book's "dice off")."""
    groups: dict[tuple[int, int], list[Turn]] = {}
    for turn in turns:
        groups.setdefault((-turn.number, turn.deft), []).append(turn)
    out: list[Turn] = []
    for key in sorted(groups):
        out += _dice_off(groups[key], roller)
    return out


def _dice_off(tied: list[Turn], roller: Roller | None) -> list[Turn]:
    if len(tied) == 1:
        return tied
    if roller is None:
        names = ", ".join(t.key for t in tied)
        raise CombatError(f"{names} tie on number and DEFT: a dice-off needs a roller")
    rolled = [replace(t, dice_off=(*t.dice_off, roller.throw(1, 10, why="dice-off").total))
              for t in tied]
    by_face: dict[int, list[Turn]] = {}
    for turn in rolled:
        by_face.setdefault(turn.dice_off[-1], []).append(turn)
    out: list[Turn] = []
    for face in sorted(by_face, reverse=True):
        out += _dice_off(by_face[face], roller)
    return out


def roll_initiative(fighters: Iterable[Fighter], roller: Roller | None,
                    given: Mapping[str, int] | None = None) -> tuple[Turn, ...]:
    """A round's order: each fighter's d10 pick on its initiative range (or the number
    the GM gives in ``given``), sorted as 5.2 says."""
    given = dict(given or {})
    turns: list[Turn] = []
    for fighter in fighters:
        if fighter.key in given:
            turns.append(Turn(fighter.key, given.pop(fighter.key), fighter.armored_deft))
            continue
        if roller is None:
            raise CombatError(f"no initiative for {fighter.key}: give a number or a roller")
        pick = roll_triplet(fighter.initiative, roller, why=f"initiative {fighter.key}")
        turns.append(Turn(fighter.key, pick.value, fighter.armored_deft, pick))
    if given:
        raise CombatError(f"initiative given for {', '.join(sorted(given))}, who is not "
                          "rolling this round")
    return tuple(_order(turns, roller))


@dataclass(frozen=True)
class Hold:
    """A held turn (5.2): who, and since when (for "oldest hold first")."""

    key: str
    round: int
    number: int
    seq: int

    def describe(self) -> str:
        return f"{self.key} (held since round {self.round} at {self.number})"


@dataclass(frozen=True)
class RoundStarted:
    """A new round's initiative count-down, as a line of the log."""

    round: int
    turns: tuple[Turn, ...]
    holding: tuple[Hold, ...] = ()
    lost: tuple[str, ...] = ()
    """Turns not taken when the GM moved on."""

    def describe(self) -> str:
        text = f"Round {self.round} initiative: " + (
            "; ".join(t.describe() for t in self.turns) or "nobody rolls")
        if self.holding:
            text += "; still holding: " + ", ".join(h.describe() for h in self.holding)
        if self.lost:
            text += "; turns not taken last round: " + ", ".join(self.lost)
        return text


@dataclass(frozen=True)
class TurnStarted:
    """A combatant's turn begins (or every turn of the round has come), as a line of the log."""

    round: int
    key: str | None
    """None: every turn of the round has come (held turns may still be taken)."""
    number: int | None = None
    held: bool = False
    notes: tuple[str, ...] = ()

    def describe(self) -> str:
        if self.key is None:
            return f"Round {self.round}: every turn has come (held turns may still be taken)"
        at = " (a held turn)" if self.held else f" at {self.number}"
        notes = "".join(f"; {n}" for n in self.notes)
        return f"Round {self.round}: {self.key}'s turn{at}{notes}"


@dataclass(frozen=True)
class Held:
    """A combatant holds its turn (5.2), as a line of the log."""

    hold: Hold

    def describe(self) -> str:
        return f"{self.hold.key} holds its turn"


@dataclass(frozen=True)
class HeldTaken:
    """Held turns taken now, oldest hold first, as a line of the log."""

    holds: tuple[Hold, ...]
    interrupting: str | None

    def describe(self) -> str:
        who = ", then ".join(h.describe() for h in self.holds)
        into = f", interrupting {self.interrupting}" if self.interrupting else ""
        return f"Held turn taken: {who}{into}"
