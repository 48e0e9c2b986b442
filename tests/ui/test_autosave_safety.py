"""Autosaves that never lose work nor resurrect it: undone edits stay
undone, a restored autosave is kept until saved again, and a second instance never
offers or deletes a live instance's autosaves."""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import textwrap

import pytest

from desktop.ui import autosave
from desktop.ui.main_window import MainWindow

LIVE_INSTANCE = textwrap.dedent("""
    import sys, time
    from desktop.systems import get
    from desktop.ui import autosave
    slot = autosave.AutosaveSlot()
    slot.write(get("pow").new_character("Live work"), None)
    print(slot.path, flush=True)
    time.sleep(30)
""")


def crash() -> None:
    autosave.owner().release(remove=False)


def own_files() -> list:
    return sorted(autosave.autosave_dir().glob("*.json"))


def test_edits_undone_to_the_saved_state_do_not_come_back(qtbot, prompts, electrobabe):
    first = MainWindow(prompts=prompts)
    qtbot.addWidget(first)
    doc = first.open_path(electrobabe).document
    doc.apply("Name", lambda c: setattr(c, "name", "Undone"))
    first.autosave_now()
    assert len(own_files()) == 1
    doc.undo_stack.undo()
    first.autosave_now()
    assert own_files() == []
    crash()
    second = MainWindow(prompts=prompts)
    qtbot.addWidget(second)
    prompts.restore_lines = []
    second.offer_restore()
    assert prompts.restore_lines == [] and second.tabs.count() == 0


def test_a_restored_autosave_survives_a_second_crash(qtbot, prompts, electrobabe):
    first = MainWindow(prompts=prompts)
    qtbot.addWidget(first)
    first.open_path(electrobabe).document.apply(
        "Name", lambda c: setattr(c, "name", "Precious"))
    first.autosave_now()
    crash()
    second = MainWindow(prompts=prompts)
    qtbot.addWidget(second)
    second.offer_restore()
    assert second.current_document().character.name == "Precious"
    assert len(own_files()) == 1 and autosave.leftovers() == []  # adopted, not deleted
    crash()  # within 30 s of the restore: no autosave tick since
    third = MainWindow(prompts=prompts)
    qtbot.addWidget(third)
    third.offer_restore()
    assert third.current_document().character.name == "Precious"
    third.save()
    assert own_files() == [] and autosave.leftovers() == []


@pytest.mark.skipif(os.name != "posix", reason="signals")
def test_a_second_instance_leaves_a_live_one_s_autosave_alone(qtbot, prompts):
    live = subprocess.Popen([sys.executable, "-c", LIVE_INSTANCE], stdout=subprocess.PIPE,
                            text=True, env=os.environ.copy())
    try:
        line = live.stdout.readline().strip()  # type: ignore[union-attr]
        assert line, "the live instance did not start"
        theirs = autosave.autosave_dir() / os.path.basename(line)
        assert theirs.exists()
        assert autosave.leftovers() == []  # not offered while it runs
        prompts.restore_answer = False  # Discard
        window = MainWindow(prompts=prompts)
        qtbot.addWidget(window)
        window.offer_restore()
        assert theirs.exists()  # and never deleted
        live.send_signal(signal.SIGKILL)  # the app killed while editing
        live.wait(5)
        assert autosave.leftovers() == [theirs]  # now a crash leftover
        prompts.restore_answer = True
        window.offer_restore()
        assert window.current_document().character.name == "Live work"
    finally:
        if live.poll() is None:
            live.kill()
            live.wait(5)
