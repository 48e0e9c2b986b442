"""Pocket Universe on the GM screen: ``combat.py``'s rounds, holds and damage as
``CombatRules`` (chapter 5).

A thin adapter: every rule is applied by ``combat.Encounter`` and the functions it calls
(``attack``, ``damage`` and their kin); this module turns GM inputs into those calls,
their events into log lines, and the fight back into character files.

* Turns (5.2): everyone rolls 1d10 on its initiative range at the start of every round;
  the GM counts down, ties go to the lower (armored) DEFT, then a dice-off. "Next" ends
  the current turn (a held turn being taken first). When every turn has come and
  someone still holds one, "Next" stops there so it can be taken; pressed again it opens
  the next round (holders keep holding and roll no initiative).
* Dice rolled at the table: optional inputs (0 = roll) on every action that rolls; they
  are served to the rules' own throws (the to-hit 2d10, the damage d10, a wake-up 2d10,
  next round's initiative d10 …) and the log says which were used.

Ours (rulings where the book is silent; shown in the hints):
* Groups: 5.2 has every participant roll its own initiative, so a group ("4 Crocodiles")
  is a label on the roster; its members roll and act one by one. Members of a group are
  played by the GM (NPCs, 5.5 Morale); a combatant added alone is a player character
  until the GM marks it otherwise.
* A combatant added mid-fight rolls initiative from the next round (``combat.join``).
* Before the fight starts a GM may still hurt, treat, rest or drop a combatant (a trap,
  an ambush's first volley); the round counter stays at 0.
* Only hits, a ready shield's hits and body-armor damage from criticals have fields in a
  character file (``tracking.hits``, ``hits_left``, ``damage``), so only they are
  written back; being unconscious, prone or held ends with the fight.

The adapter in parts, each a module beside this one: ``gm_state`` (the state the
encounter keeps), ``gm_inputs`` (whole numbers and the table's dice), ``gm_creatures``
(the book's creatures as characters), ``gm_rows`` (the turn line and the roster),
``gm_actions`` (what the GM may do now), ``gm_perform`` (what it does), ``gm_charts``
and ``gm_check`` (the reference charts and the dice roller).
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
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
from desktop.systems.pocket.fight import (
    gm_actions,
    gm_charts,
    gm_check,
    gm_perform,
    gm_rows,
    gm_words,
)
from desktop.systems.pocket.fight.combat import Encounter
from desktop.systems.pocket.fight.damage import CombatError
from desktop.systems.pocket.fight.fighter import FighterError, fighter_from, fighter_from_creature
from desktop.systems.pocket.fight.gm_inputs import Given, TableDice, whole
from desktop.systems.pocket.fight.gm_state import NOT_STARTED, PocketFight
from desktop.systems.pocket.rules import dice
from desktop.systems.pocket.rules.character import PocketCharacter, Tracking
from desktop.systems.pocket.rules.derived import derive
from desktop.systems.pocket.rules.dice import CheckError
from desktop.systems.pocket.rules.npcs import (
    CREATURE_NOTE,
    creature_character,
    creature_of,
    medicine_score,
    npcs,
)

__all__ = [
    "CREATURE_NOTE",
    "RULES",
    "PocketCombatRules",
    "PocketFight",
    "TableDice",
    "creature_character",
    "npcs",
]


class PocketCombatRules:
    system = "pocket"
    round_word = "Round"
    start_hint = "Initiative rolled at the table? e.g. Artos 4, Crocodiles 2"
    columns = ("Init", "Hits", "Armor", "Defense", "Attack", "Move")
    action_groups: ClassVar[dict[str, str]] = {
        "initiative": "Turn", "hold": "Turn", "take_held": "Turn", "stance": "Fighting",
        "dodge_past": "Fighting", "squeeze": "Fighting", "break_free": "Fighting",
        "release": "Fighting", "morale": "Fighting", "fall": "Damage",
        "condition": "Conditions", "rouse": "Recovery", "wake_up": "Recovery",
        "treat": "Recovery", "rest": "Recovery", "npc": "Setup",
    }
    """The GM screen groups the less common actions by kind (ids, or "id:" prefixes)."""
    common_actions = ("attack", "shoot", "damage", "treat", "stance")
    """The attack first: what a GM reaches for most in a Pocket Universe fight."""
    group_rule = ("each member rolls its own initiative and acts on its own (Pocket "
                  "Universe 5.2); the group is a label on the roster, played by the GM")
    free_dice = "2d10"
    """The game's own roll (2d10): the dice roller's free roll starts at it."""

    # --- combatants

    def empty(self) -> PocketFight:
        return PocketFight()

    def add(self, state: PocketFight, key: str, character: Any, group: str,
            roller: Roller) -> PocketFight:
        """A combatant joins; mid-fight it rolls initiative from the next round."""
        creature = creature_of(character)
        try:
            derived = derive(character)
            fighter = (fighter_from_creature(creature, key) if creature is not None
                       else fighter_from(character, key, derived, npc=bool(group)))
        except (FighterError, CheckError, LookupError) as exc:
            raise CombatError(f"{character.name or key}: {exc}") from None
        step = state.fight.join(fighter)
        return replace(state, fight=step.encounter,
                       characters={**state.characters, key: character},
                       joined={**state.joined, key: fighter},
                       groups={**state.groups, key: group},
                       medicine={**state.medicine, key: medicine_score(derived)})

    def remove(self, state: PocketFight, key: str) -> PocketFight:
        def drop(mapping: Mapping[str, Any]) -> dict[str, Any]:
            return {k: v for k, v in mapping.items() if k != key}

        return replace(state, fight=state.fight.remove(key).encounter,
                       characters=drop(state.characters), joined=drop(state.joined),
                       groups=drop(state.groups), medicine=drop(state.medicine),
                       pending=drop(state.pending))

    # --- turns

    def start(self, state: PocketFight, roller: Roller, values: Mapping[str, Any]) -> Outcome:
        """Round 1's initiative. ``values`` may hold what the table rolled:
        {"totals": {combatant or group: initiative number}} and/or {"d10": {combatant:
        face}}; the rest is rolled."""
        if state.started:
            raise CombatError("the fight has already started")
        given = self._given_numbers(state, values.get("totals") or {})
        faces = {**state.pending, **{str(k): whole(values.get("d10") or {}, k)
                                     for k in (values.get("d10") or {})}}
        dice_roller = self._initiative_dice(roller, faces)
        step = Encounter.start(state.fight.fighters.values(), dice_roller, given)
        opened = replace(step.encounter, treated_today=state.fight.treated_today)
        return Outcome(replace(state, fight=opened, pending={}),
                       _for_log(step.describe(), opened.round))

    def _given_numbers(self, state: PocketFight, totals: Mapping[str, Any]) -> dict[str, int]:
        numbers: dict[str, int] = {}
        for name in totals:
            members = [name] if name in state.fight.fighters else [
                k for k, g in state.groups.items() if g == name]
            if not members:
                raise CombatError(f"initiative for {name!r}: no combatant or group by that "
                                  "name")
            for key in members:
                numbers[key] = whole(totals, name)
        return numbers

    @staticmethod
    def _initiative_dice(roller: Roller, faces: Mapping[str, int]) -> TableDice:
        given = []
        for key, face in faces.items():
            if not 1 <= face <= dice.SIDES:
                raise CombatError(f"initiative for {key}: a d10 shows 1 to {dice.SIDES}, "
                                  f"not {face}")
            given.append(Given(f"initiative {key}", 1, (face,), (f"initiative {key}",)))
        return TableDice(roller, given)

    def next(self, state: PocketFight, roller: Roller) -> Outcome:
        """End the current turn; after the last one open the next round, unless someone
        holds a turn it may still take this round (then "Next" again opens it)."""
        fight = self._fight(state)
        lines: list[str] = []
        if fight.current is not None:
            step = fight.end_turn()
            fight = step.encounter
            if fight.current is not None or fight.holds:
                return Outcome(replace(state, fight=fight),
                               _for_log(step.describe(), fight.round))
        step = fight.next_round(self._initiative_dice(roller, state.pending))
        lines += step.describe()
        return Outcome(replace(state, fight=step.encounter, pending={}),
                       _for_log(lines, step.encounter.round))

    @staticmethod
    def _fight(state: PocketFight) -> Encounter:
        if not state.started:
            raise CombatError(NOT_STARTED)
        return state.fight

    def turn(self, state: PocketFight) -> TurnInfo:
        return gm_rows.turn(state)

    def rows(self, state: PocketFight) -> Sequence[Row]:
        return gm_rows.rows(state)

    # --- what the GM can do

    def actions(self, state: PocketFight, key: str) -> Sequence[Action]:
        return [gm_words.action(a) for a in gm_actions.actions(state, key)]

    def perform(self, state: PocketFight, key: str, action: str, values: Mapping[str, Any],
                roller: Roller) -> Outcome:
        done = gm_perform.perform(state, key, action, values, roller)
        return replace(done, lines=_for_log(done.lines, done.state.fight.round))

    # --- writing back

    def character(self, state: PocketFight, key: str) -> PocketCharacter:
        """The character with the fight's hits, shield hits and armor damage in it."""
        if key not in state.characters:
            raise CombatError(f"no combatant called {key!r}")
        character = state.characters[key]
        before, now = state.joined[key], state.fighter(key)
        data = character.model_copy(deep=True)
        if now.current_hits != before.current_hits or character.tracking.hits is not None:
            hits = None if now.current_hits == now.hits_max and (
                character.tracking.hits is None) else now.current_hits
            data.tracking = Tracking(hits=hits, money=character.tracking.money)
        if before.shield is not None and now.shield is not None and (
                now.shield.hits != before.shield.hits):
            ready = [i for i, s in enumerate(data.equipment.shields) if s.ready]
            if ready:
                data.equipment.shields[ready[0]].hits_left = now.shield.hits
        worn = [a for a in data.equipment.armor if a.worn]
        lost = max(before.armor_phys - now.armor_phys, before.armor_energy - now.armor_energy)
        if worn and lost > 0:
            worn[0].damage += lost
        return data

    # --- around the fight

    def charts(self) -> Sequence[ReferenceChart]:
        return [gm_words.chart(c) for c in gm_charts.charts()]

    def check_spec(self) -> CheckSpec:
        return gm_words.spec(gm_check.check_spec())

    def check_odds(self, values: Mapping[str, Any]) -> CheckOdds:
        return gm_words.odds(gm_check.check_odds(values))

    def check_for(self, state: PocketFight, key: str) -> Mapping[str, Any]:
        """The dice roller for ``key``: its first hand weapon's roll to hit."""
        if key not in state.fight.fighters:  # before the fight: no fighter made yet
            return {}
        weapons = [w for w in state.fighter(key).weapons if not w.ranged]
        return {"score": weapons[0].to_hit} if weapons else {}

    def check_roll(self, values: Mapping[str, Any], roller: Roller) -> str:
        return gm_check.check_roll(values, roller)


RULES = PocketCombatRules()


def _for_log(lines: Iterable[str], number: int) -> tuple[str, ...]:
    """The combat events' lines without the "Round N" they start with: the encounter
    log stamps every line with its round already."""
    head = f"Round {number} initiative: "
    return tuple(f"Initiative: {line.removeprefix(head)}" if line.startswith(head) else line
                 for line in unstamped(lines, "Round", number))
