"""POW! combat for the GM screen: initiative, frames and actions, damage, saves, rest.

Pure Python, no Qt. Nothing is mutated in place, so a UI can keep the old value for undo:

* Character functions (``take_damage``, ``reduce_stat``, ``resolve_save``, ``spend_pool``,
  ``rest_frames``, ``rest_days``) take a ``PowCharacter`` and return a result object
  holding a *deep copy* with the new ``tracking`` / ``armor.damage_rating_left`` and
  the numbers of what happened (``describe()`` gives the log line).
* ``Encounter`` is a frozen snapshot of a fight: combatants, the initiative order, the
  frame, whose turn it is, actions left, armor absorbed this frame and Stat Saves still
  due. Each operation returns a ``Step``: the next snapshot plus one logged event.

Readings of our own where the book and RULINGS.md are silent are marked "Ours:".
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field, replace
from fractions import Fraction
from typing import Literal, Protocol

from desktop.model.dice import Roller, Throw
from desktop.systems.pow.rules.character import STAT_LABELS, STATS, PowCharacter, Stat
from desktop.systems.pow.rules.derived import actions_for, pool_of
from desktop.systems.pow.rules.dice import stat_save_odds


class CombatError(ValueError):
    """An operation the rules do not allow now; the message says why, for the UI."""


# --- reading and writing a character's tracking -------------------------------------


def current_pool(character: PowCharacter, stat: Stat) -> int:
    """The pool now: an absent entry means full, and never above current stat²."""
    cap = pool_of(character.current_stat(stat))
    return max(0, min(character.tracking.pools.get(stat, cap), cap))


def _updated(
    character: PowCharacter,
    stats: Mapping[Stat, int] | None = None,
    pools: Mapping[Stat, int] | None = None,
) -> PowCharacter:
    """A deep copy with new current stats/pools; entries back at full are dropped,
    keeping the file's "absent means full" convention (character.Tracking)."""
    new = character.model_copy(deep=True)
    for stat, value in (stats or {}).items():
        if value == new.attributes.get(stat):
            new.tracking.stats.pop(stat, None)
        else:
            new.tracking.stats[stat] = value
    for stat, value in (pools or {}).items():
        score = new.attributes.get(stat)
        if new.current_stat(stat) == score and value == pool_of(score):
            new.tracking.pools.pop(stat, None)
        else:
            new.tracking.pools[stat] = value
    return new


# --- armor ------------------------------------------------------------------------------

Absorbed = Mapping[int, int]
"""Per-frame armor state: index in ``character.armor`` → points absorbed this frame."""


@dataclass(frozen=True)
class ArmorAbsorb:
    """What one worn piece of armor did against one hit."""

    index: int
    name: str
    frame_rating: int
    absorbed: int
    rating_before: int
    rating_after: int
    frame_left: int
    """Frame Rating still unused this frame after the hit."""

    def describe(self, label: str) -> str:
        if self.absorbed:
            return (f"{label} absorbs {self.absorbed} (FR {self.frame_rating}, "
                    f"DR {self.rating_before}→{self.rating_after})")
        why = "worn through" if self.rating_before == 0 else (
            f"FR {self.frame_rating} used up this frame")
        return f"{label} absorbs 0 ({why})"


def _absorb(
    character: PowCharacter, points: int, absorbed: Absorbed
) -> tuple[PowCharacter, tuple[ArmorAbsorb, ...], dict[int, int], int]:
    """Run a hit through the worn armor (RULINGS POW! 5): each piece takes up to what is
    left of its Frame Rating this frame and of its Damage Rating. Returns the copy with
    worn-down armor, what each piece did, the new per-frame state and what gets through.

    Ours: the book shows one suit; with several worn pieces, they absorb in list order.
    """
    new = character.model_copy(deep=True)
    state = dict(absorbed)
    pieces: list[ArmorAbsorb] = []
    for index, armor in enumerate(new.armor):
        if not armor.worn:
            continue
        rating = armor.damage_rating if armor.damage_rating_left is None else (
            armor.damage_rating_left)
        used = state.get(index, 0)
        take = max(0, min(points, armor.frame_rating - used, rating))
        points -= take
        state[index] = used + take
        if take:
            armor.damage_rating_left = rating - take
        pieces.append(ArmorAbsorb(index, armor.name, armor.frame_rating, take, rating,
                                  rating - take, max(0, armor.frame_rating - used - take)))
    return new, tuple(pieces), state, points


