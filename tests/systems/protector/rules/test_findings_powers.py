"""Findings on powers (and their effects): links, latent powers, pools, steps."""

from __future__ import annotations

from desktop.model.findings import Severity
from desktop.systems.protector.rules.character import Effect, EventLink, Power
from desktop.systems.protector.rules.derived import derive
from tests.systems.protector.helpers import finished, has

E, W, I = Severity.ERROR, Severity.WARNING, Severity.INFO  # noqa: E741


def test_power_findings() -> None:
    powers = [
        Power(name="A", category="freedom", application="Flight", active=True,
              event=EventLink(decade=0, event=0)),  # active without dice
        Power(name="B", category="freedom", application="Flight", energy_dice=1,
              effects=[Effect(name="Ranged")], event=EventLink(decade=3, event=0)),
        Power(name="C", category="generate", application="Energy beam", active=True,
              energy_dice=1, effects=[Effect(name="Long Ranged"), Effect(name="Huge Area"),
                                      Effect(name="Fast Burn"), Effect(name="Fast Burn"),
                                      Effect(name="Laser"), Effect(name="Limit")],
              steps=30, event=EventLink(decade=0, event=0)),
        Power(name="D", category="amplification", application="Charm", active=True,
              energy_dice=1, steps=10, dice=[10], event=EventLink(decade=0, event=0),
              depleted=5),
    ]
    derived = derive(finished(power_count=4, powers=powers))
    assert has(derived, E, "A is active: activating a power costs at least 1", "powers.0")
    assert has(derived, E, "B is latent but has 1 energy dice", "powers.1.energy_dice")
    assert has(derived, W, "B is latent: its effects and steps are bought", "powers.1")
    assert has(derived, E, "B answers Event 1 of Decade 4, which the character does not "
                           "have", "powers.1.event")
    assert has(derived, E, "C: Long Ranged requires Ranged", "powers.2.effects.0")
    assert has(derived, E, "C: Huge Area requires Large Area", "powers.2.effects.1")
    assert has(derived, E, "C: Fast Burn taken twice", "powers.2.effects.3")
    assert has(derived, W, "'Laser' is not in the book's list", "powers.2.effects.4")
    assert has(derived, W, "say how the Limit limits it", "powers.2.effects.5.note")
    assert has(derived, E, "C: its effects and steps cost", "powers.2")
    assert has(derived, W, "D amplifies 'Charm', which is not one of the character's traits")
    assert has(derived, I, "D: 6 steps on its dice buy nothing until the next die up")
    assert has(derived, I, "D: steps come 3 for a pool die; 2 more paid for")
    assert has(derived, E, "D: 5 dice depleted or damaged of a pool of 4", "powers.3.depleted")
    assert has(derived, W, "the book gives") is False


def test_a_power_without_its_event_is_a_warning_once_the_path_is_past_it() -> None:
    derived = derive(finished(power_count=2, powers=[
        Power(name="Flight", category="freedom", application="Flight"),
        Power(name="Heal", category="heal")]))
    # Power 1 is the life path's next step (its Event): no warning for it yet.
    assert derived.next_step.kind == "power_event" and derived.next_step.power == 0
    assert not has(derived, W, "Flight should answer")
    assert has(derived, W, "Heal should answer one of the character's Events", "powers.1")


def test_dice_per_die_fixed_in_another_era() -> None:
    moved = derive(finished(powers=[Power(name="F", category="freedom", application="Flight",
                                          active=True, energy_dice=1, dice_per_die=5,
                                          event=EventLink(decade=0, event=0))]))
    assert has(moved, I, "5 pool dice a die, fixed at activation (WWII gives 8)")
    dead = derive(finished(era="coming_menace_after", powers=[
        Power(name="F", category="freedom", application="Flight", active=True, energy_dice=1,
              dice_per_die=3, event=EventLink(decade=0, event=0))]))
    assert has(dead, W, "The Visionary has died", "powers.0.dice_per_die")
