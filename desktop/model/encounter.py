"""An encounter on the GM screen: who fights, whose turn it is, what has happened.

An ``Encounter`` is an immutable snapshot. Every change is one *operation* (a small
JSON object: add a combatant, next turn, apply 5 damage, a roll…) applied through
``apply``; the snapshot keeps the list of operations it was built from. That list is
what the file saves, so a saved fight reopens by replaying it, with the same dice: each
operation's dice come from a roller seeded by the encounter's seed and the operation's
index. Undo is going back to the previous snapshot.

The game's rules (turn order, damage, recovery) come from its ``CombatRules``; this
module adds what every game shares: combatants and where they came from, conditions
and timers that tick with the rounds, the free dice roller, and the log.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass, field, replace
from typing import TYPE_CHECKING, Any

from desktop.model import dice_expression
from desktop.model.combat_rules import Action, CombatRules, TurnInfo, check_values
from desktop.model.dice import Roller

if TYPE_CHECKING:
    from desktop.model.portrait import Portrait

MAX_OPERATIONS = 100_000
"""An encounter's log holds at most this many operations."""

Op = dict[str, Any]
ParseCharacter = Callable[[dict[str, Any]], Any]


class EncounterError(ValueError):
    """An operation the encounter cannot take, in words for the GM."""


@dataclass(frozen=True)
class Fighter:
    """Where a combatant came from: the game state holds its numbers."""

    key: str
    name: str
    group: str = ""
    path: str | None = None
    """The character file a player character was read from (for writing back)."""
    origin: str = "quick"
    """"file", "catalog" or "quick"."""
    picture: Portrait | None = field(default=None, compare=False, repr=False)
    """The character's portrait as it joined (``desktop.model.portrait``), or None: read
    from the add operation, never saved apart from it."""


@dataclass(frozen=True)
class Condition:
    """A condition or timer on a combatant ("Blinded", "Stunned 1 round").

    With ``rounds`` set it ends when ``anchor``'s turn comes ``rounds`` rounds after it
    was set (the one whose turn it was when it was set, so "1 round" lasts until that
    combatant acts again); without, it lasts until the GM ends it (end of the scene).
    """

    id: int
    target: str
    text: str
    rounds: int | None
    anchor: str
    set_round: int

    @property
    def ends_round(self) -> int | None:
        return None if self.rounds is None else self.set_round + self.rounds

    def describe(self, round_word: str, now: int) -> str:
        if self.ends_round is None:
            return self.text
        left = self.ends_round - now
        return f"{self.text} ({left} {round_word.lower()}{'' if left == 1 else 's'} left)"


@dataclass(frozen=True)
class LogLine:
    """One line of the encounter's log, stamped with when it happened ("Round 2", "Setup")."""

    step: int
    """Index of the operation that wrote it: undo removes exactly these lines."""
    when: str
    text: str

    def __str__(self) -> str:
        return f"{self.when}: {self.text}" if self.when else self.text


