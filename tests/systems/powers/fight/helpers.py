"""The people of the draft's examples (Combat: Bob, Dave and Nigel) as Powers
characters, and an encounter to play them in (imported, not collected).

The draft gives Bob 20 initiative dice, Dave 15 and Nigel 17; Bob's Agility 10 and his
ranged power's Accurate (5); Dave's Agility 7. The rest is ours: Blammo Cannon, Super-
Slap and Mind Shield are named in the draft's examples, their components are ours."""

from __future__ import annotations

from typing import Any

from desktop.model.dice import Roller, Throw
from desktop.model.encounter import Encounter
from desktop.systems.encounters import new_encounter
from desktop.systems.powers.rules.character import Attributes, Power, PowersCharacter


def power(name: str, *components: dict[str, Any]) -> Power:
    return Power.model_validate({"name": name, "components": list(components)})


def damage(rating: int, *modifiers: dict[str, Any], types: tuple[str, ...] = ("bashing",)
           ) -> dict[str, Any]:
    return {"kind": "damage", "rating": rating, "types": list(types),
            "modifiers": list(modifiers)}


RANGED = {"kind": "range", "range": "medium"}
MELEE = {"kind": "range", "range": "melee"}


def bob() -> PowersCharacter:
    return PowersCharacter(
        name="Bob", attributes=Attributes(agility=10, intelligence=10, resilience=5,
                                          willpower=4, strength=3, health=12),
        powers=[power("Blammo Cannon", RANGED, {"kind": "accurate", "rating": 5},
                      damage(6, types=("fire",))),
                power("Mind Shield", {"kind": "resistance", "rating": 3, "type": "general",
                                      "modifiers": [{"id": "mind_over_matter"}]})])


def dave() -> PowersCharacter:
    return PowersCharacter(
        name="Dave", attributes=Attributes(agility=7, intelligence=8, resilience=4,
                                           willpower=3, strength=8, health=10),
        powers=[power("Super-Slap", MELEE, damage(5, {"id": "stun"})),
                power("Acid Spit", RANGED,
                      damage(3, {"id": "dot", "turns": 3}, types=("biological",)))])


def nigel() -> PowersCharacter:
    return PowersCharacter(
        name="Nigel", attributes=Attributes(agility=9, intelligence=8, resilience=3,
                                            willpower=9, health=8),
        powers=[power("Mind Spike", RANGED, damage(7, {"id": "psychic"},
                                                   types=("sound",))),
                power("Nightmare", RANGED, damage(4, {"id": "phantom", "rating": 2})),
                power("Mend", {"kind": "range", "range": "close"},
                      {"kind": "healing", "rating": 2,
                       "modifiers": [{"id": "hot", "turns": 2}]})])


DRAFT_HITS = {"Bob": 5, "Dave": 3, "Nigel": 3}
"""Combat, Basics: "Bob has initiative 20, and scores 5 hits, Dave has initiative 15,
and scores 3 hits, and Nigel has initiative 17, and scores 3 hits"."""


def three(seed: int = 5) -> Encounter:
    e = new_encounter("powers", "Bob, Dave and Nigel", seed=seed)
    return (e.add_character(bob(), "/party/bob.sheetdesk").add_character(dave())
            .add_character(nigel()))


class Scripted(Roller):
    """A roller that throws the faces given, in order (one tuple per throw), so a test
    can roll exactly the draft's example."""

    def __init__(self, *throws: tuple[int, ...]) -> None:
        super().__init__(seed=0)
        self.queue = list(throws)

    def throw(self, count: int, sides: int, why: str = "") -> Throw:
        faces = self.queue.pop(0)
        assert len(faces) == count, f"{why}: {count} dice wanted, {len(faces)} scripted"
        result = Throw(sides, faces, why)
        self.throws.append(result)
        return result


def faces(hits: int, dice: int, ones: int = 0) -> tuple[int, ...]:
    """``dice`` faces with ``hits`` hits (5s), ``ones`` 1s, the rest 3s."""
    assert hits + ones <= dice
    return (5,) * hits + (1,) * ones + (3,) * (dice - hits - ones)


class Loaded(Roller):
    """A seeded roller whose throws for some purposes are given: ``{"attack Bob": [faces,
    …]}`` — a throw whose reason starts with a key takes that key's next faces; the rest
    (initiative, tie-breaks) are rolled from the seed."""

    def __init__(self, seed: int = 0, **never: Any) -> None:
        super().__init__(seed=seed)
        self.given: dict[str, list[tuple[int, ...]]] = {}

    def give(self, why: str, *throws: tuple[int, ...]) -> Loaded:
        self.given.setdefault(why, []).extend(throws)
        return self

    def throw(self, count: int, sides: int, why: str = "") -> Throw:
        for key, queue in self.given.items():
            if why.startswith(key) and queue:
                faces = queue.pop(0)
                assert len(faces) == count, f"{why}: {count} dice wanted, {len(faces)} given"
                result = Throw(sides, faces, why)
                self.throws.append(result)
                return result
        return super().throw(count, sides, why)

    def spent(self) -> bool:
        return not any(self.given.values())
