"""Armor, shields and helmets as the book lists them."""

from __future__ import annotations

from desktop.systems.pocket.rules import catalog_armor
from desktop.systems.pocket.rules.character import Armor, Helmet, Shield


def test_armor_shields_helmets() -> None:
    assert {(a.name, a.cost, a.phys, a.energy, a.deft_limit) for a in catalog_armor.armor()} == {
        ("Leather", 75, 2, 1, 13), ("Studded", 100, 3, 2, 12), ("Scale/Chain", 400, 4, 3, 11),
        ("Full Plate", 1200, 6, 4, 9)}
    assert {(s.name, s.cost, s.parry, s.hits, s.phys) for s in catalog_armor.shields()} == {
        ("Small Shield", 100, 1, 6, 8), ("Medium Shield", 200, 2, 9, 10),
        ("Large Shield", 400, 3, 12, 12)}
    assert [(h.name, h.cost, h.phys, h.energy, h.bonus_phys, h.bonus_energy,
             h.perception_penalty) for h in catalog_armor.helmets()] == [
        ("Cloth Cap", 10, 1, 0, 0, 0, 0), ("Leather Cap", 20, 2, 1, 0, 0, 0),
        ("Chain Coif", 40, 4, 3, 1, 0, 0), ("Metal Cap", 60, 5, 3, 1, 1, 0),
        ("Full Helm", 100, 6, 4, 2, 1, -1)]
    assert all(isinstance(a, Armor) for a in catalog_armor.armor())
    assert all(isinstance(s, Shield) for s in catalog_armor.shields())
    assert all(isinstance(h, Helmet) for h in catalog_armor.helmets())
