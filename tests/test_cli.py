"""The ``sheetdesk`` command: every subcommand, its output and its exit codes."""

from __future__ import annotations

import importlib.util
import io
import json
import os
import subprocess
import sys
import types
from fractions import Fraction
from pathlib import Path

import pytest

from desktop import cli, systems
from desktop.systems.files import load_character

REPO = Path(__file__).resolve().parent.parent
OTHER_GAMES = ("gurps", "traveller")  # games this Sheetdesk does not know


def run(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str, str]:
    code = cli.main(list(argv))
    out, err = capsys.readouterr()
    return code, out, err


def assert_one_line_error(err: str, prefix: str) -> None:
    assert err.startswith(prefix), err
    assert err.count("\n") == 1 and err.endswith("\n"), err
    assert "Traceback" not in err


def character_data(**changes: object) -> dict[str, object]:
    data: dict[str, object] = {
        "format": "sheetdesk.character", "version": 1, "system": "pow",
        "name": "Roland the Mighty", "concept": "A barbarian who reads poetry to zombies",
        "attributes": {"agility": 3, "brawn": 4, "cognition": 1, "damage": 3, "energy": 2,
                       "fellowship": 2},
    }
    data.update(changes)
    return data


def write(path: Path, data: object) -> Path:
    path.write_text(json.dumps(data, ensure_ascii=False), encoding="utf-8")
    return path


@pytest.fixture
def roland(tmp_path: Path) -> Path:
    return write(tmp_path / "roland.sheetdesk", character_data())


@pytest.fixture
def fake_module(monkeypatch: pytest.MonkeyPatch):
    """Put a stand-in module under ``name`` whose functions record their calls."""

    def install(name: str, **functions: object) -> list[tuple[str, tuple, dict]]:
        calls: list[tuple[str, tuple, dict]] = []
        module = types.ModuleType(name)
        for attr, answer in functions.items():
            def record(*args, _attr=attr, _answer=answer, **kwargs):
                calls.append((_attr, args, kwargs))
                return _answer
            setattr(module, attr, record)
        monkeypatch.setitem(sys.modules, name, module)
        return calls

    return install


# --- opening the app and the GM screen -------------------------------------------------


def test_no_arguments_opens_the_app(fake_module, capsys) -> None:
    calls = fake_module("desktop.app", main=0)
    assert run(capsys) == (0, "", "")
    assert calls == [("main", ([],), {})]


def test_files_open_in_the_app_and_its_exit_code_is_returned(fake_module, capsys) -> None:
    calls = fake_module("desktop.app", main=5)
    assert run(capsys, "a.sheetdesk", "b.sheetdesk")[0] == 5
    assert calls == [("main", (["a.sheetdesk", "b.sheetdesk"],), {})]


def test_a_file_named_like_a_subcommand_opens_with_a_path(fake_module, capsys) -> None:
    calls = fake_module("desktop.app", main=0)
    assert run(capsys, "./check")[0] == 0
    assert run(capsys, "--", "check", "-odd.sheetdesk")[0] == 0
    assert [args for _, args, _ in calls] == [(["./check"],), (["check", "-odd.sheetdesk"],)]


def test_subcommand_names_win_over_files(tmp_path, monkeypatch, fake_module, capsys) -> None:
    calls = fake_module("desktop.app", main=0)
    monkeypatch.chdir(tmp_path)
    (tmp_path / "systems").write_text("{}")
    code, out, _ = run(capsys, "systems")
    assert (code, calls) == (0, [])
    assert out.startswith("pow")


def test_a_near_miss_of_a_subcommand_is_a_typo_not_a_file(tmp_path, monkeypatch, fake_module,
                                                          capsys) -> None:
    calls = fake_module("desktop.app", main=0)
    monkeypatch.chdir(tmp_path)
    code, _, err = run(capsys, "chek", "x.sheetdesk")
    assert code == 2 and calls == []
    assert_one_line_error(err, "sheetdesk: chek: ")
    assert "'sheetdesk check'" in err
    (tmp_path / "chek").write_text("{}")  # an existing file of that name opens
    assert run(capsys, "chek")[0] == 0 and calls[0][1] == (["chek"],)


