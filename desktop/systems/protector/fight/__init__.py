"""Protector at the GM screen, pure Python: the encounter and its turn order (``combat``),
contests and challenges (``contests``), pools and damage (``pools``), rest and recovery
(``rest``), and the adapter (``gm.RULES``: actions, rows, charts) on
``desktop.model.combat_rules``.

Reads ``rules``; never imports Qt, reportlab, ``desktop.ui`` or ``desktop.pdf``."""
