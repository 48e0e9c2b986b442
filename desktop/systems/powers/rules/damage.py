"""The draft's damage arithmetic, as pure functions for the fight room and the tests.

- Damaging a Target: the net of the damage roll against the resisting roll, with the
  attack's net hits added by default (RULINGS.md Powers 3), never below 0 (Damage).
- Over time (Damage: DoT, DoT Fading, DoT Increase; Healing: HoT likewise; Resistance:
  RoT Fading, RoT Increase): the amount each turn.
- Close to Death: the Resilience roll needs hits ≥ the amount below 0 (RULINGS.md
  Powers 5); stun and normal damage reaching Health knock out (Damage, Stun).
- Move, sprinting: up to half the turns saved, a Resilience test against the turns
  saved, one point of Stun for every hit short of it.
"""

from __future__ import annotations

from math import ceil

from desktop.systems.powers.rules.character import DamageTaken

MAX_STEPS = 99


def damage_dealt(damage_hits: int, resist_hits: int, attack_net: int = 0,
                 add_attack_net: bool = True) -> int:
    """Points of damage from one damage roll: the attacker's hits (plus the attack's
    net hits, unless the table turns that off) minus the target's, at least 0."""
    bonus = attack_net if add_attack_net else 0
    return max(0, damage_hits + bonus - resist_hits)


def over_time(amount: int, mode: str, turns: int | None = None) -> list[int]:
    """The amount on each turn: "dot"/"hot" the same every turn for ``turns``;
    "*_fading" halving (rounded down) each turn until it reaches 0; "*_increase"
    doubling each turn for ``turns``."""
    if amount < 0:
        raise ValueError("an amount over time is never negative")
    if mode.endswith("_fading"):
        out = []
        while amount > 0 and len(out) < MAX_STEPS:
            out.append(amount)
            amount //= 2
        return out
    if turns is None or not 1 <= turns <= MAX_STEPS:
        raise ValueError(f"{mode} needs its turns (1 to {MAX_STEPS})")
    if mode.endswith("_increase"):
        return [amount * 2**turn for turn in range(turns)]
    return [amount] * turns


def hit_points_left(health: int, damage: DamageTaken) -> int:
    """Health less normal and phantom damage (stun is tracked apart)."""
    return health - damage.normal - damage.phantom


def close_to_death_target(health: int, damage: DamageTaken) -> int | None:
    """Hits the Resilience roll needs to stay alive; None while above 0 hit points."""
    left = hit_points_left(health, damage)
    return -left if left <= 0 else None


def knocked_out(health: int, damage: DamageTaken) -> bool:
    """Stun and normal damage together take the character to zero health."""
    return damage.stun > 0 and damage.stun + damage.normal >= health


def sprint_target(normal_turns: int, sprint_turns: int) -> int:
    """The Resilience test's target: the turns saved by sprinting (at most half)."""
    if not ceil(normal_turns / 2) <= sprint_turns <= normal_turns:
        raise ValueError(f"sprinting takes {ceil(normal_turns / 2)} to {normal_turns} turns "
                         f"for a move of {normal_turns}, not {sprint_turns}")
    return normal_turns - sprint_turns


def sprint_stun(normal_turns: int, sprint_turns: int, hits: int) -> int:
    """Points of Stun (taken one a turn) for every hit under the target."""
    return max(0, sprint_target(normal_turns, sprint_turns) - hits)
