"""What the Pocket Universe GM's actions do (chapter 5; 4.7; Medicine).

Each action is one handler: from the GM's inputs to the table's dice (``Given``) and
the call that applies the rules (``combat.Encounter``'s methods, which check the
rest). ``perform`` serves the table's dice to that call and logs which it used.

Ours: before the fight starts a GM may still hurt, treat, rest or drop a combatant (a
trap, an ambush's first volley); the round counter stays at 0.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import replace
from typing import Any

from desktop.model.combat_rules import Outcome
from desktop.model.dice import Roller
from desktop.systems.pocket.fight.combat import Step
from desktop.systems.pocket.fight.damage import CombatError
from desktop.systems.pocket.fight.fighter import CONDITIONS, FighterError
from desktop.systems.pocket.fight.gm_actions import actions
from desktop.systems.pocket.fight.gm_inputs import (
    Given,
    TableDice,
    dice_names,
    given_dice,
    table_lines,
    whole,
)
from desktop.systems.pocket.fight.gm_state import NOT_STARTED, PocketFight
from desktop.systems.pocket.fight.stances import Stance
from desktop.systems.pocket.fight.to_hit import AttackPlan, Cover
from desktop.systems.pocket.rules import catalog_world, dice
from desktop.systems.pocket.rules.dice import CheckError, Modifier

Values = Mapping[str, Any]
Prepared = tuple[list[Given], Callable[[Roller], Step]]
"""A handler's result: the table's dice, and the call that applies the rules."""
Handler = Callable[[PocketFight, str, Values], Prepared]


def perform(state: PocketFight, key: str, action: str, values: Values,
            roller: Roller) -> Outcome:
    """Do ``action`` to ``key``; a CombatError if the rules refuse it."""
    fight = state.fight
    fight.fighter(key)
    if action not in PERFORM:
        raise CombatError(f"Pocket Universe has no action {action!r}")
    if action in NEEDS_START and not state.started:
        raise CombatError(NOT_STARTED)
    # Inputs left out take the action's defaults, as the GM screen shows them.
    shown = next((a for a in actions(state, key) if a.id == action), None)
    if shown is not None:
        values = {**{p.name: p.default for p in shown.params}, **values}
    if action == "initiative":
        return _initiative(state, key, values)
    if action == "npc":
        npc = bool(values.get("npc", True))
        f = replace(fight.fighter(key), npc=npc)
        moved = replace(fight, fighters={**fight.fighters, key: f})
        text = "played by the GM: it checks morale (5.5)" if npc else "a player character"
        return Outcome(replace(state, fight=moved), (f"{key}: {text}",))
    handler = PERFORM[action]
    assert handler is not None
    given, run = handler(state, key, values)
    dice_roller = TableDice(roller, given)
    try:
        step = run(dice_roller)
    except (FighterError, CheckError) as exc:
        raise CombatError(str(exc)) from None
    before, after = table_lines(key, given, dice_roller)
    lines = [*before, *step.describe(), *after]
    return Outcome(replace(state, fight=step.encounter), tuple(lines))


def _initiative(state: PocketFight, key: str, values: Values) -> Outcome:
    """The d10 the table rolled for ``key``'s next initiative (0: the app rolls it)."""
    face = whole(values, "die")
    if not 0 <= face <= dice.SIDES:
        raise CombatError(f"a d10 shows 1 to {dice.SIDES}, not {face}")
    pending = {k: v for k, v in state.pending.items() if k != key}
    when = "round 1" if not state.started else f"round {state.fight.round + 1}"
    if face:
        pending[key] = face
        line = f"{key}: initiative d10 for {when} rolled at the table: {face}"
    else:
        line = f"{key}: initiative for {when} will be rolled"
    return Outcome(replace(state, pending=pending), (line,))


def _attack(state: PocketFight, key: str, values: Values, ranged: bool) -> Prepared:
    target = str(values.get("target") or "")
    if not target:
        raise CombatError("choose a target")
    called_text = str(values.get("called") or "")
    size = "large"
    if called_text.startswith("equipment:"):
        called_text, size = "equipment", called_text.split(":", 1)[1]
    material = str(values.get("material") or "")
    strength = catalog_world.materials().strength(material) if material else None
    cover = None
    if ranged and values.get("cover"):
        if strength is None and not values.get("aim"):
            raise CombatError("name the cover's material: its Material Strength is its "
                              "armor (5.33, 4.8)")
        cover = Cover(str(values["cover"]), strength or 0, bool(values.get("aim")))
    modifier = whole(values, "modifier")
    mods = (Modifier("GM's modifier", modifier),) if modifier else ()
    weapon = str(values.get("weapon", "0") or "0")
    plan = AttackPlan(
        weapon=int(weapon) if weapon.isdigit() else weapon,
        called=called_text,  # type: ignore[arg-type]  # checked by the rules
        equipment=size, equipment_strength=strength if called_text == "equipment" else None,
        range=whole(values, "range") if ranged else None, cover=cover,
        actions=whole(values, "actions", 1), both_weapons=bool(values.get("both_weapons")),
        modifiers=mods)
    if ranged != state.fighter(key).weapon(plan.weapon).ranged:
        raise CombatError("use " + ("Attack" if ranged else "Shoot / throw")
                          + " with that weapon")
    given = [*given_dice(values, "to-hit", dice_names(2, "hit")),
             *given_dice(values, "damage", ["damage_die"], "damage"),
             *given_dice(values, "critical", ["critical_die"], "critical success",
                     "critical failure"),
             *given_dice(values, "cover", ["cover_die"], "cover")]
    return given, lambda r: state.fight.attack(key, target, r, plan)


def _melee(state: PocketFight, key: str, values: Values) -> Prepared:
    return _attack(state, key, values, ranged=False)