def test_unknown_options_help_and_version(fake_module, capsys) -> None:
    calls = fake_module("desktop.app", main=0)
    code, _, err = run(capsys, "--frobnicate")
    assert code == 2 and calls == []
    assert_one_line_error(err, "sheetdesk: --frobnicate: unknown option")
    code, out, _ = run(capsys, "--help")
    assert code == 0 and all(f"sheetdesk {name}" in out for name in cli.COMMANDS)
    assert run(capsys, "--version")[:2] == (0, "sheetdesk 0.1.0\n")


def test_an_app_that_cannot_start_is_one_line(monkeypatch, capsys) -> None:
    monkeypatch.setattr(cli, "APP_ENTRY", "desktop.no_such_app:main")
    code, _, err = run(capsys, "a.sheetdesk")
    assert code == 2
    assert_one_line_error(err, "sheetdesk: cannot start the app: ")


def test_gm_screen_reports_a_bad_file_before_any_window(tmp_path, capsys) -> None:
    missing = tmp_path / "a.sheetdesk"
    assert run(capsys, "gm", str(missing)) == (2, "", f"sheetdesk: gm: {missing}: no such file\n")


def test_gm_screen_plugs_in_as_one_entry_point(monkeypatch, fake_module, capsys) -> None:
    calls = fake_module("fake_gm", start=0)
    monkeypatch.setattr(cli, "GM_ENTRY", "fake_gm:start")
    assert run(capsys, "gm", "a.sheetdesk", "b.sheetdesk")[0] == 0
    assert calls == [("start", (["a.sheetdesk", "b.sheetdesk"],), {})]


# --- systems, new, schema ----------------------------------------------------------------


def test_systems_lists_id_and_name(capsys) -> None:
    code, out, _ = run(capsys, "systems")
    assert code == 0
    listed = [line.split(None, 1) for line in out.splitlines()]
    assert listed == [[s.id, s.name] for s in systems.SYSTEMS.values()]
    assert ["pow", "POW! Core Rules v1.01"] in listed
    code, out, _ = run(capsys, "systems", "--json")
    assert json.loads(out) == [{"id": s.id, "name": s.name} for s in systems.SYSTEMS.values()]


def test_new_writes_a_default_character(tmp_path, capsys) -> None:
    target = tmp_path / "hero.sheetdesk"
    assert run(capsys, "new", "pow", "-o", str(target), "--name", "Kaiser Überlegen") == (
        0, "", "")
    character = load_character(target)
    assert character.name == "Kaiser Überlegen"
    assert character.attributes.agility == 1
    data = json.loads(target.read_text(encoding="utf-8"))
    assert (data["format"], data["version"], data["system"]) == ("sheetdesk.character", 1, "pow")


def test_new_refuses_to_overwrite_without_force(tmp_path, capsys) -> None:
    target = write(tmp_path / "hero.sheetdesk", character_data(name="Keep me"))
    before = target.read_bytes()
    code, _, err = run(capsys, "new", "pow", "-o", str(target))
    assert code == 2 and target.read_bytes() == before
    assert_one_line_error(err, f"sheetdesk: new: {target}: already exists")
    assert run(capsys, "new", "pow", "-o", str(target), "--force", "--name", "New")[0] == 0
    assert load_character(target).name == "New"
    assert not list(tmp_path.glob(".*.tmp"))  # the atomic save left no temporary file


def test_new_into_a_missing_folder_or_onto_a_folder_is_one_line(tmp_path, capsys) -> None:
    code, _, err = run(capsys, "new", "pow", "-o", str(tmp_path / "nope" / "x.sheetdesk"))
    assert code == 2
    assert_one_line_error(err, f"sheetdesk: new: {tmp_path / 'nope' / 'x.sheetdesk'}: ")
    code, _, err = run(capsys, "new", "pow", "-o", str(tmp_path))
    assert code == 2
    assert_one_line_error(err, f"sheetdesk: new: {tmp_path}: is a folder")


