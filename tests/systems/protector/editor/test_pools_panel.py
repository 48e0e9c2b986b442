"""The pools and the ledger in the Protector editor: dice drawn and marked, each pool's
lines, the ledger live as dice are bought, a ledger line going to what it paid for."""

from __future__ import annotations

from PySide6.QtCore import Qt
from PySide6.QtWidgets import (
    QComboBox,
    QListWidget,
    QPushButton,
    QSpinBox,
    QTableWidget,
    QTabWidget,
)

from desktop.systems.protector.rules import npcs
from desktop.ui.widgets.dice_pool import DieState
from tests.systems.protector.editor.conftest import make, text, w


def test_buying_a_trait_updates_the_ledger_live(blank, qtbot) -> None:
    blank.lifepath.choose("School")
    assert text(blank, "energyLeftValue").startswith("9 energy dice left")
    skill = w(blank, QSpinBox, "skillDiceSpin")
    skill.selectAll()
    qtbot.keyClicks(skill, "1")
    assert blank.document.character.trait_dice.skill == 1
    assert text(blank, "energyLeftValue").startswith("8 energy dice left")
    assert "4 bought but not assigned yet" in text(blank, "skillStepsValue")
    ledger = w(blank, QListWidget, "ledgerList")
    lines = [ledger.item(i).text() for i in range(ledger.count())]
    assert lines == ["+10  starting energy pool", "−1  Decade 1 (first tier): School",
                     "−1  skill steps: 1 die × 4", "= 8 left (10 gained − 2 spent)"]
    blank.tables["traits"].add()
    table = blank.tables["traits"].table
    table.item(0, 2).setData(Qt.ItemDataRole.EditRole, 3)
    assert "1 bought but not assigned yet" in text(blank, "skillStepsValue")
    assert len(blank.energy_view.shown()) == 8
    merged = w(blank, QTableWidget, "mergedTable")
    names = [merged.item(r, 0).text() for r in range(merged.rowCount())]
    assert names == ["Reading and Writing", "Math", "Fitness", "New trait"]


def test_clicking_a_die_marks_energy_depleted(arclight, qtbot) -> None:
    view = arclight.energy_view
    assert [d.state for d in view.shown()] == [DieState.READY] * 3
    qtbot.mouseClick(view, Qt.MouseButton.LeftButton,
                     pos=view.cell_rect(2).center().toPoint())
    assert arclight.document.character.energy.depleted == 1
    assert w(arclight, QSpinBox, "energyDepletedSpin").value() == 1
    assert view.shown()[2].state is DieState.DEPLETED
    view.click(0, damage=True)
    assert (arclight.document.character.energy.depleted,
            arclight.document.character.energy.damaged) == (0, 3)
    arclight.document.undo_stack.undo()
    assert arclight.document.character.energy.damaged == 0


def test_powers_show_their_pool_as_dice_and_activate(arclight) -> None:
    powers = arclight.tables["powers"]
    powers.table.selectRow(2)  # Damage absorption: 8 dice, No Deplete, 6 steps
    assert [str(d.die) for d in arclight.power_view.shown()] == ["d10", "d8", "d8", "d8",
                                                                "d8"]
    assert "= 5 in the pool" in text(arclight, "powerPoolValue")
    powers.table.selectRow(0)  # latent
    assert arclight.power_view.shown() == []
    activate = w(arclight, QPushButton, "activateButton")
    assert activate.isEnabled()
    activate.click()
    power = arclight.document.character.powers[0]
    assert (power.active, power.energy_dice, power.dice_per_die) == (True, 1, 8)
    assert len(arclight.power_view.shown()) == 8
    assert text(arclight, "energyLeftValue").startswith("2 energy dice left")
    combo = w(arclight, QComboBox, "effectCombo")
    combo.setCurrentIndex(combo.findData("Ranged"))
    w(arclight, QPushButton, "addEffectButton").click()
    assert [e.name for e in arclight.document.character.powers[0].effects] == ["Ranged"]
    assert len(arclight.power_view.shown()) == 7
    assert arclight.tables["effects"].table.item(0, 2).text() == "1"


def test_the_book_s_npcs_show_their_pools(qtbot) -> None:
    for npc in npcs.npcs():
        editor = make(qtbot, npc)
        assert text(editor, "ageValue") == "NPC (no life path)"
        assert text(editor, "stepPrompt").startswith("An NPC has no life path")
        assert len(editor.energy_view.shown()) == editor.document.derived.energy_dice
        if npc.name == "The Visionary":
            editor.tables["powers"].table.selectRow(0)  # Super Strength: 3d8x10
            assert [str(d.die) for d in editor.power_view.shown()] == ["1d8x10"] * 3
        editor.close()


def test_a_ledger_line_goes_to_what_it_paid_for(arclight) -> None:
    ledger = w(arclight, QListWidget, "ledgerList")
    items = [ledger.item(i) for i in range(ledger.count())]
    agent = next(i for i in items if "Wrench and Socket Set" in i.text())
    ledger.itemActivated.emit(agent)
    assert arclight.tables["agents"].selected_row() == 1
    assert w(arclight, QTabWidget, "detailTabs").currentIndex() == 3
    steps = next(i for i in items if "skill steps" in i.text())
    ledger.itemActivated.emit(steps)
    assert w(arclight, QSpinBox, "skillDiceSpin").hasFocus()


def _merged_cells(editor) -> list[list[str]]:
    merged = w(editor, QTableWidget, "mergedTable")
    return [[merged.item(r, c).text() for c in range(merged.columnCount())]
            for r in range(merged.rowCount())]


def _cells_looked_at_by_the_merged_table(profile) -> int:
    import pstats

    stats = pstats.Stats(profile).stats  # type: ignore[attr-defined]
    return sum(calls for (_file, _line, name), (*_counts, callers) in stats.items()
               if "'item' of 'PySide6.QtWidgets.QTableWidget'" in name
               for (_f, _l, caller), (calls, *_rest) in callers.items()
               if caller == "_show_merged")


def test_the_merged_traits_follow_every_change_looking_only_at_what_changed(
        blank, qtbot) -> None:
    """The merged table is read-only: a refresh looks only at the cells whose text
    changed (it read all 62 of Arclight's cells back from Qt after every edit)."""
    import cProfile

    blank.lifepath.choose("School")
    first = _merged_cells(blank)
    traits = blank.tables["traits"]
    traits.add()
    traits.table.item(0, 2).setData(Qt.ItemDataRole.EditRole, 3)
    grown = _merged_cells(blank)
    assert len(grown) == len(first) + 1 and grown[-1][0] == "New trait"
    profile = cProfile.Profile()
    profile.enable()
    traits.table.item(0, 2).setData(Qt.ItemDataRole.EditRole, 2)
    profile.disable()
    after = _merged_cells(blank)
    changed = sum(old != new for old_row, new_row in zip(grown, after, strict=True)
                  for old, new in zip(old_row, new_row, strict=True))
    assert changed >= 1 and _cells_looked_at_by_the_merged_table(profile) == changed
    blank.document.undo_stack.undo()
    blank.document.undo_stack.undo()
    blank.document.undo_stack.undo()  # the trait is gone again
    assert _merged_cells(blank) == first
