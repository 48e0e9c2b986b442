"""Fail and Epic Fail in a fight (Fail, and Epic Fail): the optional rule's switch, the
Power Ratings added and shown, the GM's table rolled, and one reading of a roll a
modifier carries, in the fight, the dice roller and the command line."""

from __future__ import annotations

import json
from fractions import Fraction

from desktop import cli
from desktop.model.dice import Roller
from desktop.systems.powers.fight import gm_check
from desktop.systems.powers.fight.gm import RULES
from desktop.systems.powers.rules import epic_fail
from desktop.systems.powers.rules.derived import derive
from desktop.systems.powers.rules.dice import (
    Pool,
    PoolRoll,
    RollResult,
    fail_reading,
    odds_opposed,
    odds_target,
    p_epic_fail,
)
from desktop.systems.powers.rules.epic_fail import Band, EpicFailTable
from tests.systems.powers.fight.helpers import bob, dave, faces
from tests.systems.powers.fight.table import Table

EPIC = faces(0, 7, ones=4)
"""Bob's 7 resisting dice: four 1s, no hit."""


def slap_on_shield(table: Table) -> list[str]:
    """"Dave returns fire on Bob, using his Super-Slap power. When resisting damage using
    his Mind Shield power, Bob rolls and Epic Fail!\""""
    table.act("Bob", "power", power="Mind Shield")
    table.give("attack Dave", faces(3, 7)).give("defence Bob", faces(1, 10))
    table.give("damage Dave", faces(2, 5)).give("resist Bob", EPIC)
    return table.act("Dave", "attack:Super-Slap", target="Bob")


def test_epic_fail_is_off_by_default_and_the_roll_says_so() -> None:
    """"Epic Fail is an optional rule. Whether you decide to use it or not, make sure
    everyone in the group knows!\""""
    table = Table(bob(), dave())
    assert table.state.epic_fail is False
    rules = table.action("Bob", "rules")
    assert rules.param("epic_fail").default is False and "Off by default" in rules.hint
    lines = slap_on_shield(table)
    assert "[1 1 1 1 3 3 3] 0 hits — Fail (Epic Fail is an optional rule, off in this " \
           "fight: a Fail): roll on the Fail table" in lines[1]
    assert not any("PR total" in line for line in lines)


def test_switched_on_the_prs_are_added_and_the_gms_table_rolled() -> None:
    """"Add the PR of all powers affecting the roll (including opponents powers in an
    opposed roll) and roll on the appropriate Epic Fail table for this PR total." The
    PR of Super-Slap and Mind Shield are added; Bob rolls Dimension Shift."""
    slap = derive(dave()).power_ratings["Super-Slap"]
    shield = derive(bob()).power_ratings["Mind Shield"]
    total = slap + shield
    epic_fail.save_user_table(EpicFailTable(name="Our table", bands=[
        Band(min_pr=0, max_pr=total - 1, results=["Power Down!"]),
        Band(min_pr=total, results=["Dimension Shift"])]))
    table = Table(bob(), dave())
    switched = table.do("Bob", "rules", epic_fail=True)
    assert switched[0].startswith("Table rules for this fight: Epic Fail on")
    hint = table.action("Dave", "attack:Super-Slap").hint
    assert f"Epic Fail is on: an Epic Fail on these rolls adds Super-Slap's PR {slap}" in hint
    lines = slap_on_shield(table)
    assert "[1 1 1 1 3 3 3] 0 hits — Epic Fail!" in lines[1]
    assert lines[2] == (f"Bob: Epic Fail! PR total {total} (Super-Slap PR {slap} + Mind "
                        f"Shield PR {shield}); 'Our table', PR {total} up, rolls: Dimension "
                        "Shift (Fail, and Epic Fail)")


def test_with_the_table_empty_the_gm_decides() -> None:
    """The draft's tables are not written: as shipped the table is empty, and the log
    says so rather than inventing a result."""
    table = Table(bob(), dave())
    table.do("Dave", "rules", epic_fail=True)
    lines = slap_on_shield(table)
    assert lines[2].endswith("the Epic Fail table is empty: the GM decides, or saves a "
                             "table in the editor (Fail, and Epic Fail)")


def test_a_close_to_death_epic_fail_has_no_power_in_it() -> None:
    """Ours: a roll no power affects adds no PR: a total of 0."""
    table = Table(bob(), dave())
    table.do("Dave", "rules", epic_fail=True)
    table.do("Dave", "damage", points=11)
    table.until("Dave").give("CTD Dave", faces(0, 4, ones=3))
    lines = table.do("Dave", "ctd_roll")
    assert lines[1].startswith("Dave: Epic Fail! PR total 0 (no power affects this roll)")


# ----------------------------------------------------------------- modifiers


