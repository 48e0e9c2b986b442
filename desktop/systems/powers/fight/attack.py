"""An attack with a power, and its damage (Combat, Hitting a Target; Damaging a Target;
Component Listing, Damage and Resistance; Contradicting Rules, Specific beats General;
RULINGS.md Powers 3), with the exact odds before every roll.

The attack roll: the attacker's Agility plus the power's Accurate dice against the
target's Agility; it hits on strictly more hits ("net of 0 is a failure"); situational
modifiers (cover…) change hits, never dice. On a hit, each Damage component of the power
rolls its rating (or linked attribute) against the target's Resilience, or Willpower for
a Psychic attack, plus its matching resistances; the attack's net hits are added to the
damage hits by default (a toggle leaves them out), and the net is the damage, never
below 0. Stun and phantom damage are recorded apart; DoT carries on (``timers``).

Ours: every one of the target's resistances that matches a damage type (or is General)
counts, their ratings summed; a Stun resistance only against stun damage; Mind over
Matter makes Willpower the base; damage that is both stun and phantom is recorded as
phantom.
"""

from __future__ import annotations

from dataclasses import dataclass

from desktop.model.dice import Roller
from desktop.model.odds import percent
from desktop.systems.powers.fight.timers import Timer
from desktop.systems.powers.fight.tracking import CombatError, with_damage
from desktop.systems.powers.rules import damage as rules
from desktop.systems.powers.rules.character import DamageKind, PowersCharacter
from desktop.systems.powers.rules.components import Damage
from desktop.systems.powers.rules.derived import DamageLine, PowerLine, derive
from desktop.systems.powers.rules.dice import (
    MAX_POOL,
    Pool,
    PoolRoll,
    p_opposed,
    pool_text,
    roll_pool,
)


def attacking_powers(character: PowersCharacter) -> list[PowerLine]:
    """The powers with an attack roll (a Damage component, or Touch)."""
    return [line for line in derive(character).powers if line.attack is not None]


def power_named(character: PowersCharacter, name: str) -> PowerLine:
    for line in attacking_powers(character):
        if line.power.name == name:
            return line
    raise CombatError(f"{character.name or 'this character'} has no attacking power "
                      f"called {name!r}")


def recorded_as(line: DamageLine) -> DamageKind:
    """Where the damage goes: phantom, else stun, else normal (Damage: Stun, Phantom)."""
    return "phantom" if "phantom" in line.kinds else ("stun" if "stun" in line.kinds
                                                      else "normal")


def resist_pool(defender: PowersCharacter, line: DamageLine, mod: int = 0
                ) -> tuple[Pool, str]:
    """The target's resisting roll against ``line``, and how it is made up."""
    kind = recorded_as(line)
    base, rating, names = line.resisted_by, 0, []
    for power in derive(defender).powers:
        for r in power.resistance:
            if r.type != "general" and r.type not in line.types:
                continue
            if r.stun_only and kind != "stun":
                continue
            if "mind_over_matter" in r.modifiers:
                base = "willpower"
            rating += r.rating
            names.append(f"{power.power.name} {r.rating:+d}")
    dice = max(0, min(defender.attributes.get(base) + rating, MAX_POOL))
    how = base.capitalize() + (f" ({', '.join(names)})" if names else "")
    return Pool(dice, mod), how


def attack_pools(attacker: PowersCharacter, defender: PowersCharacter, line: PowerLine,
                 bonus: int = 0, cover: int = 0) -> tuple[Pool, Pool]:
    assert line.attack is not None
    return Pool(line.attack.dice, bonus), Pool(defender.attributes.agility, cover)


def attack_chance(attacker: PowersCharacter, defender: PowersCharacter, line: PowerLine,
                  bonus: int = 0, cover: int = 0) -> str:
    """"15 dice vs 7 dice: 87.4 %", before the roll."""
    a, d = attack_pools(attacker, defender, line, bonus, cover)
    return (f"{pool_text(a.dice, a.mod)} vs {pool_text(d.dice, d.mod)}: "
            f"{percent(p_opposed(a.dice, a.mod, d.dice, d.mod))}")


def damage_chance(defender: PowersCharacter, line: DamageLine, net: int = 1) -> str:
    """The damage roll on a hit with ``net`` hits added: "8 dice +1 hit vs Resilience
    5 dice: 63.2 % to do damage"."""
    r, how = resist_pool(defender, line)
    return (f"{pool_text(line.dice, net)} vs {how} {pool_text(r.dice)}: "
            f"{percent(p_opposed(line.dice, net, r.dice, 0))} to do damage")


