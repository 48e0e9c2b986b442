"""The POW! editor as a user types: live pools, odds, findings, specials, undo."""

from __future__ import annotations

from pathlib import Path

import pytest
from PySide6.QtCore import Qt
from PySide6.QtWidgets import QLabel, QLineEdit, QListWidget, QSpinBox

from desktop.model.dice import Roller
from desktop.model.pools import Bubble
from desktop.systems.files import load_character
from desktop.systems.pow.editor.editor import PowEditor
from desktop.systems.pow.rules import catalog
from desktop.systems.pow.rules.character import Special, Weapon, new_character
from desktop.ui.check_panel import result_html
from desktop.ui.document import CharacterDocument
from desktop.ui.forms import child

EXAMPLES = Path(__file__).resolve().parents[4] / "resources" / "pow" / "characters"


@pytest.fixture
def editor(qtbot) -> PowEditor:
    document = CharacterDocument(load_character(EXAMPLES / "electrobabe.sheetdesk"))
    widget = PowEditor(document)
    qtbot.addWidget(widget)
    widget.resize(1200, 900)
    widget.show()
    return widget


def label(editor: PowEditor, name: str) -> str:
    return child(editor.form, QLabel, name).text()


def spin(editor: PowEditor, name: str) -> QSpinBox:
    return child(editor.form, QSpinBox, name)


def test_shows_the_character(editor):
    assert child(editor.form, QLineEdit, "nameEdit").text() == "Electrobabe"
    assert spin(editor, "energySpin").value() == 5
    assert label(editor, "energyPoolValue") == "25 / 25"
    assert label(editor, "initiativeValue") == "2d6 + 2"
    assert label(editor, "toHitValue") == "7 surprised · 12 · 17 dodging"


def test_typing_a_stat_updates_bubbles_initiative_and_odds(editor, qtbot):
    agility = spin(editor, "agilitySpin")
    odds_before = label(editor, "oddsValue")
    agility.selectAll()
    qtbot.keyClicks(agility, "4")
    doc = editor.document
    assert doc.character.attributes.agility == 4
    assert label(editor, "initiativeValue") == "2d6 + 4"
    assert label(editor, "agilityPoolValue") == "16 / 16"
    states = editor.bubbles["agility"].states()
    assert states.count(Bubble.OPEN) == 16 and states.count(Bubble.FILLED) == 9
    assert label(editor, "toHitValue") == "9 surprised · 14 · 19 dodging"
    # Agility 4 vs 10 needs 6+: 26/36.
    assert label(editor, "oddsValue") == "72.2 %" != odds_before


def test_undo_and_redo_restore_every_label(editor):
    doc = editor.document
    spin(editor, "brawnSpin").setValue(3)
    assert label(editor, "unarmedValue") == "3"
    assert label(editor, "pointsValue").startswith("22 / ")
    doc.undo_stack.undo()
    assert spin(editor, "brawnSpin").value() == 1
    assert label(editor, "unarmedValue") == "1"
    assert label(editor, "brawnPoolValue") == "1 / 1"
    assert label(editor, "pointsValue") == "20 / 0"
    doc.undo_stack.redo()
    assert spin(editor, "brawnSpin").value() == 3
    assert label(editor, "brawnPoolValue") == "9 / 9"


def test_typing_a_name_is_one_undo_step(editor, qtbot):
    name = child(editor.form, QLineEdit, "nameEdit")
    name.selectAll()
    qtbot.keyClicks(name, "Volt")
    assert editor.document.character.name == "Volt"
    assert editor.document.undo_stack.count() == 1
    editor.document.undo_stack.undo()
    assert name.text() == "Electrobabe"


def test_clicking_a_bubble_spends_pool_points(editor, qtbot):
    bubbles = editor.bubbles["energy"]
    # The 15th bubble (index 14): 15 points left, as after one Lightning Power.
    rect = bubbles._rect(14)
    qtbot.mouseClick(bubbles, Qt.MouseButton.LeftButton,
                     pos=rect.center().toPoint())
    assert editor.document.character.tracking.pools["energy"] == 15
    assert label(editor, "energyPoolValue") == "15 / 25"
    assert bubbles.states().count(Bubble.SPENT) == 10
    assert spin(editor, "energyPoolSpin").value() == 15


def test_reduced_stat_caps_the_pool_and_blocks_specials(editor):
    spin(editor, "energyNowSpin").setValue(3)  # Lightning Power needs Energy 4
    doc = editor.document
    assert doc.derived.pool_caps["energy"] == 9
    assert spin(editor, "energyPoolSpin").maximum() == 9
    assert label(editor, "energyPoolValue") == "9 / 25"
    messages = [f.message for f in doc.derived.findings]
    assert any("Lightning Power cannot be used" in m for m in messages)
    usable = editor.tables["specials"].table.item(0, 11).text()
    assert usable == "no"


