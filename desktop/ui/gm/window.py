"""The GM screen: one encounter of one game, run from the keyboard.

Left: the turn bar (whose turn, Start, Next) over the roster. Docked around it: the
selected combatant's actions and conditions, adding combatants, the dice roller, the
game's key charts, and the log. Every change is an ``Encounter`` operation run through
``EncounterSession.do``: one undo step, one or more log lines, and a refusal shown in
the status bar instead of an error box. Nothing here knows a game: the rows, actions,
charts and check all come from ``rules_for(system)``.
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import Any

from PySide6.QtCore import QItemSelectionModel, Qt, QTimer
from PySide6.QtGui import QCloseEvent, QResizeEvent, QShowEvent
from PySide6.QtWidgets import (
    QAbstractButton,
    QApplication,
    QComboBox,
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
from desktop.systems.encounters import (
    has_gm_rules,
    new_encounter,
)
from desktop.ui.gm.action_panel import ActionPanel
from desktop.ui.gm.add_panel import AddPanel
from desktop.ui.gm.combatant_table import KEY_ROLE, CombatantModel
from desktop.ui.gm.copy_fight import install_copy_fight
from desktop.ui.gm.dice_roller import DiceRoller
from desktop.ui.gm.links import OpenCharacters
from desktop.ui.gm.log_view import LogView
from desktop.ui.gm.player_view import PlayerView
from desktop.ui.gm.prompts import GmPrompts
from desktop.ui.gm.reference import ReferencePanel
from desktop.ui.gm.session import EncounterSession
from desktop.ui.gm.share_dialog import install_share
from desktop.ui.gm.turn_bar import TurnBar
from desktop.ui.gm.window_files import EncounterFiles
from desktop.ui.gm.window_menus import GmMenus
from desktop.ui.gm.window_people import CombatantSources
from desktop.ui.gm.window_roster import RosterHandling
from desktop.ui.settings import Settings

MAX_COLUMN = 220
"""The widest a roster column grows to fit its text (long statuses wrap in the tooltip)."""
MIN_COLUMN = 48
"""The narrowest the fitting squeezes a column (its text elides, the tooltip has it)."""
STATUS_MS = 8000


def gm_systems() -> list[System]:
    """The games whose GM-screen rules have landed."""
    return [s for s in SYSTEMS.values() if has_gm_rules(s.id)]


class GmWindow(EncounterFiles, CombatantSources, RosterHandling, GmMenus, QMainWindow):
    """The GM screen; its file commands, combatant sources, roster handling and menus
    are mixins of their own (window_files, window_people, window_roster, window_menus)."""

    def __init__(self, encounter: Encounter | None = None, path: Path | None = None,
                 prompts: GmPrompts | None = None,
                 characters: OpenCharacters | None = None) -> None:
        super().__init__()
        self.prompts = prompts or GmPrompts(self)
        self.characters = characters
        self.settings = Settings()
        if encounter is None:
            encounter = new_encounter(self._default_system(), "Encounter")
        self.session = EncounterSession(encounter, path, self)
        self._rules_shown: Any = None
        self._last_actors: tuple[str, ...] | None = None
        self._shown = False

        self.turn_bar = TurnBar()
        self.model = CombatantModel(encounter, self)
        self.roster = self._build_roster()
        self.action_panel = ActionPanel()
        self.add_panel = AddPanel()
        self.dice = DiceRoller()
        self.reference = ReferencePanel()
        self.log_view = LogView()
        self.player_view = PlayerView(self)
        self.docks = self._build_docks()
        self._build_actions()
        self._build_menus()
        self.pages = QStackedWidget()
        self.pages.addWidget(self.roster)
        self.pages.addWidget(self._build_welcome())
        central = QWidget()
        layout = QVBoxLayout(central)
        layout.setContentsMargins(0, 0, 0, 0)
        layout.setSpacing(0)
        layout.addWidget(self.turn_bar)
        layout.addWidget(self.pages, 1)
        self.setCentralWidget(central)
        self._install_keys()
        self._connect()
        self.share = install_share(self)  # View ▸ Share with players…; after _connect
        install_copy_fight(self)  # Edit ▸ Copy fight as text
        self._size_to_screen()
        self.refresh()
        # The model was built with the encounter, so that first refresh rebuilt nothing.
        self.roster.expandAll()
        self._fit_columns()

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
        self.roster.selectionModel().currentRowChanged.connect(
            lambda _c, _p: self._selection_changed())
        self.roster.selectionModel().selectionChanged.connect(
            lambda _s, _d: self._selection_changed())
        self.turn_bar.start_requested.connect(self.start_fight)
        self.turn_bar.next_requested.connect(self.next_turn)
        self.turn_bar.failed.connect(self.show_message)
        panel = self.action_panel
        panel.perform.connect(self.perform)
        panel.perform_all.connect(self.perform_all)
        panel.add_condition.connect(self.add_condition)
        panel.add_condition_all.connect(self.add_condition_all)
        panel.end_condition.connect(self.end_condition)
        panel.write_back.connect(self.write_back)
        panel.remove.connect(self.remove)
        self.add_panel.add_requested.connect(self.add_combatants)
        self.add_panel.files_requested.connect(self.add_files)
        self.add_panel.failed.connect(self.show_message)
        self.dice.check_requested.connect(self.roll_check)
        self.dice.roll_requested.connect(self.roll_expression)

    def _size_to_screen(self) -> None:
        geometry = self.settings.value("gm/geometry")
        screen = self.screen().availableGeometry()
        self.resize(min(1280, screen.width()), min(820, screen.height()))
        self.resizeDocks([self.docks["act"]], [max(360, self.width() * 2 // 5)],
                         Qt.Orientation.Horizontal)
        self.resizeDocks([self.docks["log"]], [max(110, self.height() // 5)],
                         Qt.Orientation.Vertical)
        if geometry:
            from PySide6.QtCore import QByteArray

            self.restoreGeometry(QByteArray.fromBase64(geometry.encode()))

    # -- reading -------------------------------------------------------------------------
    @property
    def encounter(self) -> Encounter:
        return self.session.encounter

    @property
    def system(self) -> System:
        return get(self.encounter.system)

    def selected_key(self) -> str | None:
        index = self.roster.currentIndex()
        return index.data(KEY_ROLE) if index.isValid() else None

    def select(self, key: str) -> bool:
        index = self.model.index_of(key)
        if not index.isValid():
            return False
        self.roster.selectionModel().setCurrentIndex(
            index, QItemSelectionModel.SelectionFlag.ClearAndSelect
            | QItemSelectionModel.SelectionFlag.Rows)
        self.roster.scrollTo(index)
        return True

    # -- refreshing ----------------------------------------------------------------------
    def refresh(self) -> None:
        encounter = self.encounter
        turn = encounter.turn
        selected = self.selected_key()
        rebuilt = self.model.set_encounter(encounter)
        if rebuilt:
            self.roster.expandAll()
            self._fit_columns()
        else:
            self._widen_columns(self.model.changed_columns)
        if turn.actors and turn.actors != self._last_actors:
            selected = turn.actors[0]  # a new turn: act for whoever's turn it is
        self._last_actors = turn.actors
        if selected is not None and (rebuilt or selected != self.selected_key()) and (
                len(self.selected_keys()) <= 1):
            self.select(selected)
        self.pages.setCurrentIndex(0 if encounter.fighters else 1)
        if not encounter.fighters:
            self._refresh_welcome()
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
        self._selection_changed()
        self.start_action.setEnabled(not turn.started and bool(encounter.fighters))
        self.next_action.setEnabled(turn.started)
        self.space_action.setEnabled(turn.started)
        self._retitle()

    def _fit_columns(self) -> None:
        header = self.roster.header()
        wanted: list[int] = []
        for column in range(self.model.columnCount() - 1):
            self.roster.resizeColumnToContents(column)
            wanted.append(header.sectionSize(column))
            header.resizeSection(column, min(wanted[-1], MAX_COLUMN))
        # Room to spare (a wide screen): long texts capped above get it back.
        spare = self.roster.viewport().width() - 120 - sum(
            header.sectionSize(c) for c in range(len(wanted)))
        for column, width in enumerate(wanted):
            if spare <= 0:
                break
            grow = min(width - header.sectionSize(column), spare)
            if grow > 0:
                header.resizeSection(column, header.sectionSize(column) + grow)
                spare -= grow
        self._squeeze_columns()

    def _squeeze_columns(self) -> None:
        """The roster never scrolls sideways: when the columns are wider than the room,
        the widest give way (their text elides; the tooltip has it all)."""
        header = self.roster.header()
        count = self.model.columnCount()
        if count < 2:
            return
        room = self.roster.viewport().width() - 40  # Conditions keeps a little room
        widths = [header.sectionSize(c) for c in range(count - 1)]
        for _ in range(40):
            if sum(widths) <= room:
                break
            widest = max(range(len(widths)), key=widths.__getitem__)
            if widths[widest] <= MIN_COLUMN:
                break
            widths[widest] = max(MIN_COLUMN, widths[widest] - max(8, (sum(widths) - room)
                                                                   // 3))
        for column, width in enumerate(widths):
            if width != header.sectionSize(column):
                header.resizeSection(column, width)

    def resizeEvent(self, event: QResizeEvent) -> None:
        super().resizeEvent(event)
        if hasattr(self, "model"):  # once the layout has given the roster its new width
            QTimer.singleShot(0, self._fit_columns)

    def showEvent(self, event: QShowEvent) -> None:
        super().showEvent(event)
        if not self._shown:
            self._shown = True
            self.resizeDocks([self.docks["act"]], [max(360, self.width() * 2 // 5)],
                             Qt.Orientation.Horizontal)
            QTimer.singleShot(0, self._fit_columns)

    def _widen_columns(self, columns: set[int]) -> None:
        """A number grew ("-7/3"): widen its column, never narrow it while the GM reads."""
        header = self.roster.header()
        for column in columns - {self.model.columnCount() - 1}:
            wanted = min(self.roster.sizeHintForColumn(column), MAX_COLUMN)
            if wanted > header.sectionSize(column):
                header.resizeSection(column, wanted)
        if columns:
            self._squeeze_columns()

    def _selection_changed(self) -> None:
        key = self.selected_key()
        index = self.roster.currentIndex()
        line = self.model.line(index) if index.isValid() else None
        keys = self.selected_keys()
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
        self.remove_action.setEnabled(fighter is not None)
        self.write_back_action.setEnabled(fighter is not None and bool(fighter.path))
        self.condition_action.setEnabled(fighter is not None)

    def _retitle(self) -> None:
        name = self.encounter.name or "Untitled encounter"
        self.setWindowTitle(f"GM Screen — {name}[*] ({self.system.name}) — {APP_NAME}")
        self.setWindowModified(self.session.modified)

    def show_message(self, text: str) -> None:
        self.statusBar().showMessage(text, STATUS_MS)

    def game_choices(self) -> list[System]:
        return gm_systems()

    # -- operations ----------------------------------------------------------------------
    def _do(self, text: str, operation: Callable[[Encounter], Encounter]) -> bool:
        before = len(self.encounter.log)
        done = self.session.do(text, operation)
        if done and len(self.encounter.log) > before:
            self.statusBar().showMessage(self.encounter.log[-1].text, STATUS_MS)
        return done

    def start_fight(self, values: dict | None = None) -> bool:
        started = self._do("Start the fight", lambda e: e.start(values or {}))
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
                self.focus_actions()
                self.action_panel.choose(action.id)
                self.show_message("Still due: " + "; ".join(texts))
                return False
        return self._do("Next turn", lambda e: e.next_turn())

    def _space(self) -> None:
        focus = QApplication.focusWidget()
        if isinstance(focus, QAbstractButton) and self.isAncestorOf(focus):
            focus.animateClick()
        elif isinstance(focus, QComboBox) and self.isAncestorOf(focus):
            focus.showPopup()
        else:
            self.next_turn()

    def perform(self, key: str, action: str, values: dict, label: str = "") -> bool:
        return self._do(f"{label or action}: {key}",
                        lambda e: e.perform(key, action, values))

    def add_condition(self, key: str, text: str, rounds: int | None) -> bool:
        return self._do(f"Condition on {key}",
                        lambda e: e.add_condition(key, text, rounds))

    def end_condition(self, condition_id: int) -> bool:
        return self._do("End a condition", lambda e: e.end_condition(condition_id))

    def remove(self, key: str) -> bool:
        return self._do(f"Remove {key}", lambda e: e.remove(key))

    def remove_selected(self) -> bool:
        key = self.selected_key()
        return self.remove(key) if key else False

    def roll_check(self, values: dict) -> bool:
        done = self._do("Roll the check", lambda e: e.check(values))
        if done:
            self.dice.show_result(self.encounter.log[-1].text)
        return done

    def roll_expression(self, expression: str) -> bool:
        done = self._do(f"Roll {expression}", lambda e: e.roll(expression))
        if done:
            self.dice.show_result(self.encounter.log[-1].text)
        return done

    # -- Qt events -----------------------------------------------------------------------
    def closeEvent(self, event: QCloseEvent) -> None:
        if not self._ask_to_save():
            event.ignore()
            return
        self.settings.set_value("gm/geometry",
                                bytes(self.saveGeometry().toBase64()).decode())
        self.settings.set_value("gm/system", self.encounter.system)
        self.settings.sync()
        self.share.stop()
        event.accept()
