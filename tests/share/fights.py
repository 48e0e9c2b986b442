"""Scripted fights for the sharing tests: a player character from a file among a group
of the game's catalog NPCs, with the NPCs hurt turn after turn."""

from __future__ import annotations

from collections.abc import Iterator

from desktop.model.encounter import Encounter
from desktop.paths import resource
from desktop.systems import get
from desktop.systems.encounters import new_encounter
from desktop.systems.files import load_character
from desktop.ui.gm.sources import catalog_characters

PLAYERS = {"pow": "sparky", "pocket": "artos"}


def fight(game: str = "pow", npcs: int = 3, seed: int = 7) -> Encounter:
    """The fight, begun: the player character and ``npcs`` of the catalog's first NPC."""
    pc = load_character(resource(game, "characters", f"{PLAYERS[game]}.sheetdesk"))
    encounter = new_encounter(game, "ford", seed=seed).add_character(pc, "pc.sheetdesk", "file")
    return encounter.add_group(catalog_characters(get(game))[0], npcs).start()


def npc_keys(encounter: Encounter) -> list[str]:
    return [k for k, f in encounter.fighters.items() if f.origin != "file"]


def pc_key(encounter: Encounter) -> str:
    return next(k for k, f in encounter.fighters.items() if f.origin == "file")


def scripted(encounter: Encounter, turns: int = 8) -> Iterator[Encounter]:
    """Each step of the fight: an NPC takes 2 points of damage, the player character 1
    every other turn, then the turn passes."""
    for turn in range(turns):
        npcs = npc_keys(encounter)
        encounter = encounter.perform(npcs[turn % len(npcs)], "damage", {"points": 2})
        yield encounter
        if turn % 2:
            encounter = encounter.perform(pc_key(encounter), "damage", {"points": 1})
            yield encounter
        encounter = encounter.next_turn()
        yield encounter
