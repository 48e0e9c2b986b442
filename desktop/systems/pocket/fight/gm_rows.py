"""What the Pocket Universe GM screen shows of a fight: the turn line and each
combatant's row (initiative, hits, armor, defences, attack, Move) with its status
(5.2 turns and holds; 5.41 unconsciousness and dying; 5.82 holds; 3.41 shields)."""

from __future__ import annotations

from desktop.model.combat_helpers import setup_label
from desktop.model.combat_rules import Row, TurnInfo
from desktop.systems.pocket.fight.fighter import Fighter
from desktop.systems.pocket.fight.gm_state import PocketFight
from desktop.systems.pocket.rules.dice import format_triplet


def turn(state: PocketFight) -> TurnInfo:
    """Whose turn it is: the count, or a held turn being taken, or the round's end."""
    fight = state.fight
    if not state.started:
        return TurnInfo(False, 0, (), f"{setup_label(len(fight.fighters))} (initiative "
                                      "is rolled every round)")
    head = f"Round {fight.round}"
    key = fight.current
    if key is None:
        holding = ", ".join(h.key for h in fight.holds)
        tail = (f"holding: {holding}; Next opens round {fight.round + 1}" if holding
                else f"Next opens round {fight.round + 1}")
        return TurnInfo(True, fight.round, (), f"{head} · every turn has come · {tail}")
    fighter = fight.fighters[key]
    where = ("held turn" if fight.interrupts
             else f"count {fight.turns[fight.position].number}")
    note = ""
    if fighter.unconscious:
        note = " (unconscious: wake-up roll)"
    elif "prone" in fighter.conditions:
        note = " (getting up)"
    return TurnInfo(True, fight.round, (key,), f"{head} · {where} · {key}{note}")


def rows(state: PocketFight) -> list[Row]:
    """The roster in this round's turn order, then those without a turn."""
    fight = state.fight
    numbers = {t.key: t.number for t in fight.turns}
    order = [t.key for t in fight.turns]
    order += [k for k in fight.fighters if k not in numbers]
    return [_row(state, key, numbers.get(key)) for key in order]


def _row(state: PocketFight, key: str, number: int | None) -> Row:
    fight = state.fight
    f = fight.fighters[key]
    hold = fight.holding(key)
    if hold is not None:
        init = f"held ({hold.number})"
    elif number is not None:
        init = f"{number} ({format_triplet(f.initiative)})"
    else:
        init = format_triplet(f.initiative)
    weapon = f.weapons[0].describe() if f.weapons else "—"
    cells = (init, f"{f.current_hits}/{f.hits_max}", f"{f.armor_phys}/{f.armor_energy}",
             f"{f.melee_defense} / {f.missile_defense}", weapon, str(f.move))
    return Row(key, cells, "; ".join(_status(state, f)),
               f.out_of_fight or f.unconscious)


def _status(state: PocketFight, f: Fighter) -> list[str]:
    fight = state.fight
    out: list[str] = []
    if f.dead:
        return ["dead"]
    if "fled" in f.conditions:
        out.append("fled")
    if f.unconscious:
        due = fight.current == f.key and f.key not in fight.wake_tried
        out.append("unconscious" + (": wake-up roll due" if due else ""))
    if f.dying:
        out.append(f"dying: bleeding 1 hit a {f.bleeding or 'minute'}")
    elif f.bleeding:
        out.append(f"bleeding 1 hit a {f.bleeding}")
    hold = fight.holding(f.key)
    if hold is not None:
        out.append(f"holding a turn since round {hold.round}")
    if f.held_by:
        out.append(f"held by {f.held_by}" + (" (full hold)" if f.full_hold else ""))
    out += sorted(f.conditions - {"unconscious", "dead", "fled"})
    if f.shield is not None and f.shield.hits < f.shield.hits_max:
        out.append(f"{f.shield.name} {f.shield.hits}/{f.shield.hits_max}"
                   + (" broken" if f.shield.broken else ""))
    if f.npc:
        out.append("NPC")
    return out
