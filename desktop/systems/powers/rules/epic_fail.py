"""The Epic Fail table (Fail, and Epic Fail): which result a PR total rolls on.

The draft's tables are not written yet, so the shipped table
(``resources/powers/epic_fail.json``) is empty; a GM fills it in and saves it as their
own, exports and imports it, like the cost table (``user_tables.py``). A table is a list
of bands of summed Power Ratings (RULINGS.md Powers 4: the PRs of every power affecting
the roll, the opponent's included), each with its results, one picked at random.
Epic Fail is an optional rule, off by default.
"""


import itertools
from pathlib import Path
from typing import Literal

from pydantic import BaseModel, ConfigDict, Field, model_validator

from desktop.model.defaults import empty_list
from desktop.model.dice import Roller
from desktop.model.document import DocumentKind
from desktop.systems.powers.rules import user_tables

MAX_PR = 100_000


class Band(BaseModel):
    """Results for PR totals from ``min_pr`` to ``max_pr`` (None: no upper end)."""

    model_config = ConfigDict(extra="forbid", frozen=True, defer_build=True)

    min_pr: int = Field(default=0, ge=0, le=MAX_PR)
    max_pr: int | None = Field(default=None, ge=0, le=MAX_PR)
    results: list[str] = Field(min_length=1, max_length=100)

    @model_validator(mode="after")
    def _ordered(self) -> "Band":
        if self.max_pr is not None and self.max_pr < self.min_pr:
            raise ValueError(f"max_pr {self.max_pr} is below min_pr {self.min_pr}")
        if any(len(text) > 1000 or not text.strip() for text in self.results):
            raise ValueError("each result is some text of at most 1000 characters")
        return self

    def covers(self, total: float) -> bool:
        return total >= self.min_pr and (self.max_pr is None or total <= self.max_pr)


class EpicFailTable(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True, defer_build=True)

    format: Literal["sheetdesk.powers-epic-fail"] = "sheetdesk.powers-epic-fail"
    version: Literal[1] = 1
    system: Literal["powers"] = "powers"
    name: str = Field(min_length=1, max_length=200)
    note: str = Field(default="", max_length=10_000)
    bands: list[Band] = Field(default_factory=empty_list, max_length=100)

    @model_validator(mode="after")
    def _apart(self) -> "EpicFailTable":
        ordered = sorted(self.bands, key=lambda b: b.min_pr)
        for before, after in itertools.pairwise(ordered):
            if before.max_pr is None or before.max_pr >= after.min_pr:
                raise ValueError(f"bands overlap at PR {after.min_pr}")
        return self

    def band_for(self, total: float) -> Band | None:
        """The band a PR total rolls on; None if the table has none for it."""
        return next((band for band in self.bands if band.covers(total)), None)


EPIC_FAIL_TABLE = user_tables.TableFile(
    DocumentKind("sheetdesk.powers-epic-fail", 1, label="Epic Fail table"), EpicFailTable,
    "epic_fail.json")


def active_table() -> user_tables.Chosen[EpicFailTable]:
    return user_tables.choose(EPIC_FAIL_TABLE)


def save_user_table(table: EpicFailTable) -> Path:
    return user_tables.save_user(EPIC_FAIL_TABLE, table)


def export_table(table: EpicFailTable, path: Path) -> Path:
    return user_tables.write_table(EPIC_FAIL_TABLE, table, Path(path))


def import_table(path: Path) -> EpicFailTable:
    return user_tables.import_table(EPIC_FAIL_TABLE, Path(path))


def roll_result(table: EpicFailTable, total: float, roller: Roller) -> str | None:
    """Roll on the band for ``total``: one of its results, or None if it has no band."""
    band = table.band_for(total)
    if band is None:
        return None
    return band.results[roller.throw(1, len(band.results), "Epic Fail").total - 1]
