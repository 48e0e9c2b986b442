"""The POW! Sample of Gameplay played through the GM screen's encounter model."""

from __future__ import annotations

import pytest

from desktop.model.encounter import EncounterError
from desktop.systems.encounters import load_encounter, new_encounter, save_encounter
from desktop.systems.pow.fight.tracking import CombatError, current_pool
from desktop.systems.pow.rules.character import PowCharacter, Stats, Weapon

LIZARDS = ("Lizard-man 1", "Lizard-man 2", "Lizard-man 3")


def pc(name: str, **scores: int) -> PowCharacter:
    stats = {s: 1 for s in ("agility", "brawn", "cognition", "damage", "energy", "fellowship")}
    return PowCharacter(name=name, attributes=Stats(**{**stats, **scores}))


def sample_encounter():
    """Numbers as in tests/systems/pow/helpers.py's sample_party (read from the text)."""
    sparky = pc("Sparky", agility=3, brawn=5, energy=2)
    sparky.weapons.append(Weapon(name="Teeth", damage=3))
    cutter = pc("Cutter", agility=5, brawn=3, energy=4)
    cutter.weapons.append(Weapon(name="Throwing knife", damage=1, ranged=True,
                                 adds_brawn=True))  # used both ways: adds Brawn
    lizard = pc("Lizard-man", agility=2, brawn=3, damage=3, energy=2)
    lizard.weapons.append(Weapon(name="Club", damage=2))
    e = new_encounter("pow", "Lizard-men at the ford", seed=11)
    e = e.add_character(pc("Electrobabe", agility=2, damage=3, energy=5), "/party/eb.sheetdesk")
    e = e.add_character(sparky).add_character(cutter)
    return e.add_group(lizard, 3, "Lizard-men")


def test_the_sample_of_gameplay_step_by_step(tmp_path) -> None:
    e = sample_encounter()
    assert list(e.fighters) == ["Electrobabe", "Sparky", "Cutter", *LIZARDS]
    e = e.start({"totals": {"Electrobabe": 7, "Sparky": 12, "Cutter": 11, "Lizard-men": 13}})
    assert e.turn.actors == LIZARDS and e.turn.round == 1
    assert [r.key for r in e.rules.rows(e.state)] == [*LIZARDS, "Sparky", "Cutter",
                                                     "Electrobabe"]
    e = e.perform("Lizard-man 1", "act", {"what": "club Electrobabe"})
    e = e.perform("Electrobabe", "damage", {"points": 5})
    assert e.log[-1].text == "Electrobabe: 5 damage: pool 9→4"
    e = e.perform("Lizard-man 2", "act").perform("Lizard-man 3", "act")

    e = e.next_turn()
    assert e.turn.actors == ("Sparky",)
    e = e.perform("Sparky", "act", {"what": "bite, miss"}).perform("Sparky", "act")
    e = e.perform("Lizard-man 2", "damage", {"points": 8})

    e = e.next_turn()
    assert e.turn.actors == ("Cutter",)
    e = e.perform("Cutter", "act", {"what": "knife"})
    e = e.perform("Lizard-man 2", "react", {"what": "dodge"})
    e = e.perform("Cutter", "act", {"what": "second knife"})
    dodge = {a.id: a for a in e.rules.actions(e.state, "Lizard-man 2")}["react"]
    assert dodge.why_not == "Lizard-man 2 is out of actions"
    with pytest.raises(CombatError, match="out of actions"):
        e.perform("Lizard-man 2", "react")
    e = e.perform("Lizard-man 2", "damage", {"points": 4})
    assert e.character("Lizard-man 2").current_stat("damage") == 0
    e = e.perform("Lizard-man 1", "act", {"what": "club, miss"})

    e = e.next_turn()
    assert e.turn.actors == ("Electrobabe",)
    e = e.perform("Electrobabe", "act", {"what": "Lightning Power"})
    e = e.perform("Lizard-man 1", "damage", {"points": 19})
    assert e.log[-1].text == ("Lizard-man 1: 19 damage: pool 9→0, Damage 3→0, Stat Save "
                              "due: 1d6 ≤ 3 keeps Damage at 0, else Damage -7")
    prompts = [a for a in e.rules.actions(e.state, "Lizard-man 1") if a.prompt]
    assert [a.id for a in prompts] == ["save:damage"]
    e = e.perform("Lizard-man 1", "save:damage", {"die": 4})
    assert e.log[-1].text == "Lizard-man 1: Stat Save 4 > 3: Damage 3→-7 (down: no more actions)"
    e = e.perform("Electrobabe", "spend", {"stat": "energy", "points": 10})
    assert current_pool(e.character("Electrobabe"), "energy") == 15
    e = e.perform("Cutter", "react", {"what": "run behind a tree"})
    e = e.perform("Lizard-man 3", "act", {"what": "flee"})
    e = e.add_condition("Lizard-man 3", "Fleeing")

    e = e.next_turn()
    assert e.turn.round == 2 and e.turn.actors == ("Lizard-man 2", "Lizard-man 3")
    assert "lost unspent actions: Electrobabe 4, Cutter 1" in e.log[-2].text
    down = {r.key: r for r in e.rules.rows(e.state)}["Lizard-man 1"]
    assert down.out and "down" in down.status

    path = tmp_path / "ford.encounter"
    save_encounter(path, e)
    again = load_encounter(path)
    assert [str(x) for x in again.log] == [str(x) for x in e.log]
    assert again.character("Lizard-man 1").current_stat("damage") == -7
    assert again.fighters["Electrobabe"].path == "/party/eb.sheetdesk"
    assert again.conditions_of("Lizard-man 3")[0].text == "Fleeing"


