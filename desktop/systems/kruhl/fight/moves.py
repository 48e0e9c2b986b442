"""The opposed rolls of the GM screen and what each does (Actions, Rolling Dice;
Special Actions: Disarming, Distracting, Grappling, Breaking Free Of A Grapple, Hurting
A Grappled Target, Grapple vs. Grapple, Slamming; Spending Plot Points, Bonus Die).

Each roll is a ``Clash`` set up from the two characters as they stand (their skills,
the equipment relevant to the roll and still in hand, their conditions' dice), rolled
with exact odds shown first, then resolved:

* attack: Hand-to-hand, Ranged or magical attack against the matching defense; a success
  costs 1 Endurance. Against a target the attacker grapples (Hurting A Grappled Target)
  the target defends with "Agility or Brawn (whichever is greater)";
* grapple: Hand-to-hand Combat (Brawn) against the target's Hand-to-hand Combat with the
  greater of its Agility and Brawn; a success restrains the target, no Endurance lost;
* escape: the restrained character's Hand-to-hand Combat with the greater of its Agility
  and Brawn, exempt from the restrained penalty ("all rolls other than rolls to escape
  the grapple"), against the grappler's Hand-to-hand Combat (Brawn);
* disarm: Hand-to-hand Combat (Brawn) against Hand-to-hand Combat (Brawn), the attacker
  a penalty die; a success takes or knocks away one held piece of equipment;
* slam: Hand-to-hand Combat (Brawn) against Hand-to-hand Combat (Brawn); a stationary,
  unrestrained defender a bonus die, a moving one a penalty die; a success lays the
  defender prone (and the impact may injure: the GM says);
* distract: Deception (Presence) against Deception (Presence); only rolling *more* than
  the target succeeds, and the target is Distracted (a penalty die on its next attack
  or defense roll).

Every roll is the actor's "attack" side and the target's "defense" side for the dice
of conditions (ours for escape: the escaper's roll counts as its hand-to-hand attack
roll, the grappler's as its defense; for distract, both are skill rolls). A roll uses up
the conditions that last one roll (``expiry.after_roll``).

A plot point's bonus die "may decide whether to spend the plot point after the rest of
her dice are rolled": the roll just made is kept (``LastRoll``) with the fight as it
stood before its outcome, so the die is added and the roll resolved again.

Ours: equipment adds as it does to an attack or a defense (a weapon to the actor's
roll, a shield to the defender's); Power Level from abilities adds as to any roll with
the skill (the chapter's exceptions name powers of another game: Strike, Damage
Resistance, Force Field).
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import replace
from typing import Any

from desktop.model.dice import Roller
from desktop.systems.kruhl.fight.clash import Clash, LastRoll
from desktop.systems.kruhl.fight.contest import MODES, Mode, roll_text, side
from desktop.systems.kruhl.fight.damage import hit
from desktop.systems.kruhl.fight.expiry import after_roll
from desktop.systems.kruhl.fight.gm_state import KruhlFight
from desktop.systems.kruhl.fight.plot import spend
from desktop.systems.kruhl.fight.tracking import CombatError
from desktop.systems.kruhl.rules.catalog import ROLL_KIND_LABELS, condition
from desktop.systems.kruhl.rules.character import ATTRIBUTE_LABELS, KruhlCharacter
from desktop.systems.kruhl.rules.dice import RollResult, roll, with_bonus_die

ROLL_ACTIONS = ("attack", "grapple", "escape", "disarm", "slam", "distract")
RESTRAINED = ("grappled", "restrained")
"""One state (Grappling; Restrained Characters): the escape roll is exempt from it."""
MOTIONS: tuple[tuple[str, str], ...] = (
    ("stationary", "Stationary: the defender a bonus die (unless restrained)"),
    ("moving", "Moving: the defender a penalty die"),
)
HTH = "Hand-to-hand Combat"


def higher(character: KruhlCharacter) -> str:
    """"agility" or "brawn", whichever is greater (Brawn on a tie: the same number)."""
    a = character.attributes
    return "agility" if a.agility > a.brawn else "brawn"


def _dice(values: Mapping[str, Any], bonus: str, penalty: str) -> tuple[int, int]:
    return int(values.get(bonus, 0) or 0), int(values.get(penalty, 0) or 0)


def _attribute_note(who: str, character: KruhlCharacter, attribute: str) -> str:
    a = character.attributes
    return (f"{who} rolls with {ATTRIBUTE_LABELS[attribute]} {a.get(attribute)} (Agility "
            f"{a.agility} or Brawn {a.brawn}, whichever is greater)")


def clash(fight: KruhlFight, action: str, actor: str, target: str,
          values: Mapping[str, Any]) -> Clash:
    """The roll ``action`` of ``actor`` against ``target`` as it would be made now."""
    if target == actor:
        raise CombatError(f"{actor} cannot {action} itself")
    if target not in {c.key for c in fight.combatants}:
        raise CombatError(f"no combatant called {target!r}")
    me, them = fight.fighting(actor), fight.fighting(target)
    mine_extra = _dice(values, "bonus", "penalty")
    theirs_extra = _dice(values, "defense_bonus", "defense_penalty")
    if action == "attack":
        mode: Mode = values.get("mode", "hth")
        if mode not in MODES:
            raise CombatError(f"no kind of attack called {mode!r}")
        a_kind, d_kind = MODES[mode]
        attribute, notes = None, ()
        if mode == "hth" and target in fight.holding(actor):
            attribute = higher(them)
            notes = ("Hurting a grappled target: " + _attribute_note(target, them, attribute),)
        return Clash(action, actor, target, ROLL_KIND_LABELS[a_kind],
                     side(me, a_kind, *mine_extra),
                     side(them, d_kind, *theirs_extra, attribute=attribute),
                     a_kind, d_kind, bool(values.get("penetrating")), notes=notes)
    if action == "grapple":
        attribute = higher(them)
        return Clash(action, actor, target, "grapple",
                     side(me, "attack_hth", *mine_extra, attribute="brawn"),
                     side(them, "defense_hth", *theirs_extra, attribute=attribute),
                     "attack_hth", "defense_hth",
                     notes=(_attribute_note(target, them, attribute),))
    if action == "escape":
        return escape_clash(fight, actor, target, values)
    if action == "disarm":
        penalty = 0 if "disarming" in me.conditions else 1
        return Clash(action, actor, target, "disarm",
                     side(me, "attack_hth", mine_extra[0], mine_extra[1] + penalty,
                          attribute="brawn"),
                     side(them, "defense_hth", *theirs_extra, attribute="brawn"),
                     "attack_hth", "defense_hth",
                     notes=("the attacker suffers a penalty die (Disarming)",)
                     if penalty else ())
    if action == "slam":
        moving = values.get("motion", "stationary") == "moving"
        restrained = any(c in them.conditions for c in RESTRAINED)
        bonus, penalty = (0, 1) if moving else ((0, 0) if restrained else (1, 0))
        note = ("the defender is moving: a penalty die" if moving else
                "the defender is restrained: no bonus die" if restrained else
                "the defender is stationary: a bonus die")
        return Clash(action, actor, target, "slam",
                     side(me, "attack_hth", *mine_extra, attribute="brawn"),
                     side(them, "defense_hth", theirs_extra[0] + bonus,
                          theirs_extra[1] + penalty, attribute="brawn"),
                     "attack_hth", "defense_hth", notes=(f"Slamming: {note}",))
    if action == "distract":
        return Clash(action, actor, target, "distraction",
                     side(me, "skill", *mine_extra, skill="Deception"),
                     side(them, "skill", *theirs_extra, skill="Deception"),
                     "skill", "skill", strict=True)
    raise CombatError(f"no roll called {action!r}")


def escape_clash(fight: KruhlFight, escaper: str, grappler: str,
                 values: Mapping[str, Any]) -> Clash:
    """The roll to break free: the escaper acts (its dice are the actor's), exempt from
    the restrained penalty; the grappler opposes with Hand-to-hand Combat (Brawn)."""
    if escaper not in fight.holding(grappler):
        raise CombatError(f"{escaper} is not restrained by {grappler}'s grapple")
    me, them = fight.fighting(escaper), fight.fighting(grappler)
    attribute = higher(me)
    return Clash("escape", escaper, grappler, "breaking free",
                 side(me, "attack_hth", *_dice(values, "bonus", "penalty"),
                      attribute=attribute, exempt=RESTRAINED),
                 side(them, "defense_hth", *_dice(values, "defense_bonus",
                                                  "defense_penalty"), attribute="brawn"),
                 "attack_hth", "defense_hth",
                 notes=(_attribute_note(escaper, me, attribute),
                        "no restrained penalty on the roll to escape"))


def verdict(result: RollResult) -> str:
    return "success" if result.success else "failure"


def describe(c: Clash, result: RollResult | None, chance: str) -> str:
    head = f"{c.actor} → {c.target}, {c.what}"
    if result is None:
        if c.mine.fails:
            return head + ": fails automatically (" + "; ".join(
                w for w in c.mine.why if w.endswith("fails")) + ")"
        word = "hits" if c.action == "attack" else "succeeds"
        return head + f": {word}: the defender cannot defend (" + "; ".join(
            w for w in c.theirs.why if w.endswith("fails")) + ")"
    setup = f"{roll_text(result.contest, True)} vs {roll_text(result.contest, False)}"
    tie = ", a tie goes to the target" if c.strict else ""
    notes = "".join(f"; {n}" for n in c.notes)
    return (f"{head}: {setup} ({chance}{tie}{notes}): {result.actor_faces} → "
            f"{result.actor_total} vs {result.opponent_faces} → {result.opponent_total}: "
            f"{verdict(result)}")


def make(fight: KruhlFight, c: Clash, values: Mapping[str, Any], roller: Roller
         ) -> tuple[KruhlFight, tuple[str, ...]]:
    """Roll ``c`` (or settle it by a condition), use up what lasts one roll, and resolve
    it; the fight keeps the roll for a bonus die after it."""
    if c.mine.fails or c.theirs.fails:
        fight, lines = outcome(replace(fight, last=None), c, not c.mine.fails, values)
        return fight, (describe(c, None, c.chance()), *lines)
    chance = c.chance()
    result = roll(c.mine.roll, c.theirs.roll, roller, c.penetrating, c.strict)
    lines = [describe(c, result, chance)]
    for key, kind in ((c.actor, c.actor_kind), (c.target, c.target_kind)):
        character, ended = after_roll(fight.character(key), kind)
        fight = fight.with_character(key, character)
        lines += [f"{key}: {text}" for text in ended]
    before = replace(fight, last=None)
    fight, more = outcome(before, c, result.success, values)
    last = LastRoll(c, c.mine.roll, c.theirs.roll, result, before, tuple(values.items()))
    return replace(fight, last=last), (*lines, *more)


def _condition_on(fight: KruhlFight, key: str, condition_id: str) -> KruhlFight:
    character = fight.character(key)
    if condition_id in character.conditions:
        return fight
    return fight.with_character(key, character.model_copy(update={
        "conditions": [*character.conditions, condition_id]}))


def release(fight: KruhlFight, grappler: str, target: str) -> KruhlFight:
    """The grapple of ``grappler`` on ``target`` ends; Grappled ends when no grapple
    holds the target any more."""
    fight = replace(fight, grapples=tuple(g for g in fight.grapples
                                          if g != (grappler, target)))
    if fight.held_by(target):
        return fight
    character = fight.character(target)
    return fight.with_character(target, character.model_copy(update={
        "conditions": [c for c in character.conditions if c != "grappled"]}))


def outcome(fight: KruhlFight, c: Clash, success: bool, values: Mapping[str, Any]
            ) -> tuple[KruhlFight, tuple[str, ...]]:
    """What the roll does, success or failure."""
    target = c.target
    if c.action == "attack":
        if not success:
            return fight, ()
        defender = fight.character(target)
        if defender.current_endurance() <= 0:
            return fight, (f"{target}: already defeated (Endurance may not go below 0)",)
        done = hit(defender, 1, bool(values.get("stunning")))
        return fight.with_character(target, done.character), (f"{target}: {done.describe()}",)
    if c.action == "grapple":
        if not success:
            return fight, (f"{target} is not restrained",)
        fight = replace(fight, grapples=(*(g for g in fight.grapples if g != (c.actor, target)),
                                         (c.actor, target)))
        fight = _condition_on(fight, target, "grappled")
        both = " (both are restrained: Grapple vs. Grapple)" if c.actor in fight.holding(
            target) else ""
        return fight, (f"{target} is restrained by {c.actor}'s grapple{both}: no move "
                       "actions, a penalty die on all rolls but the roll to escape; no "
                       "Endurance lost (Grappling)",)
    if c.action == "escape":
        if not success:
            return fight, (f"{c.actor} is still restrained",)
        return release(fight, target, c.actor), (
            f"{c.actor} breaks free of {target}'s grapple (Breaking Free Of A Grapple)",)
    if c.action == "disarm":
        if not success:
            return fight, ()
        item = str(values.get("item") or "")
        if item:
            fight = replace(fight, disarmed=(*fight.disarmed, (target, item)))
            return fight, (f"{target}: {item} is taken away or knocked from its grasp "
                           "(Disarming): its rating no longer adds",)
        return fight, (f"{target}: {c.actor} takes away or knocks from its grasp one piece "
                       "of held equipment (Disarming)",)
    if c.action == "slam":
        if not success:
            return fight, ()
        fight = _condition_on(fight, target, "prone")
        lines = [f"{target} falls to the ground: Prone ({condition('prone').text})"]
        if values.get("impact"):
            defender = fight.character(target)
            if defender.current_endurance() > 0:
                done = hit(defender, 1)
                fight = fight.with_character(target, done.character)
                lines.append(f"{target}: injured by the impact: {done.describe()}")
        return fight, tuple(lines)
    if c.action == "distract":
        if not success:
            return fight, (f"{target} is not distracted",)
        fight = _condition_on(fight, target, "distracted")
        return fight, (f"{target} is Distracted: a penalty die on its next attack roll or "
                       "its next defense roll, whichever comes first (Distracting)",)
    raise CombatError(f"no roll called {c.action!r}")


def bonus_die_after(fight: KruhlFight, key: str, roller: Roller, note: str = ""
                    ) -> tuple[KruhlFight, tuple[str, ...]]:
    """``key`` spends a plot point for a bonus die on the roll just made, after seeing
    the dice; the roll is resolved again from the fight as it stood before its outcome."""
    last = fight.last
    if last is None or key not in (last.clash.actor, last.clash.target):
        raise CombatError(f"{key} made no part of the last roll: spend the bonus die on "
                          "the roll about to be made instead")
    actor_side = key == last.clash.actor
    spent = spend(last.before.character(key), "bonus_die", note=note)
    result, what = with_bonus_die(last.result, last.mine, last.theirs, actor_side, roller)
    mine, theirs = last.mine, last.theirs
    if actor_side:
        mine = replace(mine, bonus_dice=mine.bonus_dice + 1)
    else:
        theirs = replace(theirs, bonus_dice=theirs.bonus_dice + 1)
    before = last.before.with_character(key, spent.character)
    values = dict(last.values)
    after, lines = outcome(before, last.clash, result.success, values)
    was = verdict(last.result)
    now = verdict(result)
    change = (f"{now} (it was {was})" if now != was else f"{now} still")
    head = (f"{key}: spends a plot point ({spent.before}→{spent.character.plot_points}): "
            f"Bonus Die after the roll{f' ({note})' if note else ''}, {what}: "
            f"{result.actor_faces} → {result.actor_total} vs {result.opponent_faces} → "
            f"{result.opponent_total}: {change}")
    new_last = replace(last, mine=mine, theirs=theirs, result=result, before=before)
    return replace(after, last=new_last), (head, *(lines if now != was else ()))
