"""Two powers of the Powers appendix as GM actions, for a combatant that has them.

* Deplete the strength of materials (Impair 6): "Roll for this power's pool, for every
  ten points rolled the power depletes one die of the material. This may reduce the
  damage of a weapon, weaken the defense of body armor or slow a vehicle … they most
  often involve depleting agents." The material is another combatant's agent.
* Damage absorption (Protection 4): "When successfully using this power to defend
  against an attack, the character can roll to heal. For every ten points this power is
  over an attack number, the character can re-roll a die once."

Ours (the appendix is silent): the power's roll is one die of its pool unless the GM
types more, and its 1s deplete as in any roll; the healing roll is a rest roll of the
pool the GM picks (its ready dice as d4s: each multiple returns depleted dice, a pair
heals a damage die) with nothing restored automatically; each re-roll throws again, once,
a die that is in no multiple (the lowest first). Dice rolled at the table may be typed,
faces in order.
"""

from __future__ import annotations

from collections import Counter
from dataclasses import replace

from desktop.model.combat_rules import Action, Param
from desktop.model.dice import Roller
from desktop.systems.protector.fight.gm_dice_text import (
    SYNTAX,
    Typed,
    all_faces_used,
    read_side,
    table_roller,
)
from desktop.systems.protector.fight.gm_state import Done, ProtectorFight, Values, out_reason
from desktop.systems.protector.fight.pools import ENERGY, CombatError, PoolChange, throw
from desktop.systems.protector.fight.rest import RestRoll, healing_group, rest_returns
from desktop.systems.protector.rules.combat_tables import rest_die
from desktop.systems.protector.rules.ledger import power_label

POINTS_PER_DIE = 10
""""for every ten points": a material die depleted, or a healing die re-rolled."""
DEPLETE = ("impair", "deplete the strength of materials")
ABSORB = ("protection", "damage absorption")


def powers_of(state: ProtectorFight, key: str, kind: tuple[str, str]) -> list[str]:
    """``key``'s active powers of the appendix entry ``kind`` (category, application),
    as its agents' names; a power named after the entry counts too."""
    category, application = kind
    character = state.characters.get(key)
    named = {power_label(p, i) for i, p in enumerate(getattr(character, "powers", ()))
             if p.active and p.category == category
             and p.application.strip().casefold() == application}
    return [name for name, agent in state.combatant(key).agents.items()
            if agent.kind == "power" and (name in named or name.casefold() == application)]


def _materials(state: ProtectorFight, key: str) -> tuple[tuple[str, str], ...]:
    return tuple((f"{k}|{n}", f"{k}: {n}") for k, c in state.scene.combatants.items()
                 if k != key for n, a in c.agents.items()
                 if a.kind != "power" and a.pool.ready)


def actions(state: ProtectorFight, key: str) -> list[Action]:
    """The appendix powers ``key`` has, as actions (none: nothing offered)."""
    out: list[Action] = []
    why = ((None if state.scene.started else "play has not started: start the scene "
            "first") or out_reason(state.combatant(key)))
    dice = Param("dice", f"Its dice (blank: one die of the power): {SYNTAX}", "text", "")
    if powers_of(state, key, DEPLETE):
        materials = _materials(state, key)
        out.append(Action(
            "deplete_materials", "Deplete materials",
            (Param("material", "Material", "choice", materials[0][0] if materials else "",
                   materials or (("", "no agent with ready dice"),)), dice),
            why_not=why or (None if materials else "no other combatant has an agent "
                                                  "with ready dice"),
            hint="Deplete the strength of materials (Powers, Impair): roll the power; "
                 "every ten points deplete one die of the material, e.g. a weapon, body "
                 "armor or a vehicle"))
    if powers_of(state, key, ABSORB):
        sources = state.combatant(key).sources()
        out.append(Action(
            "absorb", "Absorb damage",
            (Param("attack", "Attack number it defended against", default=0, minimum=0,
                   maximum=100_000),
             Param("pool", "Heal", "choice", ENERGY,
                   tuple((s, "energy" if s == ENERGY else s) for s in sources)),
             dice),
            why_not=why,
            hint="Damage absorption (Powers, Protection): the power beats the attack "
                 "number, then a healing roll (the pool's ready dice as d4s, like at "
                 "rest); every ten points over the attack re-roll a die once. The app's "
                 "reading: a die in no multiple is re-rolled, the lowest first"))
    return out


