"""The order of play through the rounds (Actions, Order Of Play; Delaying A Turn;
Forcing An Action; RULINGS.md Kruhl 5), as frozen snapshots.

Each round the places of ``initiative`` come in order, then the environment acts last
(falling objects fall, uncontrolled vehicles move). A place is a combatant or a group
acting together. The order never changes:

* a combatant that delays holds its turn and may interrupt any later turn of this round
  or of a later round (it acts then, once); after it the interrupted turn resumes;
* a forced (defensive) action, once per round, gives up the combatant's next available
  turn: a delayed turn still held, else its next place in the order, which is skipped
  with a log line;
* nobody gets more than one turn in a round.

Every operation returns ``(next snapshot, log lines)``. ``out`` is the set of places that
cannot act (every member defeated): they are passed over without a line. Readings of
our own are marked "Ours:".
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field, replace

from desktop.systems.kruhl.fight.initiative import Slot
from desktop.systems.kruhl.fight.tracking import CombatError

ENVIRONMENT = "Environment"
ENVIRONMENT_TEXT = ("Environment: falling objects fall, uncontrolled vehicles move "
                    "(the environment always goes last)")
Lines = tuple[str, ...]


def owner(name: str) -> str:
    """"Soraya's", "Virek-Kohl's lackeys'"."""
    return f"{name}'" if name.endswith("s") else f"{name}'s"


@dataclass(frozen=True)
class Interrupt:
    """A delayed turn being taken now, in the middle of ``interrupted``'s turn."""

    slot: str
    interrupted: str
    """The place whose turn it interrupts, or ENVIRONMENT."""
    resume: bool = True
    """After it the interrupted turn resumes; False: that turn ended with it."""


