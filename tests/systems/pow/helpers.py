"""Characters and dice the POW! tests share (imported, not collected: no ``test_`` prefix):
Dave and Ed (POW!, Taking Damage, Sample Frame - Armor and Damage Demo) and the Sample of
Gameplay's party."""

from __future__ import annotations

from desktop.model.dice import Roller, Throw
from desktop.systems.pow.fight.damage import Reduction, take_damage
from desktop.systems.pow.fight.initiative import Combatant, combatant, make_group
from desktop.systems.pow.rules.character import Armor, PowCharacter, Stats, Weapon


def pc(name: str = "", **scores: int) -> PowCharacter:
    return PowCharacter(name=name, attributes=Stats(**scores))


class ScriptedRoller(Roller):
    """A roller whose dice are given in advance, for exact tie-break sequences."""

    def __init__(self, faces: list[tuple[int, ...]]) -> None:
        super().__init__()
        self._faces = list(faces)

    def throw(self, count: int, sides: int, why: str = "") -> Throw:
        faces = self._faces.pop(0)
        assert len(faces) == count
        result = Throw(sides, faces, why)
        self.throws.append(result)
        return result


# --- Dave and Ed (POW!, Taking Damage, Sample Frame - Armor and Damage Demo) ----------

CLUB = Weapon(name="Club", damage=4)
SPIKED_PADDED = Armor(name="Spiked Padded Armor", frame_rating=3, damage_rating=20)


def ed() -> PowCharacter:
    return PowCharacter(name="Ed", attributes=Stats(brawn=1, damage=2), weapons=[CLUB])


def dave() -> PowCharacter:
    return PowCharacter(name="Dave", attributes=Stats(brawn=1, damage=2), weapons=[CLUB],
                        armor=[SPIKED_PADDED])


def dave_after_two_hits() -> Reduction:
    first = take_damage(dave(), 5)
    return take_damage(first.character, 5, first.absorbed)


# --- The Sample of Gameplay -----------------------------------------------------------


def sample_party() -> list[Combatant]:
    """The Sample of Gameplay. Agility from the Difficulties the book gives (Lizards need
    12, 13, 15: Agility 2, 3, 5); Electrobabe's Damage 3 (pool 9 → 4 after 5) and
    Energy 5 (5d6, pool 25); Sparky's Brawn 5; Cutter's Brawn 3. Ours: Sparky's Energy 2
    and Cutter's 4 (he spends 2 and holds "my other two"); the Lizard-men's Brawn 3
    (club 2 + Brawn 3 = 5), Damage 3 (Pool 9) and Energy 2 (the dodge is "his second
    action", then he is out) are read from the text, which gives no stat block."""
    electrobabe = pc("Electrobabe", agility=2, damage=3, energy=5)
    sparky = pc("Sparky", agility=3, brawn=5, energy=2)
    sparky.weapons.append(Weapon(name="Teeth", damage=3))
    cutter = pc("Cutter", agility=5, brawn=3, energy=4)
    cutter.weapons.append(Weapon(name="Throwing knife", damage=1, ranged=True,
                                 adds_brawn=True))  # used both ways: adds Brawn
    lizard = pc("Lizard-man", agility=2, brawn=3, damage=3, energy=2)
    lizard.weapons.append(Weapon(name="Club", damage=2))
    return [combatant(electrobabe), combatant(sparky), combatant(cutter),
            *make_group(lizard, 3, "Lizard-men")]


SAMPLE_TOTALS = {"Electrobabe": 7, "Sparky": 12, "Cutter": 11, "Lizard-men": 13}
LIZARDS = ("Lizard-man 1", "Lizard-man 2", "Lizard-man 3")
