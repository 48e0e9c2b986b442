"""Choosing a Personal Trait or a skill from the book (Pocket Universe 2.2, 2.42).

Each picker is a search box over the book's list, a preview of the chosen entry (its
point value or Attribute and penalty, how often it may be taken, its effect in numbers
and the book's words) and the few choices the entry needs (the Attribute of an
Attribute ±1, the form of a Phobia, a skill's specialisation). The equipment picker is
in ``gear_picker``; both share ``CatalogPicker``.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from PySide6.QtWidgets import (
    QComboBox,
    QDialog,
    QFormLayout,
    QHBoxLayout,
    QLabel,
    QLineEdit,
    QListWidget,
    QListWidgetItem,
    QSpinBox,
    QTextBrowser,
    QVBoxLayout,
    QWidget,
)

from desktop.systems import catalog_search
from desktop.systems.pocket.editor import text as editor_text
from desktop.systems.pocket.rules import catalog_skills, catalog_traits, skills
from desktop.systems.pocket.rules.catalog_skills import SkillInfo
from desktop.systems.pocket.rules.catalog_traits import TraitInfo
from desktop.systems.pocket.rules.character import (
    ATTRIBUTE_LABELS,
    ATTRIBUTES,
    Attribute,
    Skill,
    Trait,
)
from desktop.ui.rich_text import escape
from desktop.ui.widgets.catalog_chooser import add_buttons


def matches(needle: str, *haystack: str) -> bool:
    """Whether every word of ``needle`` occurs somewhere in ``haystack`` (any case), or
    a word the book uses for it does ("sword" finds the Melee skill's blade)."""
    return catalog_search.matches(needle, *haystack, game="pocket")


def rank_of(needle: str, line: str) -> int:
    """How well a list line answers a search: 0 its name is the search, 1 its name
    starts with it, 2 the line holds it, 3 only the description does."""
    wanted = " ".join(needle.casefold().split())
    name = line.split(" · ")[0].strip().casefold()
    if wanted and name == wanted:
        return 0
    if wanted and name.startswith(wanted):
        return 1
    if wanted and all(word in line.casefold() for word in wanted.split()):
        return 2
    return 3


class CatalogPicker(QDialog):
    """Search box, list and preview on top; the entry's options and Add/Cancel below.

    Subclasses fill ``self.options`` (a form layout), and implement ``entries_text``,
    ``describe`` and ``entry_changed``.
    """

    def __init__(self, title: str, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setWindowTitle(title)
        self.resize(820, 520)
        self.search = QLineEdit()
        self.search.setPlaceholderText("Search names, effects and kinds (e.g. sword)")
        self.search.setClearButtonEnabled(True)
        self.list = QListWidget()
        self.list.setMinimumWidth(300)
        self.preview = QTextBrowser()
        self.preview.setOpenLinks(False)
        self.preview.setMinimumWidth(340)
        self.options = QFormLayout()
        buttons, self.ok = add_buttons(self)
        self.top = QVBoxLayout()
        self.top.addWidget(self.search)
        self.top.addWidget(self.list, 1)
        panes = QHBoxLayout()
        panes.addLayout(self.top, 1)
        right = QVBoxLayout()
        right.addWidget(self.preview, 1)
        right.addLayout(self.options)
        panes.addLayout(right, 1)
        layout = QVBoxLayout(self)
        layout.addLayout(panes, 1)
        layout.addWidget(buttons)
        self.search.textChanged.connect(self.filter)
        self.list.currentRowChanged.connect(self._show)
        self.list.itemDoubleClicked.connect(lambda _item: self.ok.isEnabled() and self.accept())
        self.search.setFocus()

    # -- to implement --------------------------------------------------------------
    def entries_text(self) -> list[tuple[str, str]]:
        """(list line, searchable text) per entry."""
        raise NotImplementedError

    def describe(self, row: int) -> str:
        raise NotImplementedError

    def entry_changed(self, row: int) -> None:
        """Set the option widgets up for entry ``row`` (−1: none)."""

    def can_add(self, row: int) -> bool:
        return row >= 0

    # -- shared --------------------------------------------------------------------
    def fill(self) -> None:
        self.list.clear()
        self._hay: list[str] = []
        for text, hay in self.entries_text():
            self.list.addItem(QListWidgetItem(text))
            self._hay.append(hay)
        self.filter(self.search.text())

    def filter(self, text: str) -> None:
        """Hide what does not match and go to the best match: a name equal to the
        search, then a name starting with it, then a list line holding it, then any."""
        best, best_rank = -1, 4
        for row, hay in enumerate(self._hay):
            item = self.list.item(row)
            hidden = not matches(text, hay)
            item.setHidden(hidden)
            if hidden:
                continue
            rank = rank_of(text, item.text())
            if rank < best_rank:
                best, best_rank = row, rank
        current = self.list.currentItem()
        if best != self.list.currentRow() and (
                best_rank < 3 or current is None or current.isHidden()):
            self.list.setCurrentRow(best)
        self._show(self.list.currentRow())

    def current(self) -> int:
        row = self.list.currentRow()
        item = self.list.item(row) if row >= 0 else None
        return row if item is not None and not item.isHidden() else -1

    def _show(self, _row: int) -> None:
        row = self.current()
        self.preview.setHtml(self.describe(row) if row >= 0 else
                             "<p><i>Nothing matches the search.</i></p>")
        self.entry_changed(row)
        self.refresh_ok()

    def refresh_ok(self) -> None:
        self.ok.setEnabled(self.can_add(self.current()))


def entry_html(title: str, subtitle: str, rows: Sequence[tuple[str, str]], text: str = "",
          note: str = "", source: str = "") -> str:
    body = "".join(f"<p><b>{escape(k)}:</b> {escape(v)}</p>" for k, v in rows)
    parts = [f"<h3>{escape(title)}</h3><p><i>{escape(subtitle)}</i></p>", body]
    if text:
        parts.append(f"<p>{escape(text)}</p>")
    if note:
        parts.append(f"<p><i>{escape(editor_text.apps_reading(note))}</i></p>")
    if source:
        parts.append(f"<p><small>Pocket Universe, {escape(source)}</small></p>")
    return "".join(parts)


# ------------------------------------------------------------------ traits


class TraitPicker(CatalogPicker):
    """The book's Advantages and Disadvantages (2.21, 2.22)."""

    def __init__(self, parent: QWidget | None = None,
                 taken: Mapping[str, int] | None = None) -> None:
        super().__init__("Add a Personal Trait", parent)
        self.taken = dict(taken or {})
        """Takings the character already has, by trait name."""
        self.kind = QComboBox()
        for text, value in (("Advantages and Disadvantages", None),
                            ("Advantages", "advantage"), ("Disadvantages", "disadvantage")):
            self.kind.addItem(text, value)
        self.top.insertWidget(0, self.kind)
        self.times = QSpinBox()
        self.times.setRange(1, 99)
        self.points = QComboBox()
        self.attribute = QComboBox()
        for key in ATTRIBUTES:
            self.attribute.addItem(ATTRIBUTE_LABELS[key], key)
        self.detail = QLineEdit()
        self.detail.setPlaceholderText("Which one: what it fears, who the enemy is…")
        self.options.addRow("&Times taken:", self.times)
        self.options.addRow("&Points each:", self.points)
        self.options.addRow("A&ttribute:", self.attribute)
        self.options.addRow("&Detail:", self.detail)
        self.entries = list(catalog_traits.traits())
        self.kind.currentIndexChanged.connect(lambda _i: self.filter(self.search.text()))
        self.fill()

    def entries_text(self) -> list[tuple[str, str]]:
        out = []
        for info in self.entries:
            kind = "Advantage" if info.kind == "advantage" else "Disadvantage"
            had = self.taken.get(info.name, 0)
            mark = f"  · taken ×{had}" if had else ""
            out.append((f"{info.name}  ·  {kind} {editor_text.points_text(info)}  ·  "
                        f"{editor_text.times_text(info)}{mark}",
                        f"{info.name} {kind} {info.text}"))
        return out

    def filter(self, text: str) -> None:
        super().filter(text)
        wanted = self.kind.currentData()
        if wanted is None:
            return
        for row, info in enumerate(self.entries):
            if info.kind != wanted:
                self.list.item(row).setHidden(True)
        if self.list.currentItem() is None or self.list.currentItem().isHidden():
            visible = [r for r in range(self.list.count()) if not self.list.item(r).isHidden()]
            self.list.setCurrentRow(visible[0] if visible else -1)
        self._show(self.list.currentRow())

    def info(self, row: int) -> TraitInfo | None:
        return self.entries[row] if row >= 0 else None

    def describe(self, row: int) -> str:
        info = self.entries[row]
        kind = "Advantage" if info.kind == "advantage" else "Disadvantage"
        effect = (f"the chosen Attribute {'+1' if info.effects.attribute > 0 else '−1'}"
                  if info.per_attribute
                  else editor_text.effect_summary(info, Trait(name=info.name)))
        rows = [("Points", editor_text.points_text(info)),
                ("May be taken", editor_text.times_text(info)),
                ("Effect", effect)]
        had = self.taken.get(info.name, 0)
        if had:
            rows.append(("Already taken", f"×{had}"))
        section = "2.22 Advantages" if info.kind == "advantage" else "2.21 Disadvantages"
        return entry_html(info.name, kind, rows, info.text, info.note, section)

    def entry_changed(self, row: int) -> None:
        info = self.info(row)
        limit = 99 if info is None or info.max_times is None else info.max_times
        self.times.setMaximum(max(limit, 1))
        self.times.setEnabled(info is not None and limit > 1 and not info.forms)
        self.points.clear()
        options = (info.points_options or (info.points,)) if info else ()
        for value in options:
            self.points.addItem(str(value), value)
        self.points.setEnabled(len(options) > 1)
        self.attribute.setEnabled(info is not None and info.per_attribute)
        self.detail.setEnabled(info is not None and info.forms)

    def chosen(self) -> Trait | None:
        info = self.info(self.current())
        if info is None:
            return None
        points = self.points.currentData()
        return Trait(
            name=info.name,
            times=self.times.value() if self.times.isEnabled() else 1,
            points=points if points is not None and points != info.points else None,
            attribute=self.attribute.currentData() if info.per_attribute else None,
            detail=self.detail.text().strip() if info.forms else "",
        )


# ------------------------------------------------------------------ skills


class SkillPicker(CatalogPicker):
    """The book's skill list (2.42) with each skill's score for this character."""

    def __init__(self, parent: QWidget | None = None,
                 scores: Mapping[Attribute, int] | None = None,
                 have: Sequence[str] = ()) -> None:
        super().__init__("Add a skill", parent)
        self.scores = dict(scores or {a: 8 for a in ATTRIBUTES})
        """The Attributes skills are based on (DEFT armored)."""
        self.have = list(have)
        """Labels of the skills the character already has."""
        self.specialisation = QComboBox()
        self.specialisation.setEditable(True)
        self.specialisation.lineEdit().setPlaceholderText("Choose or type one")
        self.level = QSpinBox()
        self.level.setRange(0, 20)
        self.level.setPrefix("Attribute +")
        self.cost = QLabel()
        self.options.addRow("&Specialisation:", self.specialisation)
        self.options.addRow("&Level:", self.level)
        self.options.addRow("Costs:", self.cost)
        self.entries = list(catalog_skills.skills())
        self.level.valueChanged.connect(self._cost)
        self.specialisation.editTextChanged.connect(lambda _t: self.refresh_ok())
        self.fill()

    def info(self, row: int) -> SkillInfo | None:
        return self.entries[row] if row >= 0 else None

    def entries_text(self) -> list[tuple[str, str]]:
        out = []
        for info in self.entries:
            star = "*" if info.specialised else ""
            score = self.scores[info.attribute]
            out.append((f"{info.name}{star}  ·  {ATTRIBUTE_LABELS[info.attribute]}/"
                        f"{editor_text.num(info.penalty)}  ·  unskilled "
                        f"{editor_text.num(score + info.penalty)}",
                        f"{info.name} {info.attribute} {info.text} "
                        + " ".join(info.specialisations)))
        return out

    def describe(self, row: int) -> str:
        info = self.entries[row]
        attr = ATTRIBUTE_LABELS[info.attribute]
        score = self.scores[info.attribute]
        rows = [("Based on", f"{attr} (yours {score})"),
                ("Unskilled", f"{attr} {score} {editor_text.num(info.penalty)} = "
                              f"{editor_text.num(score + info.penalty)}"),
                ("Bought at +0 for 1 EP", str(score))]
        if info.alternate_penalty is not None:
            rows.append(("Also", f"{editor_text.num(info.alternate_penalty)} "
                                 f"{info.alternate_when}"))
        if info.specialised:
            rows.append(("Specialisations", ", ".join(info.specialisations) + ", …"))
        owned = [h for h in self.have if h == info.name or h.startswith(f"{info.name} (")]
        if owned:
            rows.append(("You have", ", ".join(owned)))
        return entry_html(info.name, f"{attr}/{editor_text.num(info.penalty)}", rows, info.text,
                     info.note, "2.43 Skill Descriptions")

    def entry_changed(self, row: int) -> None:
        info = self.info(row)
        self.specialisation.clear()
        specialised = info is not None and info.specialised
        if specialised:
            self.specialisation.addItems(list(info.specialisations))
            self.specialisation.setCurrentIndex(-1)
            self.specialisation.setEditText("")
        self.specialisation.setEnabled(specialised)
        self._cost()

    def _cost(self) -> None:
        info = self.info(self.current())
        level = self.level.value()
        total = skills.cost_total(level)
        cap = skills.creation_max_level()
        over = f" (beginning characters add at most +{cap})" if level > cap else ""
        score = f"; score {self.scores[info.attribute] + level}" if info else ""
        self.cost.setText(f"{total} EP{'s' if total != 1 else ''}{score}{over}")

    def can_add(self, row: int) -> bool:
        info = self.info(row)
        if info is None:
            return False
        return not info.specialised or bool(self.specialisation.currentText().strip())

    def chosen(self) -> Skill | None:
        info = self.info(self.current())
        if info is None:
            return None
        spec = self.specialisation.currentText().strip() if info.specialised else ""
        return Skill(name=info.name, specialisation=spec, level=self.level.value())
