"""What each GM-screen action does to a Warlords of Kruhl fight: the turn-order ones
go to ``order``, the opposed rolls to ``moves``, the rest change one character through
``damage``, ``rest`` and ``plot``. Each returns the next state and its log lines.

A forced defensive action gives what it is for: a forced dodge is Dodging (a bonus die
on defense rolls until the dodger takes its next turn), running for cover is Sprinting
(a bonus die on defense rolls); the turn it costs is the order of play's business.

Ours (the chapter is silent): delay, delayed turns and forced actions belong to a
place in the order, so for a group (the lackeys) they move the whole group's turn (the
dodge is the one combatant's); the hour's rest counts once until a night's sleep.
"""

from __future__ import annotations

from dataclasses import replace

from desktop.model.combat_rules import Outcome
from desktop.model.dice import Roller
from desktop.systems.kruhl.fight import moves
from desktop.systems.kruhl.fight.damage import hit
from desktop.systems.kruhl.fight.expiry import not_taken
from desktop.systems.kruhl.fight.gm_state import KruhlFight, Values
from desktop.systems.kruhl.fight.plot import gain, set_condition, spend
from desktop.systems.kruhl.fight.rest import rest_hour, rest_night, stun_back
from desktop.systems.kruhl.fight.tracking import CombatError
from desktop.systems.kruhl.rules.catalog import condition

TURN_ACTIONS = ("delay", "take_delayed", "force", "place")
FORCED: dict[str, str | None] = {"dodge": "dodging", "cover": "sprinting", "other": None}
"""What a forced defensive action puts on the combatant (Forcing An Action; Dodging;
Running For Cover)."""
FORCED_CHOICES: tuple[tuple[str, str], ...] = (
    ("dodge", "Dodge: a bonus die on defense rolls until its next turn"),
    ("cover", "Run for cover: sprints clear (a bonus die on defense rolls)"),
    ("other", "Other (dive clear, a defensive spell): no dice of its own"),
)


def _forced(state: KruhlFight, key: str, values: Values) -> tuple[str, str]:
    """(what it does, its note). Older files said only "what": "dodge" was a dodge."""
    note = str(values.get("what", "")).strip()
    kind = values.get("defense")
    if kind is None:
        kind, note = ("dodge", "") if note.lower() == "dodge" else ("other", note)
    if kind not in FORCED:
        raise CombatError(f"no forced defensive action called {kind!r}")
    return str(kind), note


def perform_turn(state: KruhlFight, key: str, action: str, values: Values) -> Outcome:
    rounds = state.rounds
    if rounds is None:
        raise CombatError("the conflict has not started")
    slot, out = state.slot_name(key), state.out()
    extra: tuple[str, ...] = ()
    if action == "delay":
        rounds, lines = rounds.delay(slot, out)
        state, extra = not_taken(state, rounds.slot(slot).members)
    elif action == "take_delayed":
        rounds, lines = rounds.take_delayed(slot, bool(values.get("resume", True)), out)
    elif action == "force":
        kind, note = _forced(state, key, values)
        what = note or {"dodge": "dodge", "cover": "run for cover"}.get(kind, "")
        rounds, lines = rounds.force(slot, what, out)
        gives = FORCED[kind]
        if gives is not None and gives not in state.character(key).conditions:
            state = state.with_character(key, set_condition(state.character(key), gives,
                                                            True).character)
            info = condition(gives)
            extra = (f"{key}: {info.label} ({info.text})",)
    else:
        rounds, lines = rounds.place(slot, str(values.get("after") or "") or None)
    return Outcome(replace(state, rounds=rounds), (*lines, *extra))


def _ambush(state: KruhlFight, key: str, values: Values) -> Outcome:
    if state.rounds is not None:
        raise CombatError("initiative was rolled when the conflict started")
    on = bool(values.get("on", True))
    fight = replace(state, combatants=tuple(
        replace(c, ambush=on) if c.key == key else c for c in state.combatants))
    return Outcome(fight, (f"{key} " + ("gets the drop: a bonus die on initiative" if on
                                        else "does not ambush"),))


def _roll(state: KruhlFight, key: str, action: str, values: Values, roller: Roller
          ) -> Outcome:
    target = str(values.get("target", ""))
    if target == key:
        raise CombatError(f"a combatant does not {action} itself")
    fight, lines = moves.make(state, moves.clash(state, action, key, target, values),
                              values, roller)
    return Outcome(fight, lines)


def _grips(state: KruhlFight, key: str, action: str, values: Values) -> Outcome:
    """Release a grapple (no action needed), or take back what was knocked away."""
    if action == "release":
        target = str(values.get("target", ""))
        if target not in state.holding(key):
            raise CombatError(f"{key} does not grapple {target or 'anyone'}")
        return Outcome(moves.release(state, key, target),
                       (f"{key} releases {target} from the grapple (Breaking Free Of A "
                        "Grapple: at any time, without using an action)",))
    item = str(values.get("item", ""))
    if (key, item) not in state.disarmed:
        raise CombatError(f"{key} has not lost {item or 'anything'}")
    gone = list(state.disarmed)
    gone.remove((key, item))
    return Outcome(replace(state, disarmed=tuple(gone)),
                   (f"{key} has {item} in hand again: its rating adds again",))


def perform_character(state: KruhlFight, key: str, action: str, values: Values,
                      roller: Roller) -> Outcome:
    character = state.character(key)
    rested = state.rested
    if action == "hit":
        result = hit(character, int(values.get("hits", 1)), bool(values.get("stunning")))
    elif action == "rest_hour":
        if key in rested:
            raise CombatError(f"{key} has rested an hour already: only a night's sleep "
                              "gives more (Endurance And Recovery)")
        result, rested = rest_hour(character), rested | {key}
    elif action == "rest_night":
        result, rested = rest_night(character), rested - {key}
    elif action == "stun_back":
        result = stun_back(character)
    elif action.startswith("plot:"):
        result = spend(character, action.removeprefix("plot:"),
                       str(values.get("attribute", "brawn")),
                       str(values.get("note", "")).strip())
    elif action == "plot_gain":
        result = gain(character, str(values.get("why", "")).strip())
    elif action in ("condition_on", "condition_off"):
        result = set_condition(character, str(values.get("condition", "")),
                               action == "condition_on")
    else:
        raise CombatError(f"Warlords of Kruhl has no action {action!r}")
    fight = replace(state.with_character(key, result.character), rested=rested)
    if action == "plot:escape":
        fight = replace(fight, grapples=tuple(g for g in fight.grapples if g[1] != key))
    if action == "plot:surge":
        fight = replace(fight, surges=(*fight.surges, (key, str(values.get("attribute",
                                                                             "brawn")))))
    return Outcome(fight, (f"{key}: {result.describe()}",))


def perform(state: KruhlFight, key: str, action: str, values: Values,
            roller: Roller) -> Outcome:
    if action in TURN_ACTIONS:
        return perform_turn(state, key, action, values)
    if action == "ambush":
        return _ambush(state, key, values)
    if action in moves.ROLL_ACTIONS:
        return _roll(state, key, action, values, roller)
    if action in ("release", "rearm"):
        return _grips(state, key, action, values)
    if action == "plot:bonus_die" and values.get("when", "next") == "after":
        fight, lines = moves.bonus_die_after(state, key, roller,
                                             str(values.get("note", "")).strip())
        return Outcome(fight, lines)
    return perform_character(state, key, action, values, roller)
