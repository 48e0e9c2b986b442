"""The less common actions are grouped by kind under "More actions"."""

from __future__ import annotations

from PySide6.QtWidgets import QLabel

from desktop.model.combat_rules import Action
from desktop.systems.encounters import new_encounter
from desktop.systems.kruhl.rules.npcs import npcs
from desktop.ui.gm.action_list import grouped


def test_grouped_keeps_each_kinds_order_and_puts_the_unnamed_last() -> None:
    actions = [Action(i, i) for i in ("delay", "plot:rally", "odd", "force", "plot_gain")]
    groups = {"delay": "Turn", "force": "Turn", "plot": "Plot points",
              "plot_gain": "Plot points"}
    assert [(kind, [a.id for a in members]) for kind, members in grouped(actions, groups)] == [
        ("Turn", ["delay", "force"]), ("Plot points", ["plot:rally", "plot_gain"]),
        ("Other", ["odd"])]
    assert grouped(actions, {}) == [("Other", actions)]


def test_the_panel_shows_a_heading_per_kind_and_hides_empty_ones(qtbot) -> None:
    from desktop.ui.gm.window import GmWindow

    e = new_encounter("kruhl", "Corner", seed=2)
    e = e.add_character(npcs()[1], origin="catalog").start({})
    gm = GmWindow(e)
    qtbot.addWidget(gm)
    gm.resize(1280, 720)
    gm.show()
    assert gm.select("City guard")
    panel = gm.action_panel.list
    panel.more.setChecked(True)
    headings = {label.text() for label in panel.findChildren(QLabel)
                if label.objectName().startswith("group_") and label.isVisibleTo(panel)}
    assert {"Turn", "Plot points", "Conditions", "Recovery"} <= headings
    panel.search.setText("rally")
    visible = {label.text() for label in panel.findChildren(QLabel)
               if label.objectName().startswith("group_") and label.isVisibleTo(panel)}
    assert visible == {"Plot points"}