@dataclass(frozen=True)
class Encounter:
    """A fight at one moment: an immutable snapshot and the operations that built it."""

    rules: CombatRules = field(compare=False, repr=False)
    parse_character: ParseCharacter = field(compare=False, repr=False)
    name: str = ""
    seed: int = 0
    ops: tuple[Op, ...] = ()
    state: Any = None
    fighters: Mapping[str, Fighter] = field(default_factory=dict)
    conditions: tuple[Condition, ...] = ()
    log: tuple[LogLine, ...] = ()
    next_condition: int = 1
    acted: frozenset[str] = frozenset()
    """Those whose turn has passed this round (``_acted``): derived while the operations
    are applied, so undo (the previous snapshot) and replay restore it; not in the file."""

    @classmethod
    def new(cls, rules: CombatRules, parse_character: ParseCharacter, name: str = "",
            seed: int = 0) -> Encounter:
        return cls(rules, parse_character, name, seed, state=rules.empty())

    @classmethod
    def replay(cls, rules: CombatRules, parse_character: ParseCharacter, name: str,
               seed: int, ops: Iterable[Op]) -> Encounter:
        """The encounter the operations build, or EncounterError naming the first one
        that no longer applies."""
        encounter = cls.new(rules, parse_character, name, seed)
        done: list[Op] = []
        log: list[LogLine] = []
        for index, op in enumerate(ops):  # linear: the log is built once, at the end
            try:
                encounter, lines = encounter._step(op, index)
            except (EncounterError, ValueError, LookupError, TypeError, AttributeError) as exc:
                raise EncounterError(f"step {index + 1} ({op.get('op', '?')}): {exc}") from exc
            done.append(op)
            log += lines
        return replace(encounter, ops=tuple(done), log=tuple(log))

    # --- reading

    @property
    def system(self) -> str:
        return self.rules.system

    @property
    def turn(self) -> TurnInfo:
        return self.rules.turn(self.state)

    @property
    def started(self) -> bool:
        return self.turn.started

    def conditions_of(self, key: str) -> tuple[Condition, ...]:
        return tuple(c for c in self.conditions if c.target == key)

    def character(self, key: str) -> Any:
        self._fighter(key)
        return self.rules.character(self.state, key)

    def _fighter(self, key: str) -> Fighter:
        try:
            return self.fighters[key]
        except KeyError:
            raise EncounterError(f"no combatant called {key!r}") from None

    def action(self, key: str, action_id: str) -> Action | None:
        """``key``'s action ``action_id`` as the rules offer it now (None: not offered)."""
        self._fighter(key)
        return next((a for a in self.rules.actions(self.state, key) if a.id == action_id),
                    None)

    def due(self) -> list[tuple[str, Action]]:
        """What the rules are waiting for (a Stat Save, a wake-up roll), from anyone in
        the fight, those whose turn it is first: (combatant, action) pairs the GM should
        do before Next. A save owed by someone hit on another's turn counts too."""
        actors = [key for key in self.turn.actors if key in self.fighters]
        due = [(key, action) for key in actors
               for action in self.rules.actions(self.state, key)
               if action.prompt and action.enabled]
        owed = getattr(self.rules, "owed", None)  # a game with rolls owed off-turn
        if owed is not None:
            due += [(key, action) for key, action in owed(self.state)
                    if key in self.fighters and key not in actors and action.enabled]
        return due

    def free_key(self, name: str) -> str:
        """``name``, or "name 2", "name 3"… if taken."""
        base = name.strip() or "Unnamed"
        key, n = base, 1
        while key in self.fighters:
            n += 1
            key = f"{base} {n}"
        return key

    # --- the one way in

    def apply(self, op: Op) -> Encounter:
        if len(self.ops) >= MAX_OPERATIONS:
            raise EncounterError(f"the log is full ({MAX_OPERATIONS:,} operations): "
                                 "start a new encounter")
        done, new_lines = self._step(op, len(self.ops))
        return replace(done, ops=(*self.ops, op), log=(*self.log, *new_lines))

    def _step(self, op: Op, step: int) -> tuple[Encounter, tuple[LogLine, ...]]:
        """``op`` applied as operation number ``step``: the encounter after it (its ops
        and log not yet extended) and its log lines."""
        kind = op.get("op")
        handler = _HANDLERS.get(kind)  # type: ignore[arg-type]
        if handler is None:
            raise EncounterError(f"unknown operation {kind!r}")
        seed = op.get("seed")
        if seed is not None and (isinstance(seed, bool) or not isinstance(seed, int)
                                 or not 0 <= seed < 2**63):
            raise EncounterError(f"a seed is a whole number from 0, not {seed!r}")
        # An operation's dice: its own seed if it names one (``act --seed``), else the
        # encounter's seed and the operation's place in the log.
        roller = Roller(seed=(self.seed * 1_000_003 + step) % 2**63
                        if seed is None else seed)
        before = self.rules.turn(self.state)
        done, lines = handler(self, op, roller)
        when = self.rules.turn(done.state)
        acted = _acted(self.acted, kind, before, when, done.fighters)
        if acted != done.acted:
            done = replace(done, acted=acted)
        stamp = f"{self.rules.round_word} {when.round}" if when.started else "Setup"
        return done, tuple(LogLine(step, stamp, line) for line in lines)

    # --- operations, as helpers that build the op

    def add_character(self, character: Any, path: str | None = None, origin: str = "file",
                      group: str = "") -> Encounter:
        data = character.model_dump(mode="json")
        return self.apply({"op": "add", "character": data, "path": path, "origin": origin,
                           "group": group})

    def add_group(self, character: Any, count: int, group: str = "",
                  origin: str = "catalog") -> Encounter:
        """``count`` copies of ``character``, named "Lizard-man 1", "Lizard-man 2"…; the
        group is called ``group`` or the plural of the name ("Lizard-men")."""
        if not group.strip():
            taken = {*self.fighters, *(f.group for f in self.fighters.values())}
            base = group = plural(character.name or "NPC")
            n = 1
            while group in taken:
                n += 1
                group = f"{base} {n}"
        return self.apply({"op": "add_group", "character": character.model_dump(mode="json"),
                           "count": count, "group": group, "origin": origin})

    def remove(self, key: str) -> Encounter:
        return self.apply({"op": "remove", "key": key})

    def start(self, values: Mapping[str, Any] | None = None) -> Encounter:
        return self.apply({"op": "start", "values": dict(values or {})})

    def perform_all(self, keys: Iterable[str], action: str,
                    values: Mapping[str, Any] | None = None) -> Encounter:
        """Do ``action`` to each of ``keys`` in one step (area damage): each by its own
        rules and logged; those the rules refuse it now are skipped with the reason."""
        return self.apply({"op": "perform_all", "keys": list(keys), "action": action,
                           "values": dict(values or {})})

    def next_turn(self) -> Encounter:
        return self.apply({"op": "next"})

    def perform(self, key: str, action: str, values: Mapping[str, Any] | None = None
                ) -> Encounter:
        return self.apply({"op": "perform", "key": key, "action": action,
                           "values": dict(values or {})})

    def add_condition(self, target: str, text: str, rounds: int | None = None,
                      anchor: str | None = None) -> Encounter:
        return self.apply({"op": "condition", "target": target, "text": text,
                           "rounds": rounds, "anchor": anchor})

    def end_condition(self, condition_id: int) -> Encounter:
        return self.apply({"op": "end_condition", "id": condition_id})

    def roll(self, expression: str) -> Encounter:
        return self.apply({"op": "roll", "expression": expression})

    def check(self, values: Mapping[str, Any], key: str | None = None) -> Encounter:
        """The game's check; with ``key`` the log names who rolled it."""
        op: dict[str, Any] = {"op": "check", "values": dict(values)}
        return self.apply({**op, "key": key} if key else op)

    def note(self, text: str) -> Encounter:
        return self.apply({"op": "note", "text": text})


