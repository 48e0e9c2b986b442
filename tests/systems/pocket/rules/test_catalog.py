"""Pocket Universe book data, the shared loader: every entry names its source, items are
fresh copies, a broken file is a DocumentError."""

from __future__ import annotations

import json
from collections.abc import Callable
from typing import Any

import pytest

from desktop.model.errors import DocumentError
from desktop.paths import resource
from desktop.systems.book_data import BookData
from desktop.systems.pocket.fight import tables as combat_tables
from desktop.systems.pocket.rules import (
    catalog,
    catalog_armor,
    catalog_attributes,
    catalog_skills,
    catalog_weapons,
    dice,
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



@pytest.mark.parametrize(("name", "loader", "place", "what", "where"), [
    ("checks.json", dice.tables, "extra_time.steps.0.bonus", "unknown key",
     "extra_time.steps.0.bonsu"),
    ("checks.json", dice.tables, "range.bands.1.modifier", "unknown key",
     "range.bands.1.modifire"),
    ("checks.json", dice.tables, "d10_levels.levels.0.from", "unknown key",
     "d10_levels.levels.0.frmo"),  # a band's ends are written "from" and "to"
    ("combat.json", combat_tables.tables, "criticals.failure.2.effect", "unknown key",
     "criticals.failure.2.effetc"),
    ("weapons.json", catalog_weapons.weapon_data, "groups.3.weapons.0.cost", "unknown key",
     "groups.3.weapons.0.cots"),
    ("skills.json", catalog_skills.skill_data, "skills.5.attribute", "unknown key",
     "skills.5.attribuet"),
])
def test_a_misspelt_key_is_refused_and_named(tmp_path, monkeypatch, name: str,
                                             loader: Callable[[], object], place: str,
                                             what: str, where: str) -> None:
    """The key at ``place`` is misspelt (its last two letters swapped)."""
    data = json.loads(resource("pocket", name).read_text(encoding="utf-8"))
    *parents, key = place.split(".")
    entry: Any = data
    for part in parents:
        entry = entry[int(part) if part.isdigit() else part]
    entry[f"{key[:-2]}{key[-1]}{key[-2]}"] = entry.pop(key)
    (tmp_path / name).write_text(json.dumps(data), encoding="utf-8")
    monkeypatch.setattr(catalog, "BOOK", BookData("pocket", root=tmp_path))
    loader.cache_clear()  # type: ignore[attr-defined]
    try:
        with pytest.raises(DocumentError) as caught:
            loader()
    finally:
        loader.cache_clear()  # type: ignore[attr-defined]
    assert (caught.value.what, caught.value.where) == (what, where)
    assert str(caught.value.path).endswith(name)
