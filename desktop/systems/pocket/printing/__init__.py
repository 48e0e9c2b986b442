"""Pocket Universe on paper (reportlab): the character sheet (``sheet.draw_sheet``) and the
fold-up ID card (``card.draw_card``).

Reads ``rules``; never Qt, never ``editor``."""
