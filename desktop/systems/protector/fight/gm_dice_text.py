"""What the GM types for a side in Protector, read into dice (The Energy System, Traits;
Agents, Equipment; Multiples), and the faces the table rolled by hand.

What a side rolls is one line of text, items separated by commas:

* ``2`` two dice at the pool's own die; ``3+2`` three dice with 2 trait steps spread,
  best first (d8, d8, d6); ``d8``, ``2d10``, ``d10:trade``, ``1d4x10`` dice at those
  steps; blank: two dice (a group: half its ready dice; a challenge: one die, as the
  book advises for noncharacter challenges);
* an agent's name: ``Super Strength`` adds one die at its steps, ``Super Strength 2``
  two (Fast Burn), ``Pistol d10`` a die at the step named. In a contest a Weapon or
  Defense agent named is the side's weapon or protection (its die adds after the
  contest, never to the roll: Agents, Equipment);
* ``unarmed`` (no weapon or protection), ``alone`` (a group member rolling without its
  group), ``@Jetpack`` (the winner damages that agent of the loser instead), ``remove``
  (a catastrophe removes one die instead of depleting: Multiples);
* ``= 6 3 1`` at the end: the faces the table rolled by hand, in the order the rules
  roll (``?`` for one rolled here; any left out are rolled here). A side's faces beyond
  its own dice go to the weapon and protection dice, which roll after both sides.
  Depletion check dice of the higher steps are rolled here.

A side uses its first Weapon and Defense agents with ready dice unless it names others
or is ``unarmed`` (ours: Agents, Equipment is silent).
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from desktop.model.combat_helpers import RelayRoller
from desktop.model.dice import Roller
from desktop.model.dice_pool import Depletion, Die
from desktop.systems.protector.fight.contests import Side
from desktop.systems.protector.fight.gm_state import ProtectorFight
from desktop.systems.protector.fight.pools import (
    ENERGY,
    Combatant,
    CombatError,
    Pick,
    group_limit,
)
from desktop.systems.protector.rules.combat_tables import ladder
from desktop.systems.protector.rules.dice import Catastrophe, parse_dice

DEFAULT_DICE = 2
"""Dice rolled when the GM leaves the dice blank (two: the best odds of a multiple)."""
GEAR = ("Weapon", "Defense")
"""Equipment types whose dice add after a contest, not to the roll (Agents, Equipment)."""
SYNTAX = "2, 3+2, d8, agent… = faces"
"""The dice syntax in a few words (a text box's placeholder; the hints say more)."""
DICE_HELP = ("Dice: 2 (two at the pool's die), 3+2 (three with 2 steps), d8, 2d10, d8:trade, "
             "an agent's name (Pistol, Fire 2, Fire d12); unarmed, alone, @agent (damage "
             "that agent instead), remove (a catastrophe removes a die); = 6 3 1 the faces "
             "rolled at the table (? to roll one here).")

Faces = tuple[int | None, ...]
"""Faces in the order the rules roll; None: roll that one here."""

_COUNT = re.compile(r"^(\d+)$")
_SPREAD = re.compile(r"^(\d+)\s*\+\s*(\d+)$")


def parse_faces(text: str) -> Faces:
    """"6 3 / 5 ? 2" → (6, 3, 5, None, 2): faces in the order the rules roll, ``?`` (or
    ``-``) for a die to roll here; "/" and "," only separate."""
    faces: list[int | None] = []
    for token in re.split(r"[\s,;/]+", str(text or "").strip()):
        if not token:
            continue
        if token in ("?", "-"):
            faces.append(None)
        elif token.isdigit() and int(token) >= 1:
            faces.append(int(token))
        else:
            raise CombatError(f"{token!r} is not a face: give the numbers the dice show "
                              "(? for one to roll here)")
    return tuple(faces)


@dataclass(frozen=True)
class Typed:
    """A side's line of text, read (see the module docstring)."""

    items: tuple[str, ...] = ()
    faces: Faces = ()
    alone: bool = False
    unarmed: bool = False
    aim: str = ""
    remove: bool = False

    @classmethod
    def read(cls, text: Any) -> Typed:
        dice, _, faces = str(text or "").partition("=")
        items: list[str] = []
        flags = {"alone": False, "unarmed": False, "remove": False}
        aim = ""
        for part in dice.split(","):
            item = part.strip()
            if item.casefold() in flags:
                flags[item.casefold()] = True
            elif item.startswith("@"):
                aim = item[1:].strip()
            elif item:
                items.append(item)
        return cls(tuple(items), parse_faces(faces), aim=aim, **flags)


@dataclass(frozen=True)
class Read:
    """What a side puts in: its dice, and the gear that adds after a contest."""

    keys: tuple[str, ...]
    picks: tuple[Pick, ...]
    typed: Typed
    weapon: str = ""
    protection: str = ""

    def side(self, harms: bool = False, aim: str = "") -> Side:
        catastrophe = Catastrophe.REMOVE if self.typed.remove else Catastrophe.DEPLETE
        return Side(self.keys, self.picks, self.weapon, self.protection, aim,
                    catastrophe, harms=harms)


def _spread(base: Die, count: int, steps: int) -> list[Die]:
    """``steps`` spread over ``count`` dice of ``base`` as evenly as they go, best first
    (the player assigns steps as they like: The Energy System, Traits)."""
    each, extra = divmod(steps, count)
    return [ladder().up(base, each + (1 if i < extra else 0)) for i in range(count)]


def _default_count(fight: ProtectorFight, keys: Sequence[str]) -> int:
    lead = fight.combatant(keys[0])
    if len(keys) > 1:
        return max(group_limit(fight.combatant(k) for k in keys), 1)
    if lead.challenge:
        return 1  # Noncharacter Challenges: "better kept to a single die each turn"
    return max(min(DEFAULT_DICE, lead.energy.ready), 1)


def find_agent(fight: ProtectorFight, keys: Sequence[str], item: str
                ) -> tuple[str, str] | None:
    """(owner, agent name) that ``item`` starts with; the longest name wins."""
    folded = item.casefold()
    found: tuple[str, str] | None = None
    for key in keys:
        for name in fight.combatant(key).agents:
            n = name.casefold()
            if (folded == n or folded.startswith(n + " ")) and (
                    found is None or len(n) > len(found[1])):
                found = (key, name)
    return found


def _agent_picks(fight: ProtectorFight, owner: str, name: str, rest: str) -> list[Pick]:
    agent = fight.combatant(owner).agent(name)
    if not rest:
        return [Pick(agent.die(), name, owner=owner)]
    if rest.isdigit():
        return [Pick(agent.die(), name, owner=owner)] * int(rest)
    try:
        dice = parse_dice(rest)
    except ValueError as exc:
        raise CombatError(f"{name}: {exc}") from None
    return [Pick(d.die, name, d.depletion is Depletion.ALWAYS, owner) for d in dice]


def _unknown(fight: ProtectorFight, keys: Sequence[str], item: str) -> CombatError:
    names = [n for k in keys for n in fight.combatant(k).agents]
    return CombatError(f"{item!r} is neither dice (2, 3+2, d8, 2d10, d8:trade) nor an "
                       f"agent of {keys[0]}"
                       + (f" ({', '.join(names)})" if names else " (it has none)"))


def read_side(fight: ProtectorFight, keys: Sequence[str], typed: Typed,
              contest: bool = False) -> Read:
    """The dice ``keys`` put in a roll from the GM's text. A group's energy dice come
    from its members, each from the one with most ready dice."""
    keys = tuple(keys)
    lead = fight.combatant(keys[0])
    energy: list[tuple[Die, bool]] = []
    agents: list[Pick] = []
    gear: dict[str, str] = {}
    for item in typed.items or (str(_default_count(fight, keys)),):
        found = find_agent(fight, keys, item)
        if found is not None:
            owner, name = found
            kinds = fight.combatant(owner).agent(name).types
            role = next((g for g in GEAR if g in kinds), None)
            if role is not None and kinds <= set(GEAR):
                if not contest:
                    raise CombatError(f"{name} is {role} equipment: its die adds after a "
                                      "contest, not to a roll (Agents, Equipment)")
                gear[role] = name
                continue
            agents += _agent_picks(fight, owner, name, item[len(name):].strip())
        elif match := _COUNT.match(item):
            energy += [(lead.energy.base, False)] * int(match[1])
        elif match := _SPREAD.match(item):
            count, steps = int(match[1]), int(match[2])
            if count < 1:
                raise CombatError(f"{item!r}: roll at least one die")
            energy += [(d, False) for d in _spread(lead.energy.base, count, steps)]
        else:
            try:
                energy += [(d.die, d.depletion is Depletion.ALWAYS) for d in parse_dice(item)]
            except ValueError:
                raise _unknown(fight, keys, item) from None
    ready = {k: fight.combatant(k).energy.ready for k in keys}
    picks: list[Pick] = []
    for die, trade in energy:
        owner = max(keys, key=lambda k: ready[k])
        ready[owner] -= 1
        picks.append(Pick(die, ENERGY, trade, owner))
    if not contest or typed.unarmed:
        return Read(keys, (*picks, *agents), typed)
    return Read(keys, (*picks, *agents), typed,
                gear.get("Weapon") or ready_gear(lead, "Weapon"),
                gear.get("Defense") or ready_gear(lead, "Defense"))


def ready_gear(c: Combatant, kind: str) -> str:
    return next((n for n, a in c.agents.items() if kind in a.types and a.pool.ready), "")


def picks_text(picks: Sequence[Pick]) -> str:
    """"d10, d10, Pistol d8": the dice of a side as people read them."""
    return ", ".join(str(p.die) if p.source == ENERGY else f"{p.source} {p.die}"
                     for p in picks) or "no dice"


# --- dice rolled at the table ---------------------------------------------------------------


class TableRoller(RelayRoller):
    """Serves the faces the table rolled by hand, in order (None: roll that one here),
    then the encounter's seeded dice; refuses a face its die cannot show. Depletion
    check dice of the higher steps always roll here."""

    def __init__(self, faces: Sequence[int | None], fallback: Roller) -> None:
        super().__init__(fallback)
        self.waiting = list(faces)

    def serve(self, count: int, sides: int, why: str) -> tuple[int, ...] | None:
        if why.startswith("depletion check"):
            return None
        faces: list[int] = []
        for _ in range(count):
            face = self.waiting.pop(0) if self.waiting else None
            if face is None:
                face = self.fallback.throw(1, sides, why).faces[0]
            elif face > sides:
                raise CombatError(f"a d{sides} cannot show {face} (faces go in the order "
                                  "the rules roll; a 1d4x10 shows 1 to 4)")
            faces.append(face)
        return tuple(faces)

    def finish(self) -> None:
        left = [f for f in self.waiting if f is not None]
        if left:
            raise CombatError(f"{len(left)} of the faces entered were not needed: the "
                              "rules rolled fewer dice")


def queue(*parts: tuple[Faces, int | None]) -> list[int | None]:
    """Faces in throw order: each part's faces padded with "roll here" to its dice count
    (None: no padding), then every part's extra faces (weapon and protection dice)."""
    own: list[int | None] = []
    extra: list[int | None] = []
    for faces, count in parts:
        if count is None:
            own += faces
        else:
            own += [*faces[:count], *[None] * (count - len(faces[:count]))]
            extra += faces[count:]
    return own + extra


def table_roller(roller: Roller, faces: Sequence[int | None]) -> Roller:
    """A ``TableRoller`` when the GM typed any face, else the encounter's own roller."""
    return TableRoller(faces, roller) if any(f is not None for f in faces) else roller


def all_faces_used(roller: Roller) -> None:
    """After a roll: a CombatError if the table typed faces the rules never asked for."""
    if isinstance(roller, TableRoller):
        roller.finish()