def test_schema_is_the_json_schema_of_the_character_model(capsys) -> None:
    code, out, _ = run(capsys, "schema", "pow")
    schema = json.loads(out)
    assert code == 0
    assert schema["title"] == "PowCharacter" and schema["type"] == "object"
    assert schema["properties"]["format"]["const"] == "sheetdesk.character"
    assert {"name", "attributes", "specials", "options"} <= set(schema["properties"])
    assert set(schema["$defs"]["Stats"]["properties"]) == {
        "agility", "brawn", "cognition", "damage", "energy", "fellowship"}


@pytest.mark.parametrize("game", OTHER_GAMES)
@pytest.mark.parametrize("argv", [
    ["odds", "{g}", "--stat", "1"], ["roll", "{g}"], ["schema", "{g}"],
    ["new", "{g}", "-o", "x.sheetdesk"],
])
def test_games_this_version_does_not_know_are_unknown_systems(game, argv, tmp_path,
                                                             monkeypatch, capsys) -> None:
    monkeypatch.chdir(tmp_path)
    argv = [a.format(g=game) for a in argv]
    code, out, err = run(capsys, *argv)
    assert (code, out) == (2, "")
    assert_one_line_error(err, f"sheetdesk: {argv[0]}: unknown system '{game}'")
    assert not (tmp_path / "x.sheetdesk").exists()


# --- derive, check -----------------------------------------------------------------------


def test_derive_json_has_the_contract_keys(roland, capsys) -> None:
    code, out, _ = run(capsys, "derive", str(roland), "--json")
    data = json.loads(out)
    assert code == 0
    assert (data["system"], data["name"]) == ("pow", "Roland the Mighty")
    assert data["pools"] == {"agility": 9, "brawn": 16, "cognition": 1, "damage": 9,
                             "energy": 4, "fellowship": 4}
    assert (data["points_spent"], data["points_budget"]) == (15, 15)
    assert (data["initiative_bonus"], data["actions_per_frame"], data["unarmed_damage"]) == (
        3, 2, 4)
    assert data["to_hit_difficulty"] == {"surprised": 8, "normal": 13, "dodging": 18}
    assert all(set(f) >= {"severity", "message", "rule"} for f in data["findings"])


def test_derive_without_json_is_readable(roland, capsys) -> None:
    code, out, _ = run(capsys, "derive", str(roland))
    assert code == 0
    assert out.startswith("Roland the Mighty — A barbarian who reads poetry to zombies\n")
    assert "Character Points: 15 spent of 15 (0 left)" in out


def test_check_without_errors_exits_0(roland, capsys) -> None:
    code, out, _ = run(capsys, "check", str(roland))
    assert (code, out) == (0, f"{roland}: no findings\n")  # said, not silent
    code, out, _ = run(capsys, "check", str(roland), "--json")
    assert code == 0
    assert json.loads(out) == {"file": str(roland), "system": "pow",
                               "name": "Roland the Mighty", "ok": True, "findings": []}


def test_check_with_errors_exits_1_and_cites_the_rule(tmp_path, capsys) -> None:
    path = write(tmp_path / "big.sheetdesk", character_data(
        attributes={"agility": 7, "brawn": 1, "cognition": 1, "damage": 1, "energy": 1,
                    "fellowship": 1}))
    code, out, _ = run(capsys, "check", str(path))
    assert code == 1
    assert "error: Agility 7 at creation: Stats start at 0 to 5 (POW!, Creating a " \
           "Character, Step 2)\n" in out
    assert all(line.split(":")[0] in {"error", "warning", "info"} for line in out.splitlines())
    code, out, _ = run(capsys, "check", str(path), "--json")
    data = json.loads(out)
    assert code == 1 and data["ok"] is False
    assert {"severity": "error", "message": "Agility 7 at creation: Stats start at 0 to 5",
            "rule": "POW!, Creating a Character, Step 2", "field": "attributes.agility"
            } in data["findings"]


def test_check_with_only_warnings_exits_0(tmp_path, capsys) -> None:
    path = write(tmp_path / "nameless.sheetdesk", character_data(name=""))
    code, out, _ = run(capsys, "check", str(path))
    assert code == 0
    assert out.startswith("warning: The character has no name yet (POW!, ")


