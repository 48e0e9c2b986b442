"""No developer words reach a player in the editors: no internal keys (``fumble_from``,
``move.speed.super_fast``), no file names (``RULINGS.md``, ``costs.json``) and no raw
fractions of more than six digits in any label, button, tab, table cell, list line,
choice or tooltip of any game's editor, every page loaded, for every example character."""

from __future__ import annotations

import re
from collections.abc import Iterator
from pathlib import Path

import pytest
from PySide6.QtWidgets import (
    QAbstractButton,
    QApplication,
    QComboBox,
    QGroupBox,
    QLabel,
    QListWidget,
    QTableWidget,
    QTabWidget,
    QTextEdit,
    QWidget,
)

from desktop.ui.forms import pages_of

REPO = Path(__file__).resolve().parents[2]
EXAMPLES = sorted(REPO.glob("resources/*/characters/*.sheetdesk"))
DEVELOPER_WORDS = {
    "an internal key": re.compile(r"\b[a-z]+(?:_[a-z0-9]+)+\b|\b[a-z]{3,}(?:\.[a-z_]{3,})+\b"),
    "a file name": re.compile(r"\b[\w-]+\.(?:md|json|py|ui|txt|toml)\b"),
    "a raw fraction": re.compile(r"\b\d{7,}\s*/\s*\d+|\b\d+\s*/\s*\d{7,}"),
    "a bare section number": re.compile(
        r"\((?:§\s*)?\d+(?:\.\d+)+(?:[–-]\d+(?:\.\d+)+)?"
        r"(?:[,;\s]+\d+(?:\.\d+)+(?:[–-]\d+(?:\.\d+)+)?)*\)"),
}


def shown_texts(root: QWidget) -> Iterator[str]:
    """Every text a person can read in ``root``: on it, or by pointing at it."""
    for widget in root.findChildren(QWidget):
        yield widget.toolTip()
        yield widget.statusTip()
        if isinstance(widget, (QLabel, QAbstractButton)):
            yield widget.text()
        elif isinstance(widget, QGroupBox):
            yield widget.title()
        elif isinstance(widget, QTabWidget):
            for i in range(widget.count()):
                yield widget.tabText(i)
                yield widget.tabToolTip(i)
        elif isinstance(widget, QTableWidget):
            for column in range(widget.columnCount()):
                header = widget.horizontalHeaderItem(column)
                if header is not None:
                    yield header.text()
                    yield header.toolTip()
                for row in range(widget.rowCount()):
                    item = widget.item(row, column)
                    if item is not None:
                        yield item.text()
                        yield item.toolTip()
        elif isinstance(widget, QListWidget):
            for i in range(widget.count()):
                yield widget.item(i).text()
                yield widget.item(i).toolTip()
        elif isinstance(widget, QComboBox):
            for i in range(widget.count()):
                yield widget.itemText(i)
        elif isinstance(widget, QTextEdit):
            yield widget.toPlainText()


def developer_words(root: QWidget) -> set[tuple[str, str, str]]:
    """(kind, word, where it was) for each developer word shown in ``root``."""
    found = set()
    for text in shown_texts(root):
        plain = re.sub(r"<[^>]+>", " ", text or "")
        for kind, pattern in DEVELOPER_WORDS.items():
            for match in pattern.finditer(plain):
                found.add((kind, match.group(0), plain[:90]))
    return found


@pytest.mark.parametrize("path", EXAMPLES, ids=[p.stem for p in EXAMPLES])
def test_no_developer_words_in_an_editor(window, path) -> None:
    editor = window.open_path(path)
    for pages in pages_of(editor.form):
        pages.build_all()
    for _ in range(3):
        QApplication.processEvents()
    assert developer_words(editor) == set()


def test_the_patterns_find_what_they_are_for(qapp) -> None:
    label = QLabel("range.medium 4 + range.modifier.no_los 3 (see RULINGS.md); "
                   "Success 68.8 % (194444938625/282429536481); Languages (2.41)")
    kinds = {kind for kind, _word, _where in developer_words_of_text(label.text())}
    assert kinds == set(DEVELOPER_WORDS)
    assert developer_words_of_text("Success 68.8 % (5/36), e.g. Brawn 3; Lv. 2; "
                                   "Languages (Pocket Universe 2.41)") == set()


def developer_words_of_text(text: str) -> set[tuple[str, str, str]]:
    return {(kind, m.group(0), text) for kind, pattern in DEVELOPER_WORDS.items()
            for m in pattern.finditer(text)}
