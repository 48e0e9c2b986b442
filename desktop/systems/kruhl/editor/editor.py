"""The Warlords of Kruhl character editor: forms/kruhl_editor.ui bound to a KruhlCharacter.

Everything generic (field bindings, list tables, findings, undo) comes from desktop.ui;
this module says which widget edits which Kruhl field and which label shows which
derived value. The chapter gives no creation rules, so nothing here limits a value
beyond the file format: the dice shown (skills table, initiative, odds) are what the
player rolls now, with equipment, Power Level and the conditions ticked.
"""

from __future__ import annotations

from functools import partial
from types import ModuleType

from PySide6.QtWidgets import (
    QCheckBox,
    QGridLayout,
    QHBoxLayout,
    QLabel,
    QLineEdit,
    QListWidget,
    QPlainTextEdit,
    QPushButton,
    QScrollArea,
    QSpinBox,
    QTableWidget,
    QTabWidget,
    QWidget,
)

from desktop.systems.kruhl.editor.check_panel import KruhlCheckPanel
from desktop.systems.kruhl.editor.skills_table import LEVEL, POWER, SkillsTable, fit_rows
from desktop.systems.kruhl.editor.tables import (
    HelpsList,
    custom_skills_table,
    equipment_table,
)
from desktop.systems.kruhl.rules import catalog
from desktop.systems.kruhl.rules.catalog import ROLL_KIND_LABELS, ROLL_KINDS
from desktop.systems.kruhl.rules.character import ATTRIBUTE_LABELS, SCORES, KruhlCharacter
from desktop.systems.kruhl.rules.derived import KruhlDerived
from desktop.ui.document import CharacterDocument
from desktop.ui.editor import CharacterEditor, reveal
from desktop.ui.editor_layout import TabsAsTallAsPage
from desktop.ui.lazy_pages import BoundOnUse
from desktop.ui.list_table import ListTableBinding
from desktop.ui.widgets.findings import FindingsList
from desktop.ui.widgets.my_list import save_button

SPIN_NAMES = {"agility": "agilitySpin", "brawn": "brawnSpin", "reason": "reasonSpin",
              "presence": "presenceSpin", "endurance": "enduranceSpin",
              "power_level": "powerLevelSpin"}
CONDITION_COLUMNS = 3
LIST_BUTTONS = {"equipment": ("addEquipmentButton", "equipmentButtons"),
                "custom_skills": ("addCustomSkillButton", "customSkillButtons")}
"""Each list table's Add … button and the form's row of buttons it sits in."""
TABLES = {"custom_skills": ("customSkillsTable", custom_skills_table, "removeCustomSkillButton"),
          "equipment": ("equipmentTable", equipment_table, "removeEquipmentButton")}
"""Each list table's widget, how it is bound, and its Remove button."""


