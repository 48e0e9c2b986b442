"""A fight as text for a play-by-post game: the status the players may see, and the
GM's log of the last round.

The status is built from the player view's lines (``desktop.model.player_lines``), so
it says of an NPC only a word, as the player view and the shared page do, and hides
NPC names when the GM hides them. The log is the GM's own, numbers and all: the GM
screen says so where it offers it. No Qt.
"""

from __future__ import annotations

from collections.abc import Sequence

from desktop.model.combat_rules import Row
from desktop.model.encounter import Encounter
from desktop.model.player_lines import player_lines
from desktop.text.document import TextDocument, document, items, paragraph, section, table


def _title(encounter: Encounter) -> str:
    return encounter.name or "The fight"


def status_document(encounter: Encounter, names: bool = True,
                    rows: Sequence[Row] | None = None) -> TextDocument:
    """Round, whose turn and the order with ▶ and ✓ marks, as the players may see it."""
    turn = encounter.turn
    lines = player_lines(encounter, names, rows)
    acting = [line.name for line in lines if line.acting]
    when = (f"{encounter.rules.round_word} {turn.round}" if turn.started
            else "Before the fight")
    return document(
        _title(encounter), when + (f" · Turn: {', '.join(acting)}" if acting else ""),
        section("Order", table(
            ("", "Combatant", "Health"),
            [("▶" if line.acting else "✓" if line.acted else "", line.name, line.health)
             for line in lines])),
    )


def last_round_document(encounter: Encounter) -> TextDocument:
    """The log lines of the round the fight is in (or of the setup before it)."""
    if not encounter.log:
        return document(_title(encounter), "", section("Log", paragraph("Nothing yet.")))
    when = encounter.log[-1].when
    lines = [line.text for line in encounter.log if line.when == when]
    return document(_title(encounter), when or "Setup", section("Log", items(lines)))
