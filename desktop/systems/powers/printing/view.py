"""A Powers character as words and numbers for paper (no reportlab).

``sheet_view`` flattens a character and ``derive`` into a ``PowersSheetView``: the six
attributes as dice counts, hit points as boxes (free, or lost to normal, phantom or stun
damage, kept apart: Damage), the initiative dice, the defence pools, and every power
with its components (choices and modifiers worded, each cost item by item), its Power
Rating and the cost table it came from, its attack, damage, resistance and healing
pools, and its fluff. ``sheet``, ``card`` and ``power_cards`` draw it.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Literal

from desktop.systems.powers.rules import catalog
from desktop.systems.powers.rules.character import ATTRIBUTE_LABELS, PowersCharacter
from desktop.systems.powers.rules.components import (
    Accurate,
    Damage,
    Duration,
    Healing,
    Move,
    Range,
    Resistance,
)
from desktop.systems.powers.rules.cost_words import item_text
from desktop.systems.powers.rules.costs import ComponentCost, CostTable, number_text
from desktop.systems.powers.rules.derived import (
    INITIATIVE_ATTRIBUTES,
    PowerLine,
    PowersDerived,
    derive,
)

TITLE = "Powers v0.1 (first draft)"
NONE = "—"
BoxState = Literal["free", "normal", "phantom", "stun"]
DICE_RULE = ("d6 pool: each 5 or 6 is a hit · opposed rolls: net hits · modifiers change "
             "hits, not dice · Fail: more than half the dice show 1 · Epic Fail: a Fail "
             "with no hits")
INITIATIVE_RULE = "hits = initiative, rolled every turn; ties go to more dice"
@dataclass(frozen=True)
class AttributeRow:
    """One attribute as printed: its dice and what it is used for."""

    key: str
    label: str
    dice: int
    note: str


@dataclass(frozen=True)
class ComponentRow:
    """One component: its name, the choices made, its cost and how it was priced."""

    label: str
    choices: str
    cost: str
    breakdown: str


@dataclass(frozen=True)
class PoolRow:
    """A labelled roll or fact: ("Attack", "15 dice (Agility 10 + Accurate 5) vs Agility")."""

    label: str
    text: str


@dataclass(frozen=True)
class PowerView:
    """One power as the sheet, the card and the power cards print it, already worded."""

    name: str
    fluff: str
    rating: str
    """The Power Rating as printed: "22", "14.5"."""
    table: str
    """The cost table the costs and the rating came from."""
    components: tuple[ComponentRow, ...]
    pools: tuple[PoolRow, ...]

    @property
    def rating_text(self) -> str:
        return f"PR {self.rating} ({self.table})"


@dataclass(frozen=True)
class PowersSheetView:
    """Everything the sheet, the ID card and the power cards print, already worded."""

    name: str
    concept: str
    player: str
    description: str
    notes: str
    attributes: tuple[AttributeRow, ...]
    hit_points: int
    hit_points_now: int
    damage: tuple[tuple[str, int], ...]
    """("normal", n), ("stun", n), ("phantom", n)."""
    hit_boxes: tuple[BoxState, ...]
    hit_note: str
    initiative_dice: int
    initiative_note: str
    defences: tuple[PoolRow, ...]
    powers: tuple[PowerView, ...]
    table_name: str
    table_label: str
    table_warning: str
    footer: str
    picture: bytes | None = None
    """The character's picture (PNG or JPEG), beside the header's fields."""


# ------------------------------------------------------------------- wording


def _param_label(label: str, value: Any) -> str:
    """"DoT (turns)" with 3 → "DoT (3 turns)"; "Jump (range)" with "medium" → "Jump
    (Medium)"; "Burrow (rating)" with 4 → "Burrow (4)"."""
    if value is None:
        return label
    if "(turns)" in label:
        return label.replace("(turns)", f"({value} turn{'s' if value != 1 else ''})")
    if "(range)" in label:
        return label.replace("(range)", f"({catalog.label('ranges', str(value))})")
    if "(rating)" in label:
        return label.replace("(rating)", f"({value})")
    if isinstance(value, str):
        return f"{label} ({ATTRIBUTE_LABELS.get(value, value)})"
    return f"{label} ({value})"