def test_rolled_initiative_and_saves_repeat_with_the_seed() -> None:
    one = sample_encounter().start().perform("Lizard-man 1", "damage", {"points": 19})
    one = one.perform("Lizard-man 1", "save:damage")
    two = sample_encounter().start().perform("Lizard-man 1", "damage", {"points": 19})
    two = two.perform("Lizard-man 1", "save:damage")
    assert [str(x) for x in one.log] == [str(x) for x in two.log]
    assert "Initiative: " in one.log[-4].text or any("Initiative" in x.text for x in one.log)


def test_a_timer_ends_on_the_turn_of_whoever_set_it() -> None:
    e = sample_encounter().start({"totals": {"Electrobabe": 7, "Sparky": 12, "Cutter": 11,
                                             "Lizard-men": 13}})
    e = e.next_turn()  # Sparky's turn
    e = e.add_condition("Lizard-man 1", "Stunned", rounds=1)
    assert e.conditions_of("Lizard-man 1")[0].anchor == "Sparky"
    e = e.next_turn().next_turn()  # Cutter, Electrobabe
    e = e.next_turn()  # frame 2: Lizard-men
    assert e.conditions_of("Lizard-man 1"), "still stunned until Sparky's next turn"
    e = e.next_turn()
    assert e.turn.actors == ("Sparky",)
    assert not e.conditions_of("Lizard-man 1")
    assert e.log[-1].text == "Lizard-man 1: Stunned ends (Sparky's turn)"


def test_the_encounter_refuses_what_the_rules_refuse() -> None:
    e = sample_encounter()
    with pytest.raises(EncounterError, match="start the fight first"):
        e.next_turn()
    with pytest.raises(CombatError, match="has not started"):
        e.perform("Sparky", "act")
    with pytest.raises(EncounterError, match="no combatant"):
        e.perform("Nobody", "damage", {"points": 1})
    assert e.perform("Sparky", "damage", {"points": 2}).log[-1].text.startswith("Sparky: 2")


