"""What Kruhl's Add equipment… / Add custom skill… offer (resources/kruhl/add_lists.json)."""

from __future__ import annotations

import pytest

from desktop.model.errors import DocumentError
from desktop.systems.kruhl.rules import catalog
from desktop.systems.kruhl.rules.add_lists import (
    BOOK,
    FILE,
    OURS,
    EquipmentExample,
    equipment_examples,
    skill_examples,
)


def test_the_book_s_rated_equipment_comes_first_and_the_rest_is_labelled_ours():
    pieces = equipment_examples()
    book = [(p.name, p.rating) for p in pieces if p.from_ == "book"]
    assert book == [("Basic lockpick", 1), ("Box of tools", 2), ("Alchemical laboratory", 3)]
    assert all(p.source == "book: Skill Roll" for p in pieces[:3])
    assert {p.source for p in pieces[3:]} == {OURS}
    assert OURS == "Sheetdesk example, not the book's"


def test_every_example_is_a_valid_piece_helping_only_the_chapter_s_skills():
    known = {s.name for s in catalog.skills()}
    for piece in equipment_examples():
        item = piece.equipment()
        assert 1 <= item.rating <= 3
        assert set(item.skills) <= known, piece.name
    names = [p.name for p in equipment_examples()]
    assert len(names) == len(set(names))


def test_the_custom_skill_examples_are_ours_and_not_the_chapter_s_skills():
    known = {s.name.casefold() for s in catalog.skills()}
    skills = skill_examples()
    assert "Stealth" in [s.name for s in skills]
    assert all(s.source == OURS and s.name.casefold() not in known for s in skills)
    assert skills[0].custom_skill().attribute == "agility"


PIECE = {"name": "Rope", "rating": 1, "skills": [], "notes": "", "from": "sheetdesk"}


def _equipment(item: dict, where: str) -> EquipmentExample:
    return BOOK.validate(EquipmentExample, item, FILE, where)


def test_a_piece_s_from_key_is_read_and_a_misspelt_key_is_refused_and_named():
    assert _equipment(PIECE, "equipment.0").from_ == "sheetdesk"
    with pytest.raises(DocumentError) as caught:
        _equipment({k: v for k, v in PIECE.items() if k != "from"}, "equipment.4")
    assert (caught.value.where, caught.value.what) == ("equipment.4.from", "missing")
    for bad, where, what in (({**PIECE, "colour": "red"}, "equipment.4.colour", "unknown key"),
                             ({**PIECE, "from_": "book"}, "equipment.4.from_", "unknown key"),
                             ({**PIECE, "from": "them"}, "equipment.4.from",
                              "expected one of 'book', 'sheetdesk', not 'them'"),
                             ({**PIECE, "rating": "1"}, "equipment.4.rating",
                              "expected a whole number, not the text '1'")):
        with pytest.raises(DocumentError) as caught:
            _equipment(bad, "equipment.4")
        assert (caught.value.where, caught.value.what) == (where, what)
        assert str(caught.value.path).endswith("add_lists.json")
