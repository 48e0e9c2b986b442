"""Edit ▸ Copy fight as text: the status as the players may see it, or the GM's log of
the last round, on the clipboard."""

from __future__ import annotations

from PySide6.QtGui import QGuiApplication

from tests.ui.gm.test_player_view import start


def test_the_gm_copies_the_status_and_the_last_round(gm, gm_prompts, party) -> None:
    start(gm, party, gm_prompts)
    edit = next(a.menu() for a in gm.menuBar().actions() if a.text() == "&Edit")
    copy = next(a.menu() for a in edit.actions() if a.text() == "Copy fight as &text")
    status_md, status_bb, log_md, _log_bb = copy.actions()
    status_md.trigger()
    text = QGuiApplication.clipboard().text()
    assert "| ▶ | Lizard-man 1 | fine |" in text and "Sparky" in text
    gm.menus.reveal_names_action.setChecked(False)
    status_bb.trigger()
    text = QGuiApplication.clipboard().text()
    assert text.startswith("[size=150][b]") and "Lizard-man" not in text and "Foe 1" in text
    log_md.trigger()
    text = QGuiApplication.clipboard().text()
    assert "## Log" in text and "Lizard-man 1" in text  # the GM's own log: names and all
    assert "last round's log as Markdown" in gm.statusBar().currentMessage()