def modifiers_text(component: Any) -> str:
    mods = getattr(component, "modifiers", [])
    return ", ".join(_param_label(catalog.label(m.component, m.id), m.param()) for m in mods)


def choices_text(component: Any) -> str:
    """The choices a component was given, as the draft names them."""
    if isinstance(component, Move):
        speed = next((s for s in catalog.component_texts().speeds
                      if s.id == component.speed), None)
        main = f"{speed.label} ({speed.mph})" if speed else component.speed
    elif isinstance(component, Range):
        main = catalog.label("ranges", component.range)
    elif isinstance(component, Duration):
        main = _param_label(catalog.label("durations", component.duration), component.turns)
    elif isinstance(component, Damage):
        types = ", ".join(catalog.label("damage_types", t) for t in component.types)
        linked = component.modifier("attribute_linked")
        main = (f"{component.rating} points" if linked is None or linked.attribute is None
                else f"{ATTRIBUTE_LABELS[linked.attribute]} dice")
        main += f" · {types}" if types else ""
    elif isinstance(component, Resistance):
        kind = ("all damage (general)" if component.type == "general"
                else catalog.label("damage_types", component.type))
        main = f"{component.rating:+d} vs {kind}"
    elif isinstance(component, Healing):
        main = f"{component.rating} points"
    elif isinstance(component, Accurate):
        main = f"{component.rating:+d} dice on the attack"
    else:
        main = str(getattr(component, "kind", "?"))
    mods = modifiers_text(component)
    return f"{main} · {mods}" if mods else main


def component_row(component: Any, cost: ComponentCost) -> ComponentRow:
    label = catalog.label("components", component.kind)
    breakdown = " · ".join(item_text(i) for i in cost.items)
    return ComponentRow(label, choices_text(component), number_text(cost.total), breakdown)


def _attr(character: PowersCharacter, key: str) -> str:
    return f"{ATTRIBUTE_LABELS[key]} {character.attributes.get(key)}"


def pools(line: PowerLine, character: PowersCharacter) -> tuple[PoolRow, ...]:
    """What the power rolls, and its range, duration and moves."""
    rows = [PoolRow("Range", catalog.label("ranges", line.range)
                    + (" (touch)" if line.attack and line.attack.touch else "")),
            PoolRow("Duration", _param_label(
                catalog.label("durations", line.duration.split(" (")[0]),
                next((c.turns for c in line.power.components if isinstance(c, Duration)
                      and c.turns is not None), None)))]
    if line.attack is not None:
        a = line.attack
        parts = _attr(character, "agility") + (f" + Accurate {a.accurate}" if a.accurate
                                               else "")
        rows.append(PoolRow("Attack", f"{a.dice} dice ({parts}) vs Agility"))
    for d in line.damage:
        source = "" if d.source == "rating" else f" ({_attr(character, d.source)})"
        bits = [f"{d.dice} dice{source} vs {ATTRIBUTE_LABELS[d.resisted_by]}"]
        if d.types:
            bits.append(", ".join(catalog.label("damage_types", t) for t in d.types))
        kinds = [k if k != "phantom" or d.phantom_rating is None
                 else f"phantom {d.phantom_rating}" for k in d.kinds]
        bits.append(" and ".join(kinds) + " damage")
        if d.over_time:
            bits.append(d.over_time)
        rows.append(PoolRow("Damage", " · ".join(bits)))
    for r in line.resistance:
        kind = ("all damage" if r.type == "general"
                else catalog.label("damage_types", r.type))
        text = (f"{r.dice} dice ({ATTRIBUTE_LABELS[r.attribute]} {r.rating:+d}) vs {kind}"
                + (", stun only" if r.stun_only else ""))
        extra = [catalog.label("resistance", m).split(" (")[0] for m in r.modifiers
                 if m not in ("mind_over_matter", "stun")]
        rows.append(PoolRow("Resist", text + (f" · {', '.join(extra)}" if extra else "")))
    for h in line.healing:
        text = f"{h.points} points" + (" of stun" if h.stun_only else "")
        rows.append(PoolRow("Healing", text + (f" · {h.over_time}" if h.over_time else "")))
    for m in line.moves:
        rows.append(PoolRow("Move", choices_text(m)))
    return tuple(rows)


