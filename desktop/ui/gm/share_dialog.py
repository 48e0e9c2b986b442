"""View ▸ Share with players…: the player view live in the players' own browsers.

``ShareDialog`` lets the GM pick where to listen (this computer's address on the local
network, or this computer only), starts and stops the sharing and shows the address as
text and as a QR code (segno) for phones to scan. ``ShareLink`` ties one sharing to a
GM screen: the menu entry, "Sharing: N watching" in the status bar, the state sent after
every change, and the stop when the window closes. The server itself has no Qt
(``desktop.share``).
"""

from __future__ import annotations

import io
from collections.abc import Sequence
from typing import Any

from PySide6.QtCore import QObject, Qt, Signal
from PySide6.QtGui import QAction, QGuiApplication, QPixmap
from PySide6.QtNetwork import QAbstractSocket, QNetworkInterface
from PySide6.QtWidgets import (
    QComboBox,
    QDialog,
    QFormLayout,
    QHBoxLayout,
    QLabel,
    QPushButton,
    QVBoxLayout,
    QWidget,
)

from desktop.model.combat_rules import Row
from desktop.model.encounter import Encounter
from desktop.share.session import Sharing

LOCAL = "127.0.0.1"
EXPLAIN = ("Players open this address in a browser on the same network: they see the "
           "turn order, whose turn it is, their characters' hit points and each other "
           "combatant's health as a word, never its numbers. Nothing they do changes "
           "the fight.")


def lan_addresses() -> list[str]:
    """This computer's IPv4 addresses on its networks (not the loopback)."""
    out = []
    for address in QNetworkInterface.allAddresses():
        if (address.protocol() == QAbstractSocket.NetworkLayerProtocol.IPv4Protocol
                and not address.isLoopback() and not address.isLinkLocal()):
            out.append(address.toString())
    return out


def qr_pixmap(text: str, scale: int = 6) -> QPixmap:
    """``text`` as a QR code (dark on white, with its quiet zone: phones read it in the
    dark palette too)."""
    import segno  # here: opening the GM screen does not load it

    buffer = io.BytesIO()
    segno.make(text, error="m").save(buffer, kind="png", scale=scale, border=4,
                                     dark="black", light="white")
    pixmap = QPixmap()
    pixmap.loadFromData(buffer.getvalue(), "PNG")
    return pixmap


class ShareDialog(QDialog):
    """Start, show and stop one sharing (``link``); closing the dialog keeps it on."""

    def __init__(self, link: ShareLink, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("shareDialog")
        self.setWindowTitle("Share with players")
        self.link = link
        self.where = QComboBox()
        self.where.setObjectName("shareWhere")
        for address in lan_addresses():
            self.where.addItem(f"The local network ({address})", address)
        self.where.addItem(f"This computer only ({LOCAL})", LOCAL)
        self.start_button = QPushButton("&Start sharing")
        self.start_button.setObjectName("shareStart")
        self.start_button.clicked.connect(self.start)
        self.stop_button = QPushButton("S&top")
        self.stop_button.setObjectName("shareStop")
        self.stop_button.clicked.connect(self.stop)
        self.qr = QLabel()
        self.qr.setObjectName("shareQr")
        self.qr.setAlignment(Qt.AlignmentFlag.AlignCenter)
        self.address = QLabel()
        self.address.setObjectName("shareAddress")
        self.address.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse
                                             | Qt.TextInteractionFlag.TextSelectableByKeyboard)
        self.address.setAlignment(Qt.AlignmentFlag.AlignCenter)
        self.copy_button = QPushButton("&Copy address")
        self.copy_button.clicked.connect(
            lambda: QGuiApplication.clipboard().setText(self.link.sharing.url))
        self.watching = QLabel()
        self.watching.setObjectName("shareWatching")
        self.problem = QLabel()
        self.problem.setWordWrap(True)
        self.problem.setStyleSheet("color: palette(highlight)")
        explain = QLabel(EXPLAIN)
        explain.setWordWrap(True)
        form = QFormLayout()
        form.addRow("&Listen on:", self.where)
        buttons = QHBoxLayout()
        buttons.addWidget(self.start_button)
        buttons.addWidget(self.copy_button)
        buttons.addStretch(1)
        buttons.addWidget(self.stop_button)
        layout = QVBoxLayout(self)
        layout.addWidget(explain)
        layout.addLayout(form)
        layout.addWidget(self.qr)
        layout.addWidget(self.address)
        layout.addWidget(self.watching)
        layout.addWidget(self.problem)
        layout.addLayout(buttons)
        link.watchers_changed.connect(self._show_watchers)
        self.refresh()

    def start(self) -> None:
        self.problem.setText("")
        try:
            self.link.start(self.where.currentData())
        except OSError as exc:
            self.problem.setText(f"Cannot share on {self.where.currentData()}: {exc}")
        self.refresh()

    def stop(self) -> None:
        self.link.stop()
        self.refresh()

    def refresh(self) -> None:
        on = self.link.sharing.running
        self.where.setEnabled(not on)
        self.start_button.setVisible(not on)
        self.stop_button.setVisible(on)
        self.copy_button.setVisible(on)
        self.qr.setVisible(on)
        url = self.link.sharing.url
        if on:
            self.qr.setPixmap(qr_pixmap(url))
            self.address.setText(url)
        else:
            self.address.setText("Not shared: players see nothing until you start.")
        self._show_watchers(self.link.sharing.watchers)
        self.adjustSize()

    def _show_watchers(self, count: int) -> None:
        self.watching.setVisible(self.link.sharing.running)
        self.watching.setText(watching_text(count))


