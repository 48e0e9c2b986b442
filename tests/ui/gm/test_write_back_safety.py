"""Write back only to a file added from that path in this session, after confirmation:
an encounter file cannot make the GM screen replace any file it names."""

from __future__ import annotations

import json
import shutil

from desktop.systems import get
from desktop.systems.encounters import new_encounter, save_encounter
from desktop.systems.files import load_character
from tests.ui.gm.conftest import EXAMPLES, open_gm


def _close(window, prompts) -> None:
    prompts.unsaved_answers.clear()
    window.close()
    window.deleteLater()


def test_a_path_named_by_an_encounter_file_is_never_written(qtbot, gm_prompts, tmp_path):
    victim = tmp_path / "elsewhere" / "precious.txt"
    victim.parent.mkdir()
    victim.write_text("not a character", encoding="utf-8")
    relative = tmp_path / "fight" / "ann.sheetdesk"
    relative.parent.mkdir()
    hero = get("pow").new_character("Ann")
    fight = new_encounter("pow", "Trap", seed=1).add_character(hero, path=str(victim))
    fight = fight.add_character(get("pow").new_character("Bo"), path="ann.sheetdesk")
    saved = tmp_path / "fight" / "trap.encounter"
    save_encounter(saved, fight)
    window = open_gm(qtbot, gm_prompts)
    try:
        assert window.files.open_path(saved)
        assert not window.sources.write_back("Ann")
        assert not window.sources.write_back("Bo")
        assert victim.read_text(encoding="utf-8") == "not a character"
        assert not relative.exists()
        assert [title for title, _ in gm_prompts.warnings] == ["Cannot write back"] * 2
        assert gm_prompts.confirmed == []  # refused before asking
    finally:
        _close(window, gm_prompts)


def test_a_file_added_in_this_session_is_written_after_confirmation(qtbot, gm_prompts,
                                                                   tmp_path):
    path = tmp_path / "sparky.sheetdesk"
    shutil.copyfile(EXAMPLES / "sparky.sheetdesk", path)
    before = path.read_bytes()
    window = open_gm(qtbot, gm_prompts)
    try:
        gm_prompts.character_files = [path]
        assert window.add_files()
        gm_prompts.confirm_answer = False
        assert not window.sources.write_back("Sparky")
        assert path.read_bytes() == before and len(gm_prompts.confirmed) == 1
        gm_prompts.confirm_answer = True
        assert window.sources.write_back("Sparky")
        assert load_character(path).name == "Sparky"
        assert json.loads(path.read_text(encoding="utf-8"))["format"] == (
            "sheetdesk.character")
    finally:
        _close(window, gm_prompts)
