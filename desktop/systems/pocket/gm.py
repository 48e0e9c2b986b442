"""Pocket Universe on the GM screen: ``combat.py``'s rounds, holds and damage as
``CombatRules`` (chapter 5).

A thin adapter: every rule is applied by ``combat.Encounter`` and the functions it calls
(``combat_attack``, ``combat_damage``); this module turns GM inputs into those calls,
their events into log lines, and the fight back into character files.

* Turns (5.2): everyone rolls 1d10 on its initiative range at the start of every round;
  the GM counts down, ties go to the lower (armored) DEFT, then a dice-off. "Next" ends
  the current turn (a held turn being taken first). When every turn has come and
  someone still holds one, "Next" stops there so it can be taken; pressed again it opens
  the next round (holders keep holding and roll no initiative).
* Dice rolled at the table: optional inputs (0 = roll) on every action that rolls; they
  are served to the rules' own throws (the to-hit 2d10, the damage d10, a wake-up 2d10,
  next round's initiative d10 …) and the log says which were used.

Ours (rulings where the book is silent; shown in the hints):
* Groups: 5.2 has every participant roll its own initiative, so a group ("4 Crocodiles")
  is a label on the roster; its members roll and act one by one. Members of a group are
  played by the GM (NPCs, 5.5 Morale); a combatant added alone is a player character
  until the GM marks it otherwise.
* A combatant added mid-fight rolls initiative from the next round (``combat.join``).
* Before the fight starts a GM may still hurt, treat, rest or drop a combatant (a trap,
  an ambush's first volley); the round counter stays at 0.
* Only hits, a ready shield's hits and body-armor damage from criticals have fields in a
  character file (``tracking.hits``, ``hits_left``, ``damage``), so only they are
  written back; being unconscious, prone or held ends with the fight.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass, field, replace
from functools import cache
from typing import Any

from desktop.model.combat_rules import (
    Action,
    CheckOdds,
    CheckSpec,
    Outcome,
    Param,
    ReferenceChart,
    Row,
    TurnInfo,
)
from desktop.model.dice import Roller, Throw
from desktop.model.odds import percent
from desktop.systems.pocket import catalog, dice
from desktop.systems.pocket import combat_tables as ct
from desktop.systems.pocket.character import (
    Attributes,
    NaturalArmor,
    PocketCharacter,
    Tracking,
)
from desktop.systems.pocket.combat import Encounter, Step
from desktop.systems.pocket.combat_attack import (
    AttackPlan,
    Cover,
    Stance,
    morale,
    take_stance,
)
from desktop.systems.pocket.combat_damage import CombatError
from desktop.systems.pocket.combat_fighter import (
    CONDITIONS,
    Fighter,
    FighterError,
    fighter_from,
    fighter_from_creature,
)
from desktop.systems.pocket.dice import CheckError, Modifier, format_triplet
from desktop.systems.pocket.rules import PocketDerived, derive

CREATURE_NOTE = "Catalog creature: "
"""How a creature made into a character names the book's creature (6.2): the GM screen
then fights it with the numbers as printed (``fighter_from_creature``)."""

NOT_STARTED = "the fight has not started"


# --- the state ------------------------------------------------------------------------------


@dataclass(frozen=True)
class PocketFight:
    """The combat snapshot (round 0 before the start) and what the GM screen adds."""

    fight: Encounter = field(default_factory=lambda: Encounter({}, 0, (), 0))
    characters: Mapping[str, PocketCharacter] = field(default_factory=dict)
    """Each combatant's character as it joined: written back with the fight's changes."""
    joined: Mapping[str, Fighter] = field(default_factory=dict)
    """Each fighter as it joined, to tell what the fight changed."""
    groups: Mapping[str, str] = field(default_factory=dict)
    medicine: Mapping[str, int] = field(default_factory=dict)
    """Each combatant's Medicine score (skill, else unskilled) for treating others."""
    pending: Mapping[str, int] = field(default_factory=dict)
    """Initiative d10s rolled at the table for the next round."""

    @property
    def started(self) -> bool:
        return self.fight.round > 0

    def fighter(self, key: str) -> Fighter:
        return self.fight.fighter(key)


# --- dice rolled at the table ---------------------------------------------------------------


@dataclass(frozen=True)
class _Given:
    """Faces the table rolled for one throw of the rules: the first throw of ``count``
    d``sides`` (with reason ``why``, when set) gets them."""

    label: str
    count: int
    faces: tuple[int, ...]
    why: tuple[str, ...] = ()
    """The throws' reasons it may serve; () = any."""
    sides: int = dice.SIDES

    def matches(self, count: int, sides: int, why: str) -> bool:
        return (count, sides) == (self.count, self.sides) and (not self.why or why in self.why)


class TableDice(Roller):
    """A roller that hands out the table's dice to the throws they were rolled for and
    rolls the rest with ``base`` (so a fight replays the same either way)."""

    def __init__(self, base: Roller, given: Iterable[_Given] = ()) -> None:
        super().__init__(seed=0)
        self._base = base
        self.waiting = list(given)

    def throw(self, count: int, sides: int, why: str = "") -> Throw:
        for index, given in enumerate(self.waiting):
            if given.matches(count, sides, why):
                del self.waiting[index]
                result = Throw(sides, given.faces, why)
                break
        else:
            result = self._base.throw(count, sides, why)
        self.throws.append(result)
        return result


def _int(values: Mapping[str, Any], name: str, default: int = 0) -> int:
    value = values.get(name, default)
    try:
        return int(value if value not in (None, "") else default)
    except (TypeError, ValueError):
        raise CombatError(f"{name}: not a whole number: {value!r}") from None


def _given(values: Mapping[str, Any], label: str, names: Sequence[str],
           *why: str) -> list[_Given]:
    """The d10s typed into ``names`` (0 = roll): all of them or none."""
    faces = tuple(_int(values, n) for n in names)
    if not any(faces):
        return []
    if not all(faces):
        raise CombatError(f"{label}: give every d10 or none (0 = roll)")
    for face in faces:
        if not 1 <= face <= dice.SIDES:
            raise CombatError(f"{label}: a d10 shows 1 to {dice.SIDES}, not {face}")
    return [_Given(label, len(faces), faces, why)]