def plural(name: str) -> str:
    """"Lizard-man" → "Lizard-men", "Thug" → "Thugs", "Harpy" → "Harpies" (English
    nouns; a group label reads naturally)."""
    name = name.strip() or "NPC"
    lower = name.lower()
    last = lower.replace("-", " ").split()[-1]
    if lower.endswith("man") and last not in ("human", "shaman", "caiman", "talisman"):
        return name[:-2] + ("EN" if name[-2:].isupper() else "en")
    if lower.endswith("y") and lower[-2:-1] not in tuple("aeiou"):
        return name[:-1] + "ies"
    if lower.endswith(("ss", "x", "z", "ch", "sh")):
        return name + "es"
    return name if lower.endswith("s") else name + "s"


def _acted(acted: frozenset[str], kind: str | None, before: TurnInfo, after: TurnInfo,
           fighters: Mapping[str, Fighter]) -> frozenset[str]:
    """Who has acted this round after an operation: those whose turn "next" ended join;
    a new round (or no fight) clears it; whoever's turn it is now has not acted (a held
    turn taken later). A turn given up by an action (hold, delay) is not "acted": the
    rules mark it held, and Next after the held turn counts it."""
    if not after.started or after.round != before.round:
        return frozenset()
    kept = set(acted)
    if kind == "next":
        kept |= set(before.actors)
    elif kind == "remove":
        kept &= fighters.keys()
    return frozenset(kept.difference(after.actors))


