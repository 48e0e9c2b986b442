"""Characters into combatants and back: the book's NPCs and an example character."""

from __future__ import annotations

from desktop.model.dice_pool import Die, Pool
from desktop.systems.files import load_character
from desktop.systems.protector.fight.combat import Encounter
from desktop.systems.protector.fight.contests import Side
from desktop.systems.protector.fight.fighter import from_character, to_character
from desktop.systems.protector.fight.pools import Pick
from desktop.systems.protector.rules import catalog, npcs
from tests.systems.protector.helpers import ScriptedRoller


def test_a_slaver_brings_its_shield_and_collar() -> None:
    slaver = from_character(npcs.npc("Slavers"), "Slaver 1")
    assert slaver.key == "Slaver 1" and not slaver.player
    assert slaver.energy == Pool(3)
    shield = slaver.agent("Personal Shield")
    assert shield.pool == Pool(5) and shield.types == {"Defense"}
    assert shield.die("Defense") == Die(20), "Defense 5d 4 steps"
    collar = slaver.agent("Mind Control Collar")
    assert collar.fast_burn and collar.pool == Pool(6)


def test_the_visionary_rolls_higher_steps() -> None:
    visionary = from_character(npcs.npc("The Visionary"))
    assert visionary.energy == Pool(30)
    assert visionary.agent("Super Strength").die() == Die(8, 10)
    assert visionary.agent("See Through Time").die() == Die(4, 100)
    assert visionary.agent("Resilience").no_deplete


def test_an_example_character_fights_a_slaver_and_the_damage_is_saved() -> None:
    hero_file = load_character(catalog.example_characters()["arclight"])
    hero = from_character(hero_file)
    slaver = from_character(npcs.npc("Slavers"), "Slaver")
    enc = Encounter.of([hero, slaver]).start().encounter
    weapon = next(n for n, a in hero.agents.items() if "Weapon" in a.types)
    step = enc.contest(Side.of(hero.key, Pick(Die(6)), Pick(Die(6)), weapon=weapon),
                       Side.of("Slaver", Pick(Die(6)), protection="Personal Shield"),
                       ScriptedRoller([6, 1, 2, 3, 5]))
    # Hero 6 + 1 = 7 (a 1 depletes) beats 2 by 5; the weapon's d10 adds 3 → 8;
    # the shield's d20 takes 5 → 3 points: 2 dice removed from the Slaver.
    after = step.encounter
    assert after.get("Slaver").energy == Pool(1, removed=2)
    saved = to_character(after.get(hero.key), hero_file)
    assert saved.energy.depleted == 1 and hero_file.energy.depleted == 0
    back = from_character(saved)
    assert back.energy == after.get(hero.key).energy
    assert back.agents == after.get(hero.key).agents


def test_depleted_and_damaged_dice_in_the_file_come_along() -> None:
    npc = npcs.npc("Jager Legion Robots").model_copy(deep=True)
    npc.energy.depleted = 1
    npc.agents[1].damaged = 2
    robot = from_character(npc)
    assert robot.energy == Pool(1, depleted=1)
    assert robot.agent("Machine Gun Arm").pool == Pool(1, removed=2)
    assert to_character(robot, npc) == npc


def test_an_invention_brings_its_powers_dice_steps_into_the_fight() -> None:
    """"the device gets a number of dice equal to the super power's pool plus any dice
    steps" (Super Inventions): the invention's die in a roll is its power's stepped die."""
    from desktop.systems.protector.rules.character import Agent, Power, ProtectorCharacter

    inventor = Power(name="Invention", category="generate", application="Invention",
                     invention=True, active=True, energy_dice=1, dice_per_die=12, steps=3)
    suit = Agent(name="Battle suit", types=["defense"], invention_of="Invention",
                 energy_dice=1)
    fighter = from_character(ProtectorCharacter(name="Kit", powers=[inventor],
                                                agents=[suit]))
    assert fighter.agent("Invention").die() == Die(8)
    assert fighter.agent("Battle suit").pool == Pool(11)
    assert fighter.agent("Battle suit").die() == Die(8)
    assert fighter.agent("Battle suit").die("Defense") == Die(8)
