"""``sheetdesk encounter``: run a fight from the command line, on the GM screen's engine.

    sheetdesk encounter new FILE[:COUNT]... -o OUT.encounter [--name N] [--seed N] [--force]
    sheetdesk encounter show ENC [--json]
    sheetdesk encounter actions ENC [--who ID]... [--json]
    sheetdesk encounter act ENC ACTION [--who ID]... [--seed N] [--json] [PARAM=VALUE...]
    sheetdesk encounter undo ENC [--json]

Every command reads the ``.encounter`` file by replaying its operations with the game's
``CombatRules`` (``desktop.systems.encounters``), exactly as the GM screen opens it;
``act`` and ``undo`` write it back atomically. ``act`` runs one operation through
``Encounter.apply``, the very call behind every button of the window, so a fight played
here opens in the window and goes on there (and back).

Actions: the game's own (``rules.actions``: damage, saves, holds…) for a combatant named
with ``--who`` (default: whoever's turn it is; several ``--who``: the same action for each,
one step, as the window's area damage), and the encounter's own: ``start`` (``NAME=N``
gives what the table rolled for NAME, or a seat), ``next``, ``condition`` (``text=…
rounds=N``), ``end_condition`` (``id=N``), ``remove``, ``note`` (``text=…``), ``roll``
(``expression=2d6+1``) and ``check`` (the game's dice check).

Where a game's own action has the id of one of the encounter's own (Protector's
``remove``, weapon damage, and ``roll``, its dice against a target; Pocket Universe's
``condition``), the combatant's own action wins whenever ``--who`` names a combatant it
is offered to, unless the PARAM=VALUE given fit only the encounter's (``condition
text=Stunned rounds=2`` stays a timer); without ``--who`` the encounter's own runs, as
before. The encounter's own is always reachable as
``general.ID`` (``general.remove --who Bob`` takes Bob out of the fight), and ``actions``
lists it under that id in such a game, so no id stands for two actions of one combatant.

Exit codes: 0 done; 1 the rules refuse it now (the GM screen's reason, one line); 2 an
unknown action or parameter, a bad value, or an unreadable file. No Qt here.
"""

from __future__ import annotations

import argparse
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from desktop.model.combat_helpers import health_column, health_state, health_word, parse_totals
from desktop.model.combat_rules import Action, Param, check_values
from desktop.model.encounter import Encounter, EncounterError
from desktop.model.errors import DocumentError
from desktop.systems.encounters import (
    load_encounter,
    new_encounter,
    rules_for,
    save_encounter,
)

USAGE = "encounter new|show|actions|act|undo ..."
GENERAL_PREFIX = "general."
"""``general.remove``: the encounter's own ``remove`` where a game's action has its id."""
EXIT_OK, EXIT_REFUSED, EXIT_USAGE = 0, 1, 2


class Refused(Exception):
    """The rules say no now (exit 1)."""


@dataclass(frozen=True)
class Io:
    """What the ``sheetdesk`` command lends: its parser (errors raise its usage error,
    exit 2), its usage error, and its output."""

    parser: Callable[..., argparse.ArgumentParser]
    usage_error: type[Exception]
    emit: Callable[[str], None]
    emit_json: Callable[[Any], None]


# --- the encounter's own actions ------------------------------------------------------

GENERAL: dict[str, tuple[str, tuple[Param, ...], bool]] = {
    "start": ("Start the fight", (Param("totals", "Rolled at the table (or seats), e.g. "
                                        "Sparky 12, Lizard-men 13", "text", ""),), False),
    "next": ("Next turn", (), False),
    "condition": ("Add a condition or timer", (
        Param("text", "Condition", "text", None),
        Param("rounds", "Rounds it lasts (none: until the GM ends it)", "int", 0, (), 0,
              999)), True),
    "end_condition": ("End a condition", (Param("id", "Condition number", "int", None, (),
                                                1, 10**9),), False),
    "remove": ("Remove from the fight", (), True),
    "note": ("Write a note in the log", (Param("text", "Note", "text", None),), False),
    "roll": ("Roll dice", (Param("expression", "Dice, e.g. 2d6+3", "text", "2d6"),), False),
}
"""id → (label, params, needs a combatant)."""


