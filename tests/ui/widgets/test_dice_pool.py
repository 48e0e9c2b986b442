"""The dice-pool widget: dice drawn at their steps, depleted/awarded/removed marked, and
clicks and keys that ask for more or fewer depleted or damaged dice."""

from __future__ import annotations

import pytest
from PySide6.QtCore import QPoint, Qt
from PySide6.QtGui import QColor, QImage

from desktop.model.dice_pool import Die
from desktop.ui.widgets.dice_pool import DicePoolView, DieState, dice_list, layout_states


@pytest.fixture
def view(qtbot) -> DicePoolView:
    widget = DicePoolView()
    qtbot.addWidget(widget)
    widget.show()
    return widget


def states(view: DicePoolView) -> list[tuple[str, str]]:
    return [(str(d.die), d.state.value) for d in view.shown()]


def test_dice_keep_their_steps_and_depleted_dice_revert_to_d6(view) -> None:
    view.set_pool(["d20", "d8", "d8", "d6", "d6"], depleted=2, damaged=1, awarded=1,
                  steps=[4, 1, 1, 0, 0])
    assert states(view) == [("d20", "ready"), ("d8", "ready"),
                            ("d6", "depleted"), ("d6", "depleted"),  # the d8 and a d6
                            ("d6", "awarded"), ("d6", "damaged")]
    assert [d.label for d in view.shown()] == ["d20", "d8", "1", "1", "1", "d6"]
    assert view.summary() == "2 ready (d20, d8), 2 depleted, 1 awarded, 1 removed by damage"
    assert view.shown()[0].describe() == "d20, 4 steps — ready"
    assert (view.ready, view.depleted, view.damaged, view.pool_size) == (2, 2, 1, 5)


def test_higher_steps_are_labelled_with_their_multiplier() -> None:
    shown = layout_states([Die.parse("1d8x10"), Die(20)], 0, 0, 0)
    assert [d.label for d in shown] == ["8×10", "d20"]


def test_counts_beyond_the_pool_are_clamped() -> None:
    shown = layout_states([Die(6)] * 3, depleted=5, damaged=1, awarded=0)
    assert [d.state for d in shown] == [DieState.DEPLETED, DieState.DEPLETED,
                                        DieState.DAMAGED]


def test_clicking_a_ready_die_depletes_it_and_the_ready_dice_after_it(view, qtbot) -> None:
    view.set_pool(["d6"] * 6, depleted=1)
    asked = []
    view.marked.connect(lambda d, r: asked.append((d, r)))
    qtbot.mouseClick(view, Qt.MouseButton.LeftButton,
                     pos=view.cell_rect(3).center().toPoint())
    assert asked == [(3, 0)]  # dice 4 and 5 join the one already depleted
    view.set_pool(["d6"] * 6, depleted=3)
    qtbot.mouseClick(view, Qt.MouseButton.LeftButton,
                     pos=view.cell_rect(3).center().toPoint())
    assert asked[-1] == (2, 0)  # the first depleted die comes back


def test_right_click_marks_damage_and_repairs(view, qtbot) -> None:
    view.set_pool(["d8", "d6", "d6", "d6"], depleted=2)
    asked = []
    view.marked.connect(lambda d, r: asked.append((d, r)))
    qtbot.mouseClick(view, Qt.MouseButton.RightButton,
                     pos=view.cell_rect(2).center().toPoint())
    assert asked == [(2, 2)]
    view.set_pool(["d8", "d6", "d6", "d6"], depleted=1, damaged=2)
    view.click(2, damage=True)  # the first damaged die is repaired
    assert asked[-1] == (1, 1)
    view.click(0, damage=True)  # damage everything: no die is left to be depleted
    assert asked[-1] == (0, 4)


def test_awarded_dice_are_not_the_pool_s_own(view) -> None:
    view.set_pool(["d6"] * 2, depleted=1, awarded=2)
    asked = []
    view.marked.connect(lambda d, r: asked.append((d, r)))
    view.click(2)  # an awarded die
    assert asked == []
    view.click(3, damage=True)
    assert asked == []
    view.click(1, damage=True)  # the depleted die is removed instead
    assert asked == [(1, 1)]


def test_keys_change_one_die_at_a_time(view, qtbot) -> None:
    view.set_pool(["d6"] * 3, depleted=1)
    asked = []
    view.marked.connect(lambda d, r: asked.append((d, r)))
    view.setFocus()
    for key in (Qt.Key.Key_Minus, Qt.Key.Key_Plus, Qt.Key.Key_Delete, Qt.Key.Key_Insert):
        qtbot.keyClick(view, key)
    assert asked == [(2, 0), (0, 0), (1, 1)]  # Insert: nothing damaged to repair


def test_a_read_only_view_ignores_clicks(qtbot) -> None:
    view = DicePoolView(interactive=False)
    qtbot.addWidget(view)
    view.set_pool(["d6"] * 2)
    asked = []
    view.marked.connect(lambda d, r: asked.append((d, r)))
    view.click(0)
    assert asked == [] and view.focusPolicy() == Qt.FocusPolicy.NoFocus


def test_size_grows_in_rows_of_ten(view) -> None:
    view.set_pool(["d6"] * 10)
    one_row = view.sizeHint()
    view.set_pool(["d6"] * 23)
    assert view.sizeHint().height() > 2 * one_row.height() - 10
    assert view.sizeHint().width() == one_row.width()
    assert view.cell_rect(10).top() > view.cell_rect(9).top()


def test_an_empty_pool_says_so(view) -> None:
    view.set_empty_text("latent: no pool")
    view.set_pool([])
    assert view.summary() == "latent: no pool"
    assert "latent" in view.toolTip()


def test_dice_are_drawn(view) -> None:
    view.set_pool(["d20", "d6"], damaged=1)
    view.resize(view.sizeHint())
    image: QImage = view.grab().toImage()
    first = view.cell_rect(0).center().toPoint() + QPoint(0, -8)
    second = view.cell_rect(1).center().toPoint()
    # Something is painted in the d20's cell, and the damaged d6 has its red cross.
    background = image.pixelColor(1, image.height() - 1)
    assert any(image.pixelColor(first + QPoint(dx, 0)) != background for dx in range(-6, 7))
    reds = [image.pixelColor(second + QPoint(d, d)) for d in range(-4, 5)]
    assert any(c.red() > 150 and c.green() < 100 for c in reds), reds
    assert isinstance(reds[0], QColor)


def test_dice_list_counts_repeats() -> None:
    assert dice_list([Die(8), Die(6), Die(6)]) == "d8, 2d6"
    assert dice_list([Die.parse("1d4x10")] * 2) == "2d4x10"


def test_what_the_pool_says_follows_it(view) -> None:
    """Its summary, tooltip and accessible description are made once per change of the
    pool, and change with it; its accessible name stays."""
    view.set_pool(["d8", "d6"])
    assert view.summary() == "2 ready (d8, d6)"
    view.set_pool(["d8", "d6"], depleted=1)
    assert view.summary() == "1 ready (d8), 1 depleted"
    assert view.toolTip().startswith("1 ready (d8), 1 depleted\nClick a die")
    assert view.accessibleDescription() == "1 ready (d8), 1 depleted"
    assert view.accessibleName() == "Dice pool"
    view.set_empty_text("latent: no pool")
    assert view.summary() == "1 ready (d8), 1 depleted"  # not empty: the dice still say
    view.set_pool([])
    assert view.accessibleDescription() == "latent: no pool"
