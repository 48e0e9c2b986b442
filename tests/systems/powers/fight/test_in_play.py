"""Duration in play (Component Listing, Duration), RoT Fading and RoT Increase
(Resistance), Touch and Personal range (Range), each a fight through the GM screen's
engine with the draft's words quoted."""

from __future__ import annotations

from typing import Any

import pytest

from desktop.systems.powers.fight.attack import power_named, resist_pool
from desktop.systems.powers.fight.tracking import CombatError
from desktop.systems.powers.rules.character import Attributes, PowersCharacter
from tests.systems.powers.fight.helpers import MELEE, RANGED, damage, faces, power
from tests.systems.powers.fight.table import Table


def duration(name: str, turns: int | None = None) -> dict[str, Any]:
    out: dict[str, Any] = {"kind": "duration", "duration": name}
    if turns is not None:
        out["turns"] = turns
    return out


def resistance(rating: int, *modifiers: dict[str, Any], kind: str = "general"
               ) -> dict[str, Any]:
    return {"kind": "resistance", "rating": rating, "type": kind,
            "modifiers": list(modifiers)}


def person(name: str, *powers: Any, **attributes: int) -> PowersCharacter:
    values = {"agility": 6, "intelligence": 6, "resilience": 4, "willpower": 5,
              "strength": 4, "health": 30, **attributes}
    return PowersCharacter(name=name, attributes=Attributes(**values), powers=list(powers))


def bob(*powers: Any) -> PowersCharacter:
    return person("Bob", power("Punch", MELEE, damage(4)), *powers)


def dave(*powers: Any) -> PowersCharacter:
    return person("Dave", *powers)


def resisting_now(table: Table, who: str = "Dave") -> int:
    """Dice ``who`` resists Bob's Punch with this combat turn."""
    line = power_named(table.state.character("Bob"), "Punch").damage[0]
    pool, _how = resist_pool(table.state.character(who), line,
                             counts=table.state.counts(who))
    return pool.dice


# ----------------------------------------------------------------- Duration


def test_delayed_lands_that_many_turns_later() -> None:
    """"Delayed (turns): As with instant, but will be calculated a number of turns after
    the character activates it." Bob's Slow Bomb (Delayed 2), used in turn 1, rolls no
    die then and lands at the start of turn 3."""
    bomb = power("Slow Bomb", RANGED, duration("delayed", 2), damage(6))
    table = Table(bob(bomb), dave())
    used = table.act("Bob", "attack:Slow Bomb", target="Dave")
    assert used == ["Bob uses Slow Bomb: Slow Bomb is Delayed (2): it lands at the start of "
                    "turn 3 (as with Instant, calculated then) (Component Listing, Duration)",
                    "Bob aims Slow Bomb at Dave"]
    assert "Slow Bomb delayed, lands at the start of turn 3" in table.state.active_text("Bob")
    opening = table.to_turn(2)
    assert not any("Slow Bomb" in line for line in opening)
    table.give("attack Bob", faces(4, 6)).give("defence Dave", faces(1, 6))
    table.give("damage Bob", faces(3, 6)).give("resist Dave", faces(1, 4))
    opening = table.to_turn(3)
    landed = [line for line in opening if "Slow Bomb" in line]
    assert landed[0] == "Bob's Slow Bomb lands now (turn 3)"
    assert landed[1].startswith("Bob attacks Dave with Slow Bomb: 6 dice vs Agility 6 dice")
    assert landed[2].endswith(": 5 normal damage (resisted with Resilience)")  # 3 + 3 − 1
    assert table.state.character("Dave").tracking.damage.normal == 5
    assert table.roller.spent() and not table.state.pending


def test_build_up_ties_the_user_up_and_a_failed_concentration_roll_loses_it() -> None:
    """"Build Up (turns): As with Delayed, but the character is considered actively using
    the power for the duration of these turns. Doing other tasks will require a
    concentration roll." Ours: the GM sets the roll's attribute and hits; failing it
    loses the power."""
    storm = power("Psi Storm", RANGED, duration("build_up", 3), damage(8))
    table = Table(bob(storm), dave())
    table.do("Bob", "rules", concentration="intelligence", concentration_hits=2)
    assert "concentration roll on Intelligence needing 2 hits" in table.log[-1]
    assert "the GM's to set" in table.log[-1]
    table.act("Bob", "attack:Psi Storm", target="Dave")
    assert table.log[-2].endswith("it lands at the start of turn 4 (actively used until "
                                  "then: other tasks need a concentration roll) (Component "
                                  "Listing, Duration)")
    table.to_turn(2)
    move = table.action("Bob", "move")
    table.until("Bob")
    punch = table.action("Bob", "attack:Punch")
    assert "concentration roll first (Intelligence 6 dice needing 2 hits" in punch.hint
    assert move is not None
    table.give("concentration Bob", faces(1, 6))
    lines = table.act("Bob", "move", normal=2)
    assert lines[0].startswith("Bob is actively using Psi Storm (Build Up/Build Down: "
                               "\"Doing other tasks will require a concentration roll\"): "
                               "Intelligence 6 dice needing 2 hits: ")
    assert "concentration broken: Psi Storm is lost" in lines[0]
    assert lines[1].startswith("Bob moves"), "the other task still happens"
    assert not table.state.pending and table.state.busy_with("Bob") is None
    opening = table.to_turn(4)
    assert not any("Psi Storm" in line for line in opening)


