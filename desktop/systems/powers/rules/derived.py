"""Powers derived values and findings, recomputed from the character.

The order, each step reading only the ones before it:
1. attributes: hit points = Health (Attributes), damage taken by kind (normal, stun,
   phantom kept apart: Damage), Close to Death and unconsciousness (Close to Death;
   Damage, Stun), initiative dice = Agility + Intelligence (Combat, Basics: the draft
   has no component that modifies it yet), the defence pools (Agility against attacks,
   Resilience or Willpower against damage);
2. powers' costs: each component priced under the cost table in use, and each Power
   Rating = the sum of the positive component costs (Power Ratings; RULINGS.md Powers 1);
3. pools: per power its attack roll (Agility + Accurate, opposed by Agility: Hitting a
   Target), damage rolls (the rating or a linked attribute, against Resilience or
   Willpower for Psychic: Damaging a Target, Specific beats General), resistance rolls
   (Resilience, or Willpower with Mind over Matter, plus the rating), healing;
4. findings: only what the draft states, each citing its section.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, NamedTuple

from desktop.model.findings import Finding, Rule, Severity, missing_name
from desktop.systems.powers.rules import costs as cost_rules
from desktop.systems.powers.rules import damage as damage_rules
from desktop.systems.powers.rules.character import DamageTaken, Power, PowersCharacter
from desktop.systems.powers.rules.citations import (
    R_ATTRIBUTES,
    R_COMPONENTS,
    R_COSTS,
    R_CTD,
    R_DAMAGE,
    R_DURATION,
    R_POWERS,
    R_RANGE,
)
from desktop.systems.powers.rules.components import (
    Accurate,
    Damage,
    Duration,
    Healing,
    Move,
    Range,
    Resistance,
)
from desktop.systems.powers.rules.costs import CostTable, PowerCost, number_text
from desktop.systems.powers.rules.dice import MAX_POOL

INITIATIVE_ATTRIBUTES = ("agility", "intelligence")


class AttackLine(NamedTuple):
    """The attack roll: Agility plus Accurate dice, opposed by the target's Agility."""

    dice: int
    accurate: int
    touch: bool


class DamageLine(NamedTuple):
    """One Damage component's roll: its dice, what resists them and where the damage goes."""

    dice: int
    source: str
    """"rating" or the linked attribute's name."""
    resisted_by: str
    types: tuple[str, ...]
    kinds: tuple[str, ...]
    """Where the damage is recorded: ("normal",) or stun and/or phantom."""
    phantom_rating: int | None
    over_time: str
    modifiers: tuple[str, ...]


class ResistanceLine(NamedTuple):
    """A Resistance component's roll: Resilience or Willpower plus its rating, vs a damage type."""

    dice: int
    attribute: str
    rating: int
    type: str
    stun_only: bool
    modifiers: tuple[str, ...]


class HealingLine(NamedTuple):
    """What one Healing component heals: its points, perhaps stun only or over time."""

    points: int
    stun_only: bool
    over_time: str


class PowerLine(NamedTuple):
    """One power derived: its cost under the table, range, duration, moves and rolls."""

    power: Power
    cost: PowerCost
    range: str
    duration: str
    moves: tuple[Move, ...]
    attack: AttackLine | None
    damage: tuple[DamageLine, ...]
    resistance: tuple[ResistanceLine, ...]
    healing: tuple[HealingLine, ...]

    @property
    def rating(self) -> cost_rules.Number:
        return self.cost.rating


@dataclass
class PowersDerived:
    """A Powers character's derived values and findings, as ``derive`` computes them."""

    hit_points: int
    damage: DamageTaken
    initiative_dice: int
    defence_dice: dict[str, int]
    table: CostTable
    table_origin: str
    table_warning: str
    powers: list[PowerLine]
    findings: list[Finding] = field(default_factory=list)

    @property
    def hit_points_current(self) -> int:
        """Health less normal and phantom damage (stun is kept apart: Damage, Stun)."""
        return damage_rules.hit_points_left(self.hit_points, self.damage)

    @property
    def close_to_death(self) -> bool:
        return self.close_to_death_target is not None

    @property
    def close_to_death_target(self) -> int | None:
        """Hits the Resilience roll needs: how far below 0 (RULINGS.md Powers 5)."""
        return damage_rules.close_to_death_target(self.hit_points, self.damage)

    @property
    def unconscious(self) -> bool:
        """Stun and normal damage together reach Health (Damage, Stun)."""
        return damage_rules.knocked_out(self.hit_points, self.damage)

    @property
    def power_ratings(self) -> dict[str, cost_rules.Number]:
        return {line.power.name: line.rating for line in self.powers}

    def to_json(self, character: PowersCharacter) -> dict[str, Any]:
        return {
            "system": "powers",
            "name": character.name,
            "findings": [f.to_json() for f in self.findings],
            "hit_points": self.hit_points,
            "hit_points_current": self.hit_points_current,
            "damage": self.damage.model_dump(),
            "close_to_death": self.close_to_death,
            "close_to_death_target": self.close_to_death_target,
            "unconscious": self.unconscious,
            "initiative_dice": self.initiative_dice,
            "initiative": {"dice": self.initiative_dice,
                           "attributes": list(INITIATIVE_ATTRIBUTES), "modifiers": []},
            "defence_dice": self.defence_dice,
            "power_ratings": self.power_ratings,
            "cost_table": {"name": self.table.name, "label": self.table.label,
                           "origin": self.table_origin, "warning": self.table_warning,
                           "character": character.cost_table},
            "powers": [_power_json(line) for line in self.powers],
        }


