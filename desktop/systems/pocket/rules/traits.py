"""Step 2 of ``derive``: Personal Traits resolved against the book (Pocket Universe, 2.2
Personal Traits), and what they do to the Attributes (2.1, 2.3).

Each trait a character takes becomes a ``TraitLine`` (its value and the book entry it
refers to); ``summarise`` adds up the machine-readable effects of traits.json into one
``TraitSummary`` that the rest of the rules read. Takings are counted per trait name
(per Attribute for Attribute ±1), so two entries "Running ×1" count as Running ×2.
Traits gained in play change the character now (Move, initiative…) but not what was
fixed at creation: starting EPs, contact points, starting money and the 5-point balance.

``trait_values`` reads the character and step 1 (``attributes``). Attribute scores in
the file are final, so what was bought at creation is worked out backwards: creation
score = final − experience raises − Attribute ±1 traits gained in play; points added =
creation score − Attribute ±1 traits taken at creation − 8. Initiative, Move and
appearance are the Attribute table read with the traits' shifts (2.3).
"""

from __future__ import annotations

from collections import Counter
from typing import NamedTuple

from desktop.systems.pocket.rules import attributes, catalog_attributes, catalog_traits
from desktop.systems.pocket.rules.attributes import AttributeValues
from desktop.systems.pocket.rules.catalog_traits import TraitInfo
from desktop.systems.pocket.rules.character import (
    ATTRIBUTE_LABELS,
    ATTRIBUTES,
    Attribute,
    PocketCharacter,
    Trait,
    Triplet,
)


class TraitLine(NamedTuple):
    """One Personal Trait as taken, with its book entry and its points."""

    index: int
    trait: Trait
    info: TraitInfo | None
    """The book's entry; None for a GM-defined or unknown trait."""
    kind: str | None
    """"advantage" or "disadvantage"; None if it cannot be told."""
    points_each: int
    points: int
    """Value of all its takings: points_each × times."""
    label: str
    """How the sheet lists it: "Running ×2", "Attribute +1 (DEFT)", "Phobia: heights"."""

    @property
    def at_creation(self) -> bool:
        return self.trait.acquired == "creation"


class TraitSummary(NamedTuple):
    """The Personal Traits taken, with their points and effects added up."""

    lines: tuple[TraitLine, ...]
    advantages: int
    """Points of Advantages taken at creation."""
    disadvantages: int
    attribute: dict[Attribute, int]
    """Attribute ±1 from every trait (creation and play)."""
    creation_attribute: dict[Attribute, int]
    times: dict[str, int]
    """Takings per book trait name (all of them)."""
    creation_times: dict[str, int]
    initiative_rows: int = 0
    move: int = 0
    natural_armor: tuple[int, int] = (0, 0)
    starting_eps: int = 0
    contact_points: int = 0
    starting_money: int | None = None
    """Wealth or Poor's amount (at creation), replacing the $500; None: no such trait."""
    monthly_income: int = 0
    size: str = "normal"
    defense: int = 0
    appearance: int = 0
    close_actions: int = 0
    ranged_actions: int = 0
    ignore_range_penalty: int = 0
    ignore_darkness_penalty: int = 0
    one_handed: bool = False
    ambidextrous: bool = False
    lackeys: int = 0

    def has(self, name: str) -> bool:
        return self.times.get(name, 0) > 0


def _label(trait: Trait, info: TraitInfo | None) -> str:
    name = info.name if info else trait.name
    if trait.attribute is not None:
        name += f" ({ATTRIBUTE_LABELS[trait.attribute]})"
    if trait.times > 1:
        name += f" ×{trait.times}"
    if trait.detail.strip():
        name += f": {trait.detail.strip()}"
    return name


def line(index: int, trait: Trait) -> TraitLine:
    info = None if trait.gm_defined else catalog_traits.trait(trait.name)
    if info is not None:
        each = trait.points if trait.points is not None else info.points
        kind: str | None = info.kind
    else:
        each = trait.points or 0
        kind = trait.kind
    return TraitLine(index, trait, info, kind, each, each * trait.times, _label(trait, info))


def _by_times(table: dict[int, int], times: int) -> int:
    """The amount at ``times`` takings; past the table, its last row (a finding says so)."""
    return table[min(times, max(table))] if times > 0 else 0


