"""The POW! attack on the GM screen's engine: attacker, target and weapon, the Difficulty
from the target, the damage from the weapon, the action spent and the roller named in
the log, played through the book's Sample of Gameplay; and the optional Combat Tactics
and Leadership."""

from __future__ import annotations

import pytest

from desktop.model.encounter import Encounter
from desktop.systems.encounters import new_encounter
from desktop.systems.pow.fight.tracking import CombatError, current_pool
from desktop.systems.pow.rules.character import Options, PowCharacter, Stats, Weapon

TEETH, CLUB = "0", "0"


def pc(name: str, **scores: int) -> PowCharacter:
    stats = dict.fromkeys(("agility", "brawn", "cognition", "damage", "energy",
                           "fellowship"), 1)
    return PowCharacter(name=name, attributes=Stats(**{**stats, **scores}))


def ford() -> Encounter:
    """The Sample of Gameplay: Electrobabe, Sparky, Cutter and three Lizard-men."""
    sparky = pc("Sparky", agility=3, brawn=5, energy=2)
    sparky.weapons.append(Weapon(name="Teeth", damage=3))
    cutter = pc("Cutter", agility=5, brawn=3, energy=4)
    cutter.weapons.append(Weapon(name="Throwing knife", damage=1, ranged=True,
                                 adds_brawn=True))
    lizard = pc("Lizard-man", agility=2, brawn=3, damage=3, energy=2)
    lizard.weapons.append(Weapon(name="Club", damage=2))
    e = new_encounter("pow", "Lizard-men at the ford", seed=11)
    e = e.add_character(pc("Electrobabe", agility=2, damage=3, energy=5))
    e = e.add_character(sparky).add_character(cutter).add_group(lizard, 3, "Lizard-men")
    return e.start({"totals": {"Electrobabe": 7, "Sparky": 12, "Cutter": 11,
                               "Lizard-men": 13}})


def attack(e: Encounter, who: str, target: str, dice: str, **values: object) -> Encounter:
    return e.perform(who, "attack", {"target": target, "dice": dice, **values})


def test_the_sample_of_gameplay_as_attacks() -> None:
    e = ford()
    # "the Lizards need a 12, 13 and 15 to hit Electrobabe, Sparky and Cutter"
    first = e.rules.actions(e.state, "Lizard-man 1")[0]
    assert first.id == "attack" and first.enabled
    assert first.param("weapon").default == CLUB  # its weapon, not bare hands
    assert "Electrobabe 12: 16.7 %; Sparky 13: 8.3 %; Cutter 15: 0 %" in first.hint
    # "he swings and (rolls a 10 and adds the Lizard's Agility) he gets a 12. It's a hit.
    # His club does 2 points and he has a Brawn of 3, so that's 5 points."
    e = attack(e, "Lizard-man 1", "Electrobabe", "6 4", weapon=CLUB)
    assert e.log[-2].text == (
        "Lizard-man 1 attacks Electrobabe with Club (Difficulty 12 = Electrobabe's "
        "Agility 2 + 10): Lizard-man 1 rolls 2d6 [6, 4] + Agility 2 = 12 vs 12: hit, "
        "5 damage")
    # "Ow! I only have 4 left in my Damage Pool."
    assert e.log[-1].text == "Electrobabe: 5 damage: pool 9→4"
    assert e.state.fight.actions["Lizard-man 1"] == 1  # the action is spent
    e = attack(e, "Lizard-man 2", "Sparky", "1 2", weapon=CLUB)
    assert e.log[-1].text.endswith("= 5 vs 13: miss")  # "The other two fail"

    e = e.next_turn()
    # "(rolls a 4) I got a 4, plus Agility is 7. I hit?" "Nope."
    e = attack(e, "Sparky", "Lizard-man 2", "1 3", weapon=TEETH)
    assert e.log[-1].text.endswith("+ Agility 3 = 7 vs 12: miss")
    # "That's 9, plus 3 is 12. That hit?" "Yep." "Brawn is 5, plus my teeth do 3, so 8"
    e = attack(e, "Sparky", "Lizard-man 2", "4 5", weapon=TEETH)
    assert "= 12 vs 12: hit, 8 damage" in e.log[-2].text
    assert e.log[-1].text == "Lizard-man 2: 8 damage: pool 9→1"

    e = e.next_turn()
    # "by spending an action to dodge, the Lizard increased difficulty to 15, plus 2 is
    # 17. Hence, a miss."
    e = attack(e, "Cutter", "Lizard-man 2", "4 6", weapon="0", defence="dodging")
    assert e.log[-2].text == "Lizard-man 2 reacts (dodges Cutter): 1 action, 0 left"
    assert "(Difficulty 17 = Lizard-man 2's Agility 2 + 15)" in e.log[-1].text
    assert e.log[-1].text.endswith("= 15 vs 17: miss")
    # "He's out of actions so he can't dodge."
    with pytest.raises(CombatError, match="cannot dodge: Lizard-man 2 is out of actions"):
        attack(e, "Cutter", "Lizard-man 2", "4 5", weapon="0", defence="dodging")
    # "That's 9 plus 5 is 14 to hit." "That's 1 for the knife and 3 for Brawn … 4."
    e = attack(e, "Cutter", "Lizard-man 2", "4 5", weapon="0")
    assert "= 14 vs 12: hit, 4 damage" in e.log[-2].text
    # "This puts the Lizard at exactly 0 Damage."
    assert e.character("Lizard-man 2").current_stat("damage") == 0
    assert current_pool(e.character("Lizard-man 2"), "damage") == 0
    assert e.state.fight.actions["Cutter"] == 2  # "I'm holding my other two actions"