def _shoot(state: PocketFight, key: str, values: Values) -> Prepared:
    return _attack(state, key, values, ranged=True)


def _damage(state: PocketFight, key: str, values: Values) -> Prepared:
    points = whole(values, "points")
    if points < 1:
        raise CombatError(f"damage is 1 point or more, not {points}")
    energy, armor = bool(values.get("energy")), bool(values.get("armor", True))
    return [], lambda r: state.fight.damage(key, points, energy, armor)


def _wake_up(state: PocketFight, key: str, values: Values) -> Prepared:
    return (given_dice(values, "wake-up", dice_names(2)),
            lambda r: state.fight.wake_up(key, r))


def _rouse(state: PocketFight, key: str, values: Values) -> Prepared:
    helper = str(values.get("helper") or "")
    if not helper:
        raise CombatError("choose who spends the Action")
    return (given_dice(values, "wake-up", dice_names(2)),
            lambda r: state.fight.rouse(key, helper, r))


def _treat(state: PocketFight, key: str, values: Values) -> Prepared:
    medic = str(values.get("medic") or key)
    score = whole(values, "score") or state.medicine.get(medic, 0)
    if not score:
        raise CombatError("give the medic's Medicine score")
    treatment = str(values.get("treatment") or "heal")
    if treatment not in ("bind", "heal"):
        raise CombatError(f"unknown treatment {treatment!r} (bind or heal)")
    return (given_dice(values, "Medicine", dice_names(2)),
            lambda r: state.fight.treat(key, score, r, treatment))  # type: ignore[arg-type]


def _rest(state: PocketFight, key: str, values: Values) -> Prepared:
    days = whole(values, "days", 1)
    return [], lambda r: state.fight.rest(key, days)


def _fall(state: PocketFight, key: str, values: Values) -> Prepared:
    spaces, spikes = whole(values, "spaces", 1), whole(values, "spikes")
    surface = str(values.get("surface") or "rock")
    return (given_dice(values, "DEFT", dice_names(2)),
            lambda r: state.fight.fall(key, spaces, r, surface, spikes))


def _hold(state: PocketFight, key: str, values: Values) -> Prepared:
    if state.fight.current != key:
        raise CombatError(f"{key} can hold only when its turn comes (5.2)")
    return [], lambda r: state.fight.hold()


def _take_held(state: PocketFight, key: str, values: Values) -> Prepared:
    keys = [key] + ([str(values["with"])] if values.get("with") else [])
    return [], lambda r: state.fight.take_held(*keys)


def _stance(state: PocketFight, key: str, values: Values) -> Prepared:
    if state.fight.current != key:
        raise CombatError("a stance is taken on one's own turn (5.71, 5.72)")
    stance: Stance = values.get("stance", "defensive")  # type: ignore[assignment]
    return [], lambda r: state.fight.stance(key, stance)


def _dodge_past(state: PocketFight, key: str, values: Values) -> Prepared:
    blocker = str(values.get("blocker") or "")
    if not blocker:
        raise CombatError("choose who blocks")
    modifier = whole(values, "modifier")
    mods = (Modifier("GM's modifier", modifier),) if modifier else ()
    return (given_dice(values, "Dodge", dice_names(2)),
            lambda r: state.fight.zone_of_control(key, blocker, r, mods))


def _morale(state: PocketFight, key: str, values: Values) -> Prepared:
    modifier = whole(values, "modifier")
    mods = (Modifier("GM's modifier", modifier),) if modifier else ()
    return (given_dice(values, "WILL", dice_names(2)),
            lambda r: state.fight.morale(key, r, mods))


def _squeeze(state: PocketFight, key: str, values: Values) -> Prepared:
    victim = str(values.get("victim") or "")
    if not victim:
        raise CombatError(f"{key} holds nobody")
    return (given_dice(values, "squeeze", ["damage_die"], "squeeze"),
            lambda r: state.fight.squeeze(key, victim, r))


def _break_free(state: PocketFight, key: str, values: Values) -> Prepared:
    given = [*given_dice(values, "own PHYS roll", ["own_die"], "break free"),
             *given_dice(values, "holder's PHYS roll", ["holder_die"], "hold on")]
    return given, lambda r: state.fight.break_free(key, r)


def _release(state: PocketFight, key: str, values: Values) -> Prepared:
    victim = str(values.get("victim") or "")
    if not victim:
        raise CombatError(f"{key} holds nobody")
    return [], lambda r: state.fight.release(key, victim)


def _condition(state: PocketFight, key: str, values: Values) -> Prepared:
    condition = str(values.get("condition") or "")
    if condition not in CONDITIONS:
        raise CombatError(f"unknown condition {condition!r} (known: "
                          f"{', '.join(sorted(CONDITIONS))})")
    on = bool(values.get("on", True))
    return [], lambda r: state.fight.set_conditions(
        key, add=[condition] if on else [], remove=[] if on else [condition])


PERFORM: dict[str, Handler | None] = {
    "attack": _melee, "shoot": _shoot, "damage": _damage, "wake_up": _wake_up,
    "rouse": _rouse, "treat": _treat, "rest": _rest, "fall": _fall, "hold": _hold,
    "take_held": _take_held, "stance": _stance, "dodge_past": _dodge_past,
    "morale": _morale, "squeeze": _squeeze, "break_free": _break_free,
    "release": _release, "condition": _condition, "npc": None, "initiative": None,
}
"""Every action's handler; None: ``perform`` does it itself (no dice, no rules call)."""
NEEDS_START = frozenset({"attack", "shoot", "wake_up", "hold", "take_held",
                         "stance", "dodge_past", "morale", "squeeze", "break_free"})
