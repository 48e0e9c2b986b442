"""``sheetdesk gm [FILE...]``: files are read before Qt starts; then the window opens."""

from __future__ import annotations

import json

import pytest
from PySide6.QtWidgets import QApplication

from desktop import gm_app
from desktop.model.errors import DocumentError
from desktop.systems.encounters import load_encounter, new_encounter, save_encounter
from desktop.ui.gm.window import GmWindow


def test_characters_make_a_new_encounter_of_their_game(party) -> None:
    encounter, path, characters = gm_app.read_files([str(party["sparky"]),
                                                     str(party["cutter"])])
    assert encounter is not None and encounter.system == "pow" and not encounter.fighters
    assert path is None
    assert [(c.name, p) for c, p in characters] == [("Sparky", party["sparky"].resolve()),
                                                    ("Cutter", party["cutter"].resolve())]


def test_an_encounter_file_opens_with_characters_added(party, tmp_path) -> None:
    saved = tmp_path / "ford.encounter"
    save_encounter(saved, new_encounter("pow", "Ford", seed=2))
    encounter, path, characters = gm_app.read_files([str(party["sparky"]), str(saved)])
    assert encounter is not None and encounter.name == "Ford" and path == saved.resolve()
    assert [c.name for c, _ in characters] == ["Sparky"]


def test_no_files_opens_the_window_on_a_new_encounter() -> None:
    assert gm_app.read_files([]) == (None, None, [])


def test_two_encounters_are_refused(tmp_path) -> None:
    one, two = tmp_path / "a.encounter", tmp_path / "b.encounter"
    for path in (one, two):
        save_encounter(path, new_encounter("pow", "x", seed=1))
    with pytest.raises(DocumentError, match="open one encounter at a time"):
        gm_app.read_files([str(one), str(two)])


def test_a_character_of_another_game_is_refused(party, tmp_path) -> None:
    other = tmp_path / "other.encounter"
    save_encounter(other, new_encounter("pow", "x", seed=1))
    data = json.loads(other.read_text(encoding="utf-8"))
    data["system"] = "gurps"
    other.write_text(json.dumps(data), encoding="utf-8")
    with pytest.raises(DocumentError, match="unknown game 'gurps'"):
        gm_app.read_files([str(other), str(party["sparky"])])


def test_main_opens_the_window_with_the_files(party, tmp_path, monkeypatch, qapp) -> None:
    class App:
        def exec(self) -> int:
            return 0

    import desktop.app

    monkeypatch.setattr(desktop.app, "create_application", lambda: App())
    saved = tmp_path / "ford.encounter"
    save_encounter(saved, new_encounter("pow", "Ford", seed=2))
    assert gm_app.main([str(saved), str(party["electrobabe"])]) == 0
    windows = [w for w in QApplication.topLevelWidgets()
               if isinstance(w, GmWindow) and w.isVisible()]
    assert len(windows) == 1
    window = windows[0]
    try:
        assert window.session.path == saved.resolve()
        assert list(window.encounter.fighters) == ["Electrobabe"]
        assert window.isWindowModified(), "the added character is not saved yet"
        assert load_encounter(saved).fighters == {}
    finally:
        window.prompts.unsaved = lambda _title: __import__(  # type: ignore[method-assign]
            "desktop.ui.prompts", fromlist=["Unsaved"]).Unsaved.DISCARD
        window.close()
        window.deleteLater()