Lines = list[str]
Handler = Callable[[Encounter, Op, Roller], tuple[Encounter, Lines]]


def _add(e: Encounter, op: Op, roller: Roller) -> tuple[Encounter, Lines]:
    character = e.parse_character(op["character"])
    if character.system != e.system:
        raise EncounterError(f"{character.name or 'this character'} is a {character.system} "
                             f"character; this encounter is {e.system}")
    key = e.free_key(character.name)
    fighter = Fighter(key, character.name, op.get("group", ""), op.get("path"),
                      op.get("origin", "file"), getattr(character, "picture", None))
    state = e.rules.add(e.state, key, character, fighter.group, roller)
    return (replace(e, state=state, fighters={**e.fighters, key: fighter}),
            [f"{key} joins the fight"])


def _add_group(e: Encounter, op: Op, roller: Roller) -> tuple[Encounter, Lines]:
    count = int(op["count"])
    if not 1 <= count <= 500:
        raise EncounterError(f"a group has 1 to 500 members, not {count}")
    character = e.parse_character(op["character"])
    name = character.name or "NPC"
    group = op.get("group") or e.free_key(f"{count} {name}")
    fighters, state, keys = dict(e.fighters), e.state, []
    number = 0
    for _ in range(count):
        number += 1
        while f"{name} {number}" in fighters:
            number += 1
        key = f"{name} {number}"
        fighters[key] = Fighter(key, name, group, None, op.get("origin", "catalog"),
                                getattr(character, "picture", None))
        state = e.rules.add(state, key, character, group, roller)
        keys.append(key)
    return (replace(e, state=state, fighters=fighters),
            [f"{group} join the fight ({', '.join(keys)})"])


def _remove(e: Encounter, op: Op, roller: Roller) -> tuple[Encounter, Lines]:
    key = op["key"]
    e._fighter(key)
    fighters = {k: f for k, f in e.fighters.items() if k != key}
    conditions = tuple(c for c in e.conditions if key not in (c.target, c.anchor))
    return (replace(e, state=e.rules.remove(e.state, key), fighters=fighters,
                    conditions=conditions), [f"{key} leaves the fight"])


def _expire(e: Encounter) -> tuple[Encounter, Lines]:
    """Conditions whose time is up end on their anchor's turn."""
    turn = e.rules.turn(e.state)
    ending = [c for c in e.conditions if c.ends_round is not None
              and c.anchor in turn.actors and turn.round >= c.ends_round]
    if not ending:
        return e, []
    kept = tuple(c for c in e.conditions if c not in ending)
    return (replace(e, conditions=kept),
            [f"{c.target}: {c.text} ends ({c.anchor}'s turn)" for c in ending])


def _start(e: Encounter, op: Op, roller: Roller) -> tuple[Encounter, Lines]:
    if not e.fighters:
        raise EncounterError("add combatants first")
    if e.started:
        raise EncounterError("the fight has already started")
    outcome = e.rules.start(e.state, roller, op.get("values", {}))
    done, ended = _expire(replace(e, state=outcome.state))
    return done, [*outcome.lines, *ended]


def _next(e: Encounter, op: Op, roller: Roller) -> tuple[Encounter, Lines]:
    if not e.started:
        raise EncounterError("start the fight first")
    outcome = e.rules.next(e.state, roller)
    done, ended = _expire(replace(e, state=outcome.state))
    return done, [*outcome.lines, *ended]


def _perform(e: Encounter, op: Op, roller: Roller) -> tuple[Encounter, Lines]:
    values = op.get("values", {})
    offered = e.action(op["key"], op["action"])
    outcome = _checked_perform(e, op["key"], op["action"], values, roller, offered)
    return replace(e, state=outcome.state), list(outcome.lines)


