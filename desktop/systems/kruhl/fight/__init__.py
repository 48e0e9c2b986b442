"""Warlords of Kruhl at the GM screen, pure Python: the order of play, damage, recovery,
plot points and conditions, and the adapter (``gm.RULES``) on
``desktop.model.combat_rules``.

One-way chain: ``tracking`` ← ``initiative`` ← ``order``; ``tracking`` ← ``damage``,
``rest`` ← ``plot``; ``contest`` (rolls and odds) ← ``clash``; all of them ←
``gm_state`` ← ``expiry`` (when conditions end) ← ``moves`` (the opposed rolls and
what they do) ← ``gm_perform`` ← ``gm_actions``, ``gm_charts``, ``gm_check`` ← ``gm``.

Reads kruhl's ``rules``; never imports Qt, reportlab, ``desktop.ui`` or ``desktop.pdf``."""
