"""POW! derived values and creation findings: pure functions of a character.

Nothing here is stored: the editor, the sheet, the CLI and the GM screen all call
``derive`` and read the same numbers. Section names in the citations are the book's.
"""

from __future__ import annotations

import math
from collections import Counter
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any, NamedTuple

from desktop.model.findings import Finding, Severity, missing_name
from desktop.systems.pow.rules.character import (
    STAT_LABELS,
    STATS,
    PowCharacter,
    Special,
    Stat,
    Weapon,
)
from desktop.systems.pow.rules.citations import (
    R_ACTIONS,
    R_ARMOR,
    R_GREATNESS,
    R_NAME,
    R_POINTS,
    R_POOLS,
    R_REDUCTION,
    R_SAVE,
    R_SIZE,
    R_SPECIALS,
    R_STATS,
    R_XP,
)

if TYPE_CHECKING:  # the book tables load when size_for_length first needs them
    from desktop.systems.pow.rules import catalog

CREATION_MIN, CREATION_MAX = 0, 5
STAT_MAX = 5
BUDGET_TYPICAL = (10, 20)

# The Price of Greatness: a 5 in the key caps the value at 4 (A→B→C→D→E→F→A).
GREATNESS_LIMITS: dict[Stat, Stat] = {
    STATS[i]: STATS[(i + 1) % len(STATS)] for i in range(len(STATS))
}


class WeaponDamage(NamedTuple):
    """One weapon's damage with the current Brawn, and whether and how far it shoots."""

    name: str
    damage: int
    ranged: bool
    base_range_ft: float | None


@dataclass(frozen=True)
class PowDerived:
    """A POW! character's derived values and findings, as ``derive`` computes them."""

    pools: dict[Stat, int]
    """Full pool per stat: score × score (0 for 0 or less)."""
    current_stats: dict[Stat, int]
    current_pools: dict[Stat, int]
    pool_caps: dict[Stat, int]
    """How far each pool can refill now: current stat² (POW!, Specials and Stat Recovery)."""
    points_budget: int
    points_spent: int
    points_left: int
    initiative_bonus: int
    actions_per_frame: int
    acts_last: bool
    actions_reason: str
    """Why that many actions, with the book's section (for tooltips and the sheet)."""
    unarmed_damage: int
    weapon_damage: list[WeaponDamage]
    to_hit_difficulty: dict[str, int]
    size_modifier: int
    move_per_action_ft: int
    full_frame_move_ft: int
    stat_raise_xp: dict[Stat, int | None]
    """XP to raise each Stat by one; None when it cannot be raised (see stat_raise_limit)."""
    stat_raise_limit: dict[Stat, str]
    """Why a Stat cannot be raised now ("" when it can)."""
    special_xp: dict[str, int]
    upgrade_xp: dict[str, int | None]
    xp_earned: int
    xp_spent: int
    xp_left: int
    usable_specials: dict[str, bool]
    armor_frame_rating: int
    findings: list[Finding] = field(default_factory=list)

    def to_json(self, character: PowCharacter) -> dict[str, Any]:
        """The ``sheetdesk derive --json`` object (keys fixed by PRODUCT.md, then ours)."""
        return {
            "system": "pow",
            "name": character.name,
            "findings": [f.to_json() for f in self.findings],
            "pools": dict(self.pools),
            "points_spent": self.points_spent,
            "points_budget": self.points_budget,
            "initiative_bonus": self.initiative_bonus,
            "actions_per_frame": self.actions_per_frame,
            "unarmed_damage": self.unarmed_damage,
            "to_hit_difficulty": dict(self.to_hit_difficulty),
            "points_left": self.points_left,
            "current_stats": dict(self.current_stats),
            "current_pools": dict(self.current_pools),
            "acts_last": self.acts_last,
            "weapon_damage": {w.name: w.damage for w in self.weapon_damage},
            "size_modifier": self.size_modifier,
            "move_per_action_ft": self.move_per_action_ft,
            "full_frame_move_ft": self.full_frame_move_ft,
            "stat_raise_xp": dict(self.stat_raise_xp),
            "special_xp": dict(self.special_xp),
            "xp_earned": self.xp_earned,
            "xp_spent": self.xp_spent,
            "xp_left": self.xp_left,
        }


