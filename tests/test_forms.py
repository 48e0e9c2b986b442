"""The Designer forms: each name once, so a lookup by name finds the one widget meant."""

from __future__ import annotations

import xml.etree.ElementTree as ET
from collections import Counter

import pytest

from desktop.paths import data_dir

FORMS = sorted(data_dir("forms").glob("*.ui"))
NAMED = ("widget", "layout", "spacer", "action")


def test_there_are_forms() -> None:
    assert len(FORMS) >= 5


@pytest.mark.parametrize("path", FORMS, ids=lambda path: path.name)
def test_every_widget_layout_and_spacer_has_a_name_of_its_own(path) -> None:
    """findChild returns the first of two widgets named alike (the other is never found),
    and pyside6-uic renames the second."""
    names = Counter(element.get("name") for element in ET.parse(path).iter()
                    if element.tag in NAMED and element.get("name"))
    assert {name: count for name, count in names.items() if count > 1} == {}


@pytest.mark.parametrize("path", FORMS, ids=lambda path: path.name)
def test_bold_text_comes_from_a_font_not_a_style_sheet(path) -> None:
    """A widget with a style sheet brings in Qt's style-sheet engine when it is first
    shown (3 ms of opening a Protector file); a bold ``font`` property draws
    the same text."""
    sheets = [element.get("name") for element in ET.parse(path).iter("widget")
              if any(prop.get("name") == "styleSheet"
                     and "".join(prop.itertext()).strip().rstrip(";") == "font-weight: bold"
                     for prop in element.findall("property"))]
    assert sheets == []