def test_choosing_a_finding_focuses_its_field(editor, qtbot):
    spin(editor, "brawnSpin").setValue(3)  # 22 of 20 points: an error on character_points
    view = child(editor.form, QListWidget, "findingsList")
    rows = [view.item(i) for i in range(view.count())]
    target = next(r for r in rows if "over" in r.text())
    assert "POW!, Glossary, Character Points" in target.text()
    view.itemActivated.emit(target)
    assert editor.focus_field("character_points")
    assert spin(editor, "pointsSpin").hasFocus()


def test_finding_for_a_special_selects_its_row(editor):
    editor.document.apply("prereq", lambda c: c.specials[0].prerequisites.append("Flight"))
    assert editor.focus_field("specials.0")
    assert editor.tables["specials"].selected_row() == 0
    assert editor.form.findChild(object, "detailTabs").currentIndex() == 0


def test_check_panel_odds_follow_optional_rules(editor):
    panel = editor.check_panel
    panel.stat_combo.setCurrentIndex(0)  # Agility 2
    panel.difficulty.setValue(12)
    assert label(editor, "oddsValue") == "16.7 %"  # needs 10+ on 2d6: 6/36
    assert "Agility 2 vs Difficulty 12" in label(editor, "oddsDetail")
    child(editor.form, object, "doublesCheck").setChecked(True)
    assert editor.document.character.options.doubles
    assert label(editor, "oddsValue") == "25.6 %"  # doubles 1-1…4-4 roll again and add
    panel.difficulty.setValue(1)
    assert label(editor, "oddsValue") == "100 %"
    assert "automatic success" in label(editor, "oddsDetail")


def test_difficulty_presets_come_from_the_book(editor):
    presets = [editor.check_panel.presets.itemData(i)
               for i in range(1, editor.check_panel.presets.count())]
    assert presets == [0, 5, 10, 15, 20]
    editor.check_panel.presets.activated.emit(4)
    assert editor.check_panel.difficulty.value() == 15


def test_roll_shows_the_dice(editor):
    editor.check_panel.roller = Roller(seed=7)
    text = editor.check_panel.roll()
    assert text.startswith("2d6 [") and "vs 10" in text
    assert label(editor, "rollResult") == result_html(text)


def test_specials_from_the_catalog_and_the_library(editor, monkeypatch):
    from desktop.systems.pow.editor import special_picker

    class Picker:
        DialogCode = special_picker.SpecialPicker.DialogCode

        def __init__(self, parent):
            pass

        def exec(self):
            return self.DialogCode.Accepted

        def chosen(self):
            return next(s for s in catalog.specials() if s.name == "Burst of Strength")

    monkeypatch.setattr(special_picker, "SpecialPicker", Picker)  # the editor's, on use
    editor.add_from_catalog()
    names = [s.name for s in editor.document.character.specials]
    assert names == ["Lightning Power", "Burst of Strength"]
    assert editor.tables["specials"].table.rowCount() == 2
    editor.document.undo_stack.undo()
    assert len(editor.document.character.specials) == 1

    editor.tables["specials"].add(Special(name="Static Cling", stat="energy", minimum=2))
    message = editor.save_special_to_library()
    assert "Static Cling" in message
    assert [s.name for s in catalog.load_user_specials()] == ["Static Cling"]
    assert any(e.origin == "user" and e.special.name == "Static Cling"
               for e in catalog.all_specials())


def test_special_effect_editor_edits_the_selected_special(editor, qtbot):
    editor.tables["specials"].table.selectRow(0)
    effect = editor.specials_panel.effect
    assert "Energy" in effect.toPlainText()
    effect.setPlainText("Zap.")
    assert editor.document.character.specials[0].effect == "Zap."


def test_table_cell_edit_is_undoable(editor):
    table = editor.tables["weapons"]
    table.add()
    row = table.table.rowCount() - 1
    table.table.item(row, 1).setData(Qt.ItemDataRole.EditRole, 3)
    assert editor.document.character.weapons[row].damage == 3
    assert table.table.item(row, 5).text() == "4"  # 3 + Brawn 1
    editor.document.undo_stack.undo()
    assert editor.document.character.weapons[row].damage == 1


def test_a_blank_character_is_fully_editable(qtbot):
    editor = PowEditor(CharacterDocument(new_character()))
    qtbot.addWidget(editor)
    for stat in ("agility", "brawn", "cognition", "damage", "energy", "fellowship"):
        spin(editor, f"{stat}Spin").setValue(2)
    assert editor.document.derived.points_spent == 12


def test_check_panel_applies_the_books_modifiers(editor):
    panel = editor.check_panel
    panel.stat_combo.setCurrentIndex(0)  # Agility
    panel.difficulty.setValue(12)
    panel.range_spin.setValue(3)  # triple range: +10
    panel.cooperation.setValue(2)  # −2
    assert "Difficulty 20" in label(editor, "oddsDetail")
    assert "12 +10 (range ×3) −2 (cooperation, 2 allies) = 20" in label(editor, "oddsDetail")
    panel.situational["Surprise"].setCurrentIndex(1)  # −5
    assert "Difficulty 15" in label(editor, "oddsDetail")
    panel.point_blank.setChecked(True)  # with triple range: refused, no roll
    assert label(editor, "oddsValue") == "—"
    assert not panel.roll_button.isEnabled()


