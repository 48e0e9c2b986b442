"""What the POW! GM can do to or for a combatant, as ``Action``s (inputs, a hint citing
the book, why not), and what each does: the attack first, then damage, Stat reduction,
pools, actions spent, Full Frames, saves and rest (POW!, Combat Basics; Taking Damage;
Stat Reduction; Specials and Stat Recovery; Time and Activity)."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, replace
from typing import Any

from desktop.model.combat_helpers import RelayRoller
from desktop.model.combat_rules import Action, Outcome, Param
from desktop.model.dice import Roller
from desktop.model.odds import percent
from desktop.systems.pow.fight.attack import (
    DEFENCE_LABELS,
    AttackPlan,
    advise,
    attack,
    bonus_of,
    size_up,
    target_difficulty,
    weapon_choices,
    why_not_attack,
)
from desktop.systems.pow.fight.damage import reduce_stat, spend_pool, take_damage
from desktop.systems.pow.fight.encounter import Encounter
from desktop.systems.pow.fight.initiative import Combatant
from desktop.systems.pow.fight.rest import rest_days, rest_frames
from desktop.systems.pow.fight.tracking import CombatError
from desktop.systems.pow.rules.character import STAT_LABELS, STATS, PowCharacter, Stat
from desktop.systems.pow.rules.dice import check_odds, rules_of
from desktop.systems.pow.rules.modifiers import Situation

STAT_CHOICES = tuple((s, STAT_LABELS[s]) for s in STATS)
ODDS_SHOWN = 6
"""Targets whose chance to hit the attack's hint gives."""
TACTICS_OFF = ("Combat Tactics and Leadership is an optional rule: switch it on in the "
               "character's optional rules")


@dataclass(frozen=True)
class PowFight:
    """Before the fight: who is in it. Once started: the combat snapshot as well."""

    combatants: tuple[Combatant, ...] = ()
    fight: Encounter | None = None

    def character(self, key: str) -> PowCharacter:
        if self.fight is not None:
            return self.fight.character(key)
        for c in self.combatants:
            if c.key == key:
                return c.character
        raise CombatError(f"no combatant called {key!r}")


class TableDice(RelayRoller):
    """The 2d6 the table rolled for a check ("5 1"; with Doubles, the next pairs after):
    served pair by pair to the check's throws, the rest rolled here."""

    def __init__(self, fallback: Roller, faces: list[int]) -> None:
        super().__init__(fallback)
        self.faces = faces

    def serve(self, count: int, sides: int, why: str) -> tuple[int, ...] | None:
        if sides != 6 or len(self.faces) < count:
            return None
        taken, self.faces = tuple(self.faces[:count]), self.faces[count:]
        return taken


def table_faces(text: str) -> list[int]:
    """"5 1" or "5,1" → [5, 1]; a CombatError for anything but d6 faces in pairs."""
    parts = text.replace(",", " ").split()
    try:
        faces = [int(p) for p in parts]
    except ValueError:
        raise CombatError(f"dice rolled at the table: faces 1 to 6, e.g. 5 1, not "
                          f"{text!r}") from None
    if any(not 1 <= f <= 6 for f in faces) or len(faces) % 2:
        raise CombatError(f"dice rolled at the table: pairs of faces 1 to 6, e.g. 5 1, "
                          f"not {text!r}")
    return faces


def _attack_action(state: PowFight, key: str) -> Action:
    fight = state.fight
    others = [k for c in state.combatants if (k := c.key) != key]
    character = state.character(key)
    weapons = weapon_choices(character)  # unarmed first; its first weapon by default
    why = ("the fight has not started" if fight is None else why_not_attack(fight, key)
           or (None if others else "nobody to attack"))
    bonus = ""
    if fight is not None and why is None:
        added, label = bonus_of(fight, key)
        bonus = f" Now +{added} to the roll ({label})." if added else ""
        bonus += _odds_now(fight, key, others, added)
    return Action(
        "attack", "Attack",
        (Param("target", "Target", "choice", others[0] if others else "",
               tuple((k, k) for k in others) or (("", "nobody"),)),
         Param("weapon", "Weapon", "choice", weapons[1][0] if len(weapons) > 1 else "",
               weapons),
         Param("defence", "Target is", "choice", "normal", tuple(DEFENCE_LABELS.items())),
         Param("stat", "Roll with", "choice", "agility", STAT_CHOICES),
         Param("range_multiple", "Range ×", default=1, minimum=1, maximum=99),
         Param("point_blank", "Point blank −5", "bool", False),
         Param("modifier", "Difficulty ±", default=0, minimum=-50, maximum=50),
         Param("dice", "2d6 rolled at the table (blank: roll here)", "text", "")),
        why_not=why,
        hint="One action: 2d6 + Agility against the target's Agility + 10 (+5 surprised, "
             "+15 dodging: the target spends an action), +5 per range multiple, −5 point "
             "blank; a hit deals Brawn unarmed, weapon + Brawn in melee, the weapon alone "
             "for most ranged weapons, through armor and pools (POW!, Combat Basics; "
             f"Causing Damage).{bonus}")


