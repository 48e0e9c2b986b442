"""Creation findings, in the order they are listed: the name, the energy pool, the life
path and the steps bought (player characters only), traits, powers, agents and internal
conflicts. Each finding cites the book section (or ruling) it rests on and names the
field it concerns. Reads the character and the earlier steps of ``derived`` only (the
ledger, the merged traits, the next life-path step); the topics are ``findings_*``.
"""

from __future__ import annotations

from desktop.model.findings import Finding, Severity, missing_name
from desktop.systems.protector.rules.character import ProtectorCharacter
from desktop.systems.protector.rules.citations import (
    R_CONFLICT,
    R_DAMAGE,
    R_DEPLETION,
    R_SHEET,
    R_START,
)
from desktop.systems.protector.rules.findings_agents import agent_findings
from desktop.systems.protector.rules.findings_lifepath import life_path_findings
from desktop.systems.protector.rules.findings_powers import power_findings
from desktop.systems.protector.rules.findings_traits import budget_findings, trait_findings
from desktop.systems.protector.rules.ledger import Ledger
from desktop.systems.protector.rules.lifepath_steps import Step
from desktop.systems.protector.rules.traits import DerivedTrait

E, W, I = Severity.ERROR, Severity.WARNING, Severity.INFO  # noqa: E741
STARTING_POOL = 10


def findings(character: ProtectorCharacter, ledger: Ledger, traits: tuple[DerivedTrait, ...],
             step: Step) -> list[Finding]:
    """Every finding on the character, topic by topic."""
    out: list[Finding] = []
    if (no_name := missing_name(character.name, R_SHEET)) is not None:
        out.append(no_name)
    out += _energy_findings(character, ledger)
    if not character.npc:
        out += life_path_findings(character, step)
        out += budget_findings(ledger.steps)
    out += trait_findings(character, traits)
    out += power_findings(character, ledger.powers, traits, step)
    out += agent_findings(character, ledger.powers, ledger.agents)
    for index, conflict in enumerate(character.conflicts):
        if not conflict.trigger.strip():
            out.append(Finding(W, f"Internal conflict {conflict.conflict!r} needs a trigger "
                                  "broad enough to be commonly encountered", R_CONFLICT,
                               f"conflicts.{index}.trigger"))
    return out


def _energy_findings(character: ProtectorCharacter, ledger: Ledger) -> list[Finding]:
    """The energy pool: as the GM set it, overspent, empty, or more marked than it has."""
    out: list[Finding] = []
    energy_dice = ledger.left
    if not character.npc and character.energy_pool != STARTING_POOL:
        out.append(Finding(I, f"Starting pool of {character.energy_pool} dice set by the GM "
                              f"({STARTING_POOL} recommended)", R_START, "energy_pool"))
    if energy_dice < 0:
        out.append(Finding(E, f"{ledger.spent} energy dice spent of {ledger.gained}: "
                              f"{-energy_dice} over", R_START, "energy_pool"))
    elif energy_dice == 0 and not character.npc:
        out.append(Finding(W, "No energy dice left: the character is out of play until "
                              "dice come back", R_DEPLETION, "energy_pool"))
    state = character.energy
    if state.depleted + state.damaged > max(energy_dice, 0):
        out.append(Finding(E, f"{state.depleted} depleted and {state.damaged} damaged dice, "
                              f"but the pool has {max(energy_dice, 0)}",
                           R_DAMAGE, "energy.depleted"))
    return out