BROKEN = {
    "not JSON": ("{ nope", "not JSON"),
    "not UTF-8": (b"\xff\xfe{}", "not UTF-8"),
    "not an object": ("[1, 2]", "expected a JSON object"),
    "wrong format": (json.dumps({"format": "gcs", "version": 1}), "not a Sheetdesk"),
    "unknown game": (json.dumps(character_data(system="gurps")), "unknown game 'gurps'"),
    "future version": (json.dumps(character_data(version=9)), "newer Sheetdesk"),
    "invalid field": (json.dumps(character_data(attributes={
        "agility": "lots", "brawn": 1, "cognition": 1, "damage": 1, "energy": 1,
        "fellowship": 1})), "attributes.agility"),
    "missing stat": (json.dumps(character_data(attributes={"agility": 1})),
                     "attributes: missing 'brawn'"),
    "unknown field": (json.dumps(character_data(hit_points=3)), "hit_points"),
}


@pytest.mark.parametrize("command", ["derive", "check", "export"])
@pytest.mark.parametrize("kind", [*BROKEN, "missing file", "a folder"])
def test_broken_files_exit_2_with_one_line(command, kind, tmp_path, fake_module,
                                           capsys) -> None:
    exports = fake_module("desktop.pdf.export", export_pdf=None)
    if kind == "missing file":
        path, expected = tmp_path / "gone.sheetdesk", "no such file"
    elif kind == "a folder":
        path, expected = tmp_path, "is a folder"
    else:
        content, expected = BROKEN[kind]
        path = tmp_path / "broken.sheetdesk"
        if isinstance(content, bytes):
            path.write_bytes(content)
        else:
            path.write_text(content, encoding="utf-8")
    argv = [command, str(path), "--json"] if command != "export" else [
        command, str(path), "-o", str(tmp_path / "out.pdf")]
    code, out, err = run(capsys, *argv)
    assert (code, out) == (2, "")
    assert_one_line_error(err, f"sheetdesk: {command}: {path}: ")
    assert expected in err
    assert exports == []


# --- export ------------------------------------------------------------------------------


def test_export_loads_every_file_and_hands_them_over(roland, tmp_path, fake_module,
                                                     capsys) -> None:
    calls = fake_module("desktop.pdf.export", export_pdf=None)
    other = write(tmp_path / "dave.sheetdesk", character_data(name="Dave"))
    out = tmp_path / "party.pdf"
    code = run(capsys, "export", str(roland), str(other), "-o", str(out), "--what", "card",
               "--paper", "letter")[0]
    assert code == 0
    [(_, args, kwargs)] = calls
    assert [c.name for c in args[0]] == ["Roland the Mighty", "Dave"]
    assert args[1] == str(out) and callable(kwargs.pop("warn"))
    assert kwargs == {"what": "card", "paper": "letter"}
    run(capsys, "export", str(roland), "-o", str(out))
    assert {k: v for k, v in calls[1][2].items() if k != "warn"} == {"what": "both",
                                                                     "paper": "a4"}


@pytest.mark.parametrize(("argv", "message"), [
    (["--what", "poster"], "--what: invalid choice"),
    (["--paper", "a3"], "--paper: invalid choice"),
    ([], "required: -o/--output"),
])
def test_export_usage_errors(argv, message, roland, tmp_path, fake_module, capsys) -> None:
    calls = fake_module("desktop.pdf.export", export_pdf=None)
    if "-o" not in " ".join(argv) and argv:
        argv = [*argv, "-o", str(tmp_path / "x.pdf")]
    code, _, err = run(capsys, "export", str(roland), *argv)
    assert code == 2 and calls == []
    assert_one_line_error(err, "sheetdesk: export: ")
    assert message in err


