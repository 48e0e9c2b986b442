"""The Help menu both windows share: a short guide (F1), the keyboard shortcuts of the
window's own menus (collected from them, so the list is always the window's), and About.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

from PySide6.QtGui import QAction, QKeySequence
from PySide6.QtWidgets import QMainWindow, QMenu, QWidget

from desktop import APP_NAME
from desktop.ui.rich_text import escape

if TYPE_CHECKING:
    from PySide6.QtWidgets import QDialog


def add_help_menu(window: QMainWindow, guide: str, about: Callable[[], None]) -> QMenu:
    """Help ▸ Quick guide (F1), Keyboard shortcuts, About, on ``window``'s menu bar;
    ``guide`` is the guide's text (simple HTML)."""
    menu = window.menuBar().addMenu("&Help")
    guide_action = QAction("Quick &guide", window)
    guide_action.setShortcut(QKeySequence(QKeySequence.StandardKey.HelpContents))
    guide_action.triggered.connect(lambda: show_text(window, "Quick guide", guide))
    keys_action = QAction("&Keyboard shortcuts", window)
    keys_action.triggered.connect(
        lambda: show_text(window, "Keyboard shortcuts", shortcuts_html(window)))
    about_action = QAction(f"&About {APP_NAME}", window)
    about_action.setMenuRole(QAction.MenuRole.AboutRole)
    about_action.triggered.connect(lambda: about())
    for action in (guide_action, keys_action, about_action):
        menu.addAction(action)
    menu.setObjectName("helpMenu")
    return menu


def quit_keys() -> list[QKeySequence]:
    """The platform's Quit keys, and Ctrl+Q where the platform has none (Windows)."""
    keys = QKeySequence.keyBindings(QKeySequence.StandardKey.Quit)
    ctrl_q = QKeySequence("Ctrl+Q")
    return keys if ctrl_q in keys else [*keys, ctrl_q]


def shortcuts(window: QMainWindow) -> list[tuple[str, str, str]]:
    """(menu, command, keys) for every menu command of ``window`` that has a shortcut,
    in menu order, with the keys as this platform writes them."""
    found: list[tuple[str, str, str]] = []

    def walk(menu: QMenu, where: str) -> None:
        for action in menu.actions():
            if action.menu() is not None:
                walk(action.menu(), f"{where} ▸ {_plain(action.text())}")
            elif action.shortcuts():
                keys = ", ".join(k.toString(QKeySequence.SequenceFormat.NativeText)
                                 for k in action.shortcuts() if not k.isEmpty())
                if keys:
                    found.append((where, _plain(action.text()), keys))

    for action in window.menuBar().actions():
        if action.menu() is not None:
            walk(action.menu(), _plain(action.text()))
    return found


def shortcuts_html(window: QMainWindow) -> str:
    rows = "".join(f"<tr><td>{escape(menu)}</td><td><b>{escape(command)}</b></td>"
                   f"<td>{escape(keys)}</td></tr>" for menu, command, keys in shortcuts(window))
    return ("<table cellpadding='4'><tr><th align='left'>Menu</th><th align='left'>Command"
            f"</th><th align='left'>Keys</th></tr>{rows}</table>")


def show_text(parent: QWidget, title: str, html: str) -> QDialog:
    """A small window of text with a Close button (Esc closes it too). Its classes are
    imported here: PySide makes each Qt class the first time it is imported, and the
    window is built and painted before anyone asks for help."""
    from PySide6.QtWidgets import QDialog, QDialogButtonBox, QTextBrowser, QVBoxLayout

    dialog = QDialog(parent)
    dialog.setWindowTitle(title)
    dialog.setObjectName("helpDialog")
    layout = QVBoxLayout(dialog)
    text = QTextBrowser()
    text.setOpenExternalLinks(True)
    text.setHtml(html)
    layout.addWidget(text)
    buttons = QDialogButtonBox(QDialogButtonBox.StandardButton.Close)
    buttons.rejected.connect(dialog.reject)
    layout.addWidget(buttons)
    available = parent.screen().availableGeometry()
    dialog.resize(min(640, available.width() - 40), min(560, available.height() - 80))
    dialog.show()
    return dialog


def _plain(text: str) -> str:
    """A menu text without its accelerator marks and trailing dots' padding."""
    return text.replace("&&", "\0").replace("&", "").replace("\0", "&")


EDITOR_GUIDE = """
<h3>Sheetdesk in five steps</h3>
<ol>
<li><b>Make or open a character</b>: File ▸ New picks a game; File ▸ Open reads a
character file; the first window also opens the book's example characters.</li>
<li><b>Edit</b>: every pool, initiative, defence and cost is worked out again as you type.
Each change can be undone (Edit ▸ Undo) and says what it changed.</li>
<li><b>Findings</b>: the list beside the sheet checks the book's creation rules and says
which rule each comes from. A finding never stops you saving: house rules are yours.</li>
<li><b>Odds</b>: the side panel shows the exact chance of a check before you roll it.</li>
<li><b>Print</b>: File ▸ Export PDF makes the character sheet and the ID card, for one
character or everyone open, on A4 or Letter.</li>
</ol>
<p>Your work is saved every 30 seconds as an autosave; if Sheetdesk or the computer stops,
the next start offers it back. A file changed on disk by another device (a shared or
synced folder) is noticed: Sheetdesk reloads it, or asks when you have unsaved edits.</p>
<p><b>Run a fight</b> with Window ▸ GM Screen.</p>
"""
"""The main window's quick guide."""

GM_GUIDE = """
<h3>The GM screen</h3>
<ol>
<li><b>Add</b> the fighters: characters from files or from the open editors, and the
game's own creatures and groups ("6 Lizard-men").</li>
<li><b>Start</b> the fight: each game rolls or sets initiative its own way.</li>
<li><b>Act</b>: pick a combatant, then an action. Damage, recovery and conditions follow
that game's rules; each step is in the log and can be undone.</li>
<li><b>Next</b> ends the turn. When a roll is owed (a save, a wake-up roll) Next asks
first.</li>
<li><b>Save</b> the encounter to pick it up again; the player view shows the players
what they may see.</li>
</ol>
"""
"""The GM screen's quick guide."""
