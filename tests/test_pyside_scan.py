"""PySide's look at each module imported after Qt, kept between runs (desktop.pyside_scan)."""

from __future__ import annotations

import atexit
import importlib
import sys
from pathlib import Path
from types import ModuleType

import pytest

from desktop import compile_cache, pyside_scan

REPO = Path(__file__).resolve().parents[1]


class Asked:
    """PySide's question, answered the way it answers it, counting the files it reads."""

    def __init__(self) -> None:
        self.read: list[str] = []

    def __call__(self, module: ModuleType) -> bool:
        path = getattr(module, "__file__", None)
        if path is None:
            return False
        self.read.append(path)
        return "PySide6" in Path(path).read_text(encoding="utf-8")


@pytest.fixture
def run(tmp_path):
    """A process's first and later runs: the cache read anew from its file each time."""
    def start() -> tuple[Asked, object]:
        module = importlib.reload(compile_cache)
        module.install(tmp_path / "cache.marshal")
        atexit.unregister(module.save)
        asked = Asked()
        return asked, pyside_scan._kept(asked)

    yield start
    importlib.reload(compile_cache)


def _module(path: Path, text: str) -> ModuleType:
    path.write_text(text, encoding="utf-8")
    module = ModuleType(path.stem)
    module.__file__ = str(path)
    return module


def test_a_file_is_read_once_and_answered_alike_on_later_runs(run, tmp_path) -> None:
    qt = _module(tmp_path / "qt_user.py", "from PySide6.QtCore import Qt\n")
    plain = _module(tmp_path / "plain.py", "import json\n")
    asked, uses = run()
    assert (uses(qt), uses(plain)) == (True, False)
    assert asked.read == [qt.__file__, plain.__file__]
    compile_cache.save()
    asked, uses = run()
    assert (uses(qt), uses(plain)) == (True, False)
    assert asked.read == []


def test_an_edited_file_is_read_again(run, tmp_path) -> None:
    module = _module(tmp_path / "edited.py", "import json\n")
    asked, uses = run()
    assert uses(module) is False
    compile_cache.save()
    _module(tmp_path / "edited.py", "import json\nimport PySide6\n")
    asked, uses = run()
    assert uses(module) is True
    assert asked.read == [module.__file__]


@pytest.mark.parametrize("file", [None, "compiled.so", "gone.py"])
def test_a_module_without_a_source_file_of_its_own_is_asked_every_time(run, tmp_path,
                                                                       file) -> None:
    module = ModuleType("elsewhere")
    if file is not None:
        module.__file__ = str(tmp_path / file)
    seen: list[ModuleType] = []

    def check(found: ModuleType) -> bool:
        seen.append(found)
        return False

    run()
    uses = pyside_scan._kept(check)
    assert uses(module) is False and uses(module) is False
    assert seen == [module, module]


def test_a_damaged_answer_is_asked_again(run, tmp_path) -> None:
    module = _module(tmp_path / "damaged.py", "import PySide6\n")
    run()
    key = pyside_scan._key(module)
    assert key is not None
    compile_cache.keep(key, "yes")  # not a bool
    compile_cache.save()
    asked, uses = run()
    assert uses(module) is True
    assert asked.read == [module.__file__]


def test_install_changes_nothing_where_pyside_asks_otherwise(run, monkeypatch) -> None:
    feature = ModuleType(pyside_scan.FEATURE)
    monkeypatch.setitem(sys.modules, pyside_scan.FEATURE, feature)
    run()
    pyside_scan.install()
    assert not hasattr(feature, pyside_scan.CHECK)


def test_install_changes_nothing_without_the_compile_cache(monkeypatch) -> None:
    feature = ModuleType(pyside_scan.FEATURE)
    feature._mod_uses_pyside = check = Asked()  # type: ignore[attr-defined]
    monkeypatch.setitem(sys.modules, pyside_scan.FEATURE, feature)
    importlib.reload(compile_cache)
    pyside_scan.install()
    assert feature._mod_uses_pyside is check  # type: ignore[attr-defined]


QT_START = """
import json, sys
from pathlib import Path
from desktop import compile_cache, launch  # as sheetdesk starts, before Qt
import shiboken6
feature = sys.modules["shibokensupport.feature"]
check = feature._mod_uses_pyside
read = []
def counted(module):
    read.append(module.__name__)
    return check(module)
feature._mod_uses_pyside = counted
if sys.argv[1] != "-":
    compile_cache.install(Path(sys.argv[1]))
with compile_cache.qt_start():
    from desktop.app import main  # Qt, then desktop.ui and what the app imports
import desktop.ui
desktop.ui.pyside_scan.install()  # once is enough: no second wrapper
from desktop.systems.kruhl.editor import editor  # an editor after the window
compile_cache.save()
own = [name for name in read if name.startswith(("desktop", "typing"))]
print(json.dumps({"answers": dict(feature.pyside_feature_dict), "read": own}))
"""


@pytest.mark.slow
def test_qt_gets_the_same_answers_from_the_cache_without_reading_the_files(tmp_path,
        child_json) -> None:
    cache = str(tmp_path / "cache.marshal")
    first, second, plain = (child_json(QT_START, c) for c in (cache, cache, "-"))
    answers = plain["answers"]
    assert first["answers"] == answers
    # a warm start may ask about a few more standard modules (imported later than
    # when it compiled), and answers the same about every one
    assert second["answers"].items() >= answers.items()
    assert answers["desktop.ui.main_window"] == 0 and answers["typing"] == -1
    assert answers["desktop.systems.kruhl.editor.check_panel"] == 0
    assert answers["desktop.ui"] == -1  # the package's own file names no PySide6
    assert {"desktop.ui.main_window", "typing"} <= set(first["read"])
    # only what desktop.app imports before desktop.ui (two small files) is read again
    assert set(second["read"]) <= {"desktop", "desktop.paths"}



SHEETDESK_START = """
import json, os, sys
os.environ["SHEETDESK_CACHE_DIR"] = sys.argv[1]
from desktop import launch
launch.prepare()  # as sheetdesk starts
from desktop import compile_cache
import inspect
read = []
source = inspect.getsource
def counted(found):
    text = source(found)  # a module without a source file raises (and reads none)
    read.append(found.__name__)
    return text
inspect.getsource = counted  # what PySide's question reads a module's source with
with compile_cache.qt_start():  # as a window command imports Qt
    import PySide6.QtWidgets  # shiboken asks about every module from here on
    import types, os, inspect, desktop  # each asked about as imported here
feature = sys.modules["shibokensupport.feature"]
compile_cache.save()
names = ("types", "os", "inspect", "desktop", "PySide6")
print(json.dumps({
    "kept": getattr(feature._mod_uses_pyside, "kept", False),
    "answers": {name: feature.pyside_feature_dict.get(name) for name in names},
    "read": read}))
"""


@pytest.mark.slow
def test_sheetdesk_answers_from_the_cache_from_the_moment_pyside_asks(tmp_path,
                                                                       child_json) -> None:
    """While Qt is still being imported, PySide asks about every module an import
    statement hands back (PySide's own, ``types``, ``os``): the answers are kept from
    its first question on, so that a later start reads no source file for them; and
    they are PySide's own."""
    first, second = (child_json(SHEETDESK_START, str(tmp_path)) for _ in range(2))
    assert first["kept"] and second["kept"]
    assert second["answers"] == first["answers"] == {
        "types": -1, "os": -1, "inspect": -1, "desktop": -1, "PySide6": 0}
    assert {"types", "os", "inspect", "desktop", "PySide6"} <= set(first["read"])
    assert second["read"] == []
