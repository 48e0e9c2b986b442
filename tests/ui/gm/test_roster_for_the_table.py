"""The roster read from across a table: names whole (the numbers give way first), a
Larger text view remembered between runs, hurt and down lines at WCAG AA contrast."""

from __future__ import annotations

from PySide6.QtGui import QColor
from PySide6.QtWidgets import QStyleOptionViewItem

from desktop.ui.gm.combatant_table import LOOKS, OUT_TEXT
from desktop.ui.gm.menus import LARGER_TEXT
from desktop.ui.gm.window import GmWindow
from tests.ui.gm.conftest import open_gm
from tests.ui.gm.test_roster import start


def luminance(color: QColor) -> float:
    def linear(c: float) -> float:
        return c / 12.92 if c <= 0.03928 else ((c + 0.055) / 1.055) ** 2.4
    return (0.2126 * linear(color.redF()) + 0.7152 * linear(color.greenF())
            + 0.0722 * linear(color.blueF()))


def contrast(a: QColor, b: QColor) -> float:
    light, dark = sorted((luminance(a), luminance(b)), reverse=True)
    return (light + 0.05) / (dark + 0.05)


def test_hurt_dying_dead_and_down_lines_meet_wcag_aa() -> None:
    for state, (background, text) in LOOKS.items():
        assert background.alpha() == 255, state
        assert contrast(background, text) >= 4.5, state
    assert contrast(QColor("white"), OUT_TEXT) >= 4.5


def test_a_hurt_and_a_down_line_use_those_colours(gm, gm_prompts, party) -> None:
    start(gm, party, gm_prompts)
    for _ in range(3):
        gm.perform("Lizard-man 2", "damage", {"points": 9}, "Damage")
    line = gm.model.line(gm.model.index_of("Lizard-man 2"))
    assert line is not None and line.state in LOOKS
    item = gm.model.itemFromIndex(gm.model.index_of("Lizard-man 2"))
    background, text = LOOKS[line.state]
    if not line.acting:
        assert item.background().color() == background
        assert item.foreground().color() == text


def names_whole(gm: GmWindow) -> None:
    view = gm.roster.view
    keys: list[str] = gm.model.keys()
    for key in keys:
        index = gm.model.index_of(key)
        option = QStyleOptionViewItem()
        option.font = view.font()
        option.decorationSize = view.iconSize()
        wanted = view.itemDelegateForIndex(index).sizeHint(option, index).width()
        assert wanted <= view.visualRect(index).width(), (index.data(), wanted)


def test_names_are_never_cut_when_statuses_crowd_the_roster(gm, gm_prompts, party) -> None:
    start(gm, party, gm_prompts)
    gm.add_condition("Electrobabe", "Blinded and deafened by the flash", None)
    gm.perform("Electrobabe", "damage", {"points": 6}, "Damage")
    gm.resize(640, 480)
    gm.roster.fit_columns()
    names_whole(gm)


def test_larger_text_is_a_checkable_view_and_remembered(qtbot, gm_prompts, party) -> None:
    gm = open_gm(qtbot, gm_prompts)
    start(gm, party, gm_prompts)
    action = gm.menus.larger_text_action
    assert action.isCheckable() and not action.isChecked()
    size = gm.roster.view.font().pointSizeF()
    action.setChecked(True)
    assert gm.roster.view.font().pointSizeF() >= size * 1.5
    item = gm.model.itemFromIndex(gm.model.index_of("Sparky"))
    assert item.font().pointSizeF() >= size * 1.5
    names_whole(gm)
    assert gm.settings.value(LARGER_TEXT) == "1"
    gm.session.undo_stack.setClean()
    gm.close()
    again = open_gm(qtbot, gm_prompts)
    assert again.menus.larger_text_action.isChecked()
    assert again.roster.view.font().pointSizeF() >= size * 1.5
    again.close()