def _odds_now(fight: Encounter, key: str, others: list[str], bonus: int) -> str:
    """The chance to hit each aware target with Agility, as the hint's last line (the
    first few targets; the roller shows the rest as the GM picks them)."""
    character = fight.character(key)
    agility = character.current_stat("agility")
    shown = []
    for target in others[:ODDS_SHOWN]:
        if fight.character(target).current_stat("damage") < 0:
            continue
        try:
            difficulty, _ = target_difficulty(fight, key, AttackPlan(target), False)
        except CombatError:
            continue
        odds = check_odds(agility, difficulty, rules_of(character), bonus)
        shown.append(f"{target} {difficulty}: {percent(odds.p_success)}")
    return f" To hit now (aware, Agility): {'; '.join(shown)}." if shown else ""


def _tactics_actions(state: PowFight, key: str) -> list[Action]:
    """Combat Leadership and Combat Tactics, offered when the optional rule is on."""
    if not state.character(key).options.combat_tactics:
        return []
    fight = state.fight
    why = "the fight has not started" if fight is None else fight.why_not(key, "full frame")
    allies = [c.key for c in state.combatants if c.key != key]
    return [
        Action("advise", "Advise (Full Frame)",
               (Param("ally", "Advise", "choice", allies[0] if allies else "",
                      tuple((k, k) for k in allies) or (("", "nobody"),)),),
               why_not=why or (None if allies else "nobody to advise"),
               hint="A Full Frame of nothing but tactical advice: its Fellowship is added "
                    "to the ally's roll for any combat-related action (POW!, Optional "
                    "Rule - Combat Tactics and Leadership). The app's reading: for the "
                    "rest of this frame."),
        Action("size_up", "Size up (Full Frame)", why_not=why,
               hint="A Full Frame sizing up the situation: its Cognition is added to the "
                    "first Difficulty check it makes in the next frame (POW!, Optional "
                    "Rule - Combat Tactics and Leadership)"),
    ]


def _save_action(state: PowFight, key: str, stat: str) -> Action:
    fight = state.fight
    assert fight is not None
    return Action(f"save:{stat}", f"{STAT_LABELS[stat]} Stat Save (1d6)", prompt=True,
                  params=(Param("die", "d6 rolled at the table", default=0, minimum=0,
                                maximum=6, blank="roll here"),),
                  hint=f"1d6 at or below the Stat stops it at 0 "
                       f"({fight.pending_saves[(key, stat)].describe()})")


def owed(state: PowFight) -> list[tuple[str, Action]]:
    """The Stat Saves due, whoever's turn it is: a hit on another's turn owes one too."""
    fight = state.fight
    if fight is None:
        return []
    return [(who, _save_action(state, who, stat)) for (who, stat) in fight.pending_saves]


def actions(state: PowFight, key: str) -> list[Action]:
    """Everything the GM can do to or for ``key`` now: a Stat Save due first, then the
    attack, then the rest."""
    fight = state.fight
    not_started = None if fight is not None else "the fight has not started"
    saves = [stat for (who, stat) in fight.pending_saves if who == key] if fight else []
    out: list[Action] = [_save_action(state, key, stat) for stat in saves]
    out.append(_attack_action(state, key))
    out += [
        Action("damage", "Damage", (Param("points", "Points", default=1, minimum=1),),
               hint="Armor (Frame Rating this frame) → Damage pool → Damage Stat, "
                    "with a 1d6 Stat Save below 0 (POW!, Taking Damage)"),
        Action("reduce", "Reduce a Stat",
               (Param("stat", "Stat", "choice", "brawn", STAT_CHOICES),
                Param("points", "Points", default=1, minimum=1)),
               hint="Pool first, then the Stat (POW!, Stat Reduction)"),
        Action("spend", "Spend pool",
               (Param("stat", "Stat", "choice", "energy", STAT_CHOICES),
                Param("points", "Points", default=1, minimum=1)),
               hint="Points spent from a pool on a Special"),
        Action("act", "Act", (Param("what", "Doing", "text", ""),
                              Param("count", "Actions", default=1, minimum=1)),
               why_not=not_started or fight.why_not(key, "act"),
               hint="Spend actions on its turn or after (held actions)"),
        Action("react", "Dodge / react", (Param("what", "Doing", "text", "dodge"),
                                          Param("count", "Actions", default=1, minimum=1)),
               why_not=not_started or fight.why_not(key, "react"),
               hint="Spend an action out of turn: dodging makes the attacker's "
                    "Difficulty +15 (POW!, Parry, Riposte, & Dodge)"),
        Action("full_frame", "Full Frame", (Param("what", "Doing", "text", ""),),
               why_not=not_started or fight.why_not(key, "full frame"),
               hint="Every action of the frame on one activity (reload, run)"),
        *_tactics_actions(state, key),
        Action("rest", "Rest frames", (Param("frames", "Frames", default=1, minimum=1),),
               hint="Each pool +1 per frame of rest, up to the current Stat squared"),
        Action("rest_days", "Rest days", (Param("days", "Days", default=1, minimum=1),),
               hint="\"Stat points (including Damage) are regenerated at a rate of one "
                    "point per day of rest\", negative points too: Brawn -2 back to 3 "
                    "takes 5 days (POW!, Specials and Stat Recovery). The app's reading: "
                    "the pools end the day full at the new Stat squared"),
    ]
    return out


