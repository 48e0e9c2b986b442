"""Helpers the Protector tests share (imported, not collected: no ``test_`` prefix)."""

from __future__ import annotations

from desktop.model.dice import Roller, Throw
from desktop.model.dice_pool import Die, Pool
from desktop.model.findings import Severity
from desktop.pdf.export import render_pdf
from desktop.systems.files import load_character
from desktop.systems.protector.fight.combat import Encounter
from desktop.systems.protector.fight.contests import Side
from desktop.systems.protector.fight.pools import Agent, Combatant, Pick
from desktop.systems.protector.rules import catalog
from desktop.systems.protector.rules.character import (
    Continuation,
    Decade,
    Event,
    EventLink,
    Power,
    ProtectorCharacter,
    TraitGrant,
)
from desktop.systems.protector.rules.derived import ProtectorDerived
from desktop.systems.protector.rules.lifepath import Choice
from desktop.systems.protector.rules.lifepath_steps import Step
from tests.pdf.helpers import pdf_pages

ARCLIGHT_SEED = 38
"""The seed whose life-path rolls are the example hero Arclight's."""
ARCLIGHT_TRAITS = {"a trade": "Machining", "Strength": "Organization"}
"""Arclight's picks for the traits his Decades leave open, by the book's prompt/option."""
ARCLIGHT_POWER_EVENTS = {0: (0, 0), 1: (0, 1), 2: (0, 3)}
"""The (decade, event) each of his powers answers, by power index."""


class ScriptedRoller(Roller):
    """Throws the faces it is given, one die at a time, in order; a face the die cannot
    show fails the test (a script written for the wrong die)."""

    def __init__(self, faces: list[int]) -> None:
        super().__init__(seed=0)
        self.script = list(faces)

    def throw(self, count: int, sides: int, why: str = "") -> Throw:
        faces = tuple(self.script.pop(0) for _ in range(count))
        assert all(1 <= f <= sides for f in faces), (faces, sides, why)
        result = Throw(sides, faces, why)
        self.throws.append(result)
        return result


def arclight_choices(character: ProtectorCharacter, step: Step) -> Choice:
    """The choices the life path leaves to the player, as Arclight made them (a chooser
    for ``lifepath.run`` with ``Roller(ARCLIGHT_SEED)``)."""
    if step.kind == "decade_trait":
        grant = character.decades[step.decade].traits[step.grant]
        return ARCLIGHT_TRAITS[grant.prompt or grant.options[0]]
    if step.kind == "power_event":
        return ARCLIGHT_POWER_EVENTS[step.power]
    raise AssertionError(f"unexpected choice: {step}")


# ---------------------------------------------------------------- findings


def finished(**fields: object) -> ProtectorCharacter:
    """A character whose life path is done (one Decade, one Event, one power)."""
    base: dict[str, object] = dict(
        name="Test", era="wwii",
        decades=[Decade(tier=1, entry="School", roll=1, description="Grew up.",
                        traits=[TraitGrant(type="skill", name="Math", steps=1)],
                        event_count=1,
                        events=[Event(type="loss", roll=3, description="Lost a dog.")],
                        continuation=Continuation(faces=[2], another=False))],
        power_count=1,
        powers=[Power(name="Flight", category="freedom", application="Flight",
                      event=EventLink(decade=0, event=0))],
    )
    base.update(fields)
    return ProtectorCharacter(**base)


def found(derived: ProtectorDerived, severity: Severity | None = None) -> list[tuple[str, str]]:
    return [(f.message, f.field) for f in derived.findings
            if severity is None or f.severity is severity]


def has(derived: ProtectorDerived, severity: Severity, text: str, field: str = "") -> bool:
    return any(text in f.message and f.severity is severity and f.field.startswith(field)
               for f in derived.findings)


# ---------------------------------------------------------------- a scene


def d20(key: str, **options: object) -> Side:
    return Side.of(key, Pick(Die(20)), **options)  # type: ignore[arg-type]


def scene() -> Encounter:
    pistol = Agent("Pistol", Pool(1), types=frozenset({"Weapon"}), steps=1)
    vest = Agent("Vest", Pool(1), types=frozenset({"Defense"}), steps=2)
    jetpack = Agent("Jetpack", Pool(1), types=frozenset({"Movement"}), steps=4)
    return Encounter.of([
        Combatant("Erin", Pool(10), {"Pistol": pistol, "Jetpack": jetpack}),
        Combatant("Sam", Pool(10), {"Vest": vest}),
        Combatant("Slaver", Pool(3), player=False),
    ])


# ---------------------------------------------------------------- on paper


def arclight_with(**changes: object) -> ProtectorCharacter:
    """The example hero Arclight, with ``changes`` to his saved fields."""
    data = load_character(catalog.example_characters()["arclight"]).model_dump() | changes
    return ProtectorCharacter.model_validate(data)



def sheet_pages(character: ProtectorCharacter, paper: str = "a4") -> list[str]:
    return pdf_pages(render_pdf([character], "sheet", paper))  # type: ignore[arg-type]
