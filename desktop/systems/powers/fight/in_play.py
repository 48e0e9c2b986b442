"""Powers switched on, used, delayed and built up during a fight (Component Listing,
Duration; Resistance: RoT Fading, RoT Increase), on the fight's snapshot: what the
records of ``durations`` become when a power is used, switched off or lands, and the
concentration roll of a Build Up or Build Down user doing something else.

"Build Up (turns): … Doing other tasks will require a concentration roll." The draft
names the roll and nothing more. Ours: the GM sets its attribute (Willpower unless
changed) and the hits it needs (1 unless changed) for the fight; the move and power of
the turn a power is used are declared together and need no roll; from the next turn,
until it lands (Build Up) or for its turns after (Build Down), any move or other power
rolls first; failing it breaks the power off (a Build Up never lands; a Build Down's
resistance stops counting) and the other task still happens. A Build Up whose user
cannot act when it is due (unconscious, Close to Death, dead) does not land.
"""

from __future__ import annotations

from dataclasses import replace

from desktop.model.dice import Roller
from desktop.model.odds import percent
from desktop.systems.powers.fight import epic
from desktop.systems.powers.fight.durations import (
    TIED_UP,
    Active,
    Busy,
    Pending,
    rating_at,
    timing,
    window,
)
from desktop.systems.powers.fight.epic import faces_text
from desktop.systems.powers.fight.state import PowersFight
from desktop.systems.powers.fight.tracking import CombatError
from desktop.systems.powers.rules.character import Power
from desktop.systems.powers.rules.components import Resistance
from desktop.systems.powers.rules.dice import Pool, p_target, roll_pool

Result = tuple[PowersFight, tuple[str, ...]]
CONCENTRATION = "ours: the concentration roll's attribute and hits are the GM's to set"


def power_of(state: PowersFight, key: str, name: str) -> Power:
    for power in state.character(key).powers:
        if power.name == name:
            return power
    raise CombatError(f"{key} has no power called {name!r}")


def duration_words(power: Power) -> str:
    duration, turns = timing(power)
    words = duration.replace("_", " ").capitalize()
    return f"{words} ({turns})" if turns else words


def concentration_odds(state: PowersFight, key: str) -> str:
    dice = state.character(key).attributes.get(state.concentration)
    need = state.concentration_hits
    return (f"{state.concentration.capitalize()} {dice} dice needing {need} "
            f"hit{'' if need == 1 else 's'}: {percent(p_target(dice, 0, need))}")


def concentrate(state: PowersFight, key: str, doing: str, roller: Roller) -> Result:
    """Before ``key`` does ``doing`` (a move, another power): the concentration roll if
    it is tied up building a power up or down; nothing otherwise."""
    busy = state.busy_with(key)
    if busy is None or doing == busy.power:
        return state, ()
    dice = state.character(key).attributes.get(state.concentration)
    odds = concentration_odds(state, key)
    rolled = roll_pool(Pool(dice), roller, f"concentration {key}")
    kept = rolled.total >= state.concentration_hits
    head = (f"{key} is actively using {busy.power} (Build Up/Build Down: \"Doing other "
            f"tasks will require a concentration roll\"): {odds}: "
            f"{faces_text(rolled, kept, state.epic_fail)}: ")
    lines = [head + ("concentration kept" if kept else f"concentration broken: "
                     f"{busy.power} is lost") + f" ({CONCENTRATION})"]
    lines += epic.procedure(key, rolled, kept, (), state.epic_fail, roller)
    if kept:
        return state, tuple(lines)
    return break_off(state, key, busy.power), tuple(lines)


def break_off(state: PowersFight, key: str, name: str) -> PowersFight:
    """``key`` stops building ``name``: no landing, no more turns tied up, and what it
    resists stops counting from this turn."""
    now = state.round
    return replace(
        state,
        busy=tuple(b for b in state.busy if not (b.owner == key and b.power == name)),
        pending=tuple(p for p in state.pending if not (p.owner == key and p.power == name)),
        active=tuple(replace(a, until=now - 1) if a.owner == key and a.power == name
                     and (a.until is None or a.until >= now) else a for a in state.active))


