"""Tab pages loaded when needed: the Pocket Universe, Protector and Warlords of
Kruhl editors open with their first tab page alone and are, once their pages are loaded,
the editors the whole form makes: the same widgets, bound the same, in the same Tab
order."""

from __future__ import annotations

from pathlib import Path

import pytest
from PySide6.QtCore import Qt
from PySide6.QtWidgets import (
    QComboBox,
    QLabel,
    QLineEdit,
    QSpinBox,
    QTableWidget,
    QTabWidget,
    QWidget,
)

from desktop.paths import form
from desktop.systems.files import load_character
from desktop.systems.kruhl.editor.editor import KruhlEditor
from desktop.systems.pocket.editor.editor import PocketEditor
from desktop.systems.protector.editor.editor import ProtectorEditor
from desktop.ui.document import CharacterDocument
from desktop.ui.form_pages import content_name, split, split_form
from desktop.ui.forms import child
from desktop.ui.lazy_pages import LazyPages, size_to_page

RESOURCES = Path(__file__).resolve().parents[2] / "resources"
KESTRA = RESOURCES / "pocket" / "characters" / "kestra.sheetdesk"
ARCLIGHT = RESOURCES / "protector" / "characters" / "arclight.sheetdesk"
SORAYA = RESOURCES / "kruhl" / "characters" / "soraya.sheetdesk"
LAZY = [(PocketEditor, KESTRA), (ProtectorEditor, ARCLIGHT), (KruhlEditor, SORAYA)]


def _whole_form(kind: type) -> type:
    """The same editor with every page loaded with the form."""
    return type(f"Whole{kind.__name__}", (kind,), {"LAZY_TABS": ""})


def _editor(qtbot, kind=PocketEditor, show: bool = False, path: Path = KESTRA):
    editor = kind(CharacterDocument(load_character(path)))
    qtbot.addWidget(editor)
    if show:
        editor.resize(1280, 860)
        editor.show()
    return editor


def _tab_order(editor: QWidget, names: set[str] | None = None) -> list[str]:
    """The Tab stops in the editor (only the named ones of ``names``, if given)."""
    out, widget = [], editor.nextInFocusChain()
    while widget is not editor:
        if names is not None and widget.objectName() not in names:
            pass
        elif editor.isAncestorOf(widget) and widget.focusPolicy() & Qt.FocusPolicy.TabFocus:
            parent = widget.parentWidget()
            out.append(widget.objectName() or f"{type(widget).__name__} in "
                       f"{parent.objectName() if parent else ''}")
        widget = widget.nextInFocusChain()
    return out


def test_the_split_keeps_the_current_page_and_cuts_out_the_others() -> None:
    pieces = split(form("pocket_editor.ui").read_bytes(), "detailTabs")
    assert sorted(pieces.pages) == sorted(["skillsTab", "contactsTab", "weaponsTab",
                                           "gearTab", "advancementTab", "backgroundTab"])
    assert b'name="traitsTable"' in pieces.main
    assert b'name="skillsTable"' not in pieces.main
    assert b"S&amp;kills" in pieces.main  # the emptied page keeps its tab's title
    assert pieces.owners["skillsTable"] == "skillsTab"
    assert pieces.owners["attacksTable"] == "weaponsTab"
    assert "traitsTable" not in pieces.owners
    assert b'name="%s"' % content_name("skillsTab").encode() in pieces.pages["skillsTab"]


def test_a_form_without_the_tab_widget_or_with_a_buddy_across_pages_is_refused() -> None:
    ui = form("pocket_editor.ui").read_bytes()
    with pytest.raises(ValueError, match="no QTabWidget named 'nowhere'"):
        split(ui, "nowhere")
    crossed = ui.replace(b"<cstring>skillPenaltySpin</cstring>", b"<cstring>nameEdit</cstring>")
    assert crossed != ui
    with pytest.raises(ValueError, match="buddy 'nameEdit'"):
        split(crossed, "detailTabs")


def test_the_split_is_made_once_per_form_file() -> None:
    path = form("pocket_editor.ui")
    assert split_form(path, "detailTabs") is split_form(path, "detailTabs")


