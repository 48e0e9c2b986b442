"""The cost table and Power Ratings.

The draft has no costs ("Intro": "nothing has points"); Sheetdesk ships its own,
clearly labelled provisional table (``resources/powers/costs.json``), which a GM may edit
and save as their own, export and import (``user_tables.py``). A table prices every
choice of every component by a flat key: ``move.speed.fast``, ``range.medium``,
``damage.per_point``, ``damage.modifier.dot`` and, for a modifier with a parameter, its
unit (``damage.modifier.dot.per_turn``, ``move.modifier.burrow.per_rating``,
``move.modifier.jump.per_step`` for each range step past Personal). Every ``Cost`` names
the table it came from.

Power Rating (Basic Concepts, Power Ratings; RULINGS.md Powers 1): the sum of the
costs of the components whose cost is positive, under the table in use.
"""


import math
from collections.abc import Mapping
from pathlib import Path
from typing import Any, Literal, NamedTuple

from pydantic import BaseModel, ConfigDict, Field, StrictFloat, StrictInt, field_validator

from desktop.model.document import DocumentKind
from desktop.model.errors import DocumentError
from desktop.systems.powers.rules import user_tables
from desktop.systems.powers.rules.components import (
    DAMAGE_TYPES,
    DURATIONS,
    MODIFIERS,
    PARAMS,
    RANGES,
    SPEEDS,
    Accurate,
    Damage,
    Duration,
    Healing,
    Modifier,
    Move,
    Range,
    Resistance,
)

Number = int | float
MAX_COST = 10_000
UNIT_SUFFIX = {"rating": "per_rating", "turns": "per_turn", "range": "per_step"}
"""The key of a parameter's unit cost, after the modifier's own key."""


ADDED_LATER: dict[str, Number] = {"damage.modifier.attribute_linked.per_die": 2}
"""Keys added after GMs may have saved tables, with the price a saved table without
them takes (Sheetdesk's provisional one, as shipped), so an older table still reads.
Ours: Attribute Linked damage is priced per die of the linked attribute, like a damage
rating, so its Power Rating compares fairly with one of its own rating."""


def _cost_keys() -> tuple[str, ...]:
    keys = [f"move.speed.{speed}" for speed in SPEEDS]
    keys += [f"range.{name}" for name in RANGES]
    for name in DURATIONS:
        keys.append(f"duration.{name}")
        if f"duration.{name}" in PARAMS:
            keys.append(f"duration.{name}.per_turn")
    keys += ["damage.per_point", *(f"damage.type.{t}" for t in DAMAGE_TYPES)]
    keys += list(ADDED_LATER)
    keys += ["resistance.per_point", "resistance.general.per_point", "healing.per_point",
             "accurate.per_point"]
    for component, modifiers in MODIFIERS.items():
        for modifier in modifiers:
            keys.append(f"{component}.modifier.{modifier}")
            param = PARAMS.get(f"{component}.{modifier}")
            if param in UNIT_SUFFIX:
                keys.append(f"{component}.modifier.{modifier}.{UNIT_SUFFIX[param]}")
    return tuple(keys)


COST_KEYS = _cost_keys()
"""Every cost a table must give, in the order the shipped file lists them."""


def _bad_number(value: Any) -> str:
    """Why ``value`` is no cost ("" if it is one)."""
    if isinstance(value, bool) or not isinstance(value, int | float):
        return f"not a number: {value!r}"
    if not math.isfinite(value) or abs(value) > MAX_COST:
        return f"{value!r} is not from -{MAX_COST} to {MAX_COST}"
    return ""


def check_costs(data: dict[str, Any], path: Path | None = None) -> None:
    """A table file's costs, checked key by key: the error names ``costs.<key>``."""
    costs = data.get("costs")
    if not isinstance(costs, dict):
        raise DocumentError(path, "expected an object of costs", "costs")
    for key, value in ADDED_LATER.items():
        costs.setdefault(key, value)
    for key in COST_KEYS:
        if key not in costs:
            raise DocumentError(path, "missing cost", f"costs.{key}")
        if why := _bad_number(costs[key]):
            raise DocumentError(path, why, f"costs.{key}")
    unknown = sorted(set(costs) - set(COST_KEYS))
    if unknown:
        raise DocumentError(path, "no such cost (a misspelt key?)", f"costs.{unknown[0]}")


class CostTable(BaseModel):
    """A whole cost table: its name (what a character remembers), a label saying what
    it is, and a number for every key of ``COST_KEYS``."""

    model_config = ConfigDict(extra="forbid", frozen=True, defer_build=True)

    format: Literal["sheetdesk.powers-costs"] = "sheetdesk.powers-costs"
    version: Literal[1] = 1
    system: Literal["powers"] = "powers"
    name: str = Field(min_length=1, max_length=200)
    label: str = Field(default="", max_length=500)
    note: str = Field(default="", max_length=10_000)
    costs: dict[str, StrictInt | StrictFloat]

    @field_validator("costs")
    @classmethod
    def _complete(cls, value: dict[str, Number]) -> dict[str, Number]:
        value = {**ADDED_LATER, **value}
        try:
            check_costs({"costs": value})
        except DocumentError as exc:
            raise ValueError(f"{exc.where}: {exc.what}") from None
        return {key: value[key] for key in COST_KEYS}

    def cost(self, key: str) -> Number:
        return self.costs[key]

    def with_cost(self, key: str, value: Number) -> "CostTable":
        """This table with one cost changed (a GM's edit); ValueError if it is no cost."""
        if key not in self.costs:
            raise ValueError(f"no such cost: {key!r}")
        if why := _bad_number(value):
            raise ValueError(f"{key}: {why}")
        return self.model_copy(update={"costs": {**self.costs, key: value}})

    def renamed(self, name: str, label: str = "") -> "CostTable":
        return CostTable.model_validate({**self.model_dump(), "name": name, "label": label})


