"""A POW! fight as snapshots (POW!, Time and Activity): frames, whose turn it is, actions
left (from current Energy; Energy 0 acts last), Full Frame activities, the armor absorbed
this frame and Stat Saves still due.

``Encounter`` is frozen: each operation returns a ``Step``, the next snapshot plus one
logged event, so a UI can keep the old one for undo. Damage, saves, spending and rest
go through ``damage``, ``saves`` and ``rest``; the order comes from ``initiative``.
Readings of our own where the book and RULINGS.md are silent are marked "Ours:".
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field, replace
from typing import Literal, Protocol

from desktop.model.dice import Roller
from desktop.systems.pow.fight.damage import (
    Absorbed,
    PoolSpend,
    Reduction,
    reduce_stat,
    spend_pool,
    take_damage,
)
from desktop.systems.pow.fight.initiative import Combatant, Slot, roll_initiative
from desktop.systems.pow.fight.rest import Recovery, rest_days, rest_frames
from desktop.systems.pow.fight.saves import PendingSave, SaveResult, resolve_save, roll_save
from desktop.systems.pow.fight.tracking import CombatError
from desktop.systems.pow.rules.character import STAT_LABELS, PowCharacter, Stat
from desktop.systems.pow.rules.derived import actions_for


@dataclass(frozen=True)
class Turn:
    """A turn in the frame: one slot's members who act then."""

    slot: str
    members: tuple[str, ...]
    last: bool = False
    """The Energy-0 members of the slot, whose single action comes after everyone."""

    def describe(self) -> str:
        who = self.slot if self.members == (self.slot,) else (
            f"{self.slot} ({', '.join(self.members)})")
        return f"{who}, Energy 0" if self.last else who


class Event(Protocol):
    def describe(self) -> str: ...


@dataclass(frozen=True)
class InitiativeRolled:
    """The initiative order, rolled once when the fight starts."""

    order: tuple[Slot, ...]

    def describe(self) -> str:
        return "Initiative: " + "; ".join(slot.describe() for slot in self.order)


@dataclass(frozen=True)
class FrameStarted:
    """A new frame opened: its turns, the actions each has, and what the last one left unspent."""

    frame: int
    turns: tuple[Turn, ...]
    actions: Mapping[str, int]
    lost: Mapping[str, int]
    """Unspent actions lost when the previous frame ended."""

    def describe(self) -> str:
        text = f"Frame {self.frame}: " + ", ".join(t.describe() for t in self.turns)
        if self.lost:
            text += "; lost unspent actions: " + ", ".join(
                f"{key} {n}" for key, n in self.lost.items())
        return text


@dataclass(frozen=True)
class TurnStarted:
    """The turn passed to the next in order, or every turn of the frame has come."""

    frame: int
    turn: Turn | None
    """None: every turn of the frame has come; held actions may still be used."""

    def describe(self) -> str:
        if self.turn is None:
            return f"Frame {self.frame}: every turn has come (held actions may still be used)"
        return f"Frame {self.frame}: {self.turn.describe()} to act"


Kind = Literal["act", "react", "full frame"]


@dataclass(frozen=True)
class ActionSpent:
    """Actions one combatant spent to act, to react or on a Full Frame activity."""

    key: str
    kind: Kind
    count: int
    left: int
    what: str = ""

    def describe(self) -> str:
        doing = f" ({self.what})" if self.what else ""
        verb = {"act": "acts", "react": "reacts", "full frame": "spends the Full Frame"}
        return f"{self.key} {verb[self.kind]}{doing}: {self.count} action" + (
            "" if self.count == 1 else "s") + f", {self.left} left"


@dataclass(frozen=True)
class CharacterChanged:
    """Damage, a reduction, a save, a pool spent or rest, applied to one combatant."""

    key: str
    detail: Reduction | SaveResult | PoolSpend | Recovery
    out: bool = False
    """Its Damage is below 0: "unconscious and dying, or dead" (POW!, Taking Damage, Stat
    Saves): no more actions this frame."""

    def describe(self) -> str:
        text = f"{self.key}: {self.detail.describe()}"
        return text + " (down: no more actions)" if self.out else text


@dataclass(frozen=True)
class Step:
    """One operation's outcome: the next snapshot and what to log."""

    encounter: Encounter
    event: Event


def _acts_last(character: PowCharacter) -> bool:
    return actions_for(character.current_stat("energy"),
                       character.current_stat("damage")) == (1, True)


def _actions_at_frame_start(character: PowCharacter) -> int:
    # Damage below 0: "unconscious and dying, or dead" (POW!, Taking Damage, Stat Saves);
    # Energy below 0 "cannot be used for anything" (POW!, Stat Reduction): no actions.
    return actions_for(character.current_stat("energy"),
                       character.current_stat("damage"))[0]


