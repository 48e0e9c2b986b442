"""The GM window's Help menu: the quick guide (F1), its own keyboard shortcuts, About;
Ctrl+Q where the GM screen is its own app; Esc back to the roster."""

from __future__ import annotations

from PySide6.QtGui import QKeySequence

from desktop.ui.help_menu import shortcuts


def test_help_has_the_guide_and_the_windows_own_shortcuts(gm) -> None:
    texts = [a.text() for a in gm.menus.help_menu.actions()]
    assert texts[:2] == ["Quick &guide", "&Keyboard shortcuts"]
    assert any(t.startswith("&About") for t in texts)
    listed = {(menu, command) for menu, command, _keys in shortcuts(gm)}
    assert ("Fight", "Next turn") in listed and ("View", "Back to the roster") in listed
    f1 = QKeySequence("F1")
    assert [a.text() for a in gm.findChildren(type(gm.menus.next_action))
            if f1 in a.shortcuts()] == ["Quick &guide"]  # F1 means one thing


def test_ctrl_q_quits_where_the_gm_screen_is_its_own_app(gm) -> None:
    assert not hasattr(gm.menus, "quit_action")  # beside the editors: Window ▸ close
    action = gm.menus.add_quit()
    assert QKeySequence("Ctrl+Q") in action.shortcuts()
    assert ("File", "Quit") in {(m, c) for m, c, _k in shortcuts(gm)}
