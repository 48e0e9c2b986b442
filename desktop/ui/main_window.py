"""The main window: open characters in tabs, files, undo, export, autosave."""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING

from PySide6.QtCore import QSize, QTimer
from PySide6.QtGui import (
    QAction,
    QCloseEvent,
    QDragEnterEvent,
    QDropEvent,
    QKeySequence,
    QShowEvent,
    QUndoGroup,
)
from PySide6.QtWidgets import (
    QMainWindow,
    QMenu,
    QTabWidget,
    QVBoxLayout,
    QWidget,
)

from desktop import APP_NAME, __version__
from desktop.model.disk_stamp import ChangedOnDisk, GoneFromDisk
from desktop.model.errors import DocumentError
from desktop.systems import CHARACTER_SUFFIX, SYSTEMS, System
from desktop.ui import autosave
from desktop.ui.blank_sheet import blank_sheet_menu
from desktop.ui.copy_text import copy_text_menu
from desktop.ui.disk_changes import DiskChanges
from desktop.ui.document import CharacterDocument
from desktop.ui.editor import CharacterEditor
from desktop.ui.gm_link import GmLink, same_file
from desktop.ui.help_menu import EDITOR_GUIDE, add_help_menu, quit_keys
from desktop.ui.page_size import size_pages
from desktop.ui.printing.actions import print_actions
from desktop.ui.prompts import Prompts, Unsaved
from desktop.ui.screen_fit import fit_window
from desktop.ui.settings import Settings
from desktop.ui.undo import undo_actions, undo_shortcuts

if TYPE_CHECKING:
    from pydantic import BaseModel