def _power_json(line: PowerLine) -> dict[str, Any]:
    return {
        "name": line.power.name,
        "power_rating": line.rating,
        "cost_table": line.cost.table,
        "components": [
            {"kind": c.kind, "cost": c.total,
             "costs": [{"key": i.key, "unit": i.unit, "times": i.times, "amount": i.amount}
                       for i in c.items]}
            for c in line.cost.components],
        "range": line.range,
        "duration": line.duration,
        "move": [{"speed": m.speed, "modifiers": [x.id for x in m.modifiers]}
                 for m in line.moves],
        "attack": None if line.attack is None else {
            "dice": line.attack.dice, "accurate": line.attack.accurate, "vs": "agility",
            "touch": line.attack.touch},
        "damage": [{"dice": d.dice, "source": d.source, "resisted_by": d.resisted_by,
                    "types": list(d.types), "kinds": list(d.kinds),
                    "phantom_rating": d.phantom_rating, "over_time": d.over_time,
                    "modifiers": list(d.modifiers)} for d in line.damage],
        "resistance": [{"dice": r.dice, "attribute": r.attribute, "rating": r.rating,
                        "type": r.type, "stun_only": r.stun_only,
                        "modifiers": list(r.modifiers)} for r in line.resistance],
        "healing": [{"points": h.points, "stun_only": h.stun_only,
                     "over_time": h.over_time} for h in line.healing],
    }


# ----------------------------------------------------------------------- the steps


def _over_time(modifiers: list[Any], prefix: str) -> str:
    """"every turn for 3 turns" for DoT/HoT, halving or doubling for Fading/Increase."""
    for m in modifiers:
        if m.id == prefix:
            return f"every turn for {m.turns} turns"
        if m.id == f"{prefix}_fading":
            return "every turn, halving (rounded down) until 0"
        if m.id == f"{prefix}_increase":
            return f"every turn for {m.turns} turns, doubling"
    return ""


def _pool(dice: int) -> int:
    return max(0, min(dice, MAX_POOL))


def damage_line(component: Damage, character: PowersCharacter) -> DamageLine:
    ids = tuple(m.id for m in component.modifiers)
    linked = component.modifier("attribute_linked")
    phantom = component.modifier("phantom")
    if linked is not None and linked.attribute is not None:
        dice, source = character.attributes.get(linked.attribute), linked.attribute
    else:
        dice, source = component.rating, "rating"
    kinds = tuple(k for k in ("stun", "phantom") if k in ids) or ("normal",)
    return DamageLine(_pool(dice), source, "willpower" if "psychic" in ids else "resilience",
                      tuple(component.types), kinds,
                      phantom.rating if phantom is not None else None,
                      _over_time(component.modifiers, "dot"), ids)


def resistance_line(component: Resistance, character: PowersCharacter) -> ResistanceLine:
    attribute = "willpower" if component.has("mind_over_matter") else "resilience"
    return ResistanceLine(_pool(character.attributes.get(attribute) + component.rating),
                          attribute, component.rating, component.type,
                          component.has("stun"), tuple(m.id for m in component.modifiers))


def power_line(power: Power, character: PowersCharacter, table: CostTable) -> PowerLine:
    parts = power.components
    ranges = [c for c in parts if isinstance(c, Range)]
    durations = [c for c in parts if isinstance(c, Duration)]
    damage = tuple(damage_line(c, character) for c in parts if isinstance(c, Damage))
    touch = any(m.id == "touch" for r in ranges for m in r.modifiers)
    accurate = sum(c.rating for c in parts if isinstance(c, Accurate))
    attack = (AttackLine(_pool(character.attributes.agility + accurate), accurate, touch)
              if damage or touch else None)
    duration = durations[-1].duration if durations else "instant"
    if durations and durations[-1].turns is not None:
        duration += f" ({durations[-1].turns} turns)"
    return PowerLine(
        power, cost_rules.power_cost(power, table, character.attributes.model_dump()),
        ranges[-1].range if ranges else "personal", duration,
        tuple(c for c in parts if isinstance(c, Move)), attack, damage,
        tuple(resistance_line(c, character) for c in parts if isinstance(c, Resistance)),
        tuple(HealingLine(c.rating, any(m.id == "stun" for m in c.modifiers),
                          _over_time(c.modifiers, "hot"))
              for c in parts if isinstance(c, Healing)))


