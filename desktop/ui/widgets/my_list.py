"""The user's own list beside a list table: a "Save to my list"
button keeps the selected row in the game's ``UserCatalog``, and ``mine`` turns the
saved entries into chooser lines marked "your own list". Any game's editor uses it.

Light on purpose: an editor builds the button as it opens, and what saving and
choosing need (the user's list, the chooser) is imported by its game's list module
when the button is first pressed."""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from PySide6.QtWidgets import QBoxLayout, QPushButton, QWidget

from desktop.model.errors import DocumentError

if TYPE_CHECKING:
    from pydantic import BaseModel

    from desktop.systems.user_catalog import UserCatalog
    from desktop.ui.list_table import ListTableBinding
    from desktop.ui.widgets.catalog_chooser import Entry

MINE = "your own list"


def mine(store: UserCatalog, key: str, warn: Callable[[str], None] | None,
         entry: Callable[[Any, str], Entry]) -> list[Entry]:
    """The user's saved entries of list ``key`` as chooser lines (``entry(item, MINE)``);
    a broken file is reported through ``warn`` and gives none."""
    return [entry(item, MINE) for item in store.entries(key, warn)]


def save_selected(table: ListTableBinding, store: UserCatalog, key: str,
                  clean: Callable[[Any], BaseModel] | None = None) -> str:
    """Keep the selected row of ``table`` in the user's list ``key`` (``clean`` drops
    what belongs to this character only); what happened, in one line."""
    row = table.selected_row()
    if row < 0:
        return f"Select the {table.item_label} to keep first"
    item = table.items[row]
    try:
        path = store.save(key, clean(item) if clean else item.model_copy(deep=True))
    except DocumentError as exc:
        return f"Not saved: {exc.message}"
    return f"Saved {getattr(item, 'name', table.item_label)} to your own list ({path})"


def save_button(row: QBoxLayout, beside: QWidget, table: ListTableBinding, key: str,
                notify: Callable[[str], None], save: Callable[[], str]) -> QPushButton:
    """A "Save to my list" button right after ``beside`` in its button ``row`` (a form's
    named layout) for the list ``key`` of ``table``: it saves the selected row
    (``save``, with ``save_selected``) and says what happened through ``notify``."""
    button = QPushButton("Save to my list", beside.parentWidget())  # Qt owns it from the start
    button.setObjectName(f"save{''.join(p.title() for p in key.split('_'))}ToMyListButton")
    button.setToolTip(f"Offer the selected {table.item_label} again in every character's "
                      f"Add {table.item_label}… list, under “{MINE}”")
    button.clicked.connect(lambda: notify(save()))
    row.insertWidget(row.indexOf(beside) + 1, button)
    QWidget.setTabOrder(beside, button)  # made after the form: else last in Tab order
    return button
