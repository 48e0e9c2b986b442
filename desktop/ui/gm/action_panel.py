"""What the GM can do to the selected combatant(s), from the game's ``rules.actions``.

A button per action with its inputs beside it (defaults from the rules), arranged by
``action_list`` (waiting prompts, common actions, the rest folded and searchable); an
action the rules forbid now is greyed with the reason as its tooltip, an allowed one
has the rule's hint. Under them: the combatant's conditions and timers (add one for
some rounds or until removed; end one), writing back to its character file, and
removing it from the fight.

With several combatants selected (an area attack) it offers the actions they all have,
done to each by its own rules in one step (``perform_all``), and a condition for all.

The panel only shows and asks; the window turns its signals into encounter operations.
Values typed into an action's inputs are kept while the panel is rebuilt.
"""

from __future__ import annotations

from typing import Any

from PySide6.QtCore import QSize, Qt, Signal
from PySide6.QtWidgets import (
    QFrame,
    QGroupBox,
    QHBoxLayout,
    QLabel,
    QLineEdit,
    QListWidget,
    QListWidgetItem,
    QPushButton,
    QScrollArea,
    QSpinBox,
    QVBoxLayout,
    QWidget,
)

from desktop.model.combat_rules import Action
from desktop.model.encounter import Encounter
from desktop.ui.gm.action_list import SELECT_ON_FOCUS, ActionList, common_ids
from desktop.ui.gm.flow import FlowLayout
from desktop.ui.gm.params import ParamEditor, values_of
from desktop.ui.gm.portraits import PortraitCache

PICTURE = QSize(48, 60)
"""The combatant's portrait beside its name (a character file's picture)."""


