from __future__ import annotations

import io

import pytest
from pypdf import PdfReader
from reportlab.pdfgen.canvas import Canvas

from desktop.pdf import dice, fonts
from desktop.pdf.dice import DiceRow, DieFace, DieMark
from desktop.pdf.page import Rect
from desktop.pdf.sheet_parts import Overflow


def _render(draw) -> str:
    fonts.register_fonts()
    buffer = io.BytesIO()
    canvas = Canvas(buffer, pagesize=(400, 400))
    draw(canvas)
    canvas.save()
    return " ".join(PdfReader(io.BytesIO(buffer.getvalue())).pages[0].extract_text().split())


def test_faces_parse_ordinary_dice_and_higher_steps() -> None:
    assert DieFace.parse("d8") == DieFace(8)
    assert DieFace.parse("D20").text == "d20"
    higher = DieFace.parse("1d4x10", DieMark.DEPLETED)
    assert (higher.sides, higher.multiplier, higher.higher, higher.mark) == (
        4, 10, True, DieMark.DEPLETED)
    assert higher.text == "d4×10" and DieFace.parse("1d8×100").text == "d8×100"
    assert dice.label_lines(higher) == ("d4", "×10")
    with pytest.raises(ValueError, match="'3d' is not a die"):
        DieFace.parse("3d")


@pytest.mark.parametrize(("sides", "corners"), [(4, 3), (6, 4), (8, 4), (10, 4), (12, 5),
                                                (20, 6)])
def test_each_die_has_its_own_shape_inside_its_circle(sides: int, corners: int) -> None:
    points = dice.outline(sides, 50, 50, 10)
    assert len(points) == corners
    assert all(38 <= x <= 62 and 38 <= y <= 62 for x, y in points)
    assert dice.outline(6, 0, 0, 1) != dice.outline(8, 0, 0, 1)  # square vs diamond


def test_layout_keeps_every_die_inside_the_box_and_shrinks_for_big_pools() -> None:
    box = Rect(10, 10, 120, 40)
    few = dice.layout(box, 3, max_r=8)
    many = dice.layout(box, 30, max_r=8)
    assert few.shown == 3 and few.r == 8
    assert many.shown == 30 and many.r < few.r and many.rows > 1
    for placed in (few, many):
        for cx, cy in placed.centres:
            assert box.x - 1e-6 <= cx - placed.r and cx + placed.r <= box.right + 1e-6
            assert box.y - 1e-6 <= cy - placed.r and cy + placed.r <= box.top + 1e-6


def test_rows_come_in_whole_groups_of_five_when_that_costs_nothing() -> None:
    assert len({cx for cx, _ in dice.layout(Rect(0, 0, 200, 60), 12, max_r=6).centres}) == 12
    placed = dice.layout(Rect(0, 0, 100, 60), 12, max_r=6)  # 6 fit across; 5 still fit
    assert placed.shown == 12 and placed.rows == 3
    assert len({round(cx, 3) for cx, _ in placed.centres}) == 5
    tight = dice.layout(Rect(0, 0, 100, 30), 12, max_r=6)  # no room for a third row
    assert tight.shown == 12 and tight.rows == 2


def test_a_pool_too_big_for_its_box_ends_in_a_count_of_the_rest() -> None:
    faces = [DieFace(6)] * 60
    text = _render(lambda c: dice.draw_dice(c, Rect(10, 10, 60, 10), faces))
    placed = dice.layout(Rect(10, 10, 60, 10), 60)
    assert placed.shown < 60
    assert f"+{60 - placed.shown + 1}" in text
    assert text.count("d6") == placed.shown - 1


def test_drawn_dice_show_their_sizes() -> None:
    faces = [DieFace.parse(t) for t in ("d4", "d6", "d8", "d10", "d12", "d20", "1d4x100")]
    faces.append(DieFace(6, mark=DieMark.DAMAGED))
    text = _render(lambda c: dice.draw_dice(c, Rect(10, 10, 380, 40), faces, max_r=14))
    for label in ("d4", "d6", "d8", "d10", "d12", "d20", "×100"):
        assert label in text, label


def test_row_heights_grow_with_the_dice_a_row_has() -> None:
    rows = [DiceRow(("Fire", ""), (DieFace(10),)), DiceRow(("Fire", ""), (DieFace(10),) * 30)]
    one, thirty = dice.row_heights(rows, [60, 40], 7.5, dice_col=1)
    assert thirty > one


def test_dice_table_draws_rows_with_their_dice_and_moves_the_rest_on() -> None:
    rows = [DiceRow((f"Power {i:02d}", "an effect", ""), (DieFace(20),) * 3)
            for i in range(30)]
    overflow = Overflow()

    def draw(canvas: Canvas) -> None:
        dice.dice_table(canvas, Rect(10, 10, 380, 120), ["Power", "Effects", "Pool"],
                        [30, 40, 30], rows, overflow, "Power", dice_col=2)

    text = _render(draw)
    assert "POWER" in text and "EFFECTS" in text and "Power 00" in text and "d20" in text
    assert "more on the continuation page" in text
    moved = [title for title, _ in overflow.entries]
    assert "Power: Power 29" in moved and "Power: Power 00" not in moved


def test_dice_table_records_text_cut_short_in_full() -> None:
    words = " ".join(f"w{i}" for i in range(300)) + " LASTWORD"
    overflow = Overflow()

    def draw(canvas: Canvas) -> None:
        dice.dice_table(canvas, Rect(10, 10, 300, 60), ["Agent", "Notes", "Pool"], [30, 40, 30],
                        [DiceRow(("Gun", words, ""), (DieFace(6),))], overflow, "Agent",
                        dice_col=2)

    text = _render(draw)
    assert "LASTWORD" not in text and "…" in text
    assert overflow.entries and "LASTWORD" in overflow.entries[0][1]
