"""The record sheet in the Pocket Universe editor: the book's Artos as the book has him,
every number citing its rule, live numbers and undo, hits and cash now, Attribute raises."""

from __future__ import annotations

from PySide6.QtWidgets import QLineEdit

from desktop.model.odds import percent
from desktop.systems.pocket.rules import dice
from desktop.ui.forms import child
from tests.systems.pocket.editor.conftest import label, spin, tip


def test_shows_artos_as_the_book_has_him(artos):
    assert child(artos.form, QLineEdit, "nameEdit").text() == "Artos"
    assert spin(artos, "deftSpin").value() == 10
    assert label(artos, "physRollValue") == "2/3/4"
    assert label(artos, "physValueValue") == "13"
    assert label(artos, "hitsValue") == "13"
    assert label(artos, "initiativeValue") == "1 / 2 / 3"
    assert label(artos, "moveValue") == "6 (sneaking 3, swimming 0)"
    # 2.51: parrying with the sword 2, blocking with the shield 3, dodging −1.
    assert label(artos, "meleeDefenseValue").startswith("3  (Shield: Medium Shield 11 + Parry")
    totals = {o.skill_label: o.total for o in artos.document.derived.melee_defenses}
    assert totals["Melee (blade): Sword"] == 2 and totals["Dodge"] == -1
    assert label(artos, "epsValue") == "starting 10 · spent 10 · unspent 0"
    assert label(artos, "contactPointsValue") == "13 spent of 13 (0 left)"
    assert label(artos, "attributePointsValue").startswith("10 of 10 added (all spent)")
    # The King's Coachman: a National Leader's 13, less 4 as an insider (2.6).
    contacts = artos.tables["contacts"].table
    assert contacts.item(0, 7).text() == "9"
    assert "13 − 4 insider = 9" in contacts.item(0, 7).toolTip()


def test_every_number_cites_its_rule(artos):
    assert "Pocket Universe, 2.31 Hit Points" in tip(artos, "hitsValue")
    assert "Pocket Universe, 2.33 Initiative" in tip(artos, "initiativeValue")
    assert "Pocket Universe, 2.34 Move" in tip(artos, "moveValue")
    assert "Pocket Universe, 2.51 Melee Defense" in tip(artos, "meleeDefenseValue")
    assert "Dodge, unskilled" not in tip(artos, "meleeDefenseValue")  # labelled "Dodge"
    assert "Dodge 10 + unskilled −1 − 10 = −1" in tip(artos, "meleeDefenseValue")
    assert "Pocket Universe, 2.3 Other Characteristics" in tip(artos, "physRollValue")
    assert "Pocket Universe, 3.1 Starting Money" in tip(artos, "moneyValue")
    attacks = artos.attacks
    row = next(r for r in range(attacks.rowCount()) if attacks.item(r, 0).text() == "Sword")
    assert attacks.item(row, 5).text() == "13"  # blades 12 + Hit +1
    assert "Melee (blade) 12 + Hit +1 = 13" in attacks.item(row, 0).toolTip()


def test_typing_deft_updates_every_number_that_reads_it(artos, qtbot):
    deft = spin(artos, "deftSpin")
    odds_before = label(artos, "oddsValue")
    artos.check_panel.choose("attr:deft")
    deft.selectAll()
    qtbot.keyClicks(deft, "13")
    assert artos.document.character.attributes.deft == 13
    # Studded armor limits DEFT to 12 (3.4): initiative and Move read the armored DEFT.
    assert label(artos, "armoredDeftValue") == "12 (DEFT 13, limited by the armor)"
    assert label(artos, "initiativeValue") == "2 / 4 / 6"
    assert label(artos, "moveValue").startswith("8 ")
    assert label(artos, "deftAddedValue") == "+5"
    assert label(artos, "attributePointsValue").startswith("13 of 10 added (3 too many)")
    assert label(artos, "oddsValue") == percent(dice.check_odds(13).p_success) != odds_before
    assert any("at most 4 on one" in f.message for f in artos.document.derived.findings)


def test_undo_and_redo_restore_every_label(artos):
    doc = artos.document
    spin(artos, "physSpin").setValue(12)
    assert label(artos, "hitsValue") == "17"
    assert label(artos, "unarmedValue") == "2/4/6"
    doc.undo_stack.undo()
    assert spin(artos, "physSpin").value() == 11
    assert label(artos, "hitsValue") == "13"
    assert label(artos, "unarmedValue") == "2/3/4"
    doc.undo_stack.redo()
    assert spin(artos, "physSpin").value() == 12
    assert label(artos, "hitsValue") == "17"


def test_typing_a_name_is_one_undo_step(artos, qtbot):
    name = child(artos.form, QLineEdit, "nameEdit")
    name.selectAll()
    qtbot.keyClicks(name, "Artos the Bold")
    assert artos.document.character.name == "Artos the Bold"
    assert artos.document.undo_stack.count() == 1
    artos.document.undo_stack.undo()
    assert name.text() == "Artos"


def test_cash_and_hits_now_store_nothing_until_they_differ(artos):
    hits = spin(artos, "currentHitsSpin")
    assert hits.value() == 13
    hits.setValue(-2)
    assert artos.document.character.tracking.hits == -2
    assert label(artos, "hitsValue") == "−2 of 13"
    hits.setValue(13)
    assert artos.document.character.tracking.hits is None
    cash = spin(artos, "cashSpin")
    assert cash.value() == 55
    cash.setValue(40)
    assert artos.document.character.tracking.money == 40
    assert "cash now $40" in label(artos, "moneyValue")


def test_attribute_raises_are_paid_with_eps(artos):
    spin(artos, "physSpin").setValue(12)
    spin(artos, "physRaisesSpin").setValue(1)  # 11 → 12 costs 11 EPs (6.3)
    derived = artos.document.derived
    assert derived.attribute_raise_eps == 11
    assert label(artos, "physNextRaiseValue") == "next point: 12 EPs (to 13)"
    assert label(artos, "attributePointsValue").startswith("10 of 10 added")


def test_a_lackeys_character_money_is_asked_and_checked(artos):
    # 2.22 Advantages, Lackey: Lackeys may not "be wealthier than the main character".
    master = spin(artos, "masterMoneySpin")
    assert master.text() == "not given" and artos.document.character.master_starting_money is None
    master.setValue(300)  # Artos starts on the plain $500
    assert artos.document.character.master_starting_money == 300
    artos.document.apply("Lackey", lambda c: setattr(c, "role", "lackey"))
    assert any("may not be wealthier" in f.message for f in artos.document.derived.findings)
    master.setValue(-1)
    assert artos.document.character.master_starting_money is None
