"""The player view: turn order and whose turn, player characters' hit points, NPCs only
as a word (never their numbers), names hidden on request, following the GM screen."""

from __future__ import annotations

import re

from desktop.ui.gm.player_view import player_lines
from tests.ui.gm.conftest import SAMPLE_TOTALS, sample_fight


def start(gm, party, prompts) -> None:
    sample_fight(gm, party, prompts)
    gm.turn_bar.totals.setText(SAMPLE_TOTALS)
    gm.turn_bar.start_button.click()


def test_it_follows_the_gm_screen_and_hides_npc_numbers(gm, gm_prompts, party) -> None:
    start(gm, party, gm_prompts)
    gm.menus.player_view_action.trigger()
    view = gm.player_view
    assert view.isVisible()
    shown = [view.order.item(i).text() for i in range(view.order.count())]
    assert shown[0] == "▶ Lizard-man 1 — fine"
    assert any(t.startswith("Sparky — Damage 4 · 16/16") for t in shown)
    gm.select("Lizard-man 2")
    gm.action_panel.set_value("damage", "points", 3)
    gm.action_panel.buttons["damage"].click()
    shown = [view.order.item(i).text() for i in range(view.order.count())]
    assert "▶ Lizard-man 2 — hurt" in shown
    for text in shown:
        if text.startswith(("▶ Lizard", "Lizard")):
            assert not re.search(r"\d+/\d+", text), "no NPC numbers"
    gm.next_turn()
    assert view.turn.text() == gm.encounter.turn.label


def test_names_hidden_on_request(gm, gm_prompts, party) -> None:
    start(gm, party, gm_prompts)
    gm.menus.player_view_action.trigger()
    gm.menus.reveal_names_action.setChecked(False)
    shown = [gm.player_view.order.item(i).text() for i in range(gm.player_view.order.count())]
    assert shown[:3] == ["▶ Foe 1 — fine", "▶ Foe 2 — fine", "▶ Foe 3 — fine"]
    assert not any("Lizard" in t for t in shown) and "Lizard" not in gm.player_view.turn.text()
    assert any(t.startswith("Sparky") for t in shown)


def test_lines_restyled_turn_by_turn_match_a_fresh_view(gm, gm_prompts, party) -> None:
    """A turn restyles only the lines that changed (its cost is the benchmark row
    gm_player_view_adds_per_turn); what is shown is still exactly ``player_lines``:
    text, the one acting in bold, "has acted this round" on those who have."""
    start(gm, party, gm_prompts)
    gm.menus.player_view_action.trigger()
    view = gm.player_view
    seen_acted = seen_acting = False
    for _ in range(4):
        gm.next_turn()
        lines = player_lines(gm.encounter, view.names, gm.model.rows)
        items = [view.order.item(i) for i in range(view.order.count())]
        assert [i.text() for i in items] == [line.text for line in lines]
        assert [i.font().bold() for i in items] == [line.acting for line in lines]
        assert [i.toolTip() == "has acted this round" for i in items] == [
            line.acted for line in lines]
        seen_acted |= any(line.acted for line in lines)
        seen_acting |= any(line.acting for line in lines)
    assert seen_acted and seen_acting


def test_f11_fills_the_players_screen_and_esc_leaves(gm, qtbot) -> None:
    from PySide6.QtCore import Qt
    from PySide6.QtTest import QTest

    gm.toggle_player_view()
    view = gm.player_view
    assert view.isVisible()
    QTest.keyClick(view, Qt.Key.Key_F11)
    assert view.windowState() & Qt.WindowState.WindowFullScreen
    QTest.keyClick(view, Qt.Key.Key_Escape)
    assert not view.windowState() & Qt.WindowState.WindowFullScreen and view.isVisible()
    QTest.keyClick(view, Qt.Key.Key_Escape)
    assert not view.isVisible()