# --- stat reduction, damage and the Stat Save -------------------------------------------


@dataclass(frozen=True)
class PendingSave:
    """A Stat Save the caller must resolve with a d6 (RULINGS POW! 1).

    While it is pending the stat stands at 0; a d6 at or below ``score`` keeps it
    there, a higher one drops it to ``-excess``.
    """

    stat: Stat
    score: int
    """The stat before the blow: the most the d6 may show."""
    excess: int
    """Points beyond 0: how far below 0 a failed save leaves the stat."""

    @property
    def odds(self) -> Fraction:
        return stat_save_odds(self.score)

    @property
    def fail_value(self) -> int:
        return -self.excess

    def describe(self) -> str:
        label = STAT_LABELS[self.stat]
        return (f"Stat Save due: 1d6 ≤ {self.score} keeps {label} at 0, "
                f"else {label} {self.fail_value}")


@dataclass(frozen=True)
class Reduction:
    """What one hit or stat reduction did, in numbers (POW!, Taking Damage; Stat
    Reduction): armor first (damage only), then the pool, then the stat."""

    character: PowCharacter
    """The character afterwards (the stat at 0 while ``save`` is pending)."""
    stat: Stat
    points: int
    armor: tuple[ArmorAbsorb, ...]
    absorbed: Absorbed
    """Per-frame armor state after this hit: pass it to the next hit of the frame."""
    pool_before: int
    pool_after: int
    stat_before: int
    stat_after: int
    save: PendingSave | None
    damage: bool
    """A damage hit (through armor) rather than a reduction of some stat."""

    @property
    def armor_absorbed(self) -> int:
        return sum(piece.absorbed for piece in self.armor)

    @property
    def to_pool(self) -> int:
        return self.pool_before - self.pool_after

    @property
    def to_stat(self) -> int:
        """Points that reached the stat, including any beyond 0."""
        return self.points - self.armor_absorbed - self.to_pool

    def describe(self) -> str:
        label = STAT_LABELS[self.stat]
        head = f"{self.points} damage" if self.damage else f"{self.points} {label} reduction"
        parts: list[str] = []
        for piece in self.armor:
            parts.append(piece.describe("armor" if len(self.armor) == 1 else piece.name))
        pool = "pool" if self.damage else f"{label} pool"
        parts.append(f"{pool} {self.pool_before}→{self.pool_after}")
        if self.stat_after != self.stat_before or self.to_stat:
            parts.append(f"{label} {self.stat_before}→{self.stat_after}")
            if self.save is None and self.stat_after < 0 and self.stat_before <= 0:
                parts.append(f"no Stat Save from {label} {self.stat_before}")
        if self.save is not None:
            parts.append(self.save.describe())
        return f"{head}: " + ", ".join(parts)


def _reduce(
    character: PowCharacter, stat: Stat, points: int
) -> tuple[PowCharacter, int, int, int, int, PendingSave | None]:
    if points < 0:
        raise CombatError(f"cannot reduce by {points}: give 0 or more points")
    pool_before = current_pool(character, stat)
    stat_before = character.current_stat(stat)
    pool_after = max(0, pool_before - points)
    to_stat = points - (pool_before - pool_after)
    save = None
    if to_stat == 0:
        stat_after = stat_before
    elif stat_before > 0 and to_stat > stat_before:
        # The blow would take the stat below 0: it stops at 0 until the save says more.
        save = PendingSave(stat, stat_before, to_stat - stat_before)
        stat_after = 0
    else:
        # Landing exactly on 0 needs no save; a stat already at 0 or below cannot save
        # (RULINGS POW! 1), so it simply falls further.
        stat_after = stat_before - to_stat
    new = _updated(character, {stat: stat_after}, {stat: pool_after})
    return new, pool_before, pool_after, stat_before, stat_after, save


