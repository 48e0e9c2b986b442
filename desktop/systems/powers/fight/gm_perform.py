"""What each GM-screen action does to a Powers fight: attacks through ``attack``, the
rolls to stay alive and the move through ``survival``, healing and the GM's own damage
through ``timers`` and ``tracking``. Each returns the next state and its log lines,
every line saying why (the draft's section)."""

from __future__ import annotations

from dataclasses import replace

from desktop.model.combat_rules import Outcome
from desktop.model.dice import Roller
from desktop.systems.powers.fight import survival, turns
from desktop.systems.powers.fight.attack import attack
from desktop.systems.powers.fight.state import POWER, PowersFight, Values
from desktop.systems.powers.fight.timers import Timer, heal, start
from desktop.systems.powers.fight.tracking import (
    CombatError,
    hit_points_text,
    unconscious,
)
from desktop.systems.powers.rules import damage as rules
from desktop.systems.powers.rules.derived import derive


def _landing(state: PowersFight, target: str, change: PowersFight, lines: list[str]
             ) -> Outcome:
    """``change`` with the aftermath of ``target``'s new damage added to ``lines``."""
    before_ctd = state.close_to_death(target)
    before_out = unconscious(state.character(target))
    lines.append(f"{target}: {hit_points_text(change.character(target))} hit points")
    return Outcome(change, (*lines, *survival.aftermath(change, target, before_ctd,
                                                        before_out)))


def _attack(state: PowersFight, key: str, power: str, values: Values,
            roller: Roller) -> Outcome:
    target = str(values.get("target", ""))
    if target == key:
        raise CombatError("a combatant does not attack itself")
    if target in state.dead:
        raise CombatError(f"{target} is dead")
    fight = state.using(key, POWER)
    landed = attack((key, target), state.character(key), state.character(target), power,
                    roller, int(values.get("bonus", 0)), int(values.get("cover", 0)),
                    bool(values.get("add_net", True)))
    if landed.defender == state.character(target) and not landed.timers:
        return Outcome(fight, landed.lines)
    fight = replace(fight.with_character(target, landed.defender),
                    timers=(*fight.timers, *landed.timers))
    if landed.phantom_rating is not None:
        best = max(landed.phantom_rating, fight.phantom_rating.get(target, 0))
        fight = replace(fight, phantom_rating={**fight.phantom_rating, target: best})
    return _landing(state, target, fight, list(landed.lines))


def _heal_power(state: PowersFight, key: str, action: str, values: Values) -> Outcome:
    _, name, index = action.split(":", 2)
    line = next((p for p in derive(state.character(key)).powers if p.power.name == name),
                None)
    if line is None or not index.isdigit() or int(index) >= len(line.healing):
        raise CombatError(f"{key} has no healing power {name!r}")
    healing = line.healing[int(index)]
    target = str(values.get("target") or key)
    if target in state.dead:
        raise CombatError(f"{target} is dead")
    fight = state.using(key, POWER)
    component = [c for c in line.power.components if c.kind == "healing"][int(index)]
    mode = next((m.id for m in component.modifiers if m.id.startswith("hot")), "")
    turns = next((m.turns for m in component.modifiers if m.id.startswith("hot")), None)
    steps = rules.over_time(healing.points, mode, turns) if mode else [healing.points]
    timer = Timer(target, "hot", f"{key}'s {name}", tuple(steps),
                  "stun" if healing.stun_only else "normal")
    character, rest, text = start(timer, state.character(target))
    fight = fight.with_character(target, character)
    if rest is not None:
        fight = replace(fight, timers=(*fight.timers, rest))
    more = f"; HoT: {', '.join(map(str, rest.amounts))} on the turns to come" if rest else ""
    return Outcome(fight, (f"{key} uses {name} on {target}: {text}{more} "
                           f"({hit_points_text(character)}; Component Listing, Healing)",))


def _damage(state: PowersFight, key: str, values: Values) -> Outcome:
    points, kind = int(values.get("points", 1)), str(values.get("kind", "normal"))
    over = str(values.get("over") or "")
    why = str(values.get("why", "")).strip()
    try:
        steps = (rules.over_time(points, over, None if over == "dot_fading"
                                 else int(values.get("turns", 3))) if over else [points])
    except ValueError as exc:
        raise CombatError(str(exc)) from None
    label = "DoT " if over else ""
    timer = Timer(key, "dot", why or "the GM", tuple(steps), kind)  # type: ignore[arg-type]
    character, rest, text = start(timer, state.character(key))
    fight = state.with_character(key, character)
    if rest is not None:
        fight = replace(fight, timers=(*fight.timers, rest))
    if kind == "phantom":
        rating = int(values.get("rating", 1))
        fight = replace(fight, phantom_rating={
            **fight.phantom_rating, key: max(rating, fight.phantom_rating.get(key, 0))})
    more = f"; {', '.join(map(str, rest.amounts))} on the turns to come" if rest else ""
    lines = [f"{key}: {label}{text}{more}" + (f" ({why})" if why else "")
             + " (Damaging a Target; Damage kinds kept apart)"]
    return _landing(state, key, fight, lines)


def perform(state: PowersFight, key: str, action: str, values: Values,
            roller: Roller) -> Outcome:
    if action.startswith("attack:"):
        return _attack(state, key, action.removeprefix("attack:"), values, roller)
    if action.startswith("heal:"):
        return _heal_power(state, key, action, values)
    if action == "ctd_roll":
        return Outcome(*survival.ctd_roll(state, key, roller))
    if action == "phantom_test":
        return Outcome(*survival.phantom_test(state, key, int(values.get("rating", 1)),
                                              roller))
    if action == "move":
        return Outcome(*survival.move(state, key, int(values.get("normal", 1)),
                                      int(values.get("sprint", 0)),
                                      str(values.get("where", "")).strip(), roller))
    if action == "power":
        name = str(values.get("power", ""))
        if name not in [p.name for p in state.character(key).powers]:
            raise CombatError(f"{key} has no power called {name!r}")
        note = str(values.get("note", "")).strip()
        return Outcome(state.using(key, POWER),
                       (f"{key} uses {name}" + (f": {note}" if note else "")
                        + " (one power this turn: Combat, Basics)",))
    if action == "damage":
        return _damage(state, key, values)
    if action == "heal":
        character, text = heal(state.character(key), int(values.get("points", 1)),
                               bool(values.get("stun_only")))
        why = str(values.get("why", "")).strip()
        return Outcome(state.with_character(key, character),
                       (f"{key}: {text} ({hit_points_text(character)})"
                        + (f" ({why})" if why else ""),))
    if action == "init_given":
        return Outcome(*turns.give_hits(state, key, int(values.get("hits", 0)), roller))
    if action == "init_mod":
        dice, hits = int(values.get("dice", 0)), int(values.get("hits", 0))
        return Outcome(state.with_combatant(key, extra_dice=dice, extra_hits=hits),
                       (f"{key}: initiative {dice:+d} dice, {hits:+d} hits from the next "
                        "roll (Combat, Basics)",))
    raise CombatError(f"Powers has no action {action!r}")