class ActionPanel(QWidget):
    perform = Signal(str, str, dict, str)
    """(combatant key, action id, values, action label)."""
    perform_all = Signal(list, str, dict, str)
    """(combatant keys, action id, values, action label): several selected."""
    add_condition = Signal(str, str, object)
    """(combatant key, text, rounds or None for "until removed")."""
    add_condition_all = Signal(list, str, object)
    end_condition = Signal(int)
    write_back = Signal(str)
    remove = Signal(str)

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self._key: str | None = None
        self._keys: list[str] = []
        """Everyone the actions are for: [key], or several selected in the roster."""
        self._actions: tuple[Action, ...] | None = None
        self._asked: tuple[Any, ...] | None = None
        self._kept: dict[tuple[str | None, str, str], Any] = {}
        """Values typed into an action's inputs, per combatant, action and input."""
        self.list = ActionList()
        self.list.triggered.connect(self.trigger)
        self.setMinimumWidth(240)

        self.title = QLabel("Select a combatant")
        self.title.setObjectName("combatantTitle")
        self.title.setWordWrap(True)
        font = self.title.font()
        font.setBold(True)
        font.setPointSizeF(font.pointSizeF() * 1.15)
        self.title.setFont(font)
        self.subtitle = QLabel("")
        self.subtitle.setWordWrap(True)
        self.picture = QLabel()
        self.picture.setObjectName("combatantPicture")
        self.picture.setFixedSize(PICTURE)
        self.picture.setAlignment(Qt.AlignmentFlag.AlignCenter)
        self.picture.hide()
        self.portraits = PortraitCache()
        self._picture_shown: Any = None

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

        # Actions, conditions and the file buttons scroll together, down only: every
        # line wraps to the dock's width.
        body = QWidget()
        inner = QVBoxLayout(body)
        inner.setContentsMargins(0, 0, 4, 0)
        inner.addWidget(self.list)
        inner.addWidget(self.conditions_box)
        inner.addLayout(bottom)
        inner.addStretch(1)
        self.scroll.setWidget(body)

        names = QVBoxLayout()
        names.setContentsMargins(0, 0, 0, 0)
        names.addWidget(self.title)
        names.addWidget(self.subtitle)
        names.addStretch(1)
        head = QHBoxLayout()
        head.addWidget(self.picture, 0, Qt.AlignmentFlag.AlignTop)
        head.addLayout(names, 1)
        layout = QVBoxLayout(self)
        layout.setContentsMargins(6, 6, 6, 6)
        layout.addLayout(head)
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
        self.condition_rounds.setSuffix(" rounds")
        self.condition_rounds.installEventFilter(SELECT_ON_FOCUS)
        self.condition_rounds.setToolTip("How many rounds it lasts: it ends on the turn of "
                                         "whoever was acting when it was set; or until "
                                         "removed")
        self.condition_add = QPushButton("Add")
        self.condition_add.setObjectName("conditionAdd")
        self.condition_add.clicked.connect(self._add_condition)
        self.condition_end = QPushButton("End selected")
        self.condition_end.setObjectName("conditionEnd")
        self.condition_end.clicked.connect(self._end_condition)
        self.condition_text.setMinimumWidth(140)
        row = QWidget()
        flow = FlowLayout(row)
        flow.addWidget(self.condition_text)
        flow.addWidget(self.condition_rounds)
        flow.addWidget(self.condition_add)
        layout = QVBoxLayout(box)
        layout.setContentsMargins(6, 6, 6, 6)
        layout.addWidget(self.condition_list)
        layout.addWidget(row)
        layout.addWidget(self.condition_end, alignment=Qt.AlignmentFlag.AlignRight)
        return box

    def _add_condition(self) -> None:
        text = self.condition_text.text().strip()
        if self._key is None or not text:
            return
        rounds = self.condition_rounds.value() or None
        if len(self._keys) > 1:
            self.add_condition_all.emit(list(self._keys), text, rounds)
        else:
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

    @property
    def keys(self) -> list[str]:
        return list(self._keys)

    @property
    def editors(self) -> dict[str, dict[str, ParamEditor]]:
        return self.list.editors

    @property
    def buttons(self) -> dict[str, QPushButton]:
        return self.list.buttons

    def show_combatant(self, encounter: Encounter | None, key: str | None,
                       status: str = "", keys: list[str] | None = None) -> None:
        """Show ``key``'s actions in ``encounter`` (None: nobody selected); ``status`` is
        its status from the game's row. With ``keys`` (several selected), the actions
        they all share, for all of them."""
        asked = (encounter, key, tuple(keys or ()), status)
        if self._asked is not None and asked[0] is self._asked[0] and asked[1:] == \
                self._asked[1:]:
            return  # the same question again (a roster selection signal echoing)
        self._asked = asked
        if encounter is None or key is None or key not in encounter.fighters:
            key = None
        many = [k for k in keys or () if encounter and k in encounter.fighters]
        if key is not None and len(many) > 1:
            actions = shared_actions(encounter, many)
        else:
            many = [key] if key is not None else []
            actions = tuple(encounter.rules.actions(encounter.state, key)) if (
                encounter is not None and key is not None) else ()
        # Another combatant with the same actions (the next Lizard-man) reuses the
        # widgets, with that combatant's own typed values put back; the same combatant
        # after a change (a turn passed) keeps focus and what was typed.
        previous = self._key
        self._key = key
        self._keys = many
        if (key is None) != (previous is None) or [_shape(a) for a in actions] != [
                _shape(a) for a in self._actions or ()]:
            common = common_ids(encounter.rules) if encounter is not None else ()
            groups = getattr(encounter.rules, "action_groups", {}) if encounter else {}
            self.list.build(key, actions, common, self._kept, self._keep, groups)
        else:
            if actions != self._actions:
                old = {a.id: a for a in self._actions or ()}
                for action in actions:
                    if old[action.id].params != action.params:
                        for param in action.params:
                            self.list.editors[action.id][param.name].set_param(param)
                    self.list.set_allowed(action)
            if key != previous:
                self._restore_values(key)
        self._actions = actions
        self._show_details(encounter, key, status)
        if len(many) > 1:
            self.picture.hide()
            self.title.setText(f"{len(many)} selected")
            self.subtitle.setText(", ".join(many) + ": the actions they share, done to "
                                  "each by its own rules in one step")

    def _keep(self, action_id: str, param: str, editor: ParamEditor) -> None:
        self._kept[(self._key, action_id, param)] = editor.value()

    def _show_details(self, encounter: Encounter | None, key: str | None,
                      status: str) -> None:
        has = encounter is not None and key is not None
        for widget in (self.conditions_box, self.write_back_button, self.remove_button):
            widget.setEnabled(has)
        self.condition_list.clear()
        self._show_picture(encounter.fighters[key].picture if (
            encounter is not None and key is not None) else None)
        if not has:
            self.title.setText("Select a combatant")
            self.subtitle.setText("Pick one in the roster (↑/↓) to act on it.")
            self.write_back_button.setToolTip("")
            return
        assert encounter is not None and key is not None
        fighter = encounter.fighters[key]
        acting = key in encounter.turn.actors
        mark = "▶ " if acting else "✓ " if key in encounter.acted else ""
        self.title.setText(f"{mark}{key}")
        self.title.setToolTip("acting now" if acting else "has acted this round"
                              if key in encounter.acted else "")
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

    def _show_picture(self, picture: Any) -> None:
        if picture is self._picture_shown and (picture is None) == self.picture.isHidden():
            return  # a turn passing: the same combatant, the same picture
        self._picture_shown = picture
        pixmap = self.portraits.pixmap(picture, PICTURE)
        if pixmap is None:
            self.picture.hide()
            self.picture.clear()
        else:
            self.picture.setPixmap(pixmap)
            self.picture.show()

    def trigger(self, action_id: str) -> bool:
        """Do ``action_id`` with the values in its inputs (as its button does)."""
        action = next((a for a in self._actions or () if a.id == action_id), None)
        if self._key is None or action is None or not action.enabled:
            return False
        values = values_of(self.editors.get(action.id, {}))
        if len(self._keys) > 1:
            self.perform_all.emit(list(self._keys), action.id, values, action.label)
        else:
            self.perform.emit(self._key, action.id, values, action.label)
        return True

    def choose(self, action_id: str) -> bool:
        """Put the cursor in the action's first input, its text selected."""
        return self.list.choose(action_id)

    def _restore_values(self, key: str | None) -> None:
        for action_id, editors in self.editors.items():
            for name, editor in editors.items():
                editor.reset(self._kept.get((key, action_id, name)))

    def set_value(self, action_id: str, param: str, value: Any) -> None:
        """Type a value into an action's input (tests and scripted use)."""
        self.editors[action_id][param].set_value(value)


def shared_actions(encounter: Encounter, keys: list[str]) -> tuple[Action, ...]:
    """The actions every one of ``keys`` has with the same inputs, allowed if allowed
    for at least one (the others are skipped, with the reason, when it is done)."""
    per_key = [{a.id: a for a in encounter.rules.actions(encounter.state, k)} for k in keys]
    out = []
    for action in per_key[0].values():
        same = [m.get(action.id) for m in per_key]
        if any(a is None or a.params != action.params for a in same):
            continue
        allowed = [a for a in same if a is not None and a.enabled]
        why = None if allowed else action.why_not
        out.append(Action(action.id, action.label, action.params, why, action.hint))
    return tuple(out)


def _shape(action: Action) -> tuple[object, ...]:
    """What the panel's widgets are built from (not whether the action is allowed now,
    nor a choice's list and default: another combatant's targets fill the same combo)."""
    return (action.id, action.label, action.prompt,
            tuple((p.name, p.label, p.kind, p.minimum, p.maximum, p.blank)
                  for p in action.params))
