"""The data folders and the user's folders."""

from __future__ import annotations

import platformdirs
import pytest

from desktop import APP_ID, paths

FOLDERS = [("SHEETDESK_DATA_DIR", paths.user_data_dir, platformdirs.user_data_dir),
           ("SHEETDESK_CONFIG_DIR", paths.user_config_dir, platformdirs.user_config_dir),
           ("SHEETDESK_CACHE_DIR", paths.user_cache_dir, platformdirs.user_cache_dir)]


@pytest.mark.parametrize(("variable", "ours", "theirs"), FOLDERS)
def test_each_user_folder_is_the_platforms_unless_a_variable_names_one(
        monkeypatch, tmp_path, variable, ours, theirs) -> None:
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path / "xdg-data"))
    monkeypatch.setenv("XDG_CONFIG_HOME", str(tmp_path / "xdg-config"))
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path / "xdg-cache"))
    monkeypatch.delenv(variable, raising=False)
    assert str(ours()) == theirs(APP_ID)
    monkeypatch.setenv(variable, str(tmp_path / "given"))
    assert ours() == tmp_path / "given"


def test_the_data_folders_are_found() -> None:
    assert paths.resource("pow").is_dir()
    assert paths.form("pow_editor.ui").is_file()
    with pytest.raises(FileNotFoundError, match="missing"):
        paths.data_dir("no-such-folder")