def test_lightning_power_rolls_with_energy() -> None:
    """"plus I add Energy instead of Agility for this because it's my Lightning Power,
    so I got a 14 to hit." """
    e = ford().next_turn().next_turn().next_turn()
    e = attack(e, "Electrobabe", "Lizard-man 1", "4 5", stat="energy")
    assert "+ Energy 5 = 14 vs 12: hit" in e.log[-2].text


def test_the_attack_waits_for_the_turn_and_a_stat_below_0() -> None:
    e = ford()
    action = e.rules.actions(e.state, "Sparky")[0]
    assert action.why_not == "Sparky cannot act before its turn; it may only react"
    e = e.next_turn().perform("Sparky", "reduce", {"stat": "agility", "points": 13})
    e = e.perform("Sparky", "save:agility", {"die": 6})
    # "the Stat is reduced below 0, and that Stat cannot be used for anything (combat,
    # other actions, Specials, etc.)"
    action = e.rules.actions(e.state, "Sparky")[0]
    assert action.why_not.startswith("Agility -")
    assert "cannot be used for anything (combat, other actions, Specials, etc.)" in \
        action.why_not
    with pytest.raises(CombatError, match="cannot be used for anything"):
        attack(e, "Sparky", "Lizard-man 1", "6 6", weapon=TEETH)


def test_brawn_below_0_causes_no_damage() -> None:
    """"if her Brawn is reduced below 0, she cannot do anything that requires Brawn, such
    as causing damage" """
    e = ford().next_turn()
    e = e.perform("Sparky", "reduce", {"stat": "brawn", "points": 31})
    e = e.perform("Sparky", "save:brawn", {"die": 6})
    assert e.character("Sparky").current_stat("brawn") < 0
    with pytest.raises(CombatError, match="no damage unarmed"):
        attack(e, "Sparky", "Lizard-man 1", "6 6", weapon="")
    with pytest.raises(CombatError, match="needs Brawn to cause damage"):
        attack(e, "Sparky", "Lizard-man 1", "6 6", weapon=TEETH)


