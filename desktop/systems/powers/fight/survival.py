"""Staying alive and shaking damage off (Combat, Close to Death (CTD); Component
Listing, Damage: Stun, Phantom; Move: sprinting; RULINGS.md Powers 5), each with its
exact odds in the log line before the dice.

- Close to Death: at 0 or fewer hit points, when it happens and every combat turn
  after, a Resilience roll needing hits ≥ the amount below 0; ours: failing it is death.
- Phantom: each combat turn a Willpower test against the phantom rating; on a success
  all phantom damage is removed.
- Sprinting: up to half the turns saved, a Resilience test against the turns saved,
  one Stun per hit short, applied one point per turn (``timers``).
- ``aftermath``: what new damage means (Close to Death, knocked out).
"""

from __future__ import annotations

from dataclasses import replace

from desktop.model.dice import Roller
from desktop.model.odds import percent
from desktop.systems.powers.fight import epic
from desktop.systems.powers.fight.epic import faces_text
from desktop.systems.powers.fight.state import MOVE, PowersFight
from desktop.systems.powers.fight.timers import Timer, start
from desktop.systems.powers.fight.tracking import (
    CombatError,
    ctd_target,
    damage,
    health,
    hit_points_text,
    unconscious,
    with_damage,
)
from desktop.systems.powers.fight.turns import ctd_odds
from desktop.systems.powers.rules import damage as rules
from desktop.systems.powers.rules.dice import Pool, p_target, roll_pool

Result = tuple[PowersFight, tuple[str, ...]]


def aftermath(state: PowersFight, key: str, before_ctd: bool, before_out: bool
              ) -> tuple[str, ...]:
    """Lines for what a change of damage did to ``key``."""
    character = state.character(key)
    lines = []
    if state.close_to_death(key) and not before_ctd:
        due = (f": roll to stay alive now ({ctd_odds(state, key)})" if state.started
               else " (the roll comes when the fight starts)")
        lines.append(f"{key} is Close to Death at {hit_points_text(character)} hit points"
                     f"{due} (Close to Death (CTD))")
    if unconscious(character) and not before_out:
        d = damage(character)
        lines.append(f"{key} falls unconscious: stun {d.stun} + normal {d.normal} reach "
                     f"Health {health(character)} (Damage, Stun)")
    return tuple(lines)


def ctd_roll(state: PowersFight, key: str, roller: Roller) -> Result:
    if not state.ctd_due(key):
        raise CombatError(f"{key} has no Close to Death roll due")
    character = state.character(key)
    need = ctd_target(character) or 0
    odds = ctd_odds(state, key)
    rolled = roll_pool(Pool(character.attributes.resilience), roller, f"CTD {key}")
    alive = rolled.total >= need
    fight = replace(state, ctd_rolled={**state.ctd_rolled, key: state.round})
    verdict = "stays alive" if alive else "dies (ours: a failed roll to stay alive)"
    if not alive:
        fight = replace(fight, dead=fight.dead | {key},
                        timers=tuple(t for t in fight.timers if t.target != key))
    return fight, (f"{key}: Close to Death roll, {odds}: "
                   f"{faces_text(rolled, alive, state.epic_fail)}: {verdict} "
                   "(Close to Death (CTD))",
                   *epic.procedure(key, rolled, alive, (), state.epic_fail, roller))


def rolls_due(state: PowersFight, roller: Roller) -> Result:
    """Before the turn passes: the Close to Death rolls still due from those whose turn
    it is, and, when the combat turn ends with it, from everyone else still due this
    combat turn (fallen after their own turn). "When this happens, and on every combat
    turn after, the player must make a Resilience roll to stay alive": ours, the engine
    makes a roll the GM passed over, so a fight run from the command line and one in the
    window agree."""
    if not state.started:
        return state, ()
    later = any(not state.passed_over(m) for s in state.order[state.cursor + 1:]
                for m in s.members)
    keys = state.actors() if later else state.all_keys()
    fight, lines = state, []
    for key in keys:
        if fight.ctd_due(key):
            fight, made = ctd_roll(fight, key, roller)
            lines += [f"{key}'s Close to Death roll was still due: made as the turn "
                      "passes (ours)", *made]
    return fight, tuple(lines)


def phantom_odds(state: PowersFight, key: str, rating: int) -> str:
    dice = state.character(key).attributes.willpower
    return (f"Willpower {dice} dice needing {rating} hit{'' if rating == 1 else 's'}: "
            f"{percent(p_target(dice, 0, rating))}")


def phantom_test(state: PowersFight, key: str, rating: int, roller: Roller) -> Result:
    character = state.character(key)
    if not damage(character).phantom:
        raise CombatError(f"{key} has no phantom damage")
    if state.phantom_tested.get(key) == state.round:
        raise CombatError(f"{key} has tested against phantom damage this turn (each combat "
                          "turn: Damage, Phantom)")
    odds = phantom_odds(state, key, rating)
    rolled = roll_pool(Pool(character.attributes.willpower), roller, f"phantom {key}")
    fight = replace(state, phantom_tested={**state.phantom_tested, key: state.round})
    passed = rolled.total >= rating
    if passed:
        cleared, _ = with_damage(character, "phantom", -damage(character).phantom)
        fight = fight.with_character(key, cleared)
        verdict = f"all phantom damage removed ({hit_points_text(cleared)})"
    else:
        verdict = "the phantom damage stays"
    return fight, (f"{key}: Willpower test against Phantom ({rating}), {odds}: "
                   f"{faces_text(rolled, passed, state.epic_fail)}: {verdict} "
                   "(Damage, Phantom)",
                   *epic.procedure(key, rolled, passed, (), state.epic_fail, roller))


def sprint_odds(state: PowersFight, key: str, normal: int, sprint: int) -> str:
    need = rules.sprint_target(normal, sprint)
    dice = state.character(key).attributes.resilience
    return (f"Resilience {dice} dice against {need} turn{'' if need == 1 else 's'} saved: "
            f"{percent(p_target(dice, 0, need))} to take no Stun")


def move(state: PowersFight, key: str, normal: int, sprint: int, where: str,
         roller: Roller) -> Result:
    """The turn's move; sprinting rolls Resilience and may set a stun timer."""
    fight = state.using(key, MOVE)
    head = f"{key} moves" + (f" ({where})" if where else "")
    if not sprint or sprint >= normal:
        return fight, (f"{head}: {normal} turn{'' if normal == 1 else 's'} at its speed "
                       "(Component Listing, Move)",)
    try:
        odds = sprint_odds(state, key, normal, sprint)
    except ValueError as exc:
        raise CombatError(str(exc)) from None
    character = state.character(key)
    rolled = roll_pool(Pool(character.attributes.resilience), roller, f"sprint {key}")
    stun = rules.sprint_stun(normal, sprint, rolled.total)
    line = (f"{head}, sprinting: {sprint} turns instead of {normal}; {odds}: "
            f"{faces_text(rolled, not stun, state.epic_fail)}: {stun} Stun, one point a "
            "turn (Move)")
    epic_lines = epic.procedure(key, rolled, not stun, (), state.epic_fail, roller)
    if not stun:
        return fight, (line, *epic_lines)
    before_out = unconscious(character)
    timer = Timer(key, "sprint", "sprinting", (1,) * stun, "stun")
    character, rest, _ = start(timer, character)
    fight = fight.with_character(key, character)
    if rest is not None:
        fight = replace(fight, timers=(*fight.timers, rest))
    return fight, (line, f"{key}: 1 stun now ({hit_points_text(character)})",
                   *aftermath(fight, key, fight.close_to_death(key), before_out))
