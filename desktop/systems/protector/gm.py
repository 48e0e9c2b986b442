"""Protector on the GM screen: ``combat.py``'s play order, contests, damage, challenges and
rest phases as ``CombatRules`` (Protector, The Energy System; Storytelling; Agents;
Resting and Healing; Repairing Equipment; Noncharacter Challenges; Groups).

Play Order: the GM sets the scene, then the players take turns clockwise from the GM.
The seating is the GM's to edit (``start`` values or the "Seat" action), never rolled;
NPCs and challenges act on the GM's turn. "Next" passes the turn clockwise; after the
last seat a new round opens with the GM. Each combatant declares one action per round
and may react as often as needed.

What a side rolls is one line of text (``dice`` params), items separated by commas:

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

Ours (the book and RULINGS.md are silent):
* A roll or contest is the roller's declared action when it may declare now (its turn,
  or an NPC's on the GM's turn), or the roll of the action it declared earlier this
  round; otherwise it is a reaction (Play Order).
* Group members act on the GM's turn and roll with their group (Groups).
* A side uses its first Weapon and Defense agents with ready dice unless it names
  others or is ``unarmed`` (Agents, Equipment).
* The GM awards at most one depleted die per round, and only to players (Storytelling).
* A rest phase is for everyone but the challenges; unresolved challenges strike first
  (Resting and Healing). The repairer's own Tool helps a repair (Repairing Equipment).
* Writing back: dice a multiple brought in from awards change the file's
  ``energy_change``, so the file's pool stays the pool in play (Storytelling).
"""

from __future__ import annotations

import re
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field, replace
from functools import cache
from typing import Any

from desktop.model.combat_rules import (
    Action,
    CheckOdds,
    CheckSpec,
    Outcome,
    Param,
    ReferenceChart,
    Row,
    TurnInfo,
)
from desktop.model.dice import Roller, Throw
from desktop.model.dice_pool import BASE, Depletion, Die, Pool
from desktop.model.odds import percent
from desktop.systems.protector import catalog
from desktop.systems.protector.character import ProtectorCharacter
from desktop.systems.protector.combat import (
    ENERGY,
    GM,
    Combatant,
    CombatError,
    Encounter,
    Pick,
    Side,
    Step,
    challenge_from_table,
    distance_challenge,
)
from desktop.systems.protector.combat_character import from_character, to_character
from desktop.systems.protector.combat_pools import PoolChange, group_limit
from desktop.systems.protector.combat_tables import (
    damage_dice,
    difficulty_names,
    ladder,
    narration_prompts,
    rest_phases,
    risked,
    rule_of,
    section,
)
from desktop.systems.protector.dice import (
    Catastrophe,
    contest,
    contest_odds,
    dice_text,
    parse_dice,
    roll,
    roll_odds,
)

CHALLENGE_DICE = ("d6", "d8", "d10", "d12", "d20")
"""The Challenge Difficulties table's columns."""
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

Values = Mapping[str, Any]
Faces = tuple[int | None, ...]


# --- the state ------------------------------------------------------------------------


@dataclass(frozen=True)
class ProtectorFight:
    """The combat snapshot and what the GM screen keeps beside it."""

    scene: Encounter = field(default_factory=Encounter)
    characters: Mapping[str, ProtectorCharacter] = field(default_factory=dict)
    """Each combatant's character as it joined (written back with the fight's pools)."""
    groups: Mapping[str, str] = field(default_factory=dict)
    """Group members: key → group name."""
    harms: frozenset[str] = frozenset()
    """Noncharacter challenges the GM lets do damage (they remove dice)."""
    helpers: Mapping[str, tuple[str, str]] = field(default_factory=dict)
    """Helper → (patient, dice): skips its next rest roll to help heal (Resting and
    Healing)."""
    rolled: frozenset[tuple[int, str]] = frozenset()
    """(round, key): the declared action of that round has been rolled."""
    gm_awards: frozenset[int] = frozenset()
    """Rounds in which the GM has awarded a die."""

    def combatant(self, key: str) -> Combatant:
        return self.scene.get(key)

    def members(self, group: str) -> tuple[str, ...]:
        return tuple(k for k in self.scene.combatants if self.groups.get(k) == group)

    def with_scene(self, step: Step) -> tuple[ProtectorFight, list[str]]:
        return replace(self, scene=step.encounter), list(step.lines())


Done = tuple[ProtectorFight, list[str]]
"""A handler's result: the next state and its log lines."""


# --- what the GM types for a side ---------------------------------------------------------

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


def _find_agent(fight: ProtectorFight, keys: Sequence[str], item: str
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
        found = _find_agent(fight, keys, item)
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
                gear.get("Weapon") or _ready_gear(lead, "Weapon"),
                gear.get("Defense") or _ready_gear(lead, "Defense"))


def _ready_gear(c: Combatant, kind: str) -> str:
    return next((n for n, a in c.agents.items() if kind in a.types and a.pool.ready), "")


def picks_text(picks: Sequence[Pick]) -> str:
    """"d10, d10, Pistol d8": the dice of a side as people read them."""
    return ", ".join(str(p.die) if p.source == ENERGY else f"{p.source} {p.die}"
                     for p in picks) or "no dice"


# --- dice rolled at the table ---------------------------------------------------------------


