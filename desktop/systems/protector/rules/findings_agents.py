"""Findings on agents (Character Generation, Making Agents; Equipment; Super Inventions;
Assistants; Equipment Construction): names, build dice against what traits and
properties cost, the invention power an agent is made with, its traits' types and
dice, and depleted dice. Reads the character and the ledger's power and agent pools.
"""

from __future__ import annotations

from collections import Counter

from desktop.model.findings import Finding, Severity
from desktop.systems.protector.rules import catalog
from desktop.systems.protector.rules.character import Agent, Power, ProtectorCharacter
from desktop.systems.protector.rules.citations import (
    R_AGENTS,
    R_ASSISTANTS,
    R_CONSTRUCTION,
    R_DEPLETION,
    R_EQUIPMENT,
    R_INVENTIONS,
    R_STEPS,
)
from desktop.systems.protector.rules.findings_effects import effect_findings
from desktop.systems.protector.rules.ledger import AgentPool, PowerPool

E, W, I = Severity.ERROR, Severity.WARNING, Severity.INFO  # noqa: E741


def agent_findings(character: ProtectorCharacter, powers: tuple[PowerPool, ...],
                   agents: tuple[AgentPool, ...]) -> list[Finding]:
    """Every agent of the character, with its pool (``agents``, in the same order)."""
    out: list[Finding] = []
    names = Counter(a.name for a in character.agents)
    by_name = {p.name: (p, character.powers[p.index]) for p in powers}
    minimum = catalog.agent_rules().minimum_pool.dice
    for pool, agent in zip(agents, character.agents, strict=True):
        where = f"agents.{pool.index}"
        label = f"Agent {agent.name}"
        if names[agent.name] > 1:
            out.append(Finding(W, f"{names[agent.name]} agents are called {agent.name}: name "
                                  "them apart", R_AGENTS, f"{where}.name"))
        if pool.build == 0:
            out.append(Finding(E, f"{label} has no dice: each energy die spent on it gives "
                                  "6", R_AGENTS, f"{where}.energy_dice"))
        elif pool.pool < 0:
            spent = pool.traits_cost + pool.properties_cost
            out.append(Finding(E, f"{label}: its traits and properties cost {spent} "
                                  f"of {pool.build} build dice: {-pool.pool} over", R_AGENTS,
                               f"{where}.traits"))
        elif pool.pool < minimum and agent.kind == "equipment":
            out.append(Finding(E, f"{label}: one build die must go to its pool",
                               R_CONSTRUCTION, f"{where}.traits"))
        out += _invention_findings(agent, where, label, by_name)
        out += _agent_trait_findings(agent, where, label)
        if agent.kind == "equipment" or agent.properties:
            out += effect_findings(agent.properties, f"{where}.properties", label,
                                    "equipment")
        if agent.depleted + agent.damaged > max(pool.pool, 0):
            out.append(Finding(E, f"{label}: {agent.depleted + agent.damaged} dice depleted "
                                  f"or damaged of a pool of {max(pool.pool, 0)}", R_DEPLETION,
                               f"{where}.depleted"))
    return out


def _invention_findings(agent: Agent, where: str, label: str,
                        powers: dict[str, tuple[PowerPool, Power]]) -> list[Finding]:
    if agent.invention_of is None:
        return []
    found = powers.get(agent.invention_of.strip())
    if found is None:
        return [Finding(E, f"{label} is an invention of {agent.invention_of!r}, which the "
                           "character does not have", R_INVENTIONS, f"{where}.invention_of")]
    pool, power = found
    if not power.invention:
        return [Finding(E, f"{label}: {pool.name} is not marked as an invention power",
                        R_INVENTIONS, f"{where}.invention_of")]
    if not power.active and agent.energy_dice:
        return [Finding(E, f"{label}: {pool.name} is latent, so it gives no build dice",
                        R_INVENTIONS, f"{where}.invention_of")]
    return []


def _agent_trait_findings(agent: Agent, where: str, label: str) -> list[Finding]:
    out: list[Finding] = []
    if agent.kind == "equipment" and not agent.types:
        out.append(Finding(W, f"{label}: equipment gets a type (Weapon, Defense, Movement…)",
                           R_EQUIPMENT, f"{where}.types"))
    for index, trait in enumerate(agent.traits):
        t_where = f"{where}.traits.{index}"
        if agent.kind == "assistant" and trait.type not in ("skill", "character"):
            out.append(Finding(W, f"{label}: an assistant's traits are skills",
                               R_ASSISTANTS, t_where))
        elif (agent.kind == "equipment" and trait.type not in ("skill", "character")
              and trait.type not in agent.types):
            type_name = catalog.agent_rules().equipment_type(trait.type).name
            out.append(Finding(I, f"{label}: a {type_name} trait, but it does not have the "
                                  f"{type_name} type", R_EQUIPMENT, t_where))
        if trait.dice and sum(trait.dice) > trait.steps:
            out.append(Finding(E, f"{label}: {sum(trait.dice)} steps put on dice, but "
                                  f"{trait.name or trait.type} has {trait.steps}", R_STEPS,
                               f"{t_where}.dice"))
    return out
