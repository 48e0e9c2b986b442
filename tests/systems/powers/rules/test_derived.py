"""Powers derived values: the draft's examples (Bob, Dave and Nigel), hand-worked pools,
damage kinds apart, Close to Death, Power Ratings under the table in use, findings."""

from __future__ import annotations

import pytest

from desktop.model.findings import Severity
from desktop.systems.files import load_character
from desktop.systems.powers.rules import costs
from desktop.systems.powers.rules.catalog import example_characters, example_power
from desktop.systems.powers.rules.character import PowersCharacter, new_character
from desktop.systems.powers.rules.derived import derive, rating_text
from desktop.systems.powers.rules.dice import p_opposed


def example(name: str) -> PowersCharacter:
    character = load_character(example_characters()[name])
    assert isinstance(character, PowersCharacter)
    return character


def with_powers(*names: str, **attributes: int) -> PowersCharacter:
    c = new_character("Test")
    c.attributes = c.attributes.model_copy(update=attributes)
    c.powers = [example_power(name) for name in names]
    return c


def test_initiative_dice_of_the_drafts_example() -> None:
    """Combat, Basics: Bob has initiative 20, Dave 15 and Nigel 17 (Agility +
    Intelligence)."""
    assert {name: derive(example(name)).initiative_dice
            for name in ("bob", "dave", "nigel")} == {"bob": 20, "dave": 15, "nigel": 17}


def test_bobs_attack_rolls_15_dice_against_daves_7() -> None:
    """Hitting a Target: Agility 10 and Accurate (5) make 15 dice; Dave has Agility 7."""
    bob, dave = derive(example("bob")), derive(example("dave"))
    cannon = next(p for p in bob.powers if p.power.name == "Blammo Cannon")
    assert cannon.attack is not None and cannon.attack.dice == 15
    assert cannon.attack.accurate == 5 and dave.defence_dice["agility"] == 7
    # The odds Bob hits, and with Dave in good cover (+3 to his roll).
    assert p_opposed(15, 0, 7, 3) < p_opposed(15, 0, 7, 0)


def test_super_slap_against_mind_shield() -> None:
    """Damaging a Target, and the Epic Fail example: Dave's Super-Slap rolls its damage
    rating against Bob's Resilience plus his Mind Shield (Willpower: Mind over Matter);
    the PR total for an Epic Fail is both powers' PR added."""
    bob, dave = derive(example("bob")), derive(example("dave"))
    slap = next(p for p in dave.powers if p.power.name == "Super-Slap")
    shield = next(p for p in bob.powers if p.power.name == "Mind Shield")
    assert slap.damage[0].dice == 8 and slap.damage[0].resisted_by == "resilience"
    assert shield.resistance[0].attribute == "willpower"
    assert shield.resistance[0].dice == example("bob").attributes.willpower + 3
    total = bob.power_ratings["Mind Shield"] + dave.power_ratings["Super-Slap"]
    assert total == slap.rating + shield.rating > 0


def test_pools_hand_worked() -> None:
    c = with_powers("Mind Blast", "Phantom Pain", "Iron Fists", "Acid Spit", "Healing Touch",
                    "Taser Gloves", "Iron Skin", strength=9, agility=4, willpower=6,
                    resilience=5)
    lines = {line.power.name: line for line in derive(c).powers}
    blast = lines["Mind Blast"].damage[0]
    assert (blast.dice, blast.resisted_by, blast.kinds) == (5, "willpower", ("normal",))
    pain = lines["Phantom Pain"].damage[0]
    assert pain.kinds == ("phantom",) and pain.phantom_rating == 5
    fists = lines["Iron Fists"].damage[0]
    assert (fists.dice, fists.source) == (9, "strength")  # Attribute Linked
    assert "halving" in lines["Acid Spit"].damage[0].over_time
    assert lines["Taser Gloves"].damage[0].kinds == ("stun",)
    touch = lines["Healing Touch"]
    assert touch.attack is not None and touch.attack.touch and touch.attack.dice == 4
    assert touch.healing[0].points == 2 and "3 turns" in touch.healing[0].over_time
    skin = lines["Iron Skin"]
    assert [(r.type, r.dice) for r in skin.resistance] == [("bashing", 9), ("slashing", 7)]
    assert skin.attack is None and skin.duration == "always_on"


def test_damage_kinds_apart_close_to_death_and_knockout() -> None:
    c = new_character("Hurt")
    c.attributes = c.attributes.model_copy(update={"health": 10})
    c.tracking.damage = c.tracking.damage.model_copy(update={"normal": 8, "phantom": 4})
    d = derive(c)
    assert (d.hit_points, d.hit_points_current) == (10, -2)
    assert d.close_to_death and d.close_to_death_target == 2
    assert any("Close to Death" in f.message and "2 hits" in f.message for f in d.findings)
    c.tracking.damage = c.tracking.damage.model_copy(update={"normal": 4, "phantom": 0,
                                                             "stun": 6})
    d = derive(c)
    assert not d.close_to_death and d.unconscious and d.hit_points_current == 6
    assert any("unconscious" in f.message for f in d.findings)


