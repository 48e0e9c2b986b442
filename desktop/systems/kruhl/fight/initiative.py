"""Initiative (Actions, Initiating Conflict; RULINGS.md Kruhl 5): each combatant's
Perception (Reason) roll, made once when the conflict starts; those who get the drop on
their opponents (an ambush) roll a bonus die. Actions go from highest to lowest and the
order holds for the whole conflict.

Readings of our own where the chapter and RULINGS.md are silent are marked "Ours:".
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass

from desktop.model.dice import Roller
from desktop.systems.kruhl.fight.tracking import CombatError
from desktop.systems.kruhl.rules.character import KruhlCharacter
from desktop.systems.kruhl.rules.derived import derive
from desktop.systems.kruhl.rules.dice import dice_text, faces, roll_faces


@dataclass(frozen=True)
class Combatant:
    """One fighter. Combatants with the same ``group`` (Virek-Kohl's lackeys) share one
    place in the order and act together; each keeps its own Endurance."""

    key: str
    character: KruhlCharacter
    group: str = ""
    ambush: bool = False
    """Gets the drop on its opponents: a bonus die on its initiative roll."""

    @property
    def slot(self) -> str:
        """The name of its place in the order of play."""
        return self.group or self.key


@dataclass(frozen=True)
class InitiativeDice:
    """The Perception (Reason) roll as this character makes it now."""

    dice: int
    expertise: bool
    add: int
    """Reason + best equipment + Power Level: also the first tie-break."""

    def text(self) -> str:
        return dice_text(self.dice, self.expertise, self.add)


def initiative_dice(character: KruhlCharacter, ambush: bool = False) -> InitiativeDice:
    """The Perception roll from ``derive()`` (conditions included), +1 bonus die in an
    ambush: ``KruhlDerived.initiative_roll``, which ``sheetdesk derive`` shows too."""
    roll = derive(character).initiative_roll(ambush)
    return InitiativeDice(roll.dice, roll.expertise, roll.add)


@dataclass(frozen=True)
class Slot:
    """One place in the order of play: a combatant or a whole group."""

    name: str
    members: tuple[str, ...]
    total: int
    dice: InitiativeDice
    faces: tuple[int, ...] | None
    """The dice rolled here; None when the table gave the total."""
    ambush: bool = False

    def describe(self) -> str:
        if self.faces is None:
            how = "given"
        else:
            shown = f"[{', '.join(map(str, self.faces))}]" if self.faces else "no dice"
            how = f"{self.dice.text()}: {shown}"
        return f"{self.name} {self.total} ({how}{', ambush' if self.ambush else ''})"


def roll_initiative(
    combatants: Sequence[Combatant],
    roller: Roller | None = None,
    totals: Mapping[str, int] | None = None,
) -> tuple[Slot, ...]:
    """One Perception roll per slot, highest first (Initiating Conflict).

    ``totals`` gives what the table rolled, by slot name (a group's name or a key); the
    rest roll with ``roller``. A group rolls once with its first member's character and
    has the bonus die if any member ambushes (ours: a group is copies of one character).
    Ties (ours: deterministic, no roll): the higher Reason + equipment + Power Level
    first, then whoever joined the encounter first.
    """
    totals = dict(totals or {})
    members: dict[str, list[str]] = {}
    first: dict[str, Combatant] = {}
    ambush: dict[str, bool] = {}
    keys = [c.key for c in combatants]
    for c in combatants:
        if keys.count(c.key) > 1:
            raise CombatError(f"two combatants are called {c.key!r}")
        if c.group and c.group in keys:
            raise CombatError(f"group {c.group!r} has the name of a combatant")
        members.setdefault(c.slot, []).append(c.key)
        first.setdefault(c.slot, c)
        ambush[c.slot] = ambush.get(c.slot, False) or c.ambush
    unknown = set(totals) - set(members)
    if unknown:
        raise CombatError(f"initiative given for {', '.join(sorted(unknown))}, "
                          "who is not in the encounter")
    slots = []
    for name, keys_in_slot in members.items():
        dice = initiative_dice(first[name].character, ambush[name])
        if name in totals:
            total, rolled = int(totals[name]), None
        elif roller is None:
            raise CombatError(f"no initiative for {name}: give a total or a roller")
        else:
            rolled = tuple(roll_faces(roller, dice.dice, faces(dice.expertise),
                                      f"initiative {name}"))
            total = sum(rolled) + dice.add
        slots.append(Slot(name, tuple(keys_in_slot), total, dice, rolled, ambush[name]))
    joined = {name: index for index, name in enumerate(members)}
    return tuple(sorted(slots, key=lambda s: (-s.total, -s.dice.add, joined[s.name])))
