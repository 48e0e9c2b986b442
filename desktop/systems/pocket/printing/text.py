"""A Pocket Universe character as text (Markdown, BBCode, plain): the Character Record
Sheet's boxes in its words, read from the same ``sheet_view`` the PDF sheet prints.
No reportlab."""

from __future__ import annotations

from desktop.systems import SYSTEMS
from desktop.systems.pocket.printing.view import Cell, PocketSheetView, sheet_view
from desktop.systems.pocket.rules.character import PocketCharacter
from desktop.text.document import TextDocument, document, fields, paragraph, section, table

DAMAGE_ROLLS = ("1-2", "3-8", "9-10")
"""The damage columns' headings: the 1d10 roll that picks each number (as printed)."""


def text_document(character: PocketCharacter) -> TextDocument:
    return view_document(sheet_view(character))


def _cell(cell: Cell) -> str:
    value = "/".join(cell.triplet) if cell.triplet else cell.value
    return f"{value} ({cell.note})" if cell.note and value else value or cell.note


def view_document(view: PocketSheetView) -> TextDocument:
    return document(
        view.name, " · ".join(p for p in (view.role, SYSTEMS["pocket"].name) if p),
        section("Character", fields(("Player", view.player), ("Age", view.age),
                                    ("Sex", view.sex))),
        section("Attributes", table(("Attribute", "Score"),
                                    ((f"{a.label} ({a.name})", a.score)
                                     for a in view.attributes)),
                fields(*((c.caption, _cell(c)) for a in view.attributes for c in a.cells))),
        section("Personal Traits", table(("Trait", "Kind", "Points"),
                                         ((t.label, t.kind, t.points) for t in view.traits)),
                paragraph(view.trait_balance if view.traits else "")),
        section("Skills", table(("Skill", "Attr.", "Score", "EPs"),
                                ((s.label, s.attribute, s.score, s.eps) for s in view.skills)),
                paragraph(view.skills_summary),
                table(("Language", "Level", "Reads", "EPs"),
                      ((x.name, x.level, x.reads, x.eps) for x in view.languages))),
        section("Weapons", table(("Weapon", "Skill", "+ Hit", "= Total", "Range",
                                  *DAMAGE_ROLLS),
                                 ((w.name, w.skill, w.hit, w.total, w.range, *w.damage)
                                  for w in view.weapons)),
                paragraph("Skill + Hit = Total; damage by 1d10." if view.weapons else "")),
        section("Defenses", table(("Defense", "Skill Name", "Skill", "Modifiers", "Total"),
                                  ((d.kind, d.skill_name, d.skill, d.modifiers, d.total)
                                   for d in view.defenses)),
                paragraph("The first line of each is in use." if view.defenses else "")),
        section("Shield and Armor",
                table(("Shield", "+ Parry", "Hits", "PHYS", "Notes"),
                      ((s.name, s.parry, s.hits, s.phys, s.notes) for s in view.shields)),
                table(("Armor", "Name", "DEFT limit", "Physical", "Energy", "Vs knockout"),
                      ((a.what, a.name, a.deft_limit, a.physical, a.energy, a.knockout)
                       for a in view.armor))),
        section("Contacts", table(("Contact", "Sex, age", "Location", "Standing", "Notes",
                                   "Pts"),
                                  ((c.name, c.who, c.location, c.standing, c.notes, c.points)
                                   for c in view.contacts)),
                paragraph(view.contact_summary if view.contacts else "")),
        section("Equipment and Money", paragraph(view.equipment), fields(("Money", view.money))),
        section("Description and Notes", paragraph(view.description), paragraph(view.notes)),
    )