def reduce_stat(character: PowCharacter, stat: Stat, points: int) -> Reduction:
    """Reduce any stat: pool first, then the stat, with a Stat Save below 0 (POW!, Stat
    Reduction). Armor only stops damage, so it is not involved here."""
    new, pool_before, pool_after, stat_before, stat_after, save = _reduce(
        character, stat, points)
    return Reduction(new, stat, points, (), {}, pool_before, pool_after, stat_before,
                     stat_after, save, damage=False)


def take_damage(
    character: PowCharacter, points: int, absorbed: Absorbed | None = None
) -> Reduction:
    """A hit of ``points`` damage: worn armor, then the Damage pool, then the Damage stat.

    ``absorbed`` is what each piece of armor already absorbed this frame (from the
    previous hit's ``Reduction.absorbed``); start each frame with None or {}.
    """
    if points < 0:
        raise CombatError(f"cannot take {points} damage: give 0 or more points")
    armored, pieces, state, through = _absorb(character, points, absorbed or {})
    new, pool_before, pool_after, stat_before, stat_after, save = _reduce(
        armored, "damage", through)
    return Reduction(new, "damage", points, pieces, state, pool_before, pool_after,
                     stat_before, stat_after, save, damage=True)


@dataclass(frozen=True)
class SaveResult:
    character: PowCharacter
    save: PendingSave
    die: int
    throw: Throw | None
    """The recorded throw when the d6 was rolled here; None when it was given."""

    @property
    def success(self) -> bool:
        return self.die <= self.save.score

    @property
    def stat_after(self) -> int:
        return 0 if self.success else self.save.fail_value

    def describe(self) -> str:
        label = STAT_LABELS[self.save.stat]
        if self.success:
            return f"Stat Save {self.die} ≤ {self.save.score}: {label} stays at 0"
        return (f"Stat Save {self.die} > {self.save.score}: {label} "
                f"{self.save.score}→{self.stat_after}")


def resolve_save(
    character: PowCharacter, save: PendingSave, die: int, throw: Throw | None = None
) -> SaveResult:
    """Settle a pending Stat Save with the d6 shown (rolled at the table or here)."""
    if not 1 <= die <= 6:
        raise CombatError(f"a d6 shows 1 to 6, not {die}")
    result = SaveResult(character, save, die, throw)
    new = _updated(character, {save.stat: result.stat_after}, {save.stat: 0})
    return replace(result, character=new)


def roll_save(character: PowCharacter, save: PendingSave, roller: Roller) -> SaveResult:
    throw = roller.throw(1, 6, why="stat save")
    return resolve_save(character, save, throw.total, throw)


@dataclass(frozen=True)
class PoolSpend:
    """Pool points paid for a Special (e.g. Lightning Power: 10 Energy per use)."""

    character: PowCharacter
    stat: Stat
    points: int
    before: int
    after: int

    def describe(self) -> str:
        what = STAT_LABELS[self.stat]
        return f"spends {self.points} {what}: {what} pool {self.before}→{self.after}"


def spend_pool(character: PowCharacter, stat: Stat, points: int) -> PoolSpend:
    """Pay pool points. Ours: a Special's pool cost cannot be paid from the stat, so
    spending more than the pool holds is refused (a reduction is ``reduce_stat``)."""
    before = current_pool(character, stat)
    if points < 0:
        raise CombatError(f"cannot spend {points} points")
    if points > before:
        raise CombatError(f"{STAT_LABELS[stat]} pool holds {before}, not {points}")
    new = _updated(character, pools={stat: before - points})
    return PoolSpend(new, stat, points, before, before - points)


# --- rest -------------------------------------------------------------------------------


@dataclass(frozen=True)
class Recovery:
    character: PowCharacter
    unit: Literal["frame", "day"]
    count: int
    stats: Mapping[Stat, tuple[int, int]]
    """Stats that changed: (before, after)."""
    pools: Mapping[Stat, tuple[int, int]]
    """Pools that changed: (before, after)."""

    def describe(self) -> str:
        plural = "" if self.count == 1 else "s"
        changes = [f"{STAT_LABELS[s]} {a}→{b}" for s, (a, b) in self.stats.items()]
        changes += [f"{STAT_LABELS[s]} pool {a}→{b}" for s, (a, b) in self.pools.items()]
        return f"rests {self.count} {self.unit}{plural}: " + (
            ", ".join(changes) if changes else "nothing to recover")


