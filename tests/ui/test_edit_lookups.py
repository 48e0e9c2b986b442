"""An edit's refresh asks for no widget by name again: each lookup walks the whole form,
and with eighteen of them Protector's edit took a quarter longer."""

from __future__ import annotations

import cProfile
import pstats

import pytest
from PySide6.QtWidgets import QSpinBox

from desktop.paths import resource
from desktop.systems import system_of
from desktop.systems.files import load_character
from desktop.ui.document import CharacterDocument
from desktop.ui.forms import child
from tests.ui.tooltip_changes import ToolTipChanges

EDITS = {  # an example character and a spin box bound to it, for each game
    "pow": ("electrobabe", "pointsSpin"),
    "pocket": ("kestra", "deftSpin"),
    "protector": ("arclight", "energyDepletedSpin"),
    "kruhl": ("soraya", "brawnSpin"),
    "powers": ("bob", "agilitySpin"),
}


def _find_child_calls(profile: cProfile.Profile) -> int:
    return sum(calls for (_file, _line, name), (calls, *_rest)
               in pstats.Stats(profile).stats.items()  # type: ignore[attr-defined]
               if "findChild" in name)


@pytest.mark.parametrize("game", sorted(EDITS))
def test_an_edit_looks_up_no_widget_by_name(qtbot, game: str) -> None:
    stem, spin_name = EDITS[game]
    character = load_character(resource(game, "characters", f"{stem}.sheetdesk"))
    editor = system_of(character).part("editor").EDITOR(CharacterDocument(character))
    qtbot.addWidget(editor)
    editor.show()
    spin = child(editor.form, QSpinBox, spin_name)
    base = spin.value()
    profile = cProfile.Profile()
    profile.enable()
    for step in range(4):
        spin.setValue(base + 1 - step % 2)
    profile.disable()
    assert editor.document.undo_stack.count() >= 1  # the edits were made and shown
    assert _find_child_calls(profile) == 0


def test_a_refresh_gives_a_derived_label_only_a_tooltip_that_changed(qtbot) -> None:
    """A label's new tooltip is an event to the label and to whatever watches it (a value
    label is watched until the pointer first reaches it, ``selectable_labels``): Pocket
    Universe's refresh set 41 unchanged tooltips an edit, 0.15 ms of its 2."""
    from PySide6.QtWidgets import QLabel

    from desktop.ui.binding import Binder

    character = load_character(resource("pow", "characters", "electrobabe.sheetdesk"))
    label = QLabel()
    qtbot.addWidget(label)
    changes = ToolTipChanges(label)
    tips = iter(["first", "first", "first", "second", "second"])
    binder = Binder(CharacterDocument(character))
    binder.derived(label, lambda _derived, c: c.name, lambda _derived, _c: next(tips))
    for _ in range(5):
        binder.refresh()
    assert label.toolTip() == "second" and label.text() == character.name
    assert changes.count == 2


def test_a_tooltip_labels_share_is_made_once_a_refresh(qtbot) -> None:
    """Pocket Universe's three value labels of an Attribute show one table as their
    tooltip: made once, not three times, after every edit."""
    from PySide6.QtWidgets import QLabel

    from desktop.ui.binding import Binder

    character = load_character(resource("pow", "characters", "electrobabe.sheetdesk"))
    made: list[int] = []

    def table(_derived, _character) -> str:
        made.append(1)
        return f"table {len(made)}"

    labels = [QLabel() for _ in range(3)]
    binder = Binder(CharacterDocument(character))
    for label in labels:
        qtbot.addWidget(label)
        binder.derived(label, lambda _derived, c: c.name, table)
    binder.refresh()
    assert len(made) == 1 and [label.toolTip() for label in labels] == ["table 1"] * 3
    binder.refresh()
    assert len(made) == 2 and [label.toolTip() for label in labels] == ["table 2"] * 3


def _label_calls(profile: cProfile.Profile, method: str) -> int:
    """Calls of a QLabel's ``method`` (``toolTip`` and ``setToolTip`` are QWidget's)."""
    owner = "QWidget" if "ool" in method else "QLabel"
    wanted = f"'{method}' of 'PySide6.QtWidgets.{owner}'"
    return sum(calls for (_file, _line, name), (calls, *_rest)
               in pstats.Stats(profile).stats.items()  # type: ignore[attr-defined]
               if wanted in name)


def test_a_refresh_compares_a_label_with_what_it_gave_it_without_asking_qt(qtbot) -> None:
    """Asking Qt for each derived label's text and tooltip was a quarter of Pocket
    Universe's refresh: the binder keeps what it gave each label and gives it only a
    change."""
    from PySide6.QtWidgets import QLabel

    from desktop.ui.binding import Binder

    character = load_character(resource("pow", "characters", "electrobabe.sheetdesk"))
    labels = [QLabel(), QLabel()]
    for label in labels:
        qtbot.addWidget(label)
    binder = Binder(CharacterDocument(character))
    binder.derived(labels[0], lambda _derived, c: c.name, lambda _derived, c: f"{c.name}!")
    binder.derived(labels[1], lambda _derived, c: c.player)
    profile = cProfile.Profile()
    profile.enable()
    for step in range(4):
        if step == 2:
            character.name = "Renamed"
        binder.refresh()
    profile.disable()
    assert [label.text() for label in labels] == ["Renamed", character.player]
    assert labels[0].toolTip() == "Renamed!"
    assert _label_calls(profile, "text") == _label_calls(profile, "toolTip") == 0
    assert _label_calls(profile, "setText") == 3  # both labels once, then the new name
    assert _label_calls(profile, "setToolTip") == 2
