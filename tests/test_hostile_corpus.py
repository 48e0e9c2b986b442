"""The hostile-input corpus: a few hundred mutated character files,
encounter files and odds/roll command lines, each ending with exit 0, 1 or 2, one clean
short line on stderr, no traceback, a bounded amount of work (counted, not timed: see
tests/work.py), and the input unchanged.

The mutations are generated from the book's example characters with a fixed seed, so a
failure names a case that can be replayed (its id says which file, where and what).
"""

from __future__ import annotations

import json
import random
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from desktop import cli
from desktop.systems import get
from desktop.systems.encounters import encounter_to_data, new_encounter
from tests.work import calls

REPO = Path(__file__).resolve().parent.parent
EXAMPLES = sorted(p for p in (REPO / "resources").glob("*/characters/*.sheetdesk")
                  if p.parent.parent.name in ("pow", "pocket", "protector", "kruhl"))
HOSTILE: list[Any] = [
    2**31, -(2**31) - 1, 10**100, 2**63, -(10**30), 1e308, -1e308, 1.5, 0, -1, True, None,
    "", "x" * 30_000, "E" * 8_000, "\ud800", "\udfff tail", "\x1b[2J\x00\n\r", "1e9",
    [], {}, [[[[[]]]]], {"x": {"y": {"z": 1}}}, ["x"] * 20_000, list(range(50)),
    "名前 שלום مرحبا 😀 ไทย", " " * 5_000,
]
TEXT_TOKENS = ["Infinity", "-Infinity", "NaN", "1" + "0" * 5000]
PER_FILE = 24
WORK = 2_000_000
"""The most calls one command may make (tests/work.py): a runaway stops there and fails.
The largest case, an export with the fonts registered afresh, makes about 500,000."""


def _leaves(node: Any, path: tuple = ()) -> Iterator[tuple]:
    items = node.items() if isinstance(node, dict) else enumerate(node) if isinstance(
        node, list) else ()
    for key, value in items:
        yield (*path, key)
        yield from _leaves(value, (*path, key))


def _set(data: Any, path: tuple, value: Any) -> None:
    for key in path[:-1]:
        data = data[key]
    data[path[-1]] = value


def _mutations() -> list[tuple[str, str]]:
    """(id, file text) pairs, the same on every run."""
    rng = random.Random(18)
    cases = []
    for example in EXAMPLES:
        base = json.loads(example.read_text(encoding="utf-8"))
        paths = [p for p in _leaves(base) if p[0] not in ("format", "version")]
        for n in range(PER_FILE):
            data = json.loads(json.dumps(base))
            path = rng.choice(paths)
            kind = rng.random()
            if kind < 0.7:
                value = rng.choice(HOSTILE)
                _set(data, path, value)
                text = json.dumps(data)
                what = f"{'.'.join(map(str, path))}={str(value)[:12]!r}"
            elif kind < 0.85:
                token = rng.choice(TEXT_TOKENS)
                _set(data, path, 424242)
                text = json.dumps(data).replace("424242", token, 1)
                what = f"{'.'.join(map(str, path))}={token[:12]}"
            else:  # a key dropped, or a strange key added beside it
                parent = data
                for key in path[:-1]:
                    parent = parent[key]
                if isinstance(parent, dict) and rng.random() < 0.5:
                    parent.pop(path[-1], None)
                    what = f"{'.'.join(map(str, path))} dropped"
                elif isinstance(parent, dict):
                    parent["k\x07" * 300] = 1
                    what = f"{'.'.join(map(str, path[:-1]))} odd key"
                else:
                    parent.append(parent[0] if parent else None)
                    what = f"{'.'.join(map(str, path[:-1]))} one more"
                text = json.dumps(data)
            cases.append((f"{example.parent.parent.name}-{example.stem}-{n}-{what}", text))
    return cases


MUTATIONS = _mutations()


def _run(capsys, argv: list[str]) -> tuple[int, str]:
    code, _work = calls(cli.main, argv, limit=WORK)
    _out, err = capsys.readouterr()
    assert code in (0, 1, 2), err
    assert "Traceback" not in err and "internal error" not in err, err
    assert err.count("\n") <= 1 and len(err) <= 340, err[:400]
    assert not any(ord(c) < 32 and c != "\n" for c in err), err[:400]
    return code, err


def test_the_corpus_is_a_few_hundred_cases() -> None:
    assert len(MUTATIONS) >= 200
    assert len({case_id for case_id, _ in MUTATIONS}) == len(MUTATIONS)


@pytest.mark.parametrize("case_id, text", MUTATIONS, ids=[c[0][:80] for c in MUTATIONS])
def test_a_mutated_character_is_checked_or_refused_cleanly(tmp_path, capsys, case_id, text):
    path = tmp_path / "mutant.sheetdesk"
    path.write_text(text, encoding="utf-8", errors="surrogatepass")
    before = path.read_bytes()
    code, err = _run(capsys, ["check", str(path)])
    if code == 2:
        assert err.startswith("sheetdesk: check: ") and str(path)[:60] in err, err
    else:
        _run(capsys, ["derive", str(path), "--json"])
    assert path.read_bytes() == before
    assert sorted(p.name for p in tmp_path.iterdir()) == ["mutant.sheetdesk"]


@pytest.mark.parametrize("case_id, text", MUTATIONS[::12], ids=[c[0][:80] for c in
                                                               MUTATIONS[::12]])
