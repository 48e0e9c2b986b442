"""Warlords of Kruhl on the GM screen: the order of play, Endurance, recovery, plot
points and conditions as ``CombatRules`` (Actions: Order Of Play through Forcing An
Action; Rolling Dice; Endurance And Recovery; Rabble; Plot Points; RULINGS.md Kruhl).

Initiative is each place's Perception (Reason) roll, once when the conflict starts
(ambushers +1 bonus die; totals rolled at the table are taken as given); highest first,
and the order holds. "Next" passes the turn; after the last place the environment acts,
then a new round opens. Delayed turns interrupt and forced actions give up the next
turn (``order``). A combatant added mid-fight rolls its own initiative and takes its
place by it; the GM may then place it elsewhere (ours: the chapter is silent).

Whenever the turn changes hands, the dice conditions and surges that end with a turn
or at the next turn taken end (``expiry``); any operation but a plot point's bonus die
closes the last roll to bonus dice after it.

The adapter in parts, each a module beside this one: ``gm_state`` (what the encounter
keeps), ``gm_actions`` (what the GM may do now), ``gm_perform`` (what it does),
``gm_charts`` and ``gm_check`` (reference charts and the dice roller).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import replace
from typing import Any, ClassVar

from desktop.model.combat_helpers import setup_label, unstamped
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
from desktop.systems.kruhl.fight import gm_actions, gm_charts, gm_check, gm_perform
from desktop.systems.kruhl.fight.contest import side
from desktop.systems.kruhl.fight.expiry import turn_passes
from desktop.systems.kruhl.fight.gm_state import KruhlFight
from desktop.systems.kruhl.fight.initiative import Combatant, roll_initiative
from desktop.systems.kruhl.fight.moves import release
from desktop.systems.kruhl.fight.order import Rounds
from desktop.systems.kruhl.fight.tracking import CombatError, endurance_text, is_down
from desktop.systems.kruhl.rules.catalog import RollKind, condition
from desktop.systems.kruhl.rules.character import KruhlCharacter


class KruhlCombatRules:
    system = "kruhl"
    round_word = "Round"
    start_hint = "Initiative rolled at the table? e.g. Soraya 11, Virek-Kohl 9"
    columns = ("Init", "Endurance", "Attack", "Defence", "Plot points", "Dice conditions")
    """Attack and Defence: the hand-to-hand dice each rolls now (skill, attribute,
    equipment and the conditions' dice), what an attack between two of them needs."""
    action_groups: ClassVar[dict[str, str]] = {
        "ambush": "Turn", "delay": "Turn", "take_delayed": "Turn", "force": "Turn",
        "place": "Turn", "plot": "Plot points", "plot_gain": "Plot points",
        "condition_on": "Conditions", "condition_off": "Conditions", "rest_hour": "Recovery",
        "rest_night": "Recovery", "stun_back": "Recovery", "grapple": "Special actions",
        "escape": "Special actions", "release": "Special actions",
        "disarm": "Special actions", "rearm": "Special actions", "slam": "Special actions",
        "distract": "Special actions",
    }
    """The GM screen groups the less common actions by kind (ids, or "id:" prefixes)."""

    # --- combatants

    def empty(self) -> KruhlFight:
        return KruhlFight()

    def add(self, state: KruhlFight, key: str, character: Any, group: str,
            roller: Roller) -> KruhlFight:
        newcomer = Combatant(key, character, group)
        fight = replace(state, combatants=(*state.combatants, newcomer), last=None)
        if state.rounds is None:
            return fight
        if newcomer.slot in state.rounds.names:
            slot = replace(state.rounds.slot(newcomer.slot), members=(key,))
        else:
            slot = roll_initiative([newcomer], roller)[0]
        return replace(fight, rounds=state.rounds.add(slot))

    def remove(self, state: KruhlFight, key: str) -> KruhlFight:
        state.get(key)
        for grappler, held in state.grapples:
            if key in (grappler, held):
                state = release(state, grappler, held)
        fight = replace(state, combatants=tuple(c for c in state.combatants if c.key != key),
                        rested=state.rested - {key}, last=None,
                        disarmed=tuple(d for d in state.disarmed if d[0] != key),
                        surges=tuple(s for s in state.surges if s[0] != key),
                        began=tuple(b for b in state.began if b.key != key))
        if state.rounds is None:
            return fight
        return turn_passes(state, replace(fight, rounds=state.rounds.remove(key, fight.out())
                                          ))[0]

    # --- turns

    def start(self, state: KruhlFight, roller: Roller, values: Mapping[str, Any]) -> Outcome:
        """Roll initiative, or take the totals the table rolled ({"totals": {place:
        total}}; places left out roll). {"ambush": [keys]} marks ambushers too."""
        if state.rounds is not None:
            raise CombatError("the conflict has already started")
        ambush = set(values.get("ambush") or ())
        unknown = ambush - {c.key for c in state.combatants}
        if unknown:
            raise CombatError(f"no combatant called {sorted(unknown)[0]!r} to ambush")
        combatants = tuple(replace(c, ambush=True) if c.key in ambush else c
                           for c in state.combatants)
        order = roll_initiative(combatants, roller, values.get("totals") or None)
        fight = replace(state, combatants=combatants, rounds=Rounds(order), last=None)
        rounds, lines = Rounds.begin(order, fight.out())  # the defeated are passed over
        fight, ended = turn_passes(state, replace(fight, rounds=rounds))
        return Outcome(fight, (rounds.describe_order(), *lines, *ended))

    def next(self, state: KruhlFight, roller: Roller) -> Outcome:
        rounds, lines = state.started_rounds().next(state.out())
        fight, ended = turn_passes(state, replace(state, rounds=rounds, last=None))
        return Outcome(fight, unstamped((*lines, *ended), self.round_word, rounds.round))

    def turn(self, state: KruhlFight) -> TurnInfo:
        rounds = state.rounds
        if rounds is None:
            return TurnInfo(False, 0, (), setup_label(len(state.combatants)))
        return TurnInfo(True, rounds.round, state.actors(),
                        f"Round {rounds.round} · {rounds.turn_label()}")

    def rows(self, state: KruhlFight) -> Sequence[Row]:
        rounds = state.rounds
        keys = ([m for s in rounds.order for m in s.members] if rounds is not None
                else [c.key for c in state.combatants])
        return [self._row(state, key) for key in keys]

    def _row(self, state: KruhlFight, key: str) -> Row:
        c = state.get(key)
        character = c.character
        rounds = state.rounds
        status = []
        down = is_down(character)
        if down:
            status.append("down (rabble, defeated)" if character.rabble
                          else "down (Endurance 0)")
        elif character.rabble:
            status.append("rabble")
        init = "—"
        if rounds is None:
            if c.ambush:
                status.append("ambush")
        else:
            slot = rounds.slot_of(key)
            init = str(slot.total)
            if slot.name in rounds.delayed:
                status.append("delayed")
            if rounds.interrupt is not None and rounds.interrupt.slot == slot.name:
                status.append("taking its delayed turn")
            owed = rounds.owed.get(slot.name)
            if owed:
                status.append(f"forced (round {owed[0]}): next turn lost")
            elif rounds.forced.get(slot.name) == rounds.round:
                status.append("forced this round")
        status += [f"grapples {', '.join(state.holding(key))}"] if state.holding(key) else []
        status += ([f"restrained by {', '.join(state.held_by(key))}'s grapple"]
                   if state.held_by(key) else [])
        gone = [item for k, item in state.disarmed if k == key]
        status += [f"disarmed: {', '.join(gone)}"] if gone else []
        cells = (init, endurance_text(character), fight_dice(character, "attack_hth"),
                 fight_dice(character, "defense_hth"), str(character.plot_points),
                 ", ".join(condition(x).label for x in character.conditions) or "—")
        return Row(key, cells, "; ".join(status), down)

    # --- acting on combatants

    def actions(self, state: KruhlFight, key: str) -> Sequence[Action]:
        return gm_actions.actions(state, key)

    def perform(self, state: KruhlFight, key: str, action: str, values: Mapping[str, Any],
                roller: Roller) -> Outcome:
        """Do ``action``; refused (CombatError) when the rules forbid it now."""
        found = {a.id: a for a in self.actions(state, key)}.get(action)
        if found is None:
            raise CombatError(f"Warlords of Kruhl has no action {action!r} for {key} now")
        if found.why_not is not None:
            raise CombatError(f"{found.label}: {found.why_not}")
        outcome = gm_perform.perform(state, key, action, values, roller)
        fight = outcome.state
        if fight.last is state.last and action != "plot:bonus_die":
            fight = replace(fight, last=None)  # the roll is past: no bonus die after it
        fight, ended = turn_passes(state, fight, taken=action != "delay")
        turn = self.turn(fight)
        return Outcome(fight, unstamped((*outcome.lines, *ended), self.round_word,
                                        turn.round))

    def character(self, state: KruhlFight, key: str) -> KruhlCharacter:
        return state.character(key)

    # --- around the fight

    def charts(self) -> Sequence[ReferenceChart]:
        return gm_charts.charts()

    def check_spec(self) -> CheckSpec:
        return gm_check.check_spec()

    def check_odds(self, values: Mapping[str, Any]) -> CheckOdds:
        return gm_check.check_odds(values)

    def check_for(self, state: KruhlFight, key: str) -> Mapping[str, Any]:
        """The dice roller for ``key``: its hand-to-hand attack as it rolls it now."""
        roll = side(state.character(key), "attack_hth").roll
        level = "expertise" if roll.expertise else "skill" if roll.dice >= 2 else "none"
        return {"level": level, "add": max(roll.add, 0), "bonus": roll.bonus_dice,
                "penalty": roll.penalty_dice}

    def check_roll(self, values: Mapping[str, Any], roller: Roller) -> str:
        return gm_check.roll(values, roller)


RULES = KruhlCombatRules()


def fight_dice(character: KruhlCharacter, kind: RollKind) -> str:
    """The dice ``character`` rolls for ``kind`` now, short for the roster: "3d6+2",
    "2d6+1 expert" (re-rolls 1s and 2s), "fails" when a condition makes it fail."""
    now = side(character, kind)
    if now.fails:
        return "fails"
    roll = now.roll
    add = f"{'+' if roll.add > 0 else '−'}{abs(roll.add)}" if roll.add else ""
    return f"{max(roll.net_dice, 0)}d6{add}" + (" expert" if roll.expertise else "")
