"""PySide's stub writer is left unrun while a window command imports Qt, and runs in
full the first time something uses it (desktop.pyside_pyi)."""

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