class TableRoller(Roller):
    """Serves the faces the table rolled by hand, in order (None: roll that one here),
    then the encounter's seeded dice; refuses a face its die cannot show. Depletion
    check dice of the higher steps always roll here."""

    def __init__(self, faces: Sequence[int | None], fallback: Roller) -> None:
        super().__init__(seed=0)
        self.waiting = list(faces)
        self.fallback = fallback

    def throw(self, count: int, sides: int, why: str = "") -> Throw:
        if count < 1 or sides < 1:
            raise ValueError(f"cannot throw {count}d{sides}")
        if why.startswith("depletion check"):
            return self._keep(self.fallback.throw(count, sides, why))
        faces: list[int] = []
        for _ in range(count):
            face = self.waiting.pop(0) if self.waiting else None
            if face is None:
                face = self.fallback.throw(1, sides, why).faces[0]
            elif face > sides:
                raise CombatError(f"a d{sides} cannot show {face} (faces go in the order "
                                  "the rules roll; a 1d4x10 shows 1 to 4)")
            faces.append(face)
        return self._keep(Throw(sides, tuple(faces), why))

    def _keep(self, result: Throw) -> Throw:
        self.throws.append(result)
        return result

    def finish(self) -> None:
        left = [f for f in self.waiting if f is not None]
        if left:
            raise CombatError(f"{len(left)} of the faces entered were not needed: the "
                              "rules rolled fewer dice")


def _queue(*parts: tuple[Faces, int | None]) -> list[int | None]:
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


def _roller(roller: Roller, faces: Sequence[int | None]) -> Roller:
    return TableRoller(faces, roller) if any(f is not None for f in faces) else roller


def _finish(roller: Roller) -> None:
    if isinstance(roller, TableRoller):
        roller.finish()


# --- text ------------------------------------------------------------------------------------


def _pool_cell(pool: Pool) -> str:
    size = "" if pool.base == BASE else f"×{pool.base}"
    parts = [f"{pool.ready}{size} ready"]
    parts += [f"{n} {what}" for n, what in ((pool.depleted, "dep"), (pool.awarded, "awd"),
                                            (pool.removed, "rem")) if n]
    return " · ".join(parts)


def _agents_cell(combatant: Combatant) -> str:
    if not combatant.agents:
        return "—"
    return ", ".join(f"{name} {a.pool.ready}/{a.pool.in_play + a.pool.removed}"
                     for name, a in combatant.agents.items())


def _plural(n: int, word: str) -> str:
    return f"{n} {word}" if n == 1 else f"{n} {'dice' if word == 'die' else word + 's'}"


def _strip_round(lines: Sequence[str], round_: int) -> tuple[str, ...]:
    """The log stamps each line with the round: no "Round 2: " twice."""
    prefix = f"Round {round_}: "
    return tuple(line.removeprefix(prefix) for line in lines)


def _storytelling(before: Encounter, after: Encounter) -> list[str]:
    """The RISKED prompt after a roll that depleted or removed dice (Storytelling)."""
    lost = 0
    for key, now in after.combatants.items():
        was = before.combatants.get(key)
        if was is None:
            continue
        for source in now.sources():
            if source in was.sources():
                a, b = was.pool(source), now.pool(source)
                lost += max(b.depleted - a.depleted, 0) + max(b.removed - a.removed, 0)
    if not lost:
        return []
    say = narration_prompts()[0][0]
    names = ", ".join(entry.name for entry in risked(physical=True))
    return [f"Narrate the {_plural(lost, 'die')} lost: “{say}” RISKED: {names} "
            f"({rule_of('risked')})"]


def _choices(keys: Sequence[str]) -> tuple[tuple[str, str], ...]:
    return tuple((k, k) for k in keys)


def _dice_param(label: str = "Dice") -> Param:
    return Param("dice", f"{label}: {SYNTAX}", "text", "")


# --- the rules ---------------------------------------------------------------------------------

Handler = Callable[[ProtectorFight, str, Values, Roller], Done]


