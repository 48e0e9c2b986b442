"""The GM screen's small parts that hold logic: totals, expression odds, chart filter,
combatant sources, the log's incremental refresh."""

from __future__ import annotations

import pytest

from desktop.model.combat_rules import ReferenceChart
from desktop.systems import get
from desktop.systems.encounters import new_encounter
from desktop.ui.gm.dice_roller import expression_odds
from desktop.ui.gm.log_view import LogView
from desktop.ui.gm.reference import filter_charts
from desktop.ui.gm.sources import catalog_characters, generic, named
from desktop.ui.gm.turn_bar import parse_totals


def test_hand_rolled_totals() -> None:
    assert parse_totals("Sparky 12, Lizard-men: 13; 3 Thugs = 9") == {
        "Sparky": 12, "Lizard-men": 13, "3 Thugs": 9}
    assert parse_totals("  ") == {}
    assert parse_totals("Lizard-man 1 -2") == {"Lizard-man 1": -2}
    with pytest.raises(ValueError, match="write a name and a total"):
        parse_totals("Sparky")


@pytest.mark.parametrize(("text", "target", "shown"), [
    ("2d6+3", 12, "2d6+3: 5 to 15, mean 10 · P(≥ 12) = 27.8 %"),
    ("d20", 11, "1d20: 1 to 20, mean 10.5 · P(≥ 11) = 50.0 %"),
    ("3d6 - 2", 20, "3d6-2: 1 to 16, mean 8.5 · P(≥ 20) = 0 %"),
    ("1d6", 1, "1d6: 1 to 6, mean 3.5 · P(≥ 1) = 100 %"),
])
def test_expression_odds(text, target, shown) -> None:
    assert expression_odds(text, target) == shown


def test_expression_odds_refuses_nonsense() -> None:
    with pytest.raises(ValueError):
        expression_odds("2d", 3)


def test_filter_charts() -> None:
    charts = [ReferenceChart("Combat", ("Step 1: Initiative", "  • dodge +15")),
              ReferenceChart("Dodging", ("anything",))]
    assert filter_charts(charts, "") == [("Combat", ["Step 1: Initiative", "  • dodge +15"]),
                                         ("Dodging", ["anything"])]
    assert filter_charts(charts, "DODG") == [("Combat", ["  • dodge +15"]),
                                             ("Dodging", ["anything"])]
    assert filter_charts(charts, "zzz") == []


def test_sources_for_pow() -> None:
    pow_system = get("pow")
    names = [c.name for c in catalog_characters(pow_system)]
    assert "Lizard-man" in names
    lizard = catalog_characters(pow_system)[names.index("Lizard-man")]
    renamed = named(lizard, "Slime")
    assert renamed.name == "Slime" and lizard.name == "Lizard-man"
    assert renamed.attributes == lizard.attributes
    assert generic(pow_system, "Thug").name == "Thug"


def test_a_game_without_a_catalog_offers_no_npcs(monkeypatch) -> None:
    system = get("pow")

    def missing(name: str):
        error = ModuleNotFoundError(f"No module named {system.module_name(name)}")
        error.name = system.module_name(name)
        raise error

    monkeypatch.setattr(type(system), "part", lambda self, name: missing(name))
    assert catalog_characters(system) == []


def test_the_log_appends_and_trims(qtbot) -> None:
    view = LogView()
    qtbot.addWidget(view)
    e = new_encounter("pow", "x", seed=1)
    one = e.note("one")
    two = one.note("two").note("three")
    view.show_log(one.log)
    view.show_log(two.log)
    assert view.texts() == ["Setup: one", "Setup: two", "Setup: three"]
    view.show_log(one.log)  # undo
    assert view.texts() == ["Setup: one"]
    view.show_log(e.note("other").log)  # another encounter altogether
    assert view.texts() == ["Setup: other"]
