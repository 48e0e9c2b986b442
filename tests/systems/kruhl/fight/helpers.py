"""The people of the chapter's examples (Actions, Order Of Play through Forcing An
Action) as Kruhl characters, and an encounter to play them in (imported, not collected).
The chapter prints no numbers: ours."""

from __future__ import annotations

from desktop.model.encounter import Encounter
from desktop.systems.encounters import new_encounter
from desktop.systems.kruhl.rules.character import Attributes, KruhlCharacter

LACKEYS = "Virek-Kohl's lackeys"


def pc(name: str, endurance: int = 5, **scores: int) -> KruhlCharacter:
    return KruhlCharacter(name=name, attributes=Attributes(endurance=endurance, **scores),
                          skills={"Hand-to-hand Combat": "skill", "Perception": "skill"})


def soraya() -> KruhlCharacter:
    return pc("Soraya", 6, agility=5, brawn=4, reason=4)


def virek_kohl() -> KruhlCharacter:
    return pc("Virek-Kohl", 6, brawn=5, reason=3)


def issvisk() -> KruhlCharacter:
    return pc("Issvisk", 8, brawn=7, reason=2)


def lackey() -> KruhlCharacter:
    return KruhlCharacter(name="Lackey", attributes=Attributes(brawn=3, endurance=1),
                          skills={"Hand-to-hand Combat": "skill"}, plot_points=0,
                          rabble=True)


def corner_fight(seed: int = 3) -> Encounter:
    """Round 1 of the example: Soraya runs around a corner into Virek-Kohl and three
    lackeys (Issvisk comes in round 2)."""
    e = new_encounter("kruhl", "Around the corner", seed=seed)
    e = e.add_character(soraya(), "/party/soraya.sheetdesk").add_character(virek_kohl())
    return e.add_group(lackey(), 3, LACKEYS)


TOTALS = {"Soraya": 12, "Virek-Kohl": 9, LACKEYS: 5}
