"""A POW! character as text (Markdown, BBCode, plain): the sheet's boxes in the sheet's
words, read from the same ``sheet_view`` the PDF sheet prints. No reportlab."""

from __future__ import annotations

from desktop.systems.pow.printing.view import BOOK_TITLE, PowSheetView, sheet_view
from desktop.systems.pow.rules.character import PowCharacter
from desktop.text.document import TextDocument, document, fields, paragraph, section, table


def text_document(character: PowCharacter) -> TextDocument:
    return view_document(sheet_view(character))


def view_document(view: PowSheetView) -> TextDocument:
    points_note = (f"{view.points_left} left" if view.points_left >= 0
                   else f"{-view.points_left} over budget")
    size, *size_notes = view.size.split(" · ")
    return document(
        view.name, " · ".join(p for p in (view.concept, BOOK_TITLE) if p),
        section("Character", fields(("Player", view.player), ("Worldbook", view.worldbook),
                                    ("Optional rules", view.options))),
        section("Statistics", table(
            ("Statistic", "Score", "Now", "Pool", "Raise XP"),
            ((s.label, s.score, s.current, f"{s.current_pool} / {s.pool}", s.raise_xp)
             for s in view.stats))),
        section("Points and Combat", fields(
            ("Character Points", f"{view.points_spent} / {view.points_budget} ({points_note})"),
            ("Initiative", f"{view.initiative} (once per combat)"),
            ("Actions", f"{view.actions} ({view.actions_note})"),
            ("Unarmed damage", view.unarmed),
            ("Difficulty to hit me", " · ".join(f"{caption} {value}"
                                                for caption, value in view.to_hit)),
            ("Move", f"{view.move_action} per action · {view.move_frame} full frame"),
            ("Size", " · ".join([size.removeprefix("Size "), *size_notes])))),
        section("Specials", table(
            ("Special", "Stat / min", "Buy / Pool / Act", "Effect", "Upgrade"),
            ((s.name, s.stat, s.costs, s.effect, s.upgrade) for s in view.specials))),
        section("Equipment",
                table(("Weapon", "Damage", "Range", "Notes"),
                      ((w.name, w.damage, w.range, w.notes) for w in view.weapons)),
                table(("Armor", "FR", "DR left", "Notes"),
                      ((a.name, a.frame_rating, a.damage_rating, a.notes) for a in view.armor)),
                fields(("Other items", view.items), ("Money", view.money))),
        section("Experience", fields(("Earned", view.xp_earned), ("Spent", view.xp_spent),
                                     ("Left", view.xp_left)),
                paragraph(view.xp_notes)),
        section("Description", paragraph(view.description)),
        section("Notes", paragraph(view.notes)),
    )
