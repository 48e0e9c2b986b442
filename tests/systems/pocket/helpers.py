"""Helpers the Pocket Universe tests share (imported, not collected: no ``test_`` prefix)."""

from __future__ import annotations

from fractions import Fraction
from itertools import product
from typing import Any

from desktop.model.dice import Roller, Throw
from desktop.paths import resource
from desktop.systems.files import load_character
from desktop.systems.pocket.fight.attack import AttackOutcome, resolve_attack
from desktop.systems.pocket.fight.fighter import Fighter, Weapon
from desktop.systems.pocket.fight.to_hit import AttackPlan
from desktop.systems.pocket.rules.character import PocketCharacter
from tests.pdf.helpers import pdf_pages  # noqa: F401 (shared)

SWORD = Weapon("Sword", (4, 6, 8), 12)
PAIRS = list(product(range(1, 11), repeat=2))
"""Every throw of 2d10, each as likely as the others."""


def example(stem: str) -> PocketCharacter:
    """One of the book's example characters ("artos", "kestra", "tharsh"), from its file."""
    character = load_character(resource("pocket", "characters", f"{stem}.sheetdesk"))
    assert isinstance(character, PocketCharacter)
    return character


def changed_example(stem: str, /, **changes: Any) -> PocketCharacter:
    """An example character with some of its fields replaced."""
    return PocketCharacter.model_validate(example(stem).model_dump() | changes)



class Scripted(Roller):
    """Shows the faces it is given, one throw at a time, in order; the test fails if a
    throw has the wrong number of dice or the script runs out."""

    def __init__(self, *script: tuple[int, ...]) -> None:
        super().__init__(seed=0)
        self.script = list(script)

    def throw(self, count: int, sides: int, why: str = "") -> Throw:
        assert self.script, f"no faces left for {count}d{sides} ({why})"
        faces = self.script.pop(0)
        assert len(faces) == count, (faces, count, why)
        result = Throw(sides, faces, why)
        self.throws.append(result)
        return result


def plain_fighter(key: str, **fields: Any) -> Fighter:
    """A fighter with every attribute 10, 10 hits, initiative 1/2/3 and a sword in hand;
    ``fields`` set any other value (``key`` is also its name)."""
    values: dict[str, Any] = {"phys": 10, "deft": 10, "armored_deft": 10, "will": 10,
                              "hits_max": 10, "initiative": (1, 2, 3), "weapons": (SWORD,)}
    return Fighter(key, key, **{**values, **fields})


WEAPONS = (
    Weapon("Sword", (4, 6, 8), 12),
    Weapon("Mace", (2, 3, 4), 12, edged=False),
    Weapon("Bow", (3, 5, 7), 12, "missile", range=24),
    Weapon("Greatsword", (6, 9, 12), 12),
    Weapon("Punch", (1, 2, 3), 11, "unarmed", edged=False),
)


def fighter(key: str, **changes: object) -> Fighter:
    """A ``plain_fighter`` with the attack tests' ``WEAPONS``, Dodge 11 and Grapple 9."""
    return plain_fighter(key, **{"weapons": WEAPONS, "dodge": 11, "grapple": 9, **changes})


def attack(attacker: Fighter, target: Fighter, *script: tuple[int, ...],
           **plan: object) -> AttackOutcome:
    """``resolve_attack`` with scripted dice (all of them used) and an ``AttackPlan``."""
    roller = Scripted(*script)
    outcome = resolve_attack(attacker, target, AttackPlan(**plan), roller)  # type: ignore[arg-type]
    assert not roller.script, f"dice left over: {roller.script}"
    return outcome


def lines(outcome: AttackOutcome) -> list[str]:
    """The log lines of an attack."""
    return [event.describe() for event in outcome.events]


A = fighter("Ash")
B = fighter("Bo", armor_phys=2, armor_energy=1, melee_defense=2, missile_defense=1)
"""The attack tests' two fighters: Bo wears armor 2/1 and defends 2 / 1."""


def brute(target: int, extra_time: int = 0) -> tuple[Fraction, Fraction, Fraction]:
    """(p_success, p_critical, p_fumble) of a check, counted over all 100 throws straight
    from sections 4.0, 4.3 and 4.4: the oracle the exact odds are tested against."""
    final = target + extra_time
    success = critical = fumble = 0
    for a, b in PAIRS:
        total = a + b
        made = total <= final and total != 20
        if made:
            success += 1
            critical += a == b
        elif a == b or (extra_time and total >= 20 - 2 * extra_time):
            fumble += 1
    return Fraction(success, 100), Fraction(critical, 100), Fraction(fumble, 100)