class ProtectorCombatRules:
    system = "protector"
    round_word = "Round"
    start_hint = "Seats clockwise from the GM, e.g. Erin 1, Arclight 2"
    columns = ("Seat", "Energy", "Agents", "Declared")

    # --- combatants

    def empty(self) -> ProtectorFight:
        return ProtectorFight()

    def add(self, state: ProtectorFight, key: str, character: Any, group: str,
            roller: Roller) -> ProtectorFight:
        """A player takes the last seat, before the GM (Play Order); group members and
        NPCs act on the GM's turn."""
        combatant = from_character(character, key)
        if group:
            combatant = replace(combatant, player=False)
        scene = state.scene.add(combatant).encounter
        groups = {**state.groups, key: group} if group else state.groups
        return replace(state, scene=scene, characters={**state.characters, key: character},
                       groups=groups)

    def remove(self, state: ProtectorFight, key: str) -> ProtectorFight:
        return _forget(replace(state, scene=state.scene.remove(key).encounter,
                               characters={k: v for k, v in state.characters.items()
                                           if k != key},
                               groups={k: v for k, v in state.groups.items() if k != key}),
                       key)

    # --- turns

    def start(self, state: ProtectorFight, roller: Roller, values: Values) -> Outcome:
        """Take the seating the table gives: ``{"seating": [keys clockwise]}`` or seat
        numbers ``{"totals": {"Erin": 2}}`` (the GM screen's start line: "Erin 2");
        players left out keep their order in the free seats. Then the GM sets the
        scene."""
        scene = state.scene
        lines: list[str] = []
        order = self._seating_from(state, values)
        if order is not None and order != scene.seating:
            step = scene.reseat(order)
            scene = step.encounter
            lines += step.lines()
        step = scene.start()
        return Outcome(replace(state, scene=step.encounter),
                       _strip_round((*lines, *step.lines()), 1))

    @staticmethod
    def _seating_from(state: ProtectorFight, values: Values) -> tuple[str, ...] | None:
        scene = state.scene
        if values.get("seating"):
            return tuple(str(k) for k in values["seating"])
        seats = values.get("totals") or {}
        if not seats:
            return None
        count = len(scene.seating)
        placed: dict[int, str] = {}
        for name, seat in seats.items():
            if name not in scene.combatants:
                raise CombatError(f"{name!r} is not in the encounter: give players' names "
                                  "and seat numbers, e.g. Erin 1, Sam 2")
            if not scene.get(name).player:
                raise CombatError(f"{name} is not a player: NPCs and challenges act on the "
                                  "GM's turn (Play Order)")
            if not 1 <= int(seat) <= count or int(seat) in placed:
                raise CombatError(f"{name}: seat {seat} is not a free seat from 1 to {count}")
            placed[int(seat)] = name
        rest = iter(k for k in scene.seating if k not in placed.values())
        return tuple(placed.get(n) or next(rest) for n in range(1, count + 1))

    def next(self, state: ProtectorFight, roller: Roller) -> Outcome:
        step = state.scene.advance()
        scene = step.encounter
        return Outcome(replace(state, scene=scene), _strip_round(step.lines(), scene.round))

    def turn(self, state: ProtectorFight) -> TurnInfo:
        scene = state.scene
        if not scene.started:
            seats = " → ".join((GM, *scene.seating))
            return TurnInfo(False, 0, (), f"Setup · clockwise from the GM: {seats}")
        current = scene.current
        if current == GM:
            npcs = scene.gm_keys()
            challenges = sum(1 for k in npcs if scene.get(k).challenge)
            who = ", ".join(_plural(n, word) for n, word in (
                (len(npcs) - challenges, "NPC"), (challenges, "challenge")) if n)
            return TurnInfo(True, scene.round, npcs,
                            f"Round {scene.round} · GM's turn: the scene, {who or 'no NPCs'}")
        assert current is not None
        seat = scene.seating.index(current) + 1
        label = f"Round {scene.round} · {current}'s turn (seat {seat} of {len(scene.seating)})"
        if current in scene.declared:
            label += f" · declared: {scene.declared[current]}"
        return TurnInfo(True, scene.round, (current,), label)

    def rows(self, state: ProtectorFight) -> Sequence[Row]:
        scene = state.scene
        order = [*scene.seating, *(k for k in scene.combatants if k not in scene.seating)]
        rows = []
        for key in order:
            c = scene.get(key)
            if c.player:
                seat = str(scene.seating.index(key) + 1)
            else:
                seat = "GM · challenge" if c.challenge else "GM"
            status = [s for s in (c.status(),) if s]
            if c.challenge:
                status.append("does damage" if key in state.harms else "depletes")
            if key in state.helpers:
                status.append(f"helps {state.helpers[key][0]} heal at the next rest")
            cells = (seat, _pool_cell(c.energy), _agents_cell(c),
                     scene.declared.get(key, ""))
            rows.append(Row(key, cells, "; ".join(status), c.out))
        return rows

    # --- what the GM can do

    def actions(self, state: ProtectorFight, key: str) -> Sequence[Action]:
        scene = state.scene
        c = scene.get(key)
        out = f"{key} is {c.status()}" if c.out else None
        rolling = (None if scene.started else "play has not started: start the scene "
                   "first") or out
        declare_why = scene.why_not_declare(key)
        actions = [
            Action("declare", "Declare", (Param("what", "What it does", "text", ""),),
                   why_not=declare_why, prompt=declare_why is None and c.player
                   and scene.current == key,
                   hint="One declared action per turn, announced, rolled, then narrated "
                        "(Play Order)"),
            Action("react", "React", (Param("what", "How it reacts", "text", "defends"),),
                   why_not=rolling,
                   hint="Any number of reactions and defences per turn; dice depleted "
                        "reacting still count (Play Order)"),
            Action("roll", "Roll", (_dice_param(), Param("target", "vs", default=0,
                                                         maximum=100_000)),
                   why_not=rolling,
                   hint=f"{self._kind(scene, key)} Success value: the highest die + 1 for "
                        "every other die on the table, ≥ the target (0: none); a 1 "
                        f"depletes (The Energy System). {DICE_HELP}"),
            self._contest(state, key, rolling),
        ]
        if c.challenge:
            actions += self._challenge_actions(state, key, rolling)
        sources = tuple((s, "energy" if s == ENERGY else s) for s in c.sources())
        for id_, label, hint in (
                ("deplete", "Deplete", "Damage that depletes: dice go to the table; with the "
                 "pool empty it removes depleted dice (The Energy System, Damage)"),
                ("remove", "Remove", "Weapon damage: dice leave play, not to the table "
                 "(The Energy System, Damage)"),
                ("restore", "Give back", "The GM returns depleted dice to the pool, e.g. a "
                 "small payment (Agents, Money)")):
            actions.append(Action(id_, label, (
                Param("source", "Pool", "choice", ENERGY, sources),
                Param("dice", "Dice", default=1, minimum=1, maximum=100)), hint=hint))
        if not c.challenge:
            actions += self._character_actions(state, key)
        actions += self._setup_actions(state, key)
        return actions

    @staticmethod
    def _kind(scene: Encounter, key: str) -> str:
        if not scene.started:
            return ""
        if scene.why_not_declare(key) is None:
            return "Now: its declared action."
        return "Now: a reaction (or the roll of its declared action)."

    def _contest(self, state: ProtectorFight, key: str, rolling: str | None) -> Action:
        scene = state.scene
        mine = state.groups.get(key)
        choices: list[tuple[str, str]] = []
        seen: set[str] = set()
        for k, other in scene.combatants.items():
            group = state.groups.get(k)
            if k == key or other.out or (group and group == mine):
                continue
            if group and group not in seen:
                seen.add(group)
                choices.append((f"group:{group}", f"{group} (group)"))
            choices.append((k, k))
        return Action(
            "contest", "Contest",
            (Param("opponent", "Against", "choice", choices[0][0] if choices else "",
                   tuple(choices)),
             _dice_param(),
             Param("their_dice", f"Their dice: {SYNTAX}", "text", "")),
            why_not=rolling or (None if choices else "nobody else can roll against it"),
            hint=f"{self._kind(scene, key)} Strictly higher wins: 1 die of damage + 1 per "
                 "full 3 points. A weapon adds one die to the winner and removes dice; "
                 "protection adds one die to the loser (The Energy System, Damage; Agents, "
                 f"Equipment). {DICE_HELP}")

    def _character_actions(self, state: ProtectorFight, key: str) -> list[Action]:
        scene = state.scene
        c = scene.get(key)
        others = [k for k, o in scene.combatants.items() if k != key and not o.challenge]
        helping = state.helpers.get(key, ("", ""))
        broken = [(f"{k}|{n}", f"{k}: {n}") for k, o in scene.combatants.items()
                  for n, a in o.agents.items() if a.kind == "equipment" and a.pool.removed]
        spent = [n for n, a in c.agents.items() if a.kind == "equipment" and a.pool.on_table]
        holds = [n for n, a in c.agents.items() if "Capacity" in a.types]
        unresolved = any(o.challenge and not o.out for o in scene.combatants.values())
        phases = tuple((n, f"{n} ({_plural(p.rolls, 'roll')})")
                       for n, p in rest_phases().items())
        if unresolved:
            phases += tuple((f"{n}|damage", f"{n}, challenges damage") for n in rest_phases())
        return [
            Action("award", "Award",
                   (Param("giver", "From", "choice", "GM",
                          (("GM", "the GM"), *_choices(others))),),
                   why_not=None if c.player else "only players are awarded dice "
                   "(Storytelling)",
                   hint="A depleted die for good storytelling: from the GM at the end of a "
                        "round (one a round), or from another player's own (Storytelling)"),
            Action("help_heal", "Help heal",
                   (Param("patient", "Heal", "choice",
                          helping[0] or (others[0] if others else ""),
                          (("", "nobody"), *_choices(others))),
                    Param("dice", "Healing dice (e.g. 2+4, a Medical agent)", "text",
                          helping[1])),
                   why_not=out_reason(c),
                   hint="Skip the next rest roll to roll for another: one extra d4 per 5 "
                        "points in their rest roll (Resting and Healing)"),
            Action("rest", "Rest",
                   (Param("phase", "Phase", "choice", "Rest", phases),
                    Param("faces", "Rolled at the table (faces in order)", "text", "")),
                   hint="Everyone but the challenges: unresolved challenges strike first; "
                        "each pool rolls its ready dice as d4s (each multiple returns "
                        "dice), then dice come back automatically (Resting and Healing)"),
            Action("repair", "Repair",
                   (Param("equipment", "Equipment", "choice", broken[0][0] if broken else "",
                          tuple(broken)), _dice_param("Repairer's dice")),
                   why_not=out_reason(c) or (None if broken else "no equipment has damage "
                                             "to repair"),
                   hint="Beat the equipment's damage dice (stepped up by its traits): each "
                        "full multiple repairs a die; the repairer's Tool adds a die to a "
                        "passed roll. Faces: the damage dice's, then the repairer's, then "
                        "the tool's (Repairing Equipment)"),
            Action("restock", "Restock",
                   (Param("equipment", "Equipment", "choice", spent[0] if spent else "",
                          _choices(spent)),),
                   why_not=None if spent else f"no equipment of {key} has depleted dice",
                   hint="Ten minutes restocking where the resource can be replenished heals "
                        "the equipment's depletions (Agents, Equipment)"),
            Action("capacity", "Capacity",
                   (Param("passengers", "Riders", default=1, maximum=500),
                    Param("cargo", "Cargo", default=0, maximum=500),
                    _dice_param("Its dice (blank: its Capacity agent's die)")),
                   why_not=None if holds else f"{key} has no Capacity equipment",
                   hint="1d4 per passenger and 1d6 per die of cargo against the agent's "
                        "roll; a higher load damages the agent. Faces: the agent's, then "
                        "the load's (Capacity Tests)"),
        ]

    @staticmethod
    def _setup_actions(state: ProtectorFight, key: str) -> list[Action]:
        scene = state.scene
        c = scene.get(key)
        actions: list[Action] = []
        if c.player:
            actions.append(Action(
                "seat", "Seat", (Param("seat", "Seat", default=scene.seating.index(key) + 1,
                                       minimum=1, maximum=len(scene.seating)),),
                hint="Clockwise from the GM; the GM edits the seating, it is never rolled "
                     "(Play Order)"))
        if not c.challenge:
            actions.append(Action(
                "side", "To the GM" if c.player else "Seat it",
                why_not="group members act on the GM's turn" if key in state.groups else None,
                hint=("Let it act on the GM's turn as an NPC" if c.player else
                      "Seat it as a player, last before the GM") + " (Play Order)"))
        sizes = tuple((f"table:{n}", n) for n in difficulty_names())
        moves = tuple((f"move:{m['from']}|{m['to']}", f"{m['from']}→{m['to']} {m['dice']}")
                      for m in section("distance")["moves"])
        actions.append(Action(
            "make_challenge", "Resize" if c.challenge else "Challenge",
            (Param("size", "Difficulty", "choice", "table:Tiring", (*sizes, *moves)),
             Param("die", "Die", "choice", "d6", _choices(CHALLENGE_DICE))),
            hint="Make it a noncharacter challenge with its own pool from the Challenge "
                 "Difficulties table (difficulty × die) or the Distance table; damage to it "
                 "removes dice (Noncharacter Challenges)"))
        if c.challenge:
            harms = key in state.harms
            actions.append(Action(
                "harms", "Only deplete" if harms else "Do damage",
                hint="A challenge that wins most often depletes, but the GM may let it do "
                     "damage (remove dice) (Noncharacter Challenges)"))
        actions.append(Action(
            "end_game", "End game",
            hint="Awarded dice not recovered are lost; a player with more dice than at the "
                 "start keeps the new pool (Storytelling)"))
        return actions

    @staticmethod
    def _challenge_actions(state: ProtectorFight, key: str, rolling: str | None
                           ) -> list[Action]:
        scene = state.scene
        players = [k for k in scene.seating if not scene.get(k).out]
        movers = [k for k, o in scene.combatants.items() if not o.challenge and not o.out]
        return [
            Action("challenge_all", "Whole party",
                   (_dice_param("Its dice"),
                    Param("their_dice", f"Each player's dice: {SYNTAX}", "text", "")),
                   why_not=rolling or (None if players else "no player can roll"),
                   hint="A condition on the whole party rolls once; every player in turn "
                        "tries to beat it. Faces: its dice, then each player's in seat "
                        "order (Noncharacter Challenges)"),
            Action("move_together", "Close in",
                   (Param("first", "Mover", "choice", movers[0] if movers else "",
                          _choices(movers)),
                    Param("second", "and", "choice", movers[1] if len(movers) > 1 else "",
                          _choices(movers)),
                    Param("their_dice", f"Each mover's dice: {SYNTAX}", "text", "")),
                   why_not=rolling or (None if len(movers) > 1 else "it takes two movers"),
                   hint="Two moving towards each other add their movement rolls against "
                        "the distance: its dice roll one die; faces: the movers', then its "
                        "(Distance)"),
        ]

    # --- doing it

    def perform(self, state: ProtectorFight, key: str, action: str, values: Values,
                roller: Roller) -> Outcome:
        handler: Handler | None = _HANDLERS.get(action)
        if handler is None:
            raise CombatError(f"Protector has no action {action!r}")
        state.combatant(key)
        done, lines = handler(state, key, values, roller)
        return Outcome(done, _strip_round(lines, done.scene.round))

    def character(self, state: ProtectorFight, key: str) -> ProtectorCharacter:
        """The character with the fight's depleted, awarded and removed dice; dice a
        multiple brought in from awards go to ``energy_change`` (see the module)."""
        original = state.characters[key]
        c = state.combatant(key)
        if c.challenge:
            return original
        joined = from_character(original, key).energy
        new = to_character(c, original)
        grown = (c.energy.ready + c.energy.depleted + c.energy.removed) - (
            joined.ready + joined.depleted + joined.removed)
        if grown:
            new.energy_change += grown
        return new

    # --- around the fight

    def charts(self) -> Sequence[ReferenceChart]:
        return _charts()

    def check_spec(self) -> CheckSpec:
        return CheckSpec((
            Param("dice", "Dice", "text", "2d6"),
            Param("depleted", "Depleted on the table", default=0, maximum=1000),
            Param("target", "Target value (no opponent)", default=6, maximum=100_000),
            Param("vs", "Opponent's dice", "text", ""),
            Param("vs_depleted", "Opponent's depleted", default=0, maximum=1000),
        ), title="Energy System roll (d6,d6,d8 · 3d6 · d8:trade · 1d4x10)")

    @staticmethod
    def _check_dice(values: Values) -> tuple[Any, Any]:
        mine = parse_dice(str(values.get("dice", "")).strip() or "d6")
        text = str(values.get("vs", "")).strip()
        return mine, parse_dice(text) if text else None

    def check_odds(self, values: Values) -> CheckOdds:
        mine, theirs = self._check_dice(values)
        odds = roll_odds(mine, int(values.get("depleted", 0)))
        table = f" + {odds.on_table} depleted" if odds.on_table else ""
        base = (f"mean {float(odds.mean):.2f}; a die depletes {percent(odds.p_any_depleted)};"
                f" multiple {percent(odds.p_multiple)}; catastrophe "
                f"{percent(odds.p_catastrophe)}")
        if theirs is not None:
            vs = contest_odds(odds, roll_odds(theirs, int(values.get("vs_depleted", 0))))
            dealt = ", ".join(f"{_plural(k, 'die')} {percent(p)}"
                              for k, p in vs.damage_dealt().items())
            return CheckOdds(f"{dice_text(mine)}{table} vs {dice_text(theirs)}",
                             f"{percent(vs.p_win)} win",
                             f"tie {percent(vs.p_tie)}, lose {percent(vs.p_lose)}; damage "
                             f"dealt: {dealt or 'none'}; {base}")
        target = int(values.get("target", 0))
        if target <= 0:
            raise ValueError("give a target value or the opponent's dice")
        return CheckOdds(f"{dice_text(mine)}{table} for {target}+",
                         percent(odds.p_at_least(target)), base)

    def check_roll(self, values: Values, roller: Roller) -> str:
        mine, theirs = self._check_dice(values)
        if theirs is not None:
            return contest(mine, theirs, roller, int(values.get("depleted", 0)),
                           int(values.get("vs_depleted", 0))).describe("you", "opponent")
        result = roll(mine, roller, int(values.get("depleted", 0)))
        target = int(values.get("target", 0))
        verdict = "success" if result.value >= target else "failure"
        return f"{result.describe()} — {verdict} against {target}"


