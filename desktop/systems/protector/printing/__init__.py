"""Protector on paper (reportlab): the flat view of a character both print from
(``view.sheet_view``), the character sheet (``sheet.draw_sheet``) and the fold-up ID
card (``card.draw_card``).

Reads ``rules``; never Qt, never ``editor``."""
