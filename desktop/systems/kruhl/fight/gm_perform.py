"""What each GM-screen action does to a Warlords of Kruhl fight: the turn-order ones
go to ``order``, the rest change one character through ``damage``, ``rest``, ``plot``
and ``contest``. Each returns the next state and its log lines.

Ours (the chapter is silent): delay, delayed turns and forced actions belong to a
place in the order, so for a group (the lackeys) they move the whole group's turn;
the hour's rest counts once until a night's sleep.
"""

from __future__ import annotations

from dataclasses import replace

from desktop.model.combat_rules import Outcome
from desktop.model.dice import Roller
from desktop.systems.kruhl.fight.contest import attack
from desktop.systems.kruhl.fight.damage import hit
from desktop.systems.kruhl.fight.gm_state import KruhlFight, Values
from desktop.systems.kruhl.fight.plot import gain, set_condition, spend
from desktop.systems.kruhl.fight.rest import rest_hour, rest_night, stun_back
from desktop.systems.kruhl.fight.tracking import CombatError

TURN_ACTIONS = ("delay", "take_delayed", "force", "place")


def perform_turn(state: KruhlFight, key: str, action: str, values: Values) -> Outcome:
    rounds = state.rounds
    if rounds is None:
        raise CombatError("the conflict has not started")
    slot, out = state.slot_name(key), state.out()
    if action == "delay":
        rounds, lines = rounds.delay(slot, out)
    elif action == "take_delayed":
        rounds, lines = rounds.take_delayed(slot, bool(values.get("resume", True)), out)
    elif action == "force":
        rounds, lines = rounds.force(slot, str(values.get("what", "")).strip(), out)
    else:
        rounds, lines = rounds.place(slot, str(values.get("after") or "") or None)
    return Outcome(replace(state, rounds=rounds), lines)


def _ambush(state: KruhlFight, key: str, values: Values) -> Outcome:
    if state.rounds is not None:
        raise CombatError("initiative was rolled when the conflict started")
    on = bool(values.get("on", True))
    fight = replace(state, combatants=tuple(
        replace(c, ambush=on) if c.key == key else c for c in state.combatants))
    return Outcome(fight, (f"{key} " + ("gets the drop: a bonus die on initiative" if on
                                        else "does not ambush"),))


def _attack(state: KruhlFight, key: str, values: Values, roller: Roller) -> Outcome:
    target = str(values.get("target", ""))
    if target == key:
        raise CombatError("a combatant does not attack itself")
    defender = state.character(target)
    result = attack((key, state.character(key)), (target, defender),
                    values.get("mode", "hth"), roller, bool(values.get("penetrating")),
                    (int(values.get("bonus", 0)), int(values.get("penalty", 0))),
                    (int(values.get("defense_bonus", 0)),
                     int(values.get("defense_penalty", 0))))
    lines = [result.describe()]
    if result.success:
        if defender.current_endurance() <= 0:
            lines.append(f"{target}: already defeated (Endurance may not go below 0)")
        else:
            done = hit(defender, 1, bool(values.get("stunning")))
            state = state.with_character(target, done.character)
            lines.append(f"{target}: {done.describe()}")
    return Outcome(state, tuple(lines))


def perform_character(state: KruhlFight, key: str, action: str, values: Values,
                      roller: Roller) -> Outcome:
    character = state.character(key)
    rested = state.rested
    if action == "hit":
        result = hit(character, int(values.get("hits", 1)), bool(values.get("stunning")))
    elif action == "rest_hour":
        if key in rested:
            raise CombatError(f"{key} has rested an hour already: only a night's sleep "
                              "gives more (Endurance And Recovery)")
        result, rested = rest_hour(character), rested | {key}
    elif action == "rest_night":
        result, rested = rest_night(character), rested - {key}
    elif action == "stun_back":
        result = stun_back(character)
    elif action.startswith("plot:"):
        result = spend(character, action.removeprefix("plot:"),
                       str(values.get("attribute", "brawn")),
                       str(values.get("note", "")).strip())
    elif action == "plot_gain":
        result = gain(character, str(values.get("why", "")).strip())
    elif action in ("condition_on", "condition_off"):
        result = set_condition(character, str(values.get("condition", "")),
                               action == "condition_on")
    else:
        raise CombatError(f"Warlords of Kruhl has no action {action!r}")
    fight = replace(state.with_character(key, result.character), rested=rested)
    if action == "plot:surge":
        fight = replace(fight, surges=(*fight.surges, (key, str(values.get("attribute",
                                                                             "brawn")))))
    return Outcome(fight, (f"{key}: {result.describe()}",))


def perform(state: KruhlFight, key: str, action: str, values: Values,
            roller: Roller) -> Outcome:
    if action in TURN_ACTIONS:
        return perform_turn(state, key, action, values)
    if action == "ambush":
        return _ambush(state, key, values)
    if action == "attack":
        return _attack(state, key, values, roller)
    return perform_character(state, key, action, values, roller)
