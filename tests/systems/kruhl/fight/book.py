"""The example characters of ``resources/kruhl`` in fights through the GM screen's
engine, for the tests that play the Actions chapter's rules turn by turn."""

from __future__ import annotations

from pathlib import Path

from desktop.model.encounter import Encounter
from desktop.systems.encounters import new_encounter
from desktop.systems.files import load_character
from desktop.systems.kruhl.rules.character import KruhlCharacter
from desktop.systems.kruhl.rules.npcs import npcs

EXAMPLES = Path(__file__).resolve().parents[4] / "resources" / "kruhl" / "characters"


def example(name: str) -> KruhlCharacter:
    character = load_character(EXAMPLES / f"{name}.sheetdesk")
    assert isinstance(character, KruhlCharacter)
    return character


def npc(name: str) -> KruhlCharacter:
    return next(n for n in npcs() if n.name == name)


def soraya(parrying: bool = False) -> KruhlCharacter:
    """Soraya as shipped; ``parrying``: her sabres and knives count for her defense too
    (the reading before weapons were told apart from shields)."""
    character = example("soraya")
    if parrying:
        character = character.model_copy(update={"equipment": [
            e.model_copy(update={"use": "both"}) for e in character.equipment]})
    return character


def fight(*people: KruhlCharacter, seed: int = 1) -> Encounter:
    """The people in this order of play (totals 20, 19, 18…), Round 1 begun."""
    e = new_encounter("kruhl", "Book", seed=seed)
    for person in people:
        e = e.add_character(person)
    return e.start({"totals": {p.name: 20 - i for i, p in enumerate(people)}})


def chance_of(e: Encounter, key: str, action: str, target: str, ranged: bool = False
              ) -> str:
    """The exact chance the action's hint shows for ``target`` (an attack's hint shows
    hand-to-hand / ranged)."""
    hint = next(a.hint for a in e.rules.actions(e.state, key) if a.id == action)
    shown = hint.split(f"{target} ")[1].split(";")[0].split(" / ")
    return shown[1 if ranged else 0].strip()


def texts(e: Encounter) -> list[str]:
    return [line.text for line in e.log]
