"""A cost table's entries in words, as the sheet and the editor show them: "2 per point
× 6", "Fire 0", "Jump 1 per range step × 4", never the table's own keys."""

from __future__ import annotations

from desktop.systems.powers.rules import catalog
from desktop.systems.powers.rules.costs import Cost, number_text

UNIT_WORDS = {"per_point": "per point", "per_turn": "per turn", "per_rating": "per rating",
              "per_step": "per range step"}


def item_label(key: str) -> str:
    """A cost key in words: "damage.per_point" → "per point", "range.long" → "Long",
    "move.modifier.burrow.per_rating" → "Burrow per rating"."""
    parts = key.split(".")
    kind = parts[0]
    unit = UNIT_WORDS.get(parts[-1], "")
    if "modifier" in parts:
        name = catalog.label(kind, parts[2]).split(" (")[0]
        return f"{name} {unit}" if unit and len(parts) > 3 else name
    if kind == "move":
        return catalog.label("speeds", parts[-1])
    if kind == "range":
        return catalog.label("ranges", parts[-1])
    if kind == "duration":
        return unit or catalog.label("durations", parts[1]).split(" (")[0]
    if kind == "damage" and parts[1] == "type":
        return catalog.label("damage_types", parts[2])
    if kind == "resistance" and parts[1] == "general":
        return "per point (general)"
    return unit or parts[-1]


def item_text(item: Cost) -> str:
    """"2 per point × 6", "Jump 1 per range step × 4", "Fire 0", "Fly 4"."""
    label, unit = item_label(item.key), number_text(item.unit)
    if label.startswith("per "):
        return f"{unit} {label} × {item.times}"
    if " per " in label:
        name, _, word = label.partition(" per ")
        return f"{name} {unit} per {word} × {item.times}"
    return f"{label} {unit}" + (f" × {item.times}" if item.times != 1 else "")
