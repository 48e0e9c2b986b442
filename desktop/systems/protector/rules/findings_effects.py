"""Findings on a power's effects or an equipment's properties (Character Generation,
Powers (effects); Making Agents, Equipment, Properties): names not in the book, effects
the book gives to the other kind only, duplicates, prerequisites and notes. Reads the
character's effects and the book's list (``catalog``).
"""

from __future__ import annotations

from desktop.model.findings import Finding, Severity
from desktop.systems.protector.rules import catalog
from desktop.systems.protector.rules.character import Effect
from desktop.systems.protector.rules.citations import R_EFFECTS, R_PROPERTIES

E, W, I = Severity.ERROR, Severity.WARNING, Severity.INFO  # noqa: E741


def effect_findings(effects: list[Effect], where: str, label: str, kind: str) -> list[Finding]:
    """Prerequisites, duplicates and names not in the book (powers' effects or equipment
    properties)."""
    out: list[Finding] = []
    rule = R_EFFECTS if kind == "power" else R_PROPERTIES
    names = [e.name.strip().casefold() for e in effects]
    seen: set[str] = set()
    for index, effect in enumerate(effects):
        e_where = f"{where}.{index}"
        row = catalog.effect(effect.name)
        key = effect.name.strip().casefold()
        if row is None:
            out.append(Finding(W, f"{label}: {effect.name!r} is not in the book's list; the "
                                  "GM must approve it (1 die)", rule, e_where))
        elif (row.power if kind == "power" else row.equipment) is None:
            out.append(Finding(W, f"{label}: the book gives {row.name} to "
                                  f"{'equipment' if kind == 'power' else 'powers'} only",
                               rule, e_where))
        if key in seen and key != "limit":
            out.append(Finding(E, f"{label}: {effect.name} taken twice", rule, e_where))
        seen.add(key)
        if row is not None and row.requires and row.requires.casefold() not in names:
            out.append(Finding(E, f"{label}: {row.name} requires {row.requires}", rule,
                               e_where))
        if row is not None and row.name == "Limit" and not effect.note.strip():
            out.append(Finding(W, f"{label}: say how the Limit limits it", rule,
                               f"{e_where}.note"))
        if row is not None and row.name == "No Deplete" and kind == "power" and not (
                effect.note.strip()):
            out.append(Finding(I, f"{label}: No Deplete names a point on the body or a kind "
                                  "of attack that can damage the power", rule,
                               f"{e_where}.note"))
    return out
