"""The Warlords of Kruhl sheet and ID card as words and numbers (no reportlab).

``sheet_view`` flattens a character and ``derive`` into a ``KruhlSheetView``: the four
attributes and Power Level, Endurance as a row of boxes (free, stunned, lost), plot
points, every skill of the chapter and the custom ones with the dice the player rolls
(conditions in effect already counted), equipment with its rating, the conditions
checklist with each one's dice, and the chapter's tables (difficulty values, range
bands, plot point spends, actions in a round). ``sheet`` draws it;
``card`` reads it for the ID card.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Literal

from desktop.systems.kruhl.rules import catalog
from desktop.systems.kruhl.rules.catalog import ATTRIBUTES, ConditionInfo
from desktop.systems.kruhl.rules.character import (
    ATTRIBUTE_LABELS,
    LEVEL_LABELS,
    KruhlCharacter,
)
from desktop.systems.kruhl.rules.citations import BOOK, CHAPTER
from desktop.systems.kruhl.rules.derived import SKILL_KINDS, SkillLine, derive

NONE = "—"
ROLL_RULE = ("1d6 unskilled · 2d6 with the skill · 2d6 re-rolling 1s and 2s with expertise; "
             "+ attribute, best equipment, Power Level")
TITLE = f"{BOOK} 3e, {CHAPTER}"
BoxState = Literal["free", "stun", "lost"]

EFFECT_KEYS: dict[str, str] = {
    "attack": "attack", "attack_hth": "HtH attack", "attack_ranged": "ranged attack",
    "attack_magic": "magical attack", "defense": "defense", "defense_hth": "HtH defense",
    "defense_ranged": "ranged defense", "defense_magic": "Magic Resistance",
    "skill": "skill rolls",
}
"""How a condition's effect keys read on paper."""
ROLL_LABELS: dict[str, str] = {
    "attack_hth": "Attack", "attack_ranged": "Attack", "attack_magic": "Magical attack",
    "defense_hth": "Defense", "defense_ranged": "Defense", "defense_magic": "Defense",
}
COMBAT_ROLLS: tuple[tuple[str, str, str], ...] = (
    ("HtH attack", "Hand-to-hand Combat", "attack_hth"),
    ("HtH defense", "Hand-to-hand Combat", "defense_hth"),
    ("Ranged attack", "Ranged Combat", "attack_ranged"),
    ("Ranged defense", "Ranged Combat", "defense_ranged"),
    ("Magical attack", "Thaumaturgy/Theology", "attack_magic"),
    ("Magic Resistance", "Magic Resistance", "defense_magic"),
)
"""The card's combat lines: (label, skill, kind of roll)."""


@dataclass(frozen=True)
class Score:
    """One of the sheet's scores: an attribute or Power Level, with a note."""

    label: str
    value: int
    note: str


@dataclass(frozen=True)
class SkillRow:
    """One skill as the sheet lists it, with the dice the player rolls."""

    name: str
    level: str
    """"Unskilled", "Skill" or "Expertise"."""
    attribute: str
    """"Brawn 4"."""
    adds: str
    """Equipment and Power Level added: "Twin sabres +2" (or "—")."""
    roll: str
    """What the player rolls: "2d6 (re-roll 1s and 2s) + 6", per kind for combat skills."""
    trained: bool
    custom: bool
    bonus: int


@dataclass(frozen=True)
class RollRow:
    """One line of the card's combat chart."""

    label: str
    text: str
    trained: bool


@dataclass(frozen=True)
class EquipmentRow:
    """One piece of equipment as the sheet lists it: its rating and the skills it helps."""

    name: str
    rating: str
    """"2 (Ordinary)"."""
    helps: str
    notes: str


@dataclass(frozen=True)
class ConditionRow:
    """One line of the conditions checklist: ticked when in effect, with its dice."""

    label: str
    ticked: bool
    effect: str
    """Its dice: "Defense: bonus die · Attack, skill rolls: fail"."""
    recover: str
    """How to shake it off, when the chapter says ("Survival (Presence) against DV 6")."""


@dataclass(frozen=True)
class TableRow:
    """A row of one of the chapter's reference tables: a key, a name, a note."""

    key: str
    name: str
    note: str


@dataclass(frozen=True)
class KruhlSheetView:
    """Everything the sheet and the ID card print, already worded."""

    name: str
    concept: str
    player: str
    description: str
    notes: str
    rabble: bool
    scores: tuple[Score, ...]
    """Agility, Brawn, Reason, Presence, Power Level."""
    initiative: str
    endurance_max: int
    endurance_now: int
    stun: int
    endurance_boxes: tuple[BoxState, ...]
    endurance_note: str
    plot_points: int
    skills: tuple[SkillRow, ...]
    skills_note: str
    combat: tuple[RollRow, ...]
    equipment: tuple[EquipmentRow, ...]
    conditions: tuple[ConditionRow, ...]
    difficulties: tuple[TableRow, ...]
    ranges: tuple[TableRow, ...]
    plot_uses: tuple[TableRow, ...]
    actions: tuple[TableRow, ...]
    footer: str
    picture: bytes | None = None
    """The character's picture (PNG or JPEG), beside the header's fields."""


