"""``sheetdesk encounter``: a fight scripted from the command line, on the GM screen's
engine and file, for every game with GM screen rules; JSON keys and exit codes."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from desktop import cli
from desktop.systems import get
from desktop.systems.encounters import load_encounter, new_encounter, save_encounter
from desktop.systems.files import save_character
from desktop.ui.gm.sources import catalog_characters

REPO = Path(__file__).resolve().parent.parent
POW = REPO / "resources" / "pow" / "characters"
GAMES = ("pow", "pocket", "protector", "kruhl")


def run(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str, str]:
    code = cli.main(["encounter", *argv])
    out, err = capsys.readouterr()
    return code, out, err


def one_line(err: str) -> None:
    assert err.startswith("sheetdesk: encounter: ") and err.count("\n") == 1, err
    assert "Traceback" not in err


@pytest.fixture
def fight(tmp_path, capsys) -> Path:
    out = tmp_path / "ford.encounter"
    code, text, err = run(capsys, "new", str(POW / "sparky.sheetdesk"),
                          str(POW / "cutter.sheetdesk"), "-o", str(out), "--seed", "5")
    assert code == 0, err
    assert "Sparky, Cutter" in text
    return out


def test_a_scripted_pow_fight(fight, capsys) -> None:
    code, out, _ = run(capsys, "act", str(fight), "start", "Sparky=12")
    assert code == 0 and "Sparky 12 (given)" in out
    shown = json.loads(run(capsys, "show", str(fight), "--json")[1])
    assert {"system", "round", "turn", "combatants", "log"} <= set(shown)
    assert shown["system"] == "pow" and shown["round"] == 1 and shown["log"] == 3
    actor = shown["turn"]
    assert actor in ("Sparky", "Cutter")
    for combatant in shown["combatants"]:
        assert {"id", "name", "down", "state"} <= set(combatant)
        assert combatant["down"] is False
    code, out, _ = run(capsys, "act", str(fight), "damage", "points=5")
    assert code == 0 and f"{actor}: 5 damage" in out
    shown = json.loads(run(capsys, "show", str(fight), "--json")[1])
    health = {c["id"]: c["health"] for c in shown["combatants"]}
    assert health[actor] == "hurt" and set(health.values()) == {"hurt", "fine"}
    # The window opens the same file and sees the same fight.
    encounter = load_encounter(fight)
    assert encounter.ops[-1] == {"op": "perform", "key": actor, "action": "damage",
                                 "values": {"points": 5}}
    assert run(capsys, "act", str(fight), "next")[0] == 0
    assert load_encounter(fight).turn.actors != (actor,)


def test_area_damage_with_several_who(fight, capsys) -> None:
    run(capsys, "act", str(fight), "start")
    code, out, _ = run(capsys, "act", str(fight), "damage", "--who", "Sparky", "--who",
                       "Cutter", "points=2")
    assert code == 0
    assert "Sparky: 2 damage" in out and "Cutter: 2 damage" in out
    assert load_encounter(fight).ops[-1]["op"] == "perform_all"


def test_undo_takes_back_the_last_operation(fight, capsys) -> None:
    run(capsys, "act", str(fight), "start")
    before = load_encounter(fight).ops
    run(capsys, "act", str(fight), "next")
    code, out, _ = run(capsys, "undo", str(fight))
    assert code == 0 and out.startswith("undone: ")
    assert load_encounter(fight).ops == before
    for _ in before:
        assert run(capsys, "undo", str(fight))[0] == 0
    code, _, err = run(capsys, "undo", str(fight))
    assert code == 1
    one_line(err)


def test_seed_makes_an_action_repeatable(fight, capsys) -> None:
    run(capsys, "act", str(fight), "roll", "expression=3d6", "--seed", "42")
    first = load_encounter(fight).log[-1].text
    run(capsys, "undo", str(fight))
    run(capsys, "act", str(fight), "roll", "expression=3d6", "--seed", "42")
    assert load_encounter(fight).log[-1].text == first


@pytest.mark.parametrize(("argv", "code", "words"), [
    (("damage", "points=5000"), 1, "1 to 999"),
    (("damage", "points=five"), 2, "whole number"),
    (("damage", "pts=5"), 2, "no such parameter"),
    (("fireball",), 2, "no such action"),
    (("next",), 0, ""),
    (("start",), 1, "already started"),
    (("damage", "--who", "Nobody"), 2, "no such combatant"),
    (("damage", "5"), 2, "PARAM=VALUE"),
])
def test_refusals_and_usage_errors(fight, capsys, argv, code, words) -> None:
    assert run(capsys, "act", str(fight), "start")[0] == 0
    before = fight.read_text()
    got, _, err = run(capsys, "act", str(fight), *argv)
    assert got == code, err
    if code:
        one_line(err)
        assert words in err
        assert fight.read_text() == before  # the encounter unchanged


def test_before_the_start_next_is_refused(fight, capsys) -> None:
    code, _, err = run(capsys, "act", str(fight), "next")
    assert code == 1 and "start the fight first" in err


def test_unreadable_files_exit_2(tmp_path, capsys) -> None:
    code, _, err = run(capsys, "show", str(tmp_path / "missing.encounter"))
    assert code == 2
    one_line(err)
    broken = tmp_path / "broken.encounter"
    broken.write_text("{", encoding="utf-8")
    assert run(capsys, "show", str(broken))[0] == 2
    code, _, err = run(capsys, "frobnicate")
    assert code == 2 and "no such subcommand" in err


def test_new_refuses_to_overwrite_and_mixed_games(fight, tmp_path, capsys) -> None:
    code, _, err = run(capsys, "new", str(POW / "sparky.sheetdesk"), "-o", str(fight))
    assert code == 2 and "--force" in err
    other = tmp_path / "croc.sheetdesk"
    save_character(other, catalog_characters(get("pocket"))[0])
    code, _, err = run(capsys, "new", str(POW / "sparky.sheetdesk"), str(other),
                       "-o", str(tmp_path / "x.encounter"))
    assert code == 2 and "one game" in err


def test_a_group_from_file_count(tmp_path, capsys) -> None:
    lizard = tmp_path / "lizard.sheetdesk"
    save_character(lizard, catalog_characters(get("pow"))[0])
    out = tmp_path / "g.encounter"
    assert run(capsys, "new", f"{lizard}:3", "-o", str(out))[0] == 0
    shown = json.loads(run(capsys, "show", str(out), "--json")[1])
    assert [c["id"] for c in shown["combatants"]] == [
        "Lizard-man 1", "Lizard-man 2", "Lizard-man 3"]
    assert {c["group"] for c in shown["combatants"]} == {"Lizard-men"}


@pytest.mark.parametrize("game", GAMES)
def test_every_game_starts_lists_acts_and_passes(game, tmp_path, capsys) -> None:
    npcs = catalog_characters(get(game))
    encounter = new_encounter(game, "test", seed=3).add_group(npcs[0], 2)
    encounter = encounter.add_character(npcs[-1])
    path = tmp_path / f"{game}.encounter"
    save_encounter(path, encounter)
    assert run(capsys, "act", str(path), "start")[0] == 0
    actions = json.loads(run(capsys, "actions", str(path), "--json")[1])
    assert {"start", "next"} <= {a["id"] for a in actions if a["who"] is None}
    for action in actions:
        assert {"id", "label", "who", "allowed", "reason", "params"} <= set(action)
        for param in action["params"]:
            assert {"name", "kind", "default", "minimum", "maximum"} <= set(param)
    shown = json.loads(run(capsys, "show", str(path), "--json")[1])
    assert shown["system"] == game and shown["turn"] is not None
    assert run(capsys, "act", str(path), "next")[0] == 0
    assert run(capsys, "act", str(path), "note", "text=scripted")[0] == 0
    assert load_encounter(path).log[-1].text == "scripted"


def test_a_combatants_own_action_wins_over_the_encounters(tmp_path, capsys) -> None:
    """Protector's ``remove`` is weapon damage ("removing a die from the opponent's pool if
    a weapon is used … it does not get placed on the table", The Energy System, Damage) and
    its ``roll`` is dice against a target: with ``--who`` naming a Protector combatant they
    win over the encounter's ``remove`` (from the fight) and ``roll`` (an expression), which
    stay reachable as ``general.remove`` and ``general.roll``."""
    hero = REPO / "resources" / "protector" / "characters" / "arclight.sheetdesk"
    path = tmp_path / "arc.encounter"
    assert run(capsys, "new", str(hero), str(hero), "-o", str(path), "--seed", "2")[0] == 0
    first, second = load_encounter(path).fighters
    assert run(capsys, "act", str(path), "start")[0] == 0
    listed = json.loads(run(capsys, "actions", str(path), "--json")[1])
    for who in (None, first, second):
        ids = [a["id"] for a in listed if a["who"] == who]
        assert len(ids) == len(set(ids)), who
    general = {a["id"] for a in listed if a["who"] is None}
    assert {"general.remove", "general.roll"} <= general
    assert not {"remove", "roll"} & general
    code, out, err = run(capsys, "act", str(path), "remove", "--who", first, "dice=2")
    assert code == 0, err
    assert f"{first} takes 2 dice of damage (removed)" in out
    assert first in load_encounter(path).fighters  # still fighting
    code, out, err = run(capsys, "act", str(path), "roll", "--who", first, "dice=d6",
                         "target=3")
    assert code == 0, err
    assert f"{first} rolls: d6" in out
    code, out, _ = run(capsys, "act", str(path), "roll", "expression=2d6+1")
    assert code == 0 and "2d6" in out
    code, _, err = run(capsys, "act", str(path), "general.remove", "--who", second)
    assert code == 0, err
    assert second not in load_encounter(path).fighters


def test_parameters_that_fit_only_the_encounters_action_keep_it(tmp_path, capsys) -> None:
    """Pocket Universe has its own ``condition`` (the rules' conditions): with --who it
    wins, but ``text=… rounds=N`` are the encounter's timer's, which still runs them."""
    npcs = catalog_characters(get("pocket"))
    path = tmp_path / "pocket.encounter"
    save_encounter(path, new_encounter("pocket", "t", seed=3).add_character(npcs[0]))
    key = next(iter(load_encounter(path).fighters))
    code, _, err = run(capsys, "act", str(path), "condition", "--who", key,
                       "text=Stunned", "rounds=2")
    assert code == 0, err
    assert [c.text for c in load_encounter(path).conditions] == ["Stunned"]
    code, _, err = run(capsys, "act", str(path), "condition", "--who", key,
                       "condition=prone")
    assert code == 0, err
    assert "prone" in load_encounter(path).state.fight.fighter(key).conditions
    listed = json.loads(run(capsys, "actions", str(path), "--json")[1])
    assert "general.condition" in {a["id"] for a in listed if a["who"] is None}
