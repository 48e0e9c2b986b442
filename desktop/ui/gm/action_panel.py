"""What the GM can do to the selected combatant, from the game's ``rules.actions``.

A button per action with its inputs beside it (defaults from the rules); an action the
rules forbid now is greyed with the reason as its tooltip, an allowed one has the
rule's hint. Actions the rules are waiting for (a Stat Save due, a wake-up roll) come
first, in a highlighted box. Under them: the combatant's conditions and timers (add one
for some rounds or until removed; end one), writing back to its character file, and
removing it from the fight.

The panel only shows and asks; the window turns its signals into encounter operations.
Values typed into an action's inputs are kept while the panel is rebuilt.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from PySide6.QtCore import Qt, Signal
from PySide6.QtWidgets import (
    QFormLayout,
    QFrame,
    QGridLayout,
    QGroupBox,
    QHBoxLayout,
    QLabel,
    QLineEdit,
    QListWidget,
    QListWidgetItem,
    QPushButton,
    QScrollArea,
    QSizePolicy,
    QSpinBox,
    QVBoxLayout,
    QWidget,
)

from desktop.model.combat_rules import Action
from desktop.model.encounter import Encounter
from desktop.ui.gm.params import ParamEditor, values_of

PROMPT_STYLE = ("QFrame#prompts { background: rgba(255, 179, 0, 55); "
                "border: 1px solid rgba(200, 120, 0, 200); border-radius: 4px; }")

PER_LINE = 2
"""Most inputs an action shows on its button's line."""