def pool_of(score: int) -> int:
    """Stat × itself; a stat of 0 or below has no pool (POW!, Step 3)."""
    return score * score if score > 0 else 0


def actions_for(energy: int, damage: int = 0) -> tuple[int, bool]:
    """Actions per frame and whether they come after everyone else.

    "If for some reason a character has an Energy of 0, he still gets a single action,
    but it always comes at the end of the Frame" (POW!, Time and Activity, Combat
    Situations). Below 0 a Stat "cannot be used for anything (combat, other actions,
    Specials, etc.)" (POW!, Stat Reduction): no actions. "If a character's Damage Stat is
    reduced to less than 0, he is rendered unconscious and dying, or dead" (POW!, Taking
    Damage, Stat Saves): no actions either, whatever the Energy.
    """
    if damage < 0:
        return 0, False
    if energy > 0:
        return energy, False
    if energy == 0:
        return 1, True
    return 0, True


def actions_reason(current: dict[Stat, int]) -> str:
    """Why the character has the actions it has, with the book's section."""
    if current["damage"] < 0:
        return (f"none: Damage {current['damage']} is below 0, unconscious and dying "
                f"({R_SAVE})")
    if current["energy"] < 0:
        return (f"none: Energy {current['energy']} is below 0 and cannot be used for "
                f"anything ({R_REDUCTION})")
    if current["energy"] == 0:
        return f"Energy 0: one action, after everyone else ({R_ACTIONS})"
    return f"Energy {current['energy']}: {current['energy']} actions a frame ({R_ACTIONS})"


def brawn_damage(brawn: int, weapon: Weapon) -> int:
    """What a weapon deals with the current Brawn.

    "Damage done by a melee weapon is equal to the weapon's damage value plus the
    character's Brawn"; "Damage done by most ranged weapons uses only the weapon's value,
    but weapons that can be used in both melee and ranged combat (i.e., knives, axes,
    etc.) do add in Brawn" (POW!, Combat Basics, Causing Damage). "If her Brawn is
    reduced below 0, she cannot do anything that requires Brawn, such as causing damage"
    (POW!, Stat Reduction): a weapon that adds Brawn then deals nothing; a weapon that
    uses only its own value (a pistol) still deals it.
    """
    if not weapon.adds_brawn:
        return weapon.damage
    return weapon.damage + brawn if brawn >= 0 else 0


def size_for_length(length_ft: float) -> catalog.SizeRow:
    """The Size Category table's row for a height or length (its longer axis): "Where
    "height" appears, substitute "length" if it is appropriate (e.g., dog, pony, etc.).
    If both apply (e.g., centaur), use the longer axis." (POW!, Time and Activity,
    Height vs. Length). A bound belongs to the larger row (8 feet is Large)."""
    from desktop.systems.pow.rules import catalog  # the book tables, when first asked

    rows = catalog.tables().size_categories.rows
    for row in rows:
        if (row.min_ft is None or length_ft >= row.min_ft) and (
                row.max_ft is None or length_ft < row.max_ft):
            return row
    return rows[-1]


def raise_limit(character: PowCharacter, stat: Stat) -> str:
    """Why ``stat`` cannot be raised by one now, or "".

    Stats go up to 5. With the optional Price of Greatness, a Stat limited to 4 by a 5 in
    the Stat before it cannot be raised past 4, and "if it would conflict, you must lower
    the other Stat before you can raise the new one" (POW!, Creating a Character,
    optional rule The Price of Greatness): no raise is shown there.
    """
    score = character.attributes.get(stat)
    if score >= STAT_MAX:
        return "5 is the maximum"
    if not character.options.price_of_greatness or score + 1 < STAT_MAX:
        return ""
    great = next(g for g, limited in GREATNESS_LIMITS.items() if limited == stat)
    if character.attributes.get(great) >= STAT_MAX:
        return (f"Price of Greatness: {STAT_LABELS[great]} 5 limits {STAT_LABELS[stat]} "
                "to 4")
    limited = GREATNESS_LIMITS[stat]
    if character.attributes.get(limited) > STAT_MAX - 1:
        return (f"Price of Greatness: lower {STAT_LABELS[limited]} to 4 first "
                f"({STAT_LABELS[stat]} 5 limits it to 4)")
    return ""


