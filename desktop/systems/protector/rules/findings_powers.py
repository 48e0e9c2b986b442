"""Findings on powers (Character Generation, Powers; The Energy System, Traits; Higher
Dice Steps; Depletion): names, the trait an Amplification boosts, the Event each answers,
latent powers with dice, and each active power's pool, steps and depleted dice. Reads
the character, the ledger's power pools, the merged traits and the next life-path step.
"""

from __future__ import annotations

from collections import Counter

from desktop.model.findings import Finding, Severity
from desktop.systems.protector.rules import catalog
from desktop.systems.protector.rules.character import Power, ProtectorCharacter
from desktop.systems.protector.rules.citations import (
    R_DEPLETION,
    R_EFFECTS,
    R_HIGHER_STEPS,
    R_POWER_POOL,
    R_POWER_STEPS,
    R_POWERS,
    R_STEPS,
)
from desktop.systems.protector.rules.findings_effects import effect_findings
from desktop.systems.protector.rules.ledger import PowerPool
from desktop.systems.protector.rules.lifepath_steps import Step
from desktop.systems.protector.rules.traits import DerivedTrait

E, W, I = Severity.ERROR, Severity.WARNING, Severity.INFO  # noqa: E741


def power_findings(character: ProtectorCharacter, powers: tuple[PowerPool, ...],
                   traits: tuple[DerivedTrait, ...], step: Step) -> list[Finding]:
    """Every power of the character, with its pool (``powers``, in the same order)."""
    out: list[Finding] = []
    era = catalog.era(character.era)
    trait_names = {t.name.casefold() for t in traits}
    names = Counter(p.name for p in powers)
    for pool, power in zip(powers, character.powers, strict=True):
        where = f"powers.{pool.index}"
        label = f"Power {pool.name}"
        if names[pool.name] > 1:
            out.append(Finding(W, f"{names[pool.name]} powers are called {pool.name}: name "
                                  "them apart", R_POWERS, f"{where}.name"))
        out += _power_link_findings(character, pool.index, where, label, trait_names, step)
        if power.active:
            out += _active_power_findings(character, power, pool, where, label, era)
        else:
            if power.energy_dice:
                out.append(Finding(E, f"{label} is latent but has {power.energy_dice} energy "
                                      "dice: latent powers cost nothing and have no pool "
                                      "(activate it, or take the dice back)", R_POWERS,
                                   f"{where}.energy_dice"))
            if power.effects or power.steps:
                out.append(Finding(W, f"{label} is latent: its effects and steps are bought "
                                      "with its pool when it is activated", R_EFFECTS,
                                   f"{where}.effects"))
        out += effect_findings(power.effects, f"{where}.effects", label, "power")
    return out


def _power_link_findings(character: ProtectorCharacter, index: int, where: str,
                         label: str, trait_names: set[str], step: Step) -> list[Finding]:
    out: list[Finding] = []
    power = character.powers[index]
    if power.category is not None and power.application.strip():
        category = catalog.power_tables().category(power.category)
        if power.category == "amplification":
            if power.application.strip().casefold() not in trait_names:
                out.append(Finding(W, f"{label} amplifies {power.application!r}, which is not "
                                      "one of the character's traits", R_POWERS,
                               f"{where}.application"))
        elif category.applications.rows and category.applications.named(
                power.application) is None:
            out.append(Finding(I, f"{label}: {power.application!r} is the player's own "
                                  f"application of {category.name}", R_POWERS,
                               f"{where}.application"))
    link = power.event
    if link is not None:
        if link.decade >= len(character.decades) or (
                link.event >= len(character.decades[link.decade].events)):
            out.append(Finding(E, f"{label} answers Event {link.event + 1} of Decade "
                                  f"{link.decade + 1}, which the character does not have",
                               R_POWERS, f"{where}.event"))
    elif not character.npc and power.category is not None and (
            step.power != index):
        out.append(Finding(W, f"{label} should answer one of the character's Events",
                           R_POWERS, f"{where}.event"))
    return out


def _active_power_findings(character: ProtectorCharacter, power: Power, pool: PowerPool,
                           where: str, label: str, era: catalog.EraRow) -> list[Finding]:
    out: list[Finding] = []
    minimum = catalog.power_tables().activation.minimum_dice
    if power.energy_dice < minimum and not (character.npc and power.gained_dice):
        out.append(Finding(E, f"{label} is active: activating a power costs at least "
                              f"{minimum} energy die", R_POWERS, f"{where}.energy_dice"))
    if power.dice_per_die is not None and power.dice_per_die != era.dice_per_die:
        after = era.id == "coming_menace_after" and power.dice_per_die == 3
        if after:
            out.append(Finding(W, f"{label}: The Visionary has died, so Coming Menace powers "
                                  f"get 3 more dice a die ({era.dice_per_die})", R_POWER_POOL,
                               f"{where}.dice_per_die"))
        else:
            out.append(Finding(I, f"{label}: {power.dice_per_die} pool dice a die, fixed at "
                                  f"activation ({era.name} gives {era.dice_per_die})",
                               R_POWER_POOL, f"{where}.dice_per_die"))
    if pool.pool < 0:
        out.append(Finding(E, f"{label}: its effects and steps cost {-pool.pool} more pool "
                              f"dice than it has ({pool.bought})", R_EFFECTS,
                           f"{where}.effects"))
    elif pool.pool == 0:
        out.append(Finding(W, f"{label} has no dice left in its pool to roll", R_EFFECTS,
                           f"{where}.steps"))
    if pool.spare_steps:
        out.append(Finding(I, f"{label}: steps come 3 for a pool die; {pool.spare_steps} more "
                              "paid for", R_POWER_STEPS, f"{where}.steps"))
    stepped = pool.stepping
    if stepped.extra_dice:
        out.append(Finding(E, f"{label}: steps are put on {stepped.extra_dice} more dice than "
                              "its pool has", R_STEPS, f"{where}.dice"))
    if stepped.unassigned < 0:
        out.append(Finding(E, f"{label}: {power.steps - stepped.unassigned} steps put on dice, "
                              f"but it has {power.steps}", R_STEPS, f"{where}.dice"))
    elif stepped.unassigned > 0 and power.dice:
        out.append(Finding(I, f"{label}: {stepped.unassigned} steps not on any die",
                           R_STEPS, f"{where}.dice"))
    if stepped.unused:
        out.append(Finding(I, f"{label}: {stepped.unused} steps on its dice buy nothing until "
                              "the next die up (after the d20: 1d4x10 at 16)", R_HIGHER_STEPS,
                           f"{where}.dice"))
    if power.depleted + power.damaged > max(pool.pool, 0):
        out.append(Finding(E, f"{label}: {power.depleted + power.damaged} dice depleted or "
                              f"damaged of a pool of {max(pool.pool, 0)}", R_DEPLETION,
                           f"{where}.depleted"))
    return out
