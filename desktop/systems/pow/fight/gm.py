"""POW! on the GM screen: ``encounter.py``'s frames, actions and damage as ``CombatRules``.

Initiative is rolled once when the fight starts (Agility + 2d6, ties re-rolled); each
frame every combatant gets its actions from current Energy, Energy 0 acts last, and
unspent actions are lost when the frame ends. "Next" passes the turn; after the last
turn of a frame it opens the next frame. Ours: a combatant added mid-fight rolls its
own initiative, takes its place in the order and acts from the next frame.
"""

from __future__ import annotations

import json
from collections.abc import Mapping, Sequence
from dataclasses import replace
from functools import cache
from typing import Any, ClassVar

from desktop.model.combat_helpers import setup_label, unstamped
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
from desktop.model.dice import Roller
from desktop.paths import resource
from desktop.systems.pow.fight import gm_actions
from desktop.systems.pow.fight.encounter import Encounter
from desktop.systems.pow.fight.gm_actions import PowFight
from desktop.systems.pow.fight.initiative import Combatant, roll_initiative
from desktop.systems.pow.fight.tracking import CombatError, current_pool
from desktop.systems.pow.rules.character import STAT_LABELS, STATS, PowCharacter, Stat
from desktop.systems.pow.rules.derived import pool_of
from desktop.systems.pow.rules.dice import (
    BELOW_ZERO,
    CheckRules,
    check_text,
    roll_check,
    unusable,
)
from desktop.systems.pow.rules.modifiers import (
    Modified,
    ModifierError,
    Situation,
    apply,
    parse,
)
from desktop.systems.pow.rules.modifiers import (
    choices as modifier_choices,
)


def _stat_cell(character: PowCharacter, stat: Stat) -> str:
    now, score = character.current_stat(stat), character.attributes.get(stat)
    pool = current_pool(character, stat)
    shown = f"{now}" if now == score else f"{now}/{score}"
    return f"{shown} · {pool}/{pool_of(score)}"


def _armor_cell(character: PowCharacter) -> str:
    worn = [a for a in character.armor if a.worn]
    if not worn:
        return "—"
    def left(a: Any) -> int:
        return a.damage_rating if a.damage_rating_left is None else a.damage_rating_left

    return ", ".join(f"FR {a.frame_rating} DR {left(a)}" for a in worn)


