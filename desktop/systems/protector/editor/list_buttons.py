"""The buttons of Protector's list tables that open a list: each
Add … opens its list (the book's, our examples, the user's own) with a blank entry at
hand, and "Save to my list" sits beside Add trait…, Add power… and Add agent….

The lists' modules (``add_lists``, ``agent_lists``) are imported when a button is first
pressed: opening a character never needs them."""

from __future__ import annotations

import importlib
from functools import partial
from types import ModuleType
from typing import Any

from PySide6.QtWidgets import QHBoxLayout, QPushButton

from desktop.ui.forms import child
from desktop.ui.widgets.my_list import save_button

ADD = {  # list table: its button, its text (None: the form's), its list's module and chooser
    "traits": ("addTraitButton", None, "add_lists", "trait_chooser"),
    "powers": ("addPowerButton", None, "add_lists", "power_chooser"),
    "agents": ("addAgentButton", "Add agent…", "agent_lists", "agent_chooser"),
    "agent_traits": ("addAgentTraitButton", "Add trait…", "agent_lists",
                     "agent_trait_chooser"),
    "conflicts": ("addConflictButton", "Add conflict…", "agent_lists", "conflict_chooser"),
}
SAVE_ROWS = {"traits": "traitButtons", "powers": "powerButtons", "agents": "agentButtons"}
"""The lists the user keeps their own of, and the form's row of buttons of each."""


def lists(name: str) -> ModuleType:
    """The list module ``name``, imported when a button first needs it."""
    return importlib.import_module(f"desktop.systems.protector.editor.{name}")


def wire(editor: Any) -> None:
    """Connect the Add … buttons and put "Save to my list" beside three of them (the
    editor's ``tables``, ``form`` and ``message``), each when its tab page is loaded
    (the editor's ``when_built``)."""
    for key, (name, text, module, chooser) in ADD.items():
        editor.when_built(name, partial(_wire_button, editor, key, name, text, module,
                                        chooser))


def _wire_button(editor: Any, key: str, name: str, text: str | None, module: str,
                 chooser: str) -> None:
    button = child(editor.form, QPushButton, name)
    if text:
        button.setText(text)
    button.clicked.connect(  # the chooser looked up when pressed (tests replace it)
        lambda _=False: lists("add_lists").add_chosen(getattr(lists(module), chooser),
                                                      editor.tables[key], editor))
    if key in SAVE_ROWS:
        save_button(editor.form.findChild(QHBoxLayout, SAVE_ROWS[key]), button,
                    editor.tables[key], key, editor.message.emit,
                    lambda: lists(module).save_to_my_list(editor, key))
