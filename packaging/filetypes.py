"""Sheetdesk's document types, read from ``filetypes.json`` beside this file.

The PyInstaller spec builds the macOS ``Info.plist`` entries from here, and
``tests/test_packaging.py`` checks every other platform file against it (the Linux
desktop entries and MIME types, the AppStream metainfo, the Windows Inno Setup script).
Standard library only: the spec runs it inside PyInstaller.
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from pathlib import Path
from typing import Any

HERE = Path(__file__).resolve().parent


@dataclass(frozen=True)
class FileType:
    extension: str
    """Without the dot: ``sheetdesk``."""
    mime: str
    format: str
    """The ``"format"`` tag at the start of such a file."""
    description: str
    uti: str
    progid: str
    desktop_entry: str
    """The Linux desktop entry that opens it."""
    arguments: tuple[str, ...]
    """What goes between the program and the file: ``("gm",)`` opens the GM screen."""
    role: str

    @property
    def icon_name(self) -> str:
        """The freedesktop icon name: the MIME type with '-' for '/'."""
        return self.mime.replace("/", "-")


def load(path: Path = HERE / "filetypes.json") -> tuple[str, tuple[FileType, ...]]:
    """The app id and the document types."""
    data = json.loads(path.read_text(encoding="utf-8"))
    types = tuple(FileType(**{**t, "arguments": tuple(t["arguments"])}) for t in data["types"])
    return data["app_id"], types


def mac_plist() -> dict[str, Any]:
    """``Info.plist`` keys: one exported UTI per type and the app's document types."""
    _, types = load()
    return {
        "UTExportedTypeDeclarations": [{
            "UTTypeIdentifier": t.uti,
            "UTTypeDescription": t.description,
            "UTTypeConformsTo": ["public.json", "public.data"],
            "UTTypeTagSpecification": {
                "public.filename-extension": [t.extension],
                "public.mime-type": [t.mime],
            },
        } for t in types],
        "CFBundleDocumentTypes": [{
            "CFBundleTypeName": t.description,
            "CFBundleTypeRole": t.role,
            "LSHandlerRank": "Owner",
            "LSItemContentTypes": [t.uti],
        } for t in types],
    }


def inno_registry(exe: str = "{app}\\sheetdesk.exe") -> list[str]:
    """The ``[Registry]`` lines of the Inno Setup script: for each type an extension key
    naming its ProgID, and the ProgID's name, icon and open command."""
    root = 'Root: HKA; Subkey: "Software\\Classes'
    lines: list[str] = []
    for t in types_only():
        args = "".join(f"{a} " for a in t.arguments)
        lines += [
            f'{root}\\.{t.extension}\\OpenWithProgids"; ValueType: string; '
            f'ValueName: "{t.progid}"; ValueData: ""; Flags: uninsdeletevalue',
            f'{root}\\{t.progid}"; ValueType: string; ValueName: ""; '
            f'ValueData: "{t.description}"; Flags: uninsdeletekey',
            f'{root}\\{t.progid}\\DefaultIcon"; ValueType: string; ValueName: ""; '
            f'ValueData: "{exe},0"',
            f'{root}\\{t.progid}\\shell\\open\\command"; ValueType: string; ValueName: ""; '
            f'ValueData: """{exe}"" {args}""%1"""',
        ]
    return lines


def types_only() -> tuple[FileType, ...]:
    return load()[1]


if __name__ == "__main__":  # the Inno Setup [Registry] lines, for windows/sheetdesk.iss
    print("\n".join(inno_registry()))