def test_the_dice_roller_applies_the_books_modifiers() -> None:
    # The GM types the book's modifiers after the Difficulty (Ranged Combat: "twice that
    # range adds +5"; Darkness & Light: "Low light increases Difficulty by 5").
    from desktop.systems.pow.fight.gm import RULES

    names = [p.name for p in RULES.check_spec().params]
    assert names[:2] == ["stat", "difficulty"] and {"point_blank", "surprise"} <= set(names)
    values = {p.name: p.default for p in RULES.check_spec().params}
    values.update(stat=2, difficulty="12 x2 dim")
    odds = RULES.check_odds(values)  # 12 +5 (range ×2) +5 (low light) = 22
    assert odds.setup == "Stat 2 vs Difficulty 22"
    assert odds.detail.startswith("12 +5 range ×2 +5 dim. Needs 20+ on 2d6")
    values.update(difficulty="10", surprise=True, point_blank=True)
    assert RULES.check_odds(values).setup == "Stat 2 vs Difficulty 0"  # −5 −5
    values.update(difficulty="10 x2")  # point blank and twice the range: refused
    with pytest.raises(ValueError, match="point blank"):
        RULES.check_odds(values)
    with pytest.raises(ValueError, match="not a modifier"):
        RULES.check_odds({**values, "difficulty": "10 banana"})
    # Scripts may still give a number and the fields by name.
    scripted = RULES.check_odds({"stat": 2, "difficulty": 10, "cooperation": 3})
    assert scripted.setup == "Stat 2 vs Difficulty 7"


def test_the_dice_tab_offers_the_modifiers_as_numbers_toggles_and_choices() -> None:
    """The GM screen's check takes the book's modifiers as inputs (Combat
    Basics, Ranged Combat: +5 per multiple past the first; Difficulty Modifiers:
    cooperation −1 per ally, Darkness & Light), the same as the one-line text form."""
    from desktop.systems.pow.fight.gm import RULES

    names = [p.name for p in RULES.check_spec().params]
    for name in ("range_multiple", "point_blank", "cooperation", "size_diff",
                 "bad_weather", "darkness_light", "distractions", "prone", "surprise"):
        assert name in names
    typed = RULES.check_odds({"stat": 3, "difficulty": 10, "range_multiple": 2,
                              "cooperation": 2, "darkness_light": "1"})
    text = RULES.check_odds({"stat": 3, "difficulty": "10 x2 allies2 dark"})
    assert typed == text and typed.setup == "Stat 3 vs Difficulty 23"
    plain = RULES.check_odds({"stat": 3, "difficulty": 10, "darkness_light": ""})
    assert plain.setup == "Stat 3 vs Difficulty 10"



def test_rows_work_out_again_only_the_cells_of_a_changed_character(monkeypatch) -> None:
    """Damage to one combatant: its Stat cells are worked out again, the others' are
    kept (a 200-combatant roster refreshes in time), and every row is right."""
    import desktop.systems.pow.fight.gm as gm

    e = sample_encounter().start({"totals": {"Electrobabe": 7, "Sparky": 12, "Cutter": 11,
                                             "Lizard-men": 13}})
    before = {r.key: r.cells for r in e.rules.rows(e.state)}
    worked: list[str] = []
    real = gm._stat_cell
    monkeypatch.setattr(gm, "_stat_cell",
                        lambda character, stat: (worked.append(character.name),
                                                 real(character, stat))[1])
    hit = e.perform("Lizard-man 2", "damage", {"points": 2})
    after = {r.key: r.cells for r in hit.rules.rows(hit.state)}
    assert len(worked) == len(gm.STATS)  # one character's Stats
    damage = hit.rules.columns.index("Damage")
    assert after["Lizard-man 2"][damage] != before["Lizard-man 2"][damage]
    assert {k: v for k, v in after.items() if k != "Lizard-man 2"} == {
        k: v for k, v in before.items() if k != "Lizard-man 2"}
    assert {r.key: r.cells for r in e.rules.rows(e.state)} == before  # as after an undo