def _dice_params(label: str, count: int, prefix: str = "die") -> tuple[Param, ...]:
    """Optional d10 inputs for dice rolled at the table: 0 = let the app roll."""
    return tuple(Param(n, f"{label} d10" if i == 0 else "+", default=0, minimum=0,
                       maximum=dice.SIDES) for i, n in enumerate(_dice_names(count, prefix)))


def _die(name: str, label: str) -> Param:
    return Param(name, label, default=0, minimum=0, maximum=dice.SIDES)


def _dice_names(count: int, prefix: str = "die") -> list[str]:
    return [f"{prefix}{i + 1}" for i in range(count)]


def _table_lines(key: str, given: Sequence[_Given], roller: TableDice
                 ) -> tuple[list[str], list[str]]:
    """Lines before and after the rules' own: which of the table's dice they used, and
    which they had no use for (a damage die after a miss)."""
    if not given:
        return [], []
    unused = set(map(id, roller.waiting))
    used = [g for g in given if id(g) not in unused]

    def listed(dice_given: Sequence[_Given]) -> str:
        return ", ".join(f"{g.label} {'+'.join(map(str, g.faces))}" for g in dice_given)

    before = [f"{key}: dice rolled at the table: {listed(used)}"] if used else []
    after = [f"{key}: not used: {listed(roller.waiting)}"] if roller.waiting else []
    return before, after


def _refused(attempt: Callable[[], object]) -> str | None:
    """The rules' reason for refusing ``attempt`` now, or None. The attempt is pure (a
    throwaway roller), so trying it changes nothing."""
    try:
        attempt()
    except (CombatError, FighterError, CheckError) as exc:
        return str(exc)
    return None


# --- catalog creatures as characters (6.2) --------------------------------------------------


def creature_character(creature: catalog.Creature) -> PocketCharacter:
    """A character for a creature of the book: its line as printed, PERC in the INTL box
    (6.2: PERC stands in for INTL), its hide as natural armor. The GM screen fights it
    with the printed numbers (hits, initiative, bite, defences, Move)."""
    attacks = ", ".join(f"{a.name} {format_triplet(a.damage)} at {a.skill}-"
                        for a in creature.attacks)
    skills = ", ".join(f"{name} {score}-" for name, score in creature.skills.items())
    line = (f"{creature.source}: PHYS {creature.phys}, DEFT {creature.deft}, PERC "
            f"{creature.perc} (in the INTL box), WILL {creature.will}; Hits {creature.hits}; "
            f"Initiative {format_triplet(creature.initiative)}; Move {creature.move}; Armor "
            f"{creature.armor.name} {creature.armor.phys}/{creature.armor.energy}; {attacks}; "
            f"Skills {skills}; Melee {creature.melee_defense}, Missile "
            f"{creature.missile_defense}")
    return PocketCharacter(
        name=creature.name, description=line, notes=f"{CREATURE_NOTE}{creature.name}",
        attributes=Attributes(phys=creature.phys, deft=creature.deft, intl=creature.perc,
                              will=creature.will),
        natural_armor=NaturalArmor(name=creature.armor.name, phys=creature.armor.phys,
                                   energy=creature.armor.energy))


def npcs() -> list[PocketCharacter]:
    """The book's creatures as characters, for the GM screen's "add from catalog"."""
    return [creature_character(c) for c in catalog.creatures()]


def _creature_of(character: PocketCharacter) -> catalog.Creature | None:
    if not character.notes.startswith(CREATURE_NOTE):
        return None
    name = character.notes.removeprefix(CREATURE_NOTE).splitlines()[0]
    try:
        return catalog.creature(name)
    except KeyError:
        return None


def _medicine_score(derived: PocketDerived) -> int:
    """Medicine as the character would roll it: the skill, else unskilled (2.43)."""
    return derived.skill_scores.get("Medicine", derived.unskilled.get("Medicine", 0))


# --- choices shown in the action inputs -----------------------------------------------------


def _called_choices() -> tuple[tuple[str, str], ...]:
    shots = ct.tables().called_shots
    items = tuple((f"equipment:{size}", f"at a {size} item {mod:+d}")
                  for size, mod in shots.equipment.to_hit.items())
    return (
        ("", "no called shot"),
        ("knockout", f"knockout {shots.knockout.to_hit:+d} (5.61)"),
        ("head_shot", f"head shot {shots.head_shot.to_hit:+d} (5.61)"),
        ("disarm", f"disarm {shots.disarm.to_hit:+d} (5.62)"),
        ("avoid_armor", f"avoid armor {shots.avoid_armor.to_hit_per_armor_point:+d}/point"),
        ("exposed_head", f"exposed head {shots.avoid_armor.exposed_head_to_hit:+d} (5.63)"),
        *items,
        ("death_blow", f"death blow {shots.death_blow.to_hit:+d} (5.65)"),
        ("grapple", "grapple (5.82)"),
        ("full_hold", f"full hold {ct.tables().grappling.full_hold_to_hit:+d} (5.82)"),
    )


def _material_choices() -> tuple[tuple[str, str], ...]:
    rows = catalog.materials().materials
    return (("", "material: —"),
            *((row.names[0], f"{' / '.join(row.names)} ({row.strength})") for row in rows))


def _cover_choices() -> tuple[tuple[str, str], ...]:
    return (("", "no cover"), *((c.name, f"{c.name} cover (1–{c.obstructed_to}, aim "
                                          f"{c.aim_penalty:+d})") for c in ct.tables().cover.types))


def _surface_choices() -> tuple[tuple[str, str], ...]:
    return tuple((s.name, f"onto {s.name.lower()} ({s.modifier:+d})")
                 for s in catalog.falling().surfaces)


# --- the rules ------------------------------------------------------------------------------