def test_build_up_kept_lands_and_build_down_ties_up_after() -> None:
    """A kept concentration roll: the Build Up lands. "Build Down (turns): Like build up,
    but the character is considered actively using the power for a number of turns
    after the power has activated": it rolls now, and ties Bob up the turn after."""
    storm = power("Psi Storm", RANGED, duration("build_up", 2), damage(8))
    blast = power("Afterglow", RANGED, duration("build_down", 1), damage(3))
    table = Table(bob(storm, blast), dave())
    table.act("Bob", "attack:Psi Storm", target="Dave")
    table.give("attack Bob", faces(3, 6)).give("defence Dave", faces(0, 6))
    table.give("damage Bob", faces(2, 8)).give("resist Dave", faces(0, 4))
    opening = table.to_turn(3)
    assert "Bob's Psi Storm lands now (turn 3)" in opening
    assert table.state.character("Dave").tracking.damage.normal == 5
    table.give("attack Bob", faces(1, 6)).give("defence Dave", faces(0, 6))
    table.give("damage Bob", faces(1, 3)).give("resist Dave", faces(0, 4))
    lines = table.act("Bob", "attack:Afterglow", target="Dave")
    assert lines[0] == ("Bob uses Afterglow: Afterglow is Build Down (1): actively used "
                        "through turn 4; other tasks need a concentration roll (Component "
                        "Listing, Duration)")
    assert lines[1].startswith("Bob attacks Dave with Afterglow"), "it lands at once"
    table.to_turn(4)
    table.give("concentration Bob", faces(1, 5))  # Willpower 5 needing 1 hit: kept
    lines = table.act("Bob", "attack:Punch", target="Dave")
    assert "concentration kept" in lines[0]
    opening = table.to_turn(5)
    assert "Bob is no longer actively using Afterglow" in opening
    assert table.state.busy_with("Bob") is None


def test_time_counts_its_turns_and_instant_only_the_turn_used() -> None:
    """"Time (turns): As with Toggled, but lasts for a certain number of turns." and
    "Instant: … all effects are calculated in that same turn": Dave's Iron Skin (Time 2,
    +3) counts in turns 1 and 2; his Brace (Instant, +2) only in the turn he uses it."""
    skin = power("Iron Skin", duration("time", 2), resistance(3))
    brace = power("Brace", resistance(2))
    table = Table(bob(), dave(skin, brace))
    assert resisting_now(table) == 4, "not used yet: Resilience alone"
    lines = table.act("Dave", "power", power="Iron Skin")
    assert "Iron Skin is Time (2): it lasts through turn 2" in lines[-1]
    assert resisting_now(table) == 7
    table.to_turn(2)
    assert resisting_now(table) == 7
    table.act("Dave", "power", power="Brace")
    assert resisting_now(table) == 9
    opening = table.to_turn(3)
    assert "Dave's Iron Skin runs out (Time: \"lasts for a certain number of turns\")" \
        in opening
    assert resisting_now(table) == 4, "Time (2) has run out and Brace was last turn's"


def test_toggled_counts_while_on_and_stops_when_switched_off() -> None:
    """"Toggled: Like Always On, but the character can deactivate/reactivate at will."
    "Always On: The power is on constantly": it counts without being used."""
    field = power("Force Field", duration("toggled"), resistance(4))
    hide = power("Thick Hide", duration("always_on"), resistance(1))
    table = Table(bob(), dave(field, hide))
    assert resisting_now(table) == 5
    table.act("Dave", "power", power="Force Field")
    assert resisting_now(table) == 9
    table.to_turn(3)
    assert resisting_now(table) == 9
    assert table.action("Dave", "power_off").enabled
    lines = table.do("Dave", "power_off", power="Force Field")
    assert lines == ["Dave switches Force Field off (Toggled: \"can deactivate/reactivate at "
                     "will\"; ours: switching off is free)"]
    table.to_turn(4)
    assert resisting_now(table) == 5
    assert table.action("Dave", "power_off").why_not == "no Toggled power is switched on"


# ----------------------------------------------------------------- RoT


def test_rot_fading_halves_each_turn_after() -> None:
    """"RoT Fading: For each turn after the power is triggered, its effective rating is
    halved, rounding down." Instant, +5: 5, 2, 1, 0."""
    shell = power("Shell", resistance(5, {"id": "rot_fading"}))
    table = Table(bob(), dave(shell))
    table.act("Dave", "power", power="Shell")
    seen = [resisting_now(table) - 4]
    for turn in (2, 3, 4):
        table.to_turn(turn)
        seen.append(resisting_now(table) - 4)
    assert seen == [5, 2, 1, 0]


