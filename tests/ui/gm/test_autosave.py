"""The GM screen's autosave: an encounter with unsaved changes is kept in the user data
folder every 30 s, gone once saved, and offered back after a crash or a kill."""

from __future__ import annotations

from desktop.systems.encounters import load_encounter, new_encounter
from desktop.ui import autosave
from desktop.ui.gm import autosave as gm_autosave
from tests.ui.gm.conftest import ScriptedGmPrompts, open_gm


def _lizards(gm) -> None:
    """One unsaved change: a note in the log."""
    assert gm.do("Note", lambda e: e.note("The ford is deep"))


def test_unsaved_changes_are_kept_and_a_save_removes_them(gm, tmp_path) -> None:
    assert gm.autosave.timer.interval() == autosave.INTERVAL_MS == 30_000
    _lizards(gm)
    assert gm.session.modified
    gm.autosave.timer.timeout.emit()  # 30 s have passed
    kept = gm.autosave.slot.path
    assert kept.exists() and kept.parent.name == "encounters"
    gm.session.save(tmp_path / "ford.encounter")
    assert not kept.exists()


def test_a_killed_gm_screen_s_encounter_is_offered_back(qtbot, tmp_path) -> None:
    prompts = ScriptedGmPrompts()
    first = open_gm(qtbot, prompts)
    path = tmp_path / "ford.encounter"
    first.session.save(path)
    _lizards(first)
    first.autosave.keep()
    autosave.owner(autosave.autosave_dir(gm_autosave.KIND)).release(remove=False)  # killed
    # a second GM screen starts: it offers the encounter back, unsaved
    again = ScriptedGmPrompts()
    window = open_gm(qtbot, again, encounter=new_encounter("pow", "Empty", seed=1))
    window.offer_restore()
    assert again.restore_asked and "ford.encounter" in again.restore_asked[0][0]
    assert window.session.path == path and window.session.modified
    assert window.encounter.log[-1].text == "The ford is deep"
    assert load_encounter(path).ops == ()  # the file itself untouched
    window.session.save()
    assert gm_autosave.leftovers() == []
    for w in (first, window):
        w.session.undo_stack.setClean()
        w.close()


def test_discard_removes_the_leftover_and_later_keeps_it(qtbot, tmp_path) -> None:
    prompts = ScriptedGmPrompts()
    first = open_gm(qtbot, prompts)
    _lizards(first)
    first.autosave.keep()
    autosave.owner(autosave.autosave_dir(gm_autosave.KIND)).release(remove=False)
    assert len(gm_autosave.leftovers()) == 1
    later = ScriptedGmPrompts()
    later.restore_answer = None  # "Ask me later"
    window = open_gm(qtbot, later)
    window.offer_restore()
    assert len(gm_autosave.leftovers()) == 1 and not window.session.modified
    later.restore_answer = False  # "Discard"
    window.offer_restore()
    assert gm_autosave.leftovers() == []
    for w in (first, window):
        w.session.undo_stack.setClean()
        w.close()
