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
phantom. In a fight a resistance counts only as its Duration lets it (``durations``):
the caller passes ``counts``, the effective rating of each resistance now.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field

from desktop.model.dice import Roller
from desktop.model.odds import percent
from desktop.systems.powers.fight import epic
from desktop.systems.powers.fight.epic import faces_text
from desktop.systems.powers.fight.timers import Timer
from desktop.systems.powers.fight.tracking import CombatError, with_damage
from desktop.systems.powers.rules import damage as rules
from desktop.systems.powers.rules.character import DamageKind, Power, PowersCharacter
from desktop.systems.powers.rules.components import Damage, Resistance
from desktop.systems.powers.rules.derived import DamageLine, PowerLine, derive
from desktop.systems.powers.rules.dice import (
    MAX_POOL,
    Pool,
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


def personal_only(line: PowerLine) -> bool:
    """The draft: "The default range is Personal. This means that the power can only
    target the character using the power"."""
    return line.range == "personal"


def recorded_as(line: DamageLine) -> DamageKind:
    """Where the damage goes: phantom, else stun, else normal (Damage: Stun, Phantom)."""
    return "phantom" if "phantom" in line.kinds else ("stun" if "stun" in line.kinds
                                                      else "normal")


Counts = Callable[[Power, Resistance], int]
"""The effective rating of one of the defender's resistances now (0: it does not count)."""


@dataclass(frozen=True)
class Resisting:
    """The target's resisting roll against one damage line: the pool, how it is made up
    and the powers in it with their Power Ratings (for an Epic Fail's total)."""

    pool: Pool
    how: str
    rated: tuple[tuple[str, float | int], ...] = ()


def resisting(defender: PowersCharacter, line: DamageLine, mod: int = 0,
              counts: Counts | None = None) -> Resisting:
    """The target's resisting roll against ``line``; every matching resistance at its
    full rating unless ``counts`` says what each is worth now."""
    kind = recorded_as(line)
    base, rating, names, rated = line.resisted_by, 0, [], []
    for power in derive(defender).powers:
        parts = [c for c in power.power.components if isinstance(c, Resistance)]
        for r, component in zip(power.resistance, parts, strict=True):
            if r.type != "general" and r.type not in line.types:
                continue
            if r.stun_only and kind != "stun":
                continue
            now = r.rating if counts is None else counts(power.power, component)
            if not now:
                continue
            if "mind_over_matter" in r.modifiers:
                base = "willpower"
            rating += now
            names.append(f"{power.power.name} {now:+d}")
            if power.power.name not in (n for n, _ in rated):
                rated.append((power.power.name, power.rating))
    dice = max(0, min(defender.attributes.get(base) + rating, MAX_POOL))
    how = base.capitalize() + (f" ({', '.join(names)})" if names else "")
    return Resisting(Pool(dice, mod), how, tuple(rated))


def resist_pool(defender: PowersCharacter, line: DamageLine, mod: int = 0,
                counts: Counts | None = None) -> tuple[Pool, str]:
    """The target's resisting roll against ``line``, and how it is made up."""
    r = resisting(defender, line, mod, counts)
    return r.pool, r.how


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


def damage_chance(defender: PowersCharacter, line: DamageLine, net: int = 1,
                  counts: Counts | None = None) -> str:
    """The damage roll on a hit with ``net`` hits added: "8 dice +1 hit vs Resilience
    5 dice: 63.2 % to do damage"."""
    r, how = resist_pool(defender, line, counts=counts)
    return (f"{pool_text(line.dice, net)} vs {how} {pool_text(r.dice)}: "
            f"{percent(p_opposed(line.dice, net, r.dice, 0))} to do damage")


@dataclass(frozen=True)
class Landed:
    """What an attack did to its target."""

    defender: PowersCharacter
    lines: tuple[str, ...]
    timers: tuple[Timer, ...] = ()
    phantom_rating: int | None = None
    hit: bool = False


@dataclass(frozen=True)
class Table:
    """How the fight rolls: the Epic Fail switch and what each resistance counts now."""

    epic_on: bool = False
    counts: Counts | None = None
    rated: tuple[tuple[str, float | int], ...] = field(default=())


def attack(names: tuple[str, str], attacker: PowersCharacter, defender: PowersCharacter,
           power: str, roller: Roller, bonus: int = 0, cover: int = 0,
           add_net: bool = True, table: Table | None = None) -> Landed:
    """Roll the attack with ``power``, then each Damage component's roll on a hit. A
    Touch power's attack roll is its melee hit ("Character must make a melee hit on the
    target to use the power"): part of using it, in the same action."""
    table = table or Table()
    line = power_named(attacker, power)
    a, d = attack_pools(attacker, defender, line, bonus, cover)
    chance = percent(p_opposed(a.dice, a.mod, d.dice, d.mod))
    mine = roll_pool(a, roller, f"attack {names[0]}")
    theirs = roll_pool(d, roller, f"defence {names[1]}")
    net = mine.total - theirs.total
    verdict = f"hits, net {net}" if net >= 1 else "misses (needs more hits than the target)"
    touch = " (Touch: the melee hit that uses the power)" if line.attack and line.attack.touch \
        else ""
    lines = [f"{names[0]} attacks {names[1]} with {power}{touch}: {pool_text(a.dice, a.mod)}"
             f" vs Agility {pool_text(d.dice, d.mod)} ({chance}): "
             f"{faces_text(mine, net >= 1, table.epic_on)} vs "
             f"{faces_text(theirs, net < 1, table.epic_on)}: {verdict} (Hitting a Target)"]
    rated = ((power, line.rating),)
    lines += epic.procedure(names[0], mine, net >= 1, rated, table.epic_on, roller)
    lines += epic.procedure(names[1], theirs, net < 1, rated, table.epic_on, roller)
    if net < 1:
        return Landed(defender, tuple(lines))
    if not line.damage:
        last = (f"{power} touches {names[1]}: the power takes effect" if touch
                else f"{power} does no damage (no Damage component)")
        return Landed(defender, (*lines, last), hit=True)
    target, timers, phantom = defender, [], None
    components = [c for c in line.power.components if isinstance(c, Damage)]
    rolling = Table(table.epic_on, table.counts, rated)
    for damage_line, component in zip(line.damage, components, strict=True):
        target, more, timer, rating = damage_roll(names, target, damage_line, net, roller,
                                                  add_net, power, component, rolling)
        lines += more
        timers += [timer] if timer else []
        phantom = rating if rating is not None else phantom
    return Landed(target, tuple(lines), tuple(timers), phantom, hit=True)


def damage_roll(names: tuple[str, str], defender: PowersCharacter, line: DamageLine,
                net: int, roller: Roller, add_net: bool, power: str,
                component: Damage | None = None, table: Table | None = None
                ) -> tuple[PowersCharacter, list[str], Timer | None, int | None]:
    """One Damage component's roll against the target (Damaging a Target)."""
    table = table or Table()
    bonus = net if add_net else 0
    resist = resisting(defender, line, counts=table.counts)
    r, how = resist.pool, resist.how
    chance = percent(p_opposed(line.dice, bonus, r.dice, 0))
    mine = roll_pool(Pool(line.dice), roller, f"damage {names[0]}")
    theirs = roll_pool(r, roller, f"resist {names[1]}")
    amount = rules.damage_dealt(mine.total, theirs.total, net, add_net)
    done_any = mine.total + bonus - theirs.total >= 1
    kind = recorded_as(line)
    why = "Psychic: resisted with Willpower (Specific beats General)" \
        if "psychic" in line.modifiers else "resisted with " + how.split(" ")[0]
    text = (f"{power} damage {pool_text(line.dice)}" + (f" +{net} net hits" if add_net else
                                                         " (net hits not added)")
            + f" vs {how} {pool_text(r.dice)} ({chance}): "
            f"{faces_text(mine, done_any, table.epic_on)} vs "
            f"{faces_text(theirs, not done_any, table.epic_on)}: {amount} {kind} damage "
            f"({why})")
    timer = None
    steps = over_time_steps(component, amount) if component and amount else []
    if steps:
        timer = Timer(names[1], "dot", f"{names[0]}'s {power}", tuple(steps[1:]), kind)
        text += f"; DoT: {', '.join(map(str, steps[1:]))} on the turns to come"
    done, _moved = with_damage(defender, kind, amount)
    rating = line.phantom_rating if kind == "phantom" and amount else None
    rated = (*table.rated, *((n, pr) for n, pr in resist.rated
                             if n not in (m for m, _ in table.rated)))
    more = [text]
    more += epic.procedure(names[0], mine, done_any, rated, table.epic_on, roller)
    more += epic.procedure(names[1], theirs, not done_any, rated, table.epic_on, roller)
    return done, more, (timer if timer and timer.amounts else None), rating


def over_time_steps(component: Damage, amount: int) -> list[int]:
    """DoT, DoT Fading, DoT Increase: the amounts turn by turn (the first is now);
    [] when the damage is done once."""
    for mode in ("dot", "dot_fading", "dot_increase"):
        modifier = component.modifier(mode)
        if modifier is not None:
            return rules.over_time(amount, mode, modifier.turns)
    return []
