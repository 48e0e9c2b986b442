"""What the GM window must do on the screen it opens on (a first window, and one last
used on a bigger screen), with every game's example fight: every visible button on the
window or in a part that scrolls, no dock off the window, no input cut on the right,
and no name cut in the roster. tests/ui/test_screen_fit.py runs it, with the main
window's check, in one process per screen (1280×720, 1366×768, 1920×1080, 150 %)."""

from __future__ import annotations

GM_CHECK = """
import sys
from pathlib import Path
from PySide6.QtCore import QByteArray, QRect
from PySide6.QtWidgets import (QAbstractButton, QAbstractScrollArea, QAbstractSpinBox,
                               QApplication, QComboBox, QLineEdit, QStyleOptionViewItem,
                               QWidget)
app = QApplication.instance()
from desktop.systems.encounters import new_encounter
from desktop.systems.files import load_character
from desktop.ui.gm.window import GmWindow
from desktop.ui.settings import Settings
available = app.primaryScreen().availableGeometry()
def settle():
    for _ in range(5):
        app.processEvents()
def fight(game):
    encounter = new_encounter(game, "Examples", seed=3)
    for path in sorted(Path(f"resources/{game}/characters").glob("*.sheetdesk")):
        encounter = encounter.add_character(load_character(path))
    return encounter.start()
big = GmWindow(fight("pow")); big.setGeometry(QRect(100, 150, 1880, 1040))
Settings().set_value("gm/geometry", bytes(big.saveGeometry().toBase64()).decode())
big.session.undo_stack.setClean(); big.close()
for game in ("pow", "pocket", "protector", "powers", "kruhl"):
    window = GmWindow(fight(game)); window.show(); settle()
    if not available.contains(window.frameGeometry()):
        problems.append(f"{game}: window {window.frameGeometry()} off {available}")
    inside = QRect(0, 0, window.width(), window.height())
    # A dock behind another's tab is parked out of sight by Qt: not on show.
    parked = [d for d in window.docks.values()
              if window.tabifiedDockWidgets(d) and d.visibleRegion().isEmpty()]
    for dock in window.docks.values():
        if dock.isVisible() and dock not in parked:
            where = QRect(dock.mapTo(window, dock.rect().topLeft()), dock.size())
            if not inside.contains(where):
                problems.append(f"{game}: dock {dock.objectName()} at {where} off {inside}")
    for button in window.findChildren(QAbstractButton):
        if not button.isVisible():
            continue
        where = QRect(button.mapTo(window, button.rect().topLeft()), button.size())
        scrolls = False
        parent = button.parentWidget()
        while parent is not None and parent is not window:
            scrolls = scrolls or isinstance(parent, QAbstractScrollArea) or parent in parked
            parent = parent.parentWidget()
        if not scrolls and not inside.contains(where):
            problems.append(f"{game}: {button.text() or button.objectName()} at {where} "
                            f"is off the window {inside}")
    # Each tab of the right-hand docks in turn: no input cut off on the right (a dock
    # scrolls down, never sideways).
    for name in ("act", "add", "dice", "reference"):
        window.docks[name].raise_(); settle()
        for field in window.docks[name].findChildren(QWidget):
            if not isinstance(field, (QComboBox, QAbstractSpinBox, QLineEdit)) or (
                    not field.isVisible()) or field.parentWidget() is None or isinstance(
                    field.parentWidget(), QAbstractSpinBox):
                continue
            area = field.parentWidget()
            while area is not None and not isinstance(area, QAbstractScrollArea):
                area = area.parentWidget()
            if area is None:
                continue
            right = field.mapTo(area.viewport(), field.rect().topRight()).x()
            if right > area.viewport().width() + 1:
                problems.append(f"{game}: {name} {field.objectName()} cut on the right "
                                f"({right} > {area.viewport().width()})")
    window.docks["act"].raise_(); settle()
    view = window.roster.view
    for key in window.model.keys():
        index = window.model.index_of(key)
        option = QStyleOptionViewItem()
        option.font = view.font()
        option.decorationSize = view.iconSize()
        wanted = view.itemDelegateForIndex(index).sizeHint(option, index).width()
        if wanted > view.visualRect(index).width():
            problems.append(f"{game}: {key!r} cut in the roster")
    window.session.undo_stack.setClean(); window.close()
"""
