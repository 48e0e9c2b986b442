"""The combat turns (Combat, Basics; RULINGS.md Powers 2): initiative is rolled, the
highest goes first, each declares a move and/or one power, the next highest goes, and
"when all characters have gone, another initiative roll is made".

So every combat turn opens with a fresh initiative roll, then the timers tick (DoT, HoT,
sprint stun: ``timers``) and those Close to Death are reminded of their roll. The dead,
and the unconscious who are not Close to Death, are passed over. Every function returns
``(next snapshot, log lines)``. Ours: a combatant joining mid-fight rolls at once and
takes its place by its roll; if that place has already gone, it acts next turn.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import replace

from desktop.model.dice import Roller
from desktop.model.odds import percent
from desktop.systems.powers.fight import timers as timer_rules
from desktop.systems.powers.fight.initiative import Combatant, Slot, break_ties, roll_initiative
from desktop.systems.powers.fight.state import PowersFight
from desktop.systems.powers.fight.tracking import CombatError, ctd_target
from desktop.systems.powers.rules.dice import p_target

Lines = tuple[str, ...]


def owner(name: str) -> str:
    return f"{name}'" if name.endswith("s") else f"{name}'s"


def describe_order(state: PowersFight) -> str:
    return ("Initiative (hits on Agility + Intelligence, ties to more dice): "
            + "; ".join(s.describe() for s in state.order))


def ctd_odds(state: PowersFight, key: str) -> str:
    """"Resilience 4 dice needing 2 hits: 40.7 %"."""
    character = state.character(key)
    need = ctd_target(character) or 0
    dice = character.attributes.resilience
    return (f"Resilience {dice} dice needing {need} hit{'' if need == 1 else 's'}: "
            f"{percent(p_target(dice, 0, need))}")


def _seek(state: PowersFight, start: int) -> tuple[PowersFight, Lines]:
    """The first place from ``start`` on with a member who takes a turn."""
    for index in range(start, len(state.order)):
        slot = state.order[index]
        if any(not state.passed_over(m) for m in slot.members):
            moved = replace(state, cursor=index)
            lines = [f"{owner(slot.name)} turn ({slot.hits} hits)"]
            lines += [f"{m} is Close to Death: roll to stay alive ({ctd_odds(moved, m)})"
                      for m in moved.actors() if moved.ctd_due(m)]
            return moved, tuple(lines)
    return replace(state, cursor=len(state.order)), ()


def _roll_order(state: PowersFight, roller: Roller,
                given: Mapping[str, int] | None = None) -> PowersFight:
    standing = [c for c in state.combatants if not state.passed_over(c.key)]
    return replace(state, order=roll_initiative(standing, roller, given), cursor=0,
                   used={})


def begin(state: PowersFight, roller: Roller, given: Mapping[str, int] | None = None
          ) -> tuple[PowersFight, Lines]:
    """Combat turn 1: roll initiative (or take the hits the table rolled, by place)."""
    if state.started:
        raise CombatError("the fight has already started")
    if not state.combatants:
        raise CombatError("a fight needs at least one combatant")
    fight = _roll_order(replace(state, round=1), roller, given)
    if not fight.order:
        raise CombatError("nobody can fight: everyone is down")
    fight, lines = _seek(fight, 0)
    return fight, (describe_order(fight), *lines)


def _tick(state: PowersFight) -> tuple[PowersFight, Lines]:
    fight, kept, lines = state, [], []
    for timer in state.timers:
        if timer.target in fight.dead:
            lines.append(f"{timer.target}: {timer_rules.LABELS[timer.kind]} from "
                         f"{timer.source} stops (dead)")
            continue
        character, rest, line = timer_rules.tick(timer, fight.character(timer.target))
        fight = fight.with_character(timer.target, character)
        lines.append(line)
        if rest is not None:
            kept.append(rest)
    return replace(fight, timers=tuple(kept)), tuple(lines)


def advance(state: PowersFight, roller: Roller) -> tuple[PowersFight, Lines]:
    """End the turn being taken: the next place, or, when all have gone, a new combat
    turn with a new initiative roll and the timers' next step."""
    if not state.started:
        raise CombatError("start the fight first")
    fight, lines = _seek(state, state.cursor + 1)
    if fight.current is not None:
        return fight, lines
    fight = replace(fight, round=fight.round + 1)
    fight, ticked = _tick(fight)
    fight = _roll_order(fight, roller)
    head = ("All have gone: initiative is rolled again for the new combat turn "
            "(Combat, Basics)", *ticked)
    if not fight.order:
        return fight, (*head, "Nobody is left standing")
    fight, opened = _seek(fight, 0)
    return fight, (*head, describe_order(fight), *opened)


