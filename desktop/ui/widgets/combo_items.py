"""A combo box whose items follow the character: shown again after every edit."""

from __future__ import annotations

from collections.abc import Hashable, Sequence
from weakref import WeakKeyDictionary

from PySide6.QtCore import QSignalBlocker, Qt
from PySide6.QtWidgets import QComboBox

_given: WeakKeyDictionary[QComboBox, list[tuple[str, object]]] = WeakKeyDictionary()
"""The items each combo was last given (``given_again``)."""


def given_again(combo: QComboBox, items: list[tuple[str, object]]) -> bool:
    """Whether ``combo`` was last given these very ``items`` (and still holds as many),
    noting them as the last otherwise: a combo that only its filler fills needs no look
    at its own items then, two calls into Qt for each (a tenth of an edit's time)."""
    return _last_given(combo, items) == items


def _last_given(combo: QComboBox, items: list[tuple[str, object]]
                ) -> list[tuple[str, object]] | None:
    """The items ``combo`` was last given, if it still holds as many (None if it was
    never given any, or was changed behind its filler's back), noting ``items`` as the
    last from now on."""
    last = _given.get(combo)
    _given[combo] = items
    return last if last is not None and combo.count() == len(last) else None


def show_items(combo: QComboBox, items: Sequence[tuple[str, Hashable]], *,
               tips: bool = False, default: Hashable = None) -> bool:
    """Show ``items`` (text, data) in ``combo``, keeping the chosen one by its data.

    The same data in the same order (an edit that changed a number, not the list) only
    retitles the items that changed: clearing and refilling a list of dozens after every
    keystroke was most of an edit's time. Otherwise the list is rebuilt with signals
    blocked, and the chosen item is the one with the data chosen before (or ``default``,
    if nothing was), else the first. With ``tips``, each item's tooltip is its text (for
    texts too long for the box). Returns whether the list was rebuilt."""
    items = list(items)
    last = _last_given(combo, items)
    if last == items:
        return False
    data = [value for _text, value in items]
    held = _texts_held(combo, last, data)
    with QSignalBlocker(combo):  # what is chosen does not change here: nothing to say
        if held is not None:
            for index, (text, _value) in enumerate(items):
                if held[index] != text:
                    combo.setItemText(index, text)
                    if tips:
                        combo.setItemData(index, text, Qt.ItemDataRole.ToolTipRole)
            return False
        chosen = combo.currentData()
        chosen = default if chosen is None else chosen
        combo.clear()
        for text, value in items:
            combo.addItem(text, value)
            if tips:
                combo.setItemData(combo.count() - 1, text, Qt.ItemDataRole.ToolTipRole)
        index = -1 if chosen is None else combo.findData(chosen)
        combo.setCurrentIndex(max(index, 0))
    return True


def _texts_held(combo: QComboBox, last: list[tuple[str, object]] | None,
                data: list[object]) -> list[str] | None:
    """The texts of ``combo``'s items if it holds items with this ``data`` (None if
    not): known from what it was last given, else read back (a combo filled elsewhere,
    or changed behind its filler's back). Reading back costs two calls into Qt an item,
    most of an edit's refill of a hundred choices."""
    if last is not None:
        return [text for text, _value in last] if data == [v for _t, v in last] else None
    if data != [combo.itemData(i) for i in range(combo.count())]:
        return None
    return [combo.itemText(i) for i in range(combo.count())]