def test_a_mutated_character_exports_or_is_refused_cleanly(tmp_path, capsys, case_id, text):
    path = tmp_path / "mutant.sheetdesk"
    path.write_text(text, encoding="utf-8", errors="surrogatepass")
    before = path.read_bytes()
    code, _err = _run(capsys, ["export", str(path), "-o", str(tmp_path / "out.pdf")])
    assert path.read_bytes() == before
    assert (tmp_path / "out.pdf").exists() == (code == 0)


def _encounter_cases() -> list[tuple[str, Any]]:
    hero = get("pow").new_character("Ann")
    fight = new_encounter("pow", "Corpus", seed=5).add_character(hero, path="ann.sheetdesk")
    base = encounter_to_data(fight.start())
    rng = random.Random(1372)
    cases = []
    paths = [p for p in _leaves(base) if p[0] in ("operations", "log", "seed", "name")]
    for n in range(60):
        data = json.loads(json.dumps(base))
        path = rng.choice(paths)
        value = rng.choice(HOSTILE)
        _set(data, path, value)
        cases.append((f"{n}-{'.'.join(map(str, path))}={str(value)[:10]!r}", data))
    extra = [{"op": "check", "values": {"stat": 2, "difficulty": 10**6, "doubles": True}},
             {"op": "roll", "expression": "99999999d6"}, {"op": "note", "text": ""},
             {"op": "perform", "key": "Ann", "action": "damage", "values": {"amount": 2**40}},
             {"op": "add_group", "count": 10**6, "character": base["operations"][0][
                 "character"]}]
    for n, op in enumerate(extra):
        data = json.loads(json.dumps(base))
        data["operations"].append(op)
        cases.append((f"extra-{n}-{op['op']}", data))
    return cases


ENCOUNTERS = _encounter_cases()


@pytest.mark.parametrize("case_id, data", ENCOUNTERS, ids=[c[0][:80] for c in ENCOUNTERS])
def test_a_mutated_encounter_is_shown_or_refused_cleanly(tmp_path, capsys, case_id, data):
    path = tmp_path / "mutant.encounter"
    path.write_text(json.dumps(data), encoding="utf-8", errors="surrogatepass")
    before = path.read_bytes()
    _run(capsys, ["encounter", "show", str(path)])
    assert path.read_bytes() == before


ODDS = [
    ["odds", "pow", "--stat", "99999999999", "--difficulty", "10"],
    ["odds", "pow", "--stat", "1", "--difficulty", "-" + "9" * 400],
    ["roll", "pow", "--stat", "5", "--difficulty", "12", "--doubles", "--seed", "9" * 50],
    ["odds", "pow", "--stat", "1", "--difficulty", "10", "--range-multiple", str(10**30)],
    ["odds", "pocket", "--target", "nan"], ["odds", "pocket", "--target", "1e400"],
    ["odds", "pocket", "--target", "10", "--extra-time", str(2**63)],
    ["odds", "pocket", "--target", "10", "--actions", str(10**9)],
    ["odds", "pocket", "--triplet", "1/2/" + "9" * 30],
    ["odds", "protector", "--dice", "d6," * 5000 + "d6", "--target", "3"],
    ["odds", "protector", "--dice", f"{10**21}d6", "--target", "3"],
    ["odds", "protector", "--dice", "d6", "--depleted", str(10**12), "--target", "3"],
    ["odds", "protector", "--dice", "d6", "--vs", "99999999d20"],
    ["odds", "kruhl", "--attr", str(10**9), "--dice", "skilled", "--dv", "3"],
    ["odds", "kruhl", "--attr", "3", "--dice", "skilled", "--bonus", str(10**6), "--dv", "3"],
    ["odds", "kruhl", "--attr", "3", "--dice", "expertise", "--together", str(2**70),
     "--dv", "3"],
    ["roll", "kruhl", "--attr", "3", "--dice", "skilled", "--penalty", "99999", "--dv", "3"],
    ["odds", "pocket", "--target", "10", *["--modifier", "1"] * 5000],
    ["odds", "pow", "--stat", "\x1b[2J", "--difficulty", "\ud800"],
]


@pytest.mark.parametrize("argv", ODDS, ids=[" ".join(a[:3])[:40] + f"-{i}"
                                            for i, a in enumerate(ODDS)])
def test_hostile_odds_and_roll_lines_end_cleanly(capsys, argv) -> None:
    _run(capsys, argv)


POWERS = sorted((REPO / "resources" / "powers" / "characters").glob("*.sheetdesk"))


def _powers_cases() -> list[tuple[str, str]]:
    rng = random.Random(2026)
    cases = []
    for example in POWERS:
        base = json.loads(example.read_text(encoding="utf-8"))
        paths = [p for p in _leaves(base) if p[0] not in ("format", "version", "system")]
        for n in range(PER_FILE):
            data = json.loads(json.dumps(base))
            path = rng.choice(paths)
            value = rng.choice(HOSTILE)
            _set(data, path, value)
            cases.append((f"powers-{example.stem}-{n}-{'.'.join(map(str, path))}",
                          json.dumps(data)))
    return cases


POWERS_CASES = _powers_cases()


@pytest.mark.parametrize("case_id, text", POWERS_CASES, ids=[c[0][:80] for c in POWERS_CASES])
def test_a_mutated_powers_character_is_checked_or_refused_cleanly(tmp_path, capsys, case_id,
                                                                  text) -> None:
    """Powers' examples, mutated with a generator of their own (added after the corpus
    above, whose cases stay as they were): checked, and derived when not refused."""
    test_a_mutated_character_is_checked_or_refused_cleanly(tmp_path, capsys, case_id, text)
