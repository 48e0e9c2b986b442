"""The fold-up stand-up ID card every game prints, after POW!'s "Hi, My Name Is:" card.

A game fills a ``CardView`` (name, concept, the charts and numbers for the back); this
module lays it out. Top to bottom inside the box:

back panel (charts, turned 180° so it reads upright when stood up) · FOLD HERE ·
front panel ("Hi, My Name Is:") · FOLD HERE · base · FOLD HERE AND TAPE · tape flap.
Folded along both lines the front and back lean together; the flap tapes inside the
back panel's free edge.
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping, Sequence
from contextlib import contextmanager
from contextvars import ContextVar
from dataclasses import dataclass, field, replace
from typing import Any, Literal

from reportlab.pdfgen.canvas import Canvas

from desktop.pdf import boxes, fillable, fonts, marks, style
from desktop.pdf.page import Rect
from desktop.pdf.picture import draw_picture
from desktop.pdf.text import Fitted, draw, draw_fitted, fit_and_draw, fit_cell, width

LineKind = Literal["step", "item", "footer"]


@dataclass(frozen=True)
class ChartLine:
    """One line of a chart on the card's back: a labelled step, a bullet item or a footer."""

    kind: LineKind
    """"step": a labelled line; "item": a bullet under it; "footer": a closing note."""
    text: str
    label: str = ""


@dataclass(frozen=True)
class Chart:
    """A titled chart for the back of the ID card: a key chart or a block of labelled numbers."""

    title: str
    lines: tuple[ChartLine, ...]
    values: bool = False
    """A character's own numbers (``numbers``), not a key chart: left empty, to fill
    in, on a blank card."""

    @classmethod
    def from_json(cls, data: Mapping[str, Any]) -> Chart:
        """A chart as the games' key-chart files hold it: title, steps (label, text,
        items) and an optional footer."""
        lines: list[ChartLine] = []
        for step in data["steps"]:
            lines.append(ChartLine("step", step["text"], step["label"]))
            lines.extend(ChartLine("item", item) for item in step.get("items", ()))
        if data.get("footer"):
            lines.append(ChartLine("footer", data["footer"]))
        return cls(data["title"], tuple(lines))

    @classmethod
    def numbers(cls, title: str, rows: Sequence[tuple[str, str]], footer: str = "", *,
                values: bool = True) -> Chart:
        """A block of labelled numbers ("Hits", "12") for a GM to read at a glance:
        the character's own (``values``) or the book's (difficulties)."""
        lines = [ChartLine("step", value, label) for label, value in rows]
        if footer:
            lines.append(ChartLine("footer", footer))
        return cls(title, tuple(lines), values=values)

    def emptied(self) -> Chart:
        """The chart of a blank card: a character's numbers give way to empty space."""
        if not self.values:
            return self
        return replace(self, lines=tuple(replace(line, text="") if line.kind == "step"
                                         else line for line in self.lines))


@dataclass(frozen=True)
class CardView:
    """Everything a game prints on its stand-up ID card, for ``draw_card`` to lay out."""

    game: str
    """Short name of the game, for "<game> Key Charts" and "<game> ID card"."""
    name: str
    concept: str = ""
    concept_caption: str = "Basic Concept:"
    player: str = ""
    base_note: str = ""
    """Printed after "<game> ID card" on the base (POW!: the Worldbook)."""
    back_title: str = ""
    """Title of the back panel; default "<game> Key Charts"."""
    columns: tuple[tuple[Chart, ...], ...] = ()
    """The back panel's columns, each a stack of charts."""
    column_weights: tuple[float, ...] = field(default=())
    base_numbers: tuple[tuple[str, str], ...] = ()
    """What the table needs at a glance, printed on the base the card stands on
    ("To hit me", "12"): a row of labelled boxes under whose card it is."""
    picture: bytes | None = None
    """The character's picture (PNG or JPEG), beside the name on the front."""


def base_numbers(chart: Chart, limit: int = 5, skip: Sequence[str] = ()
                 ) -> tuple[tuple[str, str], ...]:
    """The first ``limit`` labelled numbers of ``chart`` (bar those in ``skip``), for
    the base: a game's "Combat" chart already says what the table asks for."""
    rows = [(line.label, line.text) for line in chart.lines
            if line.kind == "step" and line.label and line.label not in skip]
    return tuple(rows[:limit])


def card_panels(box: Rect) -> dict[str, Rect]:
    """Where each panel of the card goes (also used by the tests)."""
    back, front, base, flap = box.rows([40, 40, 12, 8])
    return {"back": back, "front": front, "base": base, "flap": flap}


def picture_of(character: Any) -> bytes | None:
    """A character's picture as image bytes (None: the card has no picture)."""
    picture = getattr(character, "picture", None)
    return picture.image_bytes() if picture is not None else None


_back_sizes: ContextVar[list[float] | None] = ContextVar("card_back_sizes", default=None)


