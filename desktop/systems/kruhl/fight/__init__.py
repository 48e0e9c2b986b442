"""Warlords of Kruhl at the GM screen, pure Python: the order of play, damage, recovery,
plot points and conditions, and the adapter (``gm.RULES``) on
``desktop.model.combat_rules``.

One-way chain: ``tracking`` ← ``initiative`` ← ``order``; ``tracking`` ← ``damage``,
``rest`` ← ``plot``; ``contest`` (rolls and odds); all of them ← ``gm_state`` ←
``gm_actions``, ``gm_perform``, ``gm_charts``, ``gm_check`` ← ``gm``.

Reads kruhl's ``rules``; never imports Qt, reportlab, ``desktop.ui`` or ``desktop.pdf``."""