def test_export_without_the_pdf_module_is_one_line(roland, tmp_path, monkeypatch,
                                                   capsys) -> None:
    monkeypatch.setattr(cli, "PDF_ENTRY", "desktop.pdf.no_such_export:export_pdf")
    code, _, err = run(capsys, "export", str(roland), "-o", str(tmp_path / "x.pdf"))
    assert code == 2
    assert_one_line_error(err, "sheetdesk: export: PDF export is not available")


@pytest.mark.skipif(importlib.util.find_spec("desktop.pdf.export") is None,
                    reason="desktop/pdf/export.py has not landed yet")
@pytest.mark.parametrize("paper", ["a4", "letter"])
def test_export_writes_a_real_pdf(roland, tmp_path, paper, capsys) -> None:
    unicode = write(tmp_path / "tokyo.sheetdesk", character_data(name="東京 Ωmega"))
    out = tmp_path / "party.pdf"
    code, _, err = run(capsys, "export", str(roland), str(unicode), "-o", str(out),
                       "--paper", paper)
    assert (code, err) == (0, "")
    assert out.read_bytes().startswith(b"%PDF")


# --- odds and roll -----------------------------------------------------------------------


def odds_json(capsys, *options: str) -> dict:
    code, out, err = run(capsys, "odds", "pow", *options, "--json")
    assert (code, err) == (0, "")
    return json.loads(out)


def test_odds_for_the_janitor_and_the_gymnast(capsys) -> None:
    janitor = odds_json(capsys, "--stat", "1", "--difficulty", "10")
    assert janitor["system"] == "pow"
    assert janitor["p_success"] == 10 / 36 and janitor["p_success_exact"] == "5/18"
    assert janitor["p_critical"] == 4 / 36 and janitor["p_critical_exact"] == "1/9"
    gymnast = odds_json(capsys, "--stat", "5", "--difficulty", "10")
    assert gymnast["p_success"] == 30 / 36 and gymnast["automatic"] is False


def test_odds_automatic_when_the_stat_is_higher(capsys) -> None:
    result = odds_json(capsys, "--stat", "5", "--difficulty", "4")
    assert (result["p_success"], result["p_critical"], result["automatic"]) == (1.0, 0.0, True)


def test_odds_with_doubles_and_triples(capsys) -> None:
    both = odds_json(capsys, "--stat", "1", "--difficulty", "10", "--doubles", "--triples")
    assert both["rules"] == {"doubles": True, "triples": True, "criticals": False}
    # 4391/11664 with Doubles (see tests/systems/pow/test_commands.py); 1-1 is then a
    # triple, which Doubles alone only gave 215/324 of the time.
    expected = Fraction(4391, 11664) + Fraction(1, 36) * (1 - Fraction(215, 324))
    assert Fraction(both["p_success_exact"]) == expected
    assert both["p_success"] == float(expected)  # full precision, not rounded


def test_odds_text(capsys) -> None:
    assert run(capsys, "odds", "pow", "--stat", "3", "--difficulty", "10") == (
        0, "Stat 3 vs Difficulty 10: 58.3 % (7/12); critical 16.7 % (1/6)\n", "")


@pytest.mark.parametrize(("argv", "message"), [
    ([], f"sheetdesk: odds: give the game id first ({', '.join(systems.SYSTEMS)}): "
         "sheetdesk odds SYSTEM OPTIONS"),
    (["pow"], "sheetdesk: odds: the following arguments are required: --stat, --difficulty"),
    (["pow", "--stat", "one", "--difficulty", "10"], "sheetdesk: odds: --stat: "),
    (["pow", "--stat", "1", "--difficulty", "10", "--seed", "3"],
     "sheetdesk: odds: unrecognized arguments: --seed 3"),
    (["pow", "--stat", "1", "--diff", "10"], "sheetdesk: odds: "),  # no abbreviations
    (["--json", "pow"], "sheetdesk: odds: --json: give the game id first"),
])
def test_odds_usage_errors(argv, message, capsys) -> None:
    code, out, err = run(capsys, "odds", *argv)
    assert (code, out) == (2, "")
    assert_one_line_error(err, message)


def test_odds_help_per_game(capsys) -> None:
    code, out, _ = run(capsys, "odds", "pow", "--help")
    assert code == 0 and "--difficulty D" in out and "--triples" in out
    code, out, _ = run(capsys, "odds", "--help")
    assert code == 0 and "SYSTEM" in out


