"""A Protector character as text (Markdown, BBCode, plain): the sheet's boxes in the
sheet's words, read from the same ``sheet_view`` the PDF sheet prints. No reportlab."""

from __future__ import annotations

from collections.abc import Sequence

from desktop.model.dice_faces import DieFace, DieMark, summary
from desktop.systems import SYSTEMS
from desktop.systems.protector.printing.view import PoolRow, ProtectorSheetView, sheet_view
from desktop.systems.protector.rules.character import ProtectorCharacter
from desktop.text.document import TextDocument, document, fields, paragraph, section, table


def text_document(character: ProtectorCharacter) -> TextDocument:
    return view_document(sheet_view(character))


def dice_text(faces: Sequence[DieFace]) -> str:
    """"3d8 4d6", the ready dice; the others counted after them ("· 1 depleted")."""
    ready = summary([f.text for f in faces if f.mark == DieMark.READY])
    out = [ready] if ready else []
    for mark in (DieMark.DEPLETED, DieMark.AWARDED, DieMark.DAMAGED):
        n = sum(1 for f in faces if f.mark == mark)
        if n:
            out.append(f"{n} {mark.value}")
    return " · ".join(out)


def _pools(title: str, rows: Sequence[PoolRow]):
    return table((title, "Kind", "Pool", "Depleted", "Built", "Details"),
                 ((r.name, r.kind, dice_text(r.dice) or "—", r.depleted, r.build, r.details)
                  for r in rows))


def view_document(view: ProtectorSheetView) -> TextDocument:
    energy = dice_text(view.energy_dice)
    return document(
        view.name, " · ".join(p for p in ("NPC" if view.npc else "", SYSTEMS["protector"].name)
                               if p),
        section("Character", fields(("Player", view.player), ("Era", " · ".join(
                                        p for p in (view.era, view.era_note) if p)),
                                    ("Age", view.age),
                                    ("Life path", view.life_path))),
        section("Energy Die", fields(
            ("Energy dice", f"{view.energy_ready} of {view.energy_total} ready"
                            + (f" ({energy})" if energy else "")),
            ("Depleted Dice", view.depleted), ("Damage Dice", view.damaged),
            ("Awarded", view.awarded or None), ("Spent", view.energy_note))),
        section("Traits", table(("Trait", "Kind", "Steps", "Note"),
                                ((t.name, t.kind, t.steps, t.note) for t in view.traits)),
                paragraph(view.steps_note)),
        section("Powers", _pools("Power", view.powers)),
        section("Agents", _pools("Agent", view.agents)),
        section("Internal conflicts",
                table(("Conflict", "Trigger"), ((c.conflict, c.trigger) for c in view.conflicts)),
                paragraph(view.conflict_note if view.conflicts else "")),
        section("Decades", table(("Age", "Decade", "Traits", "What happened"),
                                 ((d.age, d.entry, d.traits, d.description)
                                  for d in view.decades))),
        section("Events", table(("Event", "Kind", "What happened", "Powers"),
                                ((e.decade, e.kind, e.description, e.powers)
                                 for e in view.events))),
        section("Character Description", paragraph(view.description)),
        section("Notes", paragraph(view.notes)),
    )