def out_reason(c: Combatant) -> str | None:
    return f"{c.key} is {c.status()}" if c.out else None


def _forget(state: ProtectorFight, key: str) -> ProtectorFight:
    """Nobody helps or is helped by ``key``, and it does no damage as a challenge."""
    return replace(state, harms=state.harms - {key},
                   helpers={h: v for h, v in state.helpers.items() if key not in (h, v[0])})


# --- the actions, one function each -------------------------------------------------------------


def _need_play(state: ProtectorFight) -> None:
    if not state.scene.started:
        raise CombatError("play has not started: start the scene first")


def _as_action(state: ProtectorFight, key: str, what: str) -> Done:
    """Declare now, roll the declared action, or react (see the module)."""
    scene = state.scene
    mark = (scene.round, key)
    if scene.why_not_declare(key) is None:
        state, lines = state.with_scene(scene.declare(key, what))
        return replace(state, rolled=state.rolled | {mark}), lines
    if key in scene.declared and mark not in state.rolled:
        return replace(state, rolled=state.rolled | {mark}), [
            f"{key} rolls for the declared action: {scene.declared[key]}"]
    return state.with_scene(scene.react(key, what))


def _keys(state: ProtectorFight, who: str, together: bool) -> tuple[str, ...]:
    """A combatant alone, or with its group's members who can still roll."""
    if who.startswith("group:"):
        group = who.removeprefix("group:")
        keys = tuple(k for k in state.members(group) if not state.combatant(k).out)
        if not keys:
            raise CombatError(f"nobody in {group} can roll")
        return keys
    state.combatant(who)
    group = state.groups.get(who)
    if not together or not group:
        return (who,)
    return (who, *(k for k in state.members(group)
                   if k != who and not state.combatant(k).out))


