"""The whole app killed mid-edit (a crash does not eat the user's work):
what the autosave timer caught comes back on the next start, and the character's own
file is never touched by the crash."""

from __future__ import annotations

import os
import shutil
import textwrap
from pathlib import Path

from desktop.ui.main_window import MainWindow
from tests.killing import kill_after

REPO = Path(__file__).resolve().parents[2]
EDITING_APP = textwrap.dedent("""
    import sys
    from PySide6.QtCore import QTimer
    from PySide6.QtTest import QTest
    from PySide6.QtWidgets import QLineEdit
    from desktop.app import create_application
    from desktop.ui.main_window import MainWindow

    app = create_application()
    window = MainWindow()
    window.show()
    editor = window.open_path(sys.argv[1])
    name = editor.form.findChild(QLineEdit, "nameEdit")
    name.setFocus()
    name.selectAll()
    QTest.keyClicks(name, "Sparky the Second")  # typed, as a player does
    window.autosave_timer.timeout.emit()  # the 30 s timer fires
    QTimer.singleShot(0, lambda: print("autosaved", flush=True))
    app.exec()  # still editing when the kill comes
""")


def test_killing_the_app_mid_edit_loses_nothing_autosaved(qtbot, prompts, tmp_path):
    original = tmp_path / "sparky.sheetdesk"
    shutil.copy(REPO / "resources" / "pow" / "characters" / "sparky.sheetdesk", original)
    before = original.read_bytes()
    kill_after(EDITING_APP, [str(original)], os.environ, cue="autosaved")
    assert original.read_bytes() == before  # the file itself is untouched
    prompts.restore_answer = True  # the next start offers the work back
    window = MainWindow(prompts=prompts)
    qtbot.addWidget(window)
    window.offer_restore()
    restored = window.current_document()
    assert restored is not None and restored.character.name == "Sparky the Second"
    assert restored.modified  # unsaved until the user saves it