class MainWindow(GmLink, QMainWindow):
    def __init__(self, prompts: Prompts | None = None) -> None:
        super().__init__()
        self.prompts = prompts or Prompts(self)
        self.settings = Settings()
        self.undo_group = QUndoGroup(self)
        self._autosaves: dict[CharacterDocument, autosave.AutosaveSlot] = {}
        self.gm_window: QMainWindow | None = None
        self.setWindowTitle(APP_NAME)
        self.setAcceptDrops(True)
        self.tabs = QTabWidget()
        self.tabs.setDocumentMode(True)
        self.tabs.setTabsClosable(True)
        self.tabs.setMovable(True)
        self.tabs.tabCloseRequested.connect(lambda i: self.close_tab(i))
        self.tabs.currentChanged.connect(self._current_changed)
        self._welcome: QWidget | None = None
        self.tabs.hide()
        central = QWidget()
        self._pages = QVBoxLayout(central)
        self._pages.setContentsMargins(0, 0, 0, 0)
        self._pages.addWidget(self.tabs)
        self.setCentralWidget(central)
        self._build_menus()
        self.disk_changes = DiskChanges(
            self.editors, lambda text: self.statusBar().showMessage(text, 10000), self)
        self.autosave_timer = QTimer(self)
        self.autosave_timer.setInterval(autosave.INTERVAL_MS)
        self.autosave_timer.timeout.connect(self.autosave_now)
        self.autosave_timer.start()
        geometry, state = self.settings.geometry()
        fit_window(self, QSize(1280, 860), geometry)
        if state is not None:
            self.restoreState(state)
        self._update_actions()

    # -- building --------------------------------------------------------------------
    def _action(self, text: str, slot, shortcut=None, tip: str = "") -> QAction:
        action = QAction(text, self)
        if shortcut is not None:
            action.setShortcut(QKeySequence(shortcut))
        if tip:
            action.setStatusTip(tip)
        action.triggered.connect(lambda _checked=False: slot())
        return action

    def showEvent(self, event: QShowEvent) -> None:
        if self.tabs.count() == 0:
            self.welcome.show()
        super().showEvent(event)

    def _build_menus(self) -> None:
        bar = self.menuBar()
        file_menu = bar.addMenu("&File")
        self.new_menu = file_menu.addMenu("&New")
        for system in SYSTEMS.values():
            self.new_menu.addAction(self._action(
                system.name, lambda s=system: self.new_character(s.id),
                tip=f"A new {system.name} character"))
        self.new_action = self._action("&New character…", self.choose_new,
                                       QKeySequence.StandardKey.New)
        file_menu.addAction(self.new_action)
        self.open_action = self._action("&Open…", self.open_dialog, QKeySequence.StandardKey.Open)
        file_menu.addAction(self.open_action)
        self.recent_menu = file_menu.addMenu("Open &Recent")
        self._rebuild_recent()
        file_menu.addSeparator()
        self.save_action = self._action("&Save", self.save, QKeySequence.StandardKey.Save)
        self.save_as_action = self._action("Save &As…", self.save_as,
                                           QKeySequence.StandardKey.SaveAs)
        self.export_action = self._action("&Export PDF…", self.export_dialog,
                                          QKeySequence("Ctrl+E"))
        self.print_action, self.preview_action = print_actions(self)
        self.close_action = self._action("&Close", self.close_tab, QKeySequence.StandardKey.Close)
        for action in (self.save_action, self.save_as_action, self.export_action,
                       self.print_action, self.preview_action, self.close_action):
            file_menu.addAction(action)
        self.blank_menu = file_menu.addMenu(blank_sheet_menu(self, file_menu))
        file_menu.addSeparator()
        quit_action = self._action("&Quit", self.close, QKeySequence.StandardKey.Quit)
        quit_action.setShortcuts(quit_keys())
        quit_action.setMenuRole(QAction.MenuRole.QuitRole)
        file_menu.addAction(quit_action)

        edit_menu = bar.addMenu("&Edit")
        self.undo_action, self.redo_action = undo_actions(self, self.undo_group)
        edit_menu.addAction(self.undo_action)
        edit_menu.addAction(self.redo_action)
        undo_shortcuts(self.undo_action, self.redo_action)
        edit_menu.addMenu(copy_text_menu(self, edit_menu))

        window_menu = bar.addMenu("&Window")
        self.next_tab_action = self._action("&Next character", lambda: self._step_tab(1),
                                            QKeySequence.StandardKey.NextChild)
        self.prev_tab_action = self._action("&Previous character", lambda: self._step_tab(-1),
                                            QKeySequence.StandardKey.PreviousChild)
        window_menu.addAction(self.next_tab_action)
        window_menu.addAction(self.prev_tab_action)
        window_menu.addSeparator()
        self.gm_action = self._action("&GM Screen", self.open_gm_screen, QKeySequence("Ctrl+G"),
                                      tip="Run a fight: the encounter, turns, damage, dice")
        window_menu.addAction(self.gm_action)

        add_help_menu(self, EDITOR_GUIDE, self.about)

    # -- documents -------------------------------------------------------------------
    def editors(self) -> list[CharacterEditor]:
        return [self.tabs.widget(i) for i in range(self.tabs.count())]  # type: ignore[misc]

    def current_editor(self) -> CharacterEditor | None:
        widget = self.tabs.currentWidget()
        return widget if isinstance(widget, CharacterEditor) else None

    def current_document(self) -> CharacterDocument | None:
        editor = self.current_editor()
        return editor.document if editor else None

    def add_document(self, document: CharacterDocument) -> CharacterEditor:
        editor_class = document.system.part("editor").EDITOR
        editor: CharacterEditor = editor_class(document)
        self.undo_group.addStack(document.undo_stack)
        document.modified_changed.connect(lambda _m, d=document: self._retitle(d))
        document.changed.connect(lambda d=document: self._retitle(d))
        document.path_changed.connect(lambda d=document: self._retitle(d))
        document.edit_rejected.connect(
            lambda why: self.statusBar().showMessage(f"Not changed: {why}", 6000))
        message = getattr(editor, "message", None)
        if message is not None:
            message.connect(lambda text: self.statusBar().showMessage(text, 6000))
        self._autosaves[document] = autosave.AutosaveSlot()
        self.disk_changes.add(document)
        index = self.tabs.addTab(editor, "")
        self.tabs.setCurrentIndex(index)
        self._retitle(document)
        self._update_actions()
        size_pages(self, self.tabs)  # before the first show: one layout pass, not two
        return editor

    def new_character(self, system_id: str) -> CharacterEditor:
        system: System = SYSTEMS[system_id]
        return self.add_document(CharacterDocument(system.new_character("")))

    def choose_new(self) -> None:
        systems = list(SYSTEMS.values())
        index = self.prompts.choose_game([s.name for s in systems])
        if index is not None:
            self.new_character(systems[index].id)

    def open_dialog(self) -> None:
        folder = str(self.settings.recent_files()[0].parent) if (
            self.settings.recent_files()) else str(Path.home())
        for path in self.prompts.open_paths(folder):
            self.open_path(path)

    def open_path(self, path: str | Path) -> CharacterEditor | None:
        """Open a character file; a bad file is reported in one line and left as it is."""
        path = Path(path)
        for editor in self.editors():
            if editor.document.path and same_file(editor.document.path, path):
                self.tabs.setCurrentWidget(editor)
                return editor
        from desktop.systems.files import load_character  # pydantic loads on first open

        try:
            character = load_character(path)
        except DocumentError as exc:
            self.prompts.warn("Cannot open file", exc.message)
            return None
        editor = self.add_document(CharacterDocument(character, path.resolve()))
        self._remember(path)
        return editor

    def open_example(self, path: Path) -> CharacterEditor | None:
        """One of the book's example characters, as a new character: Save asks where, so
        the shipped example stays as it is."""
        from desktop.systems.files import load_character

        try:
            character = load_character(path)
        except DocumentError as exc:
            self.prompts.warn("Cannot open the example", exc.message)
            return None
        return self.add_document(CharacterDocument(character))

    def open_recovered(self, character: BaseModel, original: Path | None) -> CharacterEditor:
        document = CharacterDocument(character, original)
        editor = self.add_document(document)
        document.undo_stack.resetClean()  # restored work is unsaved until the user saves
        self._retitle(document)
        return editor

    def save(self, editor: CharacterEditor | None = None) -> bool:
        editor = editor or self.current_editor()
        if editor is None:
            return False
        if editor.document.path is None:
            return self.save_as(editor)
        return self._save_to(editor, editor.document.path)

    def save_as(self, editor: CharacterEditor | None = None) -> bool:
        editor = editor or self.current_editor()
        if editor is None:
            return False
        document = editor.document
        suggested = document.path or Path.home() / (
            (getattr(document.character, "name", "") or "character") + CHARACTER_SUFFIX)
        path = self.prompts.save_path(str(suggested))
        if path is None:
            return False
        if not path.suffix:
            path = path.with_suffix(CHARACTER_SUFFIX)
        return self._save_to(editor, path)

    def _save_to(self, editor: CharacterEditor, path: Path, overwrite: bool = False) -> bool:
        try:
            editor.document.save(path, overwrite=overwrite)
        except GoneFromDisk as exc:
            self.prompts.warn("File gone", f"{exc.message}. Choose where to save it.")
            return self.save_as(editor)
        except ChangedOnDisk as exc:
            if not self.prompts.confirm("Changed on disk", f"{exc.message}. Replace it with "
                                        "your version?", "Replace"):
                return False
            return self._save_to(editor, path, overwrite=True)
        except DocumentError as exc:
            self.prompts.warn("Cannot save", exc.message)
            return False
        self.disk_changes.saved(editor.document)
        self._autosaves[editor.document].discard()
        self._remember(path)
        self.statusBar().showMessage(f"Saved {path}", 4000)
        return True

    def close_tab(self, index: int | None = None) -> bool:
        """Close a character, asking first if it has unsaved changes."""
        if index is None:
            index = self.tabs.currentIndex()
        editor = self.tabs.widget(index)
        if not isinstance(editor, CharacterEditor):
            return False
        document = editor.document
        if document.modified:
            self.tabs.setCurrentIndex(index)
            answer = self.prompts.unsaved(document.title)
            if answer is Unsaved.CANCEL or (answer is Unsaved.SAVE and not self.save(editor)):
                return False
        self._autosaves.pop(document).discard()
        self.disk_changes.remove(document)
        self.undo_group.removeStack(document.undo_stack)
        self.tabs.removeTab(self.tabs.indexOf(editor))
        editor.deleteLater()
        self._update_actions()
        return True

    # -- autosave and recovery -------------------------------------------------------------
    def autosave_now(self) -> None:
        for document, slot in self._autosaves.items():
            try:
                slot.keep(document.character, document.path, document.modified)
            except DocumentError as exc:
                self.statusBar().showMessage(f"Autosave failed: {exc.message}", 8000)

    def offer_restore(self) -> None:
        found, broken = [], []
        for path in autosave.leftovers():
            try:
                found.append(autosave.read(path))
            except DocumentError as exc:
                broken.append(exc.message)
        if broken:
            self.prompts.warn("Autosave unreadable",
                              "These autosaves could not be read and were left as they "
                              "are:\n" + "\n".join(broken))
        if not found:
            return
        lines = [f"• {getattr(r.character, 'name', '') or 'Unnamed'}"
                 f" — {r.original or 'never saved'} ({r.saved_at})" for r in found]
        answer = self.prompts.restore(lines)
        if answer is None:
            return
        for recovered in found:  # restored: kept as its autosave until saved again
            if answer:
                editor = self.open_recovered(recovered.character, recovered.original)
                self._autosaves[editor.document].adopt(recovered.autosave)
            else:
                recovered.autosave.unlink(missing_ok=True)

    # -- export ---------------------------------------------------------------------------
    def export_dialog(self) -> None:
        editor = self.current_editor()
        if editor is None:
            return
        from desktop.ui.export_dialog import ExportDialog

        dialog = ExportDialog(self.tabs.count(), self, self.settings.value("export/paper") or None)
        if dialog.exec() != ExportDialog.DialogCode.Accepted:
            return
        choice = dialog.choice()
        self.settings.set_value("export/paper", choice.paper)
        documents = [e.document for e in self.editors()] if choice.party else [editor.document]
        base = editor.document.path or Path.home() / (
            getattr(editor.document.character, "name", "") or "character")
        path = self.prompts.pdf_path(str(Path(base).with_suffix(".pdf")))
        if path is not None:
            self.export(documents, path, choice.what, choice.paper)

    def export(self, documents: list[CharacterDocument], path: Path, what: str,
               paper: str) -> bool:
        from desktop.pdf.export import export_pdf  # reportlab loads only when printing

        if path.suffix.lower() != ".pdf":
            path = path.with_suffix(".pdf")
        try:
            problems = export_pdf([d.character for d in documents], path, what=what,
                                  paper=paper, warn=None)
        except (DocumentError, OSError) as exc:
            self.prompts.warn("Cannot export", getattr(exc, "message", str(exc)))
            return False
        self.statusBar().showMessage(f"Exported {path}", 6000)
        if problems:  # written, but some names need a font Sheetdesk does not have
            self.prompts.warn("Some characters cannot be printed in full",
                              "\n".join(p.message for p in problems))
        return True

    # -- housekeeping ------------------------------------------------------------------
    def _remember(self, path: Path) -> None:
        self.settings.add_recent(path)
        self._rebuild_recent()

    def _rebuild_recent(self) -> None:
        if self._welcome is not None:  # its list of recent files is rebuilt when next shown
            old, self._welcome = self._welcome, None
            old.hide()
            old.deleteLater()
            if self.tabs.count() == 0 and self.isVisible():
                self.welcome.show()
        menu: QMenu = self.recent_menu
        menu.clear()
        recent = self.settings.recent_files()
        for number, path in enumerate(recent, start=1):
            action = menu.addAction(f"&{number % 10} {path.name}")
            action.setToolTip(str(path))
            action.setStatusTip(str(path))
            action.triggered.connect(lambda _=False, p=path: self.open_path(p))
        if recent:
            menu.addSeparator()
            menu.addAction("Clear list").triggered.connect(self._clear_recent)
        menu.setEnabled(bool(recent))

    def _clear_recent(self) -> None:
        self.settings.clear_recent()
        self._rebuild_recent()

    def _retitle(self, document: CharacterDocument) -> None:
        from desktop.ui.game_icon import game_icon  # QPainter & co. only once a tab opens

        for index in range(self.tabs.count()):
            editor = self.tabs.widget(index)
            if isinstance(editor, CharacterEditor) and editor.document is document:
                mark = "*" if document.modified else ""
                name = getattr(document.character, "name", "") or "Unnamed"
                self.tabs.setTabText(index, f"{name} — {document.system.book}{mark}")
                self.tabs.setTabIcon(index, game_icon(document.system))
                self.tabs.setTabToolTip(index, str(document.path or "Not saved yet"))
        self._update_window_title()

    def _update_window_title(self) -> None:
        document = self.current_document()
        if document is None:
            self.setWindowTitle(APP_NAME)
            self.setWindowModified(False)
            return
        self.setWindowTitle(f"{document.title}[*] — {APP_NAME}")
        self.setWindowModified(document.modified)

    def _current_changed(self, _index: int) -> None:
        document = self.current_document()
        self.undo_group.setActiveStack(document.undo_stack if document else None)
        self._update_actions()

    @property
    def welcome(self) -> QWidget:
        """The page shown while no character is open. Built when first needed: a
        double-clicked file opens without it, or its module (4 ms of opening a file)."""
        if self._welcome is None:
            from desktop.ui.welcome import WelcomeActions, build_welcome

            self._welcome = build_welcome(
                WelcomeActions(self.new_character, self.open_dialog, self.open_path,
                               self.open_example, self.open_gm_screen),
                self.settings.recent_files())
            self._welcome.setHidden(self.tabs.count() > 0)
            self._pages.insertWidget(0, self._welcome)
        return self._welcome

    def _update_actions(self) -> None:
        has = self.tabs.count() > 0
        self.tabs.setVisible(has)
        if self._welcome is not None or (not has and self.isVisible()):
            self.welcome.setVisible(not has)
        for action in (self.save_action, self.save_as_action, self.export_action,
                       self.print_action, self.preview_action, self.close_action,
                       self.next_tab_action, self.prev_tab_action):
            action.setEnabled(has)
        self._update_window_title()

    def _step_tab(self, step: int) -> None:
        if self.tabs.count():
            self.tabs.setCurrentIndex((self.tabs.currentIndex() + step) % self.tabs.count())

    def about(self) -> None:
        from PySide6.QtWidgets import QMessageBox

        QMessageBox.about(self, f"About {APP_NAME}",
                          f"<h3>{APP_NAME} {__version__}</h3><p>Character editors, exact "
                          "odds, PDF sheets and ID cards for rules-light role-playing "
                          "games.</p><p>Games: " + ", ".join(s.name for s in SYSTEMS.values())
                          + "</p>")

    # -- Qt events -------------------------------------------------------------------------
    def dragEnterEvent(self, event: QDragEnterEvent) -> None:
        if event.mimeData().hasUrls() and any(u.isLocalFile() for u in event.mimeData().urls()):
            event.acceptProposedAction()

    def dropEvent(self, event: QDropEvent) -> None:
        paths = [Path(u.toLocalFile()) for u in event.mimeData().urls() if u.isLocalFile()]
        for path in paths:
            self.open_path(path)
        event.acceptProposedAction()

    def closeEvent(self, event: QCloseEvent) -> None:
        while self.tabs.count():
            if not self.close_tab(self.tabs.count() - 1):
                event.ignore()
                return
        self.settings.set_geometry(self.saveGeometry(), self.saveState())
        self.settings.sync()
        event.accept()
