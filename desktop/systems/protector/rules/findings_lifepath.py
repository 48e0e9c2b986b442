"""Findings on the life path (Character Generation, Decades; Events; Powers): where it
stands, each Decade against its table, each Event against the d8, the continuation roll
and the number of powers. Reads the character and its next step (``lifepath_steps``).
"""

from __future__ import annotations

from desktop.model.findings import Finding, Severity
from desktop.systems.protector.rules import catalog
from desktop.systems.protector.rules.character import ProtectorCharacter
from desktop.systems.protector.rules.citations import (
    R_CONTINUE,
    R_DECADES,
    R_EVENTS,
    R_FIRST_TIER,
    R_POWERS,
)
from desktop.systems.protector.rules.lifepath_steps import Step

E, W, I = Severity.ERROR, Severity.WARNING, Severity.INFO  # noqa: E741
EVENTS_PER_DECADE = (1, 4)
POWER_COUNT = (1, 6)


def _started(character: ProtectorCharacter) -> bool:
    """Whether the player has made anything the life path comes before."""
    return bool(character.traits or character.powers or character.agents
                or character.conflicts or character.power_count is not None)


def life_path_findings(character: ProtectorCharacter, step: Step) -> list[Finding]:
    """A player character's life path: unfinished, off its tables, or miscounted."""
    out: list[Finding] = []
    if not character.decades:
        # A fresh character has not begun its life path yet: a warning (`sheetdesk new`
        # then `check` exits 0); once traits, powers or agents exist without it, an error.
        started = _started(character)
        out.append(Finding(E if started else W,
                           "Every character starts with at least one Decade (it costs an "
                           "energy die)" + ("" if started else ": roll or choose the first"),
                           R_DECADES, "decades"))
    elif not step.done:
        out.append(Finding(I, f"Life path not finished: {step.prompt}", step.rule,
                           _step_field(step)))
    tables = catalog.lifepath_tables()
    event_names = {row.id: row for row in tables.events.rows}
    decades = character.decades
    for d_index, decade in enumerate(decades):
        where = f"decades.{d_index}"
        label = f"Decade {d_index + 1}"
        tier = 1 if d_index == 0 else 2
        if decade.tier != tier:
            which = "first" if tier == 1 else "second"
            out.append(Finding(E, f"{label} comes from the {which}-tier table", R_FIRST_TIER,
                               f"{where}.tier"))
        table = tables.decades.tier(decade.tier)
        row = table.named(decade.entry) if decade.entry else None
        if decade.entry and row is None:
            out.append(Finding(I, f"{label}: {decade.entry!r} is not on the table (the "
                                  "player's own)", R_DECADES, f"{where}.entry"))
        if decade.roll is not None and row is not None and not (
                row.low <= decade.roll <= row.high):
            rolled = table.for_roll(decade.roll).name
            out.append(Finding(W, f"{label}: a roll of {decade.roll} gives {rolled}, not "
                                  f"{decade.entry}", R_DECADES, f"{where}.roll"))
        if decade.entry and not decade.description.strip():
            out.append(Finding(I, f"{label}: describe what the character was doing",
                               R_DECADES, f"{where}.description"))
        count = decade.event_count
        low, high = EVENTS_PER_DECADE
        if count is not None and not low <= count <= high:
            out.append(Finding(W, f"{label}: {count} Events; the 1d4 gives {low} to {high}",
                               R_EVENTS, f"{where}.event_count"))
        if count is not None and len(decade.events) > count:
            out.append(Finding(W, f"{label} has {len(decade.events)} Events; its roll gave "
                                  f"{count}", R_EVENTS, f"{where}.events"))
        for e_index, event in enumerate(decade.events):
            e_where = f"{where}.events.{e_index}"
            if event.type is not None and not event.description.strip():
                out.append(Finding(W, f"{label}, Event {e_index + 1} "
                                      f"({event_names[event.type].name}) needs a one-sentence "
                                      "description", R_EVENTS, f"{e_where}.description"))
            if event.roll is not None and event.type is not None and (
                    tables.events.for_roll(event.roll).id != event.type):
                out.append(Finding(W, f"{label}, Event {e_index + 1}: a roll of {event.roll} "
                                      f"is {tables.events.for_roll(event.roll).name}",
                                   R_EVENTS, f"{e_where}.roll"))
        out += _continuation_findings(character, d_index)
    if character.power_count is not None:
        low, high = POWER_COUNT
        if not low <= character.power_count <= high:
            out.append(Finding(W, f"{character.power_count} powers: the 1d6 gives {low} to "
                                  f"{high}", R_POWERS, "power_count"))
        if len(character.powers) > character.power_count:
            out.append(Finding(W, f"{len(character.powers)} powers; the life path gave "
                                  f"{character.power_count}", R_POWERS, "powers"))
    return out


def _step_field(step: Step) -> str:
    if step.power is not None:
        return f"powers.{step.power}"
    if step.decade is not None:
        return f"decades.{step.decade}"
    return "power_count" if step.kind == "power_count" else "decades"


def _continuation_findings(character: ProtectorCharacter, d_index: int) -> list[Finding]:
    out: list[Finding] = []
    decade = character.decades[d_index]
    where = f"decades.{d_index}.continuation"
    label = f"After Decade {d_index + 1}"
    result = decade.continuation
    has_next = d_index + 1 < len(character.decades)
    if result is not None and result.faces:
        if len(result.faces) != d_index + 1:
            out.append(Finding(E, f"{label}: roll one die per decade held ({d_index + 1}), "
                                  f"not {len(result.faces)}", R_CONTINUE, where))
        if any(not 1 <= face <= 6 for face in result.faces):
            out.append(Finding(E, f"{label}: d6 faces go from 1 to 6", R_CONTINUE, where))
        if result.another != all(face % 2 == 1 for face in result.faces):
            out.append(Finding(E, f"{label}: another Decade comes only if all the dice are "
                                  "odd", R_CONTINUE, where))
    if has_next and (result is None or not result.another):
        said = "no continuation roll was made" if result is None else (
            "the continuation roll went on to powers")
        out.append(Finding(W, f"Decade {d_index + 2} follows, but {said}", R_CONTINUE, where))
    return out

