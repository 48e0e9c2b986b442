"""``desktop.font_warmup``: fontconfig set up in a thread of its own while a window
command imports its code, waited for before Qt's application object is made."""

from __future__ import annotations

import ctypes.util
import sys

import pytest

from desktop import font_warmup

HAS_FONTCONFIG = sys.platform.startswith("linux") and ctypes.util.find_library("fontconfig")


@pytest.fixture
def fresh(monkeypatch):
    """The module as a process finds it: no thread started yet."""
    monkeypatch.setattr(font_warmup, "_done", None)
    monkeypatch.setattr(font_warmup, "_result", [])
    return font_warmup


@pytest.mark.skipif(not HAS_FONTCONFIG, reason="needs fontconfig (Linux)")
def test_fontconfig_is_set_up_by_the_thread(fresh) -> None:
    fresh.start()
    assert fresh.wait() is True
    assert fresh.wait() is True  # waiting again returns at once


def test_without_a_start_there_is_nothing_to_wait_for(fresh) -> None:
    assert fresh.wait() is False


def test_a_library_that_cannot_be_loaded_is_no_error(fresh) -> None:
    fresh.start("libno-such-fontconfig.so.9")
    assert fresh.wait() is False  # Qt sets fontconfig up itself, as before


def test_it_starts_once(fresh, monkeypatch) -> None:
    started = []
    monkeypatch.setattr(font_warmup._thread, "start_new_thread",
                        lambda run, args: started.append(args) or run(*args))
    fresh.start("libno-such-fontconfig.so.9")
    fresh.start("libno-such-fontconfig.so.9")
    assert len(started) == 1


def test_nothing_happens_where_qt_uses_no_fontconfig(fresh, monkeypatch) -> None:
    monkeypatch.setattr(sys, "platform", "win32")
    fresh.start()
    assert fresh._done is None and fresh.wait() is False


def test_a_window_command_starts_it_before_importing_its_window(monkeypatch) -> None:
    from desktop import cli

    calls = []
    monkeypatch.setattr(font_warmup, "start", lambda: calls.append("start"))
    monkeypatch.setattr(cli, "_entry", lambda entry: calls.append(entry) or (lambda files: 0))
    assert cli._launch(cli.APP_ENTRY, [], "the app") == 0
    assert calls == ["start", cli.APP_ENTRY]


def test_the_application_waits_for_it(monkeypatch, qapp) -> None:
    from desktop import app

    waited = []
    monkeypatch.setattr(font_warmup, "wait", lambda: waited.append(True))
    assert app.create_application() is qapp
    assert waited == [True]
