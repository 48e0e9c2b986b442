"""Powers' "Add…" from a list: the draft's Example Powers section is
empty, so the list is Sheetdesk's example powers (``resources/powers/powers.json``) and
the powers of our example opponents, each labelled "Sheetdesk example, not the
book's", then the user's own (saved with "Save to my list", ``USER_LIST``); searchable
by name, fluff and components with the game's synonyms, a blank power still at hand.
The list replaces the form's example box (hidden; its choice is where the list opens).

The editor wires its buttons to this module and imports it when one is first pressed
(``PowersEditor._wire_list``): opening a character never needs the list."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from PySide6.QtWidgets import QWidget

from desktop.systems.powers.editor.power_panel import PowerPanel, component_summary, rating_line
from desktop.systems.powers.rules import catalog, npcs
from desktop.systems.powers.rules.character import Power
from desktop.systems.powers.rules.costs import CostTable, power_cost
from desktop.systems.user_catalog import UserCatalog
from desktop.ui.rich_text import escape
from desktop.ui.widgets.catalog_chooser import CatalogChooser, Entry, add_chosen_to
from desktop.ui.widgets.my_list import mine, save_selected

GAME = "powers"
OURS = "Sheetdesk example, not the book's"
USER_LIST = UserCatalog(GAME, {"powers": Power}, label="powers list")


def _entry(power: Power, source: str, pricing: Callable[[], CostTable] | None) -> Entry:
    parts = [component_summary(c) for c in power.components]
    rows = "".join(f"<li>{escape(p)}</li>" for p in parts) or "<li>no components yet</li>"
    rating = (f"<p><b>{escape(rating_line(power_cost(power, pricing())))}</b></p>"
              if pricing is not None else "")
    linked = [m.attribute for c in power.components if c.kind == "damage"
              for m in c.modifiers if m.id == "attribute_linked"]
    if linked and pricing is not None:
        unit = pricing().cost("damage.modifier.attribute_linked.per_die")
        rating += (f"<p>Plus {unit} per die of {escape(', '.join(map(str, linked)))}: "
                   "Attribute Linked damage is priced on the character who takes it "
                   "(ours)</p>")
    details = (f"<h3>{escape(power.name)}</h3><p><i>{escape(source)}</i></p>"
               f"<p>{escape(power.fluff)}</p>{rating}<ul>{rows}</ul>")
    return Entry(power.name, source, details, power, f"{power.fluff} {' '.join(parts)}")


def power_entries(pricing: Callable[[], CostTable] | None = None) -> list[Entry]:
    """Our example powers, then our example opponents' powers not among them."""
    entries = [_entry(p, OURS, pricing) for p in catalog.example_powers()]
    seen = {e.name.casefold() for e in entries}
    for npc in npcs.npcs():
        for power in npc.powers:
            if power.name.casefold() not in seen:
                seen.add(power.name.casefold())
                entries.append(_entry(power.model_copy(deep=True),
                                      f"Sheetdesk example ({npc.name}'s), not the book's",
                                      pricing))
    return entries


def power_chooser(parent: QWidget | None = None, start: str | None = None,
                  pricing: Callable[[], CostTable] | None = None) -> CatalogChooser:
    """The list, on the line called ``start`` if there is one."""
    warn = getattr(getattr(parent, "message", None), "emit", None)
    entries = power_entries(pricing) + mine(
        USER_LIST, "powers", warn, lambda p, source: _entry(p, source, pricing))
    chooser = CatalogChooser("Add a power", entries, Entry(
        "Blank power", "fill it in yourself",
        "<p>An empty power to compose from components.</p>", Power(name="New power")),
        GAME, parent)
    if start and any(e.name == start for e in entries):
        chooser.choose(start)
    return chooser


CHOOSERS: dict[str, Callable[..., CatalogChooser]] = {"powers": power_chooser}
"""The chooser the button opens, looked up at click time (a test may replace it)."""


def add_from_list(editor: Any) -> bool:
    """Ask, and add the chosen power under a name no other power has: one undo step."""
    panel: PowerPanel = editor.powers
    dialog = CHOOSERS["powers"](editor, panel.catalog.currentData(), panel.pricing)
    return add_chosen_to(dialog, panel.table, panel._fresh_name)  # the panel's own naming


def save_to_my_list(editor: Any) -> str:
    """Keep the selected power in the user's own list; what happened, in one line."""
    return save_selected(editor.powers.table, USER_LIST, "powers")
