"""An unexpected error in the app: the work is autosaved first, then the error is
printed and shown, and the app goes on (desktop.app's crash guard)."""

from __future__ import annotations

import sys
import traceback

import pytest
from PySide6.QtWidgets import QMessageBox

import desktop.app
from desktop.ui import autosave


@pytest.fixture
def guarded(window, monkeypatch: pytest.MonkeyPatch):
    """The window with the crash guard as ``main`` installs it (undone afterwards), and
    the message boxes it shows recorded."""
    monkeypatch.setattr(sys, "excepthook", sys.excepthook)
    shown: list[str] = []
    monkeypatch.setattr(QMessageBox, "critical",
                        lambda parent, title, text: shown.append(f"{title}: {text}"))
    desktop.app._install_crash_guard(window)
    return window, shown


def _raise_into_the_hook() -> None:
    try:
        raise RuntimeError("a bug")
    except RuntimeError as error:
        sys.excepthook(type(error), error, error.__traceback__)


def test_an_unexpected_error_autosaves_and_is_shown(guarded, electrobabe, capsys) -> None:
    window, shown = guarded
    window.open_path(electrobabe).document.apply(
        "Name", lambda c: setattr(c, "name", "Not lost"))
    _raise_into_the_hook()
    [saved] = sorted(autosave.autosave_dir().glob("*.json"))
    assert autosave.read(saved).character.name == "Not lost"
    assert shown == ["Unexpected error: Something went wrong: a bug\n\nYour unsaved "
                     "changes were autosaved. Please save your work."]
    assert "RuntimeError: a bug" in capsys.readouterr().err


def test_the_work_is_saved_even_if_printing_the_error_fails(guarded, electrobabe,
                                                            monkeypatch) -> None:
    window, _shown = guarded
    window.open_path(electrobabe).document.apply(
        "Name", lambda c: setattr(c, "name", "Saved first"))

    def broken(*args: object) -> None:
        raise MemoryError

    monkeypatch.setattr(traceback, "print_exception", broken)
    with pytest.raises(MemoryError):
        _raise_into_the_hook()
    [saved] = sorted(autosave.autosave_dir().glob("*.json"))
    assert autosave.read(saved).character.name == "Saved first"