def faces_text(roll: PoolRoll) -> str:
    text = f"[{' '.join(map(str, roll.faces))}] {roll.total} hit{'' if roll.total == 1 else 's'}"
    if roll.epic_fail:
        return text + " — Epic Fail (optional rule: roll on the Epic Fail table)"
    return text + (" — Fail: roll on the Fail table" if roll.fail else "")


@dataclass(frozen=True)
class Landed:
    """What an attack did to its target."""

    defender: PowersCharacter
    lines: tuple[str, ...]
    timers: tuple[Timer, ...] = ()
    phantom_rating: int | None = None


def attack(names: tuple[str, str], attacker: PowersCharacter, defender: PowersCharacter,
           power: str, roller: Roller, bonus: int = 0, cover: int = 0,
           add_net: bool = True) -> Landed:
    """Roll the attack with ``power``, then each Damage component's roll on a hit."""
    line = power_named(attacker, power)
    a, d = attack_pools(attacker, defender, line, bonus, cover)
    chance = percent(p_opposed(a.dice, a.mod, d.dice, d.mod))
    mine = roll_pool(a, roller, f"attack {names[0]}")
    theirs = roll_pool(d, roller, f"defence {names[1]}")
    net = mine.total - theirs.total
    verdict = f"hits, net {net}" if net >= 1 else "misses (needs more hits than the target)"
    lines = [f"{names[0]} attacks {names[1]} with {power}: {pool_text(a.dice, a.mod)} vs "
             f"Agility {pool_text(d.dice, d.mod)} ({chance}): {faces_text(mine)} vs "
             f"{faces_text(theirs)}: {verdict} (Hitting a Target)"]
    if net < 1:
        return Landed(defender, tuple(lines))
    if not line.damage:
        return Landed(defender, (*lines, f"{power} does no damage (no Damage component)"))
    target, timers, phantom = defender, [], None
    components = [c for c in line.power.components if isinstance(c, Damage)]
    for damage_line, component in zip(line.damage, components, strict=True):
        target, more, timer, rating = damage_roll(names, target, damage_line, net, roller,
                                                  add_net, power, component)
        lines += more
        timers += [timer] if timer else []
        phantom = rating if rating is not None else phantom
    return Landed(target, tuple(lines), tuple(timers), phantom)


def damage_roll(names: tuple[str, str], defender: PowersCharacter, line: DamageLine,
                net: int, roller: Roller, add_net: bool, power: str,
                component: Damage | None = None
                ) -> tuple[PowersCharacter, list[str], Timer | None, int | None]:
    """One Damage component's roll against the target (Damaging a Target)."""
    bonus = net if add_net else 0
    r, how = resist_pool(defender, line)
    chance = percent(p_opposed(line.dice, bonus, r.dice, 0))
    mine = roll_pool(Pool(line.dice), roller, f"damage {names[0]}")
    theirs = roll_pool(r, roller, f"resist {names[1]}")
    amount = rules.damage_dealt(mine.total, theirs.total, net, add_net)
    kind = recorded_as(line)
    why = "Psychic: resisted with Willpower (Specific beats General)" \
        if "psychic" in line.modifiers else "resisted with " + how.split(" ")[0]
    text = (f"{power} damage {pool_text(line.dice)}" + (f" +{net} net hits" if add_net else
                                                         " (net hits not added)")
            + f" vs {how} {pool_text(r.dice)} ({chance}): {faces_text(mine)} vs "
            f"{faces_text(theirs)}: {amount} {kind} damage ({why})")
    timer = None
    steps = over_time_steps(component, amount) if component and amount else []
    if steps:
        timer = Timer(names[1], "dot", f"{names[0]}'s {power}", tuple(steps[1:]), kind)
        text += f"; DoT: {', '.join(map(str, steps[1:]))} on the turns to come"
    done, _moved = with_damage(defender, kind, amount)
    rating = line.phantom_rating if kind == "phantom" and amount else None
    return done, [text], (timer if timer and timer.amounts else None), rating


def over_time_steps(component: Damage, amount: int) -> list[int]:
    """DoT, DoT Fading, DoT Increase: the amounts turn by turn (the first is now);
    [] when the damage is done once."""
    for mode in ("dot", "dot_fading", "dot_increase"):
        modifier = component.modifier(mode)
        if modifier is not None:
            return rules.over_time(amount, mode, modifier.turns)
    return []
