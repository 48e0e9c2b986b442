"""A number beyond a spin box's range never kills the window."""

from __future__ import annotations

import json

import pytest
from PySide6.QtWidgets import QDoubleSpinBox, QSpinBox

from desktop.systems.pow.rules.character import MAX_MONEY, MAX_QUANTITY, MAX_XP
from desktop.ui.binding import show_number
from tests.conftest import REPO

ELECTROBABE = REPO / "resources" / "pow" / "characters" / "electrobabe.sheetdesk"


@pytest.mark.parametrize("value, shown", [
    (5, 5), (250, 250), (-7, -7), (2**31, 2**31 - 1), (10**100, 2**31 - 1),
    (-(10**100), -(2**31)), (float("inf"), 2**31 - 1), (float("nan"), 0), (None, 0),
    ("12", 0),
])
def test_a_spin_box_shows_any_value_without_overflow(qtbot, value, shown) -> None:
    box = QSpinBox()
    qtbot.addWidget(box)
    box.setRange(0, 99)
    show_number(box, value)
    assert box.value() == shown


def test_a_double_spin_box_too(qtbot) -> None:
    box = QDoubleSpinBox()
    qtbot.addWidget(box)
    box.setRange(0, 10)
    show_number(box, 1e12)
    assert box.value() == 1e12
    show_number(box, float("inf"))
    assert box.value() == 0


def test_a_pow_character_with_numbers_at_their_limits_opens(window, tmp_path, prompts):
    data = json.loads(ELECTROBABE.read_text(encoding="utf-8"))
    data["money"] = MAX_MONEY
    data["experience"]["earned"] = MAX_XP
    data["items"] = [{"name": "Marbles", "quantity": MAX_QUANTITY}]
    path = tmp_path / "rich.sheetdesk"
    path.write_text(json.dumps(data), encoding="utf-8")
    editor = window.open_path(path)
    assert editor is not None and prompts.warnings == []
    before = editor.document.character.money
    editor.document.apply("huge", lambda c: setattr(c, "money", 10**100))  # refused
    assert editor.document.character.money == before == MAX_MONEY