def test_the_editor_opens_with_its_first_page_alone(qtbot) -> None:
    editor = _editor(qtbot)
    assert sorted(editor.pages.pending()) == sorted(split(
        form("pocket_editor.ui").read_bytes(), "detailTabs").pages)
    assert editor.form.findChild(QTableWidget, "skillsTable") is None
    assert editor.form.findChild(QTableWidget, "traitsTable") is not None
    assert sorted(editor.tables) == ["traits"]


def test_choosing_a_tab_loads_binds_and_fills_its_page_before_it_is_painted(qtbot) -> None:
    editor = _editor(qtbot, show=True)
    tabs = child(editor.form, QTabWidget, "detailTabs")
    tabs.setCurrentIndex(5)  # Advancement
    assert "advancementTab" not in editor.pages.pending()
    hits = editor.form.findChild(QSpinBox, "currentHitsSpin")
    assert hits is not None and hits.isVisible()
    assert hits.value() == 13  # bound and shown: Kestra's hits
    hits.setValue(9)
    assert editor.document.character.tracking.hits == 9


def test_a_lookup_by_name_loads_the_page_that_holds_the_widget(qtbot) -> None:
    editor = _editor(qtbot)
    assert "contactsTab" in editor.pages.pending()
    assert child(editor.form, QLineEdit, "contactSharedEdit") is not None
    assert "contactsTab" not in editor.pages.pending()
    assert editor.shares is not None
    assert "weaponsTab" in editor.pages.pending()
    assert editor.tables["weapons"].table.rowCount() >= 1  # asked for, so loaded
    assert "advancementTab" in editor.pages.pending()
    assert editor.details["skills"] is not None  # its page loaded with its table
    with pytest.raises(KeyError):
        editor.details["nothing"]
    with pytest.raises(LookupError, match="no QLabel named 'nothingLabel'"):
        child(editor.form, QLabel, "nothingLabel")


def test_the_pages_left_are_loaded_after_the_first_paint(qtbot) -> None:
    editor = _editor(qtbot, show=True)
    qtbot.waitUntil(lambda: not editor.pages.pending(), timeout=5000)
    assert len(editor.tables) == 11


def test_loaded_pages_make_the_editor_the_whole_form_makes(qtbot) -> None:
    lazy = _editor(qtbot)
    lazy.pages.build_all()
    whole = _editor(qtbot, _whole_form(PocketEditor))
    assert _tab_order(lazy) == _tab_order(whole)
    assert len(_tab_order(whole)) > 100
    assert sorted(lazy.tables) == sorted(whole.tables)
    for name in ("epAccountValue", "moneySummaryValue", "skillSummaryValue",
                 "contactCostValue", "cashValue"):
        assert child(lazy.form, QLabel, name).text() == child(whole.form, QLabel, name).text()
    assert lazy.attacks.rowCount() == whole.attacks.rowCount() > 0


def test_a_finding_on_a_page_not_loaded_yet_is_shown(qtbot) -> None:
    editor = _editor(qtbot, show=True)
    assert "advancementTab" in editor.pages.pending()
    assert editor.focus_field("tracking.hits")
    tabs = child(editor.form, QTabWidget, "detailTabs")
    assert tabs.currentWidget().objectName() == "advancementTab"


