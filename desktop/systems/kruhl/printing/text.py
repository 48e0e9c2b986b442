"""A Warlords of Kruhl character as text (Markdown, BBCode, plain): the sheet's boxes in
the sheet's words, read from the same ``sheet_view`` the PDF sheet prints. The sheet's
reference tables (difficulties, range bands, the conditions list) stay on paper: a post
shows the conditions in effect. No reportlab."""

from __future__ import annotations

from desktop.systems import SYSTEMS
from desktop.systems.kruhl.printing.view import KruhlSheetView, sheet_view
from desktop.systems.kruhl.rules.character import KruhlCharacter
from desktop.text.document import TextDocument, document, fields, paragraph, section, table


def text_document(character: KruhlCharacter) -> TextDocument:
    return view_document(sheet_view(character))


def view_document(view: KruhlSheetView) -> TextDocument:
    ticked = [c for c in view.conditions if c.ticked]
    return document(
        view.name + (" (rabble)" if view.rabble else ""),
        " · ".join(p for p in (view.concept, SYSTEMS["kruhl"].name) if p),
        section("Character", fields(("Player", view.player))),
        section("Attributes", table(("Attribute", "Score", "Note"),
                                    ((s.label, s.value, s.note) for s in view.scores)),
                fields(("Initiative", view.initiative))),
        section("Endurance", fields(("Endurance", view.endurance_note),
                                    ("Stunning damage", view.stun or None),
                                    ("Plot Points", view.plot_points))),
        section("Combat", fields(*((r.label, r.text) for r in view.combat))),
        section("Skills", table(("Skill", "Level", "Attribute", "Adds", "You roll"),
                                ((s.name, s.level, s.attribute, s.adds, s.roll)
                                 for s in view.skills)),
                paragraph(view.skills_note)),
        section("Equipment", table(("Item", "Rating", "Helps", "Notes"),
                                   ((e.name, e.rating, e.helps, e.notes)
                                    for e in view.equipment))),
        section("Conditions", table(("Condition", "Effect", "Recover"),
                                    ((c.label, c.effect, c.recover) for c in ticked))),
        section("Description and Notes", paragraph(view.description), paragraph(view.notes)),
    )