def power_view(line: PowerLine, character: PowersCharacter) -> PowerView:
    components = tuple(component_row(c, cost) for c, cost in
                       zip(line.power.components, line.cost.components, strict=True))
    return PowerView(line.power.name, line.power.fluff, number_text(line.rating),
                     line.cost.table, components, pools(line, character))


def hit_boxes(health: int, normal: int, phantom: int, stun: int) -> tuple[BoxState, ...]:
    """One box a point of Health: lost to normal damage first, then phantom, then stun,
    then the free ones (more damage than boxes is told in the note)."""
    out: list[BoxState] = []
    for state, count in (("normal", normal), ("phantom", phantom), ("stun", stun)):
        out += [state] * max(0, min(count, health - len(out)))  # type: ignore[list-item]
    return tuple(out + ["free"] * (health - len(out)))  # type: ignore[list-item]


def _hit_note(d: PowersDerived) -> str:
    note = f"Now {d.hit_points_current} of {d.hit_points}"
    kinds = [f"{k} {v}" for k, v in d.damage.model_dump().items() if v]
    if kinds:
        note += " · taken: " + ", ".join(kinds)
    if d.close_to_death and d.hit_points > 0:
        note += f" · Close to Death: Resilience roll needs {d.close_to_death_target} hits"
    if d.unconscious:
        note += " · unconscious"
    return note


def _defences(character: PowersCharacter, d: PowersDerived) -> tuple[PoolRow, ...]:
    dice = d.defence_dice
    rows = [PoolRow("Dodge an attack", f"{dice['agility']} dice (Agility)"),
            PoolRow("Resist damage", f"{dice['resilience']} dice (Resilience)"),
            PoolRow("Resist psychic", f"{dice['willpower']} dice (Willpower)")]
    for line in d.powers:
        for r in line.resistance:
            kind = "all" if r.type == "general" else catalog.label("damage_types", r.type)
            rows.append(PoolRow(f"{line.power.name} vs {kind}",
                                f"{r.dice} dice ({ATTRIBUTE_LABELS[r.attribute]} "
                                f"{r.rating:+d})" + (", stun only" if r.stun_only else "")))
    return tuple(rows)


def sheet_view(character: PowersCharacter, table: CostTable | None = None) -> PowersSheetView:
    """The character in words; ``table`` prices the powers (default: the one in use)."""
    d = derive(character, table)
    a = character.attributes
    notes = {"health": "hit points", "agility": "attack, dodge", "resilience":
             "resist damage", "willpower": "resist psychic", "intelligence": "initiative",
             "strength": "lifting, might"}
    attributes = tuple(AttributeRow(k, label, a.get(k), notes[k])
                       for k, label in ATTRIBUTE_LABELS.items())
    warning = d.table_warning
    if character.cost_table != d.table.name:
        warning = (f"Built with {character.cost_table!r}; costs shown are from "
                   f"{d.table.name!r}" + (f". {warning}" if warning else ""))
    footer = ""  # the findings are the editor's, not the table's
    damage = d.damage
    return PowersSheetView(
        picture=character.picture.image_bytes() if character.picture else None,
        name=character.name, concept=character.concept, player=character.player,
        description=character.description, notes=character.notes, attributes=attributes,
        hit_points=d.hit_points, hit_points_now=d.hit_points_current,
        damage=tuple(damage.model_dump().items()),
        hit_boxes=hit_boxes(d.hit_points, damage.normal, damage.phantom, damage.stun),
        hit_note=_hit_note(d), initiative_dice=d.initiative_dice,
        initiative_note=" + ".join(_attr(character, k) for k in INITIATIVE_ATTRIBUTES),
        defences=_defences(character, d),
        powers=tuple(power_view(line, character) for line in d.powers),
        table_name=d.table.name, table_label=d.table.label, table_warning=warning,
        footer=footer)


def power_text(power: PowerView) -> str:
    """A power in full as plain lines (the continuation page)."""
    lines = [power.rating_text]
    lines += [f"{c.label}: {c.choices} — cost {c.cost} ({c.breakdown})"
              for c in power.components]
    lines += [f"{p.label}: {p.text}" for p in power.pools]
    if power.fluff.strip():
        lines.append(power.fluff.strip())
    return "\n".join(lines)