def test_json_keys_and_values() -> None:
    c = example("nigel")
    out = derive(c).to_json(c)
    assert {"system", "name", "findings", "hit_points", "initiative_dice",
            "power_ratings", "cost_table", "powers", "defence_dice"} <= set(out)
    assert out["system"] == "powers" and out["hit_points"] == 10
    assert out["initiative_dice"] == 17
    assert set(out["power_ratings"]) == {p.name for p in c.powers}
    assert out["cost_table"]["name"] == costs.shipped_table().name
    assert out["cost_table"]["origin"] == "shipped"
    first = out["powers"][0]
    assert first["cost_table"] == costs.shipped_table().name
    assert first["damage"][0]["resisted_by"] == "willpower"


def test_ratings_follow_the_gm_table() -> None:
    c = example("bob")
    before = derive(c).power_ratings["Blammo Cannon"]
    mine = costs.shipped_table().with_cost("accurate.per_point", 3).renamed("House")
    costs.save_user_table(mine)
    d = derive(c)
    assert d.power_ratings["Blammo Cannon"] == before + 5 * 2
    assert rating_text(d.powers[0]).endswith("(House)")
    found = [f for f in d.findings if f.field == "cost_table"]
    assert found and "'House'" in found[0].message and found[0].severity is Severity.WARNING
    given = derive(c, costs.shipped_table())
    assert given.power_ratings["Blammo Cannon"] == before and not given.findings


@pytest.mark.parametrize(("components", "words"), [
    ([], "no components"),
    ([{"kind": "damage", "rating": 2, "types": []}], "at least one type"),
    ([{"kind": "range", "range": "melee"},
      {"kind": "damage", "rating": 2, "types": ["bashing"],
       "modifiers": [{"id": "attribute_linked", "attribute": "strength"}]}],
     "rating 2 is not used"),
    ([{"kind": "damage", "rating": 2, "types": ["fire"]}], "only target its user"),
])
def test_findings_cite_the_draft(components, words) -> None:
    c = PowersCharacter.model_validate({**new_character("F").model_dump(), "powers": [
        {"name": "Odd", "components": components}]})
    found = [f for f in derive(c).findings if words in f.message]
    assert found and str(found[0].rule).startswith("Powers, ")


def test_two_powers_of_one_name() -> None:
    c = with_powers("Super-Slap", "Super-Slap")
    assert any("Two powers named" in f.message for f in derive(c).findings)


def test_the_examples_have_no_findings_and_several_powers() -> None:
    for name in ("bob", "dave", "nigel"):
        c = example(name)
        assert len(c.powers) >= 3 and derive(c).findings == []


def test_several_ranges_or_durations_are_a_finding_and_priced_once() -> None:
    """"The default range is Personal" and "Instant: this is the default duration": a
    power has one of each. Ours: with two, the last counts and only it is priced."""
    from desktop.systems.powers.rules.character import Power

    c = new_character("Test")
    c.powers = [Power.model_validate({"name": "Muddle", "components": [
        {"kind": "range", "range": "long"}, {"kind": "range", "range": "melee"},
        {"kind": "duration", "duration": "toggled"},
        {"kind": "duration", "duration": "time", "turns": 2},
        {"kind": "damage", "rating": 2}]})]
    table = costs.shipped_table()
    line = derive(c, table).powers[0]
    assert (line.range, line.duration) == ("melee", "time (2 turns)")
    priced = [component.total for component in line.cost.components]
    t = table.costs
    assert priced == [0, t["range.melee"], 0,
                      t["duration.time"] + 2 * t["duration.time.per_turn"],
                      2 * t["damage.per_point"]]
    messages = [f.message for f in derive(c, table).findings]
    assert ("Muddle has 2 Range components: ours, only the last (melee) counts and is "
            "priced; remove the others") in messages
    assert any(m.startswith("Muddle has 2 Duration components") for m in messages)


def test_health_zero_is_a_finding_in_check(tmp_path, capsys) -> None:  # type: ignore[no-untyped-def]
    """"Health: How many points of damage the character can take before being Close to
    Death": at Health 0, Close to Death from the start."""
    from desktop import cli
    from desktop.systems.files import save_character

    c = new_character("Glass")
    c.attributes.health = 0
    path = tmp_path / "glass.sheetdesk"
    save_character(path, c)
    code = cli.main(["check", str(path)])
    out = capsys.readouterr().out
    assert code == 0 and "Health 0: no hit points, so Close to Death from the start" in out
