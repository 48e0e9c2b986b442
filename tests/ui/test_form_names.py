"""A form's containers keep their names out of PySide's walk of the form as it loads,
and get them back once it is loaded (desktop.ui.form_names)."""

from __future__ import annotations

import xml.etree.ElementTree as ET

import pytest
from PySide6.QtWidgets import QLabel, QLineEdit, QWidget

from desktop.paths import data_dir
from desktop.ui import form_names
from desktop.ui.forms import load_bytes

FORMS = sorted(data_dir("forms").glob("*.ui"))

NESTED = b"""<?xml version="1.0" encoding="UTF-8"?>
<ui version="4.0">
 <widget class="QWidget" name="root">
  <layout class="QVBoxLayout" name="rootLayout">
   <item>
    <widget class="QGroupBox" name="outerBox">
     <layout class="QVBoxLayout" name="outerLayout">
      <item>
       <widget class="QFrame" name="innerFrame">
        <layout class="QHBoxLayout" name="innerLayout">
         <item>
          <widget class="QLabel" name="ageLabel">
           <property name="text"><string>Age:</string></property>
           <property name="buddy"><cstring>ageEdit</cstring></property>
          </widget>
         </item>
         <item><widget class="QLineEdit" name="ageEdit"/></item>
        </layout>
       </widget>
      </item>
      <item>
       <widget class="QWidget" name="namedInTabStops">
        <layout class="QHBoxLayout" name="stopLayout">
         <item><widget class="QLineEdit" name="nameEdit"/></item>
        </layout>
       </widget>
      </item>
     </layout>
    </widget>
   </item>
  </layout>
 </widget>
 <tabstops><tabstop>nameEdit</tabstop><tabstop>namedInTabStops</tabstop></tabstops>
</ui>
"""


def _names(root: QWidget) -> set[str]:
    return {root.objectName()} | {found.objectName() for found in root.findChildren(QWidget)}


def test_the_containers_are_hidden_and_nothing_else() -> None:
    hidden, changed = form_names.hide(NESTED)
    assert changed
    prefix = form_names.PREFIX
    assert f'name="{prefix}outerBox"'.encode() in hidden
    assert f'name="{prefix}innerFrame"'.encode() in hidden
    for kept in (b'name="root"', b'name="ageLabel"', b'name="ageEdit"', b'name="nameEdit"',
                 b'name="namedInTabStops"', b'name="outerLayout"'):  # root, leaves, named
        assert kept in hidden
    for left_alone in (
            b'<ui><widget class="QWidget" name="alone"/></ui>',  # no container
            b'<ui><widget class="QWidget" name="root"><widget class="QFrame" name="box">'
            b'<widget class="QLabel" name="a"/></widget></ui>',  # tags that do not pair up
            b'<ui><widget class="QWidget" name="root"><widget class="QFrame" name="box">'
            b'<widget class="QLabel" name="a"/></widget></widget>'
            b'<zorder>box</zorder></ui>',  # a container Qt finds by name
            b'<ui><widget class="QWidget" name="root"><widget class="QFrame">'
            b'<widget class="QLabel" name="a"/></widget></widget></ui>'):  # nameless
        assert form_names.hide(left_alone) == (left_alone, False)


def test_a_loaded_form_has_every_name_and_pyside_saw_only_the_others(qapp) -> None:
    root = load_bytes(NESTED, None, "a nested form")
    try:
        assert _names(root) >= {"root", "outerBox", "innerFrame", "ageLabel", "ageEdit",
                                "namedInTabStops", "nameEdit"}
        assert not any(name.startswith(form_names.PREFIX) for name in _names(root))
        # PySide's attributes on the root: the leaves, not the hidden containers
        assert hasattr(root, "ageEdit") and hasattr(root, "namedInTabStops")
        assert not hasattr(root, "outerBox") and not hasattr(root, "innerFrame")
        # what Qt resolves by name as it loads still finds its widget
        label = root.findChild(QLabel, "ageLabel")
        assert label.buddy() is root.findChild(QLineEdit, "ageEdit")
        assert root.findChild(QLineEdit, "nameEdit").nextInFocusChain() is not None
    finally:
        root.deleteLater()


@pytest.mark.parametrize("path", FORMS, ids=lambda path: path.name)
def test_every_editor_form_loads_with_the_names_it_gives(qapp, path) -> None:
    expected = {element.get("name") for element in ET.parse(path).iter("widget")}
    root = load_bytes(path.read_bytes(), None, path.name)
    try:
        assert expected <= _names(root)
        assert not any(name.startswith(form_names.PREFIX) for name in _names(root))
    finally:
        root.deleteLater()
