"""Autosave every 30 s and crash recovery at the next start."""

from __future__ import annotations

from desktop.ui import autosave
from desktop.ui.main_window import MainWindow


def own_autosaves() -> list:
    """This instance's autosave files (leftovers() lists only dead instances' ones)."""
    return sorted(autosave.autosave_dir().glob("*.json"))


def crash() -> None:
    """What the process's death does to its claim: the lock is dropped, files stay."""
    autosave.owner().release(remove=False)


def test_only_changed_documents_are_autosaved(window, electrobabe):
    doc = window.open_path(electrobabe).document
    window.autosave_now()
    assert own_autosaves() == []
    doc.apply("Name", lambda c: setattr(c, "name", "Autosaved"))
    window.autosave_now()
    assert autosave.leftovers() == []  # this instance's own, live autosave
    [left] = own_autosaves()
    recovered = autosave.read(left)
    assert recovered.character.name == "Autosaved"
    assert recovered.original == electrobabe.resolve()


def test_timer_runs_every_thirty_seconds(window):
    assert window.autosave_timer.isActive()
    assert window.autosave_timer.interval() == 30_000


def test_saving_removes_the_autosave(window, electrobabe):
    doc = window.open_path(electrobabe).document
    doc.apply("Name", lambda c: setattr(c, "name", "X"))
    window.autosave_now()
    window.save()
    assert own_autosaves() == []


def test_restore_after_a_crash(qtbot, prompts, electrobabe):
    crashed = MainWindow(prompts=prompts)
    qtbot.addWidget(crashed)
    doc = crashed.open_path(electrobabe).document
    doc.apply("Name", lambda c: setattr(c, "name", "Unsaved work"))
    crashed.autosave_now()
    crash()  # the process dies here: no close, the autosave stays behind
    restarted = MainWindow(prompts=prompts)
    qtbot.addWidget(restarted)
    restarted.offer_restore()
    assert any("Unsaved work" in line for line in prompts.restore_lines)
    restored = restarted.current_document()
    assert restored.character.name == "Unsaved work"
    assert restored.modified  # not saved to the user's file until they say so
    assert restored.path == electrobabe.resolve()
    assert electrobabe.read_text().count("Unsaved work") == 0


def test_ask_me_later_keeps_the_autosave(qtbot, prompts, electrobabe):
    first = MainWindow(prompts=prompts)
    qtbot.addWidget(first)
    doc = first.open_path(electrobabe).document
    doc.apply("Name", lambda c: setattr(c, "name", "Later"))
    first.autosave_now()
    crash()
    prompts.restore_answer = None
    second = MainWindow(prompts=prompts)
    qtbot.addWidget(second)
    second.offer_restore()
    assert second.tabs.count() == 0
    assert len(autosave.leftovers()) == 1


def test_broken_autosave_is_reported_and_kept(window, prompts):
    bad = autosave.autosave_dir() / "broken.json"
    bad.write_text("{not json")
    window.offer_restore()
    assert "broken.json" in prompts.warnings[-1][1]
    assert bad.exists()
