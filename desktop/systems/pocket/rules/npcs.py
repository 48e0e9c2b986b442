"""The book's creatures on the Pocket Universe GM screen (6.2): each made into a
character that names its creature, so the screen fights it with the printed numbers."""

from __future__ import annotations

from desktop.systems.pocket.rules import catalog_creatures
from desktop.systems.pocket.rules.character import Attributes, NaturalArmor, PocketCharacter
from desktop.systems.pocket.rules.derived import PocketDerived
from desktop.systems.pocket.rules.dice import format_triplet

CREATURE_NOTE = "Catalog creature: "
"""How a creature made into a character names the book's creature (6.2): the GM screen
then fights it with the numbers as printed (``fighter_from_creature``)."""


def creature_character(creature: catalog_creatures.Creature) -> PocketCharacter:
    """A character for a creature of the book: its line as printed, PERC in the INTL box
    (6.2: PERC stands in for INTL), its hide as natural armor. The GM screen fights it
    with the printed numbers (hits, initiative, bite, defences, Move)."""
    attacks = ", ".join(f"{a.name} {format_triplet(a.damage)} at {a.skill}-"
                        for a in creature.attacks)
    skills = ", ".join(f"{name} {score}-" for name, score in creature.skills.items())
    line = (f"{creature.source}: PHYS {creature.phys}, DEFT {creature.deft}, PERC "
            f"{creature.perc} (in the INTL box), WILL {creature.will}; Hits {creature.hits}; "
            f"Initiative {format_triplet(creature.initiative)}; Move {creature.move}; Armor "
            f"{creature.armor.name} {creature.armor.phys}/{creature.armor.energy}; {attacks}; "
            f"Skills {skills}; Melee {creature.melee_defense}, Missile "
            f"{creature.missile_defense}")
    return PocketCharacter(
        name=creature.name, description=line, notes=f"{CREATURE_NOTE}{creature.name}",
        attributes=Attributes(phys=creature.phys, deft=creature.deft, intl=creature.perc,
                              will=creature.will),
        natural_armor=NaturalArmor(name=creature.armor.name, phys=creature.armor.phys,
                                   energy=creature.armor.energy))


def npcs() -> list[PocketCharacter]:
    """The book's creatures as characters, for the GM screen's "add from catalog"."""
    return [creature_character(c) for c in catalog_creatures.creatures()]


def creature_of(character: PocketCharacter) -> catalog_creatures.Creature | None:
    """The book's creature a character was made from, or None (or if no longer known)."""
    if not character.notes.startswith(CREATURE_NOTE):
        return None
    name = character.notes.removeprefix(CREATURE_NOTE).splitlines()[0]
    try:
        return catalog_creatures.creature(name)
    except KeyError:
        return None


def medicine_score(derived: PocketDerived) -> int:
    """Medicine as the character would roll it: the skill, else unskilled (2.43)."""
    return derived.skill_scores.get("Medicine", derived.unskilled.get("Medicine", 0))