def effect_text(info: ConditionInfo) -> str:
    """A condition's dice grouped by outcome: "HtH defense: penalty die · Ranged
    defense, Magic Resistance: bonus die"."""
    words = {1: "bonus die", -1: "penalty die", "fail": "fails"}
    groups: dict[str, list[str]] = {}
    for key, value in info.effects.items():
        if value == 0:
            continue
        what = words.get(value) or (f"{value:+d} dice" if isinstance(value, int) else value)
        groups.setdefault(what, []).append(EFFECT_KEYS.get(key, key))
    parts = [f"{', '.join(keys)}: {what}" for what, keys in groups.items()]
    return " · ".join(part[0].upper() + part[1:] for part in parts)


def _recover(info: ConditionInfo) -> str:
    _, found, rest = info.text.partition("Recover: ")
    return rest.strip().rstrip(".") if found else ""


def endurance_boxes(maximum: int, current: int | None, stun: int) -> tuple[BoxState, ...]:
    """One box a point of maximum Endurance: free ones first, then those lost to
    stunning damage (back after the fight), then those lost for good."""
    before_stun = maximum if current is None else min(current, maximum)
    now = max(0, before_stun - stun)
    return (("free",) * now + ("stun",) * (before_stun - now)
            + ("lost",) * (maximum - before_stun))


def _roll_text(line: SkillLine) -> str:
    """What the player rolls; a combat skill's kinds share one text when they agree."""
    if line.name not in SKILL_KINDS:
        return line.rolls[0].text
    texts = [(ROLL_LABELS[r.kind], r.text) for r in line.rolls]
    if len(texts) > 1 and len({t for _, t in texts}) == 1:
        return f"Attack or defense: {texts[0][1]}"
    return "; ".join(f"{label}: {text}" for label, text in texts)


def _adds(line: SkillLine) -> str:
    bits = []
    if line.equipment:
        bits.append(f"{line.equipment_name} +{line.equipment}")
    if line.power_level:
        bits.append(f"Power Level +{line.power_level}")
    return ", ".join(bits) or NONE


def _skill_row(line: SkillLine) -> SkillRow:
    label = ATTRIBUTE_LABELS[line.attribute]
    return SkillRow(
        name=line.name + (" (custom)" if line.custom else ""),
        level=LEVEL_LABELS[line.level], attribute=f"{label} {line.attribute_score}",
        adds=_adds(line), roll=_roll_text(line), trained=line.level != "none",
        custom=line.custom, bonus=line.bonus)


def _endurance_note(maximum: int, current: int | None, now: int, stun: int) -> str:
    if maximum == 0:
        return "No Endurance"
    note = f"Now {now} of {maximum}"
    if stun:
        note += f", {stun} stunned"
    if current is not None and current > maximum:
        note += f" · current {current} is above the maximum"
    if now == 0:
        note += " · defeated"
    return note


def sheet_view(character: KruhlCharacter) -> KruhlSheetView:
    d = derive(character)
    a = character.attributes
    power_skills = [s.name for s in d.skills.values() if s.power_level]
    power = Score("Power Level", a.power_level,
                  f"adds to {', '.join(power_skills)}" if power_skills
                  else "adds where an ability says")
    scores = (*(Score(ATTRIBUTE_LABELS[k], a.get(k), "") for k in ATTRIBUTES), power)
    boxes = endurance_boxes(a.endurance, character.tracking.endurance,
                            character.tracking.stun)
    now = boxes.count("free")
    stunned = boxes.count("stun")
    in_effect = set(character.conditions)
    conditions = tuple(
        ConditionRow(c.label, c.id in in_effect, effect_text(c), _recover(c))
        for c in catalog.conditions())
    ticked = [c.label for c in conditions if c.ticked]
    skills_note = ("dice include: " + ", ".join(ticked) if ticked else ROLL_RULE)
    combat = tuple(
        RollRow(label, d.skills[skill].roll(kind).text,  # type: ignore[arg-type]
                d.skills[skill].level != "none")
        for label, skill, kind in COMBAT_ROLLS)
    # The rating's name up to its "or": "Simple", "Ordinary", "Special-purpose".
    ratings = {r.rating: r.name.split(" or ")[0] for r in catalog.equipment_ratings()}
    equipment = tuple(
        EquipmentRow(item.name, f"{item.rating} ({ratings.get(item.rating, '?')})",
                     ", ".join(item.skills) or NONE, item.notes)
        for item in character.equipment)
    # The findings are the editor's, not the table's: the sheet does not count them.
    footer = "Rabble: defeated by any successful attack" if character.rabble else ""
    return KruhlSheetView(
        picture=character.picture.image_bytes() if character.picture else None,
        name=character.name, concept=character.concept, player=character.player,
        description=character.description, notes=character.notes, rabble=character.rabble,
        scores=scores, initiative=d.initiative.roll("skill").text,
        endurance_max=a.endurance, endurance_now=now, stun=stunned,
        endurance_boxes=boxes,
        endurance_note=_endurance_note(a.endurance, character.tracking.endurance, now,
                                       stunned),
        plot_points=character.plot_points,
        skills=tuple(_skill_row(line) for line in d.skills.values()),
        skills_note=skills_note, combat=combat, equipment=equipment,
        conditions=conditions,
        difficulties=tuple(TableRow(str(v.dv), v.name, v.example)
                           for v in catalog.difficulty_values()),
        ranges=tuple(TableRow(r.name, r.distance, r.weapons) for r in catalog.range_bands()),
        plot_uses=tuple(TableRow(p.id, p.name, p.text) for p in catalog.plot_point_uses()),
        actions=tuple(TableRow(r.when, r.when, r.what) for r in catalog.actions()),
        footer=footer)
