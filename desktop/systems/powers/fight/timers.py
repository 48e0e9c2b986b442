"""Damage, healing and sprint stun that come turn by turn (Component Listing, Damage:
DoT, DoT Fading, DoT Increase; Healing: HoT likewise; Move: sprinting's Stun "applied
as one point per turn").

A ``Timer`` holds the amounts still to come, one per combat turn. The first amount is
applied when the power lands (or the sprint is rolled); the rest tick at the start of
each later combat turn (``tick``). Ours: the ticks are fixed amounts, not rolled again
(the draft gives no roll for them); a timer on a dead combatant stops.

Healing (Healing; "Stun: can only be used to heal stun damage"). Ours: healing takes
off normal damage first, then stun; phantom damage goes only by its Willpower test.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Literal

from desktop.systems.powers.fight.tracking import with_damage
from desktop.systems.powers.rules.character import DamageKind, PowersCharacter

TimerKind = Literal["dot", "hot", "sprint"]
LABELS: dict[TimerKind, str] = {"dot": "DoT", "hot": "HoT", "sprint": "sprint stun"}


@dataclass(frozen=True)
class Timer:
    """Damage, healing or sprint stun still to come on one combatant, one amount a combat turn."""

    target: str
    kind: TimerKind
    source: str
    """What set it: "Bob's Acid Spray", "sprinting"."""
    amounts: tuple[int, ...]
    """Still to come, one per combat turn."""
    damage_kind: DamageKind = "normal"
    """DoT and sprint: the kind recorded; HoT: "stun" heals only stun."""

    def describe(self) -> str:
        """"DoT 4 normal (Bob's Acid Spray, 2 turns left)"."""
        left = len(self.amounts)
        what = ("heals" if self.kind == "hot" else self.damage_kind)
        if self.kind == "hot" and self.damage_kind == "stun":
            what = "heals stun"
        return (f"{LABELS[self.kind]} {self.amounts[0] if self.amounts else 0} {what} "
                f"({self.source}, {left} turn{'' if left == 1 else 's'} left)")


def heal(character: PowersCharacter, points: int, stun_only: bool = False
         ) -> tuple[PowersCharacter, str]:
    """``points`` of healing: stun only, or normal then stun (ours). Returns the copy
    and what it healed, e.g. "3 normal, 1 stun healed"."""
    left, done, parts = points, character, []
    for kind in (("stun",) if stun_only else ("normal", "stun")):
        done, moved = with_damage(done, kind, -left)  # type: ignore[arg-type]
        if moved:
            parts.append(f"{-moved} {kind}")
        left += moved
    return done, (", ".join(parts) + " healed") if parts else "nothing to heal"


def apply_amount(character: PowersCharacter, timer: Timer, amount: int
                 ) -> tuple[PowersCharacter, str]:
    """One step of ``timer`` on ``character``: damage of its kind, or healing."""
    if timer.kind == "hot":
        return heal(character, amount, timer.damage_kind == "stun")
    done, moved = with_damage(character, timer.damage_kind, amount)
    return done, f"{moved} {timer.damage_kind} damage"


def start(timer: Timer, character: PowersCharacter
          ) -> tuple[PowersCharacter, Timer | None, str]:
    """Apply the first amount now; the timer with the rest, or None if none is left."""
    if not timer.amounts:
        return character, None, "nothing"
    done, text = apply_amount(character, timer, timer.amounts[0])
    rest = Timer(timer.target, timer.kind, timer.source, timer.amounts[1:],
                 timer.damage_kind)
    return done, (rest if rest.amounts else None), text


def tick(timer: Timer, character: PowersCharacter
         ) -> tuple[PowersCharacter, Timer | None, str]:
    """A new combat turn: the timer's next amount; its log line says why."""
    done, rest, text = start(timer, character)
    left = len(rest.amounts) if rest else 0
    line = (f"{timer.target}: {LABELS[timer.kind]} from {timer.source}: {text}"
            f" ({left} more turn{'' if left == 1 else 's'})" if left
            else f"{timer.target}: {LABELS[timer.kind]} from {timer.source}: {text} (last turn)")
    return done, rest, line
