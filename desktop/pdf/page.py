"""Paper sizes and rectangles: layouts are fractions of the page, never A4 constants."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Literal

from reportlab.lib.pagesizes import A4, LETTER
from reportlab.lib.units import mm

Paper = Literal["a4", "letter"]
PAPERS: dict[str, tuple[float, float]] = {"a4": A4, "letter": LETTER}
MARGIN = 12 * mm
"""Inside what every office printer can reach on both papers."""


@dataclass(frozen=True)
class Rect:
    """A box in PDF points, (x, y) its bottom-left corner."""

    x: float
    y: float
    w: float
    h: float

    @property
    def top(self) -> float:
        return self.y + self.h

    @property
    def right(self) -> float:
        return self.x + self.w

    def inset(self, dx: float, dy: float | None = None) -> Rect:
        dy = dx if dy is None else dy
        return Rect(self.x + dx, self.y + dy, max(self.w - 2 * dx, 0), max(self.h - 2 * dy, 0))

    def take_top(self, h: float, gap: float = 0) -> tuple[Rect, Rect]:
        """(a band of height ``h`` at the top, what is left below it after ``gap``)."""
        h = min(h, self.h)
        band = Rect(self.x, self.top - h, self.w, h)
        rest = Rect(self.x, self.y, self.w, max(self.h - h - gap, 0))
        return band, rest

    def take_left(self, w: float, gap: float = 0) -> tuple[Rect, Rect]:
        w = min(w, self.w)
        return (Rect(self.x, self.y, w, self.h),
                Rect(self.x + w + gap, self.y, max(self.w - w - gap, 0), self.h))

    def columns(self, weights: list[float] | int, gap: float = 0) -> list[Rect]:
        """Side-by-side boxes whose widths follow ``weights`` (or n equal ones)."""
        if isinstance(weights, int):
            weights = [1.0] * weights
        free = self.w - gap * (len(weights) - 1)
        total = sum(weights)
        out, x = [], self.x
        for weight in weights:
            w = free * weight / total
            out.append(Rect(x, self.y, w, self.h))
            x += w + gap
        return out

    def rows(self, weights: list[float] | int, gap: float = 0) -> list[Rect]:
        """Stacked boxes, top first, whose heights follow ``weights``."""
        if isinstance(weights, int):
            weights = [1.0] * weights
        free = self.h - gap * (len(weights) - 1)
        total = sum(weights)
        out, top = [], self.top
        for weight in weights:
            h = free * weight / total
            out.append(Rect(self.x, top - h, self.w, h))
            top -= h + gap
        return out


@dataclass(frozen=True)
class Page:
    """One sheet of paper and the printable area inside its margins."""

    paper: Paper
    width: float
    height: float
    margin: float = MARGIN

    @classmethod
    def of(cls, paper: Paper) -> Page:
        try:
            width, height = PAPERS[paper]
        except KeyError:
            raise ValueError(f"unknown paper {paper!r} (use {', '.join(PAPERS)})") from None
        return cls(paper, width, height)

    @property
    def size(self) -> tuple[float, float]:
        return (self.width, self.height)

    @property
    def content(self) -> Rect:
        return Rect(self.margin, self.margin, self.width - 2 * self.margin,
                    self.height - 2 * self.margin)