def test_a_roll_a_modifier_carries_is_a_fail_never_an_epic_fail() -> None:
    """"If they have rolled sufficient hits to pass the test, the result is calculated as
    normal." Ours: four 1s on five dice and no hit, +3 hits from cover, needing 2: it
    passes, so it is a Fail and not an Epic Fail; at +1 it fails, an Epic Fail."""
    dice = (1, 1, 1, 1, 3)
    carried = RollResult(PoolRoll(Pool(5, 3), dice), target_hits=2)
    assert carried.success and not carried.epic_fail
    assert fail_reading(carried.actor, True) == ("Fail, not an Epic Fail: it passes, so the "
                                                 "result is calculated as normal (ours)")
    short = RollResult(PoolRoll(Pool(5, 1), dice), target_hits=2)
    assert not short.success and short.epic_fail
    # The odds agree: with +3 against 2 hits no Epic Fail is possible.
    assert odds_target(Pool(5, 3), 2).p_epic_fail == 0
    assert odds_target(Pool(5, 1), 2).p_epic_fail == p_epic_fail(5)
    # Opposed: no hit on the dice loses only if the opponent reaches the modifier.
    opposed = odds_opposed(Pool(5, 2), Pool(1))
    assert opposed.p_epic_fail == p_epic_fail(5) * Fraction(0)  # 1 die never makes 2
    assert odds_opposed(Pool(5, 1), Pool(1)).p_epic_fail == p_epic_fail(5) * Fraction(1, 3)


def test_the_dice_roller_never_shows_success_and_epic_fail_together() -> None:
    class Ones(Roller):
        def throw(self, count, sides, why=""):  # type: ignore[no-untyped-def]
            from desktop.model.dice import Throw
            return Throw(sides, (1,) * count, why)

    text = gm_check.roll({"dice": 3, "mod": 3, "against": "target", "target": 2}, Ones())
    assert text == ("[1 1 1] 3 hits — Fail, not an Epic Fail: it passes, so the result is "
                    "calculated as normal (ours): roll on the Fail table: success")
    text = gm_check.roll({"dice": 3, "mod": 1, "against": "target", "target": 2}, Ones())
    assert text == "[1 1 1] 1 hit — Epic Fail!: failure"
    assert "ours: a roll that passes is at worst a Fail" in RULES.check_odds(
        {"dice": 3, "mod": 3, "target": 2}).detail


def run_cli(capsys, *args: str) -> tuple[int, str]:  # type: ignore[no-untyped-def]
    code = cli.main(list(args))
    return code, capsys.readouterr().out


def test_the_command_line_reads_it_the_same(capsys) -> None:  # type: ignore[no-untyped-def]
    for seed in range(200):
        _code, out = run_cli(capsys, "roll", "powers", "--dice", "2", "--mod", "3",
                             "--target-hits", "1", "--seed", str(seed), "--json")
        result = json.loads(out)
        if result["actor"]["faces"] == [1, 1]:
            assert result["success"] and result["actor"]["fail"]
            assert not result["actor"]["epic_fail"]
            break
    else:
        raise AssertionError("no seed rolled two 1s")
    code, out = run_cli(capsys, "odds", "powers", "--dice", "2", "--mod", "3",
                        "--target-hits", "1", "--json")
    assert code == 0 and json.loads(out)["p_epic_fail"] == 0


def test_an_attribute_linked_power_adds_its_per_die_rating() -> None:
    """The Epic Fail's total adds Iron Fists at its PR per die of Strength (ours), not
    the PR 5 it had when linked dice cost nothing."""
    from desktop.paths import resource
    from desktop.systems.files import load_character

    dave_file = load_character(resource("powers", "characters", "dave.sheetdesk"))
    table = Table(bob(), dave_file)
    dave_key = dave_file.name
    table.do("Bob", "rules", epic_fail=True)
    agility = dave_file.attributes.agility
    table.give(f"attack {dave_key}", faces(1, agility)).give("defence Bob", faces(0, 10, ones=6))
    table.give(f"damage {dave_key}", faces(0, 12)).give("resist Bob", faces(0, 5))
    lines = table.act(dave_key, "attack:Iron Fists", target="Bob")
    assert lines[1].startswith("Bob: Epic Fail! PR total 29 (Iron Fists PR 29)")


def test_the_switch_from_the_command_line(tmp_path, capsys) -> None:  # type: ignore[no-untyped-def]
    """``encounter act ENC rules epic_fail=on concentration=intelligence``: the table
    rules of one fight, logged and kept in the encounter file."""
    from desktop.paths import resource

    enc = str(tmp_path / "fight.encounter")
    assert cli.main(["encounter", "new", str(resource("powers", "characters", "bob.sheetdesk")),
                     "-o", enc]) == 0
    capsys.readouterr()
    assert cli.main(["encounter", "act", enc, "rules", "--who", "Bob", "epic_fail=on",
                     "concentration=intelligence", "concentration_hits=2"]) == 0
    out = capsys.readouterr().out
    assert "Table rules for this fight: Epic Fail on" in out
    assert "concentration roll on Intelligence needing 2 hits" in out
    assert cli.main(["encounter", "actions", enc, "--json"]) == 0
    listed = json.loads(capsys.readouterr().out)
    rules = next(a for a in listed if a["id"] == "rules")
    defaults = {p["name"]: p["default"] for p in rules["params"]}
    assert defaults["epic_fail"] is True and defaults["concentration"] == "intelligence"
