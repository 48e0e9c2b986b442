"""What the Protector GM's actions do: one function each, from the GM's inputs to the
combat API's calls (``combat.Encounter``) and the log lines they write (Play Order;
The Energy System; Agents; Storytelling; Resting and Healing; Repairing Equipment;
Capacity Tests; Noncharacter Challenges; Groups; Distance).

Ours (the book and RULINGS.md are silent):
* A roll or contest is the roller's declared action when it may declare now (its turn,
  or an NPC's on the GM's turn), or the roll of the action it declared earlier this
  round; otherwise it is a reaction (Play Order).
* Group members act on the GM's turn and roll with their group (Groups).
* The GM awards at most one depleted die per round, and only to players (Storytelling).
* A rest phase is for everyone but the challenges; unresolved challenges strike first
  (Resting and Healing). The repairer's own Tool helps a repair (Repairing Equipment).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import replace

from desktop.model.combat_helpers import unstamped
from desktop.model.combat_rules import Outcome
from desktop.model.dice import Roller
from desktop.systems.protector.fight.combat import Encounter, Step
from desktop.systems.protector.fight.contests import challenge_from_table, distance_challenge
from desktop.systems.protector.fight.gm_appendix import absorb, deplete_materials
from desktop.systems.protector.fight.gm_dice_text import (
    Typed,
    all_faces_used,
    find_agent,
    parse_faces,
    picks_text,
    queue,
    read_side,
    ready_gear,
    table_roller,
)
from desktop.systems.protector.fight.gm_state import (
    Done,
    ProtectorFight,
    Values,
    forget,
    need_play,
)
from desktop.systems.protector.fight.gm_text import storytelling
from desktop.systems.protector.fight.gm_training import heal_power, train
from desktop.systems.protector.fight.pools import ENERGY, Combatant, CombatError, Pick, PoolChange
from desktop.systems.protector.rules.combat_tables import rule_of

Handler = Callable[[ProtectorFight, str, Values, Roller], Done]
"""One action: the state, the combatant, the GM's inputs, the encounter's dice."""


def perform(state: ProtectorFight, key: str, action: str, values: Values,
            roller: Roller) -> Outcome:
    """Do ``action`` to ``key``; a CombatError if Protector has no such action or its
    rules forbid it now."""
    handler: Handler | None = HANDLERS.get(action)
    if handler is None:
        raise CombatError(f"Protector has no action {action!r}")
    state.combatant(key)
    done, lines = handler(state, key, values, roller)
    return Outcome(done, unstamped(lines, "Round", done.scene.round))


def _as_action(state: ProtectorFight, key: str, what: str) -> Done:
    """Declare now, roll the declared action, or react (see the module docstring)."""
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
    all_faces_used(roller)
    after = step.encounter
    return replace(state, scene=after), [*lines, *step.lines(), *storytelling(before, after)]


def _declare(state: ProtectorFight, key: str, values: Values, roller: Roller) -> Done:
    return state.with_scene(state.scene.declare(key, str(values.get("what", "")).strip()
                                                or "acts"))


def _react(state: ProtectorFight, key: str, values: Values, roller: Roller) -> Done:
    need_play(state)
    return state.with_scene(state.scene.react(key, str(values.get("what", "")).strip()
                                              or "defends"))


def _roll(state: ProtectorFight, key: str, values: Values, roller: Roller) -> Done:
    need_play(state)
    typed = Typed.read(values.get("dice"))
    read = read_side(state, _keys(state, key, not typed.alone), typed)
    target = int(values.get("target", 0)) or None
    rolls = table_roller(roller, typed.faces)
    state, lines = _as_action(state, key, f"a roll against {target}" if target else "a roll")
    before = state.scene
    return _rolled(state, before, before.roll(read.side(key in state.harms), rolls, target),
                   lines, rolls)


def _contest(state: ProtectorFight, key: str, values: Values, roller: Roller) -> Done:
    need_play(state)
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
    rolls = table_roller(roller, queue((typed.faces, len(mine.picks)),
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
    rolls = table_roller(roller, parse_faces(values.get("faces", "")))
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
    all_faces_used(rolls)
    kept = {h: v for h, v in state.helpers.items() if h not in helping}
    return replace(state, scene=step.encounter, helpers=kept), [*lines, *step.lines()]


def _repair(state: ProtectorFight, key: str, values: Values, roller: Roller) -> Done:
    owner, _, equipment = str(values.get("equipment", "")).partition("|")
    if not equipment:
        raise CombatError("choose the damaged equipment")
    state.combatant(owner).agent(equipment)
    typed = Typed.read(values.get("dice"))
    read = read_side(state, (key,), typed)
    tool = ready_gear(state.combatant(key), "Tool")
    rolls = table_roller(roller, typed.faces)
    before = state.scene
    step = before.repair(owner, equipment, (key,), read.picks, rolls,
                         (key, tool) if tool else None)
    return _rolled(state, before, step, [], rolls)


def _restock(state: ProtectorFight, key: str, values: Values, roller: Roller) -> Done:
    return state.with_scene(state.scene.restock(key, str(values.get("equipment", ""))))


def _capacity(state: ProtectorFight, key: str, values: Values, roller: Roller) -> Done:
    c = state.combatant(key)
    typed = Typed.read(values.get("dice"))
    named = [i for i in typed.items if find_agent(state, (key,), i)]
    holds = [n for n, a in c.agents.items() if "Capacity" in a.types]
    name = find_agent(state, (key,), named[0])[1] if named else (holds[0] if holds else "")
    if not name:
        raise CombatError(f"{key} has no Capacity equipment (Capacity Tests)")
    picks = (read_side(state, (key,), typed).picks if typed.items
             else (Pick(c.agent(name).die("Capacity"), name, owner=key),))
    rolls = table_roller(roller, typed.faces)
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
    scene = _replaced(state, key, c._replace(player=not c.player))
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
    state = replace(forget(state, key), scene=_replaced(state, key, made),
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
    need_play(state)
    if not state.combatant(key).challenge:
        raise CombatError(f"{key} is not a noncharacter challenge")
    typed, their_typed = Typed.read(values.get("dice")), Typed.read(values.get("their_dice"))
    challenger = read_side(state, (key,), typed).side(key in state.harms)
    players = [k for k in state.scene.seating if not state.combatant(k).out]
    sides = [read_side(state, (k,), Typed(their_typed.items, unarmed=their_typed.unarmed),
                       contest=True).side() for k in players]
    rolls = table_roller(roller, queue((typed.faces, len(challenger.picks)),
                                   (their_typed.faces, None)))
    state, lines = _as_action(state, key, "strikes the whole party")
    before = state.scene
    return _rolled(state, before, before.challenge_all(challenger, sides, rolls), lines,
                   rolls)


def _move_together(state: ProtectorFight, key: str, values: Values, roller: Roller) -> Done:
    need_play(state)
    if not state.combatant(key).challenge:
        raise CombatError(f"{key} is not a noncharacter challenge")
    movers = [str(values.get("first", "")), str(values.get("second", ""))]
    if movers[0] == movers[1]:
        raise CombatError("choose two different movers")
    typed = Typed.read(values.get("their_dice"))
    sides = [read_side(state, (m,), Typed(typed.items)).side() for m in movers]
    obstacle = read_side(state, (key,), Typed()).side(key in state.harms)
    rolls = table_roller(roller, list(typed.faces))
    before = state.scene
    return _rolled(state, before, before.move_together(sides, obstacle, rolls), [], rolls)


def _end_game(state: ProtectorFight, key: str, values: Values, roller: Roller) -> Done:
    return state.with_scene(state.scene.end_game())


HANDLERS: dict[str, Handler] = {
    "declare": _declare, "react": _react, "roll": _roll, "contest": _contest,
    "deplete": _deplete, "remove": _remove, "restore": _restore, "award": _award,
    "help_heal": _help_heal, "rest": _rest, "repair": _repair, "restock": _restock,
    "capacity": _capacity, "seat": _seat, "side": _side, "make_challenge": _make_challenge,
    "harms": _harms, "challenge_all": _challenge_all, "move_together": _move_together,
    "end_game": _end_game, "training": train, "heal_power": heal_power,
    "deplete_materials": deplete_materials, "absorb": absorb,
}
