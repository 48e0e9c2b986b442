"""Protector on the GM screen: ``combat.py``'s play order, contests, damage, challenges and
rest phases as ``CombatRules`` (Protector, The Energy System; Storytelling; Agents;
Resting and Healing; Repairing Equipment; Noncharacter Challenges; Groups).

Play Order: the GM sets the scene, then the players take turns clockwise from the GM.
The seating is the GM's to edit (``start`` values or the "Seat" action), never rolled;
NPCs and challenges act on the GM's turn. "Next" passes the turn clockwise; after the
last seat a new round opens with the GM. Each combatant declares one action per round
and may react as often as needed.

The adapter in parts, each a module beside this one:

* ``gm_state``: the state (``ProtectorFight``) the encounter keeps between operations;
* ``gm_dice_text``: what the GM types for a side (``2, 3+2, d8, Pistol = 6 3 1``) read
  into dice, and the faces the table rolled by hand;
* ``gm_actions``: the actions the GM may take now, with their inputs and hints;
* ``gm_perform``: what each action does (and the rulings it makes where the book is
  silent);
* ``gm_text``: the roster's cells and the RISKED prompt;
* ``gm_charts`` and ``gm_check``: the reference charts and the dice roller.

Ours (the book and RULINGS.md are silent), besides those in ``gm_perform`` and
``gm_dice_text``: writing back, dice a multiple brought in from awards change the
file's ``energy_change``, so the file's pool stays the pool in play (Storytelling).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import replace
from typing import Any, ClassVar

from desktop.model.combat_helpers import unstamped
from desktop.model.combat_rules import (
    Action,
    CheckOdds,
    CheckSpec,
    Outcome,
    ReferenceChart,
    Row,
    TurnInfo,
)
from desktop.model.dice import Roller
from desktop.systems.protector.fight import gm_actions, gm_charts, gm_check, gm_perform
from desktop.systems.protector.fight.combat import GM
from desktop.systems.protector.fight.fighter import from_character, to_character
from desktop.systems.protector.fight.gm_dice_text import (
    TableRoller,
    Typed,
    parse_faces,
    picks_text,
    read_side,
)
from desktop.systems.protector.fight.gm_state import ProtectorFight, Values, forget
from desktop.systems.protector.fight.gm_text import agents_cell, plural, pool_cell
from desktop.systems.protector.fight.pools import CombatError
from desktop.systems.protector.rules.character import ProtectorCharacter

__all__ = [
    "RULES",
    "ProtectorCombatRules",
    "ProtectorFight",
    "TableRoller",
    "Typed",
    "parse_faces",
    "picks_text",
    "read_side",
]


class ProtectorCombatRules:
    system = "protector"
    round_word = "Round"
    start_hint = "Seats clockwise from the GM, e.g. Erin 1, Arclight 2"
    columns = ("Seat", "Energy", "Agents", "Declared")
    action_groups: ClassVar[dict[str, str]] = {
        "seat": "Setup", "side": "Setup", "make_challenge": "Setup", "remove": "Setup",
        "deplete": "Dice", "restore": "Dice", "award": "Dice", "capacity": "Tests",
        "training": "Tests", "rest": "Recovery", "help_heal": "Recovery", "repair": "Recovery",
        "restock": "Recovery", "end_game": "Recovery", "deplete_materials": "Powers",
        "absorb": "Powers",
    }
    """The GM screen groups the less common actions by kind (ids, or "id:" prefixes)."""
    common_actions = ("contest", "roll", "declare", "react", "deplete", "remove")
    """The contest, Protector's attack, first: what a GM reaches for most."""

    # --- combatants

    def empty(self) -> ProtectorFight:
        return ProtectorFight()

    def add(self, state: ProtectorFight, key: str, character: Any, group: str,
            roller: Roller) -> ProtectorFight:
        """A player takes the last seat, before the GM (Play Order); group members and
        NPCs act on the GM's turn."""
        combatant = from_character(character, key)
        if group:
            combatant = combatant._replace(player=False)
        scene = state.scene.add(combatant).encounter
        groups = {**state.groups, key: group} if group else state.groups
        return replace(state, scene=scene, characters={**state.characters, key: character},
                       groups=groups)

    def remove(self, state: ProtectorFight, key: str) -> ProtectorFight:
        return forget(replace(state, scene=state.scene.remove(key).encounter,
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
                       unstamped((*lines, *step.lines()), "Round", 1))

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
        return Outcome(replace(state, scene=scene), unstamped(step.lines(), "Round", scene.round))

    def turn(self, state: ProtectorFight) -> TurnInfo:
        scene = state.scene
        if not scene.started:
            seats = " → ".join((GM, *scene.seating))
            return TurnInfo(False, 0, (), f"Setup · clockwise from the GM: {seats}")
        current = scene.current
        if current == GM:
            npcs = scene.gm_keys()
            challenges = sum(1 for k in npcs if scene.get(k).challenge)
            who = ", ".join(plural(n, word) for n, word in (
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
            cells = (seat, pool_cell(c.energy), agents_cell(c),
                     scene.declared.get(key, ""))
            rows.append(Row(key, cells, "; ".join(status), c.out))
        return rows

    # --- what the GM can do

    def actions(self, state: ProtectorFight, key: str) -> Sequence[Action]:
        return gm_actions.actions(state, key)

    def perform(self, state: ProtectorFight, key: str, action: str, values: Values,
                roller: Roller) -> Outcome:
        return gm_perform.perform(state, key, action, values, roller)

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
        return gm_charts.charts()

    def check_spec(self) -> CheckSpec:
        return gm_check.check_spec()

    def check_odds(self, values: Values) -> CheckOdds:
        return gm_check.check_odds(values)

    def check_roll(self, values: Values, roller: Roller) -> str:
        return gm_check.check_roll(values, roller)


RULES = ProtectorCombatRules()