@contextmanager
def back_sizes() -> Iterator[list[float]]:
    """The smallest text size of each card back drawn inside the ``with`` block (a GM's
    page of cards checks that every back stays readable)."""
    sizes: list[float] = []
    token = _back_sizes.set(sizes)
    try:
        yield sizes
    finally:
        _back_sizes.reset(token)


def blank_view(view: CardView) -> CardView:
    """``view`` for a blank card: no concept, note or numbers of the character it was
    made from (a new one), only the book's words and the boxes to fill in."""
    return replace(view, concept="", base_note="", columns=tuple(
        tuple(chart.emptied() for chart in column) for column in view.columns))


def draw_card(canvas: Canvas, view: CardView, box: Rect) -> None:
    fonts.register_primary()
    if fillable.active():
        view = blank_view(view)
    panels = card_panels(box)
    scale = min(box.w / 540, box.h / 760, 1.0) ** 0.5
    marks.cut_outline(canvas, box)
    _front(canvas, panels["front"], view, scale)
    canvas.saveState()
    back = panels["back"]
    # Turn the back panel over about its centre: upright when the card stands.
    canvas.translate(back.x + back.w, back.y + back.h)
    canvas.rotate(180)
    _back(canvas, Rect(0, 0, back.w, back.h), view, scale)
    canvas.restoreState()
    _base(canvas, panels["base"], view, scale)
    label = 6.5 * scale
    marks.fold_line(canvas, box, back.y, size=label)
    marks.fold_line(canvas, box, panels["front"].y, size=label)
    marks.tape_line(canvas, box, panels["base"].y, size=label)
    flap = panels["flap"]
    canvas.saveState()
    canvas.setFillColor(style.HEADER_FILL)
    canvas.rect(flap.x, flap.y, flap.w, flap.h - 6 * scale, stroke=0, fill=1)
    canvas.restoreState()
    canvas.setFillColor(style.MUTED)
    fit_and_draw(canvas, "TAPE", flap.inset(4, 4 * scale), fonts.BOLD, 9 * scale,
                 4, align="center", valign="middle")
    canvas.setFillColor(style.INK)


def _front(canvas: Canvas, panel: Rect, view: CardView, scale: float) -> None:
    inner = panel.inset(10 * scale, 10 * scale)
    band_h = max(inner.h * 0.2, 18)
    band, rest = inner.take_top(band_h, 6 * scale)
    boxes.frame(canvas, band, fill=style.ACCENT, stroke=None, radius=4)
    canvas.setFillColor(style.PAPER)
    fit_and_draw(canvas, "Hi, My Name Is:", band.inset(8, 3), fonts.BOLD, band_h * 0.55, 6,
                 align="center", valign="middle")
    name_box, concept_box = rest.rows([58, 42], 4 * scale)
    if view.picture:
        picture_box, name_box = name_box.take_left(name_box.h * 0.8, 6 * scale)
        draw_picture(canvas, picture_box.inset(0, 3 * scale), view.picture)
    canvas.setFillColor(style.INK)
    name_size = min(name_box.h * 0.62, 64)
    # On a blank card the name and concept are fields to type into.
    fillable.text_field(canvas, name_box.inset(6, 5 * scale), "Card name",
                        size=min(name_size, 36))
    fit_and_draw(canvas, view.name or " ", name_box.inset(6, 5 * scale), fonts.BOLD,
                 name_size, min(name_box.h * 0.3, 20), align="center", valign="middle")
    canvas.setStrokeColor(style.RULE)
    canvas.setLineWidth(style.LINE)
    canvas.line(name_box.x + 20 * scale, name_box.y, name_box.right - 20 * scale, name_box.y)
    caption, text = concept_box.take_top(11 * scale, 2)
    canvas.setFillColor(style.MUTED)
    draw(canvas, caption.x + caption.w / 2, caption.y + 2, view.concept_caption, fonts.BOLD,
         8 * scale, "center")
    canvas.setFillColor(style.INK)
    fillable.text_field(canvas, text.inset(14 * scale, 0), f"Card {view.concept_caption}"
                        .rstrip(":"), multiline=True)
    fit_and_draw(canvas, view.concept, text.inset(14 * scale, 0), fonts.OBLIQUE,
                 min(14 * scale, text.h / 2.6), 5, align="center", valign="middle",
                 wrap_first=True)


def _base(canvas: Canvas, panel: Rect, view: CardView, scale: float) -> None:
    """The base the card stands on: who it belongs to, for a stack of flat cards, and
    the numbers the table asks for (to hit, hits, initiative) in a row of boxes."""
    inner = panel.inset(10 * scale, 4 * scale)
    if view.base_numbers:
        who_row, numbers = inner.rows([30, 70], 2 * scale)
        numbers = Rect(numbers.x, numbers.y + 4 * scale, numbers.w, numbers.h - 4 * scale)
        _base_numbers(canvas, numbers, view.base_numbers, scale)  # clear of the tape line
        inner = who_row
    left, right = inner.columns([60, 40], 6)
    canvas.setFillColor(style.MUTED)
    who = f"Character Name: {view.name}" + (f" · Player: {view.player}" if view.player else "")
    fit_and_draw(canvas, who, left, fonts.REGULAR, 7 * scale, 4, valign="middle")
    note = f" · {view.base_note}" if view.base_note else ""
    fit_and_draw(canvas, f"{view.game} ID card{note}", right, fonts.BOLD, 7 * scale, 4,
                 align="right", valign="middle")
    canvas.setFillColor(style.INK)


