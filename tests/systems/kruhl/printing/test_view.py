"""The sheet as words and numbers (``view.sheet_view``): what the chapter's characters
roll, their Endurance boxes and the conditions checklist."""

from __future__ import annotations

import ast
from pathlib import Path

from desktop.systems.kruhl.printing import view as view_module
from desktop.systems.kruhl.printing.view import (
    ROLL_RULE,
    effect_text,
    endurance_boxes,
    sheet_view,
)
from desktop.systems.kruhl.rules import catalog
from tests.systems.kruhl.printing.helpers import changed_example, example


def test_soraya_view_has_her_attributes_initiative_and_dice() -> None:
    view = sheet_view(example("soraya"))
    assert [(s.label, s.value) for s in view.scores] == [
        ("Agility", 6), ("Brawn", 4), ("Reason", 3), ("Presence", 4), ("Power Level", 1)]
    assert view.initiative == "2d6 + 3"
    skills = {s.name: s for s in view.skills}
    hth = skills["Hand-to-hand Combat"]
    assert (hth.level, hth.attribute, hth.adds) == ("Expertise", "Brawn 4", "Twin sabres +2")
    # The sabres are weapons: they add to her attacks, not to her defense.
    assert hth.roll == ("Attack: 2d6 (re-roll 1s and 2s) + 6; Defense: 2d6 (re-roll 1s "
                        "and 2s) + 4")
    assert skills["Athletics"].roll == "2d6 + 7"
    assert skills["Lockpicking"].level == "Unskilled" and skills["Lockpicking"].roll == "1d6 + 6"
    assert skills["Magic Resistance"].roll == "Defense: 1d6 + 4"
    assert len(view.skills) == len(catalog.skills())
    assert view.skills_note == ROLL_RULE
    assert view.equipment[0].rating == "2 (Ordinary)"
    assert view.equipment[1].rating == "1 (Simple)"
    assert (view.plot_points, view.endurance_max, view.endurance_now) == (1, 8, 8)
    assert view.endurance_note == "Now 8 of 8"


def test_virek_kohl_adds_power_level_and_his_custom_skill() -> None:
    view = sheet_view(example("virek-kohl"))
    skills = {s.name: s for s in view.skills}
    magic = skills["Thaumaturgy/Theology"]
    assert magic.adds == "Scorpion staff (focus) +3, Power Level +3"
    assert magic.roll == "Magical attack: 2d6 (re-roll 1s and 2s) + 13"
    alchemy = skills["Alchemy (custom)"]
    assert alchemy.custom and alchemy.roll == "2d6 + 8"
    assert view.scores[-1].note == "adds to Thaumaturgy/Theology"
    assert view.equipment[0].rating == "3 (Special-purpose)"


def test_endurance_boxes_free_then_stunned_then_lost() -> None:
    assert endurance_boxes(8, None, 0) == ("free",) * 8
    assert endurance_boxes(8, 6, 2) == ("free",) * 4 + ("stun",) * 2 + ("lost",) * 2
    assert endurance_boxes(5, 2, 4) == ("stun",) * 2 + ("lost",) * 3
    assert endurance_boxes(5, 9, 0) == ("free",) * 5  # above the maximum: a finding
    assert endurance_boxes(0, None, 0) == ()


def test_stunning_damage_is_shown_apart() -> None:
    view = sheet_view(changed_example("soraya", tracking={"endurance": 6, "stun": 2}))
    assert (view.endurance_now, view.stun) == (4, 2)
    assert view.endurance_note == "Now 4 of 8, 2 stunned"
    defeated = sheet_view(changed_example("soraya", tracking={"endurance": 0, "stun": 0}))
    assert defeated.endurance_note == "Now 0 of 8 · defeated"


def test_every_condition_is_on_the_checklist_with_its_dice() -> None:
    view = sheet_view(changed_example("soraya", conditions=["prone", "sprinting"]))
    assert [c.label for c in view.conditions] == [c.label for c in catalog.conditions()]
    assert [c.label for c in view.conditions if c.ticked] == [
        "Prone", "Sprinting (all-out move)"]
    prone = view.conditions[0]
    assert prone.effect == ("HtH defense: penalty die · Ranged defense, Magic Resistance: "
                            "bonus die")
    blinded = next(c for c in view.conditions if c.label.startswith("Can't perceive"))
    assert blinded.recover == "Perception (Reason) against DV 3 as a standard action"
    assert view.skills_note == "dice include: Prone, Sprinting (all-out move)"
    # The dice printed are the dice rolled: sprinting fails the attack, prone and
    # sprinting cancel out on the hand-to-hand defense.
    hth = next(s for s in view.skills if s.name == "Hand-to-hand Combat")
    assert hth.roll == "Attack: fails; Defense: 2d6 (re-roll 1s and 2s) + 4"


def test_effect_text_groups_the_dice() -> None:
    helpless = catalog.condition("helpless")
    assert effect_text(helpless) == "Attack, defense, skill rolls: fails"
    assert effect_text(catalog.condition("cover")) == "Defense: bonus die"


def test_reference_tables_come_from_the_chapter() -> None:
    view = sheet_view(example("soraya"))
    assert [(r.key, r.name) for r in view.difficulties] == [
        ("0", "Routine"), ("3", "Moderately difficult"), ("6", "Remarkably difficult"),
        ("9", "Extremely difficult"), ("12", "Inconceivable!")]
    assert [r.key for r in view.ranges] == ["Hand-to-hand", "Short", "Medium", "Long"]
    assert [u.name for u in view.plot_uses] == [
        "Bonus Die", "Escape", "Inspiration", "Rally", "Retcon", "Surge"]
    assert view.actions[0].key == "On your turn"


def test_rabble_in_the_footer_and_no_findings() -> None:
    assert sheet_view(example("soraya")).footer == ""
    rabble = sheet_view(changed_example("soraya", rabble=True, plot_points=0))
    assert rabble.footer == "Rabble: defeated by any successful attack"


def test_printing_reads_only_kruhl_rules_and_the_shared_pdf_code() -> None:
    """Layering: printing never imports Qt, the editor, the fight or another game."""
    for path in Path(view_module.__file__).parent.glob("*.py"):
        tree = ast.parse(path.read_text(encoding="utf-8"))
        for node in ast.walk(tree):
            names = ([a.name for a in node.names] if isinstance(node, ast.Import) else
                     [node.module or ""] if isinstance(node, ast.ImportFrom) else [])
            for name in names:
                if name.startswith("desktop.") and name != "desktop.systems":  # the registry
                    assert name.startswith(("desktop.pdf", "desktop.text",
                                            "desktop.systems.kruhl.rules",
                                            "desktop.systems.kruhl.printing")), (path, name)
                assert not name.startswith(("PySide6", "shiboken6")), (path, name)