def _checked_perform(e: Encounter, key: str, action: str, values: Mapping[str, Any],
                     roller: Roller, offered: Action | None) -> Any:
    """The rules' outcome of ``action``, its inputs checked against what the action
    offers: the rules' own reason comes first (it says why a weapon will not do); then
    a number out of its range, or a choice the game does not have (a Stat, a skill, a
    target), which a script or a hostile file can give and the rules may not expect."""
    try:
        outcome = e.rules.perform(e.state, key, action, values, roller)
    except (AttributeError, LookupError, TypeError):
        if offered is not None:
            check_values(offered, values, choices=True)  # names the input, if it is one
        raise
    if offered is not None:
        check_values(offered, values, choices=True)
    return outcome


def _perform_all(e: Encounter, op: Op, roller: Roller) -> tuple[Encounter, Lines]:
    keys = list(dict.fromkeys(op.get("keys") or ()))
    if not keys:
        raise EncounterError("choose who it is for")
    values, lines, done = op.get("values", {}), [], 0
    for key in keys:
        offered = e.action(key, op["action"])
        if offered is None or not offered.enabled:
            why = offered.why_not if offered is not None else "not offered for them"
            lines.append(f"{key}: skipped ({why})")
            continue
        outcome = _checked_perform(e, key, op["action"], values, roller, offered)
        e = replace(e, state=outcome.state)
        lines += outcome.lines
        done += 1
    if not done:
        raise EncounterError(f"not possible for any of them: {'; '.join(lines)}")
    return e, lines


def _condition(e: Encounter, op: Op, roller: Roller) -> tuple[Encounter, Lines]:
    target = op["target"]
    e._fighter(target)
    text = str(op.get("text", "")).strip()
    if not text:
        raise EncounterError("a condition needs a name")
    rounds = op.get("rounds")
    if rounds is not None and (not isinstance(rounds, int) or rounds < 1):
        raise EncounterError(f"a timer runs 1 or more rounds, not {rounds!r}")
    turn = e.rules.turn(e.state)
    anchor = op.get("anchor") or (turn.actors[0] if turn.actors else target)
    e._fighter(anchor)
    condition = Condition(e.next_condition, target, text, rounds, anchor, turn.round)
    lasting = (f" for {rounds} {e.rules.round_word.lower()}{'' if rounds == 1 else 's'}"
               f" (ends on {anchor}'s turn)" if rounds else " until the GM ends it")
    return (replace(e, conditions=(*e.conditions, condition),
                    next_condition=e.next_condition + 1),
            [f"{target}: {text}{lasting}"])


def _end_condition(e: Encounter, op: Op, roller: Roller) -> tuple[Encounter, Lines]:
    found = [c for c in e.conditions if c.id == op["id"]]
    if not found:
        raise EncounterError(f"no condition number {op['id']}")
    return (replace(e, conditions=tuple(c for c in e.conditions if c.id != op["id"])),
            [f"{found[0].target}: {found[0].text} ends"])


def _roll(e: Encounter, op: Op, roller: Roller) -> tuple[Encounter, Lines]:
    expression = dice_expression.parse(op["expression"])
    return e, [f"Roll {expression.roll(roller)}"]


def _check(e: Encounter, op: Op, roller: Roller) -> tuple[Encounter, Lines]:
    odds = e.rules.check_odds(op["values"])
    who = f"{op['key']}: " if op.get("key") else ""
    return e, [f"{who}{odds.setup} ({odds.chance}): "
               f"{e.rules.check_roll(op['values'], roller)}"]


def _note(e: Encounter, op: Op, roller: Roller) -> tuple[Encounter, Lines]:
    return e, [str(op["text"])]


_HANDLERS: dict[str, Handler] = {
    "add": _add, "add_group": _add_group, "remove": _remove, "start": _start, "next": _next,
    "perform": _perform, "perform_all": _perform_all, "condition": _condition,
    "end_condition": _end_condition,
    "roll": _roll, "check": _check, "note": _note,
}
OPERATIONS = tuple(_HANDLERS)
