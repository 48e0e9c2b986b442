"""The guided life-path generator in the editor (Character Generation).

The pure life path (``lifepath_steps``) says which step is due and the generator
(``lifepath``) takes it; this panel shows the step with its table (every entry with its
die results and the book's text), and takes it the way the player asks: Roll (seeded;
the dice are shown), Choose (the selected entry) or the player's own words where the
book allows them. Each step taken is ONE undoable edit of the document, so Ctrl+Z takes
it back and the panel offers that step again.

Events want "a one sentence description of the event and its consequences" and Decades
a description of what the character was doing: the Describe line edits the latest
Event (or the latest Decade, before it has Events), one undo step per edit.
"""

from __future__ import annotations

from PySide6.QtCore import QObject, QSignalBlocker, Qt, Signal
from PySide6.QtWidgets import (
    QAbstractItemView,
    QHeaderView,
    QLabel,
    QLineEdit,
    QPushButton,
    QSpinBox,
    QTableWidget,
    QTableWidgetItem,
    QWidget,
)

from desktop.model.dice import Roller, Throw
from desktop.systems.protector.rules import catalog, lifepath, lifepath_steps
from desktop.systems.protector.rules.character import ProtectorCharacter
from desktop.systems.protector.rules.lifepath import LifePathError, Outcome
from desktop.systems.protector.rules.lifepath_steps import Option, Step
from desktop.ui.document import CharacterDocument
from desktop.ui.forms import child
from desktop.ui.rich_text import escape

SHORT_TEXT = 110
"""Characters of an entry's text shown in the table; the whole text is under it."""


def step_key(step: Step) -> tuple[object, ...]:
    """Which step this is (not what it offers: an Event's description changes the
    options of a power's "which Event" step without making it another step)."""
    return (step.kind, step.decade, step.grant, step.event, step.power)


def rolls_text(option: Option) -> str:
    if option.rolls is None:
        return ""
    low, high = option.rolls
    return str(low) if low == high else f"{low}–{high}"


def short(text: str, limit: int = SHORT_TEXT) -> str:
    first = text.strip().split("\n", 1)[0]
    return first if len(first) <= limit else first[:limit - 1].rstrip() + "…"


def _entry_and_text(option: Option) -> tuple[str, str]:
    """The Entry and What-it-is cells: an Event offered to a power reads "Decade 1
    (School), Loss — her sentence", which splits into the two."""
    if not option.text and " — " in option.label:
        entry, text = option.label.split(" — ", 1)
        return entry, short(text)
    return option.label, short(option.text)


def describe_target(character: ProtectorCharacter) -> tuple[str, str] | None:
    """(field path, label) of what the Describe line edits: the latest Event, or the
    latest Decade while it has no Events yet; None before the first Decade."""
    if not character.decades:
        return None
    d_index = len(character.decades) - 1
    decade = character.decades[d_index]
    if decade.events:
        e_index = len(decade.events) - 1
        event = decade.events[e_index]
        name = catalog.lifepath_tables().events.by_id(event.type).name if event.type else (
            "Event")
        return (f"decades.{d_index}.events.{e_index}.description",
                f"Decade {d_index + 1}, Event {e_index + 1} ({name})")
    entry = decade.entry or "no entry yet"
    return f"decades.{d_index}.description", f"Decade {d_index + 1} ({entry})"


def get_field(model: object, path: str) -> object:
    """The value at a dotted path that may index lists ("decades.0.description")."""
    for part in path.split("."):
        model = model[int(part)] if part.isdigit() else getattr(model, part)  # type: ignore[index]
    return model


def set_field(model: object, path: str, value: object) -> None:
    parent, _, last = path.rpartition(".")
    setattr(get_field(model, parent) if parent else model, last, value)


def _replace_all(target: ProtectorCharacter, source: ProtectorCharacter) -> None:
    """Make ``target`` (the document's editable copy) equal to ``source``."""
    for name in type(target).model_fields:
        setattr(target, name, getattr(source, name))


