"""Protector on the GM screen: the training phase and the Heal power's healing outside a
rest, as two GM actions of a player character.

* Training (Buying Traits and Agents): spend ready energy dice for good, stepped up by
  the related traits' steps, against the kind's difficulty dice; each full multiple
  exceeded buys a step of a trait or a die of an agent (``combat.Encounter.train``: the
  book's Gracie, 2d8 = 16 against 4, gains four steps).
* Heal (the Heal power, Powers appendix): "The character being healed rolls like they
  would for a rest phase. The player with the power rolls for the healing power's pool,
  for every five points rolled the healer can add a die in the roll of the character
  being healed. The healer may not add awarded dice." Ours, as for healing help at a rest
  (RULINGS Protector 6): the power's roll never depletes; the patient makes one rest roll
  per pool (energy first, with the healer's extra d4s), returning dice for multiples and
  healing a damage die for a multiple, and nothing is restored automatically (that is a
  rest phase's, not the power's). It uses the healer's declared action.

Dice rolled at the table may be typed, faces in order, as for every other Protector roll.
"""

from __future__ import annotations

from dataclasses import replace

from desktop.model.combat_helpers import choices_of
from desktop.model.combat_rules import Action, Param
from desktop.model.dice import Roller
from desktop.systems.protector.fight.gm_dice_text import (
    Typed,
    all_faces_used,
    parse_faces,
    read_side,
    table_roller,
)
from desktop.systems.protector.fight.gm_state import Done, ProtectorFight, Values, out_reason
from desktop.systems.protector.fight.pools import ENERGY, CombatError, throw
from desktop.systems.protector.fight.rest import RestRoll, healing_group, rest_returns
from desktop.systems.protector.rules.combat_tables import (
    help_points_per_die,
    rest_die,
    training_kinds,
)
from desktop.systems.protector.rules.ledger import power_label

HEAL_POWER = "heal"
"""The Heal category (Powers, roll 7); a power named "Heal…" counts too."""


def heal_powers(state: ProtectorFight, key: str) -> list[str]:
    """The pools of ``key``'s active Heal powers."""
    combatant = state.combatant(key)
    character = state.characters.get(key)
    named = {power_label(power, index) for index, power in enumerate(
        getattr(character, "powers", ())) if power.category == HEAL_POWER and power.active}
    return [name for name, agent in combatant.agents.items()
            if agent.kind == "power" and (name in named
                                          or name.lower().startswith(HEAL_POWER))]


def actions(state: ProtectorFight, key: str) -> list[Action]:
    """Heal (a combatant with a Heal power) and Training (a player character)."""
    combatant = state.combatant(key)
    kinds = tuple((k.name, f"{k.name} ({k.difficulty})") for k in training_kinds().values())
    ready = combatant.energy.ready
    training = Action(
        "training", "Training",
        (Param("kind", "Buy", "choice", kinds[0][0], kinds),
         Param("target", "Trait or agent, e.g. Fighter", "text", ""),
         Param("spend", "Energy dice spent", default=1, minimum=1, maximum=max(1, ready)),
         Param("steps", "Related traits' steps", default=0, minimum=0, maximum=20),
         Param("faces", "Rolled at the table (faces in order)", "text", "")),
        why_not=None if ready else f"{key} has no ready energy dice to spend",
        hint="A training phase purchase: the spent dice are lost for good and rolled "
             "(stepped up by related traits); the GM rolls the difficulty; each full "
             "multiple exceeded gains a step of a trait or a die of an agent (Buying "
             "Traits and Agents)")
    powers = heal_powers(state, key)
    patients = [k for k, c in state.scene.combatants.items() if not c.challenge]
    out = [training] if combatant.player else []
    if powers:  # only a healer offers it: no greyed button on everyone else
        out.insert(0, Action(
            "heal_power", "Heal (power)",
            (Param("patient", "Heal", "choice", key, choices_of(patients)),
             Param("faces", "Rolled at the table (faces in order)", "text", "")),
            why_not=out_reason(combatant),
            hint="Outside a rest: the healer rolls the Heal power's pool, one extra d4 "
                 "per five points for the patient, who rolls like in a rest phase (Heal "
                 "power; Resting and Healing)"))
    return out


def train(state: ProtectorFight, key: str, values: Values, roller: Roller) -> Done:
    rolls = table_roller(roller, parse_faces(values.get("faces", "")))
    step = state.scene.train(key, str(values.get("kind", "")), str(values.get("target", "")),
                             int(values.get("spend", 1)), rolls, int(values.get("steps", 0)))
    all_faces_used(rolls)
    done, lines = state.with_scene(step)
    return done, [f"Training phase: {line}" for line in lines]


def heal_power(state: ProtectorFight, key: str, values: Values, roller: Roller) -> Done:
    powers = heal_powers(state, key)
    if not powers:
        raise CombatError(f"{key} has no Heal power")
    patient = str(values.get("patient") or key)
    if state.combatant(patient).challenge:
        raise CombatError(f"{patient} is a challenge: it does not heal")
    why = out_reason(state.combatant(key))
    if why:
        raise CombatError(why)
    rolls = table_roller(roller, parse_faces(values.get("faces", "")))
    read = read_side(state, (key,), Typed((powers[0],)))
    combatants, side = throw(state.scene.combatants, [key], read.picks, rolls,
                             deplete=False)
    extra = side.value // help_points_per_die()
    lines = [f"{key} uses {powers[0]} on {patient}: {side.roll.describe()} → {extra} extra "
             f"{rest_die()}{'' if extra == 1 else 's'} (Heal power)"]
    healed = combatants[patient]
    sides = rest_die().sides
    for source in healed.sources():
        pool = healed.pool(source)
        bonus = extra if source == ENERGY else 0
        if not pool.on_table and not pool.removed:
            continue
        faces = rolls.throw(pool.ready, sides, why="heal power").faces if pool.ready else ()
        added = rolls.throw(bonus, sides, why="heal power help").faces if bonus else ()
        every = faces + added
        pool, returned = pool.restore(rest_returns(every))
        cured, group = 0, healing_group(every)
        if group is not None and pool.removed:
            pool, cured = pool.heal(1)
        healed = healed.with_pool(source, pool)
        lines.append(RestRoll(patient, source, faces, added, returned, cured,
                              group if cured else None).describe())
    all_faces_used(rolls)
    scene = replace(state.scene, combatants={**combatants, patient: healed})
    return replace(state, scene=scene), lines
