"""A Powers character as text (Markdown, BBCode, plain): the sheet's boxes and each
power's card in their words, read from the same ``sheet_view`` the PDF sheet prints.
No reportlab."""

from __future__ import annotations

from desktop.systems import SYSTEMS
from desktop.systems.powers.printing.view import PowersSheetView, PowerView, sheet_view
from desktop.systems.powers.rules.character import PowersCharacter
from desktop.text.document import (
    Section,
    TextDocument,
    document,
    fields,
    paragraph,
    section,
    table,
)


def text_document(character: PowersCharacter) -> TextDocument:
    return view_document(sheet_view(character))


def _power(power: PowerView) -> Section | None:
    return section(f"Power: {power.name} ({power.rating_text})",
                   paragraph(power.fluff),
                   fields(*((p.label, p.text) for p in power.pools)),
                   table(("Component", "Choices", "Cost", "How"),
                         ((c.label, c.choices, c.cost, c.breakdown)
                          for c in power.components)))


def view_document(view: PowersSheetView) -> TextDocument:
    damage = ", ".join(f"{n} {kind}" for kind, n in view.damage if n)
    return document(
        view.name, " · ".join(p for p in (view.concept, SYSTEMS["powers"].name) if p),
        section("Character", fields(("Player", view.player))),
        section("Attributes", table(
            ("Attribute", "Dice", "Rolled for"),
            ((a.label, f"{a.dice}" + (" hit points" if a.key == "health" else " dice"), a.note)
             for a in view.attributes))),
        section("Hit Points", fields(("Hit Points", view.hit_note), ("Damage", damage),
                                     ("Initiative", f"{view.initiative_dice} dice "
                                                    f"({view.initiative_note})"))),
        section("Defences", table(("Roll", "Pool"), ((p.label, p.text) for p in view.defences))),
        *(_power(p) for p in view.powers),
        section("Costs", paragraph(" · ".join(
            p for p in (view.table_label, view.table_warning) if p) if view.powers else "")),
        section("Description and Notes", paragraph(view.description), paragraph(view.notes)),
    )
