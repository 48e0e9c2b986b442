"""How a fighter holds up: Defensive Fighting and Desperation (5.7) and morale (5.5).
Pure Python, no Qt."""

from __future__ import annotations

from collections.abc import Iterable
from typing import Literal

from desktop.model.dice import Roller
from desktop.systems.pocket.fight.damage import CombatError
from desktop.systems.pocket.fight.events import Changed, Rolled
from desktop.systems.pocket.fight.fighter import Fighter
from desktop.systems.pocket.fight.tables import tables
from desktop.systems.pocket.rules import dice
from desktop.systems.pocket.rules.dice import Modifier, roll_check

Stance = Literal["defensive", "desperate"]


def take_stance(fighter: Fighter, stance: Stance) -> tuple[Fighter, Changed]:
    """Defensive Fighting (5.71: the Action, +2 Defense) or Desperation (5.72: declared
    with the turn, no time; double move, +2 PHYS and damage levels, −2 to checks and
    Defense). Both last until the fighter's next turn."""
    if not fighter.can_act:
        raise CombatError(f"{fighter.key} cannot act")
    rules = tables().stances
    if stance == "defensive":
        text = (f"fights defensively (its Action): +{rules.defensive.defense_bonus} Defense "
                "until its next turn")
    elif stance == "desperate":
        d = rules.desperation
        text = (f"turns desperate: move ×{d.move_factor}, +{d.phys_bonus} PHYS and "
                f"+{d.damage_levels} weapon damage levels, {d.check_penalty} on checks and "
                f"{d.defense_penalty} Defense until its next turn")
    else:
        raise CombatError(f"unknown stance {stance!r} (defensive or desperate)")
    return fighter.with_conditions({stance}), Changed(fighter.key, text)


def morale(fighter: Fighter, roller: Roller, modifiers: Iterable[Modifier] = ()
           ) -> tuple[Fighter, Rolled]:
    """A WILL check at the start of a losing NPC's turn; failure: it flees (5.5). Player
    characters never check: their players decide."""
    if not fighter.npc:
        raise CombatError(f"{fighter.key} is a player character: morale is for NPCs")
    if not fighter.can_act:
        raise CombatError(f"{fighter.key} cannot act")
    mods = tuple(modifiers)
    check = roll_check(dice.target_of(fighter.will, mods), roller, label="morale (WILL)",
                       modifiers=mods)
    if check.success:
        return fighter, Rolled(fighter.key, check, "stands firm")
    return fighter.with_conditions({"fled"}), Rolled(fighter.key, check, "flees")
