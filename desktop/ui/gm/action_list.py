"""The list of a combatant's actions on the GM screen, arranged as a GM reaches for them.

Actions the rules are waiting for (a Stat Save due, a wake-up roll) first, in a
highlighted box; then the common ones (damage, healing, attacks: the rules'
``common_actions`` if it names them, else the usual ids); then the rest under "More
actions", folded away when there are many. A search line finds any action by its name
and Enter puts the cursor in its first input, its text selected, so "dam", Enter, 5,
Enter does 5 damage.

Each action is its button followed by its inputs in a flow that wraps to the dock's
width: nothing is cut off on the right, the panel only ever scrolls down.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from typing import Any

from PySide6.QtCore import QEvent, QObject, Qt, QTimer, Signal
from PySide6.QtWidgets import (
    QAbstractSpinBox,
    QFrame,
    QHBoxLayout,
    QLabel,
    QLineEdit,
    QPushButton,
    QSizePolicy,
    QToolButton,
    QVBoxLayout,
    QWidget,
)

from desktop.model.combat_rules import Action
from desktop.ui.gm.flow import FlowLayout
from desktop.ui.gm.params import ParamEditor

PROMPT_STYLE = ("QFrame#prompts { background: rgba(255, 179, 0, 55); "
                "border: 1px solid rgba(200, 120, 0, 200); border-radius: 4px; }")
COMMON = ("damage", "heal", "heal_power", "attack", "shoot", "hit", "declare", "roll",
          "contest", "act", "react")
"""Action ids a GM reaches for most, in this order, for a game that names none."""
FOLD_ABOVE = 6
"""More than this many other actions start folded under "More actions"."""

Kept = dict[tuple[str | None, str, str], Any]


def common_ids(rules: Any) -> tuple[str, ...]:
    return tuple(getattr(rules, "common_actions", ()) or COMMON)


def group_of(action_id: str, groups: Mapping[str, str]) -> str:
    """The kind an action belongs to: its id in the rules' ``action_groups``, else the
    part before ":" ("plot:rally" -> "plot"); "" when the rules name none."""
    return groups.get(action_id) or groups.get(action_id.split(":", 1)[0], "")


def grouped(rest: Sequence[Action], groups: Mapping[str, str]
            ) -> list[tuple[str, list[Action]]]:
    """The less common actions by kind, kinds in the order they first come (the rules'
    own order within each); unnamed ones last under "Other"."""
    out: dict[str, list[Action]] = {}
    for action in rest:
        out.setdefault(group_of(action.id, groups), []).append(action)
    other = out.pop("", [])
    return [*out.items(), *([("Other", other)] if other else [])]


def arrange(actions: Sequence[Action], common: Sequence[str]
            ) -> tuple[list[Action], list[Action], list[Action]]:
    """(waiting prompts, common actions in ``common``'s order, the rest in the rules'
    order). An id "kind:name" (a Powers attack with one of its powers) counts as its
    kind, so every attack power comes with "attack"."""
    prompts = [a for a in actions if a.prompt]
    rank = {id_: i for i, id_ in enumerate(common)}

    def place(action: Action) -> int | None:  # "attack:Blast" ranks as "attack"
        return rank.get(action.id, rank.get(action.id.split(":", 1)[0]))

    first = sorted((a for a in actions if not a.prompt and place(a) is not None),
                   key=lambda a: place(a) or 0)
    rest = [a for a in actions if not a.prompt and place(a) is None]
    return prompts, first, rest


class _SelectOnFocus(QObject):
    """A number box selects its text when it gets the focus, so typing replaces it."""

    def eventFilter(self, watched: QObject, event: QEvent) -> bool:
        if event.type() == QEvent.Type.FocusIn and isinstance(watched, QAbstractSpinBox):
            QTimer.singleShot(0, watched.selectAll)
        return False


SELECT_ON_FOCUS = _SelectOnFocus()


def focus_field(widget: QWidget) -> None:
    """Put the cursor in ``widget`` with its text selected."""
    widget.setFocus(Qt.FocusReason.TabFocusReason)
    if isinstance(widget, QAbstractSpinBox | QLineEdit):
        widget.selectAll()


class ActionList(QWidget):
    triggered = Signal(str)
    """An action's button was pressed, or Enter in one of its inputs."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.editors: dict[str, dict[str, ParamEditor]] = {}
        self.buttons: dict[str, QPushButton] = {}
        self.rows: dict[str, QWidget] = {}
        self._labels: dict[str, list[QLabel]] = {}
        self._pairs: dict[str, list[QWidget]] = {}
        self._more_open: bool | None = None
        self.search = QLineEdit()
        self.search.setObjectName("actionSearch")
        self.search.setPlaceholderText("Find an action (Ctrl+F), Enter to use it")
        self.search.setClearButtonEnabled(True)
        self.search.textChanged.connect(self._filter)
        self.search.returnPressed.connect(self.choose_first)
        self.search.hide()
        self.more = QToolButton()
        self.more.setObjectName("moreActions")
        self.more.setCheckable(True)
        self.more.setToolButtonStyle(Qt.ToolButtonStyle.ToolButtonTextBesideIcon)
        self.more.setAutoRaise(True)
        self.more.toggled.connect(self._toggle_more)
        self._body = QWidget()
        layout = QVBoxLayout(self)
        layout.setContentsMargins(0, 0, 0, 0)
        layout.addWidget(self.search)
        layout.addWidget(self._body)
        self._rest: list[str] = []
        self._headings: dict[str, tuple[QLabel, list[str]]] = {}

    # -- building ----------------------------------------------------------------------
    def build(self, key: str | None, actions: Sequence[Action], common: Sequence[str],
              kept: Kept, on_change: Callable[[str, str, ParamEditor], None],
              groups: Mapping[str, str] | None = None) -> None:
        focused = self.focusWidget()
        focus_name = focused.objectName() if focused and self.isAncestorOf(focused) else ""
        self.editors, self.buttons, self.rows, self._labels = {}, {}, {}, {}
        self._pairs = {}
        self._headings = {}
        prompts, first, rest = arrange(actions, common)
        self._rest = [a.id for a in rest]
        body = QWidget()
        layout = QVBoxLayout(body)
        layout.setContentsMargins(0, 0, 0, 0)
        layout.setSpacing(4)
        if prompts:
            frame = QFrame()
            frame.setObjectName("prompts")
            frame.setStyleSheet(PROMPT_STYLE)
            inner = QVBoxLayout(frame)
            inner.setContentsMargins(6, 4, 6, 6)
            note = QLabel("The rules are waiting for:")
            note.setStyleSheet("background: transparent; border: none; font-weight: bold;")
            inner.addWidget(note)
            for action in prompts:
                inner.addWidget(self._row(key, action, kept, on_change))
            layout.addWidget(frame)
        for action in first:
            layout.addWidget(self._row(key, action, kept, on_change))
        if rest:
            if first or prompts:
                layout.addWidget(self.more)
                self.more.show()
            else:
                self.more.hide()
            kinds = grouped(rest, groups or {})
            for kind, members in kinds:
                if len(kinds) > 1:  # headings only where they sort something
                    heading = QLabel(kind)
                    heading.setObjectName(f"group_{kind}")
                    heading.setStyleSheet("font-weight: bold; margin-top: 4px;")
                    self._headings[kind] = (heading, [a.id for a in members])
                    layout.addWidget(heading)
                for action in members:
                    layout.addWidget(self._row(key, action, kept, on_change))
        else:
            self.more.hide()
        if key is not None and not actions:
            layout.addWidget(QLabel("This game offers no actions here."))
        old = self._body
        self.layout().replaceWidget(old, body)
        old.hide()
        if not (rest and (first or prompts)):  # keep it out of the old body's deletion
            self.more.setParent(self)
            self.more.hide()
        old.setParent(None)
        old.deleteLater()
        self._body = body
        body.show()
        self.search.setVisible(len(actions) > 3)
        self._set_more(self._more_open if self._more_open is not None
                       else len(rest) <= FOLD_ABOVE or not (first or prompts))
        self._filter(self.search.text())
        if focus_name:
            again = body.findChild(QWidget, focus_name)
            if again is not None and again.isEnabled():
                again.setFocus()

    def _row(self, key: str | None, action: Action, kept: Kept,
             on_change: Callable[[str, str, ParamEditor], None]) -> QWidget:
        row = QWidget()
        row.setObjectName(f"row_{action.id}")
        flow = FlowLayout(row)
        button = QPushButton(action.label)
        button.setObjectName(f"action_{action.id}")
        button.setSizePolicy(QSizePolicy.Policy.Preferred, QSizePolicy.Policy.Fixed)
        button.clicked.connect(lambda _=False, a=action.id: self.triggered.emit(a))
        if action.prompt:
            font = button.font()
            font.setBold(True)
            button.setFont(font)
        self.buttons[action.id] = button
        flow.addWidget(button)
        editors: dict[str, ParamEditor] = {}
        for param in action.params:
            editor = ParamEditor(param, kept.get((key, action.id, param.name)))
            editor.widget.setObjectName(f"param_{action.id}_{param.name}")
            editor.widget.installEventFilter(SELECT_ON_FOCUS)
            editor.on_change(lambda a=action.id, p=param.name, e=editor: on_change(a, p, e))
            editor.on_enter(lambda a=action.id: self.triggered.emit(a))
            if param.kind == "text":
                editor.widget.setMinimumWidth(120)
            label = None
            if param.kind == "int" or (param.kind == "choice" and len(action.params) > 1):
                label = QLabel(param.label)
                label.setBuddy(editor.widget)
                self._labels.setdefault(action.id, []).append(label)
            pair = QWidget()
            line = QHBoxLayout(pair)
            line.setContentsMargins(0, 0, 0, 0)
            line.setSpacing(3)
            if label is not None:
                line.addWidget(label)
            line.addWidget(editor.widget, 1)
            flow.addWidget(pair)
            self._pairs.setdefault(action.id, []).append(pair)
            editors[param.name] = editor
        self.editors[action.id] = editors
        self.rows[action.id] = row
        self.set_allowed(action)
        return row

    def set_allowed(self, action: Action) -> None:
        """Enable or grey ``action`` (the reason as its tooltip) without a rebuild; a
        greyed action folds its inputs away, so what can be done now stays in view."""
        button = self.buttons[action.id]
        button.setEnabled(action.enabled)
        button.setToolTip(action.hint if action.enabled else f"Not now: {action.why_not}")
        for editor in self.editors[action.id].values():
            editor.widget.setEnabled(action.enabled)
        for label in self._labels.get(action.id, ()):
            label.setEnabled(action.enabled)
        for pair in self._pairs.get(action.id, ()):
            pair.setVisible(action.enabled)

    # -- finding and folding -----------------------------------------------------------
    def _set_more(self, open_: bool) -> None:
        self.more.blockSignals(True)
        self.more.setChecked(open_)
        self.more.blockSignals(False)
        self._show_more(open_)

    def _toggle_more(self, open_: bool) -> None:
        self._more_open = open_
        self._show_more(open_)

    def _show_more(self, open_: bool) -> None:
        self.more.setArrowType(Qt.ArrowType.DownArrow if open_ else Qt.ArrowType.RightArrow)
        self.more.setText(f"More actions ({len(self._rest)})")
        self._filter(self.search.text())

    def _filter(self, text: str) -> None:
        words = text.strip().lower()
        folded = not self.more.isChecked() and self.more.isVisibleTo(self._body)
        for action_id, row in self.rows.items():
            label = self.buttons[action_id].text().lower()
            if words:
                row.setVisible(words in label or words in action_id.lower())
            else:
                row.setVisible(not (folded and action_id in self._rest))
        for heading, ids in self._headings.values():
            heading.setVisible(any(not self.rows[i].isHidden() for i in ids))

    def visible_actions(self) -> list[str]:
        return [a for a, row in self.rows.items() if not row.isHidden()]

    def choose(self, action_id: str) -> bool:
        """Put the cursor in ``action_id``'s first input (text selected), or on its
        button when it takes none."""
        if action_id not in self.buttons or not self.buttons[action_id].isEnabled():
            return False
        row = self.rows[action_id]
        if row.isHidden():
            self.search.clear()
            if action_id in self._rest:
                self._set_more(True)
        editors = list(self.editors[action_id].values())
        focus_field(editors[0].widget if editors else self.buttons[action_id])
        return True

    def choose_first(self) -> bool:
        """Enter in the search line: the first allowed action it shows."""
        for action_id in self.visible_actions():
            if self.buttons[action_id].isEnabled():
                self.search.clear()
                return self.choose(action_id)
        return False
