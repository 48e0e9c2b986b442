"""Findings: what the rules say about a character, each citing the rule behind it."""

from __future__ import annotations

from enum import StrEnum
from typing import NamedTuple


class Severity(StrEnum):
    ERROR = "error"
    WARNING = "warning"
    INFO = "info"


class Rule(NamedTuple):
    """A citation: the book and the section of it that a number or finding rests on."""

    book: str
    section: str

    def __str__(self) -> str:
        return f"{self.book}, {self.section}"


class Finding(NamedTuple):
    """One thing the rules say about a character, with its severity and the rule it cites."""

    severity: Severity
    message: str
    rule: Rule
    field: str = ""
    """Dotted path of the input it concerns (``attributes.brawn``), so a UI can focus it."""

    def to_json(self) -> dict[str, str]:
        return {
            "severity": str(self.severity),
            "message": self.message,
            "rule": str(self.rule),
            "field": self.field,
        }


def has_errors(findings: list[Finding]) -> bool:
    return any(f.severity is Severity.ERROR for f in findings)


def missing_name(name: str, rule: Rule, field: str = "name") -> Finding | None:
    """The one wording every game uses for a character with no name yet (a warning: a
    sheet, a card and the GM screen's roster need one), citing the game's own rule."""
    if name.strip():
        return None
    return Finding(Severity.WARNING, "The character has no name yet", rule, field)
