"""An editor opened before the window is first shown is laid out once, at the size it
is shown at (desktop.ui.page_size): not first at its own size hint, then again."""

from __future__ import annotations

import pytest
from PySide6.QtCore import QEvent, QObject

from desktop.systems import SYSTEMS
from desktop.ui.main_window import MainWindow


class _Sizes(QObject):
    def __init__(self) -> None:
        super().__init__()
        self.seen: list[tuple[int, int]] = []

    def eventFilter(self, watched: QObject, event: QEvent) -> bool:
        if event.type() == QEvent.Type.Resize:
            self.seen.append(event.size().toTuple())
        return False


@pytest.mark.parametrize("game", list(SYSTEMS))
def test_an_editor_built_before_the_first_show_is_laid_out_once(qtbot, prompts, game):
    window = MainWindow(prompts=prompts)  # type: ignore[arg-type]
    qtbot.addWidget(window)
    window.resize(1100, 760)
    editor = window.new_character(game)
    sizes = _Sizes()
    editor.installEventFilter(sizes)
    window.show()
    qtbot.waitExposed(window)
    assert sizes.seen == [editor.size().toTuple()]
    stack = editor.parentWidget()
    assert editor.size() == stack.size() and stack.width() == window.tabs.width()


def test_a_window_already_shown_is_left_to_its_tab_widget(qtbot, window):
    first = window.new_character("pow")
    second = window.new_character("pocket")
    qtbot.waitUntil(lambda: second.isVisible())
    assert second.size() == first.size()
