"""View ▸ Share with players…: the dialog starts the sharing on the address the GM picks,
shows it as text and as a QR code, the status bar counts the watchers, every change in
the GM screen (and hiding NPC names) reaches the stream, Stop and closing end it."""

from __future__ import annotations

import json

from desktop.ui.gm.share_dialog import LOCAL, lan_addresses, qr_pixmap
from tests.share.test_server import Stream
from tests.ui.gm.conftest import open_gm
from tests.ui.gm.test_player_view import start


def _share(gm):
    view_menu = next(a.menu() for a in gm.menuBar().actions() if a.text() == "&View")
    assert gm.share.action in view_menu.actions()
    gm.share.action.trigger()
    dialog = gm.share.dialog
    assert dialog.isVisible() and not dialog.stop_button.isVisible()
    dialog.where.setCurrentIndex(dialog.where.findData(LOCAL))
    dialog.start_button.click()
    return dialog


def test_sharing_follows_the_gm_screen_and_counts_watchers(qtbot, gm, gm_prompts, party):
    start(gm, party, gm_prompts)
    assert not gm.share.status.isVisible()
    dialog = _share(gm)
    server = gm.share.sharing.server
    assert dialog.address.text() == server.url and server.url.startswith("http://127.0.0.1:")
    assert not dialog.qr.pixmap().isNull() and dialog.stop_button.isVisible()
    assert gm.share.status.text() == "Sharing: 0 watching"
    stream = Stream(server)
    first = stream.event()
    assert first["turn"][0] == "Lizard-man 1" and first["round"] == "Frame 1"
    qtbot.waitUntil(lambda: gm.share.status.text() == "Sharing: 1 watching", timeout=2000)
    assert dialog.watching.text() == "1 watching"

    gm.next_turn()  # the GM presses Next
    after = stream.event()
    assert after["turn"] != first["turn"] and any(e["acted"] for e in after["order"])
    gm.menus.reveal_names_action.setChecked(False)  # hidden at once on the players' phones
    hidden = stream.event()
    assert all(not e["name"].startswith("Lizard") for e in hidden["order"])
    assert b"Lizard" not in json.dumps(hidden).encode()

    dialog.stop_button.click()
    assert not gm.share.sharing.running and not gm.share.status.isVisible()
    assert dialog.start_button.isVisible()
    stream.close()


def test_closing_the_window_stops_sharing(qtbot, gm_prompts) -> None:
    window = open_gm(qtbot, gm_prompts)
    _share(window)
    sharing = window.share.sharing
    assert sharing.running
    window.close()
    assert not sharing.running


def test_the_qr_code_and_the_addresses() -> None:
    assert qr_pixmap("http://192.168.1.20:8123/abc/").width() > 100
    assert all(a != LOCAL and "." in a for a in lan_addresses())