def summarise(character: PocketCharacter) -> TraitSummary:
    lines = tuple(line(i, t) for i, t in enumerate(character.traits))
    times: Counter[str] = Counter()
    creation_times: Counter[str] = Counter()
    attribute: Counter[str] = Counter()
    creation_attribute: Counter[str] = Counter()
    totals: Counter[str] = Counter()
    creation_totals: Counter[str] = Counter()
    armor = [0, 0]
    flags: set[str] = set()
    size = "normal"

    for ln in lines:
        if ln.info is None:
            continue
        n = ln.trait.times
        effects = ln.info.effects
        times[ln.info.name] += n
        if ln.at_creation:
            creation_times[ln.info.name] += n
        if effects.attribute and ln.trait.attribute is not None:
            attribute[ln.trait.attribute] += effects.attribute * n
            if ln.at_creation:
                creation_attribute[ln.trait.attribute] += effects.attribute * n
        for key in ("initiative_rows", "move", "defense", "appearance", "close_actions",
                    "ranged_actions", "ignore_range_penalty", "ignore_darkness_penalty"):
            totals[key] += getattr(effects, key) * n
        for key in ("starting_eps", "contact_points"):
            if ln.at_creation:
                creation_totals[key] += getattr(effects, key) * n
        armor[0] += effects.natural_armor[0] * n
        armor[1] += effects.natural_armor[1] * n
        for key in ("one_handed", "ambidextrous"):
            if getattr(effects, key):
                flags.add(key)
        if effects.lackey:
            totals["lackeys"] += n
        if effects.size:
            size = effects.size

    starting_money = None
    monthly_income = 0
    for info in catalog_traits.traits():
        effects = info.effects
        if effects.starting_money and creation_times[info.name]:
            starting_money = _by_times(effects.starting_money.amounts,
                                       creation_times[info.name])
        if effects.monthly_income and times[info.name]:
            monthly_income += _by_times(effects.monthly_income.amounts, times[info.name])

    creation = [ln for ln in lines if ln.at_creation]
    return TraitSummary(
        lines=lines,
        advantages=sum(ln.points for ln in creation if ln.kind == "advantage"),
        disadvantages=sum(ln.points for ln in creation if ln.kind == "disadvantage"),
        attribute=dict(attribute),  # type: ignore[arg-type]
        creation_attribute=dict(creation_attribute),  # type: ignore[arg-type]
        times=dict(times),
        creation_times=dict(creation_times),
        initiative_rows=totals["initiative_rows"],
        move=totals["move"],
        natural_armor=(armor[0], armor[1]),
        starting_eps=creation_totals["starting_eps"],
        contact_points=creation_totals["contact_points"],
        starting_money=starting_money,
        monthly_income=monthly_income,
        size=size,
        defense=totals["defense"],
        appearance=totals["appearance"],
        close_actions=totals["close_actions"],
        ranged_actions=totals["ranged_actions"],
        ignore_range_penalty=totals["ignore_range_penalty"],
        ignore_darkness_penalty=totals["ignore_darkness_penalty"],
        one_handed="one_handed" in flags,
        ambidextrous="ambidextrous" in flags,
        lackeys=totals["lackeys"],
    )


def is_lackey(character: PocketCharacter) -> bool:
    return character.role == "lackey"


def attribute_budget(character: PocketCharacter) -> int:
    """Creation points to add to the Attributes: 10, a Lackey 8 (2.1, 2.22)."""
    rules = catalog_attributes.tables().creation
    return rules.lackey_points if is_lackey(character) else rules.points


def trait_budget(character: PocketCharacter) -> int:
    """Most points of Advantages: 5, a Lackey 3 (2.2, 2.22)."""
    rules = catalog_traits.trait_data().rules
    return rules.lackey_max if is_lackey(character) else rules.max_advantages


class TraitValues(NamedTuple):
    """Step 2: the traits taken, the Attribute points they leave, and their shifts."""

    summary: TraitSummary
    creation_scores: dict[Attribute, int]
    """Scores at the end of creation (Attribute ±1 traits taken at creation included)."""
    points_added: dict[Attribute, int]
    """Creation points put on each Attribute (0 to 4)."""
    attribute_points_budget: int
    trait_points_max: int
    initiative: Triplet
    """The Roll of the armored DEFT, shifted by Acute/Poor Reflexes (2.33)."""
    move: int
    """6 + the armored DEFT's Modifier + Running − Slow, at least 0 (2.34)."""
    appearance: int
    """WILL with Attractive/Unattractive: the target of rolls where looks matter."""

    @property
    def attribute_points_spent(self) -> int:
        return sum(self.points_added.values())

    @property
    def attribute_points_left(self) -> int:
        return self.attribute_points_budget - self.attribute_points_spent


def trait_values(character: PocketCharacter, attrs: AttributeValues) -> TraitValues:
    tables = catalog_attributes.tables()
    summary = summarise(character)
    final = attrs.final
    play = {a: summary.attribute.get(a, 0) - summary.creation_attribute.get(a, 0)
            for a in ATTRIBUTES}
    creation = {a: final[a] - attrs.raises[a] - play[a] for a in ATTRIBUTES}
    added = {a: creation[a] - summary.creation_attribute.get(a, 0) - tables.creation.base
             for a in ATTRIBUTES}
    deft = attrs.armored_deft
    return TraitValues(
        summary=summary,
        creation_scores=creation,
        points_added=added,
        attribute_points_budget=attribute_budget(character),
        trait_points_max=trait_budget(character),
        initiative=attributes.roll(deft, summary.initiative_rows),
        move=max(tables.move.base + attributes.modifier(deft) + summary.move, 0),
        appearance=final["will"] + summary.appearance,
    )
