"""A Powers fight driven through the GM screen's engine (``gm.RULES``), turn by turn, with
the dice that matter given and the rest rolled from a seed (imported, not collected)."""

from __future__ import annotations

from typing import Any

from desktop.systems.powers.fight.gm import RULES
from desktop.systems.powers.fight.state import PowersFight
from desktop.systems.powers.rules.character import PowersCharacter
from tests.systems.powers.fight.helpers import Loaded


class Table:
    """The fight as the GM runs it: ``act`` waits for the actor's turn, ``next`` passes."""

    def __init__(self, *people: PowersCharacter, seed: int = 3) -> None:
        self.roller = Loaded(seed=seed)
        state = RULES.empty()
        for person in people:
            state = RULES.add(state, person.name, person, "", self.roller)
        out = RULES.start(state, self.roller, {})
        self.state: PowersFight = out.state
        self.log: list[str] = list(out.lines)

    def give(self, why: str, *throws: tuple[int, ...]) -> Table:
        self.roller.give(why, *throws)
        return self

    def next(self) -> list[str]:
        out = RULES.next(self.state, self.roller)
        self.state = out.state
        self.log += out.lines
        return list(out.lines)

    def until(self, who: str) -> Table:
        for _ in range(50):
            if who in self.state.actors():
                return self
            self.next()
        raise AssertionError(f"{who} never got a turn")

    def to_turn(self, number: int) -> list[str]:
        """Pass until combat turn ``number`` opens; its opening lines."""
        lines: list[str] = []
        while self.state.round < number:
            lines = self.next()
        return lines

    def act(self, who: str, action: str, **values: Any) -> list[str]:
        self.until(who)
        return self.do(who, action, **values)

    def do(self, who: str, action: str, **values: Any) -> list[str]:
        """An action now, whoever's turn it is (the GM's own actions)."""
        out = RULES.perform(self.state, who, action, values, self.roller)
        self.state = out.state
        self.log += out.lines
        return list(out.lines)

    def action(self, who: str, action_id: str) -> Any:
        return next((a for a in RULES.actions(self.state, who) if a.id == action_id), None)
