"""A list table's derived column: its cells follow the rules after every change, and a
refresh looks only at the cells whose text changed (each look is two calls into Qt)."""

from __future__ import annotations

import cProfile
import pstats

from PySide6.QtWidgets import QTableWidget

from desktop.systems.pocket.rules.character import Trait, new_character
from desktop.ui.document import CharacterDocument
from desktop.ui.list_table import Column, ListTableBinding


def _item_calls(profile: cProfile.Profile) -> int:
    return sum(calls for (_file, _line, name), (calls, *_rest)
               in pstats.Stats(profile).stats.items()  # type: ignore[attr-defined]
               if "'item' of 'PySide6.QtWidgets.QTableWidget'" in name)


def test_only_the_derived_cells_that_changed_are_looked_at(qtbot) -> None:
    character = new_character("Ann")
    character.traits = [Trait(name=name) for name in ("Quirk", "Vain", "Lucky", "Tough")]
    document = CharacterDocument(character)
    widget = QTableWidget()
    qtbot.addWidget(widget)
    columns = [Column("name", "Trait"),
               Column("times", "Shown", kind="derived",
                      derived=lambda _d, c, row: f"{c.name}: {c.traits[row].times}"),
               Column("points", "Row", kind="derived", derived=lambda _d, _c, row: str(row))]
    table = ListTableBinding(document, widget, "traits", columns, "trait",
                             lambda: Trait(name="New"))
    table.refresh()
    document.changed.connect(table.refresh)
    profile = cProfile.Profile()
    profile.enable()
    table.refresh()  # nothing changed: no cell is looked at
    document.apply("Rename", lambda c: setattr(c, "name", "Bea"))  # four cells change
    profile.disable()
    assert [widget.item(row, 1).text() for row in range(4)] == ["Bea: 1"] * 4
    assert [widget.item(row, 2).text() for row in range(4)] == ["0", "1", "2", "3"]
    assert _item_calls(profile) == 4
    document.undo_stack.undo()
    assert widget.item(2, 1).text() == "Ann: 1"
