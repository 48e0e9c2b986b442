"""Settings kept between runs (window geometry, recent files), in the user config dir."""

from __future__ import annotations

from pathlib import Path

from PySide6.QtCore import QByteArray, QSettings

from desktop.paths import user_config_dir

MAX_RECENT = 10


class Settings:
    def __init__(self) -> None:
        self._store = QSettings(str(user_config_dir() / "settings.ini"),
                                QSettings.Format.IniFormat)

    def recent_files(self) -> list[Path]:
        value = self._store.value("recent_files", [])
        if isinstance(value, str):  # QSettings returns a lone entry as a plain string
            value = [value]
        return [Path(p) for p in value or []]

    def add_recent(self, path: Path) -> list[Path]:
        path = path.resolve()
        recent = [path] + [p for p in self.recent_files() if p != path]
        self._store.setValue("recent_files", [str(p) for p in recent[:MAX_RECENT]])
        return self.recent_files()

    def clear_recent(self) -> None:
        self._store.setValue("recent_files", [])

    def geometry(self) -> tuple[QByteArray | None, QByteArray | None]:
        return self._store.value("window/geometry"), self._store.value("window/state")

    def set_geometry(self, geometry: QByteArray, state: QByteArray) -> None:
        self._store.setValue("window/geometry", geometry)
        self._store.setValue("window/state", state)

    def value(self, key: str, default: str = "") -> str:
        return str(self._store.value(key, default))

    def set_value(self, key: str, value: str) -> None:
        self._store.setValue(key, value)

    def sync(self) -> None:
        self._store.sync()
