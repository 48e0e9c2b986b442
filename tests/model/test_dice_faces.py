"""Dice faces: a pool's dice as a sheet shows them, in order, and counted by size."""

from __future__ import annotations

from desktop.model.dice_faces import DieMark, pool_faces, summary


def test_pool_faces_put_ready_then_depleted_awarded_and_damaged_dice() -> None:
    faces = pool_faces(["d20", "d12", "d8", "d8"], depleted=1, damaged=1, awarded=1)
    assert [(f.text, f.mark) for f in faces] == [
        ("d20", DieMark.READY), ("d12", DieMark.READY),
        ("d6", DieMark.DEPLETED),  # a stepped-up die that depletes reverts to a d6
        ("d6", DieMark.AWARDED), ("d8", DieMark.DAMAGED)]
    # More depleted or damaged dice than the pool holds are clamped, never invented.
    assert len(pool_faces(["d6"] * 2, depleted=5, damaged=5)) == 2


def test_summary_counts_dice_by_size_in_order() -> None:
    assert summary(["d20", "d20", "d12", "1d8x10", "1d8x10"]) == "2d20 1d12 2d8×10"
    assert summary([]) == ""