def rest_frames(character: PowCharacter, frames: int = 1) -> Recovery:
    """Each pool refills 1 per frame of rest, up to the current stat² (RULINGS POW! 6).
    Ours: every pool refills at once, each at its own rate of 1 per frame."""
    if frames < 0:
        raise CombatError(f"cannot rest {frames} frames")
    pools: dict[Stat, tuple[int, int]] = {}
    for stat in STATS:
        before = current_pool(character, stat)
        after = min(pool_of(character.current_stat(stat)), before + frames)
        if after != before:
            pools[stat] = (before, after)
    new = _updated(character, pools={s: after for s, (_, after) in pools.items()})
    return Recovery(new, "frame", frames, {}, pools)


def days_to_recover(character: PowCharacter, stat: Stat) -> int:
    """Days of rest until a reduced stat is back, counting up through negatives."""
    return max(0, character.attributes.get(stat) - character.current_stat(stat))


def rest_days(character: PowCharacter, days: int = 1, refill_pools: bool = True) -> Recovery:
    """A reduced stat returns 1 per day of rest, up through negatives (Brawn −2 → 3 takes
    5 days; RULINGS POW! 6).

    Ours: a day of rest holds far more than the 25 frames any pool needs, so by default
    the pools end the day full at the new stat² ("Only after a day's rest, when Energy
    returned to 5, could the Stat pool refill back up to a total of 25"). Pass
    ``refill_pools=False`` to raise the stats only.
    """
    if days < 0:
        raise CombatError(f"cannot rest {days} days")
    stats: dict[Stat, tuple[int, int]] = {}
    pools: dict[Stat, tuple[int, int]] = {}
    new_stats: dict[Stat, int] = {}
    new_pools: dict[Stat, int] = {}
    for stat in STATS:
        score = character.attributes.get(stat)
        before = character.current_stat(stat)
        after = max(before, min(score, before + days))
        pool_before = current_pool(character, stat)
        pool_after = pool_of(after) if refill_pools else pool_before
        new_stats[stat], new_pools[stat] = after, pool_after
        if after != before:
            stats[stat] = (before, after)
        if pool_after != pool_before:
            pools[stat] = (pool_before, pool_after)
    return Recovery(_updated(character, new_stats, new_pools), "day", days, stats, pools)


# --- initiative -------------------------------------------------------------------------


@dataclass(frozen=True)
class Combatant:
    """One fighter in an encounter. Combatants with the same ``group`` (e.g. three
    Lizard-men) share one initiative; each still has its own actions and damage."""

    key: str
    """Unique in the encounter; shown in the log."""
    character: PowCharacter
    group: str = ""

    @property
    def slot(self) -> str:
        """The name of its place in the initiative order."""
        return self.group or self.key


def combatant(character: PowCharacter, key: str | None = None, group: str = "") -> Combatant:
    return Combatant(key or character.name or "Unnamed", character, group)


def make_group(template: PowCharacter, count: int, group: str | None = None) -> tuple[
        Combatant, ...]:
    """A quick group ("3 Lizard-men"): copies of one character, keyed "<name> 1"…"""
    if count < 1:
        raise CombatError(f"a group needs at least one member, not {count}")
    name = template.name or "NPC"
    return tuple(
        Combatant(f"{name} {i}", template.model_copy(deep=True), group or name)
        for i in range(1, count + 1)
    )


@dataclass(frozen=True)
class Slot:
    """One place in the initiative order: a combatant or a whole group."""

    name: str
    members: tuple[str, ...]
    total: int
    agility: int | None
    """None when the total was given by hand."""
    roll: Throw | None
    tiebreaks: tuple[Throw, ...] = ()
    """Re-rolls among the tied (why="tie"); the higher re-roll goes first."""

    def describe(self) -> str:
        how = "given" if self.roll is None else f"{self.roll} + Agility {self.agility}"
        ties = "".join(f", tie {t}" for t in self.tiebreaks)
        return f"{self.name} {self.total} ({how}{ties})"


