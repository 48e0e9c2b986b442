"""The GM screen: one encounter of one game, run from the keyboard.

Left: the turn bar (whose turn, Start, Next) over the roster. Docked around it: the
selected combatant's actions and conditions, adding combatants, the dice roller, the
game's key charts, and the log. Every change is an ``Encounter`` operation run through
``EncounterSession.do``: one undo step, one or more log lines, and a refusal shown in
the status bar instead of an error box. Nothing here knows a game: the rows, actions,
charts and check all come from ``rules_for(system)``.

The window lays its widgets out, wires them and runs the encounter's operations; its
parts each have one job: the roster (``roster``), the page shown instead of an empty
one (``welcome``), who joins the fight (``sources``), the encounter files (``files``),
the focus moves (``keyboard``) and the actions and menus (``menus``).
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import Any

from PySide6.QtCore import QByteArray, QSize, Qt, QTimer
from PySide6.QtGui import QAction, QCloseEvent, QResizeEvent, QShowEvent
from PySide6.QtWidgets import (
    QDockWidget,
    QFrame,
    QMainWindow,
    QScrollArea,
    QStackedWidget,
    QVBoxLayout,
    QWidget,
)

from desktop import APP_NAME
from desktop.model.encounter import Encounter
from desktop.systems import SYSTEMS, System, get
from desktop.systems.encounters import has_gm_rules, new_encounter
from desktop.ui.focus_filter import filter_focus_within
from desktop.ui.gm.action_panel import ActionPanel
from desktop.ui.gm.add_panel import AddPanel
from desktop.ui.gm.autosave import EncounterAutosave, offer_restore
from desktop.ui.gm.combatant_sources import CombatantSources
from desktop.ui.gm.combatant_table import CombatantModel
from desktop.ui.gm.copy_fight import install_copy_fight
from desktop.ui.gm.dice_roller import DiceRoller
from desktop.ui.gm.files import EncounterFiles
from desktop.ui.gm.keyboard import KeyboardFocus, TableKeys
from desktop.ui.gm.links import OpenCharacters
from desktop.ui.gm.log_view import LogView
from desktop.ui.gm.menus import GmMenus
from desktop.ui.gm.player_view import PlayerView
from desktop.ui.gm.prompts import GmPrompts
from desktop.ui.gm.reference import ReferencePanel
from desktop.ui.gm.roster import Roster
from desktop.ui.gm.session import EncounterSession
from desktop.ui.gm.share_dialog import install_share
from desktop.ui.gm.turn_bar import TurnBar
from desktop.ui.gm.welcome import WelcomePage
from desktop.ui.screen_fit import fit_window
from desktop.ui.settings import Settings

STATUS_MS = 8000


def gm_systems() -> list[System]:
    """The games whose GM-screen rules have landed."""
    return [s for s in SYSTEMS.values() if has_gm_rules(s.id)]


class GmWindow(QMainWindow):
    """The GM screen: builds its widgets and parts, wires them, runs the operations."""

    def __init__(self, encounter: Encounter | None = None, path: Path | None = None,
                 prompts: GmPrompts | None = None,
                 characters: OpenCharacters | None = None) -> None:
        super().__init__()
        self.prompts = prompts or GmPrompts(self)
        self.settings = Settings()
        if encounter is None:
            encounter = new_encounter(self._default_system(), "Encounter")
        self.session = EncounterSession(encounter, path, self)
        self._rules_shown: Any = None
        self._shown = False
        self.sources = CombatantSources(self, characters)
        self.files = EncounterFiles(self)
        self.autosave = EncounterAutosave(self.session, self)
        self.keyboard = KeyboardFocus(self)

        self.turn_bar = TurnBar()
        self.model = CombatantModel(encounter, self)
        self.roster = Roster(self, self.model)
        self.action_panel = ActionPanel()
        self.add_panel = AddPanel()
        self.dice = DiceRoller()
        self.reference = ReferencePanel()
        self.log_view = LogView()
        self.player_view = PlayerView(self)
        self.docks = self._build_docks()
        self.menus = GmMenus(self)
        self.welcome = WelcomePage(self.game_choices())
        self.pages = QStackedWidget()
        self.pages.addWidget(self.roster.view)
        self.pages.addWidget(self.welcome)
        central = QWidget()
        layout = QVBoxLayout(central)
        layout.setContentsMargins(0, 0, 0, 0)
        layout.setSpacing(0)
        layout.addWidget(self.turn_bar)
        layout.addWidget(self.pages, 1)
        self.setCentralWidget(central)
        self._table_keys = TableKeys(self)
        filter_focus_within(self, self._table_keys)
        self._connect()
        self.share = install_share(self)  # View ▸ Share with players…; after _connect
        install_copy_fight(self)  # Edit ▸ Copy fight as text
        self._size_to_screen()
        self.refresh()
        # The model was built with the encounter, so that first refresh rebuilt nothing.
        self.roster.view.expandAll()
        self.roster.fit_columns()

    # -- building ------------------------------------------------------------------------
    def _default_system(self) -> str:
        ids = [s.id for s in gm_systems()]
        if not ids:
            raise LookupError("no game has GM screen rules yet")
        last = self.settings.value("gm/system")
        return last if last in ids else ids[0]

    def _dock(self, title: str, name: str, widget: QWidget,
              area: Qt.DockWidgetArea) -> QDockWidget:
        dock = QDockWidget(title, self)
        dock.setObjectName(name)
        if not isinstance(widget, ActionPanel | LogView):
            # Scrolls down on a small screen, never sideways: the dock never asks the
            # window for more height than a laptop has.
            scroll = QScrollArea()
            scroll.setWidgetResizable(True)
            scroll.setFrameShape(QFrame.Shape.NoFrame)
            scroll.setHorizontalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)
            scroll.setWidget(widget)
            scroll.setObjectName(f"{name}Scroll")
            widget = scroll
        dock.setWidget(widget)
        dock.setFeatures(QDockWidget.DockWidgetFeature.DockWidgetMovable
                         | QDockWidget.DockWidgetFeature.DockWidgetFloatable
                         | QDockWidget.DockWidgetFeature.DockWidgetClosable)
        self.addDockWidget(area, dock)
        return dock

    def _build_docks(self) -> dict[str, QDockWidget]:
        right = Qt.DockWidgetArea.RightDockWidgetArea
        docks = {
            "act": self._dock("Combatant", "actDock", self.action_panel, right),
            "add": self._dock("Add", "addDock", self.add_panel, right),
            "dice": self._dock("Dice", "diceDock", self.dice, right),
            "reference": self._dock("Reference", "referenceDock", self.reference, right),
            "log": self._dock("Log", "logDock", self.log_view,
                              Qt.DockWidgetArea.BottomDockWidgetArea),
        }
        self.tabifyDockWidget(docks["act"], docks["add"])
        self.tabifyDockWidget(docks["add"], docks["dice"])
        self.tabifyDockWidget(docks["dice"], docks["reference"])
        docks["act"].raise_()
        return docks

    def _connect(self) -> None:
        session = self.session
        session.changed.connect(self.refresh)
        session.failed.connect(self.show_message)
        session.modified_changed.connect(lambda _m: self._retitle())
        session.path_changed.connect(self._retitle)
        self.roster.listen()
        self.turn_bar.start_requested.connect(self.start_fight)
        self.turn_bar.next_requested.connect(self.next_turn)
        self.turn_bar.failed.connect(self.show_message)
        panel = self.action_panel
        panel.perform.connect(self.perform)
        panel.perform_all.connect(self.perform_all)
        panel.add_condition.connect(self.add_condition)
        panel.add_condition_all.connect(self.add_condition_all)
        panel.end_condition.connect(self.end_condition)
        panel.write_back.connect(self.sources.write_back)
        panel.remove.connect(self.remove)
        self.add_panel.add_requested.connect(self.sources.add_combatants)
        self.add_panel.files_requested.connect(self.sources.add_files)
        self.add_panel.failed.connect(self.show_message)
        self.dice.check_requested.connect(lambda v: self.roll_check(v, self.dice.key))
        self.dice.roll_requested.connect(self.roll_expression)
        welcome, menus = self.welcome, self.menus
        welcome.game_chosen.connect(self.files.switch_game)
        for name, slot in (("open", self.sources.add_open_characters),
                           ("files", menus.add_files_action.trigger),
                           ("npcs", menus.add_npc_action.trigger),
                           ("load", menus.open_action.trigger)):
            welcome.buttons[name].clicked.connect(lambda _=False, s=slot: s())

    def _size_to_screen(self) -> None:
        """The last size and place (``gm/geometry``), or 1280×820, kept on the free area
        of the screen the window opens on (a window last used on a bigger screen
        shrinks to this one)."""
        saved = self.settings.value("gm/geometry")
        restored = bytes(QByteArray.fromBase64(saved.encode()).data()) if saved else None
        fit_window(self, QSize(1280, 820), restored)
        self.resizeDocks([self.docks["act"]], [max(360, self.width() * 2 // 5)],
                         Qt.Orientation.Horizontal)
        self.resizeDocks([self.docks["log"]], [max(110, self.height() // 5)],
                         Qt.Orientation.Vertical)

    # -- reading -------------------------------------------------------------------------
    @property
    def encounter(self) -> Encounter:
        return self.session.encounter

    @property
    def system(self) -> System:
        return get(self.encounter.system)

    def select(self, key: str) -> bool:
        """Select ``key``'s row in the roster (False if no one has that key)."""
        return self.roster.select(key)

    def game_choices(self) -> list[System]:
        return gm_systems()

    # -- refreshing ----------------------------------------------------------------------
    def refresh(self) -> None:
        encounter = self.encounter
        turn = encounter.turn
        self.roster.show_encounter(encounter)
        self.pages.setCurrentIndex(0 if encounter.fighters else 1)
        if not encounter.fighters:
            self.welcome.show_game(self.system, len(self.sources.open_character_paths()))
        self.turn_bar.show_turn(turn, len(encounter.fighters),
                                "Next turn (Space, N, Ctrl+→)")
        if encounter.rules is not self._rules_shown:
            self._rules_shown = encounter.rules
            self.turn_bar.set_start_hint(getattr(encounter.rules, "start_hint", ""))
            self.reference.show_charts(encounter.rules.charts())
            self.dice.set_rules(encounter.rules)
            self.add_panel.set_system(self.system,
                                      getattr(encounter.rules, "group_rule", ""))
        self.log_view.show_log(encounter.log)
        self.player_view.show_encounter(encounter, self.model.rows)
        self.selection_changed()
        self.menus.show_turn(turn.started, bool(encounter.fighters))
        self._retitle()

    def _fit_columns(self) -> None:
        self.roster.fit_columns()

    def resizeEvent(self, event: QResizeEvent) -> None:
        super().resizeEvent(event)
        if hasattr(self, "roster"):  # once the layout has given the roster its new width
            QTimer.singleShot(0, self._fit_columns)

    def showEvent(self, event: QShowEvent) -> None:
        super().showEvent(event)
        if not self._shown:
            self._shown = True
            self.resizeDocks([self.docks["act"]], [max(360, self.width() * 2 // 5)],
                             Qt.Orientation.Horizontal)
            QTimer.singleShot(0, self._fit_columns)

    def selection_changed(self) -> None:
        roster = self.roster
        key = roster.selected_key()
        index = roster.view.currentIndex()
        line = self.model.line(index) if index.isValid() else None
        keys = roster.selected_keys()
        if key is None and len(keys) > 1:  # a group's line selected: all its members
            key = keys[0]
        self.action_panel.show_combatant(self.encounter, key, line.status if line else "",
                                         keys)
        if line is not None and line.key is None:  # a group's own line
            self.action_panel.title.setText(f"{line.name} ({len(line.children)})")
            self.action_panel.subtitle.setText(
                "The whole group: the actions its members share, done to each by its own "
                "rules in one step. Pick one member (→ opens the group) to act on it alone.")
        fighter = self.encounter.fighters.get(key) if key and len(keys) <= 1 else None
        self.menus.show_selected(fighter)
        self._show_roller(key if fighter is not None else None)

    def _show_roller(self, key: str | None) -> None:
        """The dice roller's check for the selected combatant, its numbers filled in."""
        if key == self.dice.key:
            return
        check_for = getattr(self.encounter.rules, "check_for", None)
        values = check_for(self.encounter.state, key) if (
            check_for is not None and key is not None) else {}
        self.dice.show_combatant(key, values)

    def _retitle(self) -> None:
        name = self.encounter.name or "Untitled encounter"
        self.setWindowTitle(f"GM Screen — {name}[*] ({self.system.name}) — {APP_NAME}")
        self.setWindowModified(self.session.modified)

    def show_message(self, text: str) -> None:
        self.statusBar().showMessage(text, STATUS_MS)

    # -- the player view -----------------------------------------------------------------
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

    # -- operations ----------------------------------------------------------------------
    def do(self, text: str, operation: Callable[[Encounter], Encounter]) -> bool:
        """Run ``operation`` on the encounter as one undo step named ``text``; its last
        log line goes to the status bar, a refusal too (through the session)."""
        before = len(self.encounter.log)
        done = self.session.do(text, operation)
        if done and len(self.encounter.log) > before:
            self.statusBar().showMessage(self.encounter.log[-1].text, STATUS_MS)
        return done

    def start_fight(self, values: dict | None = None) -> bool:
        started = self.do("Start the fight", lambda e: e.start(values or {}))
        if started:  # from now on the GM mostly acts: bring the actions to the front
            self.docks["act"].raise_()
        return started

    def next_turn(self) -> bool:
        if not self.encounter.started:
            self.show_message("Next turn: start the fight first (Ctrl+Enter)")
            return False
        due = self.encounter.due()
        if due:
            texts = [f"{key}: {action.label}" for key, action in due]
            if not self.prompts.pass_due(texts):
                key, action = due[0]
                self.select(key)
                self.keyboard.focus_actions()
                self.action_panel.choose(action.id)
                self.show_message("Still due: " + "; ".join(texts))
                return False
        return self.do("Next turn", lambda e: e.next_turn())

    def perform(self, key: str, action: str, values: dict, label: str = "") -> bool:
        return self.do(f"{label or action}: {key}",
                       lambda e: e.perform(key, action, values))

    def perform_all(self, keys: list[str], action: str, values: dict,
                    label: str = "") -> bool:
        """One action for several combatants: one undo step, each by its own rules."""
        return self.do(f"{label or action}: {len(keys)} combatants",
                       lambda e: e.perform_all(keys, action, values))

    def add_condition(self, key: str, text: str, rounds: int | None) -> bool:
        return self.do(f"Condition on {key}",
                       lambda e: e.add_condition(key, text, rounds))

    def add_condition_all(self, keys: list[str], text: str, rounds: int | None) -> bool:
        def add(e: Encounter) -> Encounter:
            for key in keys:
                e = e.add_condition(key, text, rounds)
            return e

        return self.do(f"Condition on {len(keys)} combatants", add)

    def end_condition(self, condition_id: int) -> bool:
        return self.do("End a condition", lambda e: e.end_condition(condition_id))

    def remove(self, key: str) -> bool:
        return self.do(f"Remove {key}", lambda e: e.remove(key))

    def remove_selected(self) -> bool:
        key = self.roster.selected_key()
        return self.remove(key) if key else False

    def roll_check(self, values: dict, key: str | None = None) -> bool:
        """The game's check, by ``key`` when one is named (the log says who)."""
        done = self.do("Roll the check", lambda e: e.check(values, key))
        if done:
            self.dice.show_result(self.encounter.log[-1].text)
        return done

    def roll_expression(self, expression: str) -> bool:
        done = self.do(f"Roll {expression}", lambda e: e.roll(expression))
        if done:
            self.dice.show_result(self.encounter.log[-1].text)
        return done

    # -- kept on the window: the app and the games' GM tests reach these here --------------
    @property
    def undo_action(self) -> QAction:
        """Edit ▸ Undo (``menus.undo_action``)."""
        return self.menus.undo_action

    def add_files(self) -> bool:
        """Ask for character files and add them (``sources.add_files``)."""
        return self.sources.add_files()

    def add_characters(self, loaded: list[tuple[Any, Path]]) -> bool:
        """Add characters read from these files, one undo step (``sources``)."""
        return self.sources.add_characters(loaded)

    def save_as(self) -> bool:
        """File ▸ Save As (``files.save_as``)."""
        return self.files.save_as()

    # -- Qt events -----------------------------------------------------------------------
    def closeEvent(self, event: QCloseEvent) -> None:
        if not self.files.ask_to_save():
            event.ignore()
            return
        self.settings.set_value("gm/geometry",
                                bytes(self.saveGeometry().toBase64()).decode())
        self.settings.set_value("gm/system", self.encounter.system)
        self.settings.sync()
        self.share.stop()
        self.autosave.discard()  # saved, or the GM chose to drop the changes
        event.accept()

    def offer_restore(self) -> None:
        """Offer back an encounter a killed or crashed GM screen left unsaved."""
        offer_restore(self.prompts, self.files.restore_autosave)
