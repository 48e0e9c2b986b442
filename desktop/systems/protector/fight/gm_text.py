"""Protector's words on the GM screen: the roster's pool and agent cells, plurals, and
the RISKED prompt after dice are lost (Storytelling)."""

from __future__ import annotations

from desktop.model.dice_pool import BASE, Pool
from desktop.systems.protector.fight.combat import Encounter
from desktop.systems.protector.fight.pools import Combatant
from desktop.systems.protector.rules.combat_tables import narration_prompts, risked, rule_of


def pool_cell(pool: Pool) -> str:
    size = "" if pool.base == BASE else f"×{pool.base}"
    parts = [f"{pool.ready}{size} ready"]
    parts += [f"{n} {what}" for n, what in ((pool.depleted, "dep"), (pool.awarded, "awd"),
                                            (pool.removed, "rem")) if n]
    return " · ".join(parts)


def agents_cell(combatant: Combatant) -> str:
    if not combatant.agents:
        return "—"
    return ", ".join(f"{name} {a.pool.ready}/{a.pool.in_play + a.pool.removed}"
                     for name, a in combatant.agents.items())


def plural(n: int, word: str) -> str:
    return f"{n} {word}" if n == 1 else f"{n} {'dice' if word == 'die' else word + 's'}"


def storytelling(before: Encounter, after: Encounter) -> list[str]:
    """The RISKED prompt after a roll that depleted or removed dice (Storytelling)."""
    lost = 0
    for key, now in after.combatants.items():
        was = before.combatants.get(key)
        if was is None:
            continue
        for source in now.sources():
            if source in was.sources():
                a, b = was.pool(source), now.pool(source)
                lost += max(b.depleted - a.depleted, 0) + max(b.removed - a.removed, 0)
    if not lost:
        return []
    say = narration_prompts()[0][0]
    names = ", ".join(entry.name for entry in risked(physical=True))
    return [f"Narrate the {plural(lost, 'die')} lost: “{say}” RISKED: {names} "
            f"({rule_of('risked')})"]