class PocketCombatRules:
    system = "pocket"
    round_word = "Round"
    start_hint = "Initiative rolled at the table? e.g. Artos 4, Crocodiles 2"
    columns = ("Init", "Hits", "Armor", "Defense", "Attack", "Move")

    # --- combatants

    def empty(self) -> PocketFight:
        return PocketFight()

    def add(self, state: PocketFight, key: str, character: Any, group: str,
            roller: Roller) -> PocketFight:
        """A combatant joins; mid-fight it rolls initiative from the next round."""
        creature = _creature_of(character)
        try:
            derived = derive(character)
            fighter = (fighter_from_creature(creature, key) if creature is not None
                       else fighter_from(character, key, derived, npc=bool(group)))
        except (FighterError, CheckError, LookupError) as exc:
            raise CombatError(f"{character.name or key}: {exc}") from None
        step = state.fight.join(fighter)
        return replace(state, fight=step.encounter,
                       characters={**state.characters, key: character},
                       joined={**state.joined, key: fighter},
                       groups={**state.groups, key: group},
                       medicine={**state.medicine, key: _medicine_score(derived)})

    def remove(self, state: PocketFight, key: str) -> PocketFight:
        def drop(mapping: Mapping[str, Any]) -> dict[str, Any]:
            return {k: v for k, v in mapping.items() if k != key}

        return replace(state, fight=state.fight.remove(key).encounter,
                       characters=drop(state.characters), joined=drop(state.joined),
                       groups=drop(state.groups), medicine=drop(state.medicine),
                       pending=drop(state.pending))

    # --- turns

    def start(self, state: PocketFight, roller: Roller, values: Mapping[str, Any]) -> Outcome:
        """Round 1's initiative. ``values`` may hold what the table rolled:
        {"totals": {combatant or group: initiative number}} and/or {"d10": {combatant:
        face}}; the rest is rolled."""
        if state.started:
            raise CombatError("the fight has already started")
        given = self._given_numbers(state, values.get("totals") or {})
        faces = {**state.pending, **{str(k): _int(values.get("d10") or {}, k)
                                     for k in (values.get("d10") or {})}}
        dice_roller = self._initiative_dice(roller, faces)
        step = Encounter.start(state.fight.fighters.values(), dice_roller, given)
        opened = replace(step.encounter, treated_today=state.fight.treated_today)
        return Outcome(replace(state, fight=opened, pending={}), tuple(step.describe()))

    def _given_numbers(self, state: PocketFight, totals: Mapping[str, Any]) -> dict[str, int]:
        numbers: dict[str, int] = {}
        for name in totals:
            members = [name] if name in state.fight.fighters else [
                k for k, g in state.groups.items() if g == name]
            if not members:
                raise CombatError(f"initiative for {name!r}: no combatant or group by that "
                                  "name")
            for key in members:
                numbers[key] = _int(totals, name)
        return numbers

    @staticmethod
    def _initiative_dice(roller: Roller, faces: Mapping[str, int]) -> TableDice:
        given = []
        for key, face in faces.items():
            if not 1 <= face <= dice.SIDES:
                raise CombatError(f"initiative for {key}: a d10 shows 1 to {dice.SIDES}, "
                                  f"not {face}")
            given.append(_Given(f"initiative {key}", 1, (face,), (f"initiative {key}",)))
        return TableDice(roller, given)

    def next(self, state: PocketFight, roller: Roller) -> Outcome:
        """End the current turn; after the last one open the next round, unless someone
        holds a turn it may still take this round (then "Next" again opens it)."""
        fight = self._fight(state)
        lines: list[str] = []
        if fight.current is not None:
            step = fight.end_turn()
            fight = step.encounter
            if fight.current is not None or fight.holds:
                return Outcome(replace(state, fight=fight), tuple(step.describe()))
        step = fight.next_round(self._initiative_dice(roller, state.pending))
        lines += step.describe()
        return Outcome(replace(state, fight=step.encounter, pending={}), tuple(lines))

    @staticmethod
    def _fight(state: PocketFight) -> Encounter:
        if not state.started:
            raise CombatError(NOT_STARTED)
        return state.fight

    def turn(self, state: PocketFight) -> TurnInfo:
        fight = state.fight
        if not state.started:
            return TurnInfo(False, 0, (), f"Setup: {len(fight.fighters)} combatants "
                                          "(initiative is rolled every round)")
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

    def rows(self, state: PocketFight) -> Sequence[Row]:
        fight = state.fight
        numbers = {t.key: t.number for t in fight.turns}
        order = [t.key for t in fight.turns]
        order += [k for k in fight.fighters if k not in numbers]
        return [self._row(state, key, numbers.get(key)) for key in order]

    def _row(self, state: PocketFight, key: str, number: int | None) -> Row:
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
        return Row(key, cells, "; ".join(self._status(state, f)),
                   f.out_of_fight or f.unconscious)

    @staticmethod
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

    # --- what the GM can do

    def actions(self, state: PocketFight, key: str) -> Sequence[Action]:
        """Everything the GM can do to or for ``key``. Inputs come most-used first (the
        rules' defaults stand for the rest); dice rolled at the table are optional
        inputs, 0 = let the app roll."""
        fight = state.fight
        f = fight.fighter(key)
        started = state.started
        others = [k for k, g in fight.fighters.items() if k != key and not g.dead]
        acting = [k for k in others if fight.fighters[k].can_act]
        holding = [k for k, g in fight.fighters.items() if g.held_by == key]
        own_turn = started and fight.current == key

        def gate(*reasons: str | None) -> str | None:
            return next((r for r in reasons if r), None)

        not_started = None if started else NOT_STARTED
        wake = gate(None if f.unconscious else f"{key} is not unconscious", not_started,
                    _refused(lambda: fight.wake_up(key, Roller(0))))
        attacker = self._attacker_refusal(f)
        melee = [(str(i), w.describe()) for i, w in enumerate(f.weapons)
                 if not w.ranged] or [("0", "—")]
        ranged = [(str(i), w.describe()) for i, w in enumerate(f.weapons) if w.ranged]
        targets = tuple((k, k) for k in others) or (("", "nobody"),)
        target = Param("target", "Target", "choice",
                       self._default_target(state, key, others), targets)
        called = Param("called", "Called shot", "choice", "", _called_choices())
        modifier = Param("modifier", "±", default=0, minimum=-30, maximum=30)
        to_hit = (*_dice_params("Hit", 2, "hit"), _die("damage_die", "Dmg d10"))
        critical = _die("critical_die", "Crit d10")
        material = Param("material", "Material", "choice", "", _material_choices())
        several = Param("actions", "Actions", default=1, minimum=1, maximum=9)
        nobody = (("", "nobody"),)
        return [
            Action("wake_up", "Wake-up roll", _dice_params("Wake-up", 2),
                   why_not=wake, prompt=wake is None,
                   hint="Once a round on its own turn: 2d10 at or under its remaining hits "
                        "wakes it; it may act and move at once (5.41)"),
            Action("attack", "Attack", (
                target, Param("weapon", "Weapon", "choice", melee[0][0], tuple(melee)),
                called, modifier, *to_hit, material,
                Param("both_weapons", "both weapons", "bool", False), several, critical),
                why_not=gate(not_started, attacker, None if others else "nobody to attack"),
                hint="Its Action (5.3): weapon score − the target's Melee Defense ± called "
                     "shot (5.6), stances (5.7), surprise (5.34), several Actions (5.22), two "
                     "weapons (5.81), the GM's ±; a hit rolls damage (1d10 low/mid/high) "
                     "through armor (5.4), a miss may strike a shield (3.41), doubles roll on "
                     "the critical tables (5.35). Material: a struck item's (5.64, 4.8)"),
            Action("shoot", "Shoot / throw", (
                target, Param("weapon", "Weapon", "choice", ranged[0][0] if ranged else "",
                              tuple(ranged) or (("", "no missile weapon"),)),
                Param("range", "Spaces", default=4, minimum=0, maximum=100000),
                Param("cover", "Cover", "choice", "", _cover_choices()), material,
                Param("aim", "aim past cover", "bool", False),
                called, modifier, *to_hit, _die("cover_die", "Cover d10"), several, critical),
                why_not=gate(not_started, attacker,
                             None if ranged else f"{key} has no missile or thrown weapon",
                             None if others else "nobody to attack"),
                hint="Its Action (5.3): as an attack, against the Missile Defense, with the "
                     "range modifier (5.32; point blank −2, 3.3) and cover (5.33: 1d10 after a "
                     "hit; the cover's Material Strength is its armor, 4.8)"),
            Action("damage", "Damage", (
                Param("points", "Points", default=1, minimum=1),
                Param("armor", "armor", "bool", True),
                Param("energy", "energy", "bool", False)),
                why_not=f"{key} is dead" if f.dead else None,
                hint="Through armor unless unticked: armor at least twice the damage stops it; "
                     "under half, it is subtracted; else half gets through (5.4). Over half "
                     "the remaining hits in one blow knocks out; below 0 dying; below −Hits "
                     "dead (5.41)"),
            Action("hold", "Hold turn",
                   why_not=gate(not_started, None if own_turn else
                                f"{key} can hold only when its turn comes (5.2)",
                                _refused(fight.hold) if own_turn else None),
                   hint="Instead of its turn: take it at any later point, interrupting; one "
                        "held turn at a time, no new initiative until it is spent (5.2)"),
            Action("take_held", "Take held turn", (
                Param("with", "Together with", "choice", "",
                      (("", "alone"), *((h.key, f"with {h.key}") for h in fight.holds
                                        if h.key != key))),),
                   why_not=gate(not_started, _refused(lambda: fight.take_held(key))),
                   hint="Now, interrupting whoever acts; held turns taken at once go oldest "
                        "hold first (5.2)"),
            Action("stance", "Stance", (
                Param("stance", "Stance", "choice", "defensive",
                      (("defensive", "defensive"), ("desperate", "desperate"))),),
                why_not=gate(not_started, None if own_turn else
                             "a stance is taken on one's own turn (5.71, 5.72)",
                             _refused(lambda: take_stance(f, "defensive"))),
                hint="Until its next turn. Defensive: its Action, +2 Defense (5.71). "
                     "Desperate: double move, +2 PHYS and weapon damage levels, −2 on checks "
                     "and Defense (5.72)"),
            Action("rouse", "Rouse", (
                Param("helper", "Helper", "choice", acting[0] if acting else "",
                      tuple((k, f"by {k}") for k in acting) or nobody),
                *_dice_params("Wake-up", 2)),
                why_not=gate(None if f.unconscious else f"{key} is not unconscious",
                             None if acting else "nobody can spend an Action on it"),
                hint="Each Action another spends trying to awaken it: an extra wake-up roll "
                     "at +2 (5.41)"),
            Action("treat", "Medicine", (
                Param("treatment", "Treatment", "choice", "bind" if f.bleeding else "heal",
                      (("bind", "bind wound"), ("heal", "heal a hit"))),
                Param("medic", "Medic", "choice", self._default_medic(state, key),
                      tuple((k, f"by {k} ({state.medicine.get(k, 0)})")
                            for k in fight.fighters)),
                *_dice_params("Medicine", 2),
                Param("score", "Score", default=0, minimum=0, maximum=40)),
                why_not=f"{key} is dead" if f.dead else None,
                hint="A Medicine roll (1 minute) at the medic's score (or the Score typed, "
                     "0 = the medic's): binds a bleeding wound or heals 1 hit (one a day); a "
                     "critical heals 1 more, a fumble inflicts 1 (Medicine, 5.42)"),
            Action("rest", "Rest", (Param("days", "Days", default=1, minimum=1),),
                   why_not=_refused(lambda: fight.rest(key, 1)),
                   hint="1 hit per full day of rest (5.42); a bleeding wound must be bound "
                        "first"),
            Action("fall", "Fall", (
                Param("spaces", "Spaces", default=1, minimum=1),
                Param("surface", "Surface", "choice", catalog.falling().surfaces[0].name,
                      _surface_choices()),
                *_dice_params("DEFT", 2),
                Param("spikes", "Spikes", default=0, minimum=0)),
                why_not=f"{key} is dead" if f.dead else None,
                hint="1 damage a space (more for large creatures); a conscious faller's DEFT "
                     "roll at −1 a space negates 1 + the margin; soft ground lowers both; "
                     "armor counts only against spikes (4.7)"),
            Action("dodge_past", "Dodge past", (
                Param("blocker", "Blocker", "choice", acting[0] if acting else "",
                      tuple((k, f"past {k}") for k in acting) or nobody),
                modifier, *_dice_params("Dodge", 2)),
                why_not=gate(not_started, None if f.can_act else f"{key} cannot act",
                             None if acting else "nobody can block"),
                hint="Zone of control: passing within 1 space of a blocker takes a Dodge check "
                     "− the blocker's Melee Defense, or the movement ends (5.25)"),
            Action("morale", "Morale", (modifier, *_dice_params("WILL", 2)),
                   why_not=gate(not_started, _refused(lambda: morale(f, Roller(0)))),
                   hint="At the start of a losing NPC's turn: a WILL check (± fanaticism, "
                        "the leader's WILL, how bad things look); failure: it flees (5.5)"),
            Action("squeeze", "Squeeze", (
                Param("victim", "Victim", "choice", holding[0] if holding else "",
                      tuple((k, k) for k in holding) or nobody),
                _die("damage_die", "Dmg d10")),
                why_not=gate(not_started, None if holding else f"{key} holds nobody"),
                hint="A full turn: its PHYS roll in damage to the one it holds, through armor "
                     "(5.82)"),
            Action("break_free", "Break free", (
                _die("own_die", "Own d10"), _die("holder_die", "Holder d10")),
                why_not=gate(not_started, _refused(lambda: fight.break_free(key, Roller(0)))),
                hint="Its Action: both roll their PHYS roll; strictly higher escapes (5.82). "
                     "To counter-grapple, attack the holder with the called shot 'grapple'"),
            Action("release", "Release", (
                Param("victim", "Victim", "choice", holding[0] if holding else "",
                      tuple((k, k) for k in holding) or nobody),),
                why_not=None if holding else f"{key} holds nobody",
                hint="Let go of the one it holds (5.82)"),
            Action("condition", "Condition", (
                Param("condition", "Condition", "choice", "off guard",
                      tuple((c, c) for c in sorted(CONDITIONS))),
                Param("on", "on", "bool", True)),
                hint="Conditions the rules read (untick 'on' to clear one): unaware and "
                     "immobile lose Defense; off guard or prone +2, immobile +4 to hit "
                     "(5.34); prone costs the next turn (5.35); dead, fled and unconscious "
                     "leave the count-down"),
            Action("npc", "Played by GM", (Param("npc", "NPC", "bool", f.npc),),
                   hint="Tick for an NPC, untick for a player character, then press: only "
                        "NPCs check morale (5.5). Catalog creatures and group members start "
                        "as NPCs, a combatant added alone as a player character"),
            Action("initiative", "Initiative d10", (
                Param("die", "Next round", default=state.pending.get(key, 0), minimum=0,
                      maximum=dice.SIDES),),
                why_not=None if f.can_act or f.unconscious else f"{key} is out of the fight",
                hint=f"The d10 the table rolled for the next round (0 = the app rolls): on "
                     f"{format_triplet(f.initiative)}, 1–2 low, 3–8 middle, 9–10 high; the "
                     "count goes down, ties to the lower DEFT (5.2)"),
        ]

    @staticmethod
    def _default_medic(state: PocketFight, patient: str) -> str:
        """The best Medicine among those able to act (the patient too, if conscious)."""
        able = [k for k, g in state.fight.fighters.items() if g.can_act]
        return max(able, key=lambda k: state.medicine.get(k, 0), default=patient)

    @staticmethod
    def _attacker_refusal(f: Fighter) -> str | None:
        """Why ``f`` cannot attack at all now (the rules check the rest when it does)."""
        if f.dead:
            return f"{f.key} is dead"
        if "fled" in f.conditions:
            return f"{f.key} has fled"
        if f.unconscious:
            return f"{f.key} is unconscious"
        if f.full_hold:
            return f"{f.key} is in a full hold: it can only try to escape"
        return None

    @staticmethod
    def _default_target(state: PocketFight, key: str, others: list[str]) -> str:
        """The first other on the other side (NPC against player character) still able
        to fight, else the first other."""
        npc = state.fighter(key).npc
        for other in others:
            if state.fighter(other).npc != npc and state.fighter(other).can_act:
                return other
        return others[0] if others else ""

    # --- doing it

    def perform(self, state: PocketFight, key: str, action: str, values: Mapping[str, Any],
                roller: Roller) -> Outcome:
        fight = state.fight
        fight.fighter(key)
        if action not in _PERFORM:
            raise CombatError(f"Pocket Universe has no action {action!r}")
        if action in _NEEDS_START and not state.started:
            raise CombatError(NOT_STARTED)
        # Inputs left out take the action's defaults, as the GM screen shows them.
        shown = next((a for a in self.actions(state, key) if a.id == action), None)
        if shown is not None:
            values = {**{p.name: p.default for p in shown.params}, **values}
        if action == "initiative":
            return self._initiative(state, key, values)
        if action == "npc":
            npc = bool(values.get("npc", True))
            f = replace(fight.fighter(key), npc=npc)
            moved = replace(fight, fighters={**fight.fighters, key: f})
            text = "played by the GM: it checks morale (5.5)" if npc else "a player character"
            return Outcome(replace(state, fight=moved), (f"{key}: {text}",))
        handler = _PERFORM[action]
        assert handler is not None
        given, run = handler(self, state, key, values)
        dice_roller = TableDice(roller, given)
        try:
            step = run(dice_roller)
        except (FighterError, CheckError) as exc:
            raise CombatError(str(exc)) from None
        before, after = _table_lines(key, given, dice_roller)
        lines = [*before, *step.describe(), *after]
        return Outcome(replace(state, fight=step.encounter), tuple(lines))

    def _initiative(self, state: PocketFight, key: str, values: Mapping[str, Any]) -> Outcome:
        face = _int(values, "die")
        if not 0 <= face <= dice.SIDES:
            raise CombatError(f"a d10 shows 1 to {dice.SIDES}, not {face}")
        pending = {k: v for k, v in state.pending.items() if k != key}
        when = "round 1" if not state.started else f"round {state.fight.round + 1}"
        if face:
            pending[key] = face
            line = f"{key}: initiative d10 for {when} rolled at the table: {face}"
        else:
            line = f"{key}: initiative for {when} will be rolled"
        return Outcome(replace(state, pending=pending), (line,))

    # --- handlers: each returns the table's dice and the call that applies the rules

    def _attack(self, state: PocketFight, key: str, values: Mapping[str, Any],
                ranged: bool) -> tuple[list[_Given], Callable[[Roller], Step]]:
        target = str(values.get("target") or "")
        if not target:
            raise CombatError("choose a target")
        called_text = str(values.get("called") or "")
        size = "large"
        if called_text.startswith("equipment:"):
            called_text, size = "equipment", called_text.split(":", 1)[1]
        material = str(values.get("material") or "")
        strength = catalog.materials().strength(material) if material else None
        cover = None
        if ranged and values.get("cover"):
            if strength is None and not values.get("aim"):
                raise CombatError("name the cover's material: its Material Strength is its "
                                  "armor (5.33, 4.8)")
            cover = Cover(str(values["cover"]), strength or 0, bool(values.get("aim")))
        modifier = _int(values, "modifier")
        mods = (Modifier("GM's modifier", modifier),) if modifier else ()
        weapon = str(values.get("weapon", "0") or "0")
        plan = AttackPlan(
            weapon=int(weapon) if weapon.isdigit() else weapon,
            called=called_text,  # type: ignore[arg-type]  # checked by the rules
            equipment=size, equipment_strength=strength if called_text == "equipment" else None,
            range=_int(values, "range") if ranged else None, cover=cover,
            actions=_int(values, "actions", 1), both_weapons=bool(values.get("both_weapons")),
            modifiers=mods)
        if ranged != state.fighter(key).weapon(plan.weapon).ranged:
            raise CombatError("use " + ("Attack" if ranged else "Shoot / throw")
                              + " with that weapon")
        given = [*_given(values, "to-hit", _dice_names(2, "hit")),
                 *_given(values, "damage", ["damage_die"], "damage"),
                 *_given(values, "critical", ["critical_die"], "critical success",
                         "critical failure"),
                 *_given(values, "cover", ["cover_die"], "cover")]
        return given, lambda r: state.fight.attack(key, target, r, plan)

    def _melee(self, state: PocketFight, key: str, values: Mapping[str, Any]
               ) -> tuple[list[_Given], Callable[[Roller], Step]]:
        return self._attack(state, key, values, ranged=False)

    def _shoot(self, state: PocketFight, key: str, values: Mapping[str, Any]
               ) -> tuple[list[_Given], Callable[[Roller], Step]]:
        return self._attack(state, key, values, ranged=True)

    def _damage(self, state: PocketFight, key: str, values: Mapping[str, Any]
                ) -> tuple[list[_Given], Callable[[Roller], Step]]:
        points = _int(values, "points")
        if points < 1:
            raise CombatError(f"damage is 1 point or more, not {points}")
        energy, armor = bool(values.get("energy")), bool(values.get("armor", True))
        return [], lambda r: state.fight.damage(key, points, energy, armor)

    def _wake_up(self, state: PocketFight, key: str, values: Mapping[str, Any]
                 ) -> tuple[list[_Given], Callable[[Roller], Step]]:
        return (_given(values, "wake-up", _dice_names(2)),
                lambda r: state.fight.wake_up(key, r))

    def _rouse(self, state: PocketFight, key: str, values: Mapping[str, Any]
               ) -> tuple[list[_Given], Callable[[Roller], Step]]:
        helper = str(values.get("helper") or "")
        if not helper:
            raise CombatError("choose who spends the Action")
        return (_given(values, "wake-up", _dice_names(2)),
                lambda r: state.fight.rouse(key, helper, r))

    def _treat(self, state: PocketFight, key: str, values: Mapping[str, Any]
               ) -> tuple[list[_Given], Callable[[Roller], Step]]:
        medic = str(values.get("medic") or key)
        score = _int(values, "score") or state.medicine.get(medic, 0)
        if not score:
            raise CombatError("give the medic's Medicine score")
        treatment = str(values.get("treatment") or "heal")
        if treatment not in ("bind", "heal"):
            raise CombatError(f"unknown treatment {treatment!r} (bind or heal)")
        return (_given(values, "Medicine", _dice_names(2)),
                lambda r: state.fight.treat(key, score, r, treatment))  # type: ignore[arg-type]

    def _rest(self, state: PocketFight, key: str, values: Mapping[str, Any]
              ) -> tuple[list[_Given], Callable[[Roller], Step]]:
        days = _int(values, "days", 1)
        return [], lambda r: state.fight.rest(key, days)

    def _fall(self, state: PocketFight, key: str, values: Mapping[str, Any]
              ) -> tuple[list[_Given], Callable[[Roller], Step]]:
        spaces, spikes = _int(values, "spaces", 1), _int(values, "spikes")
        surface = str(values.get("surface") or "rock")
        return (_given(values, "DEFT", _dice_names(2)),
                lambda r: state.fight.fall(key, spaces, r, surface, spikes))

    def _hold(self, state: PocketFight, key: str, values: Mapping[str, Any]
              ) -> tuple[list[_Given], Callable[[Roller], Step]]:
        if state.fight.current != key:
            raise CombatError(f"{key} can hold only when its turn comes (5.2)")
        return [], lambda r: state.fight.hold()

    def _take_held(self, state: PocketFight, key: str, values: Mapping[str, Any]
                   ) -> tuple[list[_Given], Callable[[Roller], Step]]:
        keys = [key] + ([str(values["with"])] if values.get("with") else [])
        return [], lambda r: state.fight.take_held(*keys)

    def _stance(self, state: PocketFight, key: str, values: Mapping[str, Any]
                ) -> tuple[list[_Given], Callable[[Roller], Step]]:
        if state.fight.current != key:
            raise CombatError("a stance is taken on one's own turn (5.71, 5.72)")
        stance: Stance = values.get("stance", "defensive")  # type: ignore[assignment]
        return [], lambda r: state.fight.stance(key, stance)

    def _dodge_past(self, state: PocketFight, key: str, values: Mapping[str, Any]
                    ) -> tuple[list[_Given], Callable[[Roller], Step]]:
        blocker = str(values.get("blocker") or "")
        if not blocker:
            raise CombatError("choose who blocks")
        modifier = _int(values, "modifier")
        mods = (Modifier("GM's modifier", modifier),) if modifier else ()
        return (_given(values, "Dodge", _dice_names(2)),
                lambda r: state.fight.zone_of_control(key, blocker, r, mods))

    def _morale(self, state: PocketFight, key: str, values: Mapping[str, Any]
                ) -> tuple[list[_Given], Callable[[Roller], Step]]:
        modifier = _int(values, "modifier")
        mods = (Modifier("GM's modifier", modifier),) if modifier else ()
        return (_given(values, "WILL", _dice_names(2)),
                lambda r: state.fight.morale(key, r, mods))

    def _squeeze(self, state: PocketFight, key: str, values: Mapping[str, Any]
                 ) -> tuple[list[_Given], Callable[[Roller], Step]]:
        victim = str(values.get("victim") or "")
        if not victim:
            raise CombatError(f"{key} holds nobody")
        return (_given(values, "squeeze", ["damage_die"], "squeeze"),
                lambda r: state.fight.squeeze(key, victim, r))

    def _break_free(self, state: PocketFight, key: str, values: Mapping[str, Any]
                    ) -> tuple[list[_Given], Callable[[Roller], Step]]:
        given = [*_given(values, "own PHYS roll", ["own_die"], "break free"),
                 *_given(values, "holder's PHYS roll", ["holder_die"], "hold on")]
        return given, lambda r: state.fight.break_free(key, r)

    def _release(self, state: PocketFight, key: str, values: Mapping[str, Any]
                 ) -> tuple[list[_Given], Callable[[Roller], Step]]:
        victim = str(values.get("victim") or "")
        if not victim:
            raise CombatError(f"{key} holds nobody")
        return [], lambda r: state.fight.release(key, victim)

    def _condition(self, state: PocketFight, key: str, values: Mapping[str, Any]
                   ) -> tuple[list[_Given], Callable[[Roller], Step]]:
        condition = str(values.get("condition") or "")
        if condition not in CONDITIONS:
            raise CombatError(f"unknown condition {condition!r} (known: "
                              f"{', '.join(sorted(CONDITIONS))})")
        on = bool(values.get("on", True))
        return [], lambda r: state.fight.set_conditions(
            key, add=[condition] if on else [], remove=[] if on else [condition])

    # --- writing back

    def character(self, state: PocketFight, key: str) -> PocketCharacter:
        """The character with the fight's hits, shield hits and armor damage in it."""
        if key not in state.characters:
            raise CombatError(f"no combatant called {key!r}")
        character = state.characters[key]
        before, now = state.joined[key], state.fighter(key)
        data = character.model_copy(deep=True)
        if now.current_hits != before.current_hits or character.tracking.hits is not None:
            hits = None if now.current_hits == now.hits_max and (
                character.tracking.hits is None) else now.current_hits
            data.tracking = Tracking(hits=hits, money=character.tracking.money)
        if before.shield is not None and now.shield is not None and (
                now.shield.hits != before.shield.hits):
            ready = [i for i, s in enumerate(data.equipment.shields) if s.ready]
            if ready:
                data.equipment.shields[ready[0]].hits_left = now.shield.hits
        worn = [a for a in data.equipment.armor if a.worn]
        lost = max(before.armor_phys - now.armor_phys, before.armor_energy - now.armor_energy)
        if worn and lost > 0:
            worn[0].damage += lost
        return data

    # --- around the fight

    def charts(self) -> Sequence[ReferenceChart]:
        return _charts()

    def check_spec(self) -> CheckSpec:
        names = tuple((name, f"{name} {mod:+d}") for name, mod in dice.difficulties().items())
        steps = (("0", "no extra time"), *((str(s.bonus), f"extra time +{s.bonus} (fumble "
                                                         f"{s.fumble_from}+)")
                                           for s in dice.tables().extra_time.steps))
        return CheckSpec((
            Param("score", "Score", default=12, minimum=-20, maximum=40),
            Param("difficulty", "Difficulty", "choice", "Average", names),
            Param("modifier", "Other ±", default=0, minimum=-30, maximum=30),
            Param("extra_time", "Extra time", "choice", "0", steps),
        ), title="Check (2d10 ≤ score + modifiers)")

    @staticmethod
    def _check_target(values: Mapping[str, Any]) -> tuple[int, int, tuple[Modifier, ...]]:
        score = _int(values, "score", 12)
        mods = []
        difficulty = str(values.get("difficulty") or "Average")
        try:
            value = dice.difficulty_modifier(difficulty)
        except CheckError as exc:
            raise CombatError(str(exc)) from None
        if value:
            mods.append(Modifier(difficulty, value))
        if _int(values, "modifier"):
            mods.append(Modifier("other", _int(values, "modifier")))
        return score, _int(values, "extra_time"), tuple(mods)

    def check_odds(self, values: Mapping[str, Any]) -> CheckOdds:
        score, extra, mods = self._check_target(values)
        try:
            odds = dice.check_odds(dice.target_of(score, mods), extra)
        except CheckError as exc:
            raise CombatError(str(exc)) from None
        parts = "".join(f", {m}" for m in mods) + (f", extra time +{extra}" if extra else "")
        setup = f"2d10 ≤ {odds.target} (score {score}{parts})"
        detail = (f"Critical success {percent(odds.p_critical)}, fumble "
                  f"{percent(odds.p_fumble)}; a 20 always fails (4.0, 4.3"
                  + (", 4.4)" if extra else ")"))
        return CheckOdds(setup, percent(odds.p_success), detail)

    def check_roll(self, values: Mapping[str, Any], roller: Roller) -> str:
        score, extra, mods = self._check_target(values)
        try:
            return dice.roll_check(dice.target_of(score, mods), roller, extra,
                                   modifiers=mods).describe()
        except CheckError as exc:
            raise CombatError(str(exc)) from None


