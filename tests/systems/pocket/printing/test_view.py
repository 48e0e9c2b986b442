"""The record sheet as words and numbers (``view.sheet_view``): the book's boxes, field for
field, for the example characters."""

from __future__ import annotations

from desktop.systems.pocket.printing.view import (
    ShieldRow,
    TraitRow,
    WeaponRow,
    dollars,
    num,
    sheet_view,
    triplet,
)
from tests.systems.pocket.helpers import changed_example, example


def test_artos_view_has_the_books_three_defences() -> None:
    """2.51: sword 12 → 2, shield 11 + 2 → 3, unskilled dodge → −1."""
    view = sheet_view(example("artos"))
    melee = [(d.kind, d.skill_name, d.skill, d.modifiers, d.total)
             for d in view.defenses[:5]]
    assert melee[0] == ("Melee", "Shield: Medium Shield", "11", "Parry +2", "− 10 = 3")
    assert ("or", "Melee (blade): Sword", "12", "—", "− 10 = 2") in melee
    assert ("or", "Dodge", "10", "unskilled −1", "− 10 = −1") in melee
    missile = [(d.kind, d.skill_name, d.total) for d in view.defenses if d.kind == "Missile"]
    assert missile == [("Missile", "Shield: Medium Shield", "− 10 = 3")]
    grapple = next(d for d in view.defenses if d.skill_name == "Grapple")
    assert not grapple.in_use and "only against other grapple attempts" in grapple.modifiers
    assert view.shields[0] == ShieldRow("Medium Shield", "+2", "9", "10", "")


def test_attribute_lines_follow_the_record_sheet() -> None:
    view = sheet_view(example("artos"))
    assert [(a.label, a.score) for a in view.attributes] == [
        ("PHYS", 11), ("DEFT", 10), ("INTL", 10), ("WILL", 11)]
    captions = [[c.caption for c in a.cells] for a in view.attributes]
    assert captions == [["Hits", "Move", "Unarmed damage"], ["Armored DEFT", "Initiative"],
                        ["EPs starting", "EPs spent", "EPs unspent"],
                        ["Appearance", "Contact points"]]
    phys, deft, intl, will = view.attributes
    assert [c.value for c in phys.cells[:2]] == ["13", "6"]
    assert phys.cells[2].triplet == ("2", "3", "4")
    assert deft.cells[0].value == "10" and "limit 12 (Studded)" in deft.cells[0].note
    assert deft.cells[1].triplet == ("1", "2", "3")
    assert [c.value for c in intl.cells] == ["10", "10", "0"]
    assert [c.value for c in will.cells] == ["11", "13"]
    assert will.cells[1].note == "13 spent, 0 left"


def test_kestra_view_weapons_traits_contacts_and_armor() -> None:
    view = sheet_view(example("kestra"))
    weapons = {w.name: w for w in view.weapons}
    assert weapons["Spear"] == WeaponRow("Spear", "Melee (spear) 15", "+0", "15", "—",
                                               ("5", "7", "9"))
    assert weapons["Short Bow"].range == "18" and weapons["Short Bow"].total == "14"
    thrown = weapons["Long Knife (thrown)"]
    assert (thrown.hit, thrown.total, thrown.range) == ("+3, unbalanced −2", "10", "9")
    assert thrown.skill == "Throw Weapon (blade), unskilled 9"
    assert [w.name for w in view.weapons][-2:] == ["Punch", "Kick"]
    # Initiative: DEFT 13 is 3/5/7, one row up for Acute Reflexes (2.22).
    assert view.attributes[1].cells[1].triplet == ("4", "6", "8")
    assert [t.kind for t in view.traits] == ["Adv."] * 4 + ["Dis."] * 4
    assert view.traits[0] == TraitRow("Attribute +1 (DEFT)", "Adv.", "2")
    assert view.trait_balance == "Adv. 5 · Dis. 5 (at most 5)"
    hale = next(c for c in view.contacts if c.name == "Guildmistress Hale")
    assert "shared: my 3, Artos 2 of 5" in hale.standing and hale.points == "3"
    brannoc = next(c for c in view.contacts if c.name == "Brannoc")
    assert "Friend/Relative" in brannoc.standing and brannoc.points == "5"
    assert brannoc.who == "male, 45" and brannoc.location == "Hollin village"
    armor = {a.what: a for a in view.armor}
    assert (armor["Worn Armor"].name, armor["Worn Armor"].deft_limit) == ("Leather", "13")
    assert (armor["Natural Armor"].name, armor["Natural Armor"].physical) == ("Toughness", "1")
    assert (armor["Helmet"].name, armor["Helmet"].knockout) == ("Leather Cap", "2/1")
    total = armor["Total Armor"]
    assert (total.physical, total.energy, total.knockout) == ("3", "2", "3/2")
    assert "Arrows & Quarrels ×12" in view.equipment and view.money == "$120"
    assert [(x.name, x.level, x.reads, x.eps) for x in view.languages] == [
        ("Common (native)", "fluent", "yes", "0"), ("Old Marcher", "broken", "no", "1")]


def test_insider_contact_and_skills() -> None:
    view = sheet_view(example("artos"))
    bertram = view.contacts[0]
    assert "insider for the King" in bertram.standing and bertram.points == "9"
    assert [(s.label, s.attribute, s.score, s.eps) for s in view.skills] == [
        ("Melee (blade)", "DEFT", "12", "6"), ("Shield", "DEFT", "11", "3"),
        ("Climbing", "DEFT", "10", "1")]


def test_negative_numbers_print_with_a_true_minus() -> None:
    assert num(-3) == "−3" and num(0) == "0" and triplet((0, 1, 1)) == "0/1/1"
    assert dollars(-775) == "−$775" and dollars(12000) == "$12,000"


def test_tracked_hits_income_and_gm_traits_are_shown() -> None:
    character = changed_example("artos", tracking={"hits": 5, "money": 40}, traits=[
        {"name": "Stipend"},
        {"name": "Lucky", "gm_defined": True, "kind": "advantage", "points": 1,
         "effect": "re-roll one fumble a session", "acquired": "play"}])
    view = sheet_view(character)
    assert view.attributes[0].cells[0].note == "now 5"
    assert view.money == "$40, +$250 a month"
    lucky = next(t for t in view.traits if t.label.startswith("Lucky"))
    assert lucky.label == "Lucky (GM): re-roll one fumble a session (in play)"
