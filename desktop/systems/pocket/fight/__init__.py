"""Pocket Universe at the GM screen, pure Python: turn order, damage and recovery, and the
adapter (``gm.RULES``: actions, rows, charts) on ``desktop.model.combat_rules``.

Reads ``rules``; never imports Qt, reportlab, ``desktop.ui`` or ``desktop.pdf``."""
