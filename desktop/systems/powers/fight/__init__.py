"""Powers at the GM screen, pure Python: combat turns with initiative re-rolled every
turn, attacks and damage by kind, Close to Death, timers and sprint stun, and the
adapter (``gm.RULES``) on ``desktop.model.combat_rules``.

One-way chain: ``tracking`` ← ``initiative``, ``timers`` ← ``state`` ← ``turns``;
``attack`` (rolls and odds) ← ``survival``; all of them ← ``gm_actions``,
``gm_perform``, ``gm_charts``, ``gm_check`` ← ``gm``.

Reads powers' ``rules`` and ``desktop.model``; never imports Qt, reportlab,
``desktop.ui`` or ``desktop.pdf``."""
