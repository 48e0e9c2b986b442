"""Powers at the GM screen, pure Python: combat turns with initiative re-rolled every
turn, attacks and damage by kind, Close to Death, timers and sprint stun, powers that
count as their Duration says (Delayed, Build Up, Build Down, Time, Toggled, RoT Fading
and Increase), Fail and Epic Fail, and the adapter (``gm.RULES``) on
``desktop.model.combat_rules``.

One-way chain: ``tracking`` ← ``initiative``, ``durations``, ``timers`` ← ``state`` ←
``turns``; ``epic`` ← ``attack`` (rolls and odds) ← ``survival``, ``in_play``; all of
them ← ``gm_actions``, ``gm_perform``, ``gm_charts``, ``gm_check`` ← ``gm``.

Reads powers' ``rules`` and ``desktop.model``; never imports Qt, reportlab,
``desktop.ui`` or ``desktop.pdf``."""