def test_criticals_double_the_damage() -> None:
    """"If a player's total (natural initial roll plus Stat) exactly matches the
    Difficulty, the action has double effects (double damage in combat, etc.)" """
    lizard = pc("Lizard-man", agility=2, brawn=3, damage=3, energy=2).model_copy(
        update={"options": Options(criticals=True)})
    lizard.weapons.append(Weapon(name="Club", damage=2))
    e = new_encounter("pow", "criticals", seed=1).add_character(lizard)
    e = e.add_character(pc("Electrobabe", agility=2, damage=3, energy=5))
    e = e.start({"totals": {"Lizard-man": 13, "Electrobabe": 7}})
    e = attack(e, "Lizard-man", "Electrobabe", "5 5", weapon=CLUB)
    assert e.log[-2].text.endswith(
        "= 12 vs 12: hit (critical: double effect), 10 damage (critical: doubled)")
    assert e.log[-1].text.startswith("Electrobabe: 10 damage: pool 9→0, Damage 3→2")


def _tacticians() -> Encounter:
    on = Options(combat_tactics=True)
    coach = pc("Coach", agility=1, cognition=4, fellowship=3, energy=2).model_copy(
        update={"options": on})
    brute = pc("Brute", agility=1, brawn=2, energy=2)
    foe = pc("Foe", agility=2, energy=2)
    e = new_encounter("pow", "tactics", seed=2)
    e = e.add_character(coach).add_character(brute).add_character(foe)
    return e.start({"totals": {"Coach": 12, "Brute": 10, "Foe": 5}})


def test_combat_leadership_adds_the_advisers_fellowship() -> None:
    """"For every Full Frame in which a character does nothing but explicitly offer
    tactical advice to another, their Fellowship Stat is added to that other person's
    roll for any combat-related action." """
    e = _tacticians()
    e = e.perform("Coach", "advise", {"ally": "Brute"})
    assert e.state.fight.actions["Coach"] == 0  # the whole frame
    e = e.next_turn()
    hint = e.rules.actions(e.state, "Brute")[0].hint
    assert "Now +3 to the roll (Coach's Fellowship, leadership)" in hint
    e = attack(e, "Brute", "Foe", "3 3")
    assert ("2d6 [3, 3] + Agility 1 + 3 (Coach's Fellowship, leadership) = 10 vs 12: "
            "miss") in e.log[-1].text
    e = attack(e, "Brute", "Foe", "4 4")
    assert "= 12 vs 12: hit, 2 damage" in e.log[-2].text  # every combat roll this frame
    # Ours: the advice lasts the frame it is given in.
    e = e.next_turn().next_turn().next_turn()
    assert e.turn.round == 2 and e.turn.actors == ("Brute",)
    e = attack(e, "Brute", "Foe", "4 4")
    assert "+ Agility 1 = 9 vs 12: miss" in e.log[-1].text


def test_combat_tactics_adds_cognition_to_the_first_check_of_the_next_frame() -> None:
    """"they can add their Cognition to the first Difficulty check they make in the
    next frame." """
    e = _tacticians()
    e = e.perform("Coach", "size_up", {})
    e = e.next_turn().next_turn().next_turn()  # frame 2, the Coach's turn
    assert e.turn.round == 2
    e = attack(e, "Coach", "Foe", "3 4")
    assert "+ Agility 1 + 4 (Cognition, tactics) = 12 vs 12: hit" in e.log[-2].text
    e = attack(e, "Coach", "Foe", "3 4")  # the first check only
    assert "+ Agility 1 = 8 vs 12: miss" in e.log[-1].text


def test_with_the_optional_rule_off_nothing_changes() -> None:
    e = _tacticians()
    ids = [a.id for a in e.rules.actions(e.state, "Brute")]
    assert "advise" not in ids and "size_up" not in ids
    with pytest.raises(CombatError, match="optional rule"):
        e.perform("Brute", "advise", {"ally": "Coach"})


def test_a_target_whose_agility_is_below_0_counts_it_as_0() -> None:
    """The app's reading of "that Stat cannot be used for anything": a foe's Agility below
    0 neither helps nor hinders the one attacking it, and the log says so."""
    e = ford()
    e = e.perform("Electrobabe", "reduce", {"stat": "agility", "points": 7})
    e = e.perform("Electrobabe", "save:agility", {"die": 6})
    e = attack(e, "Lizard-man 1", "Electrobabe", "4 4", weapon=CLUB)
    assert ("(Difficulty 10 = Electrobabe's Agility -1, which cannot be used: 0 + 10)"
            in e.log[-2].text)
