"""The GM screen from the keyboard: where the focus goes when a key asks for a panel, and
the table keys that work wherever the focus is.

N, Space, Esc and Ctrl+Z work wherever the focus is: a number box, a list or a button
would otherwise keep those keys for itself (a spin box swallows N and Ctrl+Z), so
``TableKeys`` hands them to the window's shortcuts. Only a text field keeps N, Space and
Ctrl+Z for typing; Esc leaves it for the roster.

A part of ``GmWindow``: it moves the focus among the window's roster, docks and panels;
which key calls which move is the menus' list (``desktop.ui.gm.menus``). The window
installs ``TableKeys`` on whichever of its widgets has the focus.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Protocol

from PySide6.QtCore import QEvent, QObject, Qt
from PySide6.QtGui import QKeyEvent
from PySide6.QtWidgets import (
    QAbstractButton,
    QAbstractSpinBox,
    QApplication,
    QComboBox,
    QLineEdit,
    QWidget,
)

if TYPE_CHECKING:
    from PySide6.QtWidgets import QDockWidget

    from desktop.ui.gm.action_panel import ActionPanel
    from desktop.ui.gm.add_panel import AddPanel
    from desktop.ui.gm.dice_roller import DiceRoller
    from desktop.ui.gm.log_view import LogView
    from desktop.ui.gm.reference import ReferencePanel
    from desktop.ui.gm.roster import Roster

TABLE_KEYS = {
    (Qt.Key.Key_N, Qt.KeyboardModifier.NoModifier),
    (Qt.Key.Key_Space, Qt.KeyboardModifier.NoModifier),
    (Qt.Key.Key_Escape, Qt.KeyboardModifier.NoModifier),
    (Qt.Key.Key_Z, Qt.KeyboardModifier.ControlModifier),
    (Qt.Key.Key_Z, Qt.KeyboardModifier.ControlModifier | Qt.KeyboardModifier.ShiftModifier),
    (Qt.Key.Key_Y, Qt.KeyboardModifier.ControlModifier),
}


def _typing(widget: QWidget | None) -> bool:
    """A free-text field (not a spin box's number line): N and Space are letters."""
    return (isinstance(widget, QLineEdit)
            and not isinstance(widget.parent(), QAbstractSpinBox)) or (
        isinstance(widget, QComboBox) and widget.isEditable())


class TableKeys(QObject):
    """Hands the GM's table keys to the window's shortcuts wherever the focus is."""

    def __init__(self, window: QWidget) -> None:
        super().__init__(window)
        self.window = window

    def eventFilter(self, watched: QObject, event: QEvent) -> bool:
        if event.type() != QEvent.Type.ShortcutOverride or not isinstance(event, QKeyEvent):
            return False
        focus = QApplication.focusWidget()
        if focus is None or not (focus is self.window or self.window.isAncestorOf(focus)):
            return False
        mods = event.modifiers() & ~Qt.KeyboardModifier.KeypadModifier
        combo = (Qt.Key(event.key()), mods)
        if combo not in TABLE_KEYS:
            return False
        if _typing(focus) and combo[0] != Qt.Key.Key_Escape:
            return False
        # Not accepting the override lets the window's shortcut have the key.
        event.ignore()
        return True


class KeyboardHost(Protocol):
    """What the focus moves use of the GM window: its roster, docks and panels."""

    roster: Roster
    docks: dict[str, QDockWidget]
    action_panel: ActionPanel
    add_panel: AddPanel
    dice: DiceRoller
    reference: ReferencePanel
    log_view: LogView

    def next_turn(self) -> bool: ...
    def isAncestorOf(self, child: QWidget) -> bool: ...


class KeyboardFocus:
    """Moves the focus where the GM's keys say: a dock's first field, back to the roster."""

    def __init__(self, window: KeyboardHost) -> None:
        self.window = window

    def space(self) -> None:
        """Space is Next turn, except where it already means something: a focused button
        or check box is pressed, a list opens. A GM who tabs to "Damage" and presses
        Space damages rather than passes the turn."""
        window = self.window
        focus = QApplication.focusWidget()
        if isinstance(focus, QAbstractButton) and window.isAncestorOf(focus):
            focus.animateClick()
        elif isinstance(focus, QComboBox) and window.isAncestorOf(focus):
            focus.showPopup()
        else:
            window.next_turn()

    def escape(self) -> None:
        """Esc: out of a field back to the roster; in the roster, back to one row."""
        focus = QApplication.focusWidget()
        roster = self.window.roster
        if focus is not roster.view:
            roster.view.setFocus(Qt.FocusReason.ShortcutFocusReason)
            return
        key = roster.selected_key()
        if key and len(roster.selected_keys()) > 1:
            roster.select(key)

    def _raise(self, dock: str) -> None:
        self.window.docks[dock].show()
        self.window.docks[dock].raise_()

    def focus_actions(self) -> None:
        """The first allowed action's first input, its text selected (a waiting prompt
        or the most common action)."""
        self._raise("act")
        panel = self.window.action_panel
        for action_id in panel.list.visible_actions():
            if panel.choose(action_id):
                return
        panel.setFocus()

    def find_action(self) -> None:
        self._raise("act")
        search = self.window.action_panel.list.search
        search.setFocus()
        search.selectAll()

    def focus_condition(self) -> None:
        self._raise("act")
        self.window.action_panel.condition_text.setFocus()

    def focus_add(self) -> None:
        self._raise("add")
        self.window.add_panel.source.setFocus()

    def focus_dice(self) -> None:
        self._raise("dice")
        expression = self.window.dice.expression
        expression.setFocus()
        expression.selectAll()

    def focus_reference(self) -> None:
        self._raise("reference")
        self.window.reference.filter.setFocus()
        self.window.reference.filter.selectAll()

    def focus_log(self) -> None:
        self.window.docks["log"].show()
        self.window.log_view.filter.setFocus()