def roll_json(capsys, *options: str) -> dict:
    code, out, err = run(capsys, "roll", "pow", *options, "--json")
    assert (code, err) == (0, "")
    return json.loads(out)


def test_roll_is_reproducible_with_a_seed(capsys) -> None:
    options = ("--stat", "2", "--difficulty", "12", "--doubles", "--seed", "1234")
    first, again = roll_json(capsys, *options), roll_json(capsys, *options)
    assert first == again and first["seed"] == 1234
    assert first["total"] == 2 + sum(first["dice"]) == 2 + first["dice_total"]
    assert first["success"] == (first["total"] >= 12)
    others = {tuple(roll_json(capsys, "--stat", "2", "--difficulty", "12", "--seed", str(s))
                    ["dice"]) for s in range(20)}
    assert len(others) > 5  # the seed matters


def test_roll_without_a_seed_reports_one_that_replays_it(capsys) -> None:
    options = ("--stat", "1", "--difficulty", "10", "--doubles")
    first = roll_json(capsys, *options)
    assert isinstance(first["seed"], int)
    assert roll_json(capsys, *options, "--seed", str(first["seed"])) == first


def test_roll_shows_doubles_rerolls(capsys) -> None:
    from desktop.model.dice import Roller
    seed = next(s for s in range(1000) if len(set(Roller(s).throw(2, 6).faces)) == 1)
    result = roll_json(capsys, "--stat", "1", "--difficulty", "10", "--doubles",
                       "--seed", str(seed))
    assert len(result["throws"]) >= 2
    assert [t["why"] for t in result["throws"]][:2] == ["", "doubles"]
    assert result["throws"][0]["faces"][0] == result["throws"][0]["faces"][1]
    assert result["total"] == 1 + sum(sum(t["faces"]) for t in result["throws"])


def test_roll_text_is_the_description_and_the_seed(capsys) -> None:
    code, out, _ = run(capsys, "roll", "pow", "--stat", "1", "--difficulty", "10",
                       "--seed", "3")
    result = roll_json(capsys, "--stat", "1", "--difficulty", "10", "--seed", "3")
    assert code == 0 and out == f"{result['description']}  (seed 3)\n"
    assert out.startswith("2d6 [") and " vs 10: " in out
    code, out, _ = run(capsys, "roll", "pow", "--stat", "4", "--difficulty", "3")
    assert out.startswith("Stat 4 beats Difficulty 3: automatic success")


def test_roll_usage_errors(capsys) -> None:
    code, _, err = run(capsys, "roll", "pow", "--stat", "1", "--difficulty", "10",
                       "--seed", "x")
    assert code == 2
    assert_one_line_error(err, "sheetdesk: roll: --seed: invalid int value: 'x'")


def test_a_new_game_brings_its_own_options_without_editing_the_cli(monkeypatch,
                                                                  capsys) -> None:
    from desktop import systems

    def add_odds_arguments(parser) -> None:
        parser.add_argument("--target", type=int, required=True)

    hooks = types.ModuleType("fake_game.rules.commands")
    hooks.add_odds_arguments = add_odds_arguments  # type: ignore[attr-defined]
    hooks.odds = lambda args: {"p_success": args.target / 20}  # type: ignore[attr-defined]
    monkeypatch.setitem(sys.modules, "fake_game.rules.commands", hooks)
    monkeypatch.setitem(systems.SYSTEMS, "fake", systems.System(
        "fake", "Fake Game", "Fake", "fake_game"))
    code, out, _ = run(capsys, "odds", "fake", "--target", "5", "--json")
    assert code == 0 and json.loads(out) == {"system": "fake", "p_success": 0.25}
    assert run(capsys, "odds", "fake", "--target", "5")[1] == "system: fake\np success: 0.25\n"
    code, _, err = run(capsys, "roll", "fake")
    assert code == 2
    assert_one_line_error(err, "sheetdesk: roll: fake: this game has no 'roll' yet")
    listed = [line.split(None, 1) for line in run(capsys, "systems")[1].splitlines()]
    assert ["fake", "Fake Game"] in listed