def _plan(values: Mapping[str, Any]) -> AttackPlan:
    defence = str(values.get("defence") or "normal")
    if defence not in DEFENCE_LABELS:
        raise CombatError(f"the target is one of {', '.join(DEFENCE_LABELS)}, not "
                          f"{defence!r}")
    stat = str(values.get("stat") or "agility")
    if stat not in STATS:
        raise CombatError(f"no Stat {stat!r}")
    return AttackPlan(
        target=str(values.get("target") or ""), weapon=str(values.get("weapon") or ""),
        defence=defence,  # type: ignore[arg-type]  # checked above
        stat=stat,  # type: ignore[arg-type]  # checked above
        situation=Situation(range_multiple=int(values.get("range_multiple") or 1),
                            point_blank=bool(values.get("point_blank"))),
        modifier=int(values.get("modifier") or 0))


def perform(state: PowFight, key: str, action: str, values: Mapping[str, Any],
            roller: Roller) -> Outcome:
    """Do ``action`` to ``key``; a CombatError if the rules refuse it."""
    fight = state.fight
    if fight is None:
        return _perform_before(state, key, action, values)
    if action == "attack":
        # Inputs left out take the action's defaults, as the GM screen shows them.
        shown = _attack_action(state, key)
        plan = _plan({**{p.name: p.default for p in shown.params}, **values})
        if not plan.target:
            raise CombatError("choose a target")
        dice = TableDice(roller, table_faces(str(values.get("dice") or "")))
        moved, made = attack(fight, key, plan, dice)
        return Outcome(replace(state, fight=moved), made.lines())
    if action.startswith("save:"):
        stat: Stat = action.removeprefix("save:")  # type: ignore[assignment]
        die = int(values.get("die", 0))
        step = (fight.resolve_save(key, die, stat) if die
                else fight.roll_save(key, roller, stat))
    elif action == "damage":
        step = fight.damage(key, int(values["points"]))
    elif action == "reduce":
        step = fight.reduce(key, values["stat"], int(values["points"]))
    elif action == "spend":
        step = fight.spend_pool(key, values["stat"], int(values["points"]))
    elif action == "act":
        step = fight.act(key, int(values.get("count", 1)), str(values.get("what", "")))
    elif action == "react":
        step = fight.react(key, int(values.get("count", 1)),
                           str(values.get("what", "dodge")))
    elif action == "full_frame":
        step = fight.take_full_frame(key, str(values.get("what", "")))
    elif action in ("advise", "size_up"):
        if not fight.character(key).options.combat_tactics:
            raise CombatError(TACTICS_OFF)
        step = (advise(fight, key, str(values.get("ally") or "")) if action == "advise"
                else size_up(fight, key))
    elif action == "rest":
        step = fight.rest_frames(key, int(values.get("frames", 1)))
    elif action == "rest_days":
        step = fight.rest_days(key, int(values.get("days", 1)))
    else:
        raise CombatError(f"POW! has no action {action!r}")
    return Outcome(replace(state, fight=step.encounter), (step.event.describe(),))


def _perform_before(state: PowFight, key: str, action: str,
                    values: Mapping[str, Any]) -> Outcome:
    """Before the fight only the character itself can change (damage from a trap, rest)."""
    character = state.character(key)
    if action == "damage":
        result = take_damage(character, int(values["points"]))
        if result.save is not None:
            raise CombatError("start the fight first: this damage needs a Stat Save")
    elif action == "reduce":
        result = reduce_stat(character, values["stat"], int(values["points"]))
        if result.save is not None:
            raise CombatError("start the fight first: this reduction needs a Stat Save")
    elif action == "spend":
        result = spend_pool(character, values["stat"], int(values["points"]))
    elif action == "rest":
        result = rest_frames(character, int(values.get("frames", 1)))
    elif action == "rest_days":
        result = rest_days(character, int(values.get("days", 1)))
    else:
        raise CombatError("the fight has not started")
    combatants = tuple(replace(c, character=result.character) if c.key == key else c
                       for c in state.combatants)
    return Outcome(replace(state, combatants=combatants),
                   (f"{key}: {result.describe()}",))
