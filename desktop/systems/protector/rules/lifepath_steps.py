"""Where a character's life path stands (Character Generation): the step due next, read
from its data alone.

The order is the book's: a first Decade (first-tier d20, Decades, First tier), its trait
choices, its number of Events (1d4, Events), each Event (d8), the continuation roll (one
d6 per decade held; all odd → another Decade from the second-tier table, Events and
RULINGS Protector 1), then the number of powers (1d6, Powers), and for each power its
category (d10), its application (the category's table) and the Event it answers; then
"done". ``next_step`` keeps no hidden state, so a file saved half-way resumes where it
stopped; each ``Step`` lists what it can be rolled or chosen as (``Option``). Taking a
step is ``lifepath``'s job.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Literal, NamedTuple

from desktop.model.findings import Rule
from desktop.systems.protector.rules import catalog
from desktop.systems.protector.rules.character import (
    Power,
    ProtectorCharacter,
    TraitGrant,
)
from desktop.systems.protector.rules.citations import (
    R_CONTINUE,
    R_DECADES,
    R_EVENTS,
    R_FIRST_TIER,
    R_POWERS,
    R_SECOND_TIER,
)

StepKind = Literal[
    "decade", "decade_trait", "event_count", "event", "continuation", "power_count",
    "power_category", "power_application", "power_event", "done"]


class Option(NamedTuple):
    """One thing a step can be chosen as."""

    value: str | int | bool | tuple[int, int]
    """What ``choose`` takes for it."""
    label: str
    rolls: tuple[int, int] | None = None
    """The die results (low, high) that give it when rolled."""
    text: str = ""


class Step(NamedTuple):
    """What the life path needs next, and how it can be made."""

    kind: StepKind
    prompt: str
    rule: Rule
    dice: str | None = None
    """What is rolled ("1d20", "2d6"); None: chosen only."""
    options: tuple[Option, ...] = ()
    free_text: bool = False
    """Whether ``choose`` takes words of the player's own."""
    decade: int | None = None
    grant: int | None = None
    event: int | None = None
    power: int | None = None

    @property
    def rollable(self) -> bool:
        return self.dice is not None

    @property
    def done(self) -> bool:
        return self.kind == "done"


def _grant_open(grant: TraitGrant) -> bool:
    if grant.options:
        return grant.name not in grant.options
    return not grant.name.strip()


def application_table(power: Power) -> catalog.ApplicationTable | None:
    """The table a power's application is rolled on (None before its category)."""
    if power.category is None:
        return None
    return catalog.power_tables().category(power.category).applications


def _needs_application(power: Power) -> bool:
    return power.category not in (None, "heal") and not power.application.strip()


def next_step(character: ProtectorCharacter) -> Step:
    """The next step of the life path, read from the character's data."""
    if character.npc:
        return _done("An NPC has no life path: its dice are as the GM sets them")
    if not character.decades:
        return _decade_step(character, 0)
    for d_index, decade in enumerate(character.decades):
        for g_index, grant in enumerate(decade.traits):
            if _grant_open(grant):
                return _grant_step(character, d_index, g_index)
        if decade.event_count is None:
            return _event_count_step(d_index)
        for e_index, event in enumerate(decade.events):
            if event.type is None:
                return _event_step(d_index, e_index)
        if len(decade.events) < decade.event_count:
            return _event_step(d_index, len(decade.events))
        if decade.continuation is None:
            return _continuation_step(d_index)
        if decade.continuation.another and d_index == len(character.decades) - 1:
            return _decade_step(character, d_index + 1)
    if character.power_count is None:
        return _power_count_step()
    for p_index, power in enumerate(character.powers):
        if power.category is None:
            return _category_step(p_index)
        if _needs_application(power):
            return _application_step(character, p_index)
        if power.event is None:
            return _power_event_step(character, p_index)
    if len(character.powers) < character.power_count:
        return _category_step(len(character.powers))
    return _done("The life path is complete: buy traits, activate powers and make agents "
                 "with the dice left")


def _done(prompt: str) -> Step:
    return Step("done", prompt, R_POWERS)


def _decade_step(character: ProtectorCharacter, index: int) -> Step:
    tier = 1 if index == 0 else 2
    table = catalog.lifepath_tables().decades.tier(tier)
    options = tuple(Option(row.name, row.name, (row.low, row.high), grants_text(row.traits))
                    for row in table.rows)
    which = "first-tier" if tier == 1 else "second-tier"
    return Step("decade", f"Decade {index + 1}: roll 1d20 on the {which} table or choose",
                R_FIRST_TIER if tier == 1 else R_SECOND_TIER, table.dice, options,
                decade=index)