Handler = Callable[[PocketCombatRules, PocketFight, str, Mapping[str, Any]],
                   tuple[list[_Given], Callable[[Roller], Step]]]
_PERFORM: dict[str, Handler | None] = {
    "attack": PocketCombatRules._melee, "shoot": PocketCombatRules._shoot,
    "damage": PocketCombatRules._damage, "wake_up": PocketCombatRules._wake_up,
    "rouse": PocketCombatRules._rouse, "treat": PocketCombatRules._treat,
    "rest": PocketCombatRules._rest, "fall": PocketCombatRules._fall,
    "hold": PocketCombatRules._hold, "take_held": PocketCombatRules._take_held,
    "stance": PocketCombatRules._stance, "dodge_past": PocketCombatRules._dodge_past,
    "morale": PocketCombatRules._morale, "squeeze": PocketCombatRules._squeeze,
    "break_free": PocketCombatRules._break_free, "release": PocketCombatRules._release,
    "condition": PocketCombatRules._condition, "npc": None, "initiative": None,
}
_NEEDS_START = frozenset({"attack", "shoot", "wake_up", "hold", "take_held",
                          "stance", "dodge_past", "morale", "squeeze", "break_free"})


# --- reference charts -----------------------------------------------------------------------


def _note(item: Any) -> list[str]:
    return [item.note] if getattr(item, "note", "") else []


