"""POW! damage and stat reduction: Dave and Ed's worked example (POW!, Taking Damage, Sample
Frame - Armor and Damage Demo), armor's Frame and Damage Ratings, Stat Reduction, pool
points paid, and the property that every point of damage is accounted for."""

from __future__ import annotations

from fractions import Fraction

import pytest
from hypothesis import given
from hypothesis import strategies as st

from desktop.systems.pow.fight.damage import reduce_stat, spend_pool, take_damage
from desktop.systems.pow.fight.saves import PendingSave, resolve_save
from desktop.systems.pow.fight.tracking import CombatError
from desktop.systems.pow.rules.character import Armor, PowCharacter, Stats
from desktop.systems.pow.rules.derived import derive
from tests.systems.pow.helpers import SPIKED_PADDED, dave, dave_after_two_hits, ed, pc

# --- Dave and Ed (POW!, Taking Damage, Sample Frame - Armor and Damage Demo) ----------


def test_clubs_do_five_with_brawn_one() -> None:
    assert derive(ed()).weapon_damage[0].damage == 5


def test_ed_unarmored_takes_all_five() -> None:
    hit = take_damage(ed(), 5)
    assert (hit.pool_before, hit.pool_after) == (4, 0)
    assert (hit.stat_before, hit.stat_after) == (2, 1)
    assert hit.armor == () and hit.save is None
    assert hit.character.tracking.stats == {"damage": 1}
    assert hit.character.tracking.pools == {"damage": 0}
    assert hit.describe() == "5 damage: pool 4→0, Damage 2→1"


def test_dave_armor_absorbs_frame_rating_then_nothing_more_that_frame() -> None:
    first = take_damage(dave(), 5)
    assert first.armor_absorbed == 3
    assert (first.pool_before, first.pool_after) == (4, 2)
    assert first.stat_after == 2
    assert first.character.armor[0].damage_rating_left == 17
    assert first.absorbed == {0: 3}
    assert first.describe() == "5 damage: armor absorbs 3 (FR 3, DR 20→17), pool 4→2"

    second = take_damage(first.character, 5, first.absorbed)
    assert second.armor_absorbed == 0
    assert second.character.armor[0].damage_rating_left == 17  # "His armor is unharmed"
    assert (second.pool_before, second.pool_after) == (2, 0)
    assert second.to_stat == 3
    assert second.save == PendingSave("damage", score=2, excess=1)
    assert second.save.odds == Fraction(1, 3)
    assert second.stat_after == 0  # stands at 0 until the save is settled
    assert second.describe() == (
        "5 damage: armor absorbs 0 (FR 3 used up this frame), pool 2→0, Damage 2→0, "
        "Stat Save due: 1d6 ≤ 2 keeps Damage at 0, else Damage -1")


def test_armor_frame_rating_renews_next_frame_and_wears_down() -> None:
    second = dave_after_two_hits()
    third = take_damage(second.character, 5)  # a new frame: no absorbed state passed
    assert third.armor_absorbed == 3
    assert third.character.armor[0].damage_rating_left == 14


def test_worn_through_armor_absorbs_nothing() -> None:
    wearer = dave()
    wearer.armor[0] = SPIKED_PADDED.model_copy(update={"damage_rating_left": 2})
    hit = take_damage(wearer, 5)
    assert hit.armor_absorbed == 2
    assert hit.character.armor[0].damage_rating_left == 0
    again = take_damage(hit.character, 1)
    assert again.armor_absorbed == 0
    assert again.describe() == "1 damage: armor absorbs 0 (worn through), pool 1→0"


def test_armor_not_worn_absorbs_nothing() -> None:
    wearer = dave()
    wearer.armor[0] = SPIKED_PADDED.model_copy(update={"worn": False})
    assert take_damage(wearer, 5).armor == ()


def test_inputs_are_never_changed() -> None:
    original = dave()
    before = original.model_dump()
    take_damage(original, 9)
    reduce_stat(original, "brawn", 3)
    spend_pool(original, "energy", 1)
    assert original.model_dump() == before


