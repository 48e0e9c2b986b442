"""Initiative (Combat, Basics; RULINGS.md Powers 2): the hits on Agility + Intelligence
dice, plus any modifiers from relevant powers, re-rolled every combat turn. The highest
goes first; ties go to the larger pool ("the character with the highest number of
initiative dice rolled goes first"); still tied, a tie-break die (d6) per tied place,
rolled again among those still level, each face shown.

The draft's example: Bob (20 dice) 5 hits, Dave (15 dice) 3 hits, Nigel (17 dice) 3
hits: Bob, then Nigel, then Dave.

Readings of our own are marked "Ours:".
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass

from desktop.model.dice import Roller
from desktop.systems.powers.fight.tracking import CombatError
from desktop.systems.powers.rules.character import PowersCharacter
from desktop.systems.powers.rules.derived import derive
from desktop.systems.powers.rules.dice import MAX_POOL, Pool, roll_pool

TIE_DIE = 6
MAX_TIE_ROLLS = 50


@dataclass(frozen=True)
class Combatant:
    """One fighter. Combatants with the same ``group`` share one place in the order
    (ours: a group is copies of one NPC; it rolls once, with its first member)."""

    key: str
    character: PowersCharacter
    group: str = ""
    extra_dice: int = 0
    """Initiative dice from relevant powers (Combat, Basics), set by the GM."""
    extra_hits: int = 0
    """A situational modifier to the initiative hits (Dice Rolls)."""

    @property
    def slot(self) -> str:
        return self.group or self.key


def initiative_pool(c: Combatant) -> Pool:
    """Agility + Intelligence dice (``derive().initiative_dice``) plus the GM's extra
    dice from powers, and the situational hits."""
    dice = derive(c.character).initiative_dice + c.extra_dice
    return Pool(max(0, min(dice, MAX_POOL)), c.extra_hits)


@dataclass(frozen=True)
class Slot:
    """One place in this combat turn's order: a combatant or a whole group."""

    name: str
    members: tuple[str, ...]
    pool: Pool
    hits: int
    """The initiative: hits on the dice plus the modifier."""
    faces: tuple[int, ...] | None
    """The dice rolled; None when the table gave the hits."""
    tie_break: tuple[int, ...] = ()
    """The tie-break faces rolled for this place, in order (only when tied)."""

    def describe(self) -> str:
        mod = self.pool.mod
        how = (f"{self.pool.dice} dice" + (f" {mod:+d} hits" if mod else "")
               + ("" if self.faces is not None else ", given"))
        text = f"{self.name} {self.hits} ({how}"
        if self.tie_break:
            text += f", tie-break {'/'.join(map(str, self.tie_break))}"
        return text + ")"


def _members(combatants: Sequence[Combatant]) -> dict[str, list[Combatant]]:
    keys = [c.key for c in combatants]
    members: dict[str, list[Combatant]] = {}
    for c in combatants:
        if keys.count(c.key) > 1:
            raise CombatError(f"two combatants are called {c.key!r}")
        if c.group and c.group in keys:
            raise CombatError(f"group {c.group!r} has the name of a combatant")
        members.setdefault(c.slot, []).append(c)
    return members


def _break_ties(slots: list[Slot], roller: Roller) -> list[Slot]:
    """Each group of places level on hits and dice rolls a d6 each, again among those
    still level, until every place has its own position (RULINGS.md Powers 2)."""
    out: dict[str, Slot] = {s.name: s for s in slots}
    pending = [[s.name for s in slots]]
    rolls = 0
    while pending:
        group = pending.pop()
        levels: dict[tuple[int, int, tuple[int, ...]], list[str]] = {}
        for name in group:
            s = out[name]
            levels.setdefault((s.hits, s.pool.dice, s.tie_break), []).append(name)
        for tied in levels.values():
            if len(tied) < 2:
                continue
            rolls += 1
            if rolls > MAX_TIE_ROLLS:  # pragma: no cover - a d6 ties this often never
                raise CombatError("the tie-break dice kept tying")
            faces = roller.throw(len(tied), TIE_DIE, "initiative tie-break").faces
            for name, face in zip(tied, faces, strict=True):
                s = out[name]
                out[name] = Slot(s.name, s.members, s.pool, s.hits, s.faces,
                                 (*s.tie_break, face))
            pending.append(tied)
    return list(out.values())


def roll_initiative(combatants: Sequence[Combatant], roller: Roller,
                    given: Mapping[str, int] | None = None) -> tuple[Slot, ...]:
    """One initiative roll per place, best first: more hits, then more dice, then the
    tie-break dice (higher first). ``given`` holds the hits the table rolled, by place
    name; the rest roll with ``roller``."""
    given = dict(given or {})
    members = _members(combatants)
    unknown = set(given) - set(members)
    if unknown:
        raise CombatError(f"initiative given for {', '.join(sorted(unknown))}, "
                          "who is not in the encounter")
    slots = []
    for name, group in members.items():
        pool = initiative_pool(group[0])
        if name in given:
            hits, faces = int(given[name]), None
        else:
            rolled = roll_pool(pool, roller, f"initiative {name}")
            hits, faces = rolled.total, rolled.faces
        slots.append(Slot(name, tuple(c.key for c in group), pool, hits, faces))
    return break_ties(slots, roller)


def break_ties(slots: Sequence[Slot], roller: Roller) -> tuple[Slot, ...]:
    """``slots`` best first: more hits, then more dice, then the tie-break dice
    (higher first), rolled for those level (RULINGS.md Powers 2)."""
    ranked = _break_ties(list(slots), roller)
    return tuple(sorted(ranked, key=lambda s: (-s.hits, -s.pool.dice,
                                               tuple(-f for f in s.tie_break))))
