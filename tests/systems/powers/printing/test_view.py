"""The sheet as words and numbers (``view.sheet_view``): the examples' dice, hit point
boxes, defences and each power's components, costs, PR and table."""

from __future__ import annotations

import ast
from pathlib import Path

from desktop.systems.powers.printing import view as view_module
from desktop.systems.powers.printing.view import hit_boxes, power_text, sheet_view
from desktop.systems.powers.rules.costs import shipped_table
from tests.systems.powers.printing.helpers import changed_example, example

TABLE = "Sheetdesk provisional costs v1"


def test_bob_view_has_his_dice_initiative_and_defences() -> None:
    view = sheet_view(example("bob"))
    assert [(a.label, a.dice) for a in view.attributes] == [
        ("Strength", 3), ("Resilience", 5), ("Intelligence", 10), ("Willpower", 6),
        ("Agility", 10), ("Health", 12)]
    assert (view.hit_points, view.hit_points_now) == (12, 12)
    assert view.hit_boxes == ("free",) * 12
    assert view.initiative_dice == 20
    assert view.initiative_note == "Agility 10 + Intelligence 10"
    assert [(d.label, d.text) for d in view.defences] == [
        ("Dodge an attack", "10 dice (Agility)"), ("Resist damage", "5 dice (Resilience)"),
        ("Resist psychic", "6 dice (Willpower)"),
        ("Mind Shield vs all", "9 dice (Willpower +3)")]
    assert view.table_name == TABLE and view.table_warning == ""


def test_blammo_cannon_lists_components_costs_pr_and_pools() -> None:
    cannon = sheet_view(example("bob")).powers[0]
    assert (cannon.name, cannon.rating, cannon.table) == ("Blammo Cannon", "22", TABLE)
    assert cannon.rating_text == f"PR 22 ({TABLE})"
    assert [(c.label, c.choices, c.cost, c.breakdown) for c in cannon.components] == [
        ("Range", "Long", "5", "Long 5"),
        ("Accurate", "+5 dice on the attack", "5", "1 per point × 5"),
        ("Damage", "6 points · Fire, Bashing", "12", "2 per point × 6 · Fire 0 · Bashing 0"),
        ("Duration", "Instant", "0", "Instant 0")]
    pools = {p.label: p.text for p in cannon.pools}
    assert pools["Attack"] == "15 dice (Agility 10 + Accurate 5) vs Agility"
    assert pools["Damage"] == "6 dice vs Resilience · Fire, Bashing · normal damage"
    assert cannon.fluff.startswith("A shoulder-mounted energy cannon")


def test_modifiers_with_parameters_are_worded() -> None:
    nigel = {p.name: p for p in sheet_view(example("nigel")).powers}
    pain = nigel["Phantom Pain"]
    assert pain.rating == "14.5"
    assert pain.components[1].choices == "4 points · Biological · Psychic, Phantom (5)"
    assert "Phantom -2 · Phantom 0.5 per rating × 5" in pain.components[1].breakdown
    assert {p.label: p.text for p in pain.pools}["Damage"] == (
        "4 dice vs Willpower · Biological · phantom 5 damage")
    touch = nigel["Healing Touch"]
    assert touch.components[1].choices == "2 points · HoT (3 turns)"
    assert {p.label: p.text for p in touch.pools}["Healing"] == (
        "2 points · every turn for 3 turns")
    dave = {p.name: p for p in sheet_view(example("dave")).powers}
    assert dave["Iron Fists"].components[1].choices == (
        "Strength dice · Bashing · Attribute Linked (Strength)")
    assert dave["Mighty Leap"].components[0].choices == (
        "Normal Human (approx. 15mph) · Jump (Medium)")
    assert "Jump 1 per range step × 4" in dave["Mighty Leap"].components[0].breakdown


def test_hit_boxes_keep_the_damage_kinds_apart() -> None:
    assert hit_boxes(6, 1, 2, 1) == ("normal", "phantom", "phantom", "stun", "free", "free")
    assert hit_boxes(3, 5, 1, 1) == ("normal",) * 3
    assert hit_boxes(0, 0, 0, 0) == ()
    view = sheet_view(changed_example("bob", tracking={"damage": {
        "normal": 3, "stun": 2, "phantom": 1}}))
    assert view.hit_boxes.count("stun") == 2 and view.hit_boxes.count("phantom") == 1
    assert view.hit_note == "Now 8 of 12 · taken: normal 3, stun 2, phantom 1"
    dying = sheet_view(changed_example("bob", tracking={"damage": {"normal": 15}}))
    assert "Close to Death: Resilience roll needs 3 hits" in dying.hit_note


def test_another_table_is_named_with_every_rating() -> None:
    table = shipped_table().renamed("House rules", "ours").with_cost("range.long", 9)
    view = sheet_view(example("bob"), table)
    assert view.powers[0].rating == "26" and view.powers[0].table == "House rules"
    assert view.table_warning.startswith(f"Built with {TABLE!r}")
    assert power_text(view.powers[0]).startswith("PR 26 (House rules)\nRange: Long")


def test_printing_reads_only_powers_rules_and_the_shared_pdf_code() -> None:
    """Layering: printing never imports Qt, the editor, the fight or another game."""
    for path in Path(view_module.__file__).parent.glob("*.py"):
        tree = ast.parse(path.read_text(encoding="utf-8"))
        for node in ast.walk(tree):
            names = ([a.name for a in node.names] if isinstance(node, ast.Import) else
                     [node.module or ""] if isinstance(node, ast.ImportFrom) else [])
            for name in names:
                if name.startswith("desktop.") and name != "desktop.systems":  # the registry
                    assert name.startswith(("desktop.pdf", "desktop.text",
                                            "desktop.systems.powers.rules",
                                            "desktop.systems.powers.printing")), (path, name)
                assert not name.startswith(("PySide6", "shiboken6")), (path, name)
        assert len(path.read_text(encoding="utf-8").splitlines()) <= 500, path
