"""An attack in a POW! fight, attacker against target with a weapon (POW!, Combat Basics;
Causing Damage; Ranged Combat; Stat Reduction), and the optional Combat Tactics and
Leadership that add to it.

"When making combat checks (attack, defend, etc.), the Statistic used is Agility, added
to 2d6, which is compared to the Difficulty. … the default Difficulty for combat is your
foe's Agility plus 10": Agility + 5 when the foe is surprised, + 15 when it actively
dodges ("which requires they spend an action"). A hit deals the weapon's damage: Brawn
unarmed, the weapon + Brawn in melee (and for weapons used both ways), the weapon alone
for most ranged weapons. The attack spends one of the attacker's actions; a dodge spends
one of the target's. Readings of our own where the book is silent are marked "Ours:".
"""

from __future__ import annotations

from dataclasses import dataclass, field, replace
from typing import Literal

from desktop.model.dice import Roller
from desktop.systems.pow.fight.encounter import CharacterChanged, Encounter, Step
from desktop.systems.pow.fight.tracking import CombatError
from desktop.systems.pow.rules.character import STAT_LABELS, PowCharacter, Stat
from desktop.systems.pow.rules.derived import brawn_damage
from desktop.systems.pow.rules.dice import BELOW_ZERO, CheckResult, roll_check, rules_of
from desktop.systems.pow.rules.modifiers import ModifierError, Situation, apply

Defence = Literal["normal", "surprised", "dodging"]
DEFENCE_ADDS: dict[Defence, int] = {"surprised": 5, "normal": 10, "dodging": 15}
"""The foe's Agility plus this is the Difficulty (POW!, Combat Basics)."""
DEFENCE_LABELS: dict[Defence, str] = {
    "normal": "aware (Agility + 10)", "surprised": "surprised or unaware (Agility + 5)",
    "dodging": "actively dodging, spends an action (Agility + 15)"}
UNARMED = ""
"""The weapon choice of a bare-handed attack: damage "equal to the attacker's Brawn"."""


@dataclass(frozen=True)
class AttackPlan:
    """What the GM chose for one attack."""

    target: str
    weapon: str = UNARMED
    """A weapon's index in the attacker's list (as text), or UNARMED."""
    defence: Defence = "normal"
    stat: Stat = "agility"
    """Agility for combat; a power may use another ("I add Energy instead of Agility for
    this because it's my Lightning Power", POW!, Sample of Gameplay)."""
    situation: Situation = field(default_factory=Situation)
    modifier: int = 0
    """The GM's own ± to the Difficulty (bad weather, darkness, prone…)."""


@dataclass(frozen=True)
class AttackMade:
    """One attack as rolled, and the damage it did (None: a miss)."""

    attacker: str
    target: str
    weapon: str
    difficulty_text: str
    check: CheckResult
    stat_label: str
    damage: int
    hit: CharacterChanged | None
    dodge: str = ""
    """The target's dodge, spent with the attack: its line, or ""."""

    def lines(self) -> tuple[str, ...]:
        rolled = self.check.describe(self.stat_label)
        for word, said in ((": failure", ": miss"), (": success", ": hit"),
                           (": automatic success", ": automatic hit")):
            if rolled.endswith(word) or f"{word} (" in rolled:
                rolled = rolled.replace(word, said)
        head = (f"{self.attacker} attacks {self.target} with {self.weapon} (Difficulty "
                f"{self.difficulty_text}): {self.attacker} rolls {rolled}")
        if self.hit is not None:
            doubled = " (critical: doubled)" if self.check.critical else ""
            head += f", {self.damage} damage{doubled}"
        out = (self.dodge, head) if self.dodge else (head,)
        return (*out, self.hit.describe()) if self.hit is not None else out

    def describe(self) -> str:
        return "; ".join(self.lines())


def weapon_choices(character: PowCharacter) -> tuple[tuple[str, str], ...]:
    """(value, label) per weapon with its damage now, unarmed first."""
    brawn = character.current_stat("brawn")
    unarmed = (UNARMED, f"unarmed ({max(brawn, 0)})")
    return (unarmed, *((str(i), f"{w.name} ({brawn_damage(brawn, w)}"
                        + (", ranged)" if w.ranged else ")"))
                       for i, w in enumerate(character.weapons)))


def _weapon(character: PowCharacter, choice: str) -> tuple[str, int, bool]:
    """(name, damage, ranged) of the weapon chosen, with the current Brawn; refused when
    Brawn below 0 leaves it nothing to do: "if her Brawn is reduced below 0, she cannot
    do anything that requires Brawn, such as causing damage" (POW!, Stat Reduction)."""
    brawn = character.current_stat("brawn")
    if choice == UNARMED:
        if brawn < 0:
            raise CombatError(f"Brawn {brawn} is below 0: no damage unarmed; {BELOW_ZERO}")
        return "bare hands", brawn, False
    try:
        weapon = character.weapons[int(choice)]
    except (ValueError, IndexError):
        raise CombatError(f"no weapon {choice!r}") from None
    if weapon.adds_brawn and brawn < 0:
        raise CombatError(f"Brawn {brawn} is below 0: the {weapon.name} needs Brawn to "
                          f"cause damage; {BELOW_ZERO}")
    return weapon.name, brawn_damage(brawn, weapon), weapon.ranged


def bonus_of(fight: Encounter, key: str) -> tuple[int, str]:
    """What the optional Combat Tactics and Leadership add to ``key``'s next check now:
    its advisers' Fellowship this frame, and its own Cognition on the first check of the
    frame after sizing up."""
    terms = [(f, f"{who}'s Fellowship, leadership") for who, f in fight.advice.get(key, ())]
    if key in fight.sized_up:
        terms.append((fight.sized_up[key], "Cognition, tactics"))
    return sum(v for v, _ in terms), "; ".join(label for _, label in terms)