def _base_numbers(canvas: Canvas, row: Rect, numbers: Sequence[tuple[str, str]],
                  scale: float) -> None:
    cells = row.columns([1.0] * len(numbers), 4 * scale)
    for (label, value), cell in zip(numbers, cells, strict=True):
        boxes.frame(canvas, cell, radius=2)
        caption, rest = cell.inset(3, 1.5).take_top(min(7 * scale, cell.h * 0.38))
        canvas.setFillColor(style.MUTED)
        fit_and_draw(canvas, label.upper(), caption, fonts.BOLD, 5.5 * scale, 4,
                     align="center", valign="middle")
        canvas.setFillColor(style.INK)
        size = min(12 * scale, rest.h * 0.8)
        # On a blank card the box is an empty field, to fill in.
        if boxes.value_field(canvas, rest, label, value, fonts.BOLD, size, 5) is None:
            fit_and_draw(canvas, value, rest, fonts.BOLD, size, 5, align="center",
                         valign="middle")


def _back(canvas: Canvas, panel: Rect, view: CardView, scale: float) -> None:
    inner = panel.inset(10 * scale, 8 * scale)
    title, body = inner.take_top(14 * scale, 4 * scale)
    boxes.header(canvas, title, view.back_title or f"{view.game} Key Charts", note=view.name,
                 size=8 * scale)
    if not view.columns:
        return
    weights = list(view.column_weights or [1.0] * len(view.columns))
    rects = body.columns(weights, 10 * scale)
    columns = list(zip(rects, view.columns, strict=True))
    size = 10 * scale
    while size > 4 and any(charts_height(c, r.w, size) > r.h for r, c in columns):
        size -= 0.25
    smallest = [8 * scale]
    for rect, column in columns:
        smallest.append(_draw_charts(canvas, rect, column, size))
    if (sizes := _back_sizes.get()) is not None:
        sizes.append(min(smallest))


def charts_height(charts: Sequence[Chart], w: float, size: float) -> float:
    return sum(_chart_block(c, w, size)[1] for c in charts)


def _label_width(chart: Chart, w: float, size: float) -> float:
    labels = [line.label for line in chart.lines if line.kind == "step"]
    widest = max((width(f"{label} ", fonts.BOLD, size) for label in labels), default=0.0)
    return min(widest, w * 0.45)


def _chart_block(chart: Chart, w: float, size: float
                 ) -> tuple[list[tuple[ChartLine, Fitted, float, bool]], float]:
    """The chart's lines fitted to width ``w``, and the height they need. A label too
    wide for the label column gets a line of its own, its text below it."""
    label_w = _label_width(chart, w, size)
    item_x = label_w + size
    blocks, total = [], size * 1.6 + size * 0.5
    for line in chart.lines:
        indent = {"step": label_w, "item": item_x, "footer": 0.0}[line.kind]
        own_line = (line.kind == "step"
                    and width(f"{line.label} ", fonts.BOLD, size) > label_w + 0.01)
        font = fonts.OBLIQUE if line.kind == "footer" else fonts.REGULAR
        fitted = fit_cell(line.text, w - indent, 1e6, font, size)
        blocks.append((line, fitted, indent, own_line))
        total += fitted.height + (size * 0.25 if line.kind == "step" else 0)
        total += size * 1.2 if own_line else 0
    return blocks, total + size * 0.6


def _draw_charts(canvas: Canvas, rect: Rect, charts: Sequence[Chart], size: float
                 ) -> float:
    """The charts from the top of ``rect`` at ``size``; the smallest size drawn (a word
    too wide for its line makes that line smaller)."""
    top, smallest = rect.top, size
    for chart in charts:
        blocks, height = _chart_block(chart, rect.w, size)
        canvas.setFillColor(style.ACCENT)
        draw(canvas, rect.x, top - size * 1.2, chart.title.upper(), fonts.BOLD, size * 1.15)
        canvas.setFillColor(style.INK)
        y = top - size * 1.6 - size * 0.5
        for line, fitted, indent, own_line in blocks:
            if line.kind == "step":
                y -= size * 0.25
                draw(canvas, rect.x, y - size * 0.95, line.label, fonts.BOLD, size)
                if own_line:
                    y -= size * 1.2
            if line.kind == "item":
                draw(canvas, rect.x + indent - size * 0.8, y - size * 0.95, "•",
                     fonts.REGULAR, size)
            canvas.setFillColor(style.MUTED if line.kind == "footer" else style.INK)
            draw_fitted(canvas, fitted, Rect(rect.x + indent, y - fitted.height,
                                             rect.w - indent, fitted.height))
            canvas.setFillColor(style.INK)
            y -= fitted.height
            smallest = min(smallest, fitted.size)
        top -= height
    return smallest
