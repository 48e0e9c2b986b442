from __future__ import annotations

import io
import itertools

from reportlab.pdfgen.canvas import Canvas

from desktop.model.pools import Bubble, bubble_states
from desktop.pdf.bubbles import bubble_row, draw_bubbles
from desktop.pdf.page import Rect


def test_stat_3_gives_9_open_then_16_filled_from_the_right() -> None:
    states = bubble_states(9)
    assert len(states) == 25
    assert states[:9] == [Bubble.OPEN] * 9
    assert states[9:] == [Bubble.FILLED] * 16


def test_spent_points_sit_between_open_and_filled() -> None:
    states = bubble_states(9, current=4)
    assert states.count(Bubble.OPEN) == 4
    assert states[4:9] == [Bubble.SPENT] * 5
    assert states.count(Bubble.FILLED) == 16


def test_current_is_clamped_to_the_pool() -> None:
    assert bubble_states(4, current=7).count(Bubble.OPEN) == 4
    assert bubble_states(4, current=-2).count(Bubble.SPENT) == 4


def test_empty_and_oversized_pools() -> None:
    assert bubble_states(0) == [Bubble.FILLED] * 25
    assert bubble_states(-3) == [Bubble.FILLED] * 25
    assert bubble_states(36) == [Bubble.OPEN] * 36


def test_bubble_row_stays_inside_its_box_and_does_not_overlap() -> None:
    box = Rect(100, 50, 200, 12)
    circles = bubble_row(box, 25)
    assert len(circles) == 25
    for left, right in itertools.pairwise(circles):
        assert right.cx - left.cx >= 2 * left.r
    assert circles[0].cx - circles[0].r >= box.x - 1e-6
    assert circles[-1].cx + circles[-1].r <= box.right + 1e-6
    assert all(box.y <= c.cy - c.r and c.cy + c.r <= box.top for c in circles)


def test_groups_of_five_have_a_wider_gap() -> None:
    circles = bubble_row(Rect(0, 0, 300, 20), 10)
    inside = circles[1].cx - circles[0].cx
    between = circles[5].cx - circles[4].cx
    assert between > inside


def test_draw_bubbles_returns_one_circle_per_state() -> None:
    canvas = Canvas(io.BytesIO())
    assert len(draw_bubbles(canvas, Rect(0, 0, 200, 10), bubble_states(4, 2))) == 25
    assert bubble_row(Rect(0, 0, 10, 10), 0) == []