@pytest.mark.parametrize("size", [(1920, 1200), (1280, 720)])
def test_the_sheet_has_one_shape_for_one_size_whatever_came_before(qtbot, monkeypatch,
                                                                  size) -> None:
    """The tab widget starts where the sheet above it ends at its own height: not where
    a previous size left it, nor where pages not loaded yet would."""
    monkeypatch.setattr(LazyPages, "build_rest_in_turns", lambda self: None)
    editor = PocketEditor(CharacterDocument(load_character(KESTRA)))
    qtbot.addWidget(editor)
    tabs = child(editor.form, QTabWidget, "detailTabs")
    viewport = editor.sheet_fit.tabs_fit.viewport

    def top_at(width: int, height: int) -> int:
        """The tab widget's top once the window has its size and the sheet has stopped
        moving (the platform resizes the window a moment later)."""
        editor.resize(width, height)
        editor.show()
        qtbot.waitUntil(lambda: editor.size().toTuple() == (width, height)
                        and viewport.height() >= height - 20, timeout=5000)
        tops = [-1]

        def still() -> bool:  # the same top for 120 ms (a loaded machine is slower)
            qtbot.wait(20)
            tops.append(tabs.y())
            return len(tops) > 6 and len(set(tops[-6:])) == 1

        qtbot.waitUntil(still, timeout=10000)
        return tops[-1]

    first = top_at(*size)
    assert editor.pages.pending()  # as first painted: its other pages not loaded yet

    def top_after(*sizes: tuple[int, int]) -> int:
        return [top_at(*each) for each in sizes][-1]

    editor.pages.build_all()
    assert top_after(size) == first
    assert top_after((800, 600), size) == first
    assert top_after((2400, 1600), size) == first


@pytest.mark.parametrize(("kind", "path"), LAZY, ids=["pocket", "protector", "kruhl"])
def test_each_editor_opens_with_one_page_and_loads_the_rest_as_the_whole_form(
        qtbot, kind, path) -> None:
    lazy = _editor(qtbot, kind, path=path)
    assert len(lazy.pages.pending()) >= 3
    lazy.pages.build_all()
    whole = _editor(qtbot, _whole_form(kind), path=path)
    named = {w.objectName() for w in whole.form.findChildren(QWidget) if w.objectName()}
    assert _tab_order(lazy, named) == _tab_order(whole, named)
    assert sorted(lazy.tables) == sorted(whole.tables)
    assert {name: child(lazy.form, QLabel, name).text() for name in _labels(whole)} == \
        {name: child(whole.form, QLabel, name).text() for name in _labels(whole)}


def _labels(editor: QWidget) -> list[str]:
    return [label.objectName() for label in editor.form.findChildren(QLabel)
            if label.objectName().endswith(("Value", "Text", "Preview", "Note"))]


def test_protector_pools_and_lists_load_with_their_pages(qtbot) -> None:
    editor = _editor(qtbot, ProtectorEditor, path=ARCLIGHT)
    assert editor.pools.power_view is None and "powersTab" in editor.pages.pending()
    editor.tables["powers"].table.selectRow(2)  # Damage absorption: 5 dice
    assert "powersTab" not in editor.pages.pending()
    assert [str(d.die) for d in editor.power_view.shown()] == ["d10", "d8", "d8", "d8", "d8"]
    assert editor.agent_view is not None and "agentsTab" not in editor.pages.pending()
    assert child(editor.form, QComboBox, "conflictExampleCombo").count() > 1
    merged = child(editor.form, QTableWidget, "mergedTable")
    assert merged.rowCount() == len(editor.document.derived.traits) > 0


def test_only_the_page_shown_sets_how_narrow_the_sheet_may_be(qtbot) -> None:
    """Protector's Agents page is the widest: shown, the tab widget is at least as wide
    as it; hidden, it no longer widens the sheet (loaded or not)."""
    editor = _editor(qtbot, ProtectorEditor, show=True, path=ARCLIGHT)
    tabs = child(editor.form, QTabWidget, "detailTabs")
    first = tabs.minimumSizeHint().width()
    editor.pages.build_all()
    assert tabs.minimumSizeHint().width() == first
    tabs.setCurrentIndex(3)  # Agents
    agents = tabs.minimumSizeHint().width()
    assert agents > first
    tabs.setCurrentIndex(0)
    assert tabs.minimumSizeHint().width() == first


def test_kruhl_conditions_and_equipment_load_with_their_pages(qtbot) -> None:
    editor = _editor(qtbot, KruhlEditor, path=SORAYA)
    assert editor.helps is None and "equipmentTab" in editor.pages.pending()
    assert editor.conditions["prone"].isCheckable()  # asked for: its page loaded
    assert "conditionsTab" not in editor.pages.pending()
    assert editor.tables["equipment"].table.rowCount() > 0
    assert editor.helps is not None


