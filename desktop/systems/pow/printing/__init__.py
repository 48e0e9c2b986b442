"""POW! on paper (reportlab): a character as words and numbers (``view.sheet_view``, no
reportlab), the character sheet (``sheet.draw_sheet``) and the
fold-up ID card (``card.draw_card``).

Reads ``rules``; never Qt, never ``editor``."""
