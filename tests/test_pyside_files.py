"""Shiboken's support files taken from the compile cache instead of unpacked from the
archive in its library (desktop.pyside_files, desktop.pyside_support.bootstrap_code)."""

from __future__ import annotations

import base64
import io
import sys
import zipfile

import pytest

from desktop import compile_cache, pyside_files, pyside_support

FILES = {
    "pkg/__init__.py": b"FROM = 'package'\n",
    "pkg/sub.py": b"from __future__ import annotations\nVALUE = 6 * 7\n",
}


def _archive_text(files: dict[str, bytes]) -> list[str]:
    """The files as shiboken embeds them: a zip archive in base64, cut in pieces."""
    buffer = io.BytesIO()
    with zipfile.ZipFile(buffer, "w", zipfile.ZIP_DEFLATED) as archive:
        for name, data in files.items():
            archive.writestr(name, data)
    text = base64.b64encode(buffer.getvalue()).decode("ascii")
    return [text[i:i + 100] for i in range(0, len(text), 100)]


@pytest.fixture
def kept(monkeypatch) -> dict[str, object]:
    """The compile cache's ``recall`` and ``keep``, over a dictionary (installing the
    cache itself in the test process would leave its hooks in ``dataclasses`` and
    ``typing`` for the tests after)."""
    store: dict[str, object] = {}
    monkeypatch.setattr(compile_cache, "recall",
                        lambda key, kind: store.get(key) if isinstance(store.get(key), kind)
                        else None)
    monkeypatch.setattr(compile_cache, "keep",
                        lambda key, value, write=True: store.__setitem__(key, value))
    return store


def test_the_archive_is_read_once_and_its_files_kept(kept, monkeypatch) -> None:
    parts = _archive_text(FILES)
    meta_path, importer = pyside_files.support_files(parts)
    assert meta_path is sys.meta_path and importer.files == FILES
    assert list(kept.values()) == [FILES]

    def unread(text: str) -> dict[str, bytes]:
        raise AssertionError("read again")

    monkeypatch.setattr(pyside_files, "_unpacked", unread)
    assert pyside_files.support_files(parts)[1].files == FILES
    other = _archive_text({**FILES, "pkg/sub.py": b"VALUE = 1\n"})  # another PySide
    with pytest.raises(AssertionError, match="read again"):
        pyside_files.support_files(other)


def test_its_importer_serves_the_files_as_shiboken_s_does(monkeypatch) -> None:
    importer = pyside_files.SupportFiles(FILES)
    monkeypatch.setattr(sys, "meta_path", [importer, *sys.meta_path])
    for name in ("pkg", "pkg.sub"):
        monkeypatch.delitem(sys.modules, name, raising=False)
    import pkg.sub  # type: ignore[import-not-found]

    package = sys.modules["pkg"]
    assert package.FROM == "package" and package.__path__ == []
    assert package.__file__ == "pkg/__init__.py" and package.__package__ == "pkg"
    assert pkg.sub.VALUE == 42 and pkg.sub.__package__ == "pkg"
    assert pkg.sub.__loader__ is importer and pkg.sub.__file__ == "pkg/sub.py"
    assert importer.find_spec("elsewhere", None) is None
    for name in ("pkg", "pkg.sub"):
        sys.modules.pop(name, None)


BOOTSTRAP = b"""
import sys
def prepare_zipfile():
    vzip = None
    return sys.meta_path, EmbeddableZipImporter(vzip)
class EmbeddableZipImporter:
    def __init__(self, vzip):
        self.vzip = vzip
"""


def _compile(source, filename, mode, flags):
    return compile(source, filename, mode, flags, True)


def _prepare(source: bytes):
    namespace = {"zipstring_sequence": _archive_text(FILES)}
    exec(pyside_support.bootstrap_code(source, pyside_support.BOOTSTRAP, 0, _compile),
         namespace)
    return namespace["prepare_zipfile"]()


def test_the_bootstrap_takes_its_files_from_the_cache(kept, monkeypatch) -> None:
    monkeypatch.delenv("SBK_EMBED", raising=False)
    assert _prepare(BOOTSTRAP)[1].files == FILES
    other = _prepare(BOOTSTRAP.replace(b"EmbeddableZipImporter(vzip)\n", b"Other(vzip)\n")
                     + b"class Other(EmbeddableZipImporter): pass\n")
    assert type(other[1]).__name__ == "Other"  # another bootstrap: left as it is
    monkeypatch.setenv("SBK_EMBED", "0")  # shiboken writes its files out: left as it is
    assert type(_prepare(BOOTSTRAP)[1]).__name__ == "EmbeddableZipImporter"


SHEETDESK_START = """
import json, os, sys
os.environ["SHEETDESK_CACHE_DIR"] = sys.argv[1]
from desktop import launch
launch.prepare()  # as sheetdesk starts
from desktop import compile_cache
with compile_cache.qt_start():  # as a window command imports Qt
    from PySide6 import QtWidgets
app = QtWidgets.QApplication([])
try:
    QtWidgets.QLabel().setText(5)  # shiboken's support files explain a wrong call
except TypeError as error:
    message = str(error)
compile_cache.save()
print(json.dumps({"zipfile_ran": type(sys.modules["zipfile"]).__name__ == "module",
                  "message": message.split(":")[0]}))
"""


def test_sheetdesk_reads_the_archive_on_its_first_start_only(tmp_path, child_json) -> None:
    first, second = (child_json(SHEETDESK_START, str(tmp_path)) for _ in range(2))
    assert first["zipfile_ran"] and not second["zipfile_ran"]
    assert first["message"] == second["message"] == (
        "'PySide6.QtWidgets.QLabel.setText' called with wrong argument types")