def creation_score(character: PowCharacter, stat: Stat) -> int:
    return character.attributes.get(stat) - character.experience.raised.get(stat, 0)


def raise_cost(from_score: int, to_score: int) -> int:
    """XP to raise a stat step by step: each new score squared (1→3 costs 4 + 9), summed
    in closed form (a file's numbers never make it loop)."""
    if to_score <= from_score:
        return 0
    return _squares_up_to(to_score) - _squares_up_to(from_score)


def _squares_up_to(n: int) -> int:
    """1² + 2² + … + n² as a polynomial, so that F(b) − F(a) sums (a, b] for any a < b."""
    return n * (n + 1) * (2 * n + 1) // 6


def special_creation_cost(special: Special) -> int:
    cost = special.purchase_cost if special.acquired == "creation" else 0
    if special.upgrade == "creation" and special.upgrade_cost is not None:
        cost += special.upgrade_cost
    return cost


def special_xp_cost(special: Special) -> int:
    """XP already paid for a Special: purchase cost² and/or upgrade cost² (RULINGS 7)."""
    cost = special.purchase_cost**2 if special.acquired == "experience" else 0
    if special.upgrade == "experience" and special.upgrade_cost is not None:
        cost += special.upgrade_cost**2
    return cost


def derive(character: PowCharacter) -> PowDerived:
    scores = {s: character.attributes.get(s) for s in STATS}
    current = {s: character.current_stat(s) for s in STATS}
    pools = {s: pool_of(scores[s]) for s in STATS}
    caps = {s: pool_of(current[s]) for s in STATS}
    current_pools = {
        s: min(character.tracking.pools.get(s, caps[s]), caps[s]) for s in STATS
    }

    creation_stats = sum(creation_score(character, s) for s in STATS)
    points_spent = creation_stats + sum(special_creation_cost(sp) for sp in character.specials)
    actions, acts_last = actions_for(current["energy"], current["damage"])
    brawn = current["brawn"]
    # A Stat below 0 "cannot be used for anything (combat, other actions, Specials,
    # etc.)" (POW!, Stat Reduction). Ours: an Agility below 0 adds nothing to initiative
    # and counts as 0 in the Difficulty to hit its owner, neither helping nor hindering.
    agility = max(current["agility"], 0)

    raise_limits = {s: raise_limit(character, s) for s in STATS}
    stat_raise_xp: dict[Stat, int | None] = {
        s: (scores[s] + 1) ** 2 if not raise_limits[s] else None for s in STATS
    }
    xp_spent = sum(
        raise_cost(creation_score(character, s), scores[s])
        for s in STATS
        if character.experience.raised.get(s, 0) > 0
    ) + sum(special_xp_cost(sp) for sp in character.specials)

    size_modifier = character.size_category if character.options.size_category else 0
    derived = PowDerived(
        pools=pools,
        current_stats=current,
        current_pools=current_pools,
        pool_caps=caps,
        points_budget=character.character_points,
        points_spent=points_spent,
        points_left=character.character_points - points_spent,
        initiative_bonus=agility,
        actions_per_frame=actions,
        acts_last=acts_last,
        actions_reason=actions_reason(current),
        unarmed_damage=max(brawn, 0),  # "equal to the attacker's Brawn"; below 0: none
        weapon_damage=[
            WeaponDamage(w.name, brawn_damage(brawn, w), w.ranged, w.base_range_ft)
            for w in character.weapons
        ],
        to_hit_difficulty={
            "surprised": agility + 5,
            "normal": agility + 10,
            "dodging": agility + 15,
        },
        size_modifier=size_modifier,
        move_per_action_ft=math.ceil(2 * character.height_ft),
        full_frame_move_ft=math.ceil(10 * character.height_ft),
        stat_raise_xp=stat_raise_xp,
        stat_raise_limit=raise_limits,
        special_xp={sp.name: sp.purchase_cost**2 for sp in character.specials},
        upgrade_xp={
            sp.name: sp.upgrade_cost**2 if sp.upgrade_cost is not None else None
            for sp in character.specials
        },
        xp_earned=character.experience.earned,
        xp_spent=xp_spent,
        xp_left=character.experience.earned - xp_spent,
        usable_specials={sp.name: current[sp.stat] >= sp.minimum for sp in character.specials},
        armor_frame_rating=sum(
            a.frame_rating for a in character.armor
            if a.worn and (a.damage_rating_left is None or a.damage_rating_left > 0)
        ),
    )
    derived.findings.extend(findings(character, derived))
    return derived