def join(state: PowersFight, newcomer: Combatant, roller: Roller) -> PowersFight:
    """Add a combatant; mid-fight it rolls its initiative and takes its place."""
    fight = replace(state, combatants=(*state.combatants, newcomer))
    if not state.started:
        return fight
    for index, s in enumerate(state.order):
        if s.name == newcomer.slot:  # a group already in the order: it acts with them
            order = list(state.order)
            order[index] = replace(s, members=(*s.members, newcomer.key))
            return replace(fight, order=tuple(order))
    rolled = roll_initiative([newcomer], roller)[0]
    place = next((i for i, s in enumerate(state.order)
                  if (rolled.hits, rolled.pool.dice) > (s.hits, s.pool.dice)),
                 len(state.order))
    cursor = state.cursor + (1 if place <= state.cursor else 0)
    return replace(fight, order=(*state.order[:place], rolled, *state.order[place:]),
                   cursor=cursor)


def leave(state: PowersFight, key: str) -> PowersFight:
    """Remove a combatant, its place if it was alone there, and its timers; if it was
    taking its turn alone, the turn passes to the next place."""
    state.get(key)
    order, cursor = [], state.cursor
    for index, s in enumerate(state.order):
        members = tuple(m for m in s.members if m != key)
        if members:
            order.append(replace(s, members=members))
        elif index < state.cursor:
            cursor -= 1
    current = state.current
    fight = replace(state, combatants=tuple(c for c in state.combatants if c.key != key),
                    order=tuple(order), cursor=cursor,
                    timers=tuple(t for t in state.timers if t.target != key),
                    dead=state.dead - {key},
                    active=tuple(a for a in state.active if a.owner != key),
                    pending=tuple(p for p in state.pending if p.owner != key),
                    busy=tuple(b for b in state.busy if b.owner != key))
    if current is not None and current.members == (key,):
        # Its place is gone: the turn passes to the next place that takes one (ours).
        fight, _lines = _seek(fight, cursor)
    return fight


def why_not_given(state: PowersFight) -> str | None:
    """The table's initiative hits replace the rolled ones only before anyone has moved
    or used a power this combat turn."""
    if not state.started:
        return "before the fight, give the hits in the start box"
    if any(state.used.values()):
        return "someone has acted this combat turn: the order stands"
    return None


def give_hits(state: PowersFight, key: str, hits: int, roller: Roller
              ) -> tuple[PowersFight, Lines]:
    """The hits ``key``'s place rolled at the table this combat turn: the order is
    sorted again (ties to more dice, then tie-break dice) and the turn opens at the top."""
    why = why_not_given(state)
    if why is not None:
        raise CombatError(why)
    place = state.slot_of(key)
    if place is None:
        raise CombatError(f"{key} has no place in this combat turn's order")
    slots = [Slot(s.name, s.members, s.pool, hits, None) if s.name == place.name
             else Slot(s.name, s.members, s.pool, s.hits, s.faces) for s in state.order]
    order = break_ties(slots, roller)
    fight, lines = _seek(replace(state, order=order, cursor=0), 0)
    return fight, (describe_order(fight), *lines)
