"""File ▸ Print blank sheet."""

from __future__ import annotations

from pypdf import PdfReader

from desktop.systems import SYSTEMS
from desktop.ui.blank_sheet import blank_sheet_menu, print_blank


def test_the_menu_has_every_game_and_writes_a_fillable_sheet(window, prompts, tmp_path):
    menu = blank_sheet_menu(window, window)
    names = [a.text() for a in menu.actions()]
    assert names == [f"{s.name}…" for s in SYSTEMS.values()]
    prompts.paths = [tmp_path / "blank"]
    menu.actions()[list(SYSTEMS).index("kruhl")].trigger()
    out = tmp_path / "blank.pdf"
    assert out.exists() and "Name" in PdfReader(out).get_fields()
    assert "blank Warlords of Kruhl sheet" in window.statusBar().currentMessage()


def test_cancel_writes_nothing_and_a_failure_is_told(window, prompts, tmp_path):
    prompts.paths = [None]
    assert print_blank(window, "pow") is None
    prompts.paths = [tmp_path / "no such folder" / "x.pdf"]
    assert print_blank(window, "pow") is None
    assert prompts.warnings and prompts.warnings[-1][0] == "Cannot export"


def test_file_menu_offers_it_even_with_no_character_open(window):
    file_menu = window.menuBar().actions()[0].menu()
    entries = [a.text() for a in file_menu.actions()]
    assert "Print &blank sheet" in entries
    assert window.blank_menu.isEnabled() and window.tabs.count() == 0