def findings(character: PowCharacter, derived: PowDerived) -> list[Finding]:
    out: list[Finding] = []
    add = out.append
    E, W, I = Severity.ERROR, Severity.WARNING, Severity.INFO  # noqa: E741

    if (no_name := missing_name(character.name, R_NAME)) is not None:
        add(no_name)
    if not character.concept.strip():
        add(Finding(I, "No Basic Concept yet: it tells the Moderator what the character "
                       "can do", R_NAME, "concept"))
    else:
        words = len(character.concept.split())
        if words > 15:
            add(Finding(I, f"Basic Concept has {words} words; the book suggests 10–15",
                        R_NAME, "concept"))

    low, high = BUDGET_TYPICAL
    if not low <= character.character_points <= high:
        add(Finding(W, f"{character.character_points} Character Points: Worldbooks give "
                       f"{low} to {high}", R_POINTS, "character_points"))

    for stat in STATS:
        label = STAT_LABELS[stat]
        start = creation_score(character, stat)
        if not CREATION_MIN <= start <= CREATION_MAX:
            add(Finding(E, f"{label} {start} at creation: Stats start at 0 to 5",
                        R_STATS, f"attributes.{stat}"))
        elif start == 0:
            add(Finding(I, f"{label} 0 (Inept): the book advises at least 1 in each Stat",
                        R_STATS, f"attributes.{stat}"))
        if character.attributes.get(stat) > STAT_MAX:
            add(Finding(E, f"{label} {character.attributes.get(stat)}: Stats go up to 5",
                        R_XP, f"attributes.{stat}"))
        raised = character.experience.raised.get(stat, 0)
        if raised < 0:
            add(Finding(E, f"{label}: experience cannot lower a Stat ({raised})",
                        R_XP, f"experience.raised.{stat}"))
        tracked = character.tracking.stats.get(stat)
        if tracked is not None and tracked > character.attributes.get(stat):
            add(Finding(E, f"Current {label} {tracked} is above its score "
                           f"{character.attributes.get(stat)}", R_REDUCTION,
                        f"tracking.stats.{stat}"))
        pool = character.tracking.pools.get(stat)
        if pool is not None and pool > derived.pool_caps[stat]:
            add(Finding(E, f"{label} Pool {pool} is above what it can hold now "
                           f"({derived.pool_caps[stat]} = current {label}²)", R_REDUCTION,
                        f"tracking.pools.{stat}"))
        if pool is not None and pool < 0:
            add(Finding(E, f"{label} Pool cannot be below 0", R_POOLS,
                        f"tracking.pools.{stat}"))
        if derived.current_stats[stat] < 0 and stat != "damage":  # Damage: below
            also = (" (no damage unarmed or with weapons that add Brawn)"
                    if stat == "brawn" else "")
            add(Finding(W, f"{label} is below 0: it cannot be used for anything until it "
                           f"recovers{also}", R_REDUCTION, f"tracking.stats.{stat}"))

    if derived.points_left < 0:
        add(Finding(E, f"{derived.points_spent} Character Points spent of "
                       f"{derived.points_budget}: {-derived.points_left} over",
                    R_POINTS, "character_points"))
    elif derived.points_left > 0:
        add(Finding(I, f"{derived.points_left} Character Points left to spend",
                    R_POINTS, "character_points"))

    if character.options.price_of_greatness:
        for great, limited in GREATNESS_LIMITS.items():
            if character.attributes.get(great) >= 5 and character.attributes.get(limited) > 4:
                add(Finding(E, f"{STAT_LABELS[limited]} {character.attributes.get(limited)} "
                               f"with {STAT_LABELS[great]} {character.attributes.get(great)}: "
                               f"the Price of Greatness limits "
                               f"{STAT_LABELS[limited]} to 4", R_GREATNESS,
                            f"attributes.{limited}"))

    if derived.current_stats["damage"] < 0:
        add(Finding(W, f"Damage {derived.current_stats['damage']} is below 0: unconscious "
                       "and dying (or dead, as the Worldbook dictates), no actions", R_SAVE,
                    "tracking.stats.damage"))
    elif derived.actions_per_frame == 1 and derived.acts_last:
        add(Finding(I, "Energy 0: one action a frame, after everyone else", R_ACTIONS,
                    "attributes.energy"))


    if character.options.size_category:
        row = size_for_length(character.height_ft)
        if row.category != character.size_category:
            add(Finding(I, f"Size Category {character.size_category:+d}, but a height or "
                           f"length (the longer axis) of {character.height_ft:g} ft is "
                           f"{row.description} ({row.height}): {row.category:+d} on the "
                           "table", R_SIZE, "size_category"))
    if character.size_category and not character.options.size_category:
        add(Finding(W, f"Size Category {character.size_category} is set but the optional "
                       "Size Category rule is off", R_SIZE, "size_category"))

    taken = Counter(sp.name for sp in character.specials)
    first: dict[str, int] = {}
    for index, sp in enumerate(character.specials):
        first.setdefault(sp.name, index)
    for index, sp in enumerate(character.specials):
        where = f"specials.{index}"
        label = STAT_LABELS[sp.stat]
        if taken[sp.name] > 1 and first[sp.name] == index:
            add(Finding(W, f"{sp.name} is taken {taken[sp.name]} times", R_SPECIALS,
                        where))
        if character.attributes.get(sp.stat) < sp.minimum:
            add(Finding(E, f"{sp.name} needs {label} {sp.minimum}; the character has "
                           f"{character.attributes.get(sp.stat)}", R_SPECIALS, where))
        elif not derived.usable_specials[sp.name]:
            add(Finding(W, f"{sp.name} cannot be used while {label} is reduced to "
                           f"{derived.current_stats[sp.stat]} (needs {sp.minimum})",
                        R_REDUCTION, where))
        for prerequisite in sp.prerequisites:
            if prerequisite not in taken:
                add(Finding(E, f"{sp.name} requires the Special {prerequisite}", R_SPECIALS,
                            where))
        if sp.upgrade != "none" and sp.upgrade_cost is None:
            add(Finding(E, f"{sp.name} is marked upgraded but has no upgrade", R_SPECIALS,
                        where))
        if sp.upgrade == "creation" and sp.acquired == "experience":
            add(Finding(E, f"{sp.name} was bought with experience, so its upgrade cannot "
                           "date from creation", R_XP, where))

    for index, armor in enumerate(character.armor):
        left = armor.damage_rating_left
        if left is not None and left > armor.damage_rating:
            add(Finding(E, f"{armor.name}: {left} Damage Rating left of {armor.damage_rating}",
                        R_ARMOR, f"armor.{index}"))
        elif left == 0 and armor.damage_rating > 0:
            add(Finding(W, f"{armor.name} is worn through: it absorbs nothing until "
                           "repaired", R_ARMOR, f"armor.{index}"))

    if derived.xp_spent > derived.xp_earned:
        add(Finding(E, f"{derived.xp_spent} Experience Points spent of "
                       f"{derived.xp_earned} earned", R_XP, "experience.earned"))
    return out
