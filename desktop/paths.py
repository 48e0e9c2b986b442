"""Where the read-only data (resources/, forms/) and the user's folders are.

One rule serves every way Sheetdesk runs: a wheel or a PyInstaller bundle carries the
data folders as ``desktop/_data/<name>``; a checkout or an editable install has them at
the top of the source tree, beside the ``desktop`` package.
"""

from __future__ import annotations

import os
import sys
from functools import cache
from pathlib import Path

from desktop import APP_ID

_PACKAGE_DIR = Path(__file__).resolve().parent


@cache
def data_dir(name: str) -> Path:
    """The bundled data folder ``name`` ("resources" or "forms")."""
    for candidate in (_PACKAGE_DIR / "_data" / name, _PACKAGE_DIR.parent / name):
        if candidate.is_dir():
            return candidate
    raise FileNotFoundError(f"Sheetdesk's '{name}' folder is missing from this installation")


def resource(*parts: str) -> Path:
    """A file under resources/, e.g. ``resource("pow", "specials.json")``."""
    return data_dir("resources").joinpath(*parts)


def form(name: str) -> Path:
    """A Qt Designer form under forms/, e.g. ``form("pow_editor.ui")``."""
    return data_dir("forms") / name


def user_data_dir() -> Path:
    """Per-user data (libraries, autosaves); created on first use."""
    path = Path(os.environ.get("SHEETDESK_DATA_DIR") or platform_user_dir("data"))
    path.mkdir(parents=True, exist_ok=True)
    return path


def user_config_dir() -> Path:
    """Per-user settings; created on first use."""
    path = Path(os.environ.get("SHEETDESK_CONFIG_DIR") or platform_user_dir("config"))
    path.mkdir(parents=True, exist_ok=True)
    return path


def user_cache_dir() -> Path:
    """Per-user caches (what a run may throw away: parsed fonts, compiled methods);
    not created here, a cache creates its own folder when it first writes."""
    return Path(os.environ.get("SHEETDESK_CACHE_DIR") or platform_user_dir("cache"))


XDG_HOMES = {"data": ("XDG_DATA_HOME", "~/.local/share"),
             "config": ("XDG_CONFIG_HOME", "~/.config"),
             "cache": ("XDG_CACHE_HOME", "~/.cache")}
"""The XDG base directory of each kind of user folder, and its default under home."""


def platform_user_dir(kind: str) -> str:
    """``platformdirs.user_<kind>_dir(APP_ID)``: the folder this system keeps a user's
    ``kind`` ("data", "config" or "cache") of Sheetdesk in.

    On Linux it is the XDG base directory, worked out here as platformdirs works it out
    when the variable is unset or an absolute path and the home folder is absolute
    (tests/test_paths.py compares them): importing platformdirs took 2.5-3 ms of every
    start, and it ran ``tempfile``, with ``random`` and ``shutil`` (issue 17). Any other
    case, and every other system, asks platformdirs."""
    variable, default = XDG_HOMES[kind]
    if sys.platform == "linux" and "ANDROID_DATA" not in os.environ:
        given = os.environ.get(variable, "")
        if os.path.isabs(given):
            return os.path.join(given, APP_ID)
        if not given and os.path.isabs(os.environ.get("HOME", "")):
            return os.path.join(os.path.expanduser(default), APP_ID)
    import platformdirs

    return getattr(platformdirs, f"user_{kind}_dir")(APP_ID)