def target_difficulty(fight: Encounter, key: str, plan: AttackPlan, ranged: bool
                      ) -> tuple[int, str]:
    """The Difficulty to hit the target and how it came (the target's Agility + 5/10/15,
    the range and size modifiers, the GM's ±)."""
    attacker, target = fight.character(key), fight.character(plan.target)
    agility = target.current_stat("agility")
    # Ours: a foe's Agility below 0 "cannot be used for anything": it counts as 0 here,
    # so it neither helps nor hinders the one attacking it.
    used = max(agility, 0)
    base = used + DEFENCE_ADDS[plan.defence]
    if not ranged and (plan.situation.range_multiple > 1 or plan.situation.point_blank):
        raise CombatError("range bands and point blank are for ranged weapons (POW!, "
                          "Combat Basics, Ranged Combat)")
    situation = plan.situation
    if attacker.options.size_category:
        situation = replace(situation, size_diff=target.size_category
                            - attacker.size_category)
    try:
        modified = apply(base, situation)
    except ModifierError as exc:
        raise CombatError(str(exc)) from None
    difficulty = modified.difficulty + plan.modifier
    shown = f"{agility}, which cannot be used: 0" if agility < 0 else str(agility)
    how = f"{plan.target}'s Agility {shown} + {DEFENCE_ADDS[plan.defence]}"
    terms = [f"{t.value:+d} {t.label}" for t in modified.terms]
    if plan.modifier:
        terms.append(f"{plan.modifier:+d} GM")
    text = f"{difficulty} = {how}" + "".join(f" {t}" for t in terms)
    return difficulty, text


def why_not_attack(fight: Encounter, key: str) -> str | None:
    """Why ``key`` cannot attack now (no action, or Agility below 0), or None."""
    reason = fight.why_not(key, "act")
    if reason:
        return reason
    agility = fight.character(key).current_stat("agility")
    if agility < 0:
        return f"Agility {agility} is below 0: {BELOW_ZERO}"
    return None


def attack(fight: Encounter, key: str, plan: AttackPlan, roller: Roller) -> tuple[
        Encounter, AttackMade]:
    """``key`` attacks ``plan.target``: one action spent, the check rolled against the
    target's Difficulty, and on a hit the weapon's damage through the target's armor and
    pools (a Stat Save may come due). Criticals (optional): double damage."""
    if plan.target == key:
        raise CombatError(f"{key} cannot attack itself")
    fight.character(plan.target)
    character = fight.character(key)
    stat_now = character.current_stat(plan.stat)
    if stat_now < 0:
        raise CombatError(f"{STAT_LABELS[plan.stat]} {stat_now} is below 0: {BELOW_ZERO}")
    reason = fight.why_not(key, "act")
    if reason:
        raise CombatError(reason)
    if (plan.target, "damage") in fight.pending_saves:
        raise CombatError(f"{plan.target} has a Damage Stat Save due: resolve it first")
    name, damage, ranged = _weapon(character, plan.weapon)
    difficulty, text = target_difficulty(fight, key, plan, ranged)
    dodge = ""
    if plan.defence == "dodging":
        why = fight.why_not(plan.target, "react")
        if why:
            raise CombatError(f"{plan.target} cannot dodge: {why}")
        dodged = fight.react(plan.target, 1, f"dodges {key}")
        fight, dodge = dodged.encounter, dodged.event.describe()
    bonus, label = bonus_of(fight, key)
    check = roll_check(stat_now, difficulty, roller, rules_of(character), bonus, label)
    fight = fight.act(key, 1, f"attacks {plan.target}").encounter
    if key in fight.sized_up:  # "the first Difficulty check they make in the next frame"
        fight = replace(fight, sized_up={k: v for k, v in fight.sized_up.items()
                                         if k != key})
    hit: CharacterChanged | None = None
    dealt = damage * 2 if check.critical else damage
    if check.success and dealt > 0:
        step = fight.damage(plan.target, dealt)
        fight = step.encounter
        assert isinstance(step.event, CharacterChanged)
        hit = step.event
    made = AttackMade(key, plan.target, name, text, check, STAT_LABELS[plan.stat], dealt,
                      hit, dodge)
    return fight, made


def advise(fight: Encounter, key: str, ally: str) -> Step:
    """A Full Frame of tactical advice to ``ally``: "their Fellowship Stat is added to
    that other person's roll for any combat-related action" (POW!, Optional Rule -
    Combat Tactics and Leadership)."""
    if ally == key or ally not in fight.combatants:
        raise CombatError("choose another combatant to advise")
    fellowship = fight.character(key).current_stat("fellowship")
    if fellowship < 0:
        raise CombatError(f"Fellowship {fellowship} is below 0: {BELOW_ZERO}")
    step = fight.take_full_frame(key, f"tactical advice to {ally}, +{fellowship} to its "
                                      "combat rolls this frame")
    advice = {**step.encounter.advice,
              ally: (*step.encounter.advice.get(ally, ()), (key, fellowship))}
    return Step(replace(step.encounter, advice=advice), step.event)


def size_up(fight: Encounter, key: str) -> Step:
    """A Full Frame sizing up the situation: "they can add their Cognition to the first
    Difficulty check they make in the next frame" (POW!, Optional Rule - Combat Tactics
    and Leadership)."""
    cognition = fight.character(key).current_stat("cognition")
    if cognition < 0:
        raise CombatError(f"Cognition {cognition} is below 0: {BELOW_ZERO}")
    step = fight.take_full_frame(key, f"sizes up the situation, +{cognition} to its first "
                                      "check next frame")
    return Step(replace(step.encounter, sizing={**step.encounter.sizing, key: cognition}),
                step.event)
