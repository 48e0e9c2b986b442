"""Helpers the Protector tests share (imported, not collected: no ``test_`` prefix)."""

from __future__ import annotations

from desktop.model.dice import Roller, Throw


class ScriptedRoller(Roller):
    """Throws the faces it is given, one die at a time, in order; a face the die cannot
    show fails the test (a script written for the wrong die)."""

    def __init__(self, faces: list[int]) -> None:
        super().__init__(seed=0)
        self.script = list(faces)

    def throw(self, count: int, sides: int, why: str = "") -> Throw:
        faces = tuple(self.script.pop(0) for _ in range(count))
        assert all(1 <= f <= sides for f in faces), (faces, sides, why)
        result = Throw(sides, faces, why)
        self.throws.append(result)
        return result
