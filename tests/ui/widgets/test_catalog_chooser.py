"""The shared "Add …" list."""

from __future__ import annotations

from desktop.ui.widgets.catalog_chooser import CatalogChooser, Entry


def _chooser(qtbot, game: str = "") -> CatalogChooser:
    entries = [Entry("Club", "book", "<b>Club</b>", "club", "melee"),
               Entry("Sword", "Sheetdesk example (fantasy)", "<b>Sword</b>", "sword", "blade"),
               Entry("Pistol", "Sheetdesk example (modern)", "<b>Pistol</b>", "pistol")]
    chooser = CatalogChooser("Add", entries, Entry("Blank", "fill in", "", "blank"), game)
    qtbot.addWidget(chooser)
    return chooser


def test_lists_every_entry_with_where_it_comes_from_and_a_blank_last(qtbot):
    chooser = _chooser(qtbot)
    lines = [chooser.list.item(r).text() for r in range(chooser.list.count())]
    assert lines[0] == "Club  ·  book"
    assert lines[1] == "Sword  ·  Sheetdesk example (fantasy)"
    assert lines[-1] == "Blank  ·  fill in"
    assert chooser.chosen() == "club", "the first entry, never a blank row"
    assert chooser.list.wordWrap(), "long lines wrap instead of scrolling sideways"


def test_search_by_name_source_words_and_the_blank_stays(qtbot):
    chooser = _chooser(qtbot)
    chooser.search.setText("fantasy")
    assert chooser.visible() == ["Sword", "Blank"]
    assert chooser.chosen() == "sword"
    chooser.search.setText("blade")
    assert chooser.visible() == ["Sword", "Blank"]
    chooser.search.setText("xyzzy")
    assert chooser.visible() == ["Blank"] and chooser.chosen() == "blank"
    chooser.search.clear()
    chooser.choose("Pistol")
    assert chooser.chosen() == "pistol"
    assert "Pistol" in chooser.preview.text()
