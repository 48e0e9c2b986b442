"""Edits with a rule behind them, as pure functions: each returns a new character.

The editor makes each one an undoable step. Plain field edits need no help; these keep
what the rules tie together: a power's pool dice per die fixed at activation, The
Visionary's death in The Coming Menace, equipment from the book, and the links from
powers to Events when Events or Decades go away.
"""

from __future__ import annotations

from desktop.systems.protector.rules import catalog
from desktop.systems.protector.rules.character import EventLink, Power, ProtectorCharacter


class EditError(ValueError):
    """An edit that cannot be made: one line saying why."""


def _power(character: ProtectorCharacter, index: int) -> Power:
    if not 0 <= index < len(character.powers):
        raise EditError(f"no power {index + 1} (the character has {len(character.powers)})")
    return character.powers[index]


def activate_power(character: ProtectorCharacter, index: int,
                   energy_dice: int = 1) -> ProtectorCharacter:
    """Activate a latent power with ``energy_dice`` energy dice; its pool dice per die
    are fixed now, at the era's number (Character Generation, Powers)."""
    minimum = catalog.power_tables().activation.minimum_dice
    if energy_dice < minimum:
        raise EditError(f"activating a power costs at least {minimum} energy die")
    power = _power(character, index)
    powers = list(character.powers)
    powers[index] = power.model_copy(update={
        "active": True, "energy_dice": energy_dice,
        "dice_per_die": catalog.era(character.era).dice_per_die})
    return character.model_copy(update={"powers": powers}, deep=True)


def visionary_dies(character: ProtectorCharacter) -> ProtectorCharacter:
    """The Coming Menace after The Visionary's death: powers "get an additional 3d for
    each die they spent" (Character Generation, Powers; RULINGS Protector 3)."""
    if character.era != "coming_menace":
        raise EditError("The Visionary dies in The Coming Menace; the era is "
                        f"{catalog.era(character.era).name}")
    before = catalog.era("coming_menace").dice_per_die
    after = catalog.era("coming_menace_after").dice_per_die
    powers = [
        p.model_copy(update={"dice_per_die": after})
        if p.active and p.dice_per_die in (None, before) else p
        for p in character.powers
    ]
    return character.model_copy(update={"era": "coming_menace_after", "powers": powers},
                                deep=True)


def change_era(character: ProtectorCharacter, era: str) -> ProtectorCharacter:
    """The character in another era. Switching The Coming Menace to "after The
    Visionary's death" is his death: the powers get their extra dice as with
    ``visionary_dies``. Any other switch changes only the era (pools fixed at
    activation keep their number, Character Generation, Powers)."""
    catalog.era(era)  # an unknown era: KeyError, as for a file
    if character.era == "coming_menace" and era == "coming_menace_after":
        return visionary_dies(character)
    return character.model_copy(update={"era": era}, deep=True)


def add_equipment(character: ProtectorCharacter, name: str,
                  energy_dice: int | None = None) -> ProtectorCharacter:
    """The book's equipment bought at creation (see ``catalog.equipment_agent``)."""
    try:
        agent = catalog.equipment_agent(name, energy_dice)
    except KeyError as exc:
        raise EditError(str(exc.args[0])) from None
    return character.model_copy(update={"agents": [*character.agents, agent]}, deep=True)


def _relink(character: ProtectorCharacter, moved) -> list[Power]:
    """Powers with their Event links passed through ``moved`` (None: link dropped)."""
    out = []
    for power in character.powers:
        link = power.event
        if link is not None:
            new = moved(link.decade, link.event)
            link = None if new is None else EventLink(decade=new[0], event=new[1])
        out.append(power.model_copy(update={"event": link}))
    return out


def remove_event(character: ProtectorCharacter, decade: int, event: int) -> ProtectorCharacter:
    """Remove an Event; powers that answered it lose their link, later links shift."""
    if not 0 <= decade < len(character.decades) or not (
            0 <= event < len(character.decades[decade].events)):
        raise EditError(f"no Event {event + 1} in Decade {decade + 1}")
    decades = [d.model_copy(deep=True) for d in character.decades]
    del decades[decade].events[event]

    def moved(d: int, e: int) -> tuple[int, int] | None:
        if d != decade or e < event:
            return d, e
        return None if e == event else (d, e - 1)

    return character.model_copy(
        update={"decades": decades, "powers": _relink(character, moved)}, deep=True)


def remove_decade(character: ProtectorCharacter, decade: int) -> ProtectorCharacter:
    """Remove a Decade; powers that answered its Events lose their link, later links
    shift. (Removing the first leaves a second-tier Decade first: a finding says so.)"""
    if not 0 <= decade < len(character.decades):
        raise EditError(f"no Decade {decade + 1}")
    decades = [d.model_copy(deep=True) for i, d in enumerate(character.decades) if i != decade]

    def moved(d: int, e: int) -> tuple[int, int] | None:
        if d < decade:
            return d, e
        return None if d == decade else (d - 1, e)

    return character.model_copy(
        update={"decades": decades, "powers": _relink(character, moved)}, deep=True)


def describe_event(character: ProtectorCharacter, decade: int, event: int,
                   text: str) -> ProtectorCharacter:
    """Give an Event its one-sentence description (Character Generation, Events)."""
    if not 0 <= decade < len(character.decades) or not (
            0 <= event < len(character.decades[decade].events)):
        raise EditError(f"no Event {event + 1} in Decade {decade + 1}")
    decades = [d.model_copy(deep=True) for d in character.decades]
    decades[decade].events[event] = decades[decade].events[event].model_copy(
        update={"description": text.strip()})
    return character.model_copy(update={"decades": decades}, deep=True)
