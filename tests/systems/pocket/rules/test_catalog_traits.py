"""The book's Personal Traits and their effects."""

from __future__ import annotations

import json

import pytest

from desktop.model.errors import DocumentError
from desktop.paths import resource
from desktop.systems.book_data import BookData
from desktop.systems.pocket.rules import catalog, catalog_traits

# 2.21 and 2.22: name: (kind, points, max times; None = any number).
BOOK_TRAITS = {
    "Attribute -1": ("disadvantage", 2, 1), "Distinctive": ("disadvantage", 1, None),
    "Enemy": ("disadvantage", 1, None), "Far-Sighted": ("disadvantage", 2, 1),
    "Gigantism": ("disadvantage", 2, 1), "One-Eyed / Nearsighted": ("disadvantage", 1, 1),
    "One-Handed": ("disadvantage", 1, 1), "Outcast": ("disadvantage", 1, None),
    "Phobia": ("disadvantage", 1, None), "Poor": ("disadvantage", 1, 4),
    "Poor Reflexes": ("disadvantage", 1, 3), "Quirk": ("disadvantage", 1, None),
    "Slow": ("disadvantage", 1, None), "Unattractive": ("disadvantage", 1, None),
    "Uneducated": ("disadvantage", 1, None),
    "Acute Reflexes": ("advantage", 1, None), "Acute Vision": ("advantage", 1, None),
    "Ambidextrous": ("advantage", 1, 1), "Attractive": ("advantage", 1, None),
    "Attribute +1": ("advantage", 2, 1), "Connected": ("advantage", 1, None),
    "Lackey": ("advantage", 2, None), "Night Vision": ("advantage", 1, 4),
    "Running": ("advantage", 1, None), "Small": ("advantage", 2, 1),
    "Stipend": ("advantage", 1, 4), "Toughness": ("advantage", 1, 1),
    "Trained / Educated": ("advantage", 1, None), "Wealth": ("advantage", 1, 4),
}


def test_traits_are_the_books() -> None:
    found = {t.name: (t.kind, t.points, t.max_times) for t in catalog_traits.traits()}
    assert found == BOOK_TRAITS
    assert catalog_traits.trait("enemy").points_options == (1, 2)
    assert catalog_traits.trait("Phobia").points_options == (1, 2)
    assert {t.name for t in catalog_traits.traits() if t.per_attribute} == {
        "Attribute -1", "Attribute +1"}
    assert catalog_traits.trait("Wealth").effects.starting_money.amounts == {
        1: 1000, 2: 3000, 3: 12000, 4: 60000}
    assert catalog_traits.trait("Poor").effects.starting_money.amounts == {
        1: 250, 2: 75, 3: 15, 4: 0}
    assert catalog_traits.trait("Stipend").effects.monthly_income.amounts == {
        1: 250, 2: 1000, 3: 2250, 4: 4000}
    assert catalog_traits.trait("Toughness").effects.natural_armor == (1, 1)
    assert catalog_traits.trait("Connected").effects.contact_points == 3
    assert catalog_traits.trait("Uneducated").effects.starting_eps == -3
    assert all(t.text and t.source for t in catalog_traits.traits())


def test_trait_rules() -> None:
    rules = catalog_traits.trait_data().rules
    assert (rules.max_advantages, rules.lackey_max) == (5, 3)


@pytest.mark.parametrize(("change", "what", "where"), [
    ({"cost": 1}, "unknown key", "traits.0.cost"),
    ({"effects": {"starting_money": {"by_times": {"one": 1000}}}},
     "expected whole numbers of takings as keys", "traits.0.effects.starting_money.by_times"),
])
def test_a_broken_trait_is_refused_and_named(tmp_path, monkeypatch, change, what,
                                             where) -> None:
    data = json.loads(resource("pocket", "traits.json").read_text(encoding="utf-8"))
    data["traits"][0] |= change
    (tmp_path / "traits.json").write_text(json.dumps(data), encoding="utf-8")
    monkeypatch.setattr(catalog, "BOOK", BookData("pocket", root=tmp_path))
    catalog_traits.trait_data.cache_clear()
    try:
        with pytest.raises(DocumentError) as caught:
            catalog_traits.trait_data()
    finally:
        catalog_traits.trait_data.cache_clear()
    assert (caught.value.what, caught.value.where) == (what, where)
    assert str(caught.value.path).endswith("traits.json")
