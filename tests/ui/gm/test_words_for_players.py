"""No developer words on the GM screen: no internal keys, file names, raw fractions,
"seeded" rolls or bare section numbers without the book's name in any label, button,
tooltip, menu, roster cell, log line, reference chart or action hint, for every game's
example fight, every combatant selected in turn and a round played."""

from __future__ import annotations

import re
from collections.abc import Iterator
from pathlib import Path

import pytest
from PySide6.QtCore import QModelIndex, Qt
from PySide6.QtWidgets import QApplication, QPlainTextEdit

from desktop.systems.encounters import new_encounter
from desktop.systems.files import load_character
from desktop.ui.gm.window import GmWindow
from tests.ui.gm.conftest import open_gm
from tests.ui.test_words_for_players import DEVELOPER_WORDS, developer_words

REPO = Path(__file__).resolve().parents[3]
GAMES = ("pow", "pocket", "protector", "powers", "kruhl")
GM_WORDS = {
    "a seeded roll": re.compile(r"\(seeded\)", re.IGNORECASE),
}


def gm_texts(gm: GmWindow) -> Iterator[str]:
    """What developer_words does not read: menus, the roster's cells, the log."""
    for action in gm.findChildren(type(gm.menus.next_action)):
        yield action.text()
        yield action.toolTip()
        yield action.statusTip()
    model = gm.model

    def walk(parent: QModelIndex) -> Iterator[str]:
        for row in range(model.rowCount(parent)):
            for column in range(model.columnCount(parent)):
                index = model.index(row, column, parent)
                yield str(index.data() or "")
                yield str(index.data(Qt.ItemDataRole.ToolTipRole) or "")
            yield from walk(model.index(row, 0, parent))

    yield from walk(QModelIndex())
    for column in range(model.columnCount()):
        yield str(model.headerData(column, Qt.Orientation.Horizontal) or "")
    for text in gm.findChildren(QPlainTextEdit):
        yield text.toPlainText()


def all_words(gm: GmWindow) -> set[tuple[str, str, str]]:
    found = set(developer_words(gm))
    patterns = {**DEVELOPER_WORDS, **GM_WORDS}
    for text in gm_texts(gm):
        plain = re.sub(r"<[^>]+>", " ", text)
        for kind, pattern in patterns.items():
            found |= {(kind, m.group(0), plain[:90]) for m in pattern.finditer(plain)}
    for text in _widget_texts(gm):
        for kind, pattern in GM_WORDS.items():
            found |= {(kind, m.group(0), text[:90]) for m in pattern.finditer(text)}
    return found


def _widget_texts(gm: GmWindow) -> Iterator[str]:
    from tests.ui.test_words_for_players import shown_texts

    for text in shown_texts(gm):
        yield re.sub(r"<[^>]+>", " ", text or "")


@pytest.mark.parametrize("game", GAMES)
def test_no_developer_words_on_the_gm_screen(qtbot, gm_prompts, game) -> None:
    encounter = new_encounter(game, "Examples", seed=3)
    for path in sorted((REPO / "resources" / game / "characters").glob("*.sheetdesk")):
        encounter = encounter.add_character(load_character(path))
    gm = open_gm(qtbot, gm_prompts, encounter=encounter)
    try:
        found = all_words(gm)  # before the fight
        gm.start_fight()
        keys = list(gm.encounter.fighters)
        for key in keys:
            gm.select(key)
            QApplication.processEvents()
            found |= all_words(gm)
        gm.dice.check_button.click()
        gm.dice.roll_button.click()
        for _ in keys:
            gm.next_turn()
        found |= all_words(gm)
        assert sorted(found) == []
    finally:
        gm.session.undo_stack.setClean()
        gm.close()


def test_the_gm_patterns_find_what_they_are_for() -> None:
    text = "Roll (seeded): 7; its Action (5.3), called shot (5.6, 5.61), Checks (4.0–4.4)"
    kinds = {kind for kind, p in GM_WORDS.items() if p.search(text)}
    assert kinds == set(GM_WORDS)
    assert not any(p.search("(Pocket Universe 5.3); (POW!, Taking Damage); (1.5 %)")
                   for p in GM_WORDS.values())