@dataclass(frozen=True)
class Encounter:
    """A snapshot of a POW! fight. Never mutated: every operation returns a ``Step``.

    Actions are counted from current Energy when each frame starts. Ours: a change to
    Energy during a frame counts from the next frame (the book ties actions to frames).
    """

    combatants: Mapping[str, Combatant]
    order: tuple[Slot, ...]
    """The initiative order, rolled once for the whole combat (RULINGS POW! 4)."""
    frame: int
    turns: tuple[Turn, ...]
    """This frame's turns: the order above, then the Energy-0 members."""
    turn: int
    """Index into ``turns``; ``len(turns)`` once every turn has come."""
    actions: Mapping[str, int]
    """Actions left this frame."""
    granted: Mapping[str, int]
    """Actions each had when the frame started."""
    full_frame: frozenset[str]
    armor_absorbed: Mapping[str, Absorbed]
    pending_saves: Mapping[tuple[str, Stat], PendingSave] = field(default_factory=dict)
    advice: Mapping[str, tuple[tuple[str, int], ...]] = field(default_factory=dict)
    """Combat Leadership (optional rule): ally → (adviser, Fellowship) for each Full Frame
    of tactical advice given to it this frame."""
    sizing: Mapping[str, int] = field(default_factory=dict)
    """Combat Tactics (optional rule): who spends this frame sizing up the situation, and
    the Cognition it will add to its first Difficulty check of the next frame."""
    sized_up: Mapping[str, int] = field(default_factory=dict)
    """The Cognition each still adds to its first Difficulty check of this frame."""

    # --- building

    @classmethod
    def start(
        cls,
        combatants: Iterable[Combatant],
        roller: Roller | None = None,
        totals: Mapping[str, int] | None = None,
    ) -> Step:
        """Roll (or take) initiative once and open frame 1 at the first turn."""
        fighters = tuple(combatants)
        if not fighters:
            raise CombatError("an encounter needs at least one combatant")
        order = roll_initiative(fighters, roller, totals)
        base = cls({c.key: c for c in fighters}, order, 0, (), 0, {}, {}, frozenset(), {})
        opened = base._open_frame(1)
        return Step(opened, InitiativeRolled(order))

    def _open_frame(self, frame: int) -> Encounter:
        granted = {key: _actions_at_frame_start(c.character)
                   for key, c in self.combatants.items()}
        regular: list[Turn] = []
        late: list[Turn] = []
        for slot in self.order:
            now = tuple(k for k in slot.members
                        if granted[k] and not _acts_last(self.combatants[k].character))
            last = tuple(k for k in slot.members
                         if granted[k] and _acts_last(self.combatants[k].character))
            if now:
                regular.append(Turn(slot.name, now))
            if last:
                late.append(Turn(slot.name, last, last=True))
        # Ours: advice helps the ally's combat rolls in the frame it is given (the book
        # ties it to "every Full Frame" of advice); sizing up helps the next frame's first
        # check, as the book says, and is gone at that frame's end if unused.
        return replace(self, frame=frame, turns=(*regular, *late), turn=0,
                       actions=granted, granted=dict(granted), full_frame=frozenset(),
                       armor_absorbed={}, advice={}, sized_up=dict(self.sizing),
                       sizing={})

    # --- reading

    def character(self, key: str) -> PowCharacter:
        return self._combatant(key).character

    def _combatant(self, key: str) -> Combatant:
        try:
            return self.combatants[key]
        except KeyError:
            raise CombatError(f"no combatant called {key!r}") from None

    @property
    def current(self) -> Turn | None:
        """Whose turn it is; None once every turn of the frame has come."""
        return self.turns[self.turn] if self.turn < len(self.turns) else None

    @property
    def frame_done(self) -> bool:
        return self.current is None

    def turn_index(self, key: str) -> int | None:
        self._combatant(key)
        for index, turn in enumerate(self.turns):
            if key in turn.members:
                return index
        return None

    def has_had_turn(self, key: str) -> bool:
        """Its turn has come this frame, so it may use held actions to act."""
        index = self.turn_index(key)
        return index is not None and index <= self.turn

    def why_not(self, key: str, kind: Kind, count: int = 1) -> str | None:
        """Why ``key`` cannot spend ``count`` actions this way now; None if it can."""
        left = self.actions.get(key, 0)
        self._combatant(key)
        if key in self.full_frame:
            return f"{key} is busy with a Full Frame activity"
        if kind == "full frame":
            if not self.granted.get(key):
                return f"{key} has no actions this frame"
            if left < self.granted[key]:
                return f"{key} has already spent an action this frame: no Full Frame"
        elif count < 1:
            return f"cannot spend {count} actions"
        elif left < count:
            return (f"{key} is out of actions" if left == 0 else
                    f"{key} has {left} action{'' if left == 1 else 's'} left, not {count}")
        late = _acts_last(self.character(key))
        if (kind == "act" or late) and not self.has_had_turn(key):
            # Reactions need no turn (Parry, Riposte, & Dodge), but the Energy-0 single
            # action "always comes at the end of the Frame" (ours: even to react).
            return (f"{key} acts after everyone else (Energy 0)" if late else
                    f"{key} cannot act before its turn; it may only react")
        return None

    def can_act(self, key: str) -> bool:
        return self.why_not(key, "act") is None

    def can_react(self, key: str) -> bool:
        return self.why_not(key, "react") is None

    def can_full_frame(self, key: str) -> bool:
        return self.why_not(key, "full frame") is None

    # --- actions and turns

    def _spend(self, key: str, kind: Kind, count: int, what: str) -> Step:
        reason = self.why_not(key, kind, count)
        if reason:
            raise CombatError(reason)
        if kind == "full frame":
            count = self.actions[key]
        left = self.actions[key] - count
        full = self.full_frame | {key} if kind == "full frame" else self.full_frame
        encounter = replace(self, actions={**self.actions, key: left}, full_frame=full)
        return Step(encounter, ActionSpent(key, kind, count, left, what))

    def act(self, key: str, count: int = 1, what: str = "") -> Step:
        """Spend actions to do something: on or after its turn (held actions)."""
        return self._spend(key, "act", count, what)

    def react(self, key: str, count: int = 1, what: str = "dodge") -> Step:
        """Spend actions out of turn to answer another's action (dodge, parry)."""
        return self._spend(key, "react", count, what)

    def take_full_frame(self, key: str, what: str = "") -> Step:
        """Spend every action of the frame on one Full Frame activity (reload, run)."""
        return self._spend(key, "full frame", 0, what)

    def advance(self) -> Step:
        """Pass the turn to the next in order (after the last: the frame is done)."""
        if self.frame_done:
            raise CombatError(f"every turn of frame {self.frame} has come: start the next")
        moved = replace(self, turn=self.turn + 1)
        return Step(moved, TurnStarted(moved.frame, moved.current))

    def next_frame(self) -> Step:
        """End the frame (unspent actions are lost, armor's Frame Rating renews) and
        start the next in the same initiative order."""
        lost = {key: n for key, n in self.actions.items() if n and key not in self.full_frame}
        opened = self._open_frame(self.frame + 1)
        return Step(opened, FrameStarted(opened.frame, opened.turns, dict(opened.actions),
                                         lost))

    # --- changes to a combatant

    def _changed(
        self, key: str, character: PowCharacter,
        detail: Reduction | SaveResult | PoolSpend | Recovery, **changes: object,
    ) -> Step:
        combatants = {**self.combatants, key: replace(self.combatants[key],
                                                      character=character)}
        out = character.current_stat("damage") < 0
        actions = {**self.actions, key: 0} if out else self.actions
        encounter = replace(self, combatants=combatants, actions=actions, **changes)
        return Step(encounter, CharacterChanged(key, detail, out))

    def _check_no_save(self, key: str, stat: Stat) -> None:
        if (key, stat) in self.pending_saves:
            raise CombatError(f"{key} has a {STAT_LABELS[stat]} Stat Save due: "
                              "resolve it first")

    def _with_save(self, key: str, result: Reduction) -> dict[tuple[str, Stat], PendingSave]:
        saves = dict(self.pending_saves)
        if result.save is not None:
            saves[(key, result.stat)] = result.save
        return saves

    def damage(self, key: str, points: int) -> Step:
        """A hit: through this frame's armor state, pool, stat; a save may be left due."""
        self._check_no_save(key, "damage")
        result = take_damage(self.character(key), points, self.armor_absorbed.get(key))
        return self._changed(key, result.character, result,
                             armor_absorbed={**self.armor_absorbed, key: result.absorbed},
                             pending_saves=self._with_save(key, result))

    def reduce(self, key: str, stat: Stat, points: int) -> Step:
        self._check_no_save(key, stat)
        result = reduce_stat(self.character(key), stat, points)
        return self._changed(key, result.character, result,
                             pending_saves=self._with_save(key, result))

    def _pending(self, key: str, stat: Stat) -> PendingSave:
        try:
            return self.pending_saves[(key, stat)]
        except KeyError:
            raise CombatError(f"{key} has no {STAT_LABELS[stat]} Stat Save due") from None

    def _settled(self, key: str, result: SaveResult) -> Step:
        saves = {k: v for k, v in self.pending_saves.items() if k != (key, result.save.stat)}
        return self._changed(key, result.character, result, pending_saves=saves)

    def resolve_save(self, key: str, die: int, stat: Stat = "damage") -> Step:
        return self._settled(key, resolve_save(self.character(key), self._pending(key, stat),
                                               die))

    def roll_save(self, key: str, roller: Roller, stat: Stat = "damage") -> Step:
        return self._settled(key, roll_save(self.character(key), self._pending(key, stat),
                                            roller))

    def spend_pool(self, key: str, stat: Stat, points: int) -> Step:
        result = spend_pool(self.character(key), stat, points)
        return self._changed(key, result.character, result)

    def rest_frames(self, key: str, frames: int = 1) -> Step:
        result = rest_frames(self.character(key), frames)
        return self._changed(key, result.character, result)

    def rest_days(self, key: str, days: int = 1) -> Step:
        """Days of rest: each reduced Stat +1 a day, up through negatives, the pools full
        at the new Stat² (``rest.rest_days``)."""
        result = rest_days(self.character(key), days)
        return self._changed(key, result.character, result)
