"""POW! at the GM screen, pure Python: turn order, damage and recovery, and the
adapter (``gm.RULES``: actions, rows, charts) on ``desktop.model.combat_rules``.

One-way chain: ``tracking`` ← ``saves`` ← ``damage``; ``tracking`` ← ``rest`` and
``initiative``; all of them ← ``encounter`` ← ``gm``.

Reads ``rules``; never imports Qt, reportlab, ``desktop.ui`` or ``desktop.pdf``."""