def grants_text(grants: Iterable[TraitGrant]) -> str:
    """A Decade's traits in plain words, one per part: "Reading and Writing (skill)
    +1 step · Strength or Agility (attribute) +1 step · a trade of your choice (skill)
    +2 steps" (the book prints them run together: "… Skill Math 1 Step Attribute …")."""
    parts = []
    for grant in grants:
        name = grant.name or (" or ".join(grant.options) if grant.options else
                              f"{grant.prompt or 'one'} of your choice")
        plural = "s" if grant.steps != 1 else ""
        parts.append(f"{name} ({grant.type}) +{grant.steps} step{plural}")
    return " · ".join(parts)


def _grant_step(character: ProtectorCharacter, d_index: int, g_index: int) -> Step:
    decade = character.decades[d_index]
    grant = decade.traits[g_index]
    kind = grant.type.capitalize()
    if grant.options:
        prompt = (f"Decade {d_index + 1} ({decade.entry}): choose the {kind} "
                  f"({' or '.join(grant.options)}, {grant.steps} step"
                  f"{'s' if grant.steps != 1 else ''})")
        options = tuple(Option(name, name) for name in grant.options)
        return Step("decade_trait", prompt, R_DECADES, None, options, decade=d_index,
                    grant=g_index)
    what = grant.prompt or "the trait"
    prompt = f"Decade {d_index + 1} ({decade.entry}): name {what} ({kind}, {grant.steps} steps)"
    return Step("decade_trait", prompt, R_DECADES, None, (), True, decade=d_index,
                grant=g_index)


def _event_count_step(d_index: int) -> Step:
    options = tuple(Option(n, f"{n} event{'s' if n != 1 else ''}", (n, n)) for n in range(1, 5))
    return Step("event_count", f"Decade {d_index + 1}: roll 1d4 for its number of Events",
                R_EVENTS, catalog.lifepath_tables().event_count.dice, options,
                decade=d_index)


def _event_step(d_index: int, e_index: int) -> Step:
    table = catalog.lifepath_tables().events
    options = tuple(Option(row.id, row.name, (row.roll, row.roll), row.text)
                    for row in table.rows)
    return Step("event", f"Decade {d_index + 1}, Event {e_index + 1}: roll 1d8 or choose, "
                         "then describe it in one sentence",
                R_EVENTS, table.dice, options, decade=d_index, event=e_index)


def _continuation_step(d_index: int) -> Step:
    count = d_index + 1
    options = (Option(True, "another Decade"), Option(False, "on to powers"))
    return Step("continuation",
                f"After Decade {d_index + 1}: roll {count}d6; all odd → another Decade",
                R_CONTINUE, f"{count}d{catalog.lifepath_tables().continuation.die}", options,
                decade=d_index)


def _power_count_step() -> Step:
    options = tuple(Option(n, f"{n} power{'s' if n != 1 else ''}", (n, n)) for n in range(1, 7))
    return Step("power_count", "Roll 1d6 for the number of powers", R_POWERS,
                catalog.lifepath_tables().power_count.dice, options)


def _category_step(p_index: int) -> Step:
    tables = catalog.power_tables()
    options = tuple(Option(row.id, row.name, (row.roll, row.roll), row.text)
                    for row in tables.categories)
    return Step("power_category", f"Power {p_index + 1}: roll 1d10 for its category",
                R_POWERS, tables.category_dice, options, power=p_index)


def _traits_of(character: ProtectorCharacter) -> list[str]:
    names: list[str] = []
    for decade in character.decades:
        names += [g.name for g in decade.traits if g.name]
    names += [t.name for t in character.traits if t.type != "limit"]
    return list(dict.fromkeys(names))


def _application_step(character: ProtectorCharacter, p_index: int) -> Step:
    power = character.powers[p_index]
    category = catalog.power_tables().category(power.category or "")
    table = category.applications
    if not table.rows:  # Amplification: the trait it amplifies
        options = tuple(Option(name, name) for name in _traits_of(character))
        return Step("power_application",
                    f"Power {p_index + 1} ({category.name}): choose the trait it amplifies",
                    R_POWERS, None, options, True, power=p_index)
    options = tuple(Option(row.name, row.name, (row.roll, row.roll), row.text)
                    for row in table.rows)
    return Step("power_application",
                f"Power {p_index + 1} ({category.name}): roll {table.dice} for its "
                "application, or choose, or describe your own",
                R_POWERS, table.dice, options, True, power=p_index)


def _power_event_step(character: ProtectorCharacter, p_index: int) -> Step:
    options = []
    names = {row.id: row.name for row in catalog.lifepath_tables().events.rows}
    for d_index, decade in enumerate(character.decades):
        for e_index, event in enumerate(decade.events):
            kind = names.get(event.type or "", "Event")
            text = f" — {event.description}" if event.description else ""
            options.append(Option((d_index, e_index),
                                  f"Decade {d_index + 1} ({decade.entry}), {kind}{text}"))
    return Step("power_event",
                f"Power {p_index + 1}: choose the Event it answers", R_POWERS, None,
                tuple(options), power=p_index)