def _power_roll(state: ProtectorFight, key: str, power: str, values: Values,
                roller: Roller) -> tuple[ProtectorFight, int, str]:
    """The power's roll: its value and the log's words; 1s deplete as in any roll."""
    typed = Typed.read(values.get("dice") or power)
    if not typed.items:
        typed = replace(typed, items=(power,))
    read = read_side(state, (key,), typed)
    combatants, side = throw(state.scene.combatants, [key], read.picks, roller)
    state = replace(state, scene=replace(state.scene, combatants=combatants))
    changes = "".join(f"; {c.describe()}" for c in side.changes)
    return state, side.value, f"{side.roll.describe()}{changes}"


def deplete_materials(state: ProtectorFight, key: str, values: Values,
                      roller: Roller) -> Done:
    (power, *_) = powers_of(state, key, DEPLETE) or (None,)
    if power is None:
        raise CombatError(f"{key} has no power to deplete the strength of materials")
    owner, _, agent = str(values.get("material") or "").partition("|")
    if not agent:
        raise CombatError("choose the material: another combatant's agent")
    before = state.combatant(owner).agent(agent).pool
    rolls = table_roller(roller, Typed.read(values.get("dice")).faces)
    state, value, rolled = _power_roll(state, key, power, values, rolls)
    all_faces_used(rolls)
    count = value // POINTS_PER_DIE
    lines = [f"{key} uses {power} on {owner}'s {agent}: {rolled} → {count} "
             f"{'die' if count == 1 else 'dice'} depleted (every ten points, one die)"]
    if count:
        target = state.combatant(owner)
        after = before.deplete(min(count, before.ready))
        change = PoolChange(owner, agent, before, after, f"loses {before.ready - after.ready}"
                            f" to {key}'s {power}")
        scene = replace(state.scene, combatants={**state.scene.combatants,
                                                 owner: target.with_pool(agent, after)})
        state = replace(state, scene=scene)
        lines.append(change.describe())
    return state, lines


def _rerolled(faces: list[int], times: int, roller: Roller, sides: int) -> list[str]:
    """Re-roll, once each, dice in no multiple (lowest first); the words for the log."""
    said: list[str] = []
    done: set[int] = set()
    for _ in range(times):
        counts = Counter(faces)
        lone = sorted((f, i) for i, f in enumerate(faces) if counts[f] == 1 and i not in done)
        if not lone:
            break
        face, index = lone[0]
        (new,) = roller.throw(1, sides, why="absorb re-roll").faces
        faces[index] = new
        done.add(index)
        said.append(f"{face}→{new}")
    return said


def absorb(state: ProtectorFight, key: str, values: Values, roller: Roller) -> Done:
    (power, *_) = powers_of(state, key, ABSORB) or (None,)
    if power is None:
        raise CombatError(f"{key} has no Damage absorption power")
    attack = int(values.get("attack") or 0)
    source = str(values.get("pool") or ENERGY)
    state.combatant(key).pool(source)
    rolls = table_roller(roller, Typed.read(values.get("dice")).faces)
    state, value, rolled = _power_roll(state, key, power, values, rolls)
    head = f"{key} absorbs with {power}: {rolled} against attack {attack}"
    if value <= attack:
        all_faces_used(rolls)
        return state, [f"{head}: not over the attack, nothing absorbed"]
    rerolls = (value - attack) // POINTS_PER_DIE
    c = state.combatant(key)
    pool = c.pool(source)
    sides = rest_die().sides
    faces = list(rolls.throw(pool.ready, sides, why="absorb").faces) if pool.ready else []
    said = _rerolled(faces, rerolls, rolls, sides)
    all_faces_used(rolls)
    after, returned = pool.restore(rest_returns(faces))
    cured, group = 0, healing_group(faces)
    if group is not None and after.removed:
        after, cured = after.heal(1)
    scene = replace(state.scene, combatants={**state.scene.combatants,
                                             key: c.with_pool(source, after)})
    again = (f"; {rerolls} re-roll{'' if rerolls == 1 else 's'}"
             + (f" ({', '.join(said)})" if said else " (no die to re-roll)")
             if rerolls else "")
    healed = RestRoll(key, source, tuple(faces), (), returned, cured,
                      group if cured else None).describe()
    lines = [f"{head}: {value - attack} over{again}",
             healed.replace(" rests: ", " rolls to heal: ", 1)]
    return replace(state, scene=scene), lines

