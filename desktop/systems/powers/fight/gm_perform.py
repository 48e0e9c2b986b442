"""What each GM-screen action does to a Powers fight: attacks through ``attack``, the
rolls to stay alive and the move through ``survival``, healing and the GM's own damage
through ``timers`` and ``tracking``. Each returns the next state and its log lines,
every line saying why (the draft's section)."""

from __future__ import annotations

from dataclasses import replace

from desktop.model.combat_rules import Outcome
from desktop.model.dice import Roller
from desktop.systems.powers.fight import in_play, survival, turns
from desktop.systems.powers.fight.attack import Table, attack, personal_only, power_named
from desktop.systems.powers.fight.durations import timing
from desktop.systems.powers.fight.state import POWER, PowersFight, Values
from desktop.systems.powers.fight.timers import Timer, heal, start
from desktop.systems.powers.fight.tracking import (
    CombatError,
    hit_points_text,
    unconscious,
)
from desktop.systems.powers.rules import damage as rules
from desktop.systems.powers.rules.components import ATTRIBUTE_NAMES
from desktop.systems.powers.rules.derived import PowerLine, derive


def _landing(state: PowersFight, target: str, change: PowersFight, lines: list[str]
             ) -> Outcome:
    """``change`` with the aftermath of ``target``'s new damage added to ``lines``."""
    before_ctd = state.close_to_death(target)
    before_out = unconscious(state.character(target))
    lines.append(f"{target}: {hit_points_text(change.character(target))} hit points")
    return Outcome(change, (*lines, *survival.aftermath(change, target, before_ctd,
                                                        before_out)))


def _values(values: Values) -> tuple[tuple[str, str | int | bool], ...]:
    return tuple((k, v) for k, v in sorted(values.items())
                 if isinstance(v, str | int | bool))


def _start_power(state: PowersFight, key: str, name: str, action: str, values: Values,
                 roller: Roller) -> tuple[PowersFight, list[str], bool]:
    """The common start of using a power on one's turn: the concentration roll if tied
    up by another, the turn's one power, and its Duration recorded. Returns the state,
    the lines so far and whether it lands now."""
    fight, lines = in_play.concentrate(state, key, name, roller)
    fight = fight.using(key, POWER)
    power = in_play.power_of(fight, key, name)
    fight, now, when = in_play.used(fight, key, power, action, _values(values))
    if now and timing(power)[0] == "instant":
        return fight, list(lines), now
    return fight, [*lines, f"{key} uses {name}: {when} (Component Listing, Duration)"], now


def _check_target(state: PowersFight, key: str, line: PowerLine, target: str) -> None:
    if target not in state.all_keys():
        raise CombatError(f"no combatant called {target!r}")
    if target in state.dead:
        raise CombatError(f"{target} is dead")
    if target != key and personal_only(line):
        raise CombatError(f"{line.power.name} has Personal range: \"the power can only "
                          "target the character using the power\" (Component Listing, "
                          "Range)")


def _attack(state: PowersFight, key: str, power: str, values: Values,
            roller: Roller) -> Outcome:
    target = str(values.get("target", ""))
    if target == key:
        raise CombatError("a combatant does not attack itself")
    _check_target(state, key, power_named(state.character(key), power), target)
    fight, lines, now = _start_power(state, key, power, f"attack:{power}", values, roller)
    if not now:
        return Outcome(fight, (*lines, f"{key} aims {power} at {target}"))
    return _resolve_attack(fight, key, power, values, roller, lines)


def _resolve_attack(fight: PowersFight, key: str, power: str, values: Values,
                    roller: Roller, lines: list[str]) -> Outcome:
    target = str(values.get("target", ""))
    table = Table(fight.epic_fail, fight.counts(target))
    landed = attack((key, target), fight.character(key), fight.character(target), power,
                    roller, int(values.get("bonus", 0)), int(values.get("cover", 0)),
                    bool(values.get("add_net", True)), table)
    lines = [*lines, *landed.lines]
    if landed.defender == fight.character(target) and not landed.timers:
        return Outcome(fight, tuple(lines))
    after = replace(fight.with_character(target, landed.defender),
                    timers=(*fight.timers, *landed.timers))
    if landed.phantom_rating is not None:
        best = max(landed.phantom_rating, after.phantom_rating.get(target, 0))
        after = replace(after, phantom_rating={**after.phantom_rating, target: best})
    return _landing(fight, target, after, lines)


def _healing(state: PowersFight, key: str, action: str) -> tuple[PowerLine, int]:
    _, name, index = action.split(":", 2)
    line = next((p for p in derive(state.character(key)).powers if p.power.name == name),
                None)
    if line is None or not index.isdigit() or int(index) >= len(line.healing):
        raise CombatError(f"{key} has no healing power {name!r}")
    return line, int(index)


def _heal_power(state: PowersFight, key: str, action: str, values: Values,
                roller: Roller) -> Outcome:
    line, _index = _healing(state, key, action)
    target = str(values.get("target") or key)
    _check_target(state, key, line, target)
    fight, lines, now = _start_power(state, key, line.power.name, action,
                                     {**values, "target": target}, roller)
    if not now:
        return Outcome(fight, (*lines, f"{key} aims {line.power.name} at {target}"))
    return _resolve_heal(fight, key, action, target, roller, lines)


