"""A form's Qt classes are made for Python before the form is loaded, so that PySide
finds each named child's class by its name (desktop.ui.forms, issue 17)."""

from __future__ import annotations

import pytest

from desktop.ui import forms
from desktop.ui.forms import FORM_CLASS

FORM = b"""<?xml version="1.0" encoding="UTF-8"?>
<ui version="4.0">
 <widget class="QWidget" name="root">
  <layout class="QFormLayout" name="rootLayout">
   <item row="0" column="0"><widget class="QDial" name="dial"/></item>
   <item row="0" column="1"><widget class="QLCDNumber" name="lcd"/></item>
  </layout>
 </widget>
</ui>
"""

LOAD = """
import json, sys
from PySide6 import QtWidgets
from PySide6.QtWidgets import QApplication
app = QApplication([])
from desktop.ui import forms
WATCHED = ("QDial", "QLCDNumber", "QFormLayout", "QCalendarWidget")
seen = {}
real = forms._loader

def loader():
    seen.update({name: name in vars(QtWidgets) for name in WATCHED})
    return real()

forms._loader = loader
root = forms.load_bytes(sys.argv[1].encode(), None, "test form")
dial = root.findChild(QtWidgets.QDial, "dial")
print(json.dumps({"before_load": seen, "dial": type(dial).__name__}))
"""


@pytest.mark.slow
def test_the_classes_a_form_names_are_made_before_it_is_loaded(child_json) -> None:
    result = child_json(LOAD, FORM.decode())
    assert result["before_load"] == {"QDial": True, "QLCDNumber": True, "QFormLayout": True,
                                     "QCalendarWidget": False}
    assert result["dial"] == "QDial"


def test_the_pattern_finds_every_widget_and_layout_class_of_every_form() -> None:
    import xml.etree.ElementTree as ET

    from desktop.paths import data_dir

    for path in sorted(data_dir("forms").glob("*.ui")):
        data = path.read_bytes()
        root = ET.fromstring(data)
        named = {element.get("class") for element in root.iter()
                 if element.tag in ("widget", "layout")}
        assert {name.decode() for name in FORM_CLASS.findall(data)} == named, path.name


def test_a_class_qt_does_not_have_is_left_to_the_loader(qapp) -> None:
    form = FORM.replace(b'class="QDial"', b'class="NoSuchWidget"')
    forms._make_classes_of(form)  # no error: the loader reports it as it always has
