import pytest

from desktop.model.dice_pool import (
    BASE,
    Depletion,
    Die,
    Pool,
    PoolDamage,
    PoolDie,
    StepLadder,
)


@pytest.mark.parametrize(("text", "die", "back"), [
    ("d6", Die(6), "d6"), ("D20", Die(20), "d20"), ("1d8", Die(8), "d8"),
    ("1d4x10", Die(4, 10), "1d4x10"), ("1d20×100", Die(20, 100), "1d20x100"),
])
def test_dice_read_and_write_their_text(text, die, back) -> None:
    assert Die.parse(text) == die
    assert str(die) == back


@pytest.mark.parametrize("text", ["", "d7", "6", "d6x3", "2d6", "dd6"])
def test_a_bad_die_says_what_to_write(text) -> None:
    with pytest.raises(ValueError, match=r"is not a die|ladder|multiplier"):
        Die.parse(text)


def test_faces_carry_the_multiplier() -> None:
    assert Die(4, 10).face_values() == (10, 20, 30, 40)
    assert Die(6).face_values() == (1, 2, 3, 4, 5, 6)


# --- the step ladder ----------------------------------------------------------------------
HIGHER = ((Die(4, 10), 16), (Die(6, 10), 24), (Die(8, 10), 32), (Die(4, 100), 112))


def test_the_ordinary_ladder_steps_one_rung_at_a_time() -> None:
    ladder = StepLadder()
    assert [ladder.up(BASE, n) for n in range(5)] == [
        Die(6), Die(8), Die(10), Die(12), Die(20)]
    assert ladder.die_for(-1) == Die(4)
    assert ladder.cost(Die(4)) == -1 and ladder.cost(Die(20)) == 4
    assert ladder.up(Die(20), 3) == Die(20), "no rung above the d20 without higher steps"
    assert ladder.next_rung(Die(12)) == (Die(20), 1)
    assert ladder.next_rung(Die(20)) is None


def test_higher_rungs_cost_their_steps_from_the_d6() -> None:
    ladder = StepLadder().with_rungs(HIGHER)
    assert ladder.die_for(15) == Die(20), "steps short of a rung stay unused"
    assert ladder.die_for(16) == Die(4, 10)
    assert ladder.up(Die(20), 12) == Die(4, 10)
    assert ladder.next_rung(Die(20)) == (Die(4, 10), 12)
    assert ladder.die_for(500) == Die(4, 100)


def test_steps_spread_over_dice_best_first() -> None:
    ladder = StepLadder().with_rungs(HIGHER)
    assert ladder.spread(3, 12) == (Die(20),) * 3  # Crusader's 3d 12 steps
    assert ladder.spread(3, 96) == (Die(8, 10),) * 3  # The Visionary's 3d8x10
    assert ladder.spread(2, 3) == (Die(10), Die(8))
    assert ladder.spread(0, 5) == ()


def test_a_ladder_must_rise_and_start_at_the_d6() -> None:
    with pytest.raises(ValueError, match="strictly more"):
        StepLadder(((Die(6), 0), (Die(8), 0)))
    with pytest.raises(ValueError, match="from the d6"):
        StepLadder(((Die(8), 1),))
    with pytest.raises(ValueError, match="not on this dice ladder"):
        StepLadder().cost(Die(4, 10))
    with pytest.raises(ValueError, match="below the lowest"):
        StepLadder().die_for(-2)


# --- pool dice and pools ------------------------------------------------------------------


def test_a_check_die_goes_with_checked_depletion_only() -> None:
    assert PoolDie(Die(4, 10), Depletion.CHECKED, 6).weight == 24
    with pytest.raises(ValueError):
        PoolDie(Die(4, 10), Depletion.CHECKED)
    with pytest.raises(ValueError):
        PoolDie(Die(6), Depletion.ON_ONE, 6)


def test_depleting_and_restoring_move_dice_between_pool_and_table() -> None:
    pool = Pool(10).deplete(3)
    assert (pool.ready, pool.on_table, pool.in_play) == (7, 3, 10)
    pool = pool.award(2)
    back, n = pool.restore(1)
    assert n == 1 and (back.awarded, back.depleted, back.ready) == (1, 3, 8)
    back, n = pool.restore(1, awarded_first=False)
    assert n == 1 and (back.awarded, back.depleted) == (2, 2)
    assert pool.restock() == Pool(12)
    assert pool.end_game().awarded == 0
    with pytest.raises(ValueError, match="7 ready"):
        pool.deplete(8)


def test_damage_depletes_or_removes_then_takes_from_the_table() -> None:
    pool, hit = Pool(2, depleted=1, awarded=1).take_damage(5)
    assert hit == PoolDamage(depleted=2, from_table=2, unabsorbed=1)
    assert pool == Pool(0, removed=2, depleted=2) and not pool.gone
    pool, hit = Pool(3).take_damage(2, remove=True)
    assert hit == PoolDamage(removed=2) and pool == Pool(1, removed=2)
    healed, n = pool.heal(5)
    assert n == 2 and healed == Pool(3)


def test_out_and_gone() -> None:
    assert Pool(0, depleted=2).out and not Pool(0, depleted=2).gone
    assert Pool(0, removed=4).gone
    assert Pool(3, depleted=1, removed=2).describe() == "3 ready, 1 depleted, 2 removed"


def test_spend_and_add_change_the_pool_for_good() -> None:
    assert Pool(5).spend(2) == Pool(3)
    assert Pool(5).add(6) == Pool(11)
    with pytest.raises(ValueError):
        Pool(-1)
    with pytest.raises(ValueError):
        Pool(1).add(-1)
