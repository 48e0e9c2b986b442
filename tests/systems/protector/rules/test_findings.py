"""Protector findings as listed: each cites the book and names a field; the energy pool."""

from __future__ import annotations

from desktop.model.findings import Severity
from desktop.systems.protector.rules.character import ProtectorCharacter, Trait, TraitDice
from desktop.systems.protector.rules.derived import derive
from tests.systems.protector.helpers import finished, has

E, W, I = Severity.ERROR, Severity.WARNING, Severity.INFO  # noqa: E741


def test_findings_cite_the_book_and_name_a_field() -> None:
    derived = derive(ProtectorCharacter())
    assert derived.findings
    for finding in derived.findings:
        assert str(finding.rule).startswith("Protector, ") and finding.field


def test_overspending_energy_is_an_error() -> None:
    derived = derive(finished(trait_dice=TraitDice(skill=10),
                              traits=[Trait(name="Math", type="skill", steps=40)]))
    assert derived.energy_dice == -1
    assert has(derived, E, "11 energy dice spent of 10: 1 over", "energy_pool")


def test_no_energy_left_is_a_warning_and_a_gm_pool_is_noted() -> None:
    derived = derive(finished(trait_dice=TraitDice(skill=10),
                              traits=[Trait(name="Math", type="skill", steps=40)],
                              energy_pool=11))
    assert derived.energy_dice == 0
    assert has(derived, W, "No energy dice left") and has(derived, I, "set by the GM")


def test_the_no_name_finding_cites_the_books_sheet() -> None:
    # Character Generation says nothing of names; the book's sheet opens with "Name".
    from desktop.systems.protector.rules.character import ProtectorCharacter
    from desktop.systems.protector.rules.derived import derive

    (finding,) = [f for f in derive(ProtectorCharacter(name="")).findings
                  if f.field == "name"]
    assert finding.rule.section == "Character Sheet (Name)"