def watching_text(count: int) -> str:
    return f"{count} watching" if count else "Nobody is watching yet"


class ShareLink(QObject):
    """One GM screen's sharing: ``update`` after every change, ``stop`` on close."""

    watchers_changed = Signal(int)
    """Emitted in the GUI thread (queued from the server's) with the number watching."""

    def __init__(self, window: Any) -> None:
        super().__init__(window)
        self.window = window
        self.sharing = Sharing()
        self.sharing.on_watchers = self.watchers_changed.emit  # crosses threads, queued
        self.dialog: ShareDialog | None = None
        self.status = QLabel()
        self.status.setObjectName("shareStatus")
        self.status.hide()
        window.statusBar().addPermanentWidget(self.status)
        self.watchers_changed.connect(self._show_status)
        self.action = QAction("Share with &players…", window)
        self.action.setObjectName("shareAction")
        self.action.setStatusTip("Show the player view on the players' phones and laptops "
                                 "(a link and a QR code)")
        self.action.triggered.connect(self.open_dialog)

    def open_dialog(self) -> ShareDialog:
        if self.dialog is None:
            self.dialog = ShareDialog(self, self.window)
        self.dialog.refresh()
        self.dialog.show()
        self.dialog.raise_()
        return self.dialog

    def start(self, host: str) -> str:
        window = self.window
        url = self.sharing.start(host, window.encounter, self._names(), window.model.rows)
        self._show_status(0)
        return url

    def update(self, encounter: Encounter, rows: Sequence[Row] | None = None) -> None:
        self.sharing.update(encounter, self._names(), rows)

    def changed(self) -> None:
        """The window's fight changed: send what the players see, if sharing."""
        if self.sharing.server is not None:
            self.update(self.window.encounter, self.window.model.rows)

    def stop(self) -> None:
        self.sharing.stop()
        self._show_status(0)

    def _names(self) -> bool:
        view = getattr(self.window, "player_view", None)
        return bool(getattr(view, "names", True))

    def _show_status(self, count: int) -> None:
        self.status.setVisible(self.sharing.running)
        self.status.setText(f"Sharing: {count} watching")


def install_share(window: Any) -> ShareLink:
    """Give a GM screen its sharing: View ▸ Share with players…, the status label, and
    the state sent after every change of the fight and of "Players see NPC names".
    Call it once the window's own slots are connected, so the roster is current when
    the state is built from it."""
    link = ShareLink(window)
    menu = next((a.menu() for a in window.menuBar().actions() if a.text() == "&View"), None)
    if menu is not None:
        menu.addSeparator()
        menu.addAction(link.action)
    window.session.changed.connect(link.changed)
    window.menus.reveal_names_action.toggled.connect(lambda _shown: link.changed())
    return link
