"""One undo history per document, whatever has the focus.

Three small things make the document's ``QUndoStack`` the only history a user meets:

- **Words**: ``change_text`` says what an edit did ("Brawn 3 → 4", "Name “Al” → “Alma”",
  "Tick Stunned"), so Edit ▸ Undo reads "Undo Brawn 3 → 4".
- **Typing runs**: a run of typing in one field is one step, as a word processor merges
  it. Edits of a field carry a merge key; they merge only within one run, and a run
  ends whenever the focus moves or a field's editing is finished (Return, Tab).
- **Keys**: Ctrl+Z / Ctrl+Shift+Z (and Ctrl+Y) in a spin box, a text field, a combo or
  a table cell go to the window's Undo/Redo actions instead of the widget's own
  history (``UndoKeys``), so the keys and the menu never disagree.
"""

from __future__ import annotations

from typing import Any

from PySide6.QtCore import QEvent, QObject
from PySide6.QtGui import QAction, QKeyEvent, QKeySequence, QUndoGroup
from PySide6.QtWidgets import QApplication, QWidget

from desktop.ui.focus_filter import filter_focus_within

SHORT_TEXT = 24
"""Texts up to this long are quoted in full in the menu; longer ones read "Edit …"."""

_run = 0
_watched: set[int] = set()


def typing_run() -> int:
    """The current typing run (edits with one merge key merge only inside one run)."""
    return _run


def end_typing_run(*_args: object) -> None:
    """The next edit starts a new undo step, even in the same field."""
    global _run
    _run += 1


def watch_focus() -> None:
    """End the typing run whenever the focus moves (connected once per application)."""
    app = QApplication.instance()
    if isinstance(app, QApplication) and id(app) not in _watched:
        _watched.add(id(app))
        app.focusChanged.connect(end_typing_run)


def shown(value: Any) -> str:
    """A value as the menu shows it: numbers plainly, short texts quoted, none blank."""
    if value is None or value == "":
        return "blank"
    if isinstance(value, float):
        return f"{value:g}"
    if isinstance(value, str):
        return f"“{value}”"
    return str(value)


def change_text(label: str, old: Any, new: Any) -> str:
    """What changing ``label`` from ``old`` to ``new`` did, in a few words."""
    if isinstance(new, bool) or isinstance(old, bool):
        return f"{'Tick' if new else 'Clear'} {label}"
    texts = [v for v in (old, new) if isinstance(v, str)]
    if any(len(t) > SHORT_TEXT or "\n" in t for t in texts) or isinstance(
            new, list | dict | tuple):
        return f"Edit {label}"
    return f"{label} {shown(old)} → {shown(new)}"


class UndoKeys(QObject):
    """Gives the Undo/Redo keys to ``undo`` and ``redo`` wherever the focus is inside
    ``window``: a spin box or text field would otherwise take Ctrl+Z for its own text."""

    def __init__(self, window: QWidget, undo: QAction, redo: QAction) -> None:
        super().__init__(window)
        self.undo = undo
        self.redo = redo
        filter_focus_within(window, self)

    def action_for(self, event: QKeyEvent) -> QAction | None:
        pressed = QKeySequence(event.keyCombination())
        for action in (self.undo, self.redo):
            if any(pressed.matches(k) == QKeySequence.SequenceMatch.ExactMatch
                   for k in action.shortcuts()):
                return action
        return None

    def eventFilter(self, watched: QObject, event: QEvent) -> bool:
        kind = event.type()
        if kind not in (QEvent.Type.ShortcutOverride, QEvent.Type.KeyPress):
            return False
        if not isinstance(event, QKeyEvent):
            return False
        action = self.action_for(event)
        if action is None:
            return False
        if kind == QEvent.Type.ShortcutOverride:
            event.ignore()  # not taken by the widget: the window's shortcut has the key
            return True
        # The key reached the widget after all (no shortcut fired): act here.
        if action.isEnabled():
            action.trigger()
        return True


def undo_actions(window: QWidget, group: QUndoGroup) -> tuple[QAction, QAction]:
    """Edit ▸ Undo and Redo for ``group`` ("Undo Brawn 3 → 4"), with their keys taken
    from whatever widget has the focus inside ``window``."""
    undo = group.createUndoAction(window, "&Undo")
    redo = group.createRedoAction(window, "&Redo")
    window.undo_keys = UndoKeys(window, undo, redo)  # type: ignore[attr-defined]
    watch_focus()
    return undo, redo


def undo_shortcuts(undo: QAction, redo: QAction) -> None:
    """The platform's Undo and Redo keys, and Ctrl+Shift+Z and Ctrl+Y for Redo."""
    undo.setShortcuts(QKeySequence.StandardKey.Undo)
    keys = QKeySequence.keyBindings(QKeySequence.StandardKey.Redo)
    for extra in ("Ctrl+Shift+Z", "Ctrl+Y"):
        if QKeySequence(extra) not in keys:
            keys.append(QKeySequence(extra))
    redo.setShortcuts(keys)
