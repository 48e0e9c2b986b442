"""Powers on the GM screen: combat turns, attacks, damage by kind, Close to Death,
timers and sprint stun as ``CombatRules`` (Combat: Basics, Hitting a Target, Damaging
a Target, Close to Death (CTD); Component Listing: Move, Range, Duration, Damage,
Resistance, Healing; where it is silent, rulings marked "ours" where the GM sees them).

The GM screen's round is the draft's combat turn: initiative (hits on Agility +
Intelligence) is rolled at its start and again for every combat turn after; hits the
table rolled for the first turn are taken as given ("Bob 5, Nigel 3"). "Next" passes to
the next place; after the last, a new combat turn rolls initiative again and ticks the
timers. On its turn each combatant has one move and one power.

The adapter in parts, each a module beside this one: ``state`` (what the encounter
keeps), ``turns`` (the order), ``attack`` and ``survival`` (the rolls), ``timers``,
``durations`` and ``in_play`` (when a power counts), ``epic`` (Fail and Epic Fail),
``gm_actions`` (what the GM may do now), ``gm_perform`` (what it does), ``gm_charts``
and ``gm_check`` (reference charts and the dice roller).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any, ClassVar

from desktop.model.combat_helpers import setup_label, unstamped
from desktop.model.combat_rules import (
    Action,
    CheckOdds,
    CheckSpec,
    Outcome,
    ReferenceChart,
    Row,
    TurnInfo,
)
from desktop.model.dice import Roller
from desktop.systems.powers.fight import (
    gm_actions,
    gm_charts,
    gm_check,
    gm_perform,
    survival,
    turns,
)
from desktop.systems.powers.fight.attack import attacking_powers
from desktop.systems.powers.fight.initiative import Combatant
from desktop.systems.powers.fight.state import MOVE, POWER, PowersFight
from desktop.systems.powers.fight.tracking import (
    CombatError,
    ctd_target,
    damage_text,
    hit_points_text,
    unconscious,
)
from desktop.systems.powers.rules.character import PowersCharacter


class PowersCombatRules:
    system = "powers"
    round_word = "Turn"
    start_hint = "Initiative hits rolled at the table? e.g. Bob 5, Nigel 3, Dave 3"
    columns = ("Init", "Hit points", "Damage", "Timers")
    common_actions = ("attack", "damage", "heal")
    """The GM screen shows these first, in this order: every attack power first."""
    action_groups: ClassVar[dict[str, str]] = {
        "init_given": "Turn", "init_mod": "Turn", "move": "Turn", "power": "Turn",
        "sprint": "Turn", "attack": "Attacks", "ctd_roll": "Survival",
        "phantom_test": "Survival", "timer": "Timers", "dot": "Timers", "hot": "Timers",
        "power_off": "Turn", "rules": "Table rules",
    }
    """The GM screen groups the less common actions by kind (ids, or "id:" prefixes)."""

    # --- combatants

    def empty(self) -> PowersFight:
        return PowersFight()

    def add(self, state: PowersFight, key: str, character: Any, group: str,
            roller: Roller) -> PowersFight:
        return turns.join(state, Combatant(key, character, group), roller)

    def remove(self, state: PowersFight, key: str) -> PowersFight:
        return turns.leave(state, key)

    # --- turns

    def start(self, state: PowersFight, roller: Roller, values: Mapping[str, Any]
              ) -> Outcome:
        """Roll initiative, or take the hits the table rolled ({"totals": {place:
        hits}}; places left out roll)."""
        fight, lines = turns.begin(state, roller, values.get("totals") or None)
        return Outcome(fight, lines)

    def next(self, state: PowersFight, roller: Roller) -> Outcome:
        """The next place; a Close to Death roll still due is made first ("the player
        must make a Resilience roll to stay alive": ours, passing the turn makes it);
        at a new combat turn the Delayed and Build Up powers due land once the new
        initiative is rolled (ours: the draft says only "a number of turns after the
        character activates it")."""
        state, made = survival.rolls_due(state, roller)
        fight, lines = turns.advance(state, roller)
        lines = (*made, *lines)
        if fight.round != state.round:
            landed = gm_perform.land_due(fight, roller)
            fight, lines = landed.state, (*lines, *landed.lines)
        return Outcome(fight, unstamped(lines, self.round_word, fight.round))

    def turn(self, state: PowersFight) -> TurnInfo:
        if not state.started:
            return TurnInfo(False, 0, (), setup_label(len(state.combatants)))
        slot = state.current
        who = f"{slot.name} ({slot.hits} hits)" if slot is not None else "nobody standing"
        return TurnInfo(True, state.round, state.actors(), f"Turn {state.round} · {who}")

    def rows(self, state: PowersFight) -> Sequence[Row]:
        keys = [m for s in state.order for m in s.members]
        keys += [k for k in state.all_keys() if k not in keys]
        return [self._row(state, key) for key in keys]

    def _row(self, state: PowersFight, key: str) -> Row:
        character = state.character(key)
        slot = state.slot_of(key)
        init = "—" if slot is None else f"{slot.hits} ({slot.pool.dice}d)"
        if slot is not None and slot.tie_break:
            init += f" tb {'/'.join(map(str, slot.tie_break))}"
        status = []
        if key in state.dead:
            status.append("dead")
        else:
            need = ctd_target(character)
            if need is not None:
                status.append(f"Close to Death (needs {need} hits"
                              + (", roll due)" if state.ctd_due(key) else ")"))
            if unconscious(character):
                status.append("unconscious")
        used = [w for w in (MOVE, POWER) if state.has_used(key, w)]
        if used:
            status.append(" and ".join(used) + " used")
        busy = state.busy_with(key)
        if busy is not None:
            status.append(f"actively using {busy.power}")
        powers = state.active_text(key)
        if powers:
            status.append(powers)
        timers = "; ".join(t.describe() for t in state.timers_on(key)) or "—"
        cells = (init, hit_points_text(character), damage_text(character), timers)
        return Row(key, cells, "; ".join(status),
                   key in state.dead or state.passed_over(key))

    # --- acting on combatants

    def actions(self, state: PowersFight, key: str) -> Sequence[Action]:
        state.get(key)
        return gm_actions.actions(state, key)

    def owed(self, state: PowersFight) -> Sequence[tuple[str, Action]]:
        """The Close to Death rolls due, whoever's turn it is."""
        return [(c.key, action) for c in state.combatants if state.ctd_due(c.key)
                for action in gm_actions.actions(state, c.key)
                if action.id == "ctd_roll" and action.prompt]

    def perform(self, state: PowersFight, key: str, action: str, values: Mapping[str, Any],
                roller: Roller) -> Outcome:
        """Do ``action``; refused (CombatError) when the rules forbid it now."""
        found = {a.id: a for a in self.actions(state, key)}.get(action)
        if found is None:
            raise CombatError(f"Powers has no action {action!r} for {key} now")
        if found.why_not is not None:
            raise CombatError(f"{found.label}: {found.why_not}")
        outcome = gm_perform.perform(state, key, action, values, roller)
        return Outcome(outcome.state,
                       unstamped(outcome.lines, self.round_word, outcome.state.round))

    def character(self, state: PowersFight, key: str) -> PowersCharacter:
        return state.character(key)

    # --- around the fight

    def charts(self) -> Sequence[ReferenceChart]:
        return gm_charts.charts()

    def check_spec(self) -> CheckSpec:
        return gm_check.check_spec()

    def check_odds(self, values: Mapping[str, Any]) -> CheckOdds:
        return gm_check.check_odds(values)

    def check_for(self, state: PowersFight, key: str) -> Mapping[str, Any]:
        """The dice roller for ``key``: its first attack power's dice, else Agility."""
        character = state.character(key)
        lines = [line for line in attacking_powers(character) if line.attack is not None]
        dice = lines[0].attack.dice if lines and lines[0].attack else (
            character.attributes.agility)
        return {"dice": dice}

    def check_roll(self, values: Mapping[str, Any], roller: Roller) -> str:
        return gm_check.roll(values, roller)


RULES = PowersCombatRules()
