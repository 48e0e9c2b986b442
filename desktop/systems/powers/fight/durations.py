"""When a power counts in a fight: its Duration (Component Listing, Duration) and the
Resistance modifiers RoT Fading and RoT Increase, as plain records and arithmetic.

The draft's words, and how the fight reads them:
- "Instant: … the power activates in the same turn it is decided on, and all effects
  are calculated in that same turn": an Instant resistance counts from its use to the
  end of that combat turn.
- "Always On: The power is on constantly": it always counts, never needing a use.
- "Toggled: … the character can deactivate/reactivate at will": it counts from the
  turn it is switched on until it is switched off. Ours: switching on is the turn's
  power; switching off is free, at any time.
- "Delayed (turns): As with instant, but will be calculated a number of turns after the
  character activates it": it lands (attack, healing or resistance) at the start of the
  combat turn that many turns later.
- "Build Up (turns): As with Delayed, but the character is considered actively using
  the power for the duration of these turns. Doing other tasks will require a
  concentration roll."
- "Build Down (turns): Like build up, but the character is considered actively using
  the power for a number of turns after the power has activated": it lands now and ties
  its user up for the turns after; a Build Down resistance counts through them.
- "Time (turns): As with Toggled, but lasts for a certain number of turns": it counts
  on the turn switched on and the turns after, that many in all.
- "RoT Fading: For each turn after the power is triggered, its effective rating is
  halved, rounding down. For powers with a timer, or toggled powers, this effect starts
  when the power would normally finish." "RoT Increase: As above, but the effective
  rating doubles each turn for the duration stated." Ours: the stated turns count the
  turn it is triggered, as DoT Increase's do (3 turns: ×1, ×2, ×4).

Ours: a negative Resistance (a weakness) always counts, whatever its duration: a
weakness is not something its bearer switches on.
"""

from __future__ import annotations

from dataclasses import dataclass

from desktop.systems.powers.rules.character import Power
from desktop.systems.powers.rules.components import Duration, Resistance

TIED_UP = ("build_up", "build_down")
LANDS_LATER = ("delayed", "build_up")


def timing(power: Power) -> tuple[str, int]:
    """The power's duration and its turns (0 when it takes none); the last Duration
    component if there are several (the one priced last: see the findings)."""
    durations = [c for c in power.components if isinstance(c, Duration)]
    if not durations:
        return "instant", 0
    return durations[-1].duration, durations[-1].turns or 0


@dataclass(frozen=True)
class Active:
    """A power switched on (or used) in the fight, whose resistances count."""

    owner: str
    power: str
    since: int
    """The combat turn it counts from."""
    until: int | None
    """The last combat turn at its full rating; None while a Toggled power is on."""

    def describe(self, now: int) -> str:
        if self.since > now:
            return f"{self.power} (from turn {self.since})"
        if self.until is None:
            return f"{self.power} (on)"
        if self.until >= now:
            return f"{self.power} (to turn {self.until})"
        return f"{self.power} (fading)"


@dataclass(frozen=True)
class Pending:
    """A Delayed or Build Up power used, not landed yet."""

    owner: str
    power: str
    action: str
    """The action that lands it: "attack:Name", "heal:Name:0" or "power"."""
    values: tuple[tuple[str, str | int | bool], ...]
    due: int
    """The combat turn at whose start it lands."""
    build_up: bool

    def describe(self) -> str:
        what = "building up" if self.build_up else "delayed"
        return f"{self.power} {what}, lands at the start of turn {self.due}"


@dataclass(frozen=True)
class Busy:
    """A Build Up or Build Down user, actively using a power: any other move or power
    needs a concentration roll."""

    owner: str
    power: str
    first: int
    last: int

    def covers(self, now: int) -> bool:
        return self.first <= now <= self.last


def window(duration: str, turns: int, used: int) -> tuple[int, int | None]:
    """(since, until) for a power used in combat turn ``used``."""
    if duration in LANDS_LATER:
        return used + turns, used + turns
    if duration == "build_down":
        return used, used + turns
    if duration == "time":
        return used, used + max(turns, 1) - 1
    if duration == "toggled":
        return used, None
    return used, used


def rating_at(resistance: Resistance, active: Active, now: int) -> int:
    """The effective rating of ``resistance`` in combat turn ``now`` (0: it does not
    count), fading or increasing after its full time."""
    rating = resistance.rating
    if now < active.since:
        return 0
    if active.until is None or now <= active.until:
        return rating
    after = now - active.until
    if resistance.has("rot_fading"):
        return rating >> after if rating > 0 else 0
    if resistance.has("rot_increase"):
        turns = next((m.turns or 1 for m in resistance.modifiers if m.id == "rot_increase"),
                     1)
        return rating * 2**after if after < turns else 0
    return 0


def always(resistance: Resistance, duration: str) -> bool:
    """Counts without any use: Always On, or a weakness (ours)."""
    return duration == "always_on" or resistance.rating < 0
