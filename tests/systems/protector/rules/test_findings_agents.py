"""Findings on agents (and their properties): build dice, inventions, traits."""

from __future__ import annotations

from desktop.model.findings import Severity
from desktop.systems.protector.rules.character import Agent, AgentTrait, Effect, EventLink, Power
from desktop.systems.protector.rules.derived import derive
from tests.systems.protector.helpers import finished, has

E, W, I = Severity.ERROR, Severity.WARNING, Severity.INFO  # noqa: E741


def test_agent_findings() -> None:
    agents = [
        Agent(name="Nothing", types=["tool"]),
        Agent(name="Overbuilt", types=["weapon"], energy_dice=1,
              traits=[AgentTrait(name="Damage", type="weapon", steps=6)]),
        Agent(name="Untyped", energy_dice=1, properties=[Effect(name="Immunity"),
                                                         Effect(name="Long Ranged")]),
        Agent(name="Butler", kind="assistant", energy_dice=1,
              traits=[AgentTrait(name="Guard", type="defense", steps=1)]),
        Agent(name="Gadget", invention_of="Nowhere", energy_dice=1, types=["tool"]),
        Agent(name="Car", types=["movement"], energy_dice=2,
              traits=[AgentTrait(name="Cargo", type="capacity", steps=1, dice=[2])],
              depleted=20),
        Agent(name="Car", types=["movement"], gained_dice=1),
    ]
    derived = derive(finished(agents=agents))
    assert has(derived, E, "Agent Nothing has no dice", "agents.0.energy_dice")
    assert has(derived, E, "one build die must go to its pool", "agents.1")
    assert has(derived, W, "Untyped: equipment gets a type", "agents.2.types")
    assert has(derived, W, "the book gives Immunity to powers only", "agents.2.properties.0")
    assert has(derived, E, "Long Ranged requires Ranged", "agents.2.properties.1")
    assert has(derived, W, "an assistant's traits are skills", "agents.3.traits.0")
    assert has(derived, E, "an invention of 'Nowhere', which the character does not have")
    assert has(derived, I, "a Capacity trait, but it does not have the Capacity type")
    assert has(derived, E, "2 steps put on dice, but Cargo has 1", "agents.5.traits.0.dice")
    assert has(derived, E, "20 dice depleted or damaged of a pool of 11", "agents.5.depleted")
    assert has(derived, W, "2 agents are called Car")
    over = derive(finished(agents=[Agent(name="Tank", types=["weapon"], energy_dice=1,
                                         traits=[AgentTrait(type="character", steps=4)])]))
    assert has(over, E, "cost 8 of 6 build dice: 2 over", "agents.0")


def test_invention_power_must_be_one_and_active() -> None:
    powers = [Power(name="Gizmos", category="generate", application="Invention",
                    event=EventLink(decade=0, event=0))]
    agent = Agent(name="Boots", types=["movement"], invention_of="Gizmos", energy_dice=1)
    not_marked = derive(finished(powers=powers, agents=[agent]))
    assert has(not_marked, E, "Gizmos is not marked as an invention power")
    latent = derive(finished(powers=[powers[0].model_copy(update={"invention": True})],
                             agents=[agent]))
    assert has(latent, E, "Gizmos is latent, so it gives no build dice")