def _rolled(state: ProtectorFight, before: Encounter, step: Step, lines: list[str],
            roller: Roller) -> Done:
    """A step that rolled: its lines, the table's faces all used, the RISKED prompt."""
    _finish(roller)
    after = step.encounter
    return replace(state, scene=after), [*lines, *step.lines(), *_storytelling(before, after)]


def _declare(state: ProtectorFight, key: str, values: Values, roller: Roller) -> Done:
    return state.with_scene(state.scene.declare(key, str(values.get("what", "")).strip()
                                                or "acts"))


def _react(state: ProtectorFight, key: str, values: Values, roller: Roller) -> Done:
    _need_play(state)
    return state.with_scene(state.scene.react(key, str(values.get("what", "")).strip()
                                              or "defends"))


def _roll(state: ProtectorFight, key: str, values: Values, roller: Roller) -> Done:
    _need_play(state)
    typed = Typed.read(values.get("dice"))
    read = read_side(state, _keys(state, key, not typed.alone), typed)
    target = int(values.get("target", 0)) or None
    rolls = _roller(roller, typed.faces)
    state, lines = _as_action(state, key, f"a roll against {target}" if target else "a roll")
    before = state.scene
    return _rolled(state, before, before.roll(read.side(key in state.harms), rolls, target),
                   lines, rolls)