def test_a_result_stays_as_it_is_when_the_next_hit_lands() -> None:
    """A copy shares what did not change with the character it came from (the GM's undo
    keeps every state), so no later hit may change an earlier one."""
    first = take_damage(dave(), 5)
    kept = first.character.model_dump()
    second = take_damage(first.character, 9, first.absorbed)
    reduce_stat(second.character, "damage", 2)
    take_damage(first.character, 3)  # next frame: the armor wears down further
    assert first.character.model_dump() == kept
    assert second.character.tracking != first.character.tracking


# --- Stat Reduction -------------------------------------------------------------------


def test_book_brawn_two_takes_four_to_pool_then_two_to_the_stat() -> None:
    hit = reduce_stat(pc(brawn=2), "brawn", 6)
    assert (hit.pool_before, hit.pool_after, hit.stat_after, hit.save) == (4, 0, 0, None)
    assert hit.describe() == "6 Brawn reduction: Brawn pool 4→0, Brawn 2→0"


def test_reduction_below_zero_of_any_stat_asks_for_a_save() -> None:
    hit = reduce_stat(pc(cognition=3), "cognition", 9 + 5)
    assert hit.save == PendingSave("cognition", 3, 2)
    assert resolve_save(hit.character, hit.save, 4).character.current_stat("cognition") == -2
    assert resolve_save(hit.character, hit.save, 3).character.current_stat("cognition") == 0


def test_a_stat_at_zero_cannot_save_and_falls_further() -> None:
    hit = take_damage(pc(damage=0), 2)
    assert hit.save is None
    assert hit.stat_after == -2
    assert hit.describe() == "2 damage: pool 0→0, Damage 0→-2, no Stat Save from Damage 0"


def test_reduced_stat_makes_its_special_unusable_through_derive() -> None:
    from desktop.systems.pow.rules.character import Special

    strong = pc(brawn=3)
    strong.specials.append(Special(name="Burst of Strength", stat="brawn", minimum=3))
    hit = reduce_stat(strong, "brawn", 10)
    assert hit.character.current_stat("brawn") == 2
    assert derive(hit.character).usable_specials == {"Burst of Strength": False}


def test_negative_points_are_refused() -> None:
    with pytest.raises(CombatError):
        take_damage(pc(), -1)
    with pytest.raises(CombatError):
        reduce_stat(pc(), "brawn", -1)


# --- Pool points paid -----------------------------------------------------------------


def test_spend_pool_refuses_more_than_the_pool() -> None:
    with pytest.raises(CombatError, match="Energy pool holds 4, not 5"):
        spend_pool(pc(energy=2), "energy", 5)


# --- Properties -----------------------------------------------------------------------


@given(
    damage=st.integers(0, 5),
    pool_taken=st.integers(0, 25),
    frame_rating=st.integers(0, 8),
    damage_rating=st.integers(0, 30),
    hits=st.lists(st.integers(0, 40), max_size=6),
    die=st.integers(1, 6),
)
def test_every_point_of_damage_is_accounted_for(
    damage: int, pool_taken: int, frame_rating: int, damage_rating: int,
    hits: list[int], die: int,
) -> None:
    who = PowCharacter(attributes=Stats(damage=damage),
                       armor=[Armor(name="Suit", frame_rating=frame_rating,
                                    damage_rating=damage_rating)])
    who.tracking.pools["damage"] = max(0, damage * damage - pool_taken)
    absorbed: dict[int, int] = {}
    total_absorbed = 0
    for points in hits:
        hit = take_damage(who, points, absorbed)
        stat_loss = hit.stat_before - hit.stat_after
        excess = hit.save.excess if hit.save else 0
        assert hit.armor_absorbed + hit.to_pool + stat_loss + excess == points
        if hit.save is None:  # above the save: absorbed + pool + stat loss = damage
            assert hit.armor_absorbed + hit.to_pool + stat_loss == points
        assert hit.pool_after >= 0
        total_absorbed += hit.armor_absorbed
        assert total_absorbed <= frame_rating
        who, absorbed = hit.character, dict(hit.absorbed)
        if hit.save:
            settled = resolve_save(who, hit.save, die)
            assert settled.character.current_stat("damage") == (
                0 if die <= hit.stat_before else hit.stat_before - hit.to_stat)
            who = settled.character
    left = who.armor[0].damage_rating_left
    assert (damage_rating if left is None else left) == damage_rating - total_absorbed
