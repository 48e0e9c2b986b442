"""The pools and the creation ledger in the Protector editor: the energy pool, the selected
power's and agent's pools drawn as dice (``DicePoolView``; a click marks dice depleted or
damaged, one undoable edit), each with the lines that built it, and the live ledger of
every energy die spent or gained (Character Generation; The Energy System, Depletion
and Damage). Activating a ledger line asks for the field it paid for.
"""

from __future__ import annotations

from collections.abc import Callable

from PySide6.QtCore import QObject, Qt, Signal
from PySide6.QtWidgets import QLabel, QListWidget, QListWidgetItem, QWidget

from desktop.systems.protector.rules.character import ProtectorCharacter
from desktop.systems.protector.rules.derived import ProtectorDerived
from desktop.systems.protector.rules.ledger import Line
from desktop.ui.document import CharacterDocument
from desktop.ui.forms import child
from desktop.ui.lazy_pages import WhenBuilt
from desktop.ui.list_table import ListTableBinding
from desktop.ui.widgets.dice_pool import DicePoolView


class PoolsPanel(QObject):
    """Drives the form's pool views (energy, power, agent) and its ledger list."""

    field_chosen = Signal(str)
    """A ledger line was activated: the field it paid for (``editor.focus_field``)."""

    def __init__(self, form: QWidget, document: CharacterDocument,
                 tables: dict[str, ListTableBinding], when_built: WhenBuilt) -> None:
        super().__init__(form)
        self.form = form
        self.document = document
        self.tables = tables
        self.energy_view = self._pool_view("energyDice", self._mark_energy)
        self.power_view: DicePoolView | None = None
        """The selected power's pool, once the Powers page is loaded."""
        self.agent_view: DicePoolView | None = None
        """The selected agent's pool, once the Agents page is loaded."""
        when_built("powerPool", self._bind_power_pool)
        when_built("agentPool", self._bind_agent_pool)
        self.ledger_list = child(form, QListWidget, "ledgerList")
        # Looked up once: each lookup walks the whole form, and these change every edit.
        self.energy_label = child(form, QLabel, "energyValue")
        self.ledger_list.itemActivated.connect(self._ledger_chosen)
        left = child(form, QLabel, "energyLeftValue")
        font = left.font()
        font.setPointSizeF(font.pointSizeF() * 1.4)
        font.setBold(True)
        left.setFont(font)

    def _bind_power_pool(self) -> None:
        self.power_view = self._pool_view("powerPool", self._mark_power)
        self.power_view.set_empty_text("latent: no pool until activated")
        self.power_label = child(self.form, QLabel, "powerPoolValue")

    def _bind_agent_pool(self) -> None:
        self.agent_view = self._pool_view("agentPool", self._mark_agent)
        self.agent_label = child(self.form, QLabel, "agentPoolValue")

    def _pool_view(self, holder: str, marked: Callable[[int, int], None]) -> DicePoolView:
        view = DicePoolView()
        view.setObjectName(f"{holder}View")
        child(self.form, QWidget, holder).layout().addWidget(view)
        child(self.form, QWidget, holder).layout().addStretch(1)
        view.marked.connect(marked)
        return view

    # -- marking dice on the sheet ---------------------------------------------------------

    def _mark_energy(self, depleted: int, damaged: int) -> None:
        def mark(c: ProtectorCharacter) -> None:
            c.energy.depleted, c.energy.damaged = depleted, damaged
        self.document.apply("Mark energy dice", mark)  # type: ignore[arg-type]

    def _mark_power(self, depleted: int, damaged: int) -> None:
        row = self.tables["powers"].selected_row()
        if row >= 0:
            def mark(c: ProtectorCharacter) -> None:
                c.powers[row].depleted, c.powers[row].damaged = depleted, damaged
            self.document.apply("Mark power dice", mark)  # type: ignore[arg-type]

    def _mark_agent(self, depleted: int, damaged: int) -> None:
        row = self.tables["agents"].selected_row()
        if row >= 0:
            def mark(c: ProtectorCharacter) -> None:
                c.agents[row].depleted, c.agents[row].damaged = depleted, damaged
            self.document.apply("Mark agent dice", mark)  # type: ignore[arg-type]

    # -- showing ----------------------------------------------------------------------------
    def show_pools(self, character: ProtectorCharacter, derived: ProtectorDerived) -> None:
        state = character.energy
        self.energy_view.set_pool(["d6"] * max(derived.energy_dice, 0), state.depleted,
                                  state.damaged, state.awarded)
        self.energy_label.setText(
            f"{self.energy_view.summary()} — roll as many as you like; ones deplete "
            "(The Energy System)")
        if self.power_view is not None:
            self._show_power_pool(character, derived)
        if self.agent_view is not None:
            self._show_agent_pool(character, derived)

    def _show_power_pool(self, character: ProtectorCharacter,
                         derived: ProtectorDerived) -> None:
        assert self.power_view is not None
        power_row = self.tables["powers"].selected_row()
        if 0 <= power_row < len(derived.powers):
            pool = derived.powers[power_row]
            power = character.powers[power_row]
            self.power_view.set_pool(list(pool.dice), power.depleted, power.damaged,
                                     steps=list(pool.stepping.steps_on_dice))
            self.power_label.setText(_pool_lines(
                pool.lines, max(pool.pool, 0) if pool.active else None))
        else:
            self.power_view.set_pool([])
            self.power_label.setText("")

    def _show_agent_pool(self, character: ProtectorCharacter,
                         derived: ProtectorDerived) -> None:
        assert self.agent_view is not None
        agent_row = self.tables["agents"].selected_row()
        if 0 <= agent_row < len(derived.agents):
            pool = derived.agents[agent_row]
            agent = character.agents[agent_row]
            self.agent_view.set_pool(list(pool.dice), agent.depleted, agent.damaged)
            self.agent_label.setText(_pool_lines(pool.lines, pool.pool))
        else:
            self.agent_view.set_pool([])
            self.agent_label.setText("")

    def show_ledger(self, derived: ProtectorDerived) -> None:
        ledger = derived.ledger
        lines = ledger.lines
        texts = [f"{_signed(line.dice)}  {line.what}" + ("" if line.charged else " (not charged)")
                 for line in lines]
        total = (f"= {derived.energy_dice} left ({ledger.gained} gained − {ledger.spent} "
                 "spent)")
        shown = [self.ledger_list.item(i).text() for i in range(self.ledger_list.count())]
        if shown == [*texts, total]:
            return
        self.ledger_list.clear()
        for line, text in zip(lines, texts, strict=True):
            item = QListWidgetItem(text)
            item.setData(Qt.ItemDataRole.UserRole, line.field)
            item.setToolTip(f"{line.what} ({line.rule})")
            self.ledger_list.addItem(item)
        last = QListWidgetItem(total)
        font = last.font()
        font.setBold(True)
        last.setFont(font)
        self.ledger_list.addItem(last)

    def _ledger_chosen(self, item: QListWidgetItem) -> None:
        path = item.data(Qt.ItemDataRole.UserRole)
        if path:
            self.field_chosen.emit(path)


def _signed(n: int) -> str:
    """+3, −2 (with a real minus sign, as the sheet prints it)."""
    return f"{n:+d}".replace("-", "−")


def _pool_lines(lines: tuple[Line, ...], pool: int | None) -> str:
    if pool is None:
        return "Latent: activating it costs at least one energy die (Character Generation, " \
               "Powers)."
    parts = [f"{_signed(line.dice)} {line.what}" for line in lines]
    return " · ".join(parts) + f" = {pool} in the pool"
