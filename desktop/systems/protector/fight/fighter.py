"""From a saved Protector character to a combatant, and back.

``from_character`` reads the pools ``rules.derive`` computes (energy left after
creation; each active power's and each agent's pool) and the in-play state the file
keeps (depleted, damaged and awarded dice), and builds the ``Combatant`` the encounter
works on. ``to_character`` writes a combatant's pools back into a copy of the file's
model, so a fight's depletions and damage can be saved.
"""

from __future__ import annotations

from desktop.model.dice_pool import Pool
from desktop.systems.protector.fight.pools import ENERGY, Agent, Combatant, CombatError
from desktop.systems.protector.rules.character import ProtectorCharacter
from desktop.systems.protector.rules.derived import ProtectorDerived, derive


def _effects(names: list[str]) -> set[str]:
    return {name.strip().casefold() for name in names}


def _pool(size: int, depleted: int, damaged: int) -> Pool:
    """A pool of ``size`` dice of which ``depleted`` are on the table and ``damaged``
    removed (clamped: a file may hold more than the pool has; rules reports that)."""
    size = max(size, 0)
    removed = min(damaged, size)
    on_table = min(depleted, size - removed)
    return Pool(size - removed - on_table, depleted=on_table, removed=removed)


def _unique(name: str, taken: set[str]) -> str:
    candidate, n = name, 2
    while candidate in taken or candidate == ENERGY:
        candidate, n = f"{name} ({n})", n + 1
    taken.add(candidate)
    return candidate


def from_character(character: ProtectorCharacter, key: str | None = None,
                   derived: ProtectorDerived | None = None) -> Combatant:
    """The combatant for a character file: its energy pool and one agent per active
    power (kind "power") and per agent, each with its own pool.

    A power's dice carry its steps: ``steps`` is its best die's (the one die it adds
    without Fast Burn). An agent's ``trait_steps`` are its own-dice traits by
    equipment type (Weapon damage, Defense protection…); ``steps`` their sum, used for
    its damage dice in repairs. Traits of type "character" step up the character's own
    dice and are left to the player's picks.
    """
    derived = derived or derive(character)
    energy = derived.energy_pool(character)
    agents: dict[str, Agent] = {}
    taken: set[str] = set()
    for pool, power in zip(derived.powers, character.powers, strict=True):
        if not power.active or pool.pool <= 0:
            continue
        effects = _effects([e.name for e in power.effects])
        steps = max(pool.stepping.steps_on_dice, default=0)
        name = _unique(pool.name, taken)
        agents[name] = Agent(name, _pool(pool.pool, power.depleted, power.damaged),
                             kind="power", steps=steps, fast_burn="fast burn" in effects,
                             no_deplete="no deplete" in effects)
    for pool, agent in zip(derived.agents, character.agents, strict=True):
        properties = _effects([p.name for p in agent.properties])
        by_type: dict[str, int] = {}
        for trait in agent.traits:
            if trait.type not in ("character",):
                kind = trait.type.capitalize()
                by_type[kind] = by_type.get(kind, 0) + trait.steps
        # Ours: an invention's best die carries its power's steps (Super Inventions: "the
        # super power's pool plus any dice steps"), as a power's own agent does; its
        # traits step that die further.
        inherited = max(pool.steps_on_dice, default=0)
        name = _unique(agent.name, taken)
        agents[name] = Agent(
            name, _pool(pool.pool, agent.depleted, agent.damaged), kind=agent.kind,
            types=frozenset(t.capitalize() for t in agent.types),
            steps=inherited + sum(by_type.values()),
            trait_steps={k: v + inherited for k, v in by_type.items()},
            fast_burn="fast burn" in properties, no_deplete="no deplete" in properties)
    name = key or character.name.strip() or "Unnamed"
    return Combatant(name, energy, agents, player=not character.npc,
                     starting=max(derived.energy_dice, 0) or energy.in_play)


def to_character(combatant: Combatant, character: ProtectorCharacter) -> ProtectorCharacter:
    """A copy of ``character`` holding the combatant's depleted, damaged and awarded
    dice (energy, powers and agents, matched by the names ``from_character`` gave)."""
    new = character.model_copy(deep=True)
    energy = combatant.energy
    new.energy.depleted = energy.depleted
    new.energy.damaged = energy.removed
    new.energy.awarded = energy.awarded
    derived = derive(character)
    taken: set[str] = set()
    for pool, power in zip(derived.powers, new.powers, strict=True):
        if not power.active or pool.pool <= 0:
            continue
        name = _unique(pool.name, taken)
        state = combatant.agents.get(name)
        if state is not None:
            power.depleted, power.damaged = state.pool.on_table, state.pool.removed
    for agent in new.agents:
        name = _unique(agent.name, taken)
        state = combatant.agents.get(name)
        if state is None:
            raise CombatError(f"{combatant.key} has no agent {name!r} to write back")
        agent.depleted, agent.damaged = state.pool.on_table, state.pool.removed
    return new