def _rank(
    names: list[str], score: Mapping[str, int], roller: Roller | None,
    tiebreaks: dict[str, list[Throw]],
) -> list[str]:
    """Highest first; the tied re-roll 2d6 among themselves until they differ.
    Ours: the tie-break is a bare 2d6 ("additional rolls"), Agility is not added again."""
    ranked: list[str] = []
    for value in sorted(set(score.values()), reverse=True):
        tied = [n for n in names if score[n] == value]
        if len(tied) == 1:
            ranked += tied
            continue
        if roller is None:
            raise CombatError(f"initiative tie at {value} between {', '.join(tied)}: "
                              "a roller is needed to break it")
        rerolls = {n: roller.throw(2, 6, why="tie") for n in tied}
        for n, throw in rerolls.items():
            tiebreaks[n].append(throw)
        ranked += _rank(tied, {n: t.total for n, t in rerolls.items()}, roller, tiebreaks)
    return ranked


def roll_initiative(
    combatants: Sequence[Combatant],
    roller: Roller | None = None,
    totals: Mapping[str, int] | None = None,
) -> tuple[Slot, ...]:
    """Agility + 2d6 per slot, highest first (POW!, Combat Situations).

    ``totals`` gives hand-rolled totals by slot name (a group's name or a key); the
    rest roll with ``roller``. A group rolls once with its first member's current
    Agility (ours: a group is copies of one character).
    """
    totals = dict(totals or {})
    members: dict[str, list[str]] = {}
    agility: dict[str, int] = {}
    keys = [c.key for c in combatants]
    for c in combatants:
        if keys.count(c.key) > 1:
            raise CombatError(f"two combatants are called {c.key!r}")
        if c.group and c.group in keys:
            raise CombatError(f"group {c.group!r} has the name of a combatant")
        members.setdefault(c.slot, []).append(c.key)
        agility.setdefault(c.slot, c.character.current_stat("agility"))
    unknown = set(totals) - set(members)
    if unknown:
        raise CombatError(f"initiative given for {', '.join(sorted(unknown))}, "
                          "who is not in the encounter")
    rolls: dict[str, Throw] = {}
    score: dict[str, int] = {}
    for name in members:
        if name in totals:
            score[name] = totals[name]
        elif roller is None:
            raise CombatError(f"no initiative for {name}: give a total or a roller")
        else:
            rolls[name] = roller.throw(2, 6)
            score[name] = agility[name] + rolls[name].total
    tiebreaks: dict[str, list[Throw]] = {name: [] for name in members}
    order = _rank(list(members), score, roller, tiebreaks)
    return tuple(
        Slot(name, tuple(members[name]), score[name],
             agility[name] if name in rolls else None, rolls.get(name),
             tuple(tiebreaks[name]))
        for name in order
    )


# --- the encounter: frames, turns and actions -------------------------------------------


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
    order: tuple[Slot, ...]

    def describe(self) -> str:
        return "Initiative: " + "; ".join(slot.describe() for slot in self.order)


@dataclass(frozen=True)
class FrameStarted:
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
    """Its Damage is below 0: unconscious or dying (ours: no more actions this frame)."""

    def describe(self) -> str:
        text = f"{self.key}: {self.detail.describe()}"
        return text + " (down: no more actions)" if self.out else text


@dataclass(frozen=True)
class Step:
    """One operation's outcome: the next snapshot and what to log."""

    encounter: Encounter
    event: Event


def _acts_last(character: PowCharacter) -> bool:
    return actions_for(character.current_stat("energy")) == (1, True)


def _actions_at_frame_start(character: PowCharacter) -> int:
    # Ours: Damage below 0 means unconscious or dying (POW!, Stat Saves): no actions.
    if character.current_stat("damage") < 0:
        return 0
    return actions_for(character.current_stat("energy"))[0]


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
        return replace(self, frame=frame, turns=(*regular, *late), turn=0,
                       actions=granted, granted=dict(granted), full_frame=frozenset(),
                       armor_absorbed={})

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
