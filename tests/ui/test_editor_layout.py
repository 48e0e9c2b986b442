"""Laptop-sized editors: every game's editor in the main window at
1280×720 (and at 150 % scaling, in a child process) keeps the window at that size, needs
no sideways scrolling and keeps the findings in view; tabs say "Name — Game" with the
game's icon. Screenshots are saved to the test's folder for looking at."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest
from PySide6.QtWidgets import QAbstractScrollArea, QApplication, QWidget

from desktop.systems import SYSTEMS
from desktop.ui.forms import child

REPO = Path(__file__).resolve().parents[2]


def laptop_problems(window, game: str, size: tuple[int, int]) -> list[str]:
    """What is wrong with ``game``'s editor in ``window`` at ``size`` (nothing: [])."""
    window.resize(*size)
    editor = window.new_character(game)
    for _ in range(3):
        QApplication.processEvents()
    problems = []
    if window.size().toTuple() != size:
        problems.append(f"{game}: the window grew to {window.size().toTuple()}")
    for area in editor.findChildren(QAbstractScrollArea):
        if area.isVisible() and area.horizontalScrollBar().isVisible():
            problems.append(f"{game}: {area.objectName()} scrolls sideways")
    findings = child(editor.form, QWidget, "findingsGroup")
    top_left = findings.mapTo(window, findings.rect().topLeft())
    bottom_right = findings.mapTo(window, findings.rect().bottomRight())
    if not (findings.isVisible() and findings.height() >= 100 and top_left.y() >= 0
            and bottom_right.y() <= window.height() and bottom_right.x() <= window.width()):
        problems.append(f"{game}: the findings are not in view ({top_left}, {bottom_right})")
    return problems


@pytest.mark.parametrize("size", [(1280, 720), (1920, 1080)])
@pytest.mark.parametrize("game", list(SYSTEMS))
def test_every_editor_fits_a_laptop(window, game, size, tmp_path):
    assert laptop_problems(window, game, size) == []
    window.grab().save(str(tmp_path / f"{game}-{size[0]}x{size[1]}.png"))


def test_at_150_percent_scaling(tmp_path):
    script = (
        "import sys\n"
        "from PySide6.QtWidgets import QApplication\n"
        "app = QApplication([])\n"
        "from desktop.ui.main_window import MainWindow\n"
        "from desktop.systems import SYSTEMS\n"
        "from tests.ui.test_editor_layout import laptop_problems\n"
        "w = MainWindow(); w.show()\n"
        "problems = [p for g in SYSTEMS for p in laptop_problems(w, g, (1280, 720))]\n"
        "w.grab().save(sys.argv[1])\n"
        "print('\\n'.join(problems)); sys.exit(1 if problems else 0)\n")
    config = tmp_path / "screen.json"  # a 1920×1080 screen at 150 %: 1280×720 for Qt
    config.write_text('{"windowFrameMargins": false, "screens": [{"name": "s", "x": 0, '
                      '"y": 0, "width": 1280, '
                      '"height": 720, "logicalDpi": 96, "logicalBaseDpi": 96, "dpr": 1.5}]}')
    env = dict(os.environ, QT_QPA_PLATFORM=f"offscreen:configfile={config}",
               XDG_CONFIG_HOME=str(tmp_path), XDG_DATA_HOME=str(tmp_path),
               XDG_STATE_HOME=str(tmp_path), XDG_CACHE_HOME=str(tmp_path))
    shot = tmp_path / "powers-150.png"
    done = subprocess.run([sys.executable, "-c", script, str(shot)], cwd=REPO, env=env,
                          capture_output=True, text=True, timeout=120)
    assert done.returncode == 0, done.stdout + done.stderr
    assert shot.stat().st_size > 10_000


def test_tab_says_name_and_game_with_its_icon(window):
    editor = window.new_character("kruhl")
    editor.document.apply("Name", lambda c: setattr(c, "name", "Virek"))
    assert window.tabs.tabText(0) == "Virek — Warlords of Kruhl*"
    assert not window.tabs.tabIcon(0).isNull()
    window.new_character("pow")
    assert window.tabs.tabText(1) == "Unnamed — POW!"


def test_the_side_panel_widens_to_what_its_content_needs(qtbot):
    """A form's own side scroll area (Protector's, Pocket Universe's) with a minimum width
    its content outgrew (wider fonts, the portrait box) is widened at first show instead
    of scrolling sideways."""
    from PySide6.QtCore import Qt
    from PySide6.QtWidgets import QLabel, QScrollArea, QSplitter, QVBoxLayout

    from desktop.ui.editor_layout import findings_below

    form = QWidget()
    splitter = QSplitter(form)
    QVBoxLayout(form).addWidget(splitter)
    splitter.addWidget(QLabel("the record sheet"))
    scroll = QScrollArea()
    scroll.setObjectName("sideScroll")
    scroll.setWidgetResizable(True)
    scroll.setMinimumWidth(200)
    scroll.setHorizontalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAsNeeded)
    content = QWidget()
    column = QVBoxLayout(content)
    wide = QLabel("a panel wider than the form's guess")
    wide.setMinimumWidth(320)
    findings = QLabel("findings")
    findings.setObjectName("findingsGroup")
    column.addWidget(wide)
    column.addWidget(findings)
    scroll.setWidget(content)
    splitter.addWidget(scroll)
    findings_below(form)
    splitter.setSizes([700, 200])
    qtbot.addWidget(form)
    form.resize(1000, 600)
    form.show()
    qtbot.waitExposed(form)
    qtbot.waitUntil(lambda: scroll.viewport().width() >= content.minimumSizeHint().width())
    assert not scroll.horizontalScrollBar().isVisible()
    assert scroll.minimumWidth() > 320


