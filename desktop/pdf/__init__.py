"""Shared reportlab helpers for every game's sheet and ID card, and the party export.

Only this package and each game's ``sheet.py`` import reportlab; the model layer never
does. The helpers take plain strings, numbers and rectangles, never a character.
"""