class LifePathPanel(QObject):
    """Drives the form's Life-path generator group."""

    step_taken = Signal(str)
    """A step was taken: what happened (for the status bar)."""

    def __init__(self, form: QWidget, document: CharacterDocument,
                 roller: Roller | None = None) -> None:
        super().__init__(form)
        self.document = document
        self.roller = roller or Roller()
        self.prompt = child(form, QLabel, "stepPrompt")
        self.rule = child(form, QLabel, "stepRule")
        self.table = child(form, QTableWidget, "optionsTable")
        self.option_text = child(form, QLabel, "optionText")
        self.buttons = child(form, QWidget, "stepButtons")
        self.roll_button = child(form, QPushButton, "lifeRollButton")
        self.choose_button = child(form, QPushButton, "lifeChooseButton")
        self.own_edit = child(form, QLineEdit, "ownEdit")
        self.own_button = child(form, QPushButton, "lifeOwnButton")
        self.seed = child(form, QSpinBox, "lifeSeedSpin")
        self.outcome_label = child(form, QLabel, "lastOutcome")
        self.describe_label = child(form, QLabel, "describeLabel")
        self.describe_edit = child(form, QLineEdit, "describeEdit")
        font = self.prompt.font()
        font.setBold(True)
        font.setPointSizeF(font.pointSizeF() * 1.1)
        self.prompt.setFont(font)
        self.outcome_label.setTextFormat(Qt.TextFormat.RichText)
        self._setup_table()
        self._step: Step | None = None
        self._options: tuple[Option, ...] = ()
        self._last: tuple[Step, str, tuple[object, ...]] | None = None
        self._target: tuple[str, str] | None = None
        self.roll_button.clicked.connect(self.roll)
        self.choose_button.clicked.connect(lambda: self.choose())
        self.own_button.clicked.connect(lambda: self.use_own())
        self.own_edit.returnPressed.connect(lambda: self.use_own())
        self.own_edit.textChanged.connect(lambda _t: self._enable())
        self.table.itemActivated.connect(lambda _item: self.choose())
        self.table.itemSelectionChanged.connect(self._selection_changed)
        self.seed.valueChanged.connect(self._reseed)
        self.describe_edit.textEdited.connect(self._describe)

    def _setup_table(self) -> None:
        table = self.table
        table.setColumnCount(3)
        table.setHorizontalHeaderLabels(["Roll", "Entry", "What it is"])
        table.verticalHeader().setVisible(False)
        table.setEditTriggers(QAbstractItemView.EditTrigger.NoEditTriggers)
        table.setWordWrap(False)
        header = table.horizontalHeader()
        header.setSectionResizeMode(0, QHeaderView.ResizeMode.ResizeToContents)
        header.setSectionResizeMode(1, QHeaderView.ResizeMode.ResizeToContents)
        header.setSectionResizeMode(2, QHeaderView.ResizeMode.Stretch)

    @property
    def character(self) -> ProtectorCharacter:
        return self.document.character  # type: ignore[return-value]

    @property
    def step(self) -> Step:
        return lifepath_steps.next_step(self.character)

    # -- showing ----------------------------------------------------------------------
    def refresh(self) -> None:
        character = self.character
        step = lifepath_steps.next_step(character)
        if self._step is None or step != self._step:
            self._show_step(step)
        self._show_outcome(step)
        self._show_target(character)
        self._enable()

    def _show_step(self, step: Step) -> None:
        same = self._step is not None and step_key(step) == step_key(self._step)
        selected = self.selected_row() if same else -1
        self._step = step
        self._options = step.options
        self.prompt.setText(step.prompt)
        self.rule.setText(f"({step.rule})")
        self.roll_button.setText(f"&Roll {step.dice}" if step.rollable else "&Roll")
        self.roll_button.setToolTip(
            f"Roll {step.dice} (seeded; the dice are shown below)" if step.rollable
            else "This step is chosen, not rolled")
        with QSignalBlocker(self.table):
            self.table.setRowCount(len(step.options))
            for row, option in enumerate(step.options):
                cells = (rolls_text(option), *_entry_and_text(option))
                for column, text in enumerate(cells):
                    item = QTableWidgetItem(text)
                    if option.text:
                        item.setToolTip(option.text)
                    self.table.setItem(row, column, item)
            self.table.clearSelection()
        if selected >= 0 and selected < len(step.options):
            self.table.selectRow(selected)
        # Steps with no table (name a trade) or none left (done) show only what they need.
        self.table.setVisible(bool(step.options))
        self.option_text.setVisible(bool(step.options))
        self.buttons.setVisible(not step.done)
        if not same:
            self.own_edit.clear()
        self.own_edit.setPlaceholderText(
            "your own words" if step.free_text else "(the book's table only)")
        self._selection_changed()

    def _show_outcome(self, step: Step) -> None:
        if self._last is None:
            self.outcome_label.setText("")
            return
        taken, text, after = self._last
        if step_key(step) == after:
            self.outcome_label.setText(text)
        elif step_key(step) == step_key(taken):
            self.outcome_label.setText(f"<i>Undone:</i> {text}")
        else:
            self.outcome_label.setText("")

    def _show_target(self, character: ProtectorCharacter) -> None:
        target = describe_target(character)
        self._target = target
        usable = target is not None
        self.describe_edit.setEnabled(usable)
        self.describe_label.setEnabled(usable)
        if target is None:
            self.describe_label.setText("Descri&be:")
            self.describe_edit.clear()
            return
        path, label = target
        self.describe_label.setText(f"Descri&be {label}:")
        self.describe_edit.setPlaceholderText(
            "one sentence: what happened and its consequences" if ".events." in path
            else "what the character was doing during the decade")
        current = get_field(character, path)
        if self.describe_edit.text() != current:
            self.describe_edit.setText(current)

    def _selection_changed(self) -> None:
        option = self.selected_option()
        self.option_text.setText(
            f"<b>{escape(option.label)}</b>: {escape(option.text)}".replace("\n", "<br>")
            if option is not None and option.text else "")
        self._enable()

    def _enable(self) -> None:
        step = self._step
        if step is None:
            return
        self.roll_button.setEnabled(step.rollable)
        self.choose_button.setEnabled(not step.done and self.selected_option() is not None)
        self.own_edit.setEnabled(step.free_text)
        self.own_button.setEnabled(step.free_text and bool(self.own_edit.text().strip()))

    def selected_row(self) -> int:
        rows = self.table.selectionModel().selectedRows()
        return rows[0].row() if rows else -1

    def selected_option(self) -> Option | None:
        row = self.selected_row()
        return self._options[row] if 0 <= row < len(self._options) else None

    def select(self, value: object) -> bool:
        """Select the entry whose value (or label) is ``value``; False if none is."""
        for row, option in enumerate(self._options):
            if option.value == value or option.label == value:
                self.table.selectRow(row)
                return True
        return False

    # -- taking steps -----------------------------------------------------------------
    def _reseed(self, seed: int) -> None:
        self.roller = Roller(seed or None)

    def roll(self) -> Outcome | None:
        """Roll the step that is due (one undoable edit)."""
        try:
            outcome = lifepath.roll(self.character, self.roller)
        except LifePathError as exc:
            self._say(str(exc))
            return None
        self.roller.take_throws()
        self._take(outcome)
        return outcome

    def choose(self, value: object | None = None) -> Outcome | None:
        """Take the step as the selected entry (or ``value``: anything ``lifepath.choose``
        takes)."""
        if value is None:
            option = self.selected_option()
            if option is None:
                self._say("Pick an entry in the table first")
                return None
            value = option.value
        try:
            outcome = lifepath.choose(self.character, value)  # type: ignore[arg-type]
        except LifePathError as exc:
            self._say(str(exc))
            return None
        self._take(outcome)
        return outcome

    def use_own(self, text: str | None = None) -> Outcome | None:
        """Take the step with the player's own words (a trade's name, an application)."""
        words = (self.own_edit.text() if text is None else text).strip()
        if not words:
            self._say("Write the words first")
            return None
        return self.choose(words)

    def _take(self, outcome: Outcome) -> None:
        after = outcome.character
        shown = _outcome_html(outcome)
        name = outcome.step.prompt.split(":")[0]
        self._last = (outcome.step, shown, step_key(lifepath_steps.next_step(after)))
        self.document.apply(f"Life path: {name}", lambda c: _replace_all(c, after))
        self.step_taken.emit(outcome.description)
        target = describe_target(self.character)
        if target is not None and not get_field(self.character, target[0]).strip() and (
                outcome.step.kind in ("decade", "event")):
            self.describe_edit.setFocus()
            self.describe_edit.selectAll()

    def _describe(self, text: str) -> None:
        if self._target is None:
            return
        path, label = self._target
        self.document.apply(f"Describe {label}", lambda c: set_field(c, path, text),
                            merge_key=path)

    def _say(self, text: str) -> None:
        self.outcome_label.setText(f"<span style='color:#b00'>{escape(text, quote=False)}</span>")


def _outcome_html(outcome: Outcome) -> str:
    dice = " ".join(f"<b>{escape(_throw_text(t))}</b>" for t in outcome.throws)
    text = escape(outcome.description, quote=False)
    return f"{dice}<br>{text}" if dice else text


def _throw_text(throw: Throw) -> str:
    return f"{len(throw.faces)}d{throw.sides}: {' '.join(f'[{f}]' for f in throw.faces)}"
