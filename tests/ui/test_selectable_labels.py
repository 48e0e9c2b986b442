"""The labels a form makes selectable (every game's derived values) are selectable once
the pointer reaches them, and not before: a selectable label lays its text out through
a text document of its own, 5-10 ms of opening a file
(``desktop/ui/selectable_labels.py``)."""

from __future__ import annotations

import pytest
from PySide6.QtCore import QEvent, QPointF, Qt
from PySide6.QtGui import QEnterEvent, QMouseEvent
from PySide6.QtWidgets import QApplication, QLabel

from desktop.paths import form
from desktop.systems import SYSTEMS, get
from desktop.systems.book_data import BookData
from desktop.ui.editor import reveal
from desktop.ui.selectable_labels import put_off

SELECTABLE = Qt.TextInteractionFlag.TextSelectableByMouse

FORM = b"""<ui version="4.0"><widget class="QWidget" name="root"><layout class="QVBoxLayout">
<item><widget class="QLabel" name="valueLabel">
 <property name="text"><string>12</string></property>
 <property name="textInteractionFlags">
  <set>Qt::TextInteractionFlag::TextSelectableByMouse</set>
 </property>
</widget></item>
<item><widget class="QLabel" name="linkLabel">
 <property name="textInteractionFlags">
  <set>Qt::TextInteractionFlag::LinksAccessibleByMouse|Qt::TextInteractionFlag::TextSelectableByMouse</set>
 </property>
</widget></item>
<item><widget class="QTextBrowser" name="notes">
 <property name="textInteractionFlags">
  <set>Qt::TextSelectableByMouse</set>
 </property>
</widget></item>
<item><widget class="QLabel" name="oldStyle">
 <property name="textInteractionFlags"><set>Qt::TextSelectableByMouse</set></property>
</widget></item>
</layout></widget></ui>"""


def test_only_labels_selectable_with_the_mouse_alone_are_put_off() -> None:
    data, names = put_off(FORM)
    assert names == ["valueLabel", "oldStyle"]
    assert data.count(b"textInteractionFlags") == 2  # the link label's and the browser's
    assert b"LinksAccessibleByMouse" in data and b'name="notes"' in data
    assert put_off(b"<ui/>") == (b"<ui/>", [])


def _marked_selectable(game: str) -> set[str]:
    """The labels the game's form marks selectable with the mouse alone."""
    return set(put_off(form(f"{game}_editor.ui").read_bytes())[1])


def _enter(label: QLabel) -> None:
    inside = QPointF(2, 2)
    QApplication.sendEvent(label, QEnterEvent(inside, label.mapToGlobal(inside),
                                              label.mapToGlobal(inside)))


def _press(label: QLabel) -> None:
    at = QPointF(2, 2)
    for kind in (QEvent.Type.MouseButtonPress, QEvent.Type.MouseButtonRelease):
        QApplication.sendEvent(label, QMouseEvent(
            kind, at, label.mapToGlobal(at), Qt.MouseButton.LeftButton,
            Qt.MouseButton.LeftButton, Qt.KeyboardModifier.NoModifier))


def _selectable(label: QLabel) -> bool:
    return label.textInteractionFlags() == SELECTABLE


@pytest.mark.parametrize("game", SYSTEMS)
def test_every_value_label_becomes_selectable_when_the_pointer_reaches_it(
        window, qtbot, game: str) -> None:
    marked = _marked_selectable(game)
    assert marked, f"{game}'s form marks no value selectable"
    path = next(iter(BookData(game).example_characters().values()))
    editor = window.open_path(path)
    assert isinstance(editor, get(game).part("editor").EDITOR)
    editor.build_all_pages()
    labels = {label.objectName(): label for label in editor.findChildren(QLabel)
              if label.objectName() in marked}
    assert set(labels) == marked
    assert not [name for name, label in labels.items() if _selectable(label)]
    for index, (_name, label) in enumerate(sorted(labels.items())):
        reveal(label)  # its page painted: watched from then on
        wake = _enter if index % 2 else _press  # the pointer, or a click before it
        qtbot.waitUntil(lambda label=label, wake=wake: (wake(label), _selectable(label))[1])


def test_a_value_reached_can_be_selected(window, qtbot) -> None:
    path = BookData("pow").example_characters()["electrobabe"]
    editor = window.open_path(path)
    label = editor.findChild(QLabel, "initiativeValue")
    assert label.text()
    label.setSelection(0, len(label.text()))
    assert not label.hasSelectedText()  # not selectable yet
    qtbot.waitUntil(lambda: (_enter(label), _selectable(label))[1])
    label.setSelection(0, len(label.text()))
    assert label.selectedText() == label.text()
