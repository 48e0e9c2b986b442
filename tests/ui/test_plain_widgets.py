"""Opening a file or the GM screen never makes PySide try every QWidget subclass
(issue 17).

PySide makes the Python object of a bare QWidget that a call returns *as a QWidget*
(``viewport()``, ``parentWidget()``, a loaded form's root) by trying every QWidget
subclass it knows, and the first time in a process that builds the Python classes of
some 60 of them (QWizard, QCalendarWidget, QMdiArea, ...) and their enums: ~4 ms of a
start. Windows reach bare widgets as QObjects until their first paint
(``desktop/ui/plain_widgets.py``); a class none of them uses being built by then shows
that something took the slow way.

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

FIRST_PAINT = """
import json, os, sys
from desktop import launch
launch.prepare()
import desktop.cli as cli
from PySide6 import QtWidgets  # after prepare, as the launcher imports it

WATCHED = {watched!r}
lazy = not any(name in vars(QtWidgets) for name in WATCHED)

def report():
    made = sorted(name for name in WATCHED if name in vars(QtWidgets))
    print(json.dumps({{"lazy": lazy, "made": made}}), flush=True)
    os._exit(0)

launch.started = report  # the app calls it once the window is first painted
cli.main(sys.argv[1:])
"""


def _first_example(system: str) -> str:
    return str(next(iter(BookData(system).example_characters().values())))


def _first_paint(child_json, *args: str, watched: tuple[str, ...] = NEVER_USED) -> list[str]:
    """Which of the ``watched`` QtWidgets classes exist when the window is first painted."""
    result = child_json(FIRST_PAINT.format(watched=watched), *args)
    if not result["lazy"]:
        pytest.skip("this PySide builds every class at import")
    return result["made"]


@pytest.mark.slow
@pytest.mark.parametrize("system", sorted(SYSTEMS))
def test_a_double_clicked_file_is_painted_without_building_unused_widget_classes(
        system, child_json) -> None:
    assert _first_paint(child_json, _first_example(system)) == []


@pytest.mark.slow
@pytest.mark.parametrize("with_file", [False, True], ids=["empty", "a character"])
def test_the_gm_screen_is_painted_without_building_unused_widget_classes(
        with_file, child_json) -> None:
    files = [_first_example("kruhl")] if with_file else []
    assert _first_paint(child_json, "gm", *files) == []


@pytest.mark.slow
@pytest.mark.parametrize("system", sorted(SYSTEMS))
def test_a_character_without_findings_is_painted_without_qstyle(system, child_json) -> None:
    example = _first_example(system)
    assert not get(system).derive(load_character(example)).findings  # the case watched
    assert _first_paint(child_json, example, watched=("QStyle",)) == []
