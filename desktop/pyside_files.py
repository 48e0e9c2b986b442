"""Shiboken's support files taken from the compile cache, not unpacked from its archive.

Shiboken ships the Python half of its signature support as a zip archive inside its
library, in base64 text. Each start decodes it, reads it with ``zipfile`` (which
imports ``zlib`` and a code page) and inflates the files it imports: 1.5-2 ms of every
window's start (issue 17). ``desktop.pyside_support`` has shiboken's bootstrap call
``support_files`` for it instead, which keeps the files, read once, in the compile
cache's file (``desktop.compile_cache``) under the length and CRC of the archive's text,
and serves them as shiboken's own importer does (``SupportFiles``). ``zipfile`` is then
held back (``desktop.held_modules``) and runs only in a run that reads the archive.
"""

from __future__ import annotations

import sys
from importlib.machinery import ModuleSpec
from types import ModuleType
from typing import Any

from desktop import compile_cache

KEY = "shiboken-files:1:{length}:{crc}"


def support_files(parts: list[str]) -> tuple[list[Any], SupportFiles]:
    """What shiboken's ``prepare_zipfile`` returns: where its importer goes (the meta
    path) and the importer, for the archive whose base64 text is ``parts`` joined."""
    from binascii import crc32  # imported by the bootstrap's base64 already

    text = "".join(parts)
    key = KEY.format(length=len(text), crc=crc32(text.encode("ascii")))
    files = compile_cache.recall(key, dict)
    if files is None:
        files = _unpacked(text)
        compile_cache.keep(key, files)
    return sys.meta_path, SupportFiles(files)


def _unpacked(text: str) -> dict[str, bytes]:
    """The files of the archive, by name, as shiboken reads them."""
    import base64
    import io
    import zipfile

    with zipfile.ZipFile(io.BytesIO(base64.b64decode(text))) as archive:
        return {name: archive.read(name) for name in archive.namelist()
                if name.endswith(".py")}


def _module_name(filename: str) -> str:
    if filename.endswith("/__init__.py"):
        return filename[:-len("/__init__.py")].replace("/", ".")
    return filename[:-len(".py")].replace("/", ".")


class SupportFiles:
    """Shiboken's importer of its support files (``EmbeddableZipImporter``), over the
    files already read. Each is compiled with the builtin ``compile`` of the moment:
    ``desktop.compile_cache.qt_start``'s, while Qt is imported."""

    def __init__(self, files: dict[str, bytes]) -> None:
        self.files = files
        self._filenames = {_module_name(name): name for name in files}

    def find_spec(self, fullname: str, path: Any, target: Any = None) -> ModuleSpec | None:
        return ModuleSpec(fullname, self) if fullname in self._filenames else None

    def create_module(self, spec: ModuleSpec) -> None:
        return None

    def exec_module(self, module: ModuleType) -> None:
        fullname = module.__spec__.name
        filename = self._filenames[fullname]
        exec(compile(self.files[filename], filename, "exec"), module.__dict__)
        module.__file__ = filename
        module.__loader__ = self
        if filename.endswith("/__init__.py"):
            module.__path__ = []
            module.__package__ = fullname
        else:
            module.__package__ = fullname.rpartition(".")[0]
        sys.modules[fullname] = module