def _general(encounter: Encounter) -> list[tuple[Action, bool]]:
    turn = encounter.turn
    why: dict[str, str | None] = {
        "start": ("the fight has already started" if turn.started else
                  "add combatants first" if not encounter.fighters else None),
        "next": None if turn.started else "start the fight first",
        "end_condition": None if encounter.conditions else "no condition is running",
    }
    out = [(Action(id_, label, params, why.get(id_)), needs)
           for id_, (label, params, needs) in GENERAL.items()]
    spec = encounter.rules.check_spec()
    out.append((Action("check", f"Roll: {spec.title}", spec.params), False))
    return out


# --- reading values -------------------------------------------------------------------

def _value(io: Io, action: Action, param: Param, text: str) -> Any:
    where = f"{param.name}={text}"
    if param.kind == "int":
        try:
            return int(text)
        except ValueError:
            raise io.usage_error(f"{where}: {param.label} is a whole number") from None
    if param.kind == "bool":
        word = text.strip().lower()
        if word in ("1", "true", "yes", "on", "y"):
            return True
        if word in ("0", "false", "no", "off", "n"):
            return False
        raise io.usage_error(f"{where}: {param.label} is yes or no")
    if param.kind == "choice":
        for key, _label in param.choices:
            if text == key:
                return key
        for key, label in param.choices:
            if text.strip().lower() in (key.lower(), label.lower()):
                return key
        names = ", ".join(key or "''" for key, _label in param.choices)
        raise Refused(f"{action.label}: {param.label} is one of {names}, not {text!r}")
    return text


def values_for(io: Io, action: Action, given: Mapping[str, str]) -> dict[str, Any]:
    """The action's values from PARAM=VALUE texts and its defaults; ``usage_error`` for
    an unknown parameter or an unreadable value, Refused for a missing or out-of-range
    one."""
    names = [p.name for p in action.params]
    for name in given:
        if name not in names:
            known = ", ".join(names) or "none"
            raise io.usage_error(f"{name}: {action.id} takes no such parameter "
                                 f"(it takes: {known})")
    values: dict[str, Any] = {}
    for param in action.params:
        if param.name in given:
            values[param.name] = _value(io, action, param, given[param.name])
        elif param.default is not None:
            values[param.name] = param.default
        elif param.kind == "choice" and param.choices:
            values[param.name] = param.choices[0][0]
        elif param.kind == "bool":
            values[param.name] = False
        else:
            raise Refused(f"{action.label}: give {param.name}= ({param.label})")
    try:
        check_values(action, values)
    except ValueError as exc:
        raise Refused(str(exc)) from None
    return values


def _pairs(io: Io, texts: list[str]) -> dict[str, str]:
    out: dict[str, str] = {}
    for text in texts:
        name, sep, value = text.partition("=")
        if not sep or not name.strip():
            raise io.usage_error(f"{text}: write PARAM=VALUE")
        out[name.strip()] = value
    return out


# --- JSON -----------------------------------------------------------------------------

def _number(text: str) -> Any:
    try:
        return int(text)
    except ValueError:
        return text


def state_json(encounter: Encounter) -> dict[str, Any]:
    """``show --json``: system, round, turn, combatants, log (operations) and more."""
    rules, turn = encounter.rules, encounter.turn
    word = rules.round_word
    column = health_column(rules)
    combatants = []
    for row in rules.rows(encounter.state):
        fighter = encounter.fighters.get(row.key)
        combatants.append({
            "id": row.key, "name": fighter.name if fighter else row.key,
            "group": fighter.group if fighter else "", "down": row.out,
            "acting": row.key in turn.actors, "acted": row.key in encounter.acted,
            "status": row.status,
            "health": health_word(health_state(row, column)),
            "state": {c: _number(v) for c, v in zip(rules.columns, row.cells, strict=False)},
            "conditions": [{"id": c.id, "text": c.describe(word, turn.round)}
                           for c in encounter.conditions_of(row.key)],
        })
    return {
        "system": encounter.system, "name": encounter.name, "round_word": word,
        "started": turn.started, "round": turn.round,
        "turn": turn.actors[0] if turn.actors else None, "actors": list(turn.actors),
        "label": turn.label, "combatants": combatants, "log": len(encounter.ops),
        "due": [{"who": key, "action": action.id, "label": action.label}
                for key, action in encounter.due()],
        "log_lines": [str(line) for line in encounter.log],
    }


