"""Step 1 of ``derive``: the Attributes, and reading the Attribute table (Pocket Universe,
2.1 Attributes, 2.3 Other Characteristics).

Every number derived from an Attribute comes through here: Modifier (Move), Value
(hit points), Roll (unarmed damage, initiative). A "level" or "row" shift moves along
the Roll column one score at a time (RULINGS Pocket 2: Acute Reflexes at DEFT 11 turns
2/3/4 into DEFT 12's 2/4/6); the table stops at 2 and 16, and so does a shift.

``attribute_values`` reads the character only: the scores in the file (final), their
rows, the EPs paid for raises (6.3), hits (2.31), unarmed damage (2.32), and DEFT as
limited by the armor worn (3.4, RULINGS Pocket 2) — the score initiative, Move and
DEFT-based skills use, so it is settled here, before them; the armor's other numbers
are step 5's (``equipment``).
"""

from __future__ import annotations

from typing import NamedTuple

from desktop.systems.pocket.rules import catalog_attributes
from desktop.systems.pocket.rules.catalog_attributes import AttributeRow
from desktop.systems.pocket.rules.character import ATTRIBUTES, Attribute, PocketCharacter, Triplet


def row(score: int) -> AttributeRow:
    """The table row of ``score`` (the nearest row outside 2-16)."""
    return catalog_attributes.tables().attribute_table.row(score)


def in_table(score: int) -> bool:
    return catalog_attributes.tables().attribute_table.covers(score)


def modifier(score: int) -> int:
    return row(score).modifier


def value(score: int) -> int:
    return row(score).value


def roll(score: int, levels: int = 0) -> Triplet:
    """The Roll column at ``score`` moved ``levels`` rows (+ up, - down)."""
    return row(score + levels).roll


def shift_in_table(score: int, levels: int) -> bool:
    """Whether ``score`` moved ``levels`` rows is still on the table."""
    return in_table(score + levels)


def raise_eps(final: int, raises: int) -> int:
    """EPs paid for ``raises`` points ending at ``final``: each cost the score it was
    raised from (6.3), so 10 → 12 costs 10 + 11."""
    return sum(range(final - raises, final))


def deft_limit(character: PocketCharacter) -> int | None:
    """The lowest DEFT limit of the armor worn (3.4); None: nothing worn limits DEFT."""
    limits = [a.deft_limit for a in character.equipment.armor
              if a.worn and a.deft_limit is not None]
    return min(limits) if limits else None


class AttributeValues(NamedTuple):
    """Step 1: the Attributes as in the file and as used."""

    final: dict[Attribute, int]
    """Final scores, as in the file."""
    rows: dict[Attribute, AttributeRow]
    raises: dict[Attribute, int]
    """Points raised with EPs (6.3)."""
    raise_eps: int
    """EPs already paid for those raises."""
    deft_limit: int | None
    armored_deft: int
    scores: dict[Attribute, int]
    """The scores skills, initiative and Move read: DEFT limited by the armor worn."""
    hits: int
    current_hits: int
    """Hits now: tracked, or all of them."""
    unarmed_damage: Triplet


def attribute_values(character: PocketCharacter) -> AttributeValues:
    final = {a: character.attributes.get(a) for a in ATTRIBUTES}
    raises = {a: character.experience.attribute_raises.get(a, 0) for a in ATTRIBUTES}
    limit = deft_limit(character)
    deft = final["deft"] if limit is None else min(final["deft"], limit)
    hits = value(final["phys"])
    return AttributeValues(
        final=final,
        rows={a: row(final[a]) for a in ATTRIBUTES},
        raises=raises,
        raise_eps=sum(raise_eps(final[a], raises[a]) for a in ATTRIBUTES),
        deft_limit=limit,
        armored_deft=deft,
        scores={"phys": final["phys"], "deft": deft, "intl": final["intl"],
                "will": final["will"]},
        hits=hits,
        current_hits=hits if character.tracking.hits is None else character.tracking.hits,
        unarmed_damage=roll(final["phys"]),
    )
