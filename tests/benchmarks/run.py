"""Sheetdesk's speed against its budgets.

    python tests/benchmarks/run.py          # a table
    python tests/benchmarks/run.py --json   # {name: {value, unit, budget, ratio}}

Not part of the test run: timings are measured here and reported, never asserted.
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import subprocess
import sys
import time
from collections.abc import Callable
from pathlib import Path

import machine_load
import printing
import processes
import share_bench

REPO = Path(__file__).resolve().parents[2]
EXAMPLE = REPO / "resources" / "pow" / "characters" / "electrobabe.sheetdesk"
POCKET_EXAMPLE = REPO / "resources" / "pocket" / "characters" / "kestra.sheetdesk"
PROTECTOR_EXAMPLE = REPO / "resources" / "protector" / "characters" / "arclight.sheetdesk"
POWERS_EXAMPLE = REPO / "resources" / "powers" / "characters" / "bob.sheetdesk"
POWERS_SPIN = "agilitySpin"  # the Agility spin box of forms/powers_editor.ui
KRUHL_SPIN = "brawnSpin"  # the Brawn spin box of forms/kruhl_editor.ui
KRUHL_EXAMPLE = REPO / "resources" / "kruhl" / "characters" / "soraya.sheetdesk"


_env = processes.env


def _per_call_ms(func: Callable[[], object], repeat: int) -> list[float]:
    times = []
    for _ in range(repeat):
        start = time.perf_counter()
        func()
        times.append((time.perf_counter() - start) * 1000)
    return times


def _full_character():
    from desktop.systems.files import load_character
    from desktop.systems.pow.rules import catalog

    character = load_character(EXAMPLE)
    character.specials.extend(catalog.specials())
    character.weapons.extend(catalog.weapons())
    character.armor.extend(catalog.armor())
    character.tracking.pools["damage"] = 4
    character.tracking.stats["brawn"] = 0
    return character


def derive_ms() -> float:
    from desktop.systems.pow.rules.derived import derive

    character = _full_character()
    for _ in range(50):
        derive(character)
    return statistics.median(_per_call_ms(lambda: derive(character), 2000))


def editor_edit_p95_ms() -> float:
    os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")
    from PySide6.QtWidgets import QApplication, QLabel, QSpinBox

    from desktop.systems.pow.editor.editor import PowEditor
    from desktop.ui.document import CharacterDocument
    from desktop.ui.forms import child

    app = QApplication.instance() or QApplication([])
    editor = PowEditor(CharacterDocument(_full_character()))
    editor.resize(1280, 860)
    editor.show()
    app.processEvents()
    agility = child(editor.form, QSpinBox, "agilitySpin")
    initiative = child(editor.form, QLabel, "initiativeValue")
    times = []
    for i in range(300):
        value = 1 + i % 5
        start = time.perf_counter()
        agility.setValue(value)  # the edit, its undo command, derive and every label
        times.append((time.perf_counter() - start) * 1000)
        assert initiative.text() == f"2d6 + {value}" or value == agility.value()
    times.sort()
    return times[int(len(times) * 0.95) - 1]


def export_ms() -> float:
    from desktop.pdf.export import render_pdf
    from desktop.systems.files import load_character

    character = load_character(EXAMPLE)
    render_pdf([character], what="both", paper="a4")  # fonts registered once, as in the app
    return statistics.median(_per_call_ms(lambda: _cold_render(character), 20))


def _cold_render(character: object) -> None:
    """An export as the first of its texts: no line wrapping remembered from before."""
    from desktop.pdf.export import render_pdf
    from desktop.pdf.text import forget_wrapping

    forget_wrapping()
    render_pdf([character], what="both", paper="a4")


def slowest_odds_ms() -> float:
    from desktop.systems.pow.rules import dice

    slowest = 0.0
    for doubles in (False, True):
        for triples in (False, True):
            rules = dice.CheckRules(doubles=doubles, triples=triples, criticals=True)
            for stat in range(-2, 7):
                for difficulty in range(0, 41):
                    del dice._chain_table[3:]  # every query cold
                    start = time.perf_counter()
                    dice.check_odds(stat, difficulty, rules)
                    slowest = max(slowest, (time.perf_counter() - start) * 1000)
    return slowest


def game_derive_ms(path: Path) -> float:
    from desktop.systems import system_of
    from desktop.systems.files import load_character

    character = load_character(path)
    derive = system_of(character).derive
    for _ in range(50):
        derive(character)
    return statistics.median(_per_call_ms(lambda: derive(character), 1000))


def game_editor_edit_p95_ms(path: Path, spin_name: str) -> float:
    """An edit in a game's editor (a spin box bound to the character) until its labels
    are updated."""
    os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")
    from PySide6.QtWidgets import QApplication, QSpinBox

    from desktop.systems import system_of
    from desktop.systems.files import load_character
    from desktop.ui.document import CharacterDocument
    from desktop.ui.forms import child

    app = QApplication.instance() or QApplication([])
    character = load_character(path)
    editor = system_of(character).part("editor").EDITOR(CharacterDocument(character))
    editor.resize(1280, 860)
    editor.show()
    app.processEvents()
    deadline = time.monotonic() + 5  # its tab pages loaded, as a user finds it
    while editor.pages is not None and editor.pages.pending() and time.monotonic() < deadline:
        app.processEvents()
    spin = child(editor.form, QSpinBox, spin_name)
    base = spin.value()
    times = []
    for i in range(300):
        start = time.perf_counter()
        spin.setValue(base + i % 2)
        times.append((time.perf_counter() - start) * 1000)
    editor.close()
    times.sort()
    return times[int(len(times) * 0.95) - 1]


def game_export_ms(path: Path) -> float:
    from desktop.pdf.export import render_pdf
    from desktop.systems.files import load_character

    character = load_character(path)
    render_pdf([character], what="both", paper="a4")
    return statistics.median(_per_call_ms(lambda: _cold_render(character), 20))


def pocket_slowest_odds_ms() -> float:
    """Every target the check panel offers, at every extra-time step, cold."""
    from desktop.systems.pocket.rules import dice

    slowest = 0.0
    for extra in range(0, 7):
        for target in range(-10, 40):
            dice.check_odds.cache_clear()
            start = time.perf_counter()
            dice.check_odds(target, extra)
            slowest = max(slowest, (time.perf_counter() - start) * 1000)
    return slowest


def protector_slowest_odds_ms() -> float:
    """A big roll and a big contest: 10 mixed dice and 2 on the table against 8, cold."""
    from desktop.systems.protector.rules import dice

    def query() -> None:
        dice.forget_odds()  # every query cold
        mine = dice.roll_odds(dice.parse_dice("2d4,3d6,2d8,d10,d12,d20"), 2)
        theirs = dice.roll_odds(dice.parse_dice("4d6,2d8,d10,1d4x10"), 1)
        odds = dice.contest_odds(mine, theirs)
        odds.damage_dealt()
        mine.p_at_least(12)

    return max(_per_call_ms(query, 10))


def kruhl_slowest_odds_ms() -> float:
    """The largest rolls the command line allows (20 bonus dice each side, expertise
    against a penetrated defender, and a deficit handed over), cold."""
    from desktop.systems.kruhl.rules import dice

    queries = [
        (dice.Roll.of("expertise", 99, bonus_dice=20), dice.Roll.of("expertise", 99, 20), True),
        (dice.Roll.of("skill", 5, bonus_dice=20), dice.Roll.of("none", 5, penalty_dice=20),
         False),
        (dice.Roll.of("skill", 5, bonus_dice=20), dice.gm_roll(12), False),
    ]

    def query() -> None:
        for actor, opponent, penetrating in queries:
            dice.sum_counts.cache_clear()
            dice.odds(actor, opponent, penetrating)

    return max(_per_call_ms(query, 10)) / len(queries)


def powers_slowest_odds_ms() -> float:
    """60 dice against 60 (the largest pools), opposed with the net-hit distribution
    and Fail / Epic Fail, and a 60-dice target roll, cold."""
    from desktop.systems.powers.rules import dice

    cached = [getattr(dice, name) for name in dir(dice)
              if callable(getattr(getattr(dice, name), "cache_clear", None))]

    def query() -> None:
        for function in cached:
            function.cache_clear()
        big = dice.Pool(60, 2)
        dice.odds_opposed(big, dice.Pool(60, 0)).distribution()
        dice.odds_target(big, 25)

    return max(_per_call_ms(query, 10))


GM_COMBATANTS = 200


def _gm_encounter(count: int = GM_COMBATANTS):
    """A POW! encounter of ``count`` single combatants (each its own initiative slot)."""
    from desktop.systems.encounters import new_encounter
    from desktop.systems.pow.rules import npcs

    lizard = next(c for c in npcs.npcs() if c.name == "Lizard-man")
    encounter = new_encounter("pow", "Benchmark horde", seed=5)
    for number in range(1, count + 1):
        encounter = encounter.add_character(
            lizard.model_copy(update={"name": f"Lizard-man {number}"}), origin="catalog")
    return encounter


def gm_initiative_ms() -> float:
    """Rolling and sorting initiative for 200 combatants (the encounter's start)."""
    encounter = _gm_encounter()
    encounter.start()
    return statistics.median(_per_call_ms(encounter.start, 30))


def _gm_window():
    os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")
    from PySide6.QtWidgets import QApplication

    from desktop.ui.gm.window import GmWindow

    app = QApplication.instance() or QApplication([])
    window = GmWindow(_gm_encounter().start())
    window.resize(1280, 820)
    window.show()
    app.processEvents()
    return app, window


def gm_next_turn_ms() -> dict[str, float]:
    """Next turn with 200 combatants: the model operation alone, and through the window
    (undo step, roster, action panel, log, and the repaint)."""
    encounter = _gm_encounter().start()
    model = statistics.median(_per_call_ms(encounter.next_turn, 200))
    app, window = _gm_window()

    def step() -> None:
        window.next_turn()
        app.processEvents()

    for _ in range(5):
        step()
    result = {"model": model, "window": statistics.median(_per_call_ms(step, 100))}
    window.session.undo_stack.setClean()
    window.close()
    return result


def gm_apply_damage_ms() -> dict[str, float]:
    """One point of damage to a combatant among 200: model alone, and through the window."""
    encounter = _gm_encounter().start()
    keys = list(encounter.fighters)
    turn = iter(range(10**9))
    model = statistics.median(_per_call_ms(
        lambda: encounter.perform(keys[next(turn) % len(keys)], "damage", {"points": 1}),
        200))
    app, window = _gm_window()

    def hit() -> None:
        key = keys[next(turn) % len(keys)]
        window.select(key)
        window.perform(key, "damage", {"points": 1}, "Damage")
        app.processEvents()

    for _ in range(5):
        hit()
    result = {"model": model, "window": statistics.median(_per_call_ms(hit, 100))}
    window.session.undo_stack.setClean()
    window.close()
    return result


def gm_area_damage_ms() -> float:
    """One point of damage to 20 selected combatants among 200 in one undo step (an
    area attack), through the window."""
    app, window = _gm_window()
    keys = list(window.encounter.fighters)
    start = iter(range(10**9))

    def blast() -> None:
        first = (next(start) * 20) % (len(keys) - 20)
        window.perform_all(keys[first:first + 20], "damage", {"points": 1}, "Damage")
        app.processEvents()

    for _ in range(3):
        blast()
    result = statistics.median(_per_call_ms(blast, 40))
    window.session.undo_stack.setClean()
    window.close()
    return result


def gm_player_view_ms() -> float:
    """What the open player view adds to a turn with 200 combatants: next turn with it
    shown, less next turn without. Each round measures both, in turn first (ABBA: a
    turn gets slower as the undo history grows, which would favour whichever side came
    first), and the figure is the median of the rounds' differences of medians."""
    app, window = _gm_window()

    def step() -> None:
        window.next_turn()
        app.processEvents()

    def block(shown: bool) -> float:
        if shown and not window.player_view.isVisible():
            window.toggle_player_view()  # as the GM does: shows it and fills it
        elif not shown:
            window.player_view.hide()
        app.processEvents()
        return statistics.median(_per_call_ms(step, 15))

    differences = []
    for round_ in range(8):
        first = round_ % 2 == 0  # with the view first in even rounds
        a, b = block(first), block(not first)
        differences.append(a - b if first else b - a)
    window.player_view.hide()
    window.session.undo_stack.setClean()
    window.close()
    return max(0.0, statistics.median(differences))


GM_MEMORY_PROBE = """
import resource, sys
sys.path.insert(0, {repo!r})
sys.path.insert(0, {bench!r})
from run import _gm_window
app, window = _gm_window()
for _ in range(50):
    window.next_turn()
    app.processEvents()
peak = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss
peak *= 1 if sys.platform == "darwin" else 1024
try:  # Linux keeps ru_maxrss across exec: a big parent (this run) would count; VmHWM not
    with open("/proc/self/status") as status:
        peak = next(int(line.split()[1]) * 1024 for line in status if line.startswith("VmHWM:"))
except (OSError, StopIteration):
    pass
print("peak", peak)
window.session.undo_stack.setClean()
"""


def gm_memory_mb() -> float:
    """Peak memory of a process that builds the 200-combatant encounter and its window
    and plays 50 turns."""
    script = GM_MEMORY_PROBE.format(repo=str(REPO), bench=str(Path(__file__).parent))
    out = subprocess.run([sys.executable, "-c", script], env=_env(), capture_output=True,
                         text=True, timeout=300)
    line = next((ln for ln in out.stdout.splitlines() if ln.startswith("peak ")), None)
    if line is None:
        raise RuntimeError(f"GM memory probe failed: {out.stderr.strip()[-400:]}")
    return int(line.split()[1]) / 2**20


def measure() -> dict[str, dict[str, float | str]]:
    start = processes.start_and_open()
    party = processes.party_export()
    examples = processes.party_export(games=processes.ALL_GAMES)
    rows = {
        "startup_ratio": (start["sheetdesk_ratio"], "× bare Qt", 1.6),
        "startup_sheetdesk": (start["sheetdesk_ms"], "ms", None),
        "startup_bare_qt": (start["bare_ms"], "ms", None),
        **{f"open_file_ratio_{game}": (start[f"{game}_ratio"], "× bare Qt", 3.0)
           for game in processes.OPEN_EXAMPLES},
        # No budget: what opening a file costs before any editor code (pydantic, the
        # model, the form), to read the rows above against.
        **{f"open_file_floor_ratio_{game}": (start[f"floor_{game}_ratio"], "× bare Qt", None)
           for game in processes.OPEN_EXAMPLES},
        "party_export_ratio": (party["ratio"], "× imports", 4.0),
        "party_export": (party["export_ms"], "ms", None),
        "party_export_baseline": (party["baseline_ms"], "ms", None),
        "examples_export_ratio": (examples["ratio"], "× imports", 6.0),
        "examples_export": (examples["export_ms"], "ms", None),
        # No budget: other programs' CPU while the rows above ran (machine_load).
        "process_rows_other_load": (machine_load.most(
            start["other_cores"], party["other_cores"], examples["other_cores"]), "cores", None),
        "pow_derive": (derive_ms(), "ms", 1.0),
        "edit_p95_ms_pow": (editor_edit_p95_ms(), "ms", 2.0),
        "pow_export_sheet_and_card": (export_ms(), "ms", 50.0),
        "pow_slowest_odds_query": (slowest_odds_ms(), "ms", 5.0),
        "pocket_derive": (game_derive_ms(POCKET_EXAMPLE), "ms", 1.0),
        "edit_p95_ms_pocket": (game_editor_edit_p95_ms(POCKET_EXAMPLE, "deftSpin"), "ms",
                               2.0),
        "pocket_export_sheet_and_card": (game_export_ms(POCKET_EXAMPLE), "ms", 50.0),
        "pocket_slowest_odds_query": (pocket_slowest_odds_ms(), "ms", 5.0),
        "protector_derive": (game_derive_ms(PROTECTOR_EXAMPLE), "ms", 1.0),
        "edit_p95_ms_protector": (
            game_editor_edit_p95_ms(PROTECTOR_EXAMPLE, "energyDepletedSpin"), "ms", 2.0),
        "protector_export_sheet_and_card": (game_export_ms(PROTECTOR_EXAMPLE), "ms", 50.0),
        "protector_big_contest_odds": (protector_slowest_odds_ms(), "ms", 5.0),
        "kruhl_derive": (game_derive_ms(KRUHL_EXAMPLE), "ms", 1.0),
        "edit_p95_ms_kruhl": (game_editor_edit_p95_ms(KRUHL_EXAMPLE, KRUHL_SPIN), "ms", 2.0),
        "kruhl_export_sheet_and_card": (game_export_ms(KRUHL_EXAMPLE), "ms", 50.0),
        "kruhl_slowest_odds_query": (kruhl_slowest_odds_ms(), "ms", 5.0),
        "powers_derive": (game_derive_ms(POWERS_EXAMPLE), "ms", 1.0),
        "edit_p95_ms_powers": (game_editor_edit_p95_ms(POWERS_EXAMPLE, POWERS_SPIN), "ms",
                               2.0),
        "powers_export_sheet_cards_and_card": (game_export_ms(POWERS_EXAMPLE), "ms", 50.0),
        "powers_slowest_odds_query": (powers_slowest_odds_ms(), "ms", 5.0),
        "gm_initiative_200": (gm_initiative_ms(), "ms", 50.0),
    }
    next_turn = gm_next_turn_ms()
    damage = gm_apply_damage_ms()
    rows.update({
        "gm_next_turn_200": (next_turn["window"], "ms", 16.0),
        "gm_next_turn_200_model": (next_turn["model"], "ms", 16.0),
        "gm_apply_damage_200": (damage["window"], "ms", 16.0),
        "gm_apply_damage_200_model": (damage["model"], "ms", 16.0),
        "gm_area_damage_20_of_200": (gm_area_damage_ms(), "ms", 16.0),
        "gm_player_view_adds_per_turn": (gm_player_view_ms(), "ms", 2.0),
        "gm_next_turn_shared_50": (
            share_bench.gm_next_turn_shared_ms(_gm_window, _per_call_ms), "ms", 16.0),
        "gm_memory_200": (gm_memory_mb(), "MB", 250.0),
    })
    rows.update(printing.rows())
    return {
        name: {"value": round(value, 4), "unit": unit, "budget": budget,
               "ratio": round(value / budget, 4) if budget else None}
        for name, (value, unit, budget) in rows.items()
    }


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--json", action="store_true", help="print one JSON object")
    args = parser.parse_args()
    sys.path.insert(0, str(REPO))
    results = measure()
    machine_load.warn_if_busy(results["process_rows_other_load"]["value"])
    if args.json:
        print(json.dumps(results, indent=2))
        return 0
    print(f"{'benchmark':32} {'value':>10} {'unit':10} {'budget':>8} {'ratio':>7}")
    for name, row in results.items():
        budget = "" if row["budget"] is None else f"{row['budget']:g}"
        ratio = "" if row["ratio"] is None else f"{row['ratio']:.2f}"
        print(f"{name:32} {row['value']:>10.3f} {row['unit']:10} {budget:>8} {ratio:>7}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