class PowCombatRules:
    """POW!'s fight for the GM screen. ``rows`` keeps the Stat and armor cells of each
    character it showed, by object: the fight replaces a character when it changes, so an
    action or a turn among 200 combatants needs the cells of one or two worked out again,
    not 1,400 (the roster within 16 ms)."""

    system = "pow"
    round_word = "Frame"
    start_hint = "Initiative rolled at the table? e.g. Sparky 12, Lizard-men 13"
    columns = ("Init", "Actions", *(STAT_LABELS[s] for s in STATS), "Armor")
    action_groups: ClassVar[dict[str, str]] = {
        "full_frame": "Turn", "advise": "Turn", "size_up": "Turn", "spend": "Pools",
        "reduce": "Damage and recovery", "rest": "Damage and recovery",
        "rest_days": "Damage and recovery", "save": "Damage and recovery",
        "wake": "Damage and recovery",
    }
    """The GM screen groups the less common actions by kind (ids, or "id:" prefixes)."""
    common_actions = ("attack", "damage", "act", "react")
    """The attack first: what a GM reaches for most in a POW! fight."""

    # --- combatants

    def __init__(self) -> None:
        self._cells: dict[int, tuple[PowCharacter, tuple[str, ...]]] = {}
        """id → (the character, its cells); the character kept so the id stays its own."""

    def empty(self) -> PowFight:
        return PowFight()

    def _character_cells(self, character: PowCharacter,
                         kept: dict[int, tuple[PowCharacter, tuple[str, ...]]]
                         ) -> tuple[str, ...]:
        found = self._cells.get(id(character))
        if found is None or found[0] is not character:
            found = (character, (*(_stat_cell(character, s) for s in STATS),
                                 _armor_cell(character)))
        kept[id(character)] = found
        return found[1]

    def add(self, state: PowFight, key: str, character: Any, group: str,
            roller: Roller) -> PowFight:
        newcomer = Combatant(key, character, group)
        combatants = (*state.combatants, newcomer)
        if state.fight is None:
            return replace(state, combatants=combatants)
        fight = state.fight
        order = list(fight.order)
        slot_names = [s.name for s in order]
        if group and group in slot_names:
            index = slot_names.index(group)
            order[index] = replace(order[index], members=(*order[index].members, key))
        else:
            slot = roll_initiative([newcomer], roller)[0]
            at = next((i for i, s in enumerate(order) if s.total < slot.total), len(order))
            order.insert(at, slot)
        fight = replace(fight, combatants={**fight.combatants, key: newcomer},
                        order=tuple(order), actions={**fight.actions, key: 0},
                        granted={**fight.granted, key: 0})
        return PowFight(combatants, fight)

    def remove(self, state: PowFight, key: str) -> PowFight:
        combatants = tuple(c for c in state.combatants if c.key != key)
        if state.fight is None:
            return replace(state, combatants=combatants)
        fight = state.fight
        order = tuple(replace(s, members=tuple(m for m in s.members if m != key))
                      for s in fight.order)
        turns = tuple(replace(t, members=tuple(m for m in t.members if m != key))
                      for t in fight.turns)
        keep = [i for i, t in enumerate(turns) if t.members]
        turn = sum(1 for i in keep if i < fight.turn)
        fight = replace(
            fight, combatants={k: c for k, c in fight.combatants.items() if k != key},
            order=tuple(s for s in order if s.members), turns=tuple(turns[i] for i in keep),
            turn=turn, actions={k: v for k, v in fight.actions.items() if k != key},
            granted={k: v for k, v in fight.granted.items() if k != key},
            pending_saves={k: v for k, v in fight.pending_saves.items() if k[0] != key})
        return PowFight(combatants, fight)

    # --- turns

    def start(self, state: PowFight, roller: Roller, values: Mapping[str, Any]) -> Outcome:
        """Initiative rolled, or the totals the table rolled by hand ({"totals": {slot:
        total}}; slots left out roll)."""
        step = Encounter.start(state.combatants, roller, values.get("totals") or None)
        opened = step.encounter
        return Outcome(replace(state, fight=opened),
                       (step.event.describe(), self._turn_line(opened)))

    def next(self, state: PowFight, roller: Roller) -> Outcome:
        fight = self._fight(state)
        lines = []
        if not fight.frame_done:
            step = fight.advance()
            fight = step.encounter
        if fight.frame_done:
            step = fight.next_frame()
            fight = step.encounter
            (order,) = unstamped((step.event.describe(),), self.round_word, fight.frame)
            lines.append(f"New frame, in order: {order}")
        lines.append(self._turn_line(fight))
        return Outcome(replace(state, fight=fight), tuple(lines))

    def _turn_line(self, fight: Encounter) -> str:
        turn = fight.current
        if turn is None:
            return f"Frame {fight.frame}: nobody can act"
        return f"{turn.describe()} to act ({self._actions_text(fight, turn.members)})"

    @staticmethod
    def _actions_text(fight: Encounter, keys: Sequence[str]) -> str:
        def count(n: int) -> str:
            return f"{n} action{'' if n == 1 else 's'}"

        return ", ".join(f"{k}: {count(fight.actions.get(k, 0))}" for k in keys) \
            if len(keys) > 1 else count(fight.actions.get(keys[0], 0))

    def _fight(self, state: PowFight) -> Encounter:
        if state.fight is None:
            raise CombatError("the fight has not started")
        return state.fight

    def turn(self, state: PowFight) -> TurnInfo:
        fight = state.fight
        if fight is None:
            return TurnInfo(False, 0, (), setup_label(len(state.combatants)))
        current = fight.current
        if current is None:
            return TurnInfo(True, fight.frame, (), f"Frame {fight.frame}: end of frame")
        return TurnInfo(True, fight.frame, current.members,
                        f"Frame {fight.frame} · {current.describe()}")

    def rows(self, state: PowFight) -> Sequence[Row]:
        fight = state.fight
        slots = {c.key: None for c in state.combatants}
        if fight is not None:
            slots = {m: s for s in fight.order for m in s.members}
        rows = []
        kept: dict[int, tuple[PowCharacter, tuple[str, ...]]] = {}
        order = ([m for s in fight.order for m in s.members] if fight is not None
                 else [c.key for c in state.combatants])
        for key in order:
            character = state.character(key)
            slot = slots.get(key)
            init = str(slot.total) if slot is not None else "—"
            actions = (f"{fight.actions.get(key, 0)}/{fight.granted.get(key, 0)}"
                       if fight is not None else "—")
            status = []
            down = character.current_stat("damage") < 0
            if down:
                status.append("down (Damage below 0)")
            if fight is not None:
                status += [f"{STAT_LABELS[stat]} Stat Save due"
                           for (who, stat) in fight.pending_saves if who == key]
                if key in fight.full_frame:
                    status.append("Full Frame")
            cells = (init, actions, *self._character_cells(character, kept))
            rows.append(Row(key, cells, "; ".join(status), down))
        self._cells = kept  # only the characters shown now: the memo never grows
        return rows

    # --- acting on combatants

    def actions(self, state: PowFight, key: str) -> Sequence[Action]:
        return gm_actions.actions(state, key)

    def owed(self, state: PowFight) -> Sequence[tuple[str, Action]]:
        return gm_actions.owed(state)

    def perform(self, state: PowFight, key: str, action: str, values: Mapping[str, Any],
                roller: Roller) -> Outcome:
        return gm_actions.perform(state, key, action, values, roller)

    def character(self, state: PowFight, key: str) -> PowCharacter:
        return state.character(key)

    # --- around the fight

    def charts(self) -> Sequence[ReferenceChart]:
        return _charts()

    def check_spec(self) -> CheckSpec:
        # The book's modifiers (POW!, Combat Basics, Ranged Combat; Difficulty Checks,
        # Difficulty Modifiers) as numbers, toggles and a choice per situation: the roller
        # shows the Difficulty they give and its exact chance. (A script may still give
        # the Difficulty as one line of text, "12 x2 allies3 dark".)
        situations = tuple(
            Param(_choice_key(c.name), c.name.replace(" & ", " and "), "choice", "",
                  choices=(("", "—"), *((str(i), f"{cond} ({value:+d})")
                                        for i, (cond, value) in enumerate(c.options))))
            for c in modifier_choices())
        return CheckSpec((
            Param("stat", "Stat score", default=2, minimum=-20, maximum=20),
            Param("difficulty", "Difficulty", default=10, minimum=-199, maximum=199),
            Param("range_multiple", "Range ×", default=1, minimum=1, maximum=99),
            Param("point_blank", "Point blank −5", "bool", False),
            Param("cooperation", "Allies helping", default=0, minimum=0, maximum=99),
            Param("size_diff", "Size (target − actor)", default=0, minimum=-10, maximum=10),
            *situations,
            Param("doubles", "Doubles", "bool", False),
            Param("triples", "Triples", "bool", False),
            Param("criticals", "Criticals", "bool", False),
            Param("bonus", "Added to the roll (Leadership, Tactics)", default=0, minimum=0,
                  maximum=20),
        ), title="Difficulty check (2d6 + Stat)")

    @staticmethod
    def _rules(values: Mapping[str, Any]) -> CheckRules:
        return CheckRules(bool(values.get("doubles")), bool(values.get("triples")),
                          bool(values.get("criticals")))

    @staticmethod
    def _modified(values: Mapping[str, Any]) -> Modified:
        """The Difficulty after the modifiers: from the one-line text (scripts and older
        encounter files), or from the number and the inputs by name."""
        given = values["difficulty"]
        if isinstance(given, str):
            base, situation = parse(given)
        else:
            base = int(given)
            picked = {c.name: int(values[_choice_key(c.name)])
                      for c in modifier_choices()
                      if str(values.get(_choice_key(c.name)) or "").strip().isdigit()}
            situation = Situation(
                range_multiple=int(values.get("range_multiple") or 1),
                cooperation=int(values.get("cooperation") or 0),
                size_diff=int(values.get("size_diff") or 0), chosen=picked)
        chosen = dict(situation.chosen)
        if values.get("surprise"):
            chosen["Surprise"] = 0
        return apply(base, replace(
            situation, point_blank=situation.point_blank or bool(values.get("point_blank")),
            chosen=chosen))

    @staticmethod
    def _bonus(values: Mapping[str, Any]) -> int:
        """What Combat Leadership (an adviser's Fellowship) or Combat Tactics (one's own
        Cognition) add to the roll (POW!, Optional Rule - Combat Tactics and
        Leadership); 0 when the optional rule is not in play."""
        return max(0, int(values.get("bonus") or 0))

    def check_odds(self, values: Mapping[str, Any]) -> CheckOdds:
        modified = self._modified(values)  # ModifierError: the roller shows it, no roll
        stat = int(values["stat"])
        if unusable(stat):  # the dice roller shows why and offers no roll
            raise CombatError(f"Stat {stat}: {BELOW_ZERO}")
        bonus = self._bonus(values)
        head, detail = check_text("Stat", stat, modified.difficulty - bonus,
                                  self._rules(values))
        setup, chance = head.rsplit(": ", 1)
        if bonus:
            setup = f"Stat {stat} + {bonus} vs Difficulty {modified.difficulty}"
        if modified.terms:
            # The setup line has the Difficulty; this says how: "12 +5 range ×2 +5 dim."
            detail = f"{modified.describe(short=True).rsplit(' = ', 1)[0]}. {detail}"
        return CheckOdds(setup, chance, detail)

    def check_for(self, state: PowFight, key: str) -> Mapping[str, Any]:
        """The dice roller for ``key``: its Agility now (the attack's Stat)."""
        return {"stat": state.character(key).current_stat("agility")}

    def check_roll(self, values: Mapping[str, Any], roller: Roller) -> str:
        try:
            modified = self._modified(values)
        except ModifierError as exc:
            return f"Not rolled: {exc}"
        stat = int(values["stat"])
        if unusable(stat):
            return f"Not rolled: Stat {stat}: {BELOW_ZERO}"
        bonus = self._bonus(values)
        return roll_check(stat, modified.difficulty, roller, self._rules(values), bonus,
                          "Leadership, Tactics" if bonus else "").describe()


@cache
def _charts() -> tuple[ReferenceChart, ...]:
    data = json.loads(resource("pow", "key_charts.json").read_text(encoding="utf-8"))
    charts = []
    for chart in data["charts"]:
        lines: list[str] = []
        for step in chart["steps"]:
            lines.append(f"{step['label']}: {step['text']}")
            lines += [f"  • {item}" for item in step.get("items", ())]
        if chart.get("footer"):
            lines.append(chart["footer"])
        charts.append(ReferenceChart(chart["title"], tuple(lines)))
    return tuple(charts)


RULES = PowCombatRules()


def _choice_key(name: str) -> str:
    """"Darkness & Light" -> "darkness_light": a situation's input name."""
    return "_".join("".join(ch if ch.isalnum() else " " for ch in name.lower()).split())
