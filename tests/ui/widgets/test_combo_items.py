"""show_items: a combo box that follows the character keeps what the user chose."""

from __future__ import annotations

from PySide6.QtCore import Qt
from PySide6.QtWidgets import QComboBox

from desktop.ui.widgets.combo_items import show_items


def _items(combo: QComboBox) -> list[tuple[str, object]]:
    return [(combo.itemText(i), combo.itemData(i)) for i in range(combo.count())]


def _combo(qtbot) -> tuple[QComboBox, list[int]]:
    combo = QComboBox()
    qtbot.addWidget(combo)
    changes: list[int] = []
    combo.currentIndexChanged.connect(changes.append)
    return combo, changes


def test_new_numbers_retitle_in_place_and_keep_the_choice(qtbot) -> None:
    combo, changes = _combo(qtbot)
    assert show_items(combo, [("Deft 11", "attr:deft"), ("Phys 9", "attr:phys")])
    combo.setCurrentIndex(1)
    changes.clear()
    mark = Qt.ItemDataRole.UserRole + 1
    combo.setItemData(0, "kept", mark)  # a refill would lose it

    rebuilt = show_items(combo, [("Deft 12", "attr:deft"), ("Phys 9", "attr:phys")])

    assert not rebuilt  # the same keys: retitled, not cleared and refilled
    assert _items(combo) == [("Deft 12", "attr:deft"), ("Phys 9", "attr:phys")]
    assert combo.itemData(0, mark) == "kept"
    assert combo.currentData() == "attr:phys"
    assert changes == []


def test_another_list_keeps_the_choice_by_its_data(qtbot) -> None:
    combo, changes = _combo(qtbot)
    show_items(combo, [("Deft 11", "attr:deft"), ("Phys 9", "attr:phys")])
    combo.setCurrentIndex(1)
    changes.clear()

    assert show_items(combo, [("Blade 12", "skill:Blade"), ("Phys 9", "attr:phys")])

    assert _items(combo) == [("Blade 12", "skill:Blade"), ("Phys 9", "attr:phys")]
    assert combo.currentData() == "attr:phys"
    assert changes == []  # signals blocked: refilling is not the user choosing


def test_a_choice_gone_falls_back_to_the_first(qtbot) -> None:
    combo, _ = _combo(qtbot)
    show_items(combo, [("A", "a"), ("B", "b")])
    combo.setCurrentIndex(1)
    show_items(combo, [("C", "c"), ("A", "a")])
    assert combo.currentData() == "c"


def test_an_empty_combo_starts_on_the_default(qtbot) -> None:
    combo, _ = _combo(qtbot)
    show_items(combo, [("Deft 11", "attr:deft"), ("Phys 9", "attr:phys")],
               default="attr:phys")
    assert combo.currentData() == "attr:phys"


def test_tips_follow_the_texts(qtbot) -> None:
    combo, _ = _combo(qtbot)
    show_items(combo, [("Decade 1, an event", "0.0")], tips=True)
    show_items(combo, [("Decade 1, the event renamed", "0.0")], tips=True)
    assert combo.itemData(0, Qt.ItemDataRole.ToolTipRole) == "Decade 1, the event renamed"


def test_the_same_items_again_look_at_nothing_in_the_combo(qtbot, monkeypatch) -> None:
    """An edit that leaves a list as it was costs no call into Qt per item; a combo
    changed behind the filler's back is filled again."""
    combo, changes = _combo(qtbot)
    items = [("Deft 11", "attr:deft"), ("Phys 9", "attr:phys")]
    show_items(combo, items)
    looked: list[int] = []
    monkeypatch.setattr(QComboBox, "itemData", lambda self, i, *r: looked.append(i))
    monkeypatch.setattr(QComboBox, "itemText", lambda self, i: looked.append(i))
    assert not show_items(combo, list(items))
    assert looked == []
    monkeypatch.undo()
    combo.addItem("Someone else's", "other")
    assert show_items(combo, items)  # as many items no more: looked at and refilled
    assert _items(combo) == items and changes == []


def test_new_numbers_are_retitled_from_what_was_given_without_reading_back(
        qtbot, monkeypatch) -> None:
    """A hundred choices with new numbers after an edit: the texts to compare with are
    the ones the filler gave, not two calls into Qt an item."""
    combo, changes = _combo(qtbot)
    show_items(combo, [("Deft 11", "attr:deft"), ("Phys 9", "attr:phys")])
    looked: list[int] = []
    monkeypatch.setattr(QComboBox, "itemData", lambda self, i, *r: looked.append(i))
    monkeypatch.setattr(QComboBox, "itemText", lambda self, i: looked.append(i))

    assert not show_items(combo, [("Deft 12", "attr:deft"), ("Phys 9", "attr:phys")])

    assert looked == []
    monkeypatch.undo()
    assert _items(combo) == [("Deft 12", "attr:deft"), ("Phys 9", "attr:phys")]
    assert changes == []


def test_a_combo_filled_elsewhere_is_read_back_and_retitled(qtbot) -> None:
    combo, changes = _combo(qtbot)
    combo.addItem("Deft 11", "attr:deft")
    combo.addItem("Phys 9", "attr:phys")
    combo.setCurrentIndex(1)
    changes.clear()

    assert not show_items(combo, [("Deft 12", "attr:deft"), ("Phys 9", "attr:phys")])

    assert _items(combo) == [("Deft 12", "attr:deft"), ("Phys 9", "attr:phys")]
    assert combo.currentData() == "attr:phys" and changes == []