def _contest(state: ProtectorFight, key: str, values: Values, roller: Roller) -> Done:
    _need_play(state)
    opponent = str(values.get("opponent", ""))
    if not opponent:
        raise CombatError("choose whom to contest against")
    typed, their_typed = Typed.read(values.get("dice")), Typed.read(values.get("their_dice"))
    mine = read_side(state, _keys(state, key, not typed.alone), typed, contest=True)
    theirs = read_side(state, _keys(state, opponent, False), their_typed, contest=True)
    if typed.aim:
        state.combatant(theirs.keys[0]).agent(typed.aim)
    if their_typed.aim:
        state.combatant(mine.keys[0]).agent(their_typed.aim)
    rolls = _roller(roller, _queue((typed.faces, len(mine.picks)),
                                   (their_typed.faces, len(theirs.picks))))
    state, lines = _as_action(state, key, f"a contest against "
                                          f"{opponent.removeprefix('group:')}")
    before = state.scene
    step = before.contest(mine.side(key in state.harms, typed.aim),
                          theirs.side(theirs.keys[0] in state.harms, their_typed.aim), rolls)
    return _rolled(state, before, step, lines, rolls)


def _pool_values(state: ProtectorFight, key: str, values: Values) -> tuple[str, int]:
    source = str(values.get("source", ENERGY)) or ENERGY
    state.combatant(key).pool(source)
    dice = int(values.get("dice", 1))
    if dice < 1:
        raise CombatError(f"give 1 or more dice, not {dice}")
    return source, dice


def _deplete(state: ProtectorFight, key: str, values: Values, roller: Roller) -> Done:
    source, dice = _pool_values(state, key, values)
    return state.with_scene(state.scene.damage(key, dice, remove=False, source=source))


def _remove(state: ProtectorFight, key: str, values: Values, roller: Roller) -> Done:
    source, dice = _pool_values(state, key, values)
    return state.with_scene(state.scene.damage(key, dice, remove=True, source=source))


def _restore(state: ProtectorFight, key: str, values: Values, roller: Roller) -> Done:
    source, dice = _pool_values(state, key, values)
    c = state.combatant(key)
    before = c.pool(source)
    if not before.on_table:
        what = key if source == ENERGY else f"{key}'s {source}"
        raise CombatError(f"{what} has no depleted dice to give back")
    after, back = before.restore(dice)
    scene = replace(state.scene, combatants={**state.scene.combatants,
                                             key: c.with_pool(source, after)})
    change = PoolChange(key, source, before, after, f"gets {back} depleted back from the GM")
    return replace(state, scene=scene), [change.describe()]


def _award(state: ProtectorFight, key: str, values: Values, roller: Roller) -> Done:
    giver = str(values.get("giver", "GM")) or "GM"
    if not state.combatant(key).player:
        raise CombatError("only players are awarded dice (Storytelling)")
    if giver != "GM":
        return state.with_scene(state.scene.award(key, giver))
    round_ = state.scene.round
    if round_ in state.gm_awards:
        raise CombatError("the GM has already awarded a die this round (Storytelling: "
                          "one, at the end of a round)")
    state = replace(state, gm_awards=state.gm_awards | {round_})
    return state.with_scene(state.scene.award(key))


def _help_heal(state: ProtectorFight, key: str, values: Values, roller: Roller) -> Done:
    patient = str(values.get("patient", ""))
    helpers = {h: v for h, v in state.helpers.items() if h != key}
    if not patient:
        return replace(state, helpers=helpers), [f"{key} will rest as usual"]
    if patient == key:
        raise CombatError(f"{key} cannot skip a rest roll to help itself")
    if state.combatant(patient).challenge:
        raise CombatError(f"{patient} is a challenge: it does not heal")
    dice = str(values.get("dice", "")).partition("=")[0].strip()
    read = read_side(state, (key,), Typed.read(dice))
    helpers[key] = (patient, dice)
    return replace(state, helpers=helpers), [
        f"{key} will skip the next rest roll to help {patient} heal ({picks_text(read.picks)})"]


