"""The user's folders: the same as platformdirs gives, worked out without it on Linux."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import platformdirs
import pytest

from desktop import APP_ID, paths

REPO = Path(__file__).resolve().parents[1]
KINDS = ("data", "config", "cache")


@pytest.mark.parametrize("kind", KINDS)
@pytest.mark.parametrize("given", [None, "", "/srv/xdg/", "/tmp/x dg", "relative/xdg", "  "])
@pytest.mark.parametrize("home", ["/home/ana", "/home/ana/", "relative-home", None])
def test_each_user_folder_is_where_platformdirs_puts_it(monkeypatch, kind, given,
                                                        home) -> None:
    variable = paths.XDG_HOMES[kind][0]
    for name, value in ((variable, given), ("HOME", home)):
        if value is None:
            monkeypatch.delenv(name, raising=False)
        else:
            monkeypatch.setenv(name, value)
    expected = getattr(platformdirs, f"user_{kind}_dir")(APP_ID)
    assert paths.platform_user_dir(kind) == expected


@pytest.mark.skipif(sys.platform != "linux", reason="worked out without platformdirs on Linux")
def test_finding_the_folders_on_linux_imports_no_platformdirs(tmp_path) -> None:
    script = ("import sys\nfrom desktop import paths\n"
              "print(paths.user_cache_dir(), paths.user_config_dir(), paths.user_data_dir())\n"
              "print(sorted({'platformdirs', 'tempfile'} & set(sys.modules)))\n")
    environment = {key: value for key, value in os.environ.items()
                   if not key.startswith(("SHEETDESK_", "XDG_"))}
    environment.update(HOME=str(tmp_path), PYTHONPATH=str(REPO))
    done = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True,
                          env=environment, timeout=60, cwd=REPO)
    assert done.returncode == 0, done.stderr
    folders, imported = done.stdout.splitlines()
    assert folders.split() == [str(tmp_path / ".cache" / APP_ID),
                               str(tmp_path / ".config" / APP_ID),
                               str(tmp_path / ".local" / "share" / APP_ID)]
    assert imported == "[]"