@pytest.mark.parametrize(("kind", "path"), LAZY, ids=["pocket", "protector", "kruhl"])
def test_every_page_looks_as_the_whole_form_draws_it(qtbot, kind, path) -> None:
    """Each tab page, chosen, is drawn pixel for pixel as in the editor the whole form
    makes, sized by the same rule (``size_to_page``): its content keeps the page's
    margins."""
    editors = [_editor(qtbot, k, path=path) for k in (kind, _whole_form(kind))]
    tabs = [child(e.form, QTabWidget, "detailTabs") for e in editors]
    size_to_page(tabs[1], 0)
    tabs[1].currentChanged.connect(lambda index: size_to_page(tabs[1], index))
    for editor in editors:
        editor.resize(1280, 860)
        editor.show()
    for index in range(tabs[1].count()):
        for widget in tabs:
            widget.setCurrentIndex(index)

        def drawn() -> tuple:
            return tuple(t.currentWidget().grab().toImage() for t in tabs)

        try:
            qtbot.waitUntil(lambda: drawn()[0] == drawn()[1], timeout=3000)  # settled
        except qtbot.TimeoutError:
            lazy, whole = drawn()
            raise AssertionError(f"{tabs[0].currentWidget().objectName()}: "
                                 f"{lazy.size()} {whole.size()}") from None


def test_the_pages_are_found_by_name_not_by_python_class(qtbot, monkeypatch) -> None:
    """Finding the pages by their Python class made PySide wrap every object of the form
    for Python to test: 1-6 ms of every file opened and every page loaded on demand."""
    asked = []
    real = QWidget.findChildren

    def spy(self, kind, *args):
        asked.append((kind, args))
        return real(self, kind, *args)

    monkeypatch.setattr(QWidget, "findChildren", spy)
    editor = _editor(qtbot)
    child(editor.form, QLineEdit, "contactSharedEdit")  # a page loaded on demand
    assert asked and all(args and args[0] for _kind, args in asked)


SMALL_FORM = b"""<?xml version="1.0" encoding="UTF-8"?>
<ui version="4.0">
 <widget class="QWidget" name="Form">
  <layout class="QVBoxLayout" name="outer">
   <item>
    <widget class="QTabWidget" name="tabs">
     <property name="currentIndex">
      <number>1</number>
     </property>
     <widget class="QWidget" name="first">
      <attribute name="title"><string>A &gt; B</string></attribute>
      <widget class="QLabel" name="lonely" toolTip="a/&gt;b"/>
      <layout class="QVBoxLayout" name="firstLayout">
       <property name="leftMargin"><number>3</number></property>
       <item><widget class="QLineEdit" name="edit"/></item>
      </layout>
     </widget>
     <widget class="QWidget" name="second">
      <layout class="QVBoxLayout" name="secondLayout"/>
     </widget>
     <widget class="QWidget" name="third"><layout class="QHBoxLayout" name="thirdLayout">
      <item><widget class="QLabel" name="last"/></item></layout></widget>
    </widget>
   </item>
  </layout>
 </widget>
</ui>
"""


def test_the_split_cuts_self_closing_and_nested_pieces_exactly() -> None:
    from xml.etree import ElementTree

    pieces = split(SMALL_FORM, "tabs")
    assert sorted(pieces.pages) == ["first", "third"]  # "second" is the current page
    assert pieces.plain == ("second", "third")  # "first" sets a margin of its own
    first = ElementTree.fromstring(pieces.pages["first"])[0]
    assert first.get("name") == "firstContent"
    assert [child.get("name") for child in first] == ["lonely", "firstLayout"]
    assert first[0].get("toolTip") == "a/>b"
    assert ElementTree.fromstring(pieces.pages["third"])[0][0].get("name") == "thirdLayout"
    main = ElementTree.fromstring(pieces.main)
    pages = main.findall(".//widget[@name='tabs']/widget")
    assert [[c.tag for c in page] for page in pages] == [["attribute"], ["layout"], []]
    assert pieces.owners == {"lonely": "first", "firstLayout": "first", "edit": "first",
                             "firstContent": "first", "thirdLayout": "third",
                             "last": "third", "thirdContent": "third"}
