"""Protector's Add agent… / Add trait… (of an agent) / Add conflict… from the book's
lists, pressed in the editor as a player would."""

from __future__ import annotations

import pytest
from PySide6.QtWidgets import QDialog, QPushButton

from desktop.systems.protector.editor import agent_lists
from desktop.ui.forms import child
from tests.ui.chooser_search import listed, search


def _accepting(monkeypatch, name: str, pick: str):
    """Make ``agent_lists.name`` return its chooser with ``pick`` chosen and accepted."""
    original = getattr(agent_lists, name)

    def chooser(parent):
        dialog = original(parent)
        dialog.choose(pick)
        dialog.exec = lambda: QDialog.DialogCode.Accepted
        return dialog

    monkeypatch.setattr(agent_lists, name, chooser)


def test_the_agent_list_is_the_book_s_equipment_then_the_examples_agents(qtbot):
    lines = listed(qtbot, agent_lists.agent_chooser())
    assert lines[0].startswith("Pistol  ·  book: equipment")
    assert any(line.startswith("Arc Lance  ·  book: ") for line in lines)
    assert lines[-1] == "Blank agent  ·  fill it in yourself"


def test_a_search_finds_a_weapon_by_its_type(qtbot):
    chooser = agent_lists.agent_chooser()
    assert {"Pistol", "Rifle", "Shotgun"} <= set(search(qtbot, chooser, "weapon"))


@pytest.mark.parametrize(("button", "chooser", "pick", "key"), [
    ("addAgentButton", "agent_chooser", "Rifle", "agents"),
    ("addConflictButton", "conflict_chooser", "They're on to me", "conflicts"),
])
def test_the_add_button_opens_the_list_and_adds_in_one_undo_step(
        blank, monkeypatch, button, chooser, pick, key):
    _accepting(monkeypatch, chooser, pick)
    add = child(blank.form, QPushButton, button)
    assert add.text().endswith("…")
    add.click()
    added = getattr(blank.document.character, key)[-1]
    assert pick in (getattr(added, "name", "") or added.conflict)
    if key == "agents":
        assert [(t.name, t.steps) for t in added.traits] == [("Damage", 2), ("Accuracy", 1)]
    stack = blank.document.undo_stack
    assert stack.text(stack.index() - 1) == f"Add {pick}"
    stack.undo()
    assert not getattr(blank.document.character, key)


def test_an_agent_trait_comes_from_the_book_s_equipment(blank, monkeypatch):
    _accepting(monkeypatch, "agent_chooser", "Pistol")
    child(blank.form, QPushButton, "addAgentButton").click()
    blank.tables["agents"].table.selectRow(0)
    _accepting(monkeypatch, "agent_trait_chooser", "Damage (weapon, 2 steps)")
    child(blank.form, QPushButton, "addAgentTraitButton").click()
    traits = blank.document.character.agents[0].traits
    assert [(t.name, t.type, t.steps) for t in traits] == [
        ("Damage", "weapon", 1), ("Damage", "weapon", 2)]


def test_an_agent_saved_to_my_list_is_offered_again(blank, qtbot, monkeypatch):
    _accepting(monkeypatch, "agent_chooser", "Rifle")
    child(blank.form, QPushButton, "addAgentButton").click()
    blank.tables["agents"].table.selectRow(0)
    child(blank.form, QPushButton, "saveAgentsToMyListButton").click()
    lines = listed(qtbot, agent_lists.agent_chooser(None))
    assert "Rifle  ·  your own list" in lines