def test_ticking_ranged_unticks_brawn(editor):
    # "Damage done by most ranged weapons uses only the weapon's value" (Causing Damage).
    from desktop.systems.pow.rules.character import PowCharacter

    table = editor.tables["weapons"]
    table.add()
    row = len(table.items) - 1
    table.set_value(row, "ranged", True)
    character: PowCharacter = editor.document.character  # type: ignore[assignment]
    weapon = character.weapons[row]
    assert weapon.ranged and not weapon.adds_brawn
    assert editor.document.derived.weapon_damage[row].damage == weapon.damage
    table.set_value(row, "adds_brawn", True)  # a thrown knife: ticked back by hand
    assert editor.document.character.weapons[row].adds_brawn  # type: ignore[attr-defined]


def test_random_stats_button(editor):
    # Creating a Character, Step 2: "roll 1d6, treating a roll of "6" as a "0."" — one
    # undoable edit, seeded, the faces shown.
    editor.check_panel.roller = Roller(seed=3)
    before = editor.document.character.attributes.model_dump()
    text = editor.roll_random_stats()
    after = editor.document.character.attributes.model_dump()
    faces = [t.faces[0] for t in editor.check_panel.roller.throws[-6:]]
    assert list(after.values()) == [0 if f == 6 else f for f in faces]
    assert text.startswith("Random Stats (a 6 counts as 0): A ")
    assert label(editor, "rollResult") == result_html(text)
    editor.document.undo_stack.undo()
    assert editor.document.character.attributes.model_dump() == before


def test_weapons_and_armor_come_from_a_list_not_a_blank_row(editor, monkeypatch):
    """The book's gear, then our modern and fantasy examples, then blank."""
    from desktop.systems.pow.editor import gear_picker

    weapons = gear_picker.weapon_chooser()
    names = weapons.visible()
    assert names[:4] == ["Club", "Club (Armor Demo)", "Teeth", "Throwing Knife"]
    assert {"Sword", "Pistol", "Bow"} <= set(names) and names[-1] == "Blank weapon"
    line = weapons.list.item(names.index("Sword")).text()
    assert line == "Sword  ·  Sheetdesk example (fantasy), not the book's"
    weapons.search.setText("pistol")
    assert weapons.visible() == ["Pistol", "Blank weapon"]
    armor = gear_picker.armor_chooser()
    assert "Chain Mail" in armor.visible() and armor.visible()[-1] == "Blank armor"

    class Accepting:
        def __init__(self, chooser, name):
            self.chooser, self.name = chooser, name

        def __call__(self, parent, warn=None):
            self.chooser.choose(self.name)
            self.chooser.exec = lambda: self.chooser.DialogCode.Accepted
            return self.chooser

    before = len(editor.document.character.weapons)
    monkeypatch.setattr(gear_picker, "weapon_chooser",
                        Accepting(gear_picker.weapon_chooser(), "Sword"))
    editor.add_gear("weapons")
    added = editor.document.character.weapons[-1]
    assert len(editor.document.character.weapons) == before + 1
    assert (added.name, added.damage, added.adds_brawn) == ("Sword", 3, True)
    assert editor.document.undo_stack.text(editor.document.undo_stack.index() - 1) == (
        "Add Sword")
    monkeypatch.setattr(gear_picker, "armor_chooser",
                        Accepting(gear_picker.armor_chooser(), "Blank armor"))
    editor.add_gear("armor")
    assert editor.document.character.armor[-1].name == "New armor"


def test_gear_saved_to_my_list_is_offered_again_and_a_broken_list_is_skipped(editor):
    from desktop.systems.pow.editor import gear_picker
    from desktop.systems.pow.rules.user_gear import user_gear_path

    weapons = editor.tables["weapons"]
    weapons.add(Weapon(name="Zapper", damage=5, adds_brawn=False))
    weapons.table.selectRow(len(weapons.items) - 1)
    assert editor.save_gear_to_my_list("weapons").startswith("Saved Zapper to your own list")
    chooser = gear_picker.weapon_chooser()
    assert "Zapper" in chooser.visible()
    line = chooser.list.item(chooser.visible().index("Zapper")).text()
    assert line == "Zapper  ·  your own list"
    user_gear_path().write_text("{broken", encoding="utf-8")
    told = []
    chooser = gear_picker.weapon_chooser(None, told.append)
    assert "Zapper" not in chooser.visible() and "Sword" in chooser.visible()
    assert told and told[0].startswith("Your weapons and armor list was skipped: ")