# --- output encodings and the process as a whole ------------------------------------------


def test_a_terminal_without_unicode_does_not_crash(tmp_path, monkeypatch, capsys) -> None:
    path = write(tmp_path / "tokyo.sheetdesk", character_data(name="東京 Ωmega"))
    for argv in (["derive", str(path), "--json"], ["derive", str(path)],
                 ["check", str(path), "--json"]):
        stdout = io.TextIOWrapper(io.BytesIO(), encoding="ascii")
        monkeypatch.setattr(sys, "stdout", stdout)
        assert cli.main(argv) == 0
        stdout.flush()
        text = stdout.buffer.getvalue().decode("ascii")
        if "--json" in argv:
            assert json.loads(text)["name"] == "東京 Ωmega"
        else:
            assert text.startswith("\\u6771\\u4eac \\u03a9mega")


def python(*args: str, env: dict[str, str] | None = None) -> subprocess.CompletedProcess:
    return subprocess.run(
        [sys.executable, *args], cwd=REPO, capture_output=True, text=True, timeout=120,
        env={**os.environ, "PYTHONPATH": str(REPO), **(env or {})},
        encoding="utf-8", errors="replace",
    )


@pytest.mark.slow
def test_the_command_line_never_loads_qt_or_reportlab(roland) -> None:
    script = (
        "import sys\n"
        "from desktop.cli import main\n"
        f"path = {str(roland)!r}\n"
        "for argv in (['systems'], ['schema', 'pow'], ['derive', path, '--json'],\n"
        "             ['check', path], ['odds', 'pow', '--stat', '1', '--difficulty', '9'],\n"
        "             ['roll', 'pow', '--stat', '1', '--difficulty', '9', '--seed', '1'],\n"
        "             ['gm', 'missing.encounter'], ['odds', 'kruhl']):\n"
        "    main(argv)\n"
        "heavy = sorted(m for m in sys.modules\n"
        "               if m.split('.')[0] in ('PySide6', 'shiboken6', 'reportlab'))\n"
        "print('HEAVY', heavy)\n"
    )
    result = python("-c", script)
    assert result.returncode == 0, result.stderr
    assert "HEAVY []" in result.stdout


@pytest.mark.slow
def test_python_m_desktop_reports_errors_without_a_traceback(tmp_path) -> None:
    broken = tmp_path / "broken.sheetdesk"
    broken.write_text("{ nope", encoding="utf-8")
    result = python("-m", "desktop", "derive", str(broken), "--json")
    assert (result.returncode, result.stdout) == (2, "")
    assert result.stderr == f"sheetdesk: derive: {broken}: line 1: not JSON: Expecting " \
                            "property name enclosed in double quotes\n"
    result = python("-m", "desktop", "odds", "gurps", "--attr", "9", "--json")
    known = ", ".join(systems.SYSTEMS)
    assert (result.returncode, result.stderr) == (
        2, f"sheetdesk: odds: unknown system 'gurps' (known: {known})\n")


@pytest.mark.slow
def test_python_m_desktop_with_an_ascii_terminal(tmp_path) -> None:
    path = write(tmp_path / "ω.sheetdesk", character_data(name="Kaiser Überlegen"))
    result = python("-m", "desktop", "derive", str(path), env={"PYTHONIOENCODING": "ascii"})
    assert result.returncode == 0, result.stderr
    assert result.stdout.startswith("Kaiser \\xdcberlegen")
    result = python("-m", "desktop", "check", str(tmp_path / "ω-gone.sheetdesk"),
                    env={"PYTHONIOENCODING": "ascii"})
    assert result.returncode == 2
    assert "Traceback" not in result.stderr and result.stderr.count("\n") == 1
    result = python("-m", "desktop", "odds", "pow", "--stat", "1", "--difficulty", "10",
                    "--json", env={"PYTHONIOENCODING": "ascii"})
    assert json.loads(result.stdout)["p_success"] == 10 / 36

