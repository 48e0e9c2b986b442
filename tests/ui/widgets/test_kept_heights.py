"""Word-wrapped labels a form marks keep their height at each width until their text,
font, style or text interaction changes (``desktop/ui/widgets/kept_heights.py``)."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from PySide6.QtCore import Qt
from PySide6.QtWidgets import QGridLayout, QLabel, QLineEdit

from desktop.ui.forms import load_bytes
from desktop.ui.widgets.kept_heights import KeptHeightsLabel, keep_heights, marked

FORMS = Path(__file__).resolve().parents[3] / "forms"
TEXT = ("The character may add +1 to any one Attribute, even if the new score exceeds "
        "12. This Advantage may only be taken once per Attribute.")
MARK = '<property name="keepHeights" stdset="0"><bool>true</bool></property>'
FORM = f"""<?xml version="1.0" encoding="UTF-8"?>
<ui version="4.0">
 <class>Form</class>
 <widget class="QWidget" name="Form">
  <layout class="QGridLayout" name="grid">
   <item row="0" column="0">
    <widget class="QLabel" name="caption">
     {MARK}
     <property name="text"><string>&amp;Helps:</string></property>
     <property name="toolTip"><string>what helps</string></property>
     <property name="wordWrap"><bool>true</bool></property>
     <property name="buddy"><cstring>edit</cstring></property>
    </widget>
   </item>
   <item row="0" column="1">
    <widget class="QLineEdit" name="edit"/>
   </item>
   <item row="1" column="0" colspan="2">
    <widget class="QLabel" name="plain">
     <property name="text"><string>not marked</string></property>
     <property name="wordWrap"><bool>true</bool></property>
    </widget>
   </item>
  </layout>
 </widget>
</ui>
"""


def _plain(text: str) -> QLabel:
    label = QLabel(text)
    label.setWordWrap(True)
    return label


@pytest.mark.parametrize("width", [90, 200, 333, 600])
def test_its_heights_are_a_wrapped_labels(qtbot, width: int) -> None:
    kept, plain = KeptHeightsLabel(TEXT), _plain(TEXT)
    qtbot.addWidget(kept)
    qtbot.addWidget(plain)
    assert kept.wordWrap()
    assert kept.heightForWidth(width) == plain.heightForWidth(width)
    assert kept.heightForWidth(width) == plain.heightForWidth(width)  # and when kept


def test_each_width_is_measured_once_until_something_changes(qtbot, monkeypatch) -> None:
    kept = KeptHeightsLabel(TEXT)
    qtbot.addWidget(kept)
    longer = _plain(TEXT + " " + TEXT).heightForWidth(200)
    measured: list[int] = []
    measure = QLabel.heightForWidth
    monkeypatch.setattr(QLabel, "heightForWidth",
                        lambda label, width: measured.append(width) or measure(label, width))
    for width in (200, 300, 200, 300, 200):
        kept.heightForWidth(width)
    assert measured == [200, 300]
    kept.setText(TEXT)  # the same text: the heights stand
    kept.heightForWidth(200)
    assert measured == [200, 300]
    kept.setText(TEXT + " " + TEXT)
    assert kept.heightForWidth(200) == longer
    kept.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse)
    kept.heightForWidth(200)
    font = kept.font()
    font.setPointSizeF(font.pointSizeF() * 2)
    kept.setFont(font)
    kept.heightForWidth(200)
    kept.clear()
    kept.heightForWidth(200)
    assert measured == [200, 300, 200, 200, 200, 200]


def test_a_form_puts_a_kept_label_in_place_of_each_it_marks(qtbot) -> None:
    data = FORM.encode()
    assert marked(data) == ["caption"]
    form = load_bytes(data, None, "a test form")
    qtbot.addWidget(form)
    caption = form.findChild(QLabel, "caption")
    edit = form.findChild(QLineEdit, "edit")
    assert isinstance(caption, KeptHeightsLabel) and caption.text() == "&Helps:"
    assert caption.toolTip() == "what helps" and caption.buddy() is edit
    assert caption.wordWrap()
    grid = form.layout()
    assert isinstance(grid, QGridLayout)
    assert grid.itemAtPosition(0, 0).widget() is caption
    assert type(form.findChild(QLabel, "plain")) is QLabel
    keep_heights(form, ["caption", "missing"])  # a kept label, or none: left alone
    assert form.findChild(QLabel, "caption") is caption


def test_every_label_a_form_marks_is_a_wrapped_label() -> None:
    """A mark on anything else would swap in a label that wraps where the form's did not."""
    for path in FORMS.glob("*.ui"):
        text = path.read_text(encoding="utf-8")
        for name in marked(text.encode()):
            widget = re.search(r'<widget class="QLabel" name="' + name + r'">(.*?)</widget>',
                               text, re.S)
            assert widget is not None, (path.name, name)
            assert re.search(r'<property name="wordWrap">\s*<bool>true</bool>',
                             widget.group(1)), name


def test_the_editors_keep_the_heights_of_the_labels_their_forms_mark(qtbot) -> None:
    from desktop.systems import SYSTEMS
    from desktop.ui.document import CharacterDocument

    for system in SYSTEMS.values():
        editor = system.part("editor").EDITOR(CharacterDocument(system.new_character("")))
        qtbot.addWidget(editor)
        editor.build_all_pages()
        form = editor.FORM
        names = marked((FORMS / form).read_bytes()) if form else []
        assert all(isinstance(editor.form.findChild(QLabel, name), KeptHeightsLabel)
                   for name in names), form