class KruhlEditor(CharacterEditor):
    FORM = "kruhl_editor.ui"
    LAZY_TABS = "detailTabs"

    def __init__(self, document: CharacterDocument, parent: QWidget | None = None) -> None:
        super().__init__(document, parent)
        self._bind_identity()
        self._bind_play()
        self.skills = SkillsTable(document, self._w(QTableWidget, "skillsTable"))
        self.tables: dict[str, ListTableBinding] = BoundOnUse(
            lambda key: key in TABLES and self._w(QTableWidget, TABLES[key][0]))
        self.helps: HelpsList | None = None
        for key in TABLES:
            self.when_built(TABLES[key][0], partial(self._bind_table, key))
        self.conditions: dict[str, QCheckBox] = BoundOnUse(
            lambda _key: self._w(QWidget, "conditionsBox"))
        self.when_built("conditionsBox", self._bind_conditions)
        self.unknown_power = self._w(QWidget, "unknownPowerBox")
        self.drop_power_button = self._w(QPushButton, "dropUnknownPowerButton")
        self.drop_power_button.clicked.connect(self.drop_unknown_power)
        self.check_panel = KruhlCheckPanel(self.form, document)
        self.findings = FindingsList(self._w(QListWidget, "findingsList"))
        self.findings.field_chosen.connect(self.focus_field)
        # The skills tables as tall as their rows, so the sheet (not a table) scrolls,
        # and the tab widget only as tall as the page shown.
        self._fit = TabsAsTallAsPage(self._w(QTabWidget, "detailTabs"),
                                     self._w(QScrollArea, "sheetScroll"), self._fit_tables)
        self.refresh()

    def _fit_tables(self) -> None:
        fit_rows(self.skills.table)
        fit_rows(self.tables["custom_skills"].table, spare=1)

    # -- bindings ------------------------------------------------------------------
    def _bind_table(self, key: str) -> None:
        """A list table with its Remove button and its Add … button, which opens its
        list (the book's, our examples, the user's own) with a blank entry at hand, and
        "Save to my list" beside it; the lists' module is imported when first pressed.
        The equipment's table shows what helps each roll below it."""
        widget, make, remove = TABLES[key]
        table = self.tables[key] = make(self.document, self._w(QTableWidget, widget))
        self._w(QPushButton, remove).clicked.connect(lambda _=False: table.remove_selected())
        add, row = LIST_BUTTONS[key]
        button = self._w(QPushButton, add)
        button.clicked.connect(lambda _=False: _lists().add_from_list(self, key))
        button.setToolTip("Choose from the list (the book's, our examples, your own) "
                          "or a blank row")
        save_button(self.form.findChild(QHBoxLayout, row), button, table, key,
                    self.message.emit, lambda: _lists().save_to_my_list(self, key))
        if key == "equipment":
            self.helps = HelpsList(table, self._w(QListWidget, "helpsList"))

    def _bind_identity(self) -> None:
        b = self.binder
        b.field(self._w(QLineEdit, "nameEdit"), "name", "Name")
        b.field(self._w(QLineEdit, "conceptEdit"), "concept", "Concept")
        b.field(self._w(QLineEdit, "playerEdit"), "player", "Player")
        for name, field, label in (("descriptionEdit", "description", "Description"),
                                   ("notesEdit", "notes", "Notes")):
            self.when_built(name, lambda n=name, f=field, t=label: b.field(
                self._w(QPlainTextEdit, n), f, t))
        for score in SCORES:
            b.field(self._w(QSpinBox, SPIN_NAMES[score]), f"attributes.{score}",
                    ATTRIBUTE_LABELS[score])

    def _bind_play(self) -> None:
        b = self.binder
        b.field(self._w(QSpinBox, "currentEnduranceSpin"), "tracking.endurance",
                "current Endurance", get=_current_endurance, set=_set_current_endurance)
        b.field(self._w(QSpinBox, "stunSpin"), "tracking.stun", "stunning damage")
        b.field(self._w(QSpinBox, "plotPointsSpin"), "plot_points", "plot points")
        b.field(self._w(QCheckBox, "rabbleCheck"), "rabble", "Rabble")
        b.derived(self._w(QLabel, "enduranceValue"), _endurance_text)
        b.derived(self._w(QLabel, "initiativeValue"),
                  lambda d, c: d.initiative.roll("skill").text,
                  lambda d, c: "Perception (Reason) roll; the highest acts first. "
                               + _line_tip(d, "Perception"))
        self.when_built("conditionsSummary", lambda: b.derived(
            self._w(QLabel, "conditionsSummary"), _conditions_text))

    def _bind_conditions(self) -> None:
        """A tick box per condition of the chapter's two tables, its text as tooltip."""
        grid = self._w(QWidget, "conditionsBox").layout()
        assert isinstance(grid, QGridLayout)
        boxes = self.conditions
        for index, info in enumerate(catalog.conditions()):
            box = QCheckBox(info.label)
            box.setObjectName(f"condition_{info.id}")
            box.setToolTip(f"{info.text}\n(Actions, {info.section})")
            grid.addWidget(box, index // CONDITION_COLUMNS, index % CONDITION_COLUMNS)
            self.binder.field(box, f"conditions.{info.id}", info.label,
                              get=lambda c, i=info.id: i in c.conditions,
                              set=lambda c, on, i=info.id: _set_condition(c, i, on))
            boxes[info.id] = box

    def unknown_power_skills(self) -> list[str]:
        """Power Level skills with no line on the character (no row to untick them in)."""
        known = self.document.derived.skills
        return [s for s in self.document.character.power_level_skills if s not in known]

    def drop_unknown_power(self) -> None:
        unknown = set(self.unknown_power_skills())
        self.document.apply("Drop Power Level from unknown skills", lambda c: setattr(
            c, "power_level_skills", [s for s in c.power_level_skills if s not in unknown]))

    # -- showing -------------------------------------------------------------------
    def refresh(self) -> None:
        derived: KruhlDerived = self.document.derived
        self.binder.refresh()
        self.skills.refresh()
        unknown = self.unknown_power_skills()
        self.unknown_power.setVisible(bool(unknown))
        self._w(QLabel, "unknownPowerLabel").setText(
            f"Power Level is also added to {', '.join(unknown)}, which the character "
            "has no line for." if unknown else "")
        for table in self.tables.values():  # a page not loaded yet is shown when it is
            table.refresh()
        if self.helps is not None:
            self.helps.refresh()
        self._fit.fit()  # a custom skill added or removed changes the table's height
        self.check_panel.refresh()
        self.findings.show(derived.findings)

    def focus_field(self, path: str) -> bool:
        self.build_all_pages()
        head, _, rest = path.partition(".")
        index = rest.split(".")[0]
        table = self.tables.get(head)
        if table is not None:
            reveal(table.table)
            if index.isdigit() and int(index) < table.table.rowCount():
                table.table.selectRow(int(index))
            return True
        if head == "power_level_skills" and self.unknown_power_skills():
            reveal(self.drop_power_button)
            return True
        if head in ("skills", "power_level_skills"):
            reveal(self.skills.table)
            return self.skills.focus(rest, LEVEL if head == "skills" else POWER)
        if head == "conditions":
            first = next((b for i, b in self.conditions.items() if i == rest), None)
            reveal(first or next(iter(self.conditions.values())))
            return True
        widget = self.binder.widget_for(path)
        if widget is None:
            return False
        reveal(widget)
        return True


# ----------------------------------------------------------------------- helpers

def _lists() -> ModuleType:
    """The add-from-the-list module, imported when a button first needs it."""
    from desktop.systems.kruhl.editor import add_lists

    return add_lists


def _current_endurance(character: KruhlCharacter) -> int:
    current = character.tracking.endurance
    return character.attributes.endurance if current is None else current


def _set_current_endurance(character: KruhlCharacter, value: int) -> None:
    """At the maximum the file keeps None, so raising the maximum heals along."""
    full = character.attributes.endurance
    character.tracking.endurance = None if value == full else value


def _set_condition(character: KruhlCharacter, condition_id: str, on: bool) -> None:
    if on and condition_id not in character.conditions:
        character.conditions.append(condition_id)
    elif not on and condition_id in character.conditions:
        character.conditions.remove(condition_id)


def _endurance_text(derived: KruhlDerived, character: KruhlCharacter) -> str:
    text = f"{derived.endurance_current} of {derived.endurance_max}"
    if derived.stun:
        text += f" ({derived.stun} stunning)"
    if derived.defeated:
        text += " · defeated"
    return text


def _line_tip(derived: KruhlDerived, skill: str) -> str:
    line = derived.skills[skill]
    parts = [f"{ATTRIBUTE_LABELS[line.attribute]} {line.attribute_score}"]
    if line.equipment:
        parts.append(f"{line.equipment_name} {line.equipment}")
    if line.power_level:
        parts.append(f"Power Level {line.power_level}")
    return f"{skill} ({line.level}) + {' + '.join(parts)}"


def _conditions_text(derived: KruhlDerived, character: KruhlCharacter) -> str:
    """Net dice per kind of roll from the conditions ticked."""
    parts = []
    for kind in ROLL_KINDS:
        c = derived.conditions[kind]
        if c.fails:
            parts.append(f"{ROLL_KIND_LABELS[kind]}: fails")
        elif c.dice:
            word = "bonus" if c.dice > 0 else "penalty"
            dice = "die" if abs(c.dice) == 1 else "dice"
            parts.append(f"{ROLL_KIND_LABELS[kind]}: {abs(c.dice)} {word} {dice}")
    if not parts:
        return "No conditions in effect: every roll uses its plain dice."
    return "In effect now — " + " · ".join(parts)


EDITOR = KruhlEditor