def derive(character: PowersCharacter, table: CostTable | None = None) -> PowersDerived:
    """Everything derived, in the order of the module's docstring. ``table``: the cost
    table to price with (default: the one in use, the GM's own or the shipped one)."""
    origin, warning = "given", ""
    if table is None:
        chosen = cost_rules.active_table()
        table, origin, warning = chosen.table, chosen.origin, chosen.warning
    a = character.attributes
    derived = PowersDerived(
        hit_points=a.health, damage=character.tracking.damage,
        initiative_dice=sum(a.get(name) for name in INITIATIVE_ATTRIBUTES),
        defence_dice={"agility": a.agility, "resilience": a.resilience,
                      "willpower": a.willpower},
        table=table, table_origin=origin, table_warning=warning,
        powers=[power_line(power, character, table) for power in character.powers])
    derived.findings = findings(character, derived)
    return derived


R_NAME = Rule("Powers", "ours: the sheet, the power cards and the fight show the name")


def findings(character: PowersCharacter, derived: PowersDerived) -> list[Finding]:
    out: list[Finding] = []
    if (no_name := missing_name(character.name, R_NAME)) is not None:
        out.append(no_name)
    if derived.table_warning:
        out.append(Finding(Severity.WARNING, derived.table_warning, R_COSTS, "cost_table"))
    if character.cost_table != derived.table.name:
        out.append(Finding(Severity.WARNING, f"Built with the cost table "
                           f"{character.cost_table!r}; the costs and Power Ratings shown "
                           f"are from {derived.table.name!r}", R_COSTS, "cost_table"))
    names = [p.name for p in character.powers]
    for index, line in enumerate(derived.powers):
        power, where = line.power, f"powers.{index}"
        if names.index(power.name) != index:
            out.append(Finding(Severity.WARNING, f"Two powers named {power.name!r}: give "
                               "each its own name", R_POWERS, f"{where}.name"))
        if not power.components:
            out.append(Finding(Severity.WARNING, f"{power.name} has no components: all "
                               "Powers are made from Components", R_COMPONENTS,
                               f"{where}.components"))
        out += _component_findings(power, line, where)
    d = derived
    if d.hit_points == 0:
        out.append(Finding(Severity.WARNING, "Health 0: no hit points, so Close to Death "
                           "from the start (Health: \"How many points of damage the "
                           "character can take before being Close to Death\")",
                           R_ATTRIBUTES, "attributes.health"))
    if d.close_to_death and d.hit_points > 0:
        out.append(Finding(Severity.WARNING, f"{d.hit_points_current} hit points: Close to "
                           f"Death, a Resilience roll each turn needing "
                           f"{d.close_to_death_target} hits to stay alive", R_CTD,
                           "tracking.damage"))
    if d.unconscious:
        out.append(Finding(Severity.INFO, f"Stun {d.damage.stun} and normal damage "
                           f"{d.damage.normal} reach Health {d.hit_points}: unconscious",
                           R_DAMAGE, "tracking.damage.stun"))
    return out


def _component_findings(power: Power, line: PowerLine, where: str) -> list[Finding]:
    out: list[Finding] = []
    for index, component in enumerate(power.components):
        at = f"{where}.components.{index}"
        if isinstance(component, Damage):
            if not component.types:
                out.append(Finding(Severity.ERROR, f"{power.name}: Damage must have at "
                                   "least one type", R_DAMAGE, f"{at}.types"))
            linked = component.modifier("attribute_linked")
            if linked is not None and component.rating:
                out.append(Finding(Severity.WARNING, f"{power.name}: damage linked to "
                                   f"{linked.attribute}, so its rating "
                                   f"{component.rating} is not used", R_DAMAGE,
                                   f"{at}.rating"))
    for kind, rule in (("range", R_RANGE), ("duration", R_DURATION)):
        several = [c for c in power.components if c.kind == kind]
        if len(several) > 1:
            shown = line.range if kind == "range" else line.duration
            out.append(Finding(Severity.WARNING, f"{power.name} has {len(several)} "
                               f"{kind.capitalize()} components: ours, only the last "
                               f"({shown}) counts and is priced; remove the others",
                               rule, f"{where}.components"))
    if line.damage and line.range == "personal":
        out.append(Finding(Severity.WARNING, f"{power.name} does damage but its range is "
                           "Personal: it can only target its user", R_RANGE,
                           f"{where}.components"))
    return out


def rating_text(line: PowerLine) -> str:
    """"PR 12 (Sheetdesk provisional costs v1)": a rating always says its table."""
    return f"PR {number_text(line.rating)} ({line.cost.table})"
