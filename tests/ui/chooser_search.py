"""Typing into a catalog chooser's search box, as the add-list tests of every game do."""

from __future__ import annotations

from desktop.ui.widgets.catalog_chooser import CatalogChooser


def search(qtbot, chooser: CatalogChooser, words: str) -> list[str]:
    """Type ``words`` into ``chooser``'s search box; the names it then lists."""
    qtbot.addWidget(chooser)
    chooser.search.setText(words)
    return chooser.visible()


def listed(qtbot, chooser: CatalogChooser) -> list[str]:
    """Every line ``chooser`` offers, "Name  ·  where it comes from", in order."""
    qtbot.addWidget(chooser)
    return [chooser.list.item(row).text() for row in range(chooser.list.count())]