def param_json(param: Param) -> dict[str, Any]:
    number = param.kind == "int"
    return {"name": param.name, "label": param.label, "kind": param.kind,
            "default": param.default, "minimum": param.minimum if number else None,
            "maximum": param.maximum if number else None,
            "choices": [{"value": k, "label": lbl} for k, lbl in param.choices]}


def action_json(action: Action, who: str | None) -> dict[str, Any]:
    return {"id": action.id, "label": action.label, "who": who,
            "allowed": action.enabled, "reason": action.why_not, "prompt": action.prompt,
            "hint": action.hint, "params": [param_json(p) for p in action.params]}


def _game_ids(encounter: Encounter) -> set[str]:
    """The ids of the game's own actions offered to anyone in the fight now."""
    return {a.id for key in encounter.fighters
            for a in encounter.rules.actions(encounter.state, key)}


def _own_wins(encounter: Encounter, general: Action, who: list[str],
              given: Mapping[str, str]) -> bool:
    """A combatant named with ``--who`` has its own action of ``general``'s id: it wins,
    unless the parameters given fit only the encounter's (see the module docstring)."""
    own = [a for key in who if (a := encounter.action(key, general.id)) is not None]
    if not own:
        return False
    names = set(given)
    fits_own = any(names <= {p.name for p in a.params} for a in own)
    fits_general = names <= {p.name for p in general.params}
    return fits_own or not fits_general


def actions_json(encounter: Encounter, who: list[str] | None = None) -> list[dict[str, Any]]:
    """The encounter's own actions (who null), then each combatant's. An encounter action
    whose id a game action also uses is listed as ``general.ID``: one id, one action."""
    taken = _game_ids(encounter)
    out = []
    for action, needs in _general(encounter):
        item = action_json(action, None) | {"needs_who": needs}
        if action.id in taken:
            item["id"] = GENERAL_PREFIX + action.id
        out.append(item)
    for key in who or list(encounter.fighters):
        out += [action_json(a, key) for a in encounter.rules.actions(encounter.state, key)]
    return out


# --- the subcommands ------------------------------------------------------------------

def _load(path: str) -> Encounter:
    return load_encounter(path)


def _cmd_new(io: Io, args: list[str]) -> int:
    parser = io.parser("encounter new", description="Write an encounter of one game with "
                       "these characters (FILE:COUNT adds a group of COUNT).")
    parser.add_argument("files", nargs="+", metavar="FILE[:COUNT]")
    parser.add_argument("-o", "--output", required=True, metavar="OUT.encounter")
    parser.add_argument("--name", default="")
    parser.add_argument("--seed", type=int, default=None)
    parser.add_argument("--force", action="store_true", help="overwrite OUT")
    ns = parser.parse_args(args)
    from desktop.systems.files import load_character

    out = Path(ns.output)
    if out.exists() and not ns.force:
        raise io.usage_error(f"{out}: exists (--force overwrites it)")
    if ns.seed is not None and not 0 <= ns.seed < 2**63:
        raise io.usage_error(f"--seed: a whole number from 0, not {ns.seed}")
    loaded = []
    for spec in ns.files:
        path, count = spec, 1
        head, sep, tail = spec.rpartition(":")
        if sep and tail.isdigit() and head:
            path, count = head, int(tail)
        if not 1 <= count <= 500:
            raise io.usage_error(f"{spec}: a count is 1 to 500")
        loaded.append((load_character(path), Path(path).resolve(), count))
    system = loaded[0][0].system
    for character, path, _count in loaded:
        if character.system != system:
            raise io.usage_error(f"{path}: a {character.system} character; the first "
                                 f"is {system} (an encounter is of one game)")
    try:
        rules_for(system)
    except LookupError as exc:
        raise io.usage_error(str(exc)) from None
    encounter = new_encounter(system, ns.name or out.stem, ns.seed)
    for character, path, count in loaded:
        encounter = (encounter.add_character(character, path=str(path), origin="file")
                     if count == 1 else encounter.add_group(character, count, origin="file"))
    save_encounter(out, encounter)
    io.emit(f"{out}: {len(encounter.fighters)} combatants ({encounter.system}): "
            + ", ".join(encounter.fighters))
    return EXIT_OK


