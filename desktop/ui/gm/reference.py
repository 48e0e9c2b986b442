"""The game's key charts (``rules.charts()``) as a searchable reference panel.

Typing in the filter keeps the charts whose title matches (whole) and, in the others,
the lines that match, with the match marked; everything else is hidden. The charts are
shown as wrapped text, so long rules read in full at any panel width.
"""

from __future__ import annotations

import re
from collections.abc import Sequence

from PySide6.QtWidgets import QLabel, QLineEdit, QTextBrowser, QVBoxLayout, QWidget

from desktop.model.combat_rules import ReferenceChart
from desktop.ui.rich_text import escape

Shown = list[tuple[str, list[str]]]


def filter_charts(charts: Sequence[ReferenceChart], text: str) -> Shown:
    """(title, lines) of what the filter ``text`` keeps, in the charts' order."""
    needle = text.strip().lower()
    out: Shown = []
    for chart in charts:
        if not needle or needle in chart.title.lower():
            out.append((chart.title, list(chart.lines)))
            continue
        hits = [line for line in chart.lines if needle in line.lower()]
        if hits:
            out.append((chart.title, hits))
    return out


def _marked(text: str, needle: str) -> str:
    escaped = escape(text)
    if not needle:
        return escaped
    pattern = re.compile(re.escape(escape(needle)), re.IGNORECASE)
    return pattern.sub(lambda m: f"<span style='background:#ffe082'>{m[0]}</span>", escaped)


class ReferencePanel(QWidget):
    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self._charts: tuple[ReferenceChart, ...] = ()
        self._shown: Shown = []
        self.filter = QLineEdit()
        self.filter.setObjectName("referenceFilter")
        self.filter.setPlaceholderText("Search the charts…")
        self.filter.setClearButtonEnabled(True)
        self.filter.textChanged.connect(self.apply_filter)
        self.view = QTextBrowser()
        self.view.setObjectName("referenceView")
        self.view.setOpenLinks(False)
        self.count = QLabel("")
        layout = QVBoxLayout(self)
        layout.setContentsMargins(4, 4, 4, 4)
        layout.addWidget(self.filter)
        layout.addWidget(self.view, 1)
        layout.addWidget(self.count)

    def show_charts(self, charts: Sequence[ReferenceChart]) -> None:
        self._charts = tuple(charts)
        self.apply_filter(self.filter.text())

    def apply_filter(self, text: str) -> None:
        self._shown = filter_charts(self._charts, text)
        needle = text.strip()
        parts = []
        for title, lines in self._shown:
            parts.append(f"<h3 style='margin-bottom:2px'>{_marked(title, needle)}</h3>")
            for line in lines:
                item = line.lstrip().startswith("•")
                indent = "margin-left:18px;" if item else ""
                body = _marked(line.strip(), needle)
                if not item and ": " in line:  # "Step 1: text" → a bold label
                    label, rest = line.split(": ", 1)
                    body = f"<b>{_marked(label, needle)}:</b> {_marked(rest, needle)}"
                parts.append(f"<p style='margin:1px 0;{indent}'>{body}</p>")
        if not self._charts:
            parts.append("<p><i>This game has no key charts yet.</i></p>")
        elif not self._shown:
            parts.append(f"<p><i>Nothing in the charts matches “{escape(needle)}”."
                         "</i></p>")
        self.view.setHtml("".join(parts))
        lines = sum(len(lines) for _, lines in self._shown)
        self.count.setText(f"{len(self._shown)} of {len(self._charts)} charts, {lines} lines"
                           if needle else f"{len(self._charts)} charts")

    def visible_lines(self) -> list[str]:
        """The lines shown now, "Title: line" (for tests)."""
        return [f"{title}: {line.strip()}" for title, lines in self._shown for line in lines]
