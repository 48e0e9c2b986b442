"""The GM screen's texts for Pocket Universe with the book named in every citation: the
rules cite sections by number ("called shot (5.6)"), which alone reads as a developer's
note; on screen each one says whose section it is ("(Pocket Universe 5.6)")."""

from __future__ import annotations

import re
from dataclasses import replace

from desktop.model.combat_rules import Action, CheckOdds, CheckSpec, Param, ReferenceChart

BOOK = "Pocket Universe"
_SECTION = r"\d+(?:\.\d+)+(?:[–-]\d+(?:\.\d+)+)?"  # 5.3, or a range 4.0–4.4
_BARE = re.compile(rf"\(({_SECTION}(?:[,;\s]+{_SECTION})*)\)")


def cited(text: str) -> str:
    """``text`` with each bare section number in brackets given the book's name."""
    return _BARE.sub(lambda m: f"({BOOK} {m.group(1)})", text) if "(" in text else text


def _param(param: Param) -> Param:
    return replace(param, label=cited(param.label),
                   choices=tuple((key, cited(label)) for key, label in param.choices))


def action(found: Action) -> Action:
    return replace(found, label=cited(found.label), hint=cited(found.hint),
                   why_not=None if found.why_not is None else cited(found.why_not),
                   params=tuple(_param(p) for p in found.params))


def chart(found: ReferenceChart) -> ReferenceChart:
    return replace(found, title=cited(found.title),
                   lines=tuple(cited(line) for line in found.lines))


def spec(found: CheckSpec) -> CheckSpec:
    return replace(found, title=cited(found.title),
                   params=tuple(_param(p) for p in found.params))


def odds(found: CheckOdds) -> CheckOdds:
    return replace(found, setup=cited(found.setup), detail=cited(found.detail))
