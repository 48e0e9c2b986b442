"""Where the read-only data (resources/, forms/) and the user's folders are.

One rule serves every way Sheetdesk runs: a wheel or a PyInstaller bundle carries the
data folders as ``desktop/_data/<name>``; a checkout or an editable install has them at
the top of the source tree, beside the ``desktop`` package. The user's folders are the
platform's (platformdirs), unless the ``SHEETDESK_*_DIR`` variables name others.
"""

from __future__ import annotations

import os
from functools import cache
from pathlib import Path

import platformdirs

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
    path = Path(os.environ.get("SHEETDESK_DATA_DIR") or platformdirs.user_data_dir(APP_ID))
    path.mkdir(parents=True, exist_ok=True)
    return path


def user_config_dir() -> Path:
    """Per-user settings; created on first use."""
    path = Path(os.environ.get("SHEETDESK_CONFIG_DIR")
                or platformdirs.user_config_dir(APP_ID))
    path.mkdir(parents=True, exist_ok=True)
    return path


def user_cache_dir() -> Path:
    """Per-user caches (what a run may throw away); not created here."""
    return Path(os.environ.get("SHEETDESK_CACHE_DIR") or platformdirs.user_cache_dir(APP_ID))