COST_TABLE = user_tables.TableFile(
    DocumentKind("sheetdesk.powers-costs", 1, label="cost table"), CostTable, "costs.json",
    check_costs)


def shipped_table() -> CostTable:
    """Sheetdesk's provisional table (not the draft's: it has none)."""
    return user_tables.shipped(COST_TABLE)


def active_table() -> user_tables.Chosen[CostTable]:
    """The table in use: the GM's own if saved and readable, else the shipped one (with
    the warning for the UI)."""
    return user_tables.choose(COST_TABLE)


def save_user_table(table: CostTable) -> Path:
    return user_tables.save_user(COST_TABLE, table)


def export_table(table: CostTable, path: Path) -> Path:
    return user_tables.write_table(COST_TABLE, table, Path(path))


def import_table(path: Path) -> CostTable:
    return user_tables.import_table(COST_TABLE, Path(path))


def reset_user_table() -> None:
    user_tables.reset_user(COST_TABLE)


# ---------------------------------------------------------------- pricing


def tidy(value: Number) -> Number:
    """3.0 → 3: whole costs read as whole numbers."""
    return int(value) if isinstance(value, float) and value.is_integer() else value


def number_text(value: Number) -> str:
    value = tidy(value)
    return str(value) if isinstance(value, int) else f"{value:g}"


class Cost(NamedTuple):
    """One priced choice: ``times`` units of ``key`` under ``table``."""

    key: str
    unit: Number
    times: int
    table: str

    @property
    def amount(self) -> Number:
        return tidy(self.unit * self.times)


class ComponentCost(NamedTuple):
    """What one component costs under a table, item by item."""

    kind: str
    items: tuple[Cost, ...]
    table: str

    @property
    def total(self) -> Number:
        return tidy(sum(item.amount for item in self.items))


class PowerCost(NamedTuple):
    """What one power's components cost under a table, and so its Power Rating."""

    name: str
    components: tuple[ComponentCost, ...]
    table: str

    @property
    def rating(self) -> Number:
        """Power Rating: the sum of the positive component costs."""
        return tidy(sum(c.total for c in self.components if c.total > 0))


def _modifier_costs(modifiers: list[Modifier], table: CostTable) -> list[Cost]:
    out = []
    for m in modifiers:
        key = f"{m.component}.modifier.{m.id}"
        out.append(Cost(key, table.cost(key), 1, table.name))
        param = PARAMS.get(f"{m.component}.{m.id}")
        if param in UNIT_SUFFIX:
            value = m.param()
            times = RANGES.index(value) if param == "range" else int(value or 0)
            unit_key = f"{key}.{UNIT_SUFFIX[param]}"
            out.append(Cost(unit_key, table.cost(unit_key), times, table.name))
    return out


def component_cost(component: Any, table: CostTable,
                   attributes: Mapping[str, int] | None = None) -> ComponentCost:
    """What one component costs under ``table``, item by item. Attribute Linked damage
    costs per die of the linked attribute (ours): ``attributes`` are the character's
    (without them, as in a catalog, 0 dice)."""
    items: list[Cost] = []

    def add(key: str, times: int = 1) -> None:
        items.append(Cost(key, table.cost(key), times, table.name))

    if isinstance(component, Move):
        add(f"move.speed.{component.speed}")
    elif isinstance(component, Range):
        add(f"range.{component.range}")
    elif isinstance(component, Duration):
        add(f"duration.{component.duration}")
        if component.turns is not None:
            add(f"duration.{component.duration}.per_turn", component.turns)
    elif isinstance(component, Damage):
        linked = component.modifier("attribute_linked")
        if linked is None:
            add("damage.per_point", component.rating)
        else:
            dice = (attributes or {}).get(str(linked.attribute), 0)
            add("damage.modifier.attribute_linked.per_die", dice)
        for damage_type in component.types:
            add(f"damage.type.{damage_type}")
    elif isinstance(component, Resistance):
        add("resistance.general.per_point" if component.type == "general"
            else "resistance.per_point", component.rating)
    elif isinstance(component, Healing):
        add("healing.per_point", component.rating)
    elif isinstance(component, Accurate):
        add("accurate.per_point", component.rating)
    items += _modifier_costs(getattr(component, "modifiers", []), table)
    return ComponentCost(component.kind, tuple(items), table.name)


ONE_OF = ("range", "duration")
"""A power has one range and one duration. Ours: with several, the last counts and is
priced; the others cost nothing (and a finding says so)."""


def power_cost(power: Any, table: CostTable,
               attributes: Mapping[str, int] | None = None) -> PowerCost:
    """Each component's cost and the Power Rating of ``power`` under ``table`` (for
    the character with ``attributes``: see ``component_cost``)."""
    last = {c.kind: i for i, c in enumerate(power.components) if c.kind in ONE_OF}
    return PowerCost(power.name, tuple(
        component_cost(c, table, attributes) if last.get(c.kind, i) == i
        else ComponentCost(c.kind, (), table.name)
        for i, c in enumerate(power.components)), table.name)