class ActionPanel(QWidget):
    perform = Signal(str, str, dict, str)
    """(combatant key, action id, values, action label)."""
    add_condition = Signal(str, str, object)
    """(combatant key, text, rounds or None for "until removed")."""
    end_condition = Signal(int)
    write_back = Signal(str)
    remove = Signal(str)

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self._key: str | None = None
        self._actions: tuple[Action, ...] | None = None
        self._kept: dict[tuple[str | None, str, str], Any] = {}
        """Values typed into an action's inputs, per combatant, action and input."""
        self.editors: dict[str, dict[str, ParamEditor]] = {}
        self.buttons: dict[str, QPushButton] = {}
        self._labels: dict[str, list[QLabel]] = {}

        self.title = QLabel("Select a combatant")
        self.title.setObjectName("combatantTitle")
        self.title.setWordWrap(True)
        font = self.title.font()
        font.setBold(True)
        font.setPointSizeF(font.pointSizeF() * 1.15)
        self.title.setFont(font)
        self.subtitle = QLabel("")
        self.subtitle.setWordWrap(True)

        self.scroll = QScrollArea()
        self.scroll.setWidgetResizable(True)
        self.scroll.setFrameShape(QFrame.Shape.NoFrame)
        self.scroll.setHorizontalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)

        self.conditions_box = self._build_conditions()
        self.write_back_button = QPushButton("Write back to character file")
        self.write_back_button.setObjectName("writeBackButton")
        self.write_back_button.clicked.connect(self._write_back)
        self.remove_button = QPushButton("Remove from the fight")
        self.remove_button.setObjectName("removeButton")
        self.remove_button.clicked.connect(self._remove)
        bottom = QHBoxLayout()
        bottom.addWidget(self.write_back_button)
        bottom.addWidget(self.remove_button)

        # Actions, conditions and the file buttons scroll together: on a small screen
        # the waiting prompts at the top stay in view.
        body = QWidget()
        self.actions_holder = QVBoxLayout()
        self.actions_holder.setContentsMargins(0, 0, 0, 0)
        self._actions_widget = QWidget()
        self.actions_holder.addWidget(self._actions_widget)
        inner = QVBoxLayout(body)
        inner.setContentsMargins(0, 0, 4, 0)
        inner.addLayout(self.actions_holder)
        inner.addWidget(self.conditions_box)
        inner.addLayout(bottom)
        inner.addStretch(1)
        self.scroll.setWidget(body)

        layout = QVBoxLayout(self)
        layout.setContentsMargins(6, 6, 6, 6)
        layout.addWidget(self.title)
        layout.addWidget(self.subtitle)
        layout.addWidget(self.scroll, 1)
        self.show_combatant(None, None)

    # -- conditions --------------------------------------------------------------------
    def _build_conditions(self) -> QGroupBox:
        box = QGroupBox("Conditions and timers")
        self.condition_list = QListWidget()
        self.condition_list.setObjectName("conditionList")
        self.condition_list.setMinimumHeight(36)
        self.condition_list.setMaximumHeight(80)
        self.condition_list.itemActivated.connect(lambda _i: self._end_condition())
        self.condition_text = QLineEdit()
        self.condition_text.setObjectName("conditionText")
        self.condition_text.setPlaceholderText("Condition, e.g. Blinded")
        self.condition_text.returnPressed.connect(self._add_condition)
        self.condition_rounds = QSpinBox()
        self.condition_rounds.setObjectName("conditionRounds")
        self.condition_rounds.setRange(0, 999)
        self.condition_rounds.setSpecialValueText("until removed")
        self.condition_rounds.setToolTip("Rounds it lasts: it ends on the turn of whoever "
                                         "was acting when it was set; 0 = until removed")
        self.condition_add = QPushButton("Add")
        self.condition_add.setObjectName("conditionAdd")
        self.condition_add.clicked.connect(self._add_condition)
        self.condition_end = QPushButton("End selected")
        self.condition_end.setObjectName("conditionEnd")
        self.condition_end.clicked.connect(self._end_condition)
        row = QHBoxLayout()
        row.addWidget(self.condition_text, 3)
        row.addWidget(self.condition_rounds, 2)
        row.addWidget(self.condition_add)
        layout = QVBoxLayout(box)
        layout.setContentsMargins(6, 6, 6, 6)
        layout.addWidget(self.condition_list)
        layout.addLayout(row)
        layout.addWidget(self.condition_end, alignment=Qt.AlignmentFlag.AlignRight)
        return box

    def _add_condition(self) -> None:
        text = self.condition_text.text().strip()
        if self._key is None or not text:
            return
        rounds = self.condition_rounds.value() or None
        self.add_condition.emit(self._key, text, rounds)
        self.condition_text.clear()

    def _end_condition(self) -> None:
        item = self.condition_list.currentItem()
        if item is not None:
            self.end_condition.emit(int(item.data(Qt.ItemDataRole.UserRole)))

    def _write_back(self) -> None:
        if self._key is not None:
            self.write_back.emit(self._key)

    def _remove(self) -> None:
        if self._key is not None:
            self.remove.emit(self._key)

    # -- showing a combatant -------------------------------------------------------------
    @property
    def key(self) -> str | None:
        return self._key

    def show_combatant(self, encounter: Encounter | None, key: str | None,
                       status: str = "") -> None:
        """Show ``key``'s actions in ``encounter`` (None: nobody selected); ``status`` is
        its status from the game's row."""
        if encounter is None or key is None or key not in encounter.fighters:
            key = None
        actions = tuple(encounter.rules.actions(encounter.state, key)) if (
            encounter is not None and key is not None) else ()
        # Another combatant with the same actions (the next Lizard-man) reuses the
        # widgets, with that combatant's own typed values put back; the same combatant
        # after a change (a turn passed) keeps focus and what was typed.
        previous = self._key
        self._key = key
        if (key is None) != (previous is None) or [_shape(a) for a in actions] != [
                _shape(a) for a in self._actions or ()]:
            self._rebuild(key, actions)
        else:
            if actions != self._actions:
                self._update(actions)
            if key != previous:
                self._restore_values(key)
        self._actions = actions
        self._show_details(encounter, key, status)

    def _update(self, actions: Sequence[Action]) -> None:
        """Same actions as shown, only allowed or not (a turn passed): no rebuild, so
        focus and typed values stay put."""
        for action in actions:
            self.buttons[action.id].setEnabled(action.enabled)
            self.buttons[action.id].setToolTip(action.hint if action.enabled
                                               else f"Not now: {action.why_not}")
            for editor in self.editors[action.id].values():
                editor.widget.setEnabled(action.enabled)
            for label in self._labels.get(action.id, ()):
                label.setEnabled(action.enabled)

    def _show_details(self, encounter: Encounter | None, key: str | None,
                      status: str) -> None:
        has = encounter is not None and key is not None
        for widget in (self.conditions_box, self.write_back_button, self.remove_button):
            widget.setEnabled(has)
        self.condition_list.clear()
        if not has:
            self.title.setText("Select a combatant")
            self.subtitle.setText("Pick one in the roster (↑/↓) to act on it.")
            self.write_back_button.setToolTip("")
            return
        assert encounter is not None and key is not None
        fighter = encounter.fighters[key]
        acting = key in encounter.turn.actors
        self.title.setText(f"{'▶ ' if acting else ''}{key}")
        origin = {"file": "from a character file", "catalog": "from the catalog",
                  "quick": "quick combatant"}.get(fighter.origin, fighter.origin)
        group = f" · in {fighter.group}" if fighter.group else ""
        status = f" · {status}" if status else ""
        self.subtitle.setText(f"{origin}{group}{status}")
        self.subtitle.setToolTip(fighter.path or "")
        word, now = encounter.rules.round_word, encounter.turn.round
        for condition in encounter.conditions_of(key):
            item = QListWidgetItem(condition.describe(word, now))
            item.setData(Qt.ItemDataRole.UserRole, condition.id)
            item.setToolTip(f"Set in {word} {condition.set_round}"
                            + (f"; ends on {condition.anchor}'s turn" if condition.rounds
                               else "; lasts until ended"))
            self.condition_list.addItem(item)
        self.condition_end.setEnabled(self.condition_list.count() > 0)
        if fighter.path:
            self.write_back_button.setToolTip(f"Save this combatant as the fight has left it "
                                              f"to {fighter.path}")
        else:
            self.write_back_button.setEnabled(False)
            self.write_back_button.setToolTip("Not from a character file: nothing to write "
                                              "back to")

    def _rebuild(self, key: str | None, actions: Sequence[Action]) -> None:
        focused = self.focusWidget()
        focus_name = focused.objectName() if focused and self.isAncestorOf(focused) else ""
        self.editors, self.buttons, self._labels = {}, {}, {}
        content = QWidget()
        layout = QVBoxLayout(content)
        layout.setContentsMargins(0, 0, 0, 0)
        prompts = [a for a in actions if a.prompt]
        others = [a for a in actions if not a.prompt]
        if prompts:
            frame = QFrame()
            frame.setObjectName("prompts")
            frame.setStyleSheet(PROMPT_STYLE)
            inner = QVBoxLayout(frame)
            inner.setContentsMargins(6, 4, 6, 6)
            note = QLabel("The rules are waiting for:")
            note.setStyleSheet("background: transparent; border: none; font-weight: bold;")
            inner.addWidget(note)
            inner.addLayout(self._grid(key, prompts))
            layout.addWidget(frame)
        if others:
            layout.addLayout(self._grid(key, others))
        if key is not None and not actions:
            layout.addWidget(QLabel("This game offers no actions here."))
        old = self._actions_widget
        self.actions_holder.replaceWidget(old, content)
        old.hide()
        old.setParent(None)  # gone from view now, not at the next event loop turn
        old.deleteLater()
        self._actions_widget = content
        content.show()
        if focus_name:
            again = content.findChild(QWidget, focus_name)
            if again is not None and again.isEnabled():
                again.setFocus()

    def _grid(self, key: str | None, actions: Sequence[Action]) -> QGridLayout:
        grid = QGridLayout()
        grid.setHorizontalSpacing(6)
        grid.setVerticalSpacing(4)
        for row, action in enumerate(actions):
            button = QPushButton(action.label)
            button.setObjectName(f"action_{action.id}")
            button.setEnabled(action.enabled)
            button.setToolTip(action.hint if action.enabled else f"Not now: {action.why_not}")
            button.setSizePolicy(QSizePolicy.Policy.Preferred, QSizePolicy.Policy.Fixed)
            button.clicked.connect(lambda _=False, a=action: self.trigger(a.id))
            if action.prompt:
                font = button.font()
                font.setBold(True)
                button.setFont(font)
            self.buttons[action.id] = button
            grid.addWidget(button, row, 0)
            # A few inputs share the button's line; an action with many (an attack with a
            # dozen) gets a form of its own, one labelled input a line, so nothing runs off
            # the dock's edge.
            many = len(action.params) > PER_LINE
            inputs: QHBoxLayout | QFormLayout = QFormLayout() if many else QHBoxLayout()
            inputs.setSpacing(4)
            editors: dict[str, ParamEditor] = {}
            for param in action.params:
                editor = ParamEditor(param, self._kept.get((key, action.id, param.name)))
                editor.widget.setObjectName(f"param_{action.id}_{param.name}")
                editor.widget.setEnabled(action.enabled)
                editor.on_change(lambda a=action.id, p=param.name, e=editor:
                                 self._kept.__setitem__((self._key, a, p), e.value()))
                editor.on_enter(lambda a=action.id: self.trigger(a))
                # Text speaks for itself (placeholder), a check box carries its label.
                label = None
                if param.kind == "int" or (param.kind == "choice" and len(action.params) > 1):
                    label = QLabel(param.label)
                    label.setBuddy(editor.widget)
                    label.setEnabled(action.enabled)
                    self._labels.setdefault(action.id, []).append(label)
                if isinstance(inputs, QFormLayout):
                    if label is None:
                        inputs.addRow(editor.widget)
                    else:
                        inputs.addRow(label, editor.widget)
                else:
                    if label is not None:
                        inputs.addWidget(label)
                    inputs.addWidget(editor.widget, 1 if param.kind == "text" else 0)
                editors[param.name] = editor
            if isinstance(inputs, QHBoxLayout):
                inputs.addStretch(1)
            self.editors[action.id] = editors
            grid.addLayout(inputs, row, 1)
        grid.setColumnStretch(1, 1)
        return grid

    def trigger(self, action_id: str) -> bool:
        """Do ``action_id`` with the values in its inputs (as its button does)."""
        action = next((a for a in self._actions or () if a.id == action_id), None)
        if self._key is None or action is None or not action.enabled:
            return False
        self.perform.emit(self._key, action.id, values_of(self.editors.get(action.id, {})),
                          action.label)
        return True

    def _restore_values(self, key: str | None) -> None:
        for action_id, editors in self.editors.items():
            for name, editor in editors.items():
                editor.reset(self._kept.get((key, action_id, name)))

    def set_value(self, action_id: str, param: str, value: Any) -> None:
        """Type a value into an action's input (tests and scripted use)."""
        self.editors[action_id][param].set_value(value)


def _shape(action: Action) -> tuple[object, ...]:
    """What the panel's widgets are built from (not whether the action is allowed now)."""
    return (action.id, action.label, action.params, action.prompt)
