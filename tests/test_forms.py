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