def _side_column_form(qtbot, panel_lines: int):
    """A form with a side panel of ``panel_lines`` wrapped paragraphs above the findings,
    put in a ``SideColumn`` by ``findings_below``."""
    from PySide6.QtWidgets import QLabel, QScrollArea, QSplitter, QVBoxLayout

    from desktop.ui.editor_layout import findings_below

    form = QWidget()
    splitter = QSplitter(form)
    QVBoxLayout(form).addWidget(splitter)
    splitter.addWidget(QLabel("the record sheet"))
    scroll = QScrollArea()
    scroll.setWidgetResizable(True)
    scroll.setMaximumWidth(200)  # narrower than its content's size hint
    content = QWidget()
    column = QVBoxLayout(content)
    for _ in range(panel_lines):
        text = QLabel("A paragraph long enough to wrap over several lines in a narrow "
                      "side panel, as the Protector's RISKED prompts do. " * 2)
        text.setWordWrap(True)
        column.addWidget(text)
    findings = QLabel("findings")
    findings.setObjectName("findingsGroup")
    column.addWidget(findings)
    scroll.setWidget(content)
    splitter.addWidget(scroll)
    side = findings_below(form)
    splitter.setSizes([700, 300])
    qtbot.addWidget(form)
    return form, side, scroll, content


def test_the_side_panel_gets_the_height_its_wrapped_text_needs(qtbot):
    """At a window tall enough, the side panel shows all of its content at the width it
    has (wrapped text is taller than its size hint says) and the findings the rest; a
    window too short leaves the findings their minimum and the panel scrolls. Resizing
    fits it again, until the user drags the line between them."""
    form, side, scroll, content = _side_column_form(qtbot, panel_lines=4)
    form.resize(1000, 1100)
    form.show()
    qtbot.waitExposed(form)
    need = content.heightForWidth(scroll.viewport().width())
    assert need > content.sizeHint().height()  # what the size hint alone got wrong
    top, findings = side.sizes()
    assert top >= need and findings > side.FINDINGS_MIN
    assert not scroll.verticalScrollBar().isVisible()
    form.resize(1000, 500)
    qtbot.waitUntil(lambda: side.sizes()[1] == side.FINDINGS_MIN)
    assert scroll.verticalScrollBar().isVisible()
    side.moveSplitter(200, 1)  # as the user's drag of the handle does
    assert side.sizes()[0] == 200
    form.resize(1000, 1100)
    qtbot.waitUntil(lambda: side.height() > 900)
    assert side.sizes()[0] < need  # the user's choice is kept, not fitted again


@pytest.mark.parametrize("game", list(SYSTEMS))
def test_the_chance_and_the_roll_are_in_view_at_720(window, game):
    """The side panel shows the odds, the Roll button and its result without scrolling
    on a 1280×720 laptop; optional modifiers and the ledger come below them."""
    window.resize(1280, 720)
    editor = window.new_character(game)
    for _ in range(3):
        QApplication.processEvents()
    for name in ("oddsValue", "rollButton"):
        widget = child(editor.form, QWidget, name)
        bottom = widget.mapTo(window, widget.rect().bottomLeft()).y()
        assert widget.isVisible() and bottom <= window.height() - 140, (game, name, bottom)


def test_every_game_has_a_tab_icon_of_its_own() -> None:
    """Four games start with P: each icon has its own mark and a colour far from the
    others', dark enough for white letters (WCAG AA, 4.5:1)."""
    from desktop.ui.game_icon import game_colour

    def luminance(colour) -> float:
        def channel(c: float) -> float:
            return c / 12.92 if c <= 0.03928 else ((c + 0.055) / 1.055) ** 2.4
        r, g, b = (channel(v) for v in (colour.redF(), colour.greenF(), colour.blueF()))
        return 0.2126 * r + 0.7152 * g + 0.0722 * b

    systems = list(SYSTEMS.values())
    assert len({s.mark for s in systems}) == len(systems)
    hues = sorted(game_colour(s).hsvHue() for s in systems)
    gaps = [(b - a) for a, b in zip(hues, [*hues[1:], hues[0] + 360], strict=True)]
    assert min(gaps) >= 40
    for system in systems:
        assert (1.05) / (luminance(game_colour(system)) + 0.05) >= 4.5, system.id