def test_rot_fading_starts_when_a_timed_power_would_finish() -> None:
    """"For powers with a timer, or toggled powers, this effect starts when the power
    would normally finish." Time (2), +5: 5, 5, then 2, 1."""
    shell = power("Shell", duration("time", 2), resistance(5, {"id": "rot_fading"}))
    table = Table(bob(), dave(shell))
    table.act("Dave", "power", power="Shell")
    seen = [resisting_now(table) - 4]
    for turn in (2, 3, 4, 5):
        table.to_turn(turn)
        seen.append(resisting_now(table) - 4)
    assert seen == [5, 5, 2, 1, 0]


def test_rot_increase_doubles_for_the_turns_stated() -> None:
    """"RoT Increase: As above, but the effective rating doubles each turn for the
    duration stated." Ours: the stated 3 turns count the first: 2, 4, 8, then over."""
    swell = power("Swell", resistance(2, {"id": "rot_increase", "turns": 3}))
    table = Table(bob(), dave(swell))
    table.act("Dave", "power", power="Swell")
    seen = [resisting_now(table) - 4]
    for turn in (2, 3, 4):
        table.to_turn(turn)
        seen.append(resisting_now(table) - 4)
    assert seen == [2, 4, 8, 0]


def test_a_weakness_always_counts() -> None:
    """"Resistance can be negative (resulting in a weakness to damage)". Ours: a
    weakness counts whatever its duration."""
    table = Table(bob(), dave(power("Glass Jaw", resistance(-2))))
    assert resisting_now(table) == 2


def test_the_damage_roll_uses_what_counts_now() -> None:
    """The roll itself shows it: Force Field switched on adds its dice in the log."""
    field = power("Force Field", duration("toggled"), resistance(4))
    table = Table(bob(), dave(field))
    table.act("Dave", "power", power="Force Field")
    table.give("attack Bob", faces(2, 6)).give("defence Dave", faces(0, 6))
    table.give("damage Bob", faces(1, 4)).give("resist Dave", faces(0, 8))
    lines = table.act("Bob", "attack:Punch", target="Dave")
    assert " vs Resilience (Force Field +4) 8 dice (" in lines[1]


# ----------------------------------------------------------------- Range


def test_touch_the_melee_hit_is_part_of_using_the_power() -> None:
    """"Touch: Character must make a melee hit on the target to use the power": one
    action, one power this turn; a miss heals nobody."""
    mend = power("Laying On", {"kind": "range", "range": "melee",
                               "modifiers": [{"id": "touch"}]},
                 {"kind": "healing", "rating": 3})
    medic = person("Medic", mend)
    hurt = dave().model_copy(deep=True)
    hurt.tracking.damage.normal = 5
    table = Table(medic, hurt)
    table.give("attack Medic", faces(0, 6)).give("defence Dave", faces(1, 6))
    lines = table.act("Medic", "heal:Laying On:0", target="Dave")
    assert lines[0].startswith("Medic attacks Dave with Laying On (Touch: the melee hit that "
                               "uses the power)")
    assert lines[-1].startswith("Laying On does not heal Dave: no touch")
    assert table.state.character("Dave").tracking.damage.normal == 5
    assert table.state.has_used("Medic", "power")
    table.to_turn(2)
    table.give("attack Medic", faces(2, 6)).give("defence Dave", faces(0, 6))
    lines = table.act("Medic", "heal:Laying On:0", target="Dave")
    assert lines[-2] == "Laying On touches Dave: the power takes effect"
    assert lines[-1].startswith("Medic uses Laying On on Dave: 3 normal healed")


def test_a_personal_damage_power_cannot_target_another() -> None:
    """"The default range is Personal. This means that the power can only target the
    character using the power.\""""
    aura = power("Burning Aura", damage(3, types=("fire",)))
    table = Table(bob(aura), dave()).until("Bob")
    offered = table.action("Bob", "attack:Burning Aura")
    assert offered.why_not.startswith("Personal range: \"the power can only target the "
                                      "character using the power\"")
    with pytest.raises(CombatError, match="Personal range"):
        table.do("Bob", "attack:Burning Aura", target="Dave")


def test_a_build_up_whose_user_is_knocked_out_does_not_land() -> None:
    """Ours: "actively using the power" needs a user who can act; knocked out before it
    lands, the Build Up is lost."""
    storm = power("Psi Storm", RANGED, duration("build_up", 2), damage(8))
    table = Table(bob(storm), dave())
    table.act("Bob", "attack:Psi Storm", target="Dave")
    table.do("Bob", "damage", points=30, kind="stun")
    opening = table.to_turn(3)
    assert any(line.startswith("Bob's Psi Storm lands now (turn 3): no, Bob stopped "
                               "building it up (unconscious") for line in opening)
    assert table.state.character("Dave").tracking.damage.normal == 0
