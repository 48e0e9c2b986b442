"""Every trait of a character with all its steps (Character Generation, Choosing Traits;
Decades; Buying Traits and Agents): the steps its Decades grant, its own entries' bought
steps and the steps trained since, merged by name and type. Reads the character only.
"""

from __future__ import annotations

from collections import Counter
from typing import NamedTuple

from desktop.systems.protector.rules.character import ProtectorCharacter, Trait, TraitType

LIMIT_START = 5
"""A limit's value before it is lowered: 5 gives nothing, each point below gives a skill
step (Different Trait Types)."""


class DerivedTrait(NamedTuple):
    """A trait with all its steps: from Decades, its own entry and training."""

    name: str
    type: TraitType
    steps: int
    from_decades: int
    own_steps: int
    trained_steps: int
    condition: str = ""
    limit: int | None = None
    dice: tuple[int, ...] = ()
    fields: tuple[str, ...] = ()

    def to_json(self) -> dict[str, object]:
        out: dict[str, object] = {"name": self.name, "type": self.type, "steps": self.steps,
                                  "from_decades": self.from_decades}
        if self.condition:
            out["condition"] = self.condition
        if self.limit is not None:
            out["limit"] = self.limit
        return out


def merged_traits(character: ProtectorCharacter) -> tuple[DerivedTrait, ...]:
    """Every trait once, by name and type: Decade grants + own entries + training."""
    order: list[tuple[str, TraitType]] = []
    decade_steps: Counter[tuple[str, TraitType]] = Counter()
    names: dict[tuple[str, TraitType], str] = {}
    own: dict[tuple[str, TraitType], list[tuple[int, Trait]]] = {}
    for decade in character.decades:
        for grant in decade.traits:
            if not grant.name.strip():
                continue
            key = (grant.name.strip().casefold(), grant.type)
            if key not in names:
                order.append(key)
                names[key] = grant.name.strip()
            decade_steps[key] += grant.steps
    for index, trait in enumerate(character.traits):
        key = (trait.name.strip().casefold(), trait.type)
        if key not in names:
            order.append(key)
            names[key] = trait.name.strip()
        own.setdefault(key, []).append((index, trait))
    out = []
    for key in order:
        entries = own.get(key, [])
        own_steps = sum(t.steps for _, t in entries)
        trained = sum(t.trained_steps for _, t in entries)
        first = entries[0][1] if entries else None
        out.append(DerivedTrait(
            name=names[key], type=key[1], steps=decade_steps[key] + own_steps + trained,
            from_decades=decade_steps[key], own_steps=own_steps, trained_steps=trained,
            condition=first.condition if first else "",
            limit=first.limit if first else None,
            dice=tuple(first.dice) if first else (),
            fields=tuple(f"traits.{i}" for i, _ in entries)))
    return tuple(out)
