"""Plot points and conditions on a fighter (Actions, Plot Points, Spending Plot Points;
the bonus and penalty tables). A spend counts the plot point down on the character and
says what it bought: a bonus die on the current roll, an escape (restrained and grappled
end), a rally (half the lost Endurance back at once, stunning damage too), a surge (+1
to one attribute, usually for one round), inspiration or a retcon. Conditions are the
catalog's ids on the character, so ``derive()`` shows their dice on every roll.
"""

from __future__ import annotations

from dataclasses import dataclass

from desktop.systems.kruhl.fight.rest import Recovery, rally
from desktop.systems.kruhl.fight.tracking import CombatError
from desktop.systems.kruhl.rules.catalog import (
    ROLL_KIND_LABELS,
    ROLL_KINDS,
    condition,
    condition_ids,
    plot_point_uses,
)
from desktop.systems.kruhl.rules.character import (
    ATTRIBUTE_LABELS,
    MAX_SCORE,
    KruhlCharacter,
)

ESCAPES = ("restrained", "grappled")
"""The conditions an Escape ends (a grapple; a lasting spell is the GM's to end)."""
SURGE_CHOICES: tuple[tuple[str, str], ...] = tuple(
    (a, ATTRIBUTE_LABELS[a]) for a in ("agility", "brawn", "reason", "presence"))


def use_name(use: str) -> str:
    for info in plot_point_uses():
        if info.id == use:
            return info.name
    raise CombatError(f"no plot point use called {use!r}")


@dataclass(frozen=True)
class PlotSpend:
    """A plot point a character spent, and what it bought."""

    character: KruhlCharacter
    use: str
    before: int
    what: str
    """What it bought, in words."""
    recovery: Recovery | None = None

    def describe(self) -> str:
        return (f"spends a plot point ({self.before}→{self.character.plot_points}): "
                f"{use_name(self.use)}, {self.what}")


def spend(character: KruhlCharacter, use: str, attribute: str = "brawn",
          note: str = "") -> PlotSpend:
    """Spend one plot point (any time, even unconscious: Spending Plot Points)."""
    name = use_name(use)
    if character.plot_points < 1:
        raise CombatError(f"no plot points left for {name}")
    new = character.model_copy(deep=True)
    new.plot_points -= 1
    recovery = None
    if use == "bonus_die":
        what = "a bonus die on the current roll"
    elif use == "escape":
        ended = [c for c in new.conditions if c in ESCAPES]
        new.conditions = [c for c in new.conditions if c not in ESCAPES]
        what = ("breaks free: " + ", ".join(condition(c).label for c in ended) + " ends"
                if ended else "breaks free of a grapple or a lasting spell")
    elif use == "rally":
        recovery = rally(new)
        new = recovery.character
        what = recovery.describe().removeprefix("rallies: ")
    elif use == "surge":
        if attribute not in ATTRIBUTE_LABELS or attribute in ("endurance", "power_level"):
            raise CombatError(f"a surge raises Agility, Brawn, Reason or Presence, "
                              f"not {attribute!r}")
        score = character.attributes.get(attribute)
        if score >= MAX_SCORE:
            raise CombatError(f"{ATTRIBUTE_LABELS[attribute]} is {score} already")
        setattr(new.attributes, attribute, score + 1)
        what = (f"{ATTRIBUTE_LABELS[attribute]} {score}→{score + 1} until it takes its "
                "next turn (Surge: usually one round)")
    else:
        what = name.lower()
    if note:
        what += f" ({note})"
    return PlotSpend(new, use, character.plot_points, what, recovery)


@dataclass(frozen=True)
class PlotGain:
    """A plot point the GM awarded a character, and why."""

    character: KruhlCharacter
    before: int
    why: str

    def describe(self) -> str:
        why = f" ({self.why})" if self.why else ""
        return f"gains a plot point{why}: {self.before}→{self.character.plot_points}"


def gain(character: KruhlCharacter, why: str = "") -> PlotGain:
    """The GM awards a plot point (Gaining Plot Points)."""
    new = character.model_copy(deep=True)
    new.plot_points += 1
    return PlotGain(new, character.plot_points, why)


def effect_text(condition_id: str) -> str:
    """"penalty die on hand-to-hand defense; bonus die on ranged defense": its dice."""
    info = condition(condition_id)
    parts = []
    for kind in ROLL_KINDS:
        effect = info.effect_on(kind)
        if effect == "fail":
            parts.append(f"{ROLL_KIND_LABELS[kind]} fails")
        elif effect:
            word = "bonus" if effect > 0 else "penalty"
            count = abs(effect)
            parts.append(f"{count} {word} di{'e' if count == 1 else 'ce'} on "
                         f"{ROLL_KIND_LABELS[kind]}")
    return "; ".join(parts) or "no dice"


@dataclass(frozen=True)
class ConditionChange:
    """A condition coming into effect on a character, or ending."""

    character: KruhlCharacter
    condition: str
    on: bool

    def describe(self) -> str:
        info = condition(self.condition)
        if self.on:
            return f"{info.label} ({effect_text(self.condition)}; {info.section})"
        return f"{info.label} ends"


def set_condition(character: KruhlCharacter, condition_id: str, on: bool
                  ) -> ConditionChange:
    if condition_id not in condition_ids():
        raise CombatError(f"no condition called {condition_id!r}")
    if on == (condition_id in character.conditions):
        label = condition(condition_id).label
        raise CombatError(f"{label} is {'already' if on else 'not'} in effect")
    new = character.model_copy(deep=True)
    new.conditions = ([*new.conditions, condition_id] if on
                      else [c for c in new.conditions if c != condition_id])
    return ConditionChange(new, condition_id, on)


def surge_ends(character: KruhlCharacter, attribute: str) -> tuple[KruhlCharacter, str]:
    """The attribute back down at the start of the character's next turn (Surge)."""
    new = character.model_copy(deep=True)
    score = character.attributes.get(attribute)
    setattr(new.attributes, attribute, max(score - 1, 0))
    return new, f"surge ends: {ATTRIBUTE_LABELS[attribute]} {score}→{max(score - 1, 0)}"