def _cmd_show(io: Io, args: list[str]) -> int:
    parser = io.parser("encounter show", description="The fight after replaying its log.")
    parser.add_argument("encounter", metavar="ENC")
    parser.add_argument("--json", action="store_true")
    ns = parser.parse_args(args)
    encounter = _load(ns.encounter)
    data = state_json(encounter)
    if ns.json:
        io.emit_json(data)
        return EXIT_OK
    io.emit(f"{encounter.name or 'Encounter'} ({encounter.system}) · {data['label']}")
    for c in data["combatants"]:
        mark = ("▶ " if c["acting"] else "✝ " if c["down"] else "✓ " if c["acted"]
                else "  ")
        numbers = ", ".join(f"{k} {v}" for k, v in c["state"].items())
        extra = "".join(f"; {x}" for x in (c["status"], *(d["text"] for d in c["conditions"]))
                        if x)
        io.emit(f"{mark}{c['id']}: {numbers}{extra}")
    for item in data["due"]:
        io.emit(f"due: {item['who']}: {item['label']}")
    io.emit(f"{data['log']} operations in the log")
    return EXIT_OK


def _cmd_actions(io: Io, args: list[str]) -> int:
    parser = io.parser("encounter actions", description="What can be done now, by whom.")
    parser.add_argument("encounter", metavar="ENC")
    parser.add_argument("--who", action="append", metavar="ID")
    parser.add_argument("--json", action="store_true")
    ns = parser.parse_args(args)
    encounter = _load(ns.encounter)
    for key in ns.who or ():
        if key not in encounter.fighters:
            raise io.usage_error(f"--who {key}: no such combatant")
    data = actions_json(encounter, ns.who)
    if ns.json:
        io.emit_json(data)
        return EXIT_OK
    for item in data:
        params = " ".join(f"{p['name']}={p['default'] if p['default'] is not None else '?'}"
                          for p in item["params"])
        who = f"{item['who']}: " if item["who"] else ""
        state = "" if item["allowed"] else f"  (not now: {item['reason']})"
        io.emit(f"{who}{item['id']} {params}".rstrip() + state)
    return EXIT_OK


def _general_op(io: Io, encounter: Encounter, action: Action, who: list[str],
                given: dict[str, str]) -> dict[str, Any]:
    if action.why_not:
        raise Refused(f"{action.label}: {action.why_not}")
    if action.id == "start":
        totals_text = given.pop("totals", "")
        try:
            totals = parse_totals(totals_text)
        except ValueError as exc:
            raise Refused(f"start: {exc}") from None
        for name, value in given.items():
            try:
                totals[name] = int(value)
            except ValueError:
                raise io.usage_error(f"{name}={value}: a number rolled or a seat") from None
        return {"op": "start", "values": {"totals": totals} if totals else {}}
    values = values_for(io, action, given)
    if action.id in ("condition", "remove"):
        if len(who) != 1:
            raise io.usage_error(f"{action.id}: --who names one combatant")
        if action.id == "remove":
            return {"op": "remove", "key": who[0]}
        return {"op": "condition", "target": who[0], "text": values["text"],
                "rounds": values["rounds"] or None, "anchor": None}
    if action.id == "check":
        return {"op": "check", "values": values}
    if action.id == "next":
        return {"op": "next"}
    field = {"end_condition": "id", "note": "text", "roll": "expression"}[action.id]
    return {"op": action.id, field: values[field]}


def _game_op(io: Io, encounter: Encounter, action_id: str, who: list[str],
             given: dict[str, str]) -> dict[str, Any]:
    if not who:
        if not encounter.turn.actors:
            raise io.usage_error(f"{action_id}: --who names the combatant (nobody's turn now)")
        who = [encounter.turn.actors[0]]
    offered = [encounter.action(key, action_id) for key in who]
    found = next((a for a in offered if a is not None), None)
    if found is None:
        known = {a.id for key in encounter.fighters
                 for a in encounter.rules.actions(encounter.state, key)}
        if action_id not in known:
            names = ", ".join([*GENERAL, "check", *sorted(known)])
            raise io.usage_error(f"{action_id}: no such action (this encounter has: {names})")
        raise Refused(f"{action_id}: not offered for {', '.join(who)} now")
    values = values_for(io, found, given)
    if len(who) == 1:
        if found.why_not:
            raise Refused(f"{found.label}: {found.why_not}")
        return {"op": "perform", "key": who[0], "action": action_id, "values": values}
    return {"op": "perform_all", "keys": who, "action": action_id, "values": values}


