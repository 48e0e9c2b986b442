"""Opening a file or the GM screen never makes PySide try every QWidget subclass
(issue 17).

PySide makes the Python object of a bare QWidget that a call returns *as a QWidget*
(``viewport()``, ``parentWidget()``, a loaded form's root) by trying every QWidget
subclass it knows, and the first time in a process that builds the Python classes of
some 60 of them (QWizard, QCalendarWidget, QMdiArea, ...) and their enums: ~4 ms of a
start. Windows reach bare widgets as QObjects until their first paint
(``desktop/ui/plain_widgets.py``); a class none of them uses being built by then shows
that something took the slow way.

Nor does it import what only other commands, tools or text need: ``argparse`` (the
command line's options; shiboken's stub writer imports it, ``desktop.pyside_support``),
``logging`` (the same) or the ``html`` package (its entity table; ``desktop.ui.rich_text``
escapes text).

Nor does opening a character with no findings build QStyle (its dozen enums, ~1 ms): the
side panel measures its scroll bar by the bar's own size hint, and the findings list
takes the style's icons only when a finding needs one.
"""

from __future__ import annotations

import pytest

from desktop.systems import SYSTEMS, get
from desktop.systems.book_data import BookData
from desktop.systems.files import load_character

NEVER_USED = ("QWizard", "QCalendarWidget", "QMdiArea", "QSplashScreen", "QLCDNumber")
"""QWidget subclasses no window uses: built only by PySide's search through them all."""
UNUSED_MODULES = ("argparse", "logging", "html")
"""Modules a window has no use for by its first paint."""

FIRST_PAINT = """
import json, os, sys
from desktop import launch
launch.prepare()
import desktop.cli as cli
from desktop import compile_cache
with compile_cache.qt_start():  # after prepare, as the launcher imports it
    from PySide6 import QtWidgets

WATCHED = {watched!r}
lazy = not any(name in vars(QtWidgets) for name in WATCHED)

def report():
    made = sorted(name for name in WATCHED if name in vars(QtWidgets))
    modules = sorted(name for name in {modules!r} if name in sys.modules)
    print(json.dumps({{"lazy": lazy, "made": made, "modules": modules}}), flush=True)
    os._exit(0)

launch.started = report  # the app calls it once the window is first painted
cli.main(sys.argv[1:])
"""


def _first_example(system: str) -> str:
    return str(next(iter(BookData(system).example_characters().values())))


def _first_paint(child_json, *args: str, watched: tuple[str, ...] = NEVER_USED,
                 modules: list[str] | None = None) -> list[str]:
    """Which of the ``watched`` QtWidgets classes exist when the window is first painted
    (and, into ``modules``, which of UNUSED_MODULES are imported by then)."""
    result = child_json(FIRST_PAINT.format(watched=watched, modules=UNUSED_MODULES), *args)
    if modules is not None:
        modules.extend(result["modules"])
    if not result["lazy"]:
        pytest.skip("this PySide builds every class at import")
    return result["made"]


@pytest.mark.slow
@pytest.mark.parametrize("system", sorted(SYSTEMS))
def test_a_double_clicked_file_is_painted_without_building_unused_widget_classes(
        system, child_json) -> None:
    modules: list[str] = []
    assert _first_paint(child_json, _first_example(system), modules=modules) == []
    assert modules == []


@pytest.mark.slow
@pytest.mark.parametrize("system", sorted(SYSTEMS))
def test_a_double_clicked_file_is_painted_without_the_picture_dialogs(system,
                                                                     child_json) -> None:
    """The picture box loads what turns a given picture into a portrait (images, the
    file dialog) when one is first given (``desktop.ui.widgets.pictures``), and an
    editor's dialogs build their classes when opened."""
    assert _first_paint(child_json, _first_example(system),
                        watched=("QFileDialog", "QDialog")) == []


@pytest.mark.slow
@pytest.mark.parametrize("with_file", [False, True], ids=["empty", "a character"])
def test_the_gm_screen_is_painted_without_building_unused_widget_classes(
        with_file, child_json) -> None:
    files = [_first_example("kruhl")] if with_file else []
    modules: list[str] = []
    assert _first_paint(child_json, "gm", *files, modules=modules) == []
    assert set(modules) <= {"argparse"}  # ``sheetdesk gm`` parses its options with it


@pytest.mark.slow
@pytest.mark.parametrize("system", sorted(SYSTEMS))
def test_a_character_without_findings_is_painted_without_qstyle(system, child_json) -> None:
    example = _first_example(system)
    assert not get(system).derive(load_character(example)).findings  # the case watched
    assert _first_paint(child_json, example, watched=("QStyle",)) == []
