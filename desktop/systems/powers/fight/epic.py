"""Fail and Epic Fail on a fight's rolls (Fail, and Epic Fail).

"If a roll is made where more than half of the dice come up 1, *and* no hits are scored,
then an Epic Fail has occurred! Add the PR of all powers affecting the roll (including
opponents powers in an opposed roll) and roll on the appropriate Epic Fail table for
this PR total." "Epic Fail is an optional rule": the fight has a switch for it, off by
default. With it off, such a roll is a Fail (the Fail table, which the draft names but
does not give, is the GM's). With it on, the log shows the Power Ratings added and their
total, and rolls on the GM's saved Epic Fail table when it has a band for that total.

Ours: a roll that passes is never an Epic Fail (``rules.dice.fail_reading``); a roll no
power affects (Close to Death, a sprint) has a PR total of 0.
"""

from __future__ import annotations

from collections.abc import Sequence

from desktop.model.dice import Roller
from desktop.systems.powers.rules import epic_fail as tables
from desktop.systems.powers.rules.costs import Number, number_text
from desktop.systems.powers.rules.dice import PoolRoll, fail_reading

Rated = Sequence[tuple[str, Number]]
"""(power name, Power Rating) of each power affecting a roll."""

OFF = "Epic Fail is an optional rule, off in this fight: a Fail"


def faces_text(roll: PoolRoll, passed: bool, epic_on: bool = False) -> str:
    """"[5 3 1] 1 hit", with what a Fail or Epic Fail means for this roll."""
    text = (f"[{' '.join(map(str, roll.faces))}] {roll.total} "
            f"hit{'' if roll.total == 1 else 's'}")
    reading = fail_reading(roll, passed)
    if reading == "Epic Fail":
        return text + (" — Epic Fail!" if epic_on else f" — Fail ({OFF}): roll on the "
                       "Fail table")
    return text + (f" — {reading}: roll on the Fail table" if reading else "")


def total(rated: Rated) -> Number:
    return sum(pr for _name, pr in rated)


def procedure(who: str, roll: PoolRoll, passed: bool, rated: Rated, epic_on: bool,
              roller: Roller) -> tuple[str, ...]:
    """The Epic Fail's line when ``roll`` is one and the rule is on: the PRs added, the
    total and the table's result; () otherwise."""
    if not (epic_on and roll.epic_fail_if(passed)):
        return ()
    summed = total(rated)
    parts = " + ".join(f"{name} PR {number_text(pr)}" for name, pr in rated)
    head = (f"{who}: Epic Fail! PR total {number_text(summed)}"
            + (f" ({parts})" if parts else " (no power affects this roll)"))
    chosen = tables.active_table()
    table = chosen.table
    if not table.bands:
        return (f"{head}; the Epic Fail table is empty: the GM decides, or saves a table "
                "in the editor (Fail, and Epic Fail)",)
    band = table.band_for(summed)
    if band is None:
        return (f"{head}; {table.name!r} has no band for that total: the GM decides "
                "(Fail, and Epic Fail)",)
    result = tables.roll_result(table, summed, roller)
    upper = "up" if band.max_pr is None else f"to {band.max_pr}"
    return (f"{head}; {table.name!r}, PR {band.min_pr} {upper}, rolls: {result} "
            "(Fail, and Epic Fail)",)
