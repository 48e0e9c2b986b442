"""The GM screen's commands as ``QAction`` objects with their shortcuts, and its menus.

A mixin of ``GmWindow``: which keys do what is one list here, so a GM's shortcut sheet
and the menus cannot disagree. Every tooltip names its keys.

N, Space, Esc and Ctrl+Z work wherever the focus is: a number box, a list or a button
would otherwise keep those keys for itself (a spin box swallows N and Ctrl+Z), so
``TableKeys`` hands them to the window's shortcuts. Only a text field keeps N, Space and
Ctrl+Z for typing; Esc leaves it for the roster.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

from PySide6.QtCore import QEvent, QObject, Qt
from PySide6.QtGui import QAction, QKeyEvent, QKeySequence
from PySide6.QtWidgets import (
    QAbstractSpinBox,
    QApplication,
    QComboBox,
    QLineEdit,
    QWidget,
)

from desktop.ui.focus_filter import filter_focus_within
from desktop.ui.printing.actions import preview_encounter, print_encounter

if TYPE_CHECKING:
    from PySide6.QtWidgets import QDockWidget, QTreeView

    from desktop.model.encounter import Encounter
    from desktop.ui.gm.action_panel import ActionPanel
    from desktop.ui.gm.add_panel import AddPanel
    from desktop.ui.gm.dice_roller import DiceRoller
    from desktop.ui.gm.log_view import LogView
    from desktop.ui.gm.player_view import PlayerView
    from desktop.ui.gm.reference import ReferencePanel

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


class GmMenus:
    """Builds ``GmWindow``'s actions (File, Edit, Fight, View) and menus, and moves the
    focus where the keys say; the other slots they call are the window's."""

    docks: dict[str, QDockWidget]
    roster: QTreeView
    encounter: Encounter
    action_panel: ActionPanel
    add_panel: AddPanel
    dice: DiceRoller
    reference: ReferencePanel
    log_view: LogView
    player_view: PlayerView

    def _action(self, text: str, slot: Callable[[], object],
                shortcuts: tuple[QKeySequence | str | QKeySequence.StandardKey, ...] = (),
                tip: str = "") -> QAction:
        action = QAction(text, self)
        keys: list[QKeySequence] = []
        for shortcut in shortcuts:
            if isinstance(shortcut, QKeySequence.StandardKey):
                keys += QKeySequence.keyBindings(shortcut)
            else:
                keys.append(QKeySequence(shortcut))
        if keys:
            action.setShortcuts(keys)
        if keys:
            shown = ", ".join(k.toString(QKeySequence.SequenceFormat.NativeText)
                              for k in keys)
            tip = f"{tip or text.replace('&', '').rstrip('…')} ({shown})"
        if tip:
            action.setStatusTip(tip)
            action.setToolTip(tip)
        action.setShortcutContext(Qt.ShortcutContext.WindowShortcut)
        action.triggered.connect(lambda _checked=False: slot())
        self.addAction(action)
        return action

    def _install_keys(self) -> None:
        self._table_keys = TableKeys(self)
        filter_focus_within(self, self._table_keys)

    def escape(self) -> None:
        """Esc: out of a field back to the roster; in the roster, back to one row."""
        focus = QApplication.focusWidget()
        roster = self.roster
        if focus is not roster:
            roster.setFocus(Qt.FocusReason.ShortcutFocusReason)
            return
        key = self.selected_key()
        if key and len(self.selected_keys()) > 1:
            self.select(key)

    def _build_actions(self) -> None:
        std = QKeySequence.StandardKey
        self.new_action = self._action("&New encounter…", self.new_encounter, (std.New,))
        self.open_action = self._action("&Open encounter…", self.open_dialog, (std.Open,))
        self.save_action = self._action("&Save", self.save, (std.Save,))
        self.save_as_action = self._action("Save &As…", self.save_as, ("Ctrl+Shift+S",))
        self.rename_action = self._action("&Rename encounter…", self.rename, ("F2",))
        self.print_action = self._action("&Print ID cards and status sheet…",
                                         lambda: print_encounter(self), (std.Print,))
        self.preview_action = self._action("Print pre&view…", lambda: preview_encounter(self))
        self.export_pdf_action = self._action("&Export PDF…", self.print_dialog, ("Ctrl+E",),
                                              "Save the ID cards and status sheet as a PDF")
        self.close_action = self._action("&Close", self.close, (std.Close,))
        self.undo_action = self.session.undo_stack.createUndoAction(self, "&Undo")
        self.undo_action.setShortcuts([QKeySequence("Ctrl+Z")])
        self.redo_action = self.session.undo_stack.createRedoAction(self, "&Redo")
        self.redo_action.setShortcuts([QKeySequence("Ctrl+Shift+Z"), QKeySequence("Ctrl+Y")])
        self.start_action = self._action("&Start fight", self.turn_bar.request_start,
                                         ("Ctrl+Return", "Ctrl+Enter", "F5"),
                                         "Roll initiative (or take the totals typed in)")
        self.next_action = self._action("&Next turn", self.next_turn, ("N", "Ctrl+Right"),
                                        "Advance to the next actor the way this game does")
        # Space is Next too, except where Space already means something (a focused
        # button or check box is pressed, a list opens), so a GM who tabs to "Damage"
        # and presses Space damages rather than passes the turn.
        self.space_action = self._action("Next turn (Space)", self._space, ("Space",))
        self.add_files_action = self._action("Add player &characters…", self.add_files,
                                             ("Ctrl+Shift+O", "Insert"))
        self.add_npc_action = self._action("Add &NPCs or a group…", self.focus_add,
                                           ("Ctrl+Shift+A",))
        self.remove_action = self._action("&Remove combatant", self.remove_selected,
                                          ("Delete",))
        self.write_back_action = self._action(
            "&Write back to character file", self.write_back_selected, ("Ctrl+B",),
            "Save the selected combatant as the fight has left it to its file")
        self.condition_action = self._action("Add &condition…", self.focus_condition,
                                             ("Ctrl+T",))
        self.focus_roster_action = self._action("Go to the &roster", self.roster.setFocus,
                                                ("Ctrl+1",))
        self.focus_actions_action = self._action("Go to the &actions", self.focus_actions,
                                                 ("Ctrl+2",))
        self.focus_dice_action = self._action("Go to the &dice", self.focus_dice,
                                              ("Ctrl+3",))
        self.focus_reference_action = self._action("Go to the r&eference", self.focus_reference,
                                                   ("Ctrl+4", "F1"))
        self.focus_log_action = self._action("Go to the &log", self.focus_log, ("Ctrl+5",))
        self.find_action_action = self._action("&Find an action…", self.find_action,
                                               ("Ctrl+F", "/"),
                                               "Type part of an action's name, Enter")
        self.player_view_action = self._action(
            "&Player view (second screen)", self.toggle_player_view, ("Ctrl+Shift+P",),
            "A window for the players: turn order, whose turn, health in words for NPCs")
        self.reveal_names_action = self._action("Players see NPC &names", lambda: None)
        self.reveal_names_action.setCheckable(True)
        self.reveal_names_action.setChecked(True)
        self.reveal_names_action.toggled.connect(self.reveal_names)
        self.escape_action = self._action("Back to the roster", self.escape, ("Esc",),
                                          "Leave a field for the roster")
        self.undo_action.setToolTip("Undo the last change (Ctrl+Z)")
        self.redo_action.setToolTip("Redo (Ctrl+Shift+Z)")

    def _build_menus(self) -> None:
        bar = self.menuBar()
        file_menu = bar.addMenu("&File")
        file_menu.addActions([self.new_action, self.open_action])
        self.recent_menu = file_menu.addMenu("Open &Recent")
        self._rebuild_recent()
        file_menu.addSeparator()
        file_menu.addActions([self.save_action, self.save_as_action, self.rename_action])
        file_menu.addSeparator()
        file_menu.addActions([self.print_action, self.preview_action, self.export_pdf_action])
        file_menu.addSeparator()
        file_menu.addAction(self.close_action)
        edit_menu = bar.addMenu("&Edit")
        edit_menu.addActions([self.undo_action, self.redo_action])
        fight_menu = bar.addMenu("F&ight")
        fight_menu.addActions([self.start_action, self.next_action])
        fight_menu.addSeparator()
        fight_menu.addActions([self.add_files_action, self.add_npc_action,
                               self.remove_action])
        fight_menu.addSeparator()
        fight_menu.addActions([self.condition_action, self.write_back_action])
        view_menu = bar.addMenu("&View")
        view_menu.addActions([self.focus_roster_action, self.focus_actions_action,
                              self.find_action_action, self.focus_dice_action,
                              self.focus_reference_action, self.focus_log_action,
                              self.escape_action])
        view_menu.addSeparator()
        view_menu.addActions([self.player_view_action, self.reveal_names_action])
        view_menu.addSeparator()
        for dock in self.docks.values():
            view_menu.addAction(dock.toggleViewAction())

    # -- focus (keyboard) ----------------------------------------------------------------
    def focus_actions(self) -> None:
        """The first allowed action's first input, its text selected (a waiting prompt
        or the most common action)."""
        self.docks["act"].show()
        self.docks["act"].raise_()
        panel = self.action_panel
        for action_id in panel.list.visible_actions():
            if panel.choose(action_id):
                return
        panel.setFocus()

    def toggle_player_view(self) -> None:
        """Show (or hide) the player view: a window for the players' screen."""
        view = self.player_view
        if view.isVisible():
            view.hide()
            return
        view.show()
        view.show_encounter(self.encounter)

    def reveal_names(self, shown: bool) -> None:
        self.player_view.set_names(shown)
        self.player_view.show_encounter(self.encounter)

    def find_action(self) -> None:
        self.docks["act"].show()
        self.docks["act"].raise_()
        search = self.action_panel.list.search
        search.setFocus()
        search.selectAll()

    def focus_condition(self) -> None:
        self.docks["act"].show()
        self.docks["act"].raise_()
        self.action_panel.condition_text.setFocus()

    def focus_add(self) -> None:
        self.docks["add"].show()
        self.docks["add"].raise_()
        self.add_panel.source.setFocus()

    def focus_dice(self) -> None:
        self.docks["dice"].show()
        self.docks["dice"].raise_()
        self.dice.expression.setFocus()
        self.dice.expression.selectAll()

    def focus_reference(self) -> None:
        self.docks["reference"].show()
        self.docks["reference"].raise_()
        self.reference.filter.setFocus()
        self.reference.filter.selectAll()

    def focus_log(self) -> None:
        self.docks["log"].show()
        self.log_view.filter.setFocus()