def used(state: PowersFight, key: str, power: Power, action: str,
         values: tuple[tuple[str, str | int | bool], ...]) -> tuple[PowersFight, bool, str]:
    """Record the use of ``power`` this combat turn by its Duration. Returns the state,
    whether it lands now (False: Delayed or Build Up, queued) and a line saying when it
    counts."""
    duration, turns = timing(power)
    now = state.round
    since, until = window(duration, turns, now)
    fight = state
    resists = any(isinstance(c, Resistance) for c in power.components)
    if duration != "always_on" and (resists or duration != "instant"):
        fight = replace(fight, active=(*fight.active, Active(key, power.name, since, until)))
    if duration in ("delayed", "build_up"):
        fight = replace(fight, pending=(*fight.pending, Pending(
            key, power.name, action, values, now + turns, duration == "build_up")))
        if duration == "build_up" and turns > 1:
            fight = replace(fight, busy=(*fight.busy, Busy(key, power.name, now + 1,
                                                           now + turns - 1)))
        what = ("actively used until then: other tasks need a concentration roll"
                if duration == "build_up" else "as with Instant, calculated then")
        return fight, False, (f"{power.name} is {duration_words(power)}: it lands at the "
                              f"start of turn {now + turns} ({what})")
    if duration == "build_down":
        fight = replace(fight, busy=(*fight.busy, Busy(key, power.name, now + 1,
                                                       now + turns)))
    return fight, True, counting_words(power, now, since, until)


def counting_words(power: Power, now: int, since: int, until: int | None) -> str:
    duration, turns = timing(power)
    if duration == "always_on":
        return f"{power.name} is Always On"
    if duration == "toggled":
        return f"{power.name} is switched on (Toggled: on until switched off)"
    if duration == "build_down":
        return (f"{power.name} is Build Down ({turns}): actively used through turn "
                f"{until}; other tasks need a concentration roll")
    if duration == "time":
        return f"{power.name} is Time ({turns}): it lasts through turn {until}"
    return f"{power.name} is Instant: its effects count this turn ({now})"


def switch_off(state: PowersFight, key: str, name: str) -> Result:
    """A Toggled power switched off (free, at will: ours); RoT Fading or Increase then
    runs from this turn, "when the power would normally finish"."""
    now = state.round
    found = [a for a in state.active if a.owner == key and a.power == name
             and a.until is None]
    if not found:
        raise CombatError(f"{name} is not switched on")
    fight = replace(state, active=tuple(replace(a, until=now) if a in found else a
                                        for a in state.active))
    return fight, (f"{key} switches {name} off (Toggled: \"can deactivate/reactivate at "
                   "will\"; ours: switching off is free)",)


def toggled_on(state: PowersFight, key: str) -> tuple[str, ...]:
    return tuple(a.power for a in state.active if a.owner == key and a.until is None)


def prune(state: PowersFight) -> PowersFight:
    """At a new combat turn: forget what no longer counts and no longer ties anyone up."""
    now = state.round

    def alive(a: Active) -> bool:
        if a.until is None or now <= a.until:
            return True
        try:
            power = power_of(state, a.owner, a.power)
        except CombatError:
            return False
        return any(rating_at(c, a, now) for c in power.components
                   if isinstance(c, Resistance))

    return replace(state, active=tuple(a for a in state.active if alive(a)),
                   busy=tuple(b for b in state.busy if b.last >= now))


def ended(state: PowersFight) -> tuple[str, ...]:
    """At a new combat turn: the Time powers that ran out with the last one, and the
    Build Downs no longer tying their users up."""
    lines = []
    for a in state.active:
        if a.until != state.round - 1:
            continue
        try:
            duration, _turns = timing(power_of(state, a.owner, a.power))
        except CombatError:
            continue
        if duration == "time":
            lines.append(f"{a.owner}'s {a.power} runs out (Time: \"lasts for a certain "
                         "number of turns\")")
    lines += [f"{b.owner} is no longer actively using {b.power}" for b in state.busy
              if b.last == state.round - 1]
    return tuple(lines)


def due(state: PowersFight) -> tuple[Pending, ...]:
    return tuple(p for p in state.pending if p.due <= state.round)


def tied_up(power: Power) -> bool:
    return timing(power)[0] in TIED_UP
