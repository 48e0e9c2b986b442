"""Sheetdesk uses every library through its public, documented API.

An AST walk over ``desktop/`` finds code that patches or reaches into another project:
an assignment to (or ``setattr`` on) an attribute of a module or class imported from
outside ``desktop``, a write to ``sys.modules``, ``sys.setdlopenflags``, and an import
of a private module or name of another package. Documented hooks set as documented are
allowed (``ALLOWED``).
"""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

PACKAGE = Path(__file__).resolve().parents[1] / "desktop"
OWN = "desktop"
ALLOWED = ("sys.excepthook", "sys.unraisablehook", "threading.excepthook", "rl_config.",
           "os.environ")
"""Documented hooks and settings, meant to be assigned."""
SYS_MODULE_WRITES = ("sys.modules.setdefault", "sys.modules.update", "sys.modules.pop",
                     "sys.setdlopenflags")


def _private(dotted: str) -> bool:
    return any(part.startswith("_") and not (part.startswith("__") and part.endswith("__"))
               for part in dotted.split("."))


def _foreign_names(tree: ast.AST, where: str, found: list[str]) -> set[str]:
    """The local names bound to other projects' modules and objects; private imports
    are reported into ``found``."""
    foreign: set[str] = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            for alias in node.names:
                if alias.name.split(".")[0] != OWN:
                    foreign.add((alias.asname or alias.name).split(".")[0])
                    if _private(alias.name):
                        found.append(f"{where}:{node.lineno}: imports private {alias.name}")
        elif isinstance(node, ast.ImportFrom) and node.level == 0 and node.module:
            if node.module.split(".")[0] == OWN:
                continue
            if _private(node.module):
                found.append(f"{where}:{node.lineno}: imports from private {node.module}")
            for alias in node.names:
                foreign.add(alias.asname or alias.name)
                if alias.name != "*" and _private(alias.name):
                    found.append(f"{where}:{node.lineno}: imports private {alias.name} "
                                 f"from {node.module}")
    return foreign


def _root(node: ast.expr) -> ast.expr:
    while isinstance(node, (ast.Attribute, ast.Subscript)):
        node = node.value
    return node


def problems(source: str, where: str) -> list[str]:
    """What in ``source`` patches or reaches into another project's internals."""
    tree = ast.parse(source)
    found: list[str] = []
    foreign = _foreign_names(tree, where, found)
    for node in ast.walk(tree):
        targets: list[ast.expr] = []
        if isinstance(node, ast.Assign):
            targets = list(node.targets)
        elif isinstance(node, (ast.AugAssign, ast.AnnAssign)):
            targets = [node.target]
        elif isinstance(node, ast.Delete):
            targets = list(node.targets)
        for target in targets:
            text = ast.unparse(target)
            if text.startswith("sys.modules"):
                found.append(f"{where}:{node.lineno}: writes sys.modules")
            elif isinstance(target, ast.Attribute):
                root = _root(target)
                if (isinstance(root, ast.Name) and root.id in foreign
                        and not text.startswith(ALLOWED)):
                    found.append(f"{where}:{node.lineno}: assigns {text}")
        if isinstance(node, ast.Call):
            called = ast.unparse(node.func)
            if called in SYS_MODULE_WRITES:
                found.append(f"{where}:{node.lineno}: calls {called}")
            if (called in ("setattr", "delattr") and node.args
                    and isinstance(node.args[0], ast.Name) and node.args[0].id in foreign):
                found.append(f"{where}:{node.lineno}: {called} on {node.args[0].id}")
    return found


def test_no_code_in_the_package_patches_or_reaches_into_other_projects() -> None:
    found = [problem for path in sorted(PACKAGE.rglob("*.py"))
             for problem in problems(path.read_text(encoding="utf-8"),
                                     str(path.relative_to(PACKAGE.parent)))]
    assert found == []


@pytest.mark.parametrize("source", [
    "import enum\nenum.EnumType._create_ = staticmethod(len)",
    "from re import _compiler",
    "import _sre",
    "from pydantic._internal import _fields",
    "import sys\nsys.modules['x'] = object()",
    "import sys\nsys.modules.setdefault('x', object())",
    "import sys, os\nsys.setdlopenflags(os.RTLD_LAZY)",
    "import builtins\nbuiltins.compile = len",
    "from reportlab.lib import rl_accel\nrl_accel.fp_str = str",
    "import typing\nsetattr(typing, 'compile', len)",
    "from PySide6.QtWidgets import QWidget\nQWidget.parentWidget = QWidget.parent",
])
def test_each_kind_of_patch_is_found(source: str) -> None:
    assert problems(source, "example.py")


@pytest.mark.parametrize("source", [
    "import sys\nsys.excepthook = print",
    "import os\nos.environ['QT_QPA_PLATFORM'] = 'offscreen'",
    "from reportlab import rl_config\nrl_config.invariant = 1",
    "from desktop.model import dice\ndice.x = 1",
    "class A:\n    def f(self):\n        self.x = 1",
    "import gc\ngc.set_threshold(1000)",
])
def test_documented_hooks_and_our_own_objects_are_allowed(source: str) -> None:
    assert problems(source, "example.py") == []
