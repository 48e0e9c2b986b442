"""Modules held back until first use (desktop.held_modules): an import statement finds
them complete without running their body; the first name read runs it; the
``sheetdesk`` process holds back ``secrets``, which pydantic imports and never uses."""

from __future__ import annotations

import importlib
import sys
from pathlib import Path

import pytest

from desktop import held_modules

EXAMPLE = (Path(__file__).resolve().parents[1] / "resources" / "pow" / "characters"
           / "electrobabe.sheetdesk")

BODY = """
import builtins
builtins.held_module_runs = getattr(builtins, "held_module_runs", 0) + 1
VALUE = 42
"""


@pytest.fixture
def held(tmp_path, monkeypatch: pytest.MonkeyPatch):
    """A module ``held_example`` on the path, held back; forgotten afterwards."""
    import builtins

    (tmp_path / "held_example.py").write_text(BODY, encoding="utf-8")
    monkeypatch.syspath_prepend(str(tmp_path))
    monkeypatch.delitem(sys.modules, "held_example", raising=False)
    monkeypatch.setattr(builtins, "held_module_runs", 0, raising=False)
    held_modules.hold("held_example")
    yield sys.modules["held_example"]
    sys.modules.pop("held_example", None)


def test_an_import_finds_it_without_running_it(held) -> None:
    import builtins

    # (importlib's own import: in a process with Qt, PySide's ``__import__`` reads every
    # module it hands back, as the app's does not for modules imported before Qt)
    module = importlib.import_module("held_example")
    assert module is held and module.__spec__.name == "held_example"
    assert module.__file__.endswith("held_example.py")
    assert builtins.held_module_runs == 0


def test_the_first_name_read_runs_it_once(held) -> None:
    import builtins

    from held_example import VALUE  # a name the module lacks until its body runs

    assert VALUE == 42 and held.VALUE == 42
    assert builtins.held_module_runs == 1 and type(held).__name__ == "module"
    with pytest.raises(AttributeError, match="no_such_name"):
        _ = held.no_such_name
    assert builtins.held_module_runs == 1


def test_a_body_that_fails_leaves_it_unimported(tmp_path, monkeypatch) -> None:
    (tmp_path / "held_broken.py").write_text("VALUE = 1 / 0\n", encoding="utf-8")
    monkeypatch.syspath_prepend(str(tmp_path))
    monkeypatch.delitem(sys.modules, "held_broken", raising=False)
    held_modules.hold("held_broken")
    with pytest.raises(ZeroDivisionError):
        importlib.import_module("held_broken").VALUE  # noqa: B018
    assert "held_broken" not in sys.modules  # as after a failed import


def test_a_module_already_imported_or_missing_is_left_alone() -> None:
    before = sys.modules["json"]
    held_modules.hold("json")
    held_modules.hold("no_such_module_anywhere")
    assert sys.modules["json"] is before and "no_such_module_anywhere" not in sys.modules


PREPARED = r"""
import json, sys
from desktop import launch
launch.prepare()
from desktop.systems.files import load_character
load_character(sys.argv[1])
from desktop import paths
paths.user_cache_dir()
import shutil, tempfile, zipfile, pathlib  # what imports them: they stay held
from desktop.model.dice import Roller
roller = Roller()  # as an editor's check panel has one from the start
seeded = Roller(7)
loaded = sorted({"hmac", "hashlib", "_hashlib", "_compression", "_bz2", "_lzma", "_random",
                 "_sha512"} & set(sys.modules))
held = {name: type(sys.modules[name]).__name__
        for name in ("secrets", "bz2", "lzma", "ntpath", "traceback", "tempfile", "shutil",
                     "random")}
import pydantic
same = pydantic.SecretStr("table") == pydantic.SecretStr("table")  # secrets.compare_digest
other = pydantic.SecretStr("table") == pydantic.SecretStr("chair")
import bz2, lzma, ntpath, traceback
from desktop.model import storage
with tempfile.TemporaryDirectory() as folder:  # a save: tempfile's and shutil's first use
    saved = pathlib.Path(folder, "a.sheetdesk")
    storage.atomic_write_text(saved, "one")
    storage.atomic_write_text(saved, "two")
    texts = [saved.read_text(), storage.backup_path(saved).read_text()]
works = [texts == ["two", "one"],
         bz2.decompress(bz2.compress(b"dice")) == b"dice",
         lzma.decompress(lzma.compress(b"dice")) == b"dice",
         ntpath.join("C:\\sheets", "a.pdf") == "C:\\sheets\\a.pdf",
         "".join(traceback.format_exception_only(ValueError("x"))) == "ValueError: x\n",
         len(sys.modules["secrets"].token_hex(4)) == 8,
         1 <= roller.throw(1, 6).total <= 6,
         seeded.throw(3, 6).faces == (3, 2, 4)]  # the faces seed 7 always gave
print(json.dumps({"loaded": loaded, "held": held, "same": same, "other": other,
                  "after": sorted({type(sys.modules[name]).__name__ for name in held}),
                  "works": works}))
"""


@pytest.mark.slow
def test_the_process_holds_back_what_the_start_imports_and_never_uses(child_json) -> None:
    seen = child_json(PREPARED, str(EXAMPLE))
    assert seen["loaded"] == []
    assert set(seen["held"].values()) == {"_NotYetRun"}
    # and once used, each is the standard module
    assert seen["same"] and not seen["other"]
    assert seen["after"] == ["module"] and all(seen["works"])