def _rest(state: ProtectorFight, key: str, values: Values, roller: Roller) -> Done:
    phase, _, mode = str(values.get("phase", "Rest")).partition("|")
    rolls = _roller(roller, parse_faces(values.get("faces", "")))
    scene = state.scene
    keys = tuple(k for k, c in scene.combatants.items() if not c.challenge)
    lines: list[str] = []
    if any(c.challenge and not c.out for c in scene.combatants.values()):
        step = scene.challenges_strike(rolls, as_damage=mode == "damage")
        scene = step.encounter
        lines += step.lines()
    later = replace(state, scene=scene)
    helping = {h: (p, read_side(later, (h,), Typed.read(dice)).picks)
               for h, (p, dice) in state.helpers.items() if h in keys and p in keys}
    step = scene.rest(phase, rolls, keys, helping)
    _finish(rolls)
    kept = {h: v for h, v in state.helpers.items() if h not in helping}
    return replace(state, scene=step.encounter, helpers=kept), [*lines, *step.lines()]


def _repair(state: ProtectorFight, key: str, values: Values, roller: Roller) -> Done:
    owner, _, equipment = str(values.get("equipment", "")).partition("|")
    if not equipment:
        raise CombatError("choose the damaged equipment")
    state.combatant(owner).agent(equipment)
    typed = Typed.read(values.get("dice"))
    read = read_side(state, (key,), typed)
    tool = _ready_gear(state.combatant(key), "Tool")
    rolls = _roller(roller, typed.faces)
    before = state.scene
    step = before.repair(owner, equipment, (key,), read.picks, rolls,
                         (key, tool) if tool else None)
    return _rolled(state, before, step, [], rolls)


def _restock(state: ProtectorFight, key: str, values: Values, roller: Roller) -> Done:
    return state.with_scene(state.scene.restock(key, str(values.get("equipment", ""))))


def _capacity(state: ProtectorFight, key: str, values: Values, roller: Roller) -> Done:
    c = state.combatant(key)
    typed = Typed.read(values.get("dice"))
    named = [i for i in typed.items if _find_agent(state, (key,), i)]
    holds = [n for n, a in c.agents.items() if "Capacity" in a.types]
    name = _find_agent(state, (key,), named[0])[1] if named else (holds[0] if holds else "")
    if not name:
        raise CombatError(f"{key} has no Capacity equipment (Capacity Tests)")
    picks = (read_side(state, (key,), typed).picks if typed.items
             else (Pick(c.agent(name).die("Capacity"), name, owner=key),))
    rolls = _roller(roller, typed.faces)
    before = state.scene
    step = before.capacity_test(key, name, picks, int(values.get("passengers", 0)),
                                int(values.get("cargo", 0)), rolls)
    return _rolled(state, before, step, [], rolls)


def _seat(state: ProtectorFight, key: str, values: Values, roller: Roller) -> Done:
    scene = state.scene
    if not scene.get(key).player:
        raise CombatError(f"{key} is not a player: NPCs and challenges act on the GM's turn "
                          "(Play Order)")
    seat = int(values.get("seat", 1))
    if not 1 <= seat <= len(scene.seating):
        raise CombatError(f"seats go from 1 to {len(scene.seating)}, not {seat}")
    order = [k for k in scene.seating if k != key]
    order.insert(seat - 1, key)
    return state.with_scene(scene.reseat(order))


def _replaced(state: ProtectorFight, key: str, combatant: Combatant) -> Encounter:
    """``key`` swapped for ``combatant`` through the combat API (leave, join), keeping
    what it declared this round."""
    declared = state.scene.declared.get(key)
    scene = state.scene.remove(key).encounter.add(combatant).encounter
    if declared is not None:
        scene = replace(scene, declared={**scene.declared, key: declared})
    return scene


def _side(state: ProtectorFight, key: str, values: Values, roller: Roller) -> Done:
    c = state.combatant(key)
    if key in state.groups:
        raise CombatError("group members act on the GM's turn (Groups)")
    if c.challenge:
        raise CombatError(f"{key} is a challenge: it acts on the GM's turn")
    scene = _replaced(state, key, replace(c, player=not c.player))
    where = (f"seat {scene.seating.index(key) + 1}, clockwise from the GM" if not c.player
             else "the GM's turn")
    return replace(state, scene=scene), [f"{key} now acts on {where} (Play Order)"]


def _make_challenge(state: ProtectorFight, key: str, values: Values, roller: Roller) -> Done:
    kind, _, what = str(values.get("size", "table:Tiring")).partition(":")
    if kind == "move":
        start, _, goal = what.partition("|")
        made = distance_challenge(key, start, goal)
        text = f"{start} to {goal} ({rule_of('distance').section})"
    elif kind == "table":
        made = challenge_from_table(key, what, str(values.get("die", "d6")))
        text = f"{what} ({rule_of('challenge_difficulties').section})"
    else:
        raise CombatError(f"no challenge size {what!r}")
    state = replace(_forget(state, key), scene=_replaced(state, key, made),
                    groups={k: v for k, v in state.groups.items() if k != key})
    return state, [f"{key} is a noncharacter challenge: {text}, {made.energy.ready}"
                   f"{str(made.energy.base).removeprefix('1')}; damage to it removes dice"]


def _harms(state: ProtectorFight, key: str, values: Values, roller: Roller) -> Done:
    if not state.combatant(key).challenge:
        raise CombatError(f"{key} is not a noncharacter challenge")
    if key in state.harms:
        return replace(state, harms=state.harms - {key}), [
            f"{key} depletes dice when it wins (Noncharacter Challenges)"]
    return replace(state, harms=state.harms | {key}), [
        f"{key} does damage when it wins: it removes dice (Noncharacter Challenges)"]