def _resolve_heal(fight: PowersFight, key: str, action: str, target: str, roller: Roller,
                  lines: list[str]) -> Outcome:
    line, index = _healing(fight, key, action)
    name = line.power.name
    if line.attack is not None and line.attack.touch and target != key:
        touched = attack((key, target), fight.character(key), fight.character(target),
                         name, roller, table=Table(fight.epic_fail))
        lines = [*lines, *touched.lines]
        if not touched.hit:
            return Outcome(fight, (*lines, f"{name} does not heal {target}: no touch "
                                   "(Touch: \"must make a melee hit on the target to use "
                                   "the power\")"))
    healing = line.healing[index]
    component = [c for c in line.power.components if c.kind == "healing"][index]
    mode = next((m.id for m in component.modifiers if m.id.startswith("hot")), "")
    turns = next((m.turns for m in component.modifiers if m.id.startswith("hot")), None)
    steps = rules.over_time(healing.points, mode, turns) if mode else [healing.points]
    timer = Timer(target, "hot", f"{key}'s {name}", tuple(steps),
                  "stun" if healing.stun_only else "normal")
    character, rest, text = start(timer, fight.character(target))
    fight = fight.with_character(target, character)
    if rest is not None:
        fight = replace(fight, timers=(*fight.timers, rest))
    more = f"; HoT: {', '.join(map(str, rest.amounts))} on the turns to come" if rest else ""
    return Outcome(fight, (*lines, f"{key} uses {name} on {target}: {text}{more} "
                           f"({hit_points_text(character)}; Component Listing, Healing)"))


def _use_power(state: PowersFight, key: str, values: Values, roller: Roller) -> Outcome:
    name = str(values.get("power", ""))
    power = in_play.power_of(state, key, name)
    if name in in_play.toggled_on(state, key):
        raise CombatError(f"{name} is already switched on")
    fight, lines = in_play.concentrate(state, key, name, roller)
    fight = fight.using(key, POWER)
    fight, _now, when = in_play.used(fight, key, power, "power", ())
    note = str(values.get("note", "")).strip()
    return Outcome(fight, (*lines, f"{key} uses {name}" + (f": {note}" if note else "")
                           + f"; {when} (one power this turn: Combat, Basics; Component "
                           "Listing, Duration)"))


def land_due(state: PowersFight, roller: Roller) -> Outcome:
    """At the start of a combat turn: the Delayed and Build Up powers due now land."""
    fight, lines = state, []
    for pending in in_play.due(state):
        fight = replace(fight, pending=tuple(p for p in fight.pending if p != pending))
        values = dict(pending.values)
        target = str(values.get("target", pending.owner))
        head = f"{pending.owner}'s {pending.power} lands now (turn {fight.round})"
        if pending.owner not in fight.all_keys() or pending.owner in fight.dead:
            lines.append(f"{head}: no, {pending.owner} is gone (ours)")
            continue
        down = fight.can_act(pending.owner)
        if pending.build_up and down is not None:
            fight = in_play.break_off(fight, pending.owner, pending.power)
            lines.append(f"{head}: no, {pending.owner} stopped building it up ({down}; "
                         "ours: a Build Up needs its user able to act)")
            continue
        if target not in fight.all_keys() or target in fight.dead:
            lines.append(f"{head}: {target} is gone, it hits nothing (ours)")
            continue
        if pending.action.startswith("attack:"):
            outcome = _resolve_attack(fight, pending.owner, pending.power, values, roller,
                                      [head])
        elif pending.action.startswith("heal:"):
            outcome = _resolve_heal(fight, pending.owner, pending.action, target, roller,
                                    [head])
        else:
            outcome = Outcome(fight, (f"{head}: its effects count this turn",))
        fight, lines = outcome.state, [*lines, *outcome.lines]
    return Outcome(in_play.prune(fight), (*lines, *in_play.ended(fight)))


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


def _rules(state: PowersFight, values: Values) -> Outcome:
    on = bool(values.get("epic_fail", state.epic_fail))
    attribute = str(values.get("concentration", state.concentration))
    if attribute not in ATTRIBUTE_NAMES:
        raise CombatError(f"no attribute {attribute!r}")
    hits = int(values.get("concentration_hits", state.concentration_hits))
    fight = replace(state, epic_fail=on, concentration=attribute, concentration_hits=hits)
    return Outcome(fight, (
        f"Table rules for this fight: Epic Fail {'on' if on else 'off'} (\"Epic Fail is "
        "an optional rule\": Fail, and Epic Fail); concentration roll on "
        f"{attribute.capitalize()} needing {hits} hit{'' if hits == 1 else 's'} "
        f"({in_play.CONCENTRATION})",))


def perform(state: PowersFight, key: str, action: str, values: Values,
            roller: Roller) -> Outcome:
    if action.startswith("attack:"):
        return _attack(state, key, action.removeprefix("attack:"), values, roller)
    if action.startswith("heal:"):
        return _heal_power(state, key, action, values, roller)
    if action == "ctd_roll":
        return Outcome(*survival.ctd_roll(state, key, roller))
    if action == "phantom_test":
        return Outcome(*survival.phantom_test(state, key, int(values.get("rating", 1)),
                                              roller))
    if action == "move":
        fight, lines = in_play.concentrate(state, key, "", roller)
        moved = survival.move(fight, key, int(values.get("normal", 1)),
                              int(values.get("sprint", 0)),
                              str(values.get("where", "")).strip(), roller)
        return Outcome(moved[0], (*lines, *moved[1]))
    if action == "power":
        return _use_power(state, key, values, roller)
    if action == "power_off":
        return Outcome(*in_play.switch_off(state, key, str(values.get("power", ""))))
    if action == "rules":
        return _rules(state, values)
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