def _cmd_act(io: Io, args: list[str]) -> int:
    parser = io.parser("encounter act", description="Do one action and save the encounter.")
    parser.add_argument("encounter", metavar="ENC")
    parser.add_argument("action", metavar="ACTION")
    parser.add_argument("params", nargs="*", metavar="PARAM=VALUE")
    parser.add_argument("--who", action="append", metavar="ID", default=[])
    parser.add_argument("--seed", type=int, default=None)
    parser.add_argument("--json", action="store_true")
    ns = parser.parse_intermixed_args(args)
    encounter = _load(ns.encounter)
    for key in ns.who:
        if key not in encounter.fighters:
            raise io.usage_error(f"--who {key}: no such combatant (here: "
                                 f"{', '.join(encounter.fighters) or 'nobody'})")
    if ns.seed is not None and not 0 <= ns.seed < 2**63:
        raise io.usage_error(f"--seed: a whole number from 0, not {ns.seed}")
    given = _pairs(io, ns.params)
    general = {a.id: a for a, _needs in _general(encounter)}
    plain = ns.action.removeprefix(GENERAL_PREFIX)
    if ns.action != plain and plain in general:
        op = _general_op(io, encounter, general[plain], ns.who, given)
    elif ns.action in general and not _own_wins(encounter, general[ns.action], ns.who,
                                                given):
        op = _general_op(io, encounter, general[ns.action], ns.who, given)
    else:
        op = _game_op(io, encounter, ns.action, ns.who, given)
    if ns.seed is not None:
        op["seed"] = ns.seed
    try:
        done = encounter.apply(op)
    except (EncounterError, ValueError, KeyError, TypeError) as exc:
        raise Refused(" ".join(str(exc).split()) or type(exc).__name__) from None
    save_encounter(ns.encounter, done)
    lines = [str(line) for line in done.log[len(encounter.log):]]
    if ns.json:
        io.emit_json({"lines": lines, **state_json(done)})
    else:
        for line in lines or [f"{ns.action}: done"]:
            io.emit(line)
        if done.turn.label != encounter.turn.label:
            io.emit(f"now: {done.turn.label}")
        for key, action in done.due():
            io.emit(f"due: {key}: {action.label}")
    return EXIT_OK


def _cmd_undo(io: Io, args: list[str]) -> int:
    parser = io.parser("encounter undo", description="Take back the last operation.")
    parser.add_argument("encounter", metavar="ENC")
    parser.add_argument("--json", action="store_true")
    ns = parser.parse_args(args)
    encounter = _load(ns.encounter)
    if not encounter.ops:
        raise Refused("nothing to undo")
    before = Encounter.replay(encounter.rules, encounter.parse_character, encounter.name,
                              encounter.seed, encounter.ops[:-1])
    save_encounter(ns.encounter, before)
    undone = [str(line) for line in encounter.log[len(before.log):]]
    if ns.json:
        io.emit_json({"undone": undone, **state_json(before)})
    else:
        io.emit(f"undone: {'; '.join(undone) or encounter.ops[-1].get('op', '?')}")
        io.emit(f"now: {before.turn.label}")
    return EXIT_OK


SUBCOMMANDS: dict[str, Callable[[Io, list[str]], int]] = {
    "new": _cmd_new, "show": _cmd_show, "actions": _cmd_actions, "act": _cmd_act,
    "undo": _cmd_undo,
}


def run(io: Io, args: list[str]) -> tuple[int, str]:
    """Run ``sheetdesk encounter ARGS``: (exit code, one-line refusal or "")."""
    if not args or args[0] in ("-h", "--help"):
        io.emit("usage:\n" + __doc__.split("\n\n")[1])
        return (EXIT_OK if args else EXIT_USAGE), ""
    command = SUBCOMMANDS.get(args[0])
    if command is None:
        raise io.usage_error(f"{args[0]}: no such subcommand (new, show, actions, act, undo)")
    try:
        return command(io, args[1:]), ""
    except Refused as exc:
        return EXIT_REFUSED, str(exc)
    except EncounterError as exc:
        raise DocumentError(None, str(exc)) from None