@dataclass(frozen=True)
class Rounds:
    """A snapshot of the order of play: the round, whose turn it is, turns held or given up."""

    order: tuple[Slot, ...]
    round: int = 1
    cursor: int = 0
    """Index of the place whose turn it is; ``len(order)``: the environment's step."""
    interrupt: Interrupt | None = None
    acted: frozenset[str] = frozenset()
    """Places that have had their turn this round (taken, delayed-and-taken or given up
    for a forced action)."""
    delayed: frozenset[str] = frozenset()
    """Places holding a delayed turn."""
    owed: Mapping[str, tuple[int, ...]] = field(default_factory=dict)
    """Turns given up for forced actions and still to be skipped: the rounds they were
    forced in."""
    forced: Mapping[str, int] = field(default_factory=dict)
    """The last round each place forced an action in (once per round)."""
    newcomers: frozenset[str] = frozenset()
    """Places that joined after the conflict started: the GM may place them."""

    # --- reading

    @property
    def names(self) -> tuple[str, ...]:
        return tuple(s.name for s in self.order)

    @property
    def at_environment(self) -> bool:
        return self.interrupt is None and self.cursor >= len(self.order)

    @property
    def current(self) -> str | None:
        """The place acting now; None during the environment's step."""
        if self.interrupt is not None:
            return self.interrupt.slot
        return self._regular()

    def _regular(self) -> str | None:
        """The place at the cursor (whose turn an interrupt holds up), if any."""
        return self.order[self.cursor].name if 0 <= self.cursor < len(self.order) else None

    def slot(self, name: str) -> Slot:
        for s in self.order:
            if s.name == name:
                return s
        raise CombatError(f"no place in the order called {name!r}")

    def slot_of(self, key: str) -> Slot:
        for s in self.order:
            if key in s.members:
                return s
        raise CombatError(f"{key} has no place in the order")

    def describe_order(self) -> str:
        return "Order of play: " + "; ".join(s.describe() for s in self.order)

    def turn_label(self) -> str:
        if self.interrupt is not None:
            it = self.interrupt
            where = ("before the environment acts" if it.interrupted == ENVIRONMENT
                     else f"interrupting {it.interrupted}")
            return f"{it.slot} (delayed turn, {where})"
        return self.current or ENVIRONMENT

    # --- the turn passing

    @classmethod
    def begin(cls, order: tuple[Slot, ...], out: frozenset[str] = frozenset()
              ) -> tuple[Rounds, Lines]:
        if not order:
            raise CombatError("a conflict needs at least one combatant")
        return cls(order)._seek(0, out)

    def _seek(self, start: int, out: frozenset[str]) -> tuple[Rounds, Lines]:
        """The next place from ``start`` on that takes its turn, skipping those that
        acted already, cannot act, or gave the turn up for a forced action."""
        acted, owed, lines = set(self.acted), dict(self.owed), []
        for index in range(start, len(self.order)):
            name = self.order[index].name
            if name in acted or name in out:
                continue
            if owed.get(name):
                forced_in, *rest = owed[name]
                owed[name] = tuple(rest)
                if not rest:
                    del owed[name]
                acted.add(name)
                lines.append(f"{owner(name)} turn is skipped (given up for a forced action in "
                             f"round {forced_in})")
                continue
            acted.add(name)
            return (replace(self, cursor=index, acted=frozenset(acted), owed=owed,
                            delayed=self.delayed - {name}),
                    (*lines, f"{owner(name)} turn"))
        return (replace(self, cursor=len(self.order), acted=frozenset(acted), owed=owed),
                (*lines, ENVIRONMENT_TEXT))

    def next(self, out: frozenset[str] = frozenset()) -> tuple[Rounds, Lines]:
        """End the turn being taken and pass to the next (a new round after the
        environment's step)."""
        if self.interrupt is not None:
            it = self.interrupt
            done = replace(self, interrupt=None)
            if not it.resume:
                return done._seek(self.cursor + 1, out)
            if done.at_environment:
                return done, ("The environment acts (after the delayed turn)",)
            if done.current == it.interrupted and it.interrupted not in out:
                return done, (f"{owner(it.interrupted)} turn resumes",)
            return done._seek(self.cursor + 1, out)
        if self.at_environment:
            fresh = replace(self, round=self.round + 1, cursor=0, acted=frozenset())
            opened, lines = fresh._seek(0, out)
            return opened, (f"New round: {', '.join(self.names)}, then the environment",
                            *lines)
        return self._seek(self.cursor + 1, out)

    # --- delaying and forcing

    def why_not_delay(self, name: str) -> str | None:
        if self.interrupt is not None or self.current != name:
            return f"{name} may delay only on its own turn (Delaying A Turn)"
        return None

    def delay(self, name: str, out: frozenset[str] = frozenset()) -> tuple[Rounds, Lines]:
        """Hold the turn: the order of play goes on and ``name`` keeps its place."""
        why = self.why_not_delay(name)
        if why:
            raise CombatError(why)
        held = replace(self, delayed=self.delayed | {name}, acted=self.acted - {name})
        passed, lines = held._seek(self.cursor + 1, out)
        return passed, (f"{name} delays: the turn is held to interrupt a later one "
                        "(Delaying A Turn)", *lines)

    def why_not_take_delayed(self, name: str, out: frozenset[str] = frozenset()
                             ) -> str | None:
        if name not in self.delayed:
            return f"{name} holds no delayed turn"
        if name in self.acted:
            return f"{name} has had its turn this round (one turn a round)"
        if name in out:
            return f"{name} is defeated"
        if self.interrupt is not None:
            return f"{self.interrupt.slot} is taking a delayed turn now"
        return None

    def take_delayed(self, name: str, resume: bool = True,
                     out: frozenset[str] = frozenset()) -> tuple[Rounds, Lines]:
        """Use the held turn now, interrupting whoever is acting. Ours: during the
        environment's step it comes before the environment acts, which then does."""
        why = self.why_not_take_delayed(name, out)
        if why:
            raise CombatError(why)
        interrupted = self.current or ENVIRONMENT
        resume = resume or interrupted == ENVIRONMENT
        where = ("before the environment acts" if interrupted == ENVIRONMENT
                 else f"interrupting {owner(interrupted)} turn")
        after = "" if interrupted == ENVIRONMENT else (
            f"; then {owner(interrupted)} turn resumes" if resume else
            f"; {owner(interrupted)} turn ends with it")
        return (replace(self, interrupt=Interrupt(name, interrupted, resume),
                        delayed=self.delayed - {name}, acted=self.acted | {name}),
                (f"{name} takes its delayed turn, {where}{after}",))

    def why_not_force(self, name: str, out: frozenset[str] = frozenset()) -> str | None:
        if self.forced.get(name) == self.round:
            return f"{name} has forced an action this round already (once per round)"
        if self.current == name:
            return (f"it is {owner(name)} turn: dodging is a standard action now "
                    "(Forcing An Action; Dodging)")
        if name in out:
            return f"{name} is defeated"
        return None

    def force(self, name: str, what: str = "", out: frozenset[str] = frozenset()
              ) -> tuple[Rounds, Lines]:
        """A defensive action now (dodge, dive clear, a defensive spell), paid with the
        next available turn."""
        why = self.why_not_force(name, out)
        if why:
            raise CombatError(why)
        doing = f" ({what})" if what else ""
        forced = {**self.forced, name: self.round}
        head = f"{name} forces a defensive action{doing}"
        if name in self.delayed:
            return (replace(self, forced=forced, delayed=self.delayed - {name},
                            acted=self.acted | {name}),
                    (f"{head}: it uses its delayed turn",))
        index = self.names.index(name)
        to_come = name not in self.acted and index > self.cursor and not self.at_environment
        owed = self.owed.get(name, ())
        paid = (self.round if to_come else self.round + 1) + len(owed)
        when = "this round" if paid == self.round else f"round {paid}"
        return (replace(self, forced=forced, owed={**self.owed, name: (*owed, self.round)}),
                (f"{head}: it gives up its next turn ({when})",))

    # --- who is in the order

    def add(self, slot: Slot) -> Rounds:
        """A newcomer takes its place by its initiative (ties after those already
        there), or joins its group's place. Ours: a place already passed this round acts
        from the next round."""
        if slot.name in self.names:
            old = self.slot(slot.name)
            merged = replace(old, members=(*old.members, *slot.members))
            return replace(self, order=tuple(merged if s is old else s for s in self.order))
        at = next((i for i, s in enumerate(self.order) if s.total < slot.total),
                  len(self.order))
        return self._insert(slot, at, self.order)

    def _insert(self, slot: Slot, at: int, order: tuple[Slot, ...]) -> Rounds:
        current = self._regular()
        new_order = (*order[:at], slot, *order[at:])
        names = [s.name for s in new_order]
        cursor = names.index(current) if current in names else len(new_order)
        return replace(self, order=new_order, cursor=cursor,
                       newcomers=self.newcomers | {slot.name})

    def why_not_place(self, name: str) -> str | None:
        if name not in self.newcomers:
            return ("the order of play holds for the conflict: only a newcomer is placed "
                    "by the GM (ours: the chapter does not say where one joins)")
        if name == self.current:
            return f"it is {owner(name)} turn"
        return None

    def place(self, name: str, after: str | None) -> tuple[Rounds, Lines]:
        """Put a newcomer where the GM says: first, or right after ``after``."""
        why = self.why_not_place(name)
        if why:
            raise CombatError(why)
        moving = self.slot(name)
        rest = tuple(s for s in self.order if s.name != name)
        names = [s.name for s in rest]
        if after is not None and after not in names:
            raise CombatError(f"no place in the order called {after!r}")
        at = 0 if after is None else names.index(after) + 1
        current = self._regular()
        new_order = (*rest[:at], moving, *rest[at:])
        new_names = [s.name for s in new_order]
        cursor = new_names.index(current) if current in new_names else len(new_order)
        where = "first" if after is None else f"after {after}"
        return (replace(self, order=new_order, cursor=cursor),
                (f"{name} is placed {where} in the order of play",))

    def remove(self, key: str, out: frozenset[str] = frozenset()) -> Rounds:
        """A combatant leaves; an emptied place leaves the order (the turn passes on if
        it was acting)."""
        slot = self.slot_of(key)
        members = tuple(m for m in slot.members if m != key)
        if members:
            kept = replace(slot, members=members)
            return replace(self, order=tuple(kept if s is slot else s for s in self.order))
        index = self.names.index(slot.name)
        order = tuple(s for s in self.order if s is not slot)
        interrupt, cursor = self.interrupt, self.cursor - (1 if index < self.cursor else 0)
        if interrupt is not None and interrupt.slot == slot.name:
            interrupt = None
        elif interrupt is not None and index == self.cursor:
            # The interrupted place left: after the delayed turn, the next place's turn.
            interrupt, cursor = replace(interrupt, resume=False), index - 1
        gone = replace(
            self, order=order, interrupt=interrupt, cursor=cursor,
            acted=self.acted - {slot.name}, delayed=self.delayed - {slot.name},
            owed={k: v for k, v in self.owed.items() if k != slot.name},
            forced={k: v for k, v in self.forced.items() if k != slot.name},
            newcomers=self.newcomers - {slot.name})
        if index == self.cursor and interrupt is None and self.interrupt is None:
            return gone._seek(gone.cursor, out)[0]
        return gone
