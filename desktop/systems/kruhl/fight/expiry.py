"""When dice conditions and surges end by themselves (Actions: Distracting; Dodging;
Charging; Sweep Attack; Disarming; Move Action; Spending Plot Points, Surge), each as
the catalog's ``ends`` says:

* "roll": after the first roll whose dice it changed (Distracted: "a penalty die on
  their next attack roll or their next defense roll, whichever comes first"; Charging
  and Disarming: the attack they belong to);
* "turn": when the character's turn ends (a Sweep attack's rolls are all made in it);
* "next_turn": when the character takes its next turn (Dodging: "continues to receive
  this benefit until they take their next turn"; Running and Sprinting: the move of one
  turn). A surge ends then too ("usually only lasts for one round").

A turn given up for a forced action, or delayed and not yet taken, is not taken: what
it would have ended goes on. A turn that begins and is then delayed gives back what its
beginning ended (``Began``), and ends it when the delayed turn is taken.

Ours (the chapter gives no end): Running and Sprinting last until the runner's next
turn, as the move of one turn does. Ending with the runner's own turn would leave the
defense die nothing to count for, where Extended Tasks' chase has it count against the
other's attacks each round: "Because both Kestrel and the city guard are running, they
both have a penalty die on their attack rolls and a bonus die on their defense rolls."
"""

from __future__ import annotations

from dataclasses import replace

from desktop.systems.kruhl.fight.gm_state import Began, KruhlFight
from desktop.systems.kruhl.fight.plot import surge_ends
from desktop.systems.kruhl.rules.catalog import RollKind, condition
from desktop.systems.kruhl.rules.character import KruhlCharacter

Lines = tuple[str, ...]


def after_roll(character: KruhlCharacter, kind: RollKind) -> tuple[KruhlCharacter, Lines]:
    """The character after making a roll of ``kind``: conditions that last one roll and
    changed this one's dice end."""
    ended = [c for c in character.conditions
             if condition(c).ends == "roll" and condition(c).effect_on(kind)]
    if not ended:
        return character, ()
    new = character.model_copy(update={"conditions": [
        c for c in character.conditions if c not in ended]})
    return new, tuple(f"{condition(c).label} ends (it lasts one roll: "
                      f"{condition(c).section})" for c in ended)


def _without(fight: KruhlFight, key: str, ends: str) -> tuple[KruhlFight, tuple[str, ...]]:
    character = fight.character(key)
    ended = tuple(c for c in character.conditions if condition(c).ends == ends)
    if not ended:
        return fight, ()
    new = character.model_copy(update={"conditions": [
        c for c in character.conditions if c not in ended]})
    return fight.with_character(key, new), ended


def turn_ends(fight: KruhlFight, keys: tuple[str, ...]) -> tuple[KruhlFight, Lines]:
    """Conditions that last the turn end with it."""
    lines: list[str] = []
    for key in keys:
        fight, ended = _without(fight, key, "turn")
        lines += [f"{key}: {condition(c).label} ends with its turn" for c in ended]
    return fight, tuple(lines)


def turn_begins(fight: KruhlFight, keys: tuple[str, ...]) -> tuple[KruhlFight, Lines]:
    """The combatants take their turn: what lasts until then ends (recorded in
    ``began`` in case the turn is delayed)."""
    lines: list[str] = []
    began = []
    for key in keys:
        fight, ended = _without(fight, key, "next_turn")
        lines += [f"{key}: {condition(c).label} ends (it lasted until its next turn)"
                  for c in ended]
        surged = tuple(a for k, a in fight.surges if k == key)
        for attribute in surged:
            character, text = surge_ends(fight.character(key), attribute)
            fight = fight.with_character(key, character)
            lines.append(f"{key}: {text}")
        fight = replace(fight, surges=tuple(s for s in fight.surges if s[0] != key))
        if ended or surged:
            began.append(Began(key, ended, surged))
    return replace(fight, began=tuple(began)), tuple(lines)


def not_taken(fight: KruhlFight, keys: tuple[str, ...]) -> tuple[KruhlFight, Lines]:
    """The combatants delay the turn that just began: what its beginning ended is given
    back until the delayed turn is taken."""
    lines: list[str] = []
    kept = []
    for record in fight.began:
        if record.key not in keys:
            kept.append(record)
            continue
        character = fight.character(record.key)
        conditions = [*character.conditions,
                      *(c for c in record.conditions if c not in character.conditions)]
        attributes = character.attributes.model_copy(update={
            a: character.attributes.get(a) + record.surges.count(a)
            for a in set(record.surges)})
        character = character.model_copy(update={"conditions": conditions,
                                                 "attributes": attributes})
        fight = fight.with_character(record.key, character)
        fight = replace(fight, surges=(*fight.surges,
                                       *((record.key, a) for a in record.surges)))
        what = [condition(c).label for c in record.conditions] + [
            f"the surge ({a})" for a in record.surges]
        lines.append(f"{record.key}: {', '.join(what)} goes on until the delayed turn is "
                     "taken")
    return replace(fight, began=tuple(kept)), tuple(lines)


def _position(fight: KruhlFight) -> tuple[object, ...] | None:
    rounds = fight.rounds
    if rounds is None:
        return None
    return (rounds.round, rounds.cursor, rounds.interrupt)


def turn_passes(before: KruhlFight, after: KruhlFight, taken: bool = True
                ) -> tuple[KruhlFight, Lines]:
    """After an operation: if the turn changed hands, the turn that was being taken
    ends (unless it was delayed, ``taken`` False, or is only interrupted by a delayed
    turn) and the new one begins (unless it is an interrupted turn resuming)."""
    if _position(before) == _position(after) or after.rounds is None:
        return after, ()
    was, now = before.rounds, after.rounds
    interrupted = was is not None and was.interrupt is None and now.interrupt is not None
    resumed = (was is not None and was.interrupt is not None and now.interrupt is None
               and (was.round, was.cursor) == (now.round, now.cursor))
    fight, lines = replace(after, began=()), ()
    if taken and not interrupted:
        present = {c.key for c in after.combatants}
        fight, lines = turn_ends(fight, tuple(k for k in before.actors() if k in present))
    if resumed:
        return fight, lines
    fight, started = turn_begins(fight, fight.actors())
    return fight, (*lines, *started)
