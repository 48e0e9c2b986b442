from __future__ import annotations

import pytest

from desktop.pdf.page import Page, Rect


def test_paper_sizes_in_points() -> None:
    assert Page.of("a4").size == pytest.approx((595.28, 841.89), abs=0.01)
    assert Page.of("letter").size == (612, 792)


def test_unknown_paper_is_a_clear_error() -> None:
    with pytest.raises(ValueError, match="legal"):
        Page.of("legal")  # type: ignore[arg-type]


def test_content_is_inside_the_margins() -> None:
    page = Page.of("letter")
    c = page.content
    assert c.x == c.y == page.margin
    assert c.right == pytest.approx(page.width - page.margin)
    assert c.top == pytest.approx(page.height - page.margin)


def test_rows_and_columns_tile_the_box_with_gaps() -> None:
    box = Rect(10, 20, 100, 200)
    top, bottom = box.rows([3, 1], gap=8)
    assert top.top == box.top and bottom.y == pytest.approx(box.y)
    assert top.h == pytest.approx(3 * bottom.h)
    assert top.y - bottom.top == pytest.approx(8)
    left, mid, right = box.columns(3, gap=5)
    assert left.x == box.x and right.right == pytest.approx(box.right)
    assert mid.x - left.right == pytest.approx(5)


def test_take_top_and_left_split_without_overlap() -> None:
    box = Rect(0, 0, 50, 40)
    band, rest = box.take_top(10, gap=2)
    assert band == Rect(0, 30, 50, 10) and rest == Rect(0, 0, 50, 28)
    left, rest = box.take_left(20, gap=5)
    assert left == Rect(0, 0, 20, 40) and rest == Rect(25, 0, 25, 40)
    assert box.inset(5) == Rect(5, 5, 40, 30)