@cache
def _charts() -> tuple[ReferenceChart, ...]:
    """The key charts, every number and sentence from resources/pocket/*.json."""
    checks, combat = dice.tables(), ct.tables()
    levels = ", ".join(f"{b.start}–{b.end} {b.name}" for b in checks.d10_levels.levels)
    charts = [
        ReferenceChart("Checks (4.0–4.4)", (
            *_note(checks.check),
            "Difficulty: " + ", ".join(f"{d.name} {d.modifier:+d}" for d in checks.difficulties),
            "Taking extra time (4.4): " + ", ".join(
                f"+{s.bonus} (fumbles {s.fumble_from}+)" for s in checks.extra_time.steps),
            *_note(checks.extra_time), *_note(checks.opposed))),
        ReferenceChart("Initiative and turns (5.2, 5.21–5.24)", (
            f"1d10: {levels}.", *_note(combat.initiative),
            f"Tie-break: {combat.initiative.tie_break}.",
            f"Ours: {combat.initiative.tie_break_note}",
            *_note(checks.multiple_actions), *_note(combat.movement),
            *_note(combat.zone_of_control), *_note(combat.scale))),
        ReferenceChart("Rolling to hit (5.3, 5.31–5.34)", (
            "Range: " + ", ".join(f"{b.start}–{b.end} spaces {b.modifier:+d}"
                                  for b in checks.range.bands)
            + f", {checks.range.per_doubling:+d} per doubling beyond.",
            *_note(checks.range),
            "Cover: " + ", ".join(f"{c.name} obstructs on 1–{c.obstructed_to}, aim past it "
                                  f"{c.aim_penalty:+d}" for c in combat.cover.types) + ".",
            *_note(combat.cover), *_note(combat.surprise))),
        ReferenceChart("Damage, unconsciousness, healing (5.4–5.42)", (
            f"1d10 on the damage range: {levels}.", *_note(combat.damage),
            *_note(combat.unconsciousness), *_note(combat.healing), *_note(combat.morale))),
    ]
    for side, title in (("success", "Critical Success (5.35)"),
                        ("failure", "Critical Failure (5.35)")):
        rows = ct.critical_table(side)  # type: ignore[arg-type]
        charts.append(ReferenceChart(title, (
            *_note(combat.criticals)[:1],
            *(f"{r.roll}: {r.text}" + (f" (default {r.default})" if r.default else "")
              for r in rows))))
    shots = combat.called_shots
    charts += [
        ReferenceChart("Called shots (5.6)", tuple(
            f"{name} ({item.source}): {item.note}" for name, item in (
                ("Knockout", shots.knockout), ("Head shot", shots.head_shot),
                ("Disarm", shots.disarm), ("Avoid armor", shots.avoid_armor),
                ("Equipment", shots.equipment), ("Death blow", shots.death_blow)))),
        ReferenceChart("Stances and grappling (5.7, 5.82)", (
            f"Defensive ({combat.stances.defensive.source}): {combat.stances.defensive.note}",
            f"Desperation ({combat.stances.desperation.source}): "
            f"{combat.stances.desperation.note}",
            f"Grappling ({combat.grappling.source}): {combat.grappling.note}")),
        ReferenceChart("Falling and objects (4.7, 4.8)", (
            catalog.falling().text,
            "Surfaces: " + ", ".join(f"{s.name} {s.modifier:+d}"
                                     for s in catalog.falling().surfaces),
            *_note(combat.falling), catalog.materials().text,
            "Material strength: " + ", ".join(f"{' / '.join(m.names)} {m.strength}"
                                              for m in catalog.materials().materials),
            *_note(combat.objects))),
        ReferenceChart("Attribute table (2.3)", (
            "Score: Modifier, Value (Hits for PHYS), Roll (unarmed damage for PHYS, "
            "initiative for DEFT)",
            *(f"{r.score}: {r.modifier:+d}, {r.value}, {format_triplet(r.roll)}"
              for r in catalog.tables().attribute_table.rows))),
    ]
    return tuple(charts)


RULES = PocketCombatRules()
