"""The roster at a glance: "✓" on those whose turn
has passed this round, in the roster, the combatant panel and the player view, cleared
by a new round and restored by undo; a combatant from a file with a portrait has it as
its name's icon (and beside its name in the panel), one without has none."""

from __future__ import annotations

from pathlib import Path

import pytest
from PySide6.QtCore import Qt
from PySide6.QtGui import QColor, QImage

from desktop.systems import get
from desktop.systems.encounters import has_gm_rules, new_encounter
from desktop.systems.files import load_character, save_character
from desktop.ui.gm.combatant_table import GLYPHS, WORDS
from desktop.ui.gm.sources import catalog_characters
from desktop.ui.widgets.pictures import picture_from_image
from tests.ui.gm.conftest import REPO, SAMPLE_TOTALS, open_gm, sample_fight

GAMES = [g for g in ("pow", "pocket", "protector", "kruhl", "powers") if has_gm_rules(g)]
ACTED = GLYPHS["acted"]


def start(gm, party, prompts) -> None:
    sample_fight(gm, party, prompts)
    gm.turn_bar.totals.setText(SAMPLE_TOTALS)
    gm.turn_bar.start_button.click()


def name_cell(gm, key: str):
    return gm.model.index_of(key)


def marked(gm) -> list[str]:
    """Those whose name cell shows the acted mark, in roster order."""
    order: list[str] = gm.model.keys()
    return [k for k in order if ACTED in name_cell(gm, k).data()]


def test_acted_this_round_shows_then_clears_and_undo_restores(gm, gm_prompts, party) -> None:
    start(gm, party, gm_prompts)
    first = gm.encounter.turn.actors
    assert marked(gm) == []
    gm.next_turn()
    for key in first:
        cell = name_cell(gm, key)
        assert cell.data().startswith(f"{ACTED} "), cell.data()
        assert WORDS["acted"] in cell.data(Qt.ItemDataRole.ToolTipRole)
    now = gm.encounter.turn.actors[0]
    assert name_cell(gm, now).data().startswith("▶ ")
    assert "has acted this round" not in name_cell(gm, now).data(Qt.ItemDataRole.ToolTipRole)
    # The group's own line is marked once all its members have acted.
    group = gm.model.index(0, 0)
    assert gm.model.line(group).key is None and gm.model.line(group).acted
    gm.session.undo_stack.undo()
    assert marked(gm) == []
    gm.session.undo_stack.redo()
    assert name_cell(gm, first[0]).data().startswith(ACTED)
    round_one = gm.encounter.turn.round
    while gm.encounter.turn.round == round_one:
        gm.next_turn()
    assert marked(gm) == []


def test_the_panel_and_player_view_show_it(gm, gm_prompts, party) -> None:
    start(gm, party, gm_prompts)
    first = gm.encounter.turn.actors  # the Lizard-men act together
    gm.menus.player_view_action.trigger()
    gm.next_turn()
    gm.select(first[0])
    assert gm.action_panel.title.text() == f"{ACTED} {first[0]}"
    assert gm.action_panel.title.toolTip() == "has acted this round"
    shown = [gm.player_view.order.item(i) for i in range(gm.player_view.order.count())]
    marked = [i for i in shown if i.text().startswith(f"{ACTED} ")]
    assert [i.text().split(" — ")[0] for i in marked] == [f"{ACTED} {k}" for k in first]
    assert marked[0].toolTip() == "has acted this round"
    assert not any(i.text().startswith(ACTED) for i in shown if i not in marked)


@pytest.mark.parametrize("game", GAMES)
def test_every_game_marks_the_turn_that_passed(qtbot, gm_prompts, game: str) -> None:
    e = new_encounter(game, "marks", seed=4)
    for path in sorted((REPO / "resources" / game / "characters").glob("*.sheetdesk")):
        e = e.add_character(load_character(path), str(path))
    e = e.add_group(catalog_characters(get(game))[0], 2).start()
    gm = open_gm(qtbot, gm_prompts, encounter=e)
    try:
        first = gm.encounter.turn.actors
        gm.next_turn()
        assert gm.encounter.acted == frozenset(first) - set(gm.encounter.turn.actors)
        for key in gm.encounter.acted:
            assert name_cell(gm, key).data().startswith(ACTED), key
    finally:
        gm.close()
        gm.deleteLater()


def with_portrait(source: Path, target: Path) -> Path:
    image = QImage(60, 80, QImage.Format.Format_RGB32)
    image.fill(QColor("teal"))
    character = load_character(source)
    character.picture = picture_from_image(image)
    save_character(target, character)
    return target


def test_a_portrait_is_the_name_cell_icon(gm, gm_prompts, party, tmp_path) -> None:
    pictured = with_portrait(party["sparky"], tmp_path / "sparky-pictured.sheetdesk")
    gm_prompts.character_files = [pictured, party["cutter"]]
    assert gm.add_files()
    assert gm.add_panel.select_source("Lizard-man")
    gm.add_panel.add_button.click()
    icon = name_cell(gm, "Sparky").data(Qt.ItemDataRole.DecorationRole)
    assert icon is not None and not icon.isNull()
    assert gm.roster.view.iconSize().height() <= gm.roster.view.fontMetrics().height() + 2
    assert name_cell(gm, "Cutter").data(Qt.ItemDataRole.DecorationRole) is None
    npc = next(k for k in gm.encounter.fighters if k.startswith("Lizard"))
    assert name_cell(gm, npc).data(Qt.ItemDataRole.DecorationRole) is None
    # Scaled once: a turn passing reuses the same icon (no decoding per repaint).
    gm.turn_bar.start_button.click()
    gm.next_turn()
    assert len(gm.model.portraits._pixmaps) == 1
    gm.select("Sparky")
    assert gm.action_panel.picture.isVisibleTo(gm) and gm.action_panel.picture.pixmap()
    gm.select("Cutter")
    assert not gm.action_panel.picture.isVisibleTo(gm)