def _challenge_all(state: ProtectorFight, key: str, values: Values, roller: Roller) -> Done:
    _need_play(state)
    if not state.combatant(key).challenge:
        raise CombatError(f"{key} is not a noncharacter challenge")
    typed, their_typed = Typed.read(values.get("dice")), Typed.read(values.get("their_dice"))
    challenger = read_side(state, (key,), typed).side(key in state.harms)
    players = [k for k in state.scene.seating if not state.combatant(k).out]
    sides = [read_side(state, (k,), Typed(their_typed.items, unarmed=their_typed.unarmed),
                       contest=True).side() for k in players]
    rolls = _roller(roller, _queue((typed.faces, len(challenger.picks)),
                                   (their_typed.faces, None)))
    state, lines = _as_action(state, key, "strikes the whole party")
    before = state.scene
    return _rolled(state, before, before.challenge_all(challenger, sides, rolls), lines,
                   rolls)


def _move_together(state: ProtectorFight, key: str, values: Values, roller: Roller) -> Done:
    _need_play(state)
    if not state.combatant(key).challenge:
        raise CombatError(f"{key} is not a noncharacter challenge")
    movers = [str(values.get("first", "")), str(values.get("second", ""))]
    if movers[0] == movers[1]:
        raise CombatError("choose two different movers")
    typed = Typed.read(values.get("their_dice"))
    sides = [read_side(state, (m,), Typed(typed.items)).side() for m in movers]
    obstacle = read_side(state, (key,), Typed()).side(key in state.harms)
    rolls = _roller(roller, list(typed.faces))
    before = state.scene
    return _rolled(state, before, before.move_together(sides, obstacle, rolls), [], rolls)


def _end_game(state: ProtectorFight, key: str, values: Values, roller: Roller) -> Done:
    return state.with_scene(state.scene.end_game())


_HANDLERS: dict[str, Handler] = {
    "declare": _declare, "react": _react, "roll": _roll, "contest": _contest,
    "deplete": _deplete, "remove": _remove, "restore": _restore, "award": _award,
    "help_heal": _help_heal, "rest": _rest, "repair": _repair, "restock": _restock,
    "capacity": _capacity, "seat": _seat, "side": _side, "make_challenge": _make_challenge,
    "harms": _harms, "challenge_all": _challenge_all, "move_together": _move_together,
    "end_game": _end_game,
}


# --- reference charts ----------------------------------------------------------------------


def _cite(name: str) -> str:
    return f"({rule_of(name)})"


def _note(text: str) -> str:
    """A note's own colons must not read as a heading (the panel bolds up to the first)."""
    return f"Note: {text}"


@cache
def _charts() -> tuple[ReferenceChart, ...]:
    charts: list[ReferenceChart] = []
    damage = section("contest_damage")
    per = int(damage["points_per_extra_die"])
    bands = [(1, per - 1), *((lo, lo + per - 1) for lo in range(per, 4 * per, per))]
    charts.append(ReferenceChart("Contest damage", (
        *(f"win by {lo}–{hi}: {_plural(damage_dice(lo), 'die')}" for lo, hi in bands),
        f"and one more die for every further {per} points", _note(damage["note"]),
        _cite("contest_damage"))))
    table = section("challenge_difficulties")
    charts.append(ReferenceChart("Challenge Difficulties", (
        "Difficulty: " + " · ".join(table["dice"]),
        *(f"{row['name']}: " + " · ".join(f"{n}{d}" for n, d in zip(
            row["counts"], table["dice"], strict=True)) for row in table["rows"]),
        _note(table["note"]), _cite("challenge_difficulties"))))
    distance = section("distance")
    charts.append(ReferenceChart("Distance", (
        *(f"{r['name']}: {r['text']}" for r in distance["ranges"]),
        *(f"{m['from']} to {m['to']}: {m['dice']}" for m in distance["moves"]),
        _note(distance["note"]), _cite("distance"))))
    rest = section("rest_phases")
    charts.append(ReferenceChart("Resting and Healing", (
        *(f"{p.name}: {_plural(p.rolls, 'roll')}, {p.restore} depleted back automatically "
          f"— {p.text}" for p in rest_phases().values()),
        f"Helping: skip the rest roll, 1 extra {rest['rest_die']} per "
        f"{rest['help_points_per_die']} points of the roll",
        f"Unresolved challenges roll first: deplete that many dice among the players, or "
        f"1 die of damage per {rest['unresolved_challenge_points_per_damage']} points",
        _note(rest["note"]), _cite("rest_phases"))))
    steps = section("higher_dice_steps")
    charts.append(ReferenceChart("Higher Dice Steps", (
        "d4 (voluntary; depletes only on a pair of ones) · d6 · d8 · d10 · d12 · d20",
        *(f"{r['die']}: {r['cost']} steps (= {r['equal_to']})" for r in steps["rungs"]),
        _note(steps["note"]), _cite("higher_dice_steps"))))
    capacity = section("capacity")
    charts.append(ReferenceChart("Capacity Tests", (
        f"1{capacity['passenger_die']} per normal-sized passenger; 1{capacity['cargo_die']} "
        "per die's worth of cargo", _note(capacity["note"]), _cite("capacity"))))
    for name, title in (("groups", "Groups"), ("repair", "Repairing Equipment")):
        charts.append(ReferenceChart(title, (_note(section(name)["note"]), _cite(name))))
    training = section("training")
    charts.append(ReferenceChart("Buying Traits and Agents", (
        *(f"{k['name']}: {k['difficulty']} ({k['gains']})"
          + (f" — {k['note']}" if k.get("note") else "") for k in training["kinds"]),
        _note(training["note"]), _cite("training"))))
    charts.append(ReferenceChart("RISKED: why a die depleted", (
        *(f"{e.letter} — {e.name}: {e.text}" + (" (physical)" if e.physical_only else "")
          for e in risked(physical=True)),
        "Prompts:", *(f"“{say}” — {when}" for say, when in narration_prompts()),
        _note(section("risked")["note"]), _cite("risked"))))
    rules = catalog.agent_rules()
    charts.append(ReferenceChart("Equipment types", (
        *(f"{t.name}: {t.text}" for t in rules.equipment_types),
        _note(rules.equipment_types_note), "(Protector, Agents, Equipment)")))
    return tuple(charts)


RULES = ProtectorCombatRules()
