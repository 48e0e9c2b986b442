"""Pocket Universe book data, the shared loader: every entry names its source, items are
fresh copies, a broken file is a DocumentError."""

from __future__ import annotations

import json

import pytest

from desktop.model.errors import DocumentError
from desktop.paths import resource
from desktop.systems.book_data import BookData
from desktop.systems.pocket.rules import (
    catalog,
    catalog_armor,
    catalog_attributes,
    catalog_skills,
    catalog_weapons,
)
from desktop.systems.pocket.rules.character import Weapon


def test_every_entry_names_its_source() -> None:
    for path in resource("pocket").glob("*.json"):
        data = json.loads(path.read_text(encoding="utf-8"))
        if path.stem in ("combat", "checks"):
            continue  # the combat helper's files
        assert "book" in data, path.name
    assert all(g.source for g in catalog_weapons.weapon_data().groups)
    assert all(s.source for s in catalog_skills.skills())
    assert all(row.source for row in catalog_armor.armor_data().armor)


def test_catalog_items_are_fresh_copies() -> None:
    first = catalog_weapons.weapons()[0]
    first.name = "Changed"
    assert catalog_weapons.weapons()[0].name != "Changed"
    assert isinstance(catalog_weapons.weapon("Sword"), Weapon)
    with pytest.raises(KeyError):
        catalog_weapons.weapon("Lightsaber")


def test_a_broken_book_file_is_a_document_error(tmp_path, monkeypatch) -> None:
    broken = tmp_path / "pocket"
    broken.mkdir()
    (broken / "attributes.json").write_text('{"book": 1}', encoding="utf-8")
    monkeypatch.setattr(catalog, "BOOK", BookData("pocket", root=broken))
    catalog_attributes.tables.cache_clear()
    try:
        with pytest.raises(DocumentError, match=r"attributes\.json"):
            catalog_attributes.tables()
    finally:
        catalog_attributes.tables.cache_clear()
