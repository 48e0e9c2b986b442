"""Findings on traits and the steps bought for them (Character Generation, Choosing
Traits; Different Trait Types; The Energy System, Traits): steps bought against steps on
traits, each trait type's own rules, and steps put on more dice than a trait has. Reads
the character, the ledger's step budgets and the merged traits (``traits``).
"""

from __future__ import annotations

from desktop.model.findings import Finding, Severity
from desktop.systems.protector.rules.character import BoughtType, ProtectorCharacter
from desktop.systems.protector.rules.citations import R_STEPS, R_TRAIT_TYPES, R_TRAITS
from desktop.systems.protector.rules.ledger import StepBudget
from desktop.systems.protector.rules.traits import DerivedTrait

E, W, I = Severity.ERROR, Severity.WARNING, Severity.INFO  # noqa: E741
TRADE_STEPS = 3


def budget_findings(steps: dict[BoughtType, StepBudget]) -> list[Finding]:
    """Steps bought per type against the steps put on traits (RULINGS Protector 2)."""
    out: list[Finding] = []
    for kind, budget in steps.items():
        rule = R_TRAIT_TYPES if kind == "conditional" else R_TRAITS
        if budget.unassigned < 0:
            out.append(Finding(E, f"{budget.assigned} {kind} steps on traits, but "
                                  f"{budget.bought} bought ({budget.dice} dice × "
                                  f"{budget.per_die}"
                                  + (f" + {budget.from_limits} from limits" if
                                     budget.from_limits else "")
                                  + f"): buy another {kind} die", rule, f"trait_dice.{kind}"))
        elif budget.unassigned > 0:
            out.append(Finding(I, f"{budget.unassigned} {kind} step"
                                  f"{'s' if budget.unassigned != 1 else ''} bought, not yet "
                                  "on a trait", rule, f"trait_dice.{kind}"))
    return out


def trait_findings(character: ProtectorCharacter,
                   traits: tuple[DerivedTrait, ...]) -> list[Finding]:
    """Each trait entry against its type's rules; each merged trait against its dice."""
    out: list[Finding] = []
    for index, trait in enumerate(character.traits):
        where = f"traits.{index}"
        if trait.type == "trade" and trait.steps != TRADE_STEPS:
            out.append(Finding(E, f"Trade {trait.name}: a trade gives {TRADE_STEPS} steps, "
                                  f"not {trait.steps}", R_TRAIT_TYPES, f"{where}.steps"))
        if trait.type == "limit":
            if trait.steps:
                out.append(Finding(E, f"Limit {trait.name}: a limit has no steps of its own; "
                                      "it gives skill steps to spend on skills",
                                   R_TRAIT_TYPES, f"{where}.steps"))
            if trait.limit is None:
                out.append(Finding(E, f"Limit {trait.name} needs its value (5 gives nothing, "
                                      "3 gives 2 skill steps)", R_TRAIT_TYPES,
                                   f"{where}.limit"))
        elif trait.limit is not None:
            out.append(Finding(W, f"{trait.name}: only a limit has a limit value",
                               R_TRAIT_TYPES, f"{where}.limit"))
        if trait.type in ("conditional", "limit") and not trait.condition.strip():
            what = "trigger" if trait.type == "conditional" else "tests it caps"
            out.append(Finding(W, f"{trait.type.capitalize()} {trait.name}: define the "
                                  f"{what}", R_TRAIT_TYPES, f"{where}.condition"))
    for trait in traits:
        if trait.dice and sum(trait.dice) > trait.steps:
            out.append(Finding(E, f"{trait.name}: {sum(trait.dice)} steps put on dice, but it "
                                  f"has {trait.steps}", R_STEPS,
                               (trait.fields or ("traits",))[0] + ".dice"))
    return out
