"""The life-path generator (Character Generation): takes the step that
``lifepath_steps.next_step`` says is due, a pure function from character to character.

Every step can be rolled with a seeded ``Roller`` (the throws come back with the
outcome) or chosen ("Players are encouraged to roll first and then, if they don't like
the result, to choose"); each returns a new character and a sentence on what happened
(``Outcome``), so an editor can make each step one undoable edit. Steps the book leaves
to the player (naming a trade, picking "Strength or Agility", the Event a power answers,
the trait an Amplification boosts) can only be chosen. ``run`` rolls and asks its way
to the end; after that the player buys traits, powers and agents with the dice left.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import NamedTuple

from desktop.model.dice import Roller, Throw
from desktop.systems.protector.rules import catalog
from desktop.systems.protector.rules.character import (
    Continuation,
    Decade,
    Event,
    EventLink,
    Power,
    ProtectorCharacter,
)
from desktop.systems.protector.rules.lifepath_steps import Step, application_table, next_step

Choice = int | str | bool | EventLink | tuple[int, int]
INVENTION = "Invention"
MAX_STEPS = 500
"""A bound for ``run``: far more steps than any life path takes (another Decade needs
all its dice odd, 1 in 2^n)."""


class LifePathError(ValueError):
    """A step that cannot be taken as asked: one line saying why."""


class Outcome(NamedTuple):
    """The character after one step, and what happened."""

    character: ProtectorCharacter
    step: Step
    description: str
    throws: tuple[Throw, ...] = ()

    @property
    def rolled(self) -> bool:
        return bool(self.throws)


# ---------------------------------------------------------------- taking a step


def roll(character: ProtectorCharacter, roller: Roller) -> Outcome:
    """Take the next step by rolling (the throws are recorded by ``roller`` too)."""
    step = next_step(character)
    if not step.rollable:
        raise LifePathError(f"{_first_word(step)} is chosen, not rolled: {step.prompt}")
    throw = _throw(roller, step)
    faces = throw.faces
    if step.kind == "continuation":
        another = all(face % 2 == 1 for face in faces)
        return _continuation(character, step, Continuation(faces=list(faces),
                                                           another=another), throw)
    value = faces[0]
    match step.kind:
        case "decade":
            table = catalog.lifepath_tables().decades.tier(1 if step.decade == 0 else 2)
            return _decade(character, step, table.for_roll(value), value, throw)
        case "event_count":
            return _event_count(character, step, value, throw)
        case "event":
            row = catalog.lifepath_tables().events.for_roll(value)
            return _event(character, step, row, value, "", throw)
        case "power_count":
            return _power_count(character, step, value, throw)
        case "power_category":
            return _category(character, step, catalog.power_tables().for_roll(value), value,
                             throw)
        case "power_application":
            table = application_table(character.powers[step.power or 0])
            assert table is not None  # a rollable application step has a table
            return _application(character, step, table.for_roll(value).name, value, throw)
    raise LifePathError(f"cannot roll {step.kind}")  # pragma: no cover - all kinds above


def choose(character: ProtectorCharacter, choice: Choice, description: str = "") -> Outcome:
    """Take the next step as the player chooses. ``choice`` is a table entry (its name,
    id or die result), a count, True/False for the continuation, a name of the player's
    own where the step allows it, or (decade, event) for the Event a power answers.
    ``description`` describes a chosen Event or Decade."""
    step = next_step(character)
    match step.kind:
        case "done":
            raise LifePathError(step.prompt)
        case "decade":
            table = catalog.lifepath_tables().decades.tier(1 if step.decade == 0 else 2)
            row = _pick_decade(table, choice)
            return _decade(character, step, row, None, None, description)
        case "decade_trait":
            return _grant(character, step, _text(choice, step))
        case "event_count":
            return _event_count(character, step, _count(choice, 1, 4, "Events"), None)
        case "event":
            row = _pick_event(choice)
            return _event(character, step, row, None, description, None)
        case "continuation":
            if not isinstance(choice, bool):
                raise LifePathError("choose True for another Decade or False for powers")
            return _continuation(character, step, Continuation(faces=[], another=choice), None)
        case "power_count":
            return _power_count(character, step, _count(choice, 1, 6, "powers"), None)
        case "power_category":
            return _category(character, step, _pick_category(choice), None, None)
        case "power_application":
            return _application(character, step, _pick_application(character, step, choice),
                                None, None)
        case "power_event":
            return _power_event(character, step, _pick_event_link(character, choice))
    raise LifePathError(f"cannot choose {step.kind}")  # pragma: no cover


def run(character: ProtectorCharacter, roller: Roller,
        chooser: Callable[[ProtectorCharacter, Step], Choice]) -> tuple[
            ProtectorCharacter, list[Outcome]]:
    """Roll every rollable step and ask ``chooser`` for the others, to the end."""
    outcomes: list[Outcome] = []
    for _ in range(MAX_STEPS):
        step = next_step(character)
        if step.done:
            return character, outcomes
        outcome = roll(character, roller) if step.rollable else choose(
            character, chooser(character, step))
        outcomes.append(outcome)
        character = outcome.character
    raise LifePathError(f"the life path did not end in {MAX_STEPS} steps")


# ---------------------------------------------------------------- the steps' effects


def _first_word(step: Step) -> str:
    return step.prompt.split(":")[0]


def _throw(roller: Roller, step: Step) -> Throw:
    count, _, sides = (step.dice or "").partition("d")
    return roller.throw(int(count or 1), int(sides), step.kind)


def _update(character: ProtectorCharacter, **changes: object) -> ProtectorCharacter:
    return character.model_copy(update=changes, deep=True)


def _decades_with(character: ProtectorCharacter, index: int, decade: Decade) -> list[Decade]:
    decades = [d.model_copy(deep=True) for d in character.decades]
    if index == len(decades):
        decades.append(decade)
    else:
        decades[index] = decade
    return decades


def _rolled(throw: Throw | None) -> str:
    return f"rolled {throw}: " if throw else "chose "


def _steps(n: int) -> str:
    return f"{n} step{'s' if n != 1 else ''}"


def _decade(character: ProtectorCharacter, step: Step, row: catalog.DecadeRow,
            value: int | None, throw: Throw | None, description: str = "") -> Outcome:
    index = step.decade or 0
    decade = Decade(tier=1 if index == 0 else 2, entry=row.name, roll=value,
                    description=description, traits=row.grants())
    grants = ", ".join(
        f"{g.type} {g.name or ' or '.join(g.options) or (g.prompt or 'to name')} "
        f"{_steps(g.steps)}" for g in decade.traits)
    text = (f"Decade {index + 1}: {_rolled(throw).removesuffix(': ')}"
            f"{' → ' if throw else ''}{row.name} ({grants}); it costs one energy die")
    return Outcome(_update(character, decades=_decades_with(character, index, decade)),
                   step, text, (throw,) if throw else ())


def _grant(character: ProtectorCharacter, step: Step, name: str) -> Outcome:
    d_index, g_index = step.decade or 0, step.grant or 0
    decade = character.decades[d_index].model_copy(deep=True)
    grant = decade.traits[g_index]
    if grant.options and name not in grant.options:
        match = next((o for o in grant.options if o.casefold() == name.casefold()), None)
        if match is None:
            raise LifePathError(f"choose one of {', '.join(grant.options)}, not {name!r}")
        name = match
    decade.traits[g_index] = grant.model_copy(update={"name": name})
    text = (f"Decade {d_index + 1} ({decade.entry}): {grant.type} {name}, "
            f"{_steps(grant.steps)}")
    return Outcome(_update(character, decades=_decades_with(character, d_index, decade)),
                   step, text)


def _event_count(character: ProtectorCharacter, step: Step, count: int,
                 throw: Throw | None) -> Outcome:
    index = step.decade or 0
    decade = character.decades[index].model_copy(update={"event_count": count}, deep=True)
    text = (f"Decade {index + 1}: {_rolled(throw)}{count} "
            f"Event{'s' if count != 1 else ''}")
    return Outcome(_update(character, decades=_decades_with(character, index, decade)),
                   step, text, (throw,) if throw else ())


def _event(character: ProtectorCharacter, step: Step, row: catalog.EventRow,
           value: int | None, description: str, throw: Throw | None) -> Outcome:
    d_index, e_index = step.decade or 0, step.event or 0
    decade = character.decades[d_index].model_copy(deep=True)
    if e_index < len(decade.events):
        old = decade.events[e_index]
        decade.events[e_index] = old.model_copy(update={
            "type": row.id, "roll": value, "description": description or old.description})
    else:
        decade.events.append(Event(type=row.id, roll=value, description=description))
    text = (f"Decade {d_index + 1}, Event {e_index + 1}: {_rolled(throw)}{row.name} "
            f"({row.text.rstrip('.')}); describe it in one sentence")
    return Outcome(_update(character, decades=_decades_with(character, d_index, decade)),
                   step, text, (throw,) if throw else ())


def _continuation(character: ProtectorCharacter, step: Step, result: Continuation,
                  throw: Throw | None) -> Outcome:
    index = step.decade or 0
    decade = character.decades[index].model_copy(update={"continuation": result}, deep=True)
    then = "another Decade (second tier)" if result.another else "on to powers"
    if throw:
        verdict = "all odd" if result.another else "not all odd"
        text = f"After Decade {index + 1}: rolled {throw}: {verdict} → {then}"
    else:
        text = f"After Decade {index + 1}: chose {then}"
    return Outcome(_update(character, decades=_decades_with(character, index, decade)),
                   step, text, (throw,) if throw else ())


def _power_count(character: ProtectorCharacter, step: Step, count: int,
                 throw: Throw | None) -> Outcome:
    text = f"{_rolled(throw)}{count} power{'s' if count != 1 else ''}".capitalize()
    return Outcome(_update(character, power_count=count), step, text,
                   (throw,) if throw else ())


def _category(character: ProtectorCharacter, step: Step, row: catalog.CategoryRow,
              value: int | None, throw: Throw | None) -> Outcome:
    index = step.power or 0
    powers = [p.model_copy(deep=True) for p in character.powers]
    if index < len(powers):
        powers[index] = powers[index].model_copy(
            update={"category": row.id, "category_roll": value, "application": "",
                    "application_roll": None})
    else:
        powers.append(Power(category=row.id, category_roll=value))
    text = f"Power {index + 1}: {_rolled(throw)}{row.name} ({row.text.rstrip('.')})"
    return Outcome(_update(character, powers=powers), step, text, (throw,) if throw else ())


def _application(character: ProtectorCharacter, step: Step, application: str,
                 value: int | None, throw: Throw | None) -> Outcome:
    index = step.power or 0
    powers = [p.model_copy(deep=True) for p in character.powers]
    power = powers[index]
    name = power.name
    if not name:
        name = f"Super {application}" if power.category == "amplification" else application
    # Generate's Invention is the book's invention power (Super Inventions).
    invention = power.invention or (
        power.category == "generate" and application.casefold() == INVENTION.casefold())
    powers[index] = power.model_copy(update={
        "application": application, "application_roll": value, "name": name,
        "invention": invention})
    text = f"Power {index + 1}: {_rolled(throw)}{application}"
    return Outcome(_update(character, powers=powers), step, text, (throw,) if throw else ())


def _power_event(character: ProtectorCharacter, step: Step, link: EventLink) -> Outcome:
    index = step.power or 0
    powers = [p.model_copy(deep=True) for p in character.powers]
    powers[index] = powers[index].model_copy(update={"event": link})
    decade = character.decades[link.decade]
    event = decade.events[link.event]
    name = catalog.lifepath_tables().events.by_id(event.type).name if event.type else "Event"
    text = (f"Power {index + 1} answers Decade {link.decade + 1}'s {name}"
            + (f": {event.description}" if event.description else ""))
    return Outcome(_update(character, powers=powers), step, text)


# ---------------------------------------------------------------- reading choices


def _text(choice: Choice, step: Step) -> str:
    if not isinstance(choice, str) or not choice.strip():
        raise LifePathError(f"{_first_word(step)}: give a name")
    if step.options and not step.free_text:
        for option in step.options:
            if str(option.value).casefold() == choice.strip().casefold():
                return str(option.value)
        names = ", ".join(str(o.value) for o in step.options)
        raise LifePathError(f"choose one of {names}, not {choice!r}")
    return choice.strip()


def _count(choice: Choice, low: int, high: int, what: str) -> int:
    if isinstance(choice, bool) or not isinstance(choice, int) or not low <= choice <= high:
        raise LifePathError(f"choose {low} to {high} {what}, not {choice!r}")
    return choice


def _pick_decade(table: catalog.DecadeTable, choice: Choice) -> catalog.DecadeRow:
    if isinstance(choice, int) and not isinstance(choice, bool):
        if 1 <= choice <= 20:
            return table.for_roll(choice)
    elif isinstance(choice, str) and (row := table.named(choice)) is not None:
        return row
    names = ", ".join(row.name for row in table.rows)
    raise LifePathError(f"no Decade {choice!r} on that table (it has {names}, or 1-20)")


def _pick_event(choice: Choice) -> catalog.EventRow:
    table = catalog.lifepath_tables().events
    if isinstance(choice, int) and not isinstance(choice, bool) and 1 <= choice <= 8:
        return table.for_roll(choice)
    if isinstance(choice, str):
        wanted = choice.strip().casefold()
        for row in table.rows:
            if wanted in (row.id, row.name.casefold()):
                return row
    names = ", ".join(row.name for row in table.rows)
    raise LifePathError(f"no Event {choice!r} (choose {names}, or 1-8)")


def _pick_category(choice: Choice) -> catalog.CategoryRow:
    tables = catalog.power_tables()
    if isinstance(choice, int) and not isinstance(choice, bool) and 1 <= choice <= 10:
        return tables.for_roll(choice)
    if isinstance(choice, str):
        wanted = choice.strip().casefold()
        for row in tables.categories:
            if wanted in (row.id, row.name.casefold()):
                return row
    names = ", ".join(row.name for row in tables.categories)
    raise LifePathError(f"no power category {choice!r} (choose {names}, or 1-10)")


def _pick_application(character: ProtectorCharacter, step: Step, choice: Choice) -> str:
    table = application_table(character.powers[step.power or 0])
    if isinstance(choice, int) and not isinstance(choice, bool):
        if table is not None and table.rows and 1 <= choice <= len(table.rows):
            return table.for_roll(choice).name
        raise LifePathError(f"no application {choice} on that table")
    if not isinstance(choice, str) or not choice.strip():
        raise LifePathError("give the power's application (a table entry or your own words)")
    if table is not None and (row := table.named(choice)) is not None:
        return row.name
    return choice.strip()


def _pick_event_link(character: ProtectorCharacter, choice: Choice) -> EventLink:
    if isinstance(choice, EventLink):
        link = choice
    elif (isinstance(choice, tuple) and len(choice) == 2
          and all(isinstance(n, int) and not isinstance(n, bool) for n in choice)):
        link = EventLink(decade=choice[0], event=choice[1]) if min(choice) >= 0 else None
    else:
        link = None
    if link is None or link.decade >= len(character.decades) or (
            link.event >= len(character.decades[link.decade].events)):
        raise LifePathError(f"no Event {choice!r}: give (decade, event) of one of the "
                            "character's Events, counted from 0")
    return link
