"""The GM screen's commands as ``QAction`` objects with their shortcuts, and its menus.

A part of ``GmWindow``: which keys do what is one list here, so a GM's shortcut sheet
and the menus cannot disagree. Every tooltip names its keys. The actions belong to the
window (window shortcuts); what they call is the window's or one of its parts'.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Protocol, cast

from PySide6.QtCore import QObject, Qt
from PySide6.QtGui import QAction, QKeySequence

from desktop.ui.help_menu import GM_GUIDE, add_help_menu, quit_keys
from desktop.ui.printing.actions import preview_encounter, print_encounter

if TYPE_CHECKING:
    from PySide6.QtWidgets import QDockWidget, QMainWindow, QMenuBar

    from desktop.model.encounter import Fighter
    from desktop.ui.gm.combatant_sources import CombatantSources
    from desktop.ui.gm.files import EncounterFiles
    from desktop.ui.gm.keyboard import KeyboardFocus
    from desktop.ui.gm.roster import Roster
    from desktop.ui.gm.session import EncounterSession
    from desktop.ui.gm.turn_bar import TurnBar
    from desktop.ui.settings import Settings

LARGER_TEXT = "gm/larger_text"
"""The setting that remembers View ▸ Larger text ("1" or "0")."""
Keys = tuple[QKeySequence | str | QKeySequence.StandardKey, ...]


class MenusHost(Protocol):
    """What the menus use of the GM window (a ``QMainWindow``): its parts and the
    commands its actions call."""

    files: EncounterFiles
    sources: CombatantSources
    keyboard: KeyboardFocus
    roster: Roster
    session: EncounterSession
    turn_bar: TurnBar
    docks: dict[str, QDockWidget]
    settings: Settings

    def menuBar(self) -> QMenuBar: ...
    def addAction(self, action: QAction) -> None: ...
    def close(self) -> bool: ...
    def next_turn(self) -> bool: ...
    def remove_selected(self) -> bool: ...
    def toggle_player_view(self) -> None: ...
    def reveal_names(self, shown: bool) -> None: ...


class GmMenus:
    """Builds the window's actions (File, Edit, Fight, View) and its menu bar, and keeps
    the actions enabled only when they can do something."""

    def __init__(self, window: MenusHost) -> None:
        self.window = window
        self._owner = cast(QObject, window)  # the window (a QMainWindow) owns the actions
        self._build_actions()
        self._build_menus()

    def _action(self, text: str, slot: Callable[[], object], shortcuts: Keys = (),
                tip: str = "") -> QAction:
        action = QAction(text, self._owner)
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
        self.window.addAction(action)
        return action

    def _build_actions(self) -> None:
        window = self.window
        files, sources, keyboard = window.files, window.sources, window.keyboard
        std = QKeySequence.StandardKey
        self.new_action = self._action("&New encounter…", files.new_encounter, (std.New,))
        self.open_action = self._action("&Open encounter…", files.open_dialog, (std.Open,))
        self.save_action = self._action("&Save", files.save, (std.Save,))
        self.save_as_action = self._action("Save &As…", files.save_as, ("Ctrl+Shift+S",))
        self.rename_action = self._action("&Rename encounter…", files.rename, ("F2",))
        self.print_action = self._action("&Print ID cards and status sheet…",
                                         lambda: print_encounter(window), (std.Print,))
        self.preview_action = self._action("Print pre&view…", lambda: preview_encounter(window))
        self.export_pdf_action = self._action("&Export PDF…", files.print_dialog, ("Ctrl+E",),
                                              "Save the ID cards and status sheet as a PDF")
        self.close_action = self._action("&Close", window.close, (std.Close,))
        undo_stack = window.session.undo_stack
        self.undo_action = undo_stack.createUndoAction(self._owner, "&Undo")
        self.undo_action.setShortcuts([QKeySequence("Ctrl+Z")])
        self.redo_action = undo_stack.createRedoAction(self._owner, "&Redo")
        self.redo_action.setShortcuts([QKeySequence("Ctrl+Shift+Z"), QKeySequence("Ctrl+Y")])
        self.start_action = self._action("&Start fight", window.turn_bar.request_start,
                                         ("Ctrl+Return", "Ctrl+Enter", "F5"),
                                         "Roll initiative (or take the totals typed in)")
        self.next_action = self._action("&Next turn", window.next_turn, ("N", "Ctrl+Right"),
                                        "Advance to the next actor the way this game does")
        # Space is Next too, except where Space already means something (see
        # KeyboardFocus.space).
        self.space_action = self._action("Next turn (Space)", keyboard.space, ("Space",))
        self.add_files_action = self._action("Add player &characters…", sources.add_files,
                                             ("Ctrl+Shift+O", "Insert"))
        self.add_npc_action = self._action("Add &NPCs or a group…", keyboard.focus_add,
                                           ("Ctrl+Shift+A",))
        self.remove_action = self._action("&Remove combatant", window.remove_selected,
                                          ("Delete",))
        self.write_back_action = self._action(
            "&Write back to character file", sources.write_back_selected, ("Ctrl+B",),
            "Save the selected combatant as the fight has left it to its file")
        self.condition_action = self._action("Add &condition…", keyboard.focus_condition,
                                             ("Ctrl+T",))
        self.focus_roster_action = self._action("Go to the &roster",
                                                window.roster.view.setFocus, ("Ctrl+1",))
        self.focus_actions_action = self._action("Go to the &actions",
                                                 keyboard.focus_actions, ("Ctrl+2",))
        self.focus_dice_action = self._action("Go to the &dice", keyboard.focus_dice,
                                              ("Ctrl+3",))
        self.focus_reference_action = self._action("Go to the r&eference",
                                                   keyboard.focus_reference, ("Ctrl+4",))
        self.focus_log_action = self._action("Go to the &log", keyboard.focus_log,
                                             ("Ctrl+5",))
        self.find_action_action = self._action("&Find an action…", keyboard.find_action,
                                               ("Ctrl+F", "/"),
                                               "Type part of an action's name, Enter")
        self.player_view_action = self._action(
            "&Player view (second screen)", window.toggle_player_view, ("Ctrl+Shift+P",),
            "A window for the players: turn order, whose turn, health in words for NPCs")
        self.reveal_names_action = self._action("Players see NPC &names", lambda: None)
        self.reveal_names_action.setCheckable(True)
        self.reveal_names_action.setChecked(True)
        self.reveal_names_action.toggled.connect(window.reveal_names)
        self.larger_text_action = self._action(
            "&Larger text in the roster", lambda: None,
            tip="The roster's text larger, to read from across the table")
        self.larger_text_action.setCheckable(True)
        self.larger_text_action.setChecked(window.settings.value(LARGER_TEXT) == "1")
        if self.larger_text_action.isChecked():
            window.roster.set_larger_text(True)
        self.larger_text_action.toggled.connect(self._larger_text)
        self.escape_action = self._action("Back to the roster", keyboard.escape, ("Esc",),
                                          "Leave a field for the roster")
        self.undo_action.setToolTip("Undo the last change (Ctrl+Z)")
        self.redo_action.setToolTip("Redo (Ctrl+Shift+Z)")

    def _build_menus(self) -> None:
        window = self.window
        bar = window.menuBar()
        file_menu = bar.addMenu("&File")
        file_menu.addActions([self.new_action, self.open_action])
        self.recent_menu = file_menu.addMenu("Open &Recent")
        window.files.show_recent_in(self.recent_menu)
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
        view_menu.addAction(self.larger_text_action)
        view_menu.addActions([self.player_view_action, self.reveal_names_action])
        view_menu.addSeparator()
        for dock in window.docks.values():
            view_menu.addAction(dock.toggleViewAction())
        self.help_menu = add_help_menu(cast("QMainWindow", window), GM_GUIDE, self.about)
        self._file_menu = file_menu

    def add_quit(self) -> QAction:
        """File ▸ Quit (Ctrl+Q) where the GM screen is its own app (``sheetdesk gm``):
        closing its window ends it, asking first about an unsaved encounter."""
        action = self._action("&Quit", self.window.close)
        action.setShortcuts(quit_keys())
        action.setMenuRole(QAction.MenuRole.QuitRole)
        self._file_menu.addAction(action)
        self.quit_action = action
        return action

    def about(self) -> None:
        from PySide6.QtWidgets import QMessageBox

        from desktop import APP_NAME, __version__

        QMessageBox.about(cast("QMainWindow", self.window), f"About {APP_NAME}",
                          f"<h3>{APP_NAME} {__version__}: the GM screen</h3><p>Turn order, "
                          "each game's actions with exact odds, conditions and timers, the "
                          "log and undo, a player view, for five tabletop games.</p>")

    def _larger_text(self, larger: bool) -> None:
        self.window.roster.set_larger_text(larger)
        self.window.settings.set_value(LARGER_TEXT, "1" if larger else "0")

    # -- what can be done now ----------------------------------------------------------
    def show_turn(self, started: bool, fighters: bool) -> None:
        """Start only before the fight (and with someone in it), Next only during it."""
        self.start_action.setEnabled(not started and fighters)
        self.next_action.setEnabled(started)
        self.space_action.setEnabled(started)

    def show_selected(self, fighter: Fighter | None) -> None:
        """Remove, write back and conditions need one combatant selected."""
        self.remove_action.setEnabled(fighter is not None)
        self.write_back_action.setEnabled(fighter is not None and bool(fighter.path))
        self.condition_action.setEnabled(fighter is not None)
