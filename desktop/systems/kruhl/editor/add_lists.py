"""Warlords of Kruhl's "Add equipment…" and "Add custom skill…" from a list:
the equipment the chapter rates, Sheetdesk's labelled examples
(``rules.add_lists``), then the user's own (saved with "Save to my list",
``USER_LIST``); searchable with the game's synonyms, a blank entry still at hand.

The editor wires its buttons to this module and imports it when one is first pressed
(``KruhlEditor._wire_lists``): opening a character never needs the lists."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from PySide6.QtWidgets import QWidget

from desktop.systems.kruhl.rules.add_lists import equipment_examples, skill_examples
from desktop.systems.kruhl.rules.character import ATTRIBUTE_LABELS, CustomSkill, Equipment
from desktop.systems.user_catalog import UserCatalog
from desktop.ui.rich_text import escape
from desktop.ui.widgets.catalog_chooser import CatalogChooser, Entry, add_chosen_to
from desktop.ui.widgets.my_list import mine, save_selected

GAME = "kruhl"
USER_LIST = UserCatalog(GAME, {"equipment": Equipment, "custom_skills": CustomSkill},
                        label="equipment and skills list")


def _html(title: str, source: str, rows: list[tuple[str, str]]) -> str:
    body = "".join(f"<p><b>{escape(k)}:</b> {escape(v)}</p>" for k, v in rows if v)
    return f"<h3>{escape(title)}</h3><p><i>{escape(source)}</i></p>{body}"


def _equipment_entry(item: Equipment, source: str) -> Entry:
    helps = ", ".join(item.skills)
    return Entry(item.name, source, _html(item.name, source, [
        ("Rating", str(item.rating)), ("Helps", helps or "tick the skills it helps"),
        ("Notes", item.notes)]), item, f"{helps} {item.notes}")


def _skill_entry(skill: CustomSkill, source: str, notes: str = "") -> Entry:
    attribute = ATTRIBUTE_LABELS[skill.attribute]
    return Entry(skill.name, source, _html(skill.name, source, [
        ("Attribute", attribute), ("Covers", notes)]), skill, f"{attribute} {notes}")


def _warn(parent: QWidget | None) -> Callable[[str], None] | None:
    """Where a broken user list is reported: the editor's status line, if any."""
    return getattr(getattr(parent, "message", None), "emit", None)


def equipment_chooser(parent: QWidget | None = None) -> CatalogChooser:
    entries = [_equipment_entry(e.equipment(), e.source) for e in equipment_examples()]
    entries += mine(USER_LIST, "equipment", _warn(parent), _equipment_entry)
    return CatalogChooser("Add equipment", entries, Entry(
        "Blank equipment", "fill it in yourself", "<p>An empty row to fill in.</p>",
        Equipment(name="New equipment")), GAME, parent)


def custom_skill_chooser(parent: QWidget | None = None) -> CatalogChooser:
    entries = [_skill_entry(s.custom_skill(), s.source, s.notes) for s in skill_examples()]
    entries += mine(USER_LIST, "custom_skills", _warn(parent), _skill_entry)
    return CatalogChooser("Add a custom skill", entries, Entry(
        "Blank skill", "fill it in yourself", "<p>An empty row to fill in. The chapter's "
        "own skills are already in the skills table.</p>",
        CustomSkill(name="New skill", attribute="reason")), GAME, parent)


CHOOSERS: dict[str, Callable[[QWidget | None], CatalogChooser]] = {
    "equipment": equipment_chooser, "custom_skills": custom_skill_chooser}


def add_from_list(editor: Any, key: str) -> bool:
    """Ask with the list's chooser (looked up at click time, so a test may replace it)
    and add the chosen entry to the editor's table ``key``: one undo step."""
    return add_chosen_to(CHOOSERS[key](editor), editor.tables[key])


def save_to_my_list(editor: Any, key: str) -> str:
    """Keep the selected row of the editor's table ``key`` in the user's own list; what
    happened, in one line."""
    return save_selected(editor.tables[key], USER_LIST, key)
