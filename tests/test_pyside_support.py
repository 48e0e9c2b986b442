"""Most of PySide's signature support (the stub writer, the signature parser and
mapping, the error messages) is left unrun while a window command imports Qt, and runs
in full the first time something uses it (desktop.pyside_support)."""

from __future__ import annotations

import pytest

QT_START = """
import json, sys
from pathlib import Path
from desktop import compile_cache
if sys.argv[1] != "-":
    compile_cache.install(Path(sys.argv[1]))
with compile_cache.qt_start():
    from PySide6 import QtWidgets
name = "PySide6.support.signature.lib.pyi_generator"
writer = sys.modules[name]
before = {"argparse": "argparse" in sys.modules, "logging": "logging" in sys.modules,
          "same": sys.modules["shibokensupport.signature.lib.pyi_generator"] is writer,
          "spec": writer.__spec__.name, "file": writer.__file__}
generate = writer.generate_pyi  # its first use
after = {"argparse": "argparse" in sys.modules, "logging": "logging" in sys.modules,
         "class": type(writer).__name__, "spec": writer.__spec__.name,
         "generate": generate.__module__, "formatter": hasattr(writer, "Formatter"),
         "parameters": list(__import__("inspect").signature(generate).parameters)}
try:
    writer.no_such_name
except AttributeError as exc:
    after["missing"] = str(exc)
print(json.dumps({"before": before, "after": after}))
"""

SUPPORT = """
import json, sys
from pathlib import Path
from desktop import compile_cache
if sys.argv[1] != "-":
    compile_cache.install(Path(sys.argv[1]))
with compile_cache.qt_start():
    from PySide6 import QtWidgets
    if sys.argv[2] == "during":  # a wrong call while Qt is still being imported
        try:
            QtWidgets.QWidget.resize(1, 2, 3, 4)
        except TypeError:
            pass
names = ("parser", "layout", "errorhandler", "lib.tool", "lib.enum_sig")
held = sorted(name for name in names if type(sys.modules[
    "shibokensupport.signature." + name]).__name__ == "_NotYetRun")
app = QtWidgets.QApplication([])
try:  # a wrong call: its message is written by the support modules
    QtWidgets.QLabel().setText(42)
except TypeError as exc:
    message = str(exc)
from shibokensupport.signature import get_signature
signature = str(get_signature(QtWidgets.QLabel.setText))
doc = QtWidgets.QLabel.setText.__doc__
print(json.dumps({"held": held, "message": message, "signature": signature, "doc": doc,
                  "ran": sorted(name for name in names if type(sys.modules[
                      "shibokensupport.signature." + name]).__name__ == "module")}))
"""


@pytest.mark.slow
def test_the_stub_writer_runs_on_first_use_only(tmp_path, child_json) -> None:
    cache = str(tmp_path / "methods.marshal")
    held, plain = child_json(QT_START, cache), child_json(QT_START, "-")
    assert held["before"] == {"argparse": False, "logging": False, "same": True,
                              "spec": "PySide6.support.signature.lib.pyi_generator",
                              "file": "shibokensupport/signature/lib/pyi_generator.py"}
    # once used, it is the module shiboken would have made at once
    assert held["after"] == plain["after"]
    assert held["after"]["argparse"] and held["after"]["logging"]
    assert held["after"]["class"] == "module" and held["after"]["formatter"]
    assert held["after"]["parameters"] == ["import_name", "outpath", "options"]
    assert "no_such_name" in held["after"]["missing"]
    assert plain["before"]["argparse"]  # what it saves: without the cache, as before


@pytest.mark.slow
@pytest.mark.parametrize("first_use", ["after", "during"])
def test_the_signature_support_runs_on_first_use(tmp_path, child_json, first_use) -> None:
    """Held while Qt is imported; a wrong call's message and a Qt function's signature
    and help text are what they are without holding, and a first use while Qt is still
    being imported works too."""
    cache = str(tmp_path / "methods.marshal")
    held, plain = (child_json(SUPPORT, cache, first_use),
                   child_json(SUPPORT, "-", first_use))
    everything = ["errorhandler", "layout", "lib.enum_sig", "lib.tool", "parser"]
    assert plain["held"] == []
    if first_use == "after":
        assert held["held"] == everything
    assert "setText" in held["message"] and held["message"] == plain["message"]
    assert held["signature"] == plain["signature"] == "(self, arg__1: str, /) -> None"
    assert held["doc"] == plain["doc"] == "setText(self, arg__1: str, /) -> None"
    assert set(held["ran"]) >= {"errorhandler", "parser", "layout"}
