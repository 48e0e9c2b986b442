"""What the GM screen asks of a game: its turn structure and what a GM can do to a
combatant, as plain data the window can show without knowing the game.

Each game's ``gm.py`` provides one ``CombatRules`` (built on its pure ``combat.py``).
Its state is the game's own immutable combat snapshot: the encounter layer only keeps
it, passes it back, and never looks inside. Every operation returns an ``Outcome``: the
next state and the log lines that say what the rules did.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any, Literal, Protocol

from desktop.model.dice import Roller

ParamKind = Literal["int", "choice", "text", "bool"]


@dataclass(frozen=True)
class Param:
    """One value an action needs from the GM (points of damage, which stat…)."""

    name: str
    label: str
    kind: ParamKind = "int"
    default: Any = None
    choices: tuple[tuple[str, str], ...] = ()
    """(value, label) pairs for a "choice"."""
    minimum: int = 0
    maximum: int = 999
    blank: str = ""
    """For an "int": what its minimum means, shown instead of the number ("roll here":
    a die left at 0 is rolled by the app, not typed from the table)."""


@dataclass(frozen=True)
class Action:
    """Something the GM can do to or for one combatant now (or why not)."""

    id: str
    label: str
    params: tuple[Param, ...] = ()
    why_not: str | None = None
    """None when the action is allowed; else the rule that forbids it, in words."""
    hint: str = ""
    """Tooltip: what the rules will do, citing the book."""
    prompt: bool = False
    """The rules are waiting for this (a Stat Save due, a wake-up roll): show it first."""

    @property
    def enabled(self) -> bool:
        return self.why_not is None

    def param(self, name: str) -> Param | None:
        return next((p for p in self.params if p.name == name), None)


def check_values(action: Action, values: Mapping[str, Any], choices: bool = False) -> None:
    """ValueError naming the input when a number given for ``action`` is out of its range
    (the GM screen's inputs cannot produce one; a script or a hostile file can), and
    with ``choices`` a value that is none of its choices (an empty one stands for the
    choice's default). Values the action does not take are left to the rules."""
    for param in action.params:
        if param.name not in values:
            continue
        value = values[param.name]
        if param.kind == "int":
            if isinstance(value, bool) or not isinstance(value, int):
                raise ValueError(f"{action.label}: {param.label} must be a whole number, "
                                 f"not {value!r}")
            if not param.minimum <= value <= param.maximum:
                raise ValueError(f"{action.label}: {param.label} is {param.minimum} to "
                                 f"{param.maximum}, not {value}")
        elif choices and param.kind == "choice" and param.choices and value != "" and (
                not isinstance(value, str)
                or value not in {key for key, _label in param.choices}):
            names = ", ".join(key or "(none)" for key, _label in param.choices)
            raise ValueError(f"{action.label}: {param.label} is one of {names}, "
                             f"not {value!r}")


@dataclass(frozen=True)
class Row:
    """One combatant's line on the GM screen."""

    key: str
    cells: tuple[str, ...]
    """One per ``CombatRules.columns``."""
    status: str = ""
    out: bool = False
    """Out of the fight (unconscious, dead, fled): shown greyed."""


@dataclass(frozen=True)
class TurnInfo:
    """Where the fight stands: which round it is and whose turn, as the GM screen shows it."""

    started: bool
    round: int
    """Round (Frame, Turn…) number; 0 before the fight starts."""
    actors: tuple[str, ...]
    """Keys of those whose turn it is (a group acts together); () between rounds."""
    label: str
    """E.g. "Frame 2 · Sparky (3 actions)" or "Round 1 · count 7 · Tharsh"."""


@dataclass(frozen=True)
class Outcome:
    """What a rules operation did: the next combat state and the log lines that say so."""

    state: Any
    lines: tuple[str, ...]


@dataclass(frozen=True)
class ReferenceChart:
    """A key chart for the reference panel: a title and its lines of text."""

    title: str
    lines: tuple[str, ...]


@dataclass(frozen=True)
class CheckOdds:
    """The chance of the GM dice roller's check before it is rolled, in words."""

    setup: str
    chance: str
    detail: str = ""


@dataclass(frozen=True)
class CheckSpec:
    """The game's own dice mechanic in the GM's dice roller."""

    params: tuple[Param, ...]
    title: str = "Check"
    extra: Mapping[str, Any] = field(default_factory=dict)


class CombatRules(Protocol):
    system: str
    round_word: str
    """"Frame", "Round", "Turn"."""
    columns: tuple[str, ...]
    """Headings of the per-combatant numbers the GM needs (Row.cells)."""
    start_hint: str
    """What the start box takes from the table, e.g. "Sparky 12, Lizard-men 13" for
    initiative rolled by hand, or seat numbers."""

    # Optional (read with getattr; a game without them gets the defaults):
    # group_rule: str — what a group means in this game's turns, for the Add panel
    #   (default: "one turn and one initiative, each member taking damage apart");
    # common_actions: tuple[str, ...] — action ids a GM reaches for most, in order
    #   (default: desktop.ui.gm.action_list.COMMON);
    # health_column: str — the column holding hit points (default: the first of
    #   combat_helpers.HEALTH_HEADERS), which the roster lets the GM type into.
    # free_dice: str — the dice the dice roller's free roll starts at (default "2d6";
    #   Pocket Universe: "2d10").

    def empty(self) -> Any:
        """The state of an encounter with nobody in it yet."""

    def add(self, state: Any, key: str, character: Any, group: str, roller: Roller) -> Any:
        """Add a combatant (before or during the fight); ``group`` shares its turn."""

    def remove(self, state: Any, key: str) -> Any: ...

    def start(self, state: Any, roller: Roller, values: Mapping[str, Any]) -> Outcome:
        """Begin the fight: roll initiative or take the seating order. ``values`` may
        hold what the table rolled by hand, e.g. {"totals": {"Sparky": 12}}."""

    def next(self, state: Any, roller: Roller) -> Outcome:
        """Advance to the next actor the way the game does (rounds roll over)."""

    def turn(self, state: Any) -> TurnInfo: ...

    def rows(self, state: Any) -> Sequence[Row]: ...

    def actions(self, state: Any, key: str) -> Sequence[Action]: ...

    # Optional: ``owed(state) -> Sequence[tuple[str, Action]]``, the rolls the rules wait
    # for from anyone, whose turn it is or not (a Stat Save after a hit on another's
    # turn): Next asks for them too. Only the owed rolls, cheaply, not every action.

    def perform(self, state: Any, key: str, action: str, values: Mapping[str, Any],
                roller: Roller) -> Outcome:
        """Do ``action`` to ``key``; a CombatError (ValueError) if the rules forbid it."""

    def character(self, state: Any, key: str) -> Any:
        """The combatant's character as the fight has left it (for writing back)."""

    def charts(self) -> Sequence[ReferenceChart]: ...

    def check_spec(self) -> CheckSpec: ...

    def check_odds(self, values: Mapping[str, Any]) -> CheckOdds: ...

    def check_roll(self, values: Mapping[str, Any], roller: Roller) -> str: ...

    # Optional: ``check_for(state, key) -> Mapping[str, Any]``, the check's values for
    # that combatant (its stat, score or dice): the dice roller fills them in when the
    # GM selects it.
