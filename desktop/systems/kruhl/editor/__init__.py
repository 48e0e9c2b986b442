"""Warlords of Kruhl's editor (Qt): the editor class (``editor.EDITOR``), its skills
table, list tables and odds panel.

Reads ``rules`` (and ``fight``); never ``printing``."""
