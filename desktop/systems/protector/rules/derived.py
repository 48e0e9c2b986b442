"""Protector derived values and creation findings: pure functions of a character.

Nothing here is stored. ``derive`` is the one place that computes them, in this order,
each step's module reading only the character and the steps before it:

1. the character (``character``): the saved inputs;
2. the ledger (``ledger``): what was bought — every energy die spent or gained, the
   steps bought per trait type, and each power's and agent's pool (its dice bought, less
   its effects, steps, traits and properties) (Character Generation; RULINGS Protector 2
   and 3);
3. the traits (``traits``): every trait with all its steps (Decades + bought + trained);
4. where the life path stands (``lifepath_steps``): the next step, and the age by Decades;
5. the findings (``findings``, by topic in ``findings_lifepath``, ``findings_traits``,
   ``findings_powers`` with ``findings_effects``, ``findings_agents``): each cites the
   book section (or ruling) it rests on and names the field it concerns, reading the
   character and steps 2 to 4.

``ProtectorDerived`` holds the results (and ``to_json``, the ``sheetdesk derive`` object).
"""

from __future__ import annotations

from typing import Any, NamedTuple

from desktop.model.dice_pool import Die, Pool
from desktop.model.findings import Finding
from desktop.systems.protector.rules import catalog
from desktop.systems.protector.rules.character import ProtectorCharacter
from desktop.systems.protector.rules.findings import findings
from desktop.systems.protector.rules.ledger import (
    AgentPool,
    Ledger,
    PowerPool,
    build_ledger,
)
from desktop.systems.protector.rules.lifepath_steps import Step, next_step
from desktop.systems.protector.rules.traits import DerivedTrait, merged_traits


class ProtectorDerived(NamedTuple):
    """The derived values of one character (computed in the module's order). A
    NamedTuple, as it costs nothing to declare."""

    era_name: str
    era_dice_per_die: int
    ledger: Ledger
    energy_dice: int
    """Energy dice left after creation spending (and any change since): the pool in play."""
    energy_ready: int
    """Of those, dice not depleted or removed now."""
    traits: tuple[DerivedTrait, ...]
    powers: tuple[PowerPool, ...]
    agents: tuple[AgentPool, ...]
    next_step: Step
    age: str
    findings: list[Finding]

    @property
    def power_pools(self) -> dict[str, list[str]]:
        """Each power's pool dice, its steps assigned (latent powers: no dice)."""
        return {p.name: [str(d) for d in p.dice] for p in self.powers}

    @property
    def agent_pools(self) -> dict[str, list[str]]:
        """Each agent's pool dice (d6s; its traits step them up where they apply)."""
        return {a.name: [str(d) for d in a.dice] for a in self.agents}

    def to_json(self, character: ProtectorCharacter) -> dict[str, Any]:
        """The ``sheetdesk derive --json`` object (keys fixed by PRODUCT.md, then ours)."""
        return {
            "system": "protector",
            "name": character.name,
            "findings": [f.to_json() for f in self.findings],
            "energy_dice": self.energy_dice,
            "power_pools": self.power_pools,
            "agent_pools": self.agent_pools,
            "era": character.era,
            "era_name": self.era_name,
            "power_dice_per_energy_die": self.era_dice_per_die,
            "npc": character.npc,
            "energy_ready": self.energy_ready,
            "energy_spent": self.ledger.spent,
            "energy_gained": self.ledger.gained,
            "ledger": self.ledger.to_json(),
            "steps": {kind: b.to_json() for kind, b in self.ledger.steps.items()},
            "traits": [t.to_json() for t in self.traits],
            "powers": [p.to_json() for p in self.powers],
            "agents": [a.to_json() for a in self.agents],
            "age": self.age,
            "next_step": self.next_step.kind,
            "next_step_prompt": self.next_step.prompt,
        }

    def energy_pool(self, character: ProtectorCharacter) -> Pool:
        """The energy pool in play as a shared ``Pool`` (ready, depleted, awarded,
        removed), for the dice roller and the GM screen."""
        state = character.energy
        return Pool(ready=max(self.energy_ready, 0), depleted=state.depleted,
                    awarded=state.awarded, removed=state.damaged)


def age_of(decades: int) -> str:
    """"10-19" for one Decade, "20-29" for two (Character Generation, Decades)."""
    if decades <= 0:
        return "0-9"
    return f"{decades * 10}-{decades * 10 + 9}"


def derive(character: ProtectorCharacter) -> ProtectorDerived:
    """The derived values and findings of a character, step by step (see the module)."""
    era = catalog.era(character.era)
    ledger = build_ledger(character)
    traits = merged_traits(character)
    step = next_step(character)
    left = ledger.left
    state = character.energy
    return ProtectorDerived(
        era_name=era.name,
        era_dice_per_die=era.dice_per_die,
        ledger=ledger,
        energy_dice=left,
        energy_ready=left - state.depleted - state.damaged,
        traits=traits,
        powers=ledger.powers,
        agents=ledger.agents,
        next_step=step,
        age=age_of(len(character.decades)),
        findings=findings(character, ledger, traits, step),
    )


def pool_dice(derived: ProtectorDerived, what: str) -> list[Die]:
    """The dice of a power or agent by name (power first); [] if none is so named."""
    for power in derived.powers:
        if power.name == what:
            return list(power.dice)
    for agent in derived.agents:
        if agent.name == what:
            return list(agent.dice)
    return []

