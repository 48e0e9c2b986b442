"""Limits checked before any work: file size and kind, text and list lengths,
numbers, valid Unicode; one clean error line naming the file and the field."""

from __future__ import annotations

import json
import os
import threading
from contextlib import AbstractContextManager
from pathlib import Path
from unittest import mock

import pytest

from desktop.model import document, limits
from desktop.model.errors import DocumentError, one_line
from desktop.systems import files

GOOD = {"format": "sheetdesk.character", "version": 1, "system": "pow", "name": "Hero",
        "attributes": {"agility": 1, "brawn": 1, "cognition": 1, "damage": 1,
                       "energy": 1, "fellowship": 1}}


def refused(tmp_path: Path, text: str | bytes, match: str) -> DocumentError:
    path = tmp_path / "hero.sheetdesk"
    path.write_bytes(text if isinstance(text, bytes) else text.encode("utf-8"))
    before = path.read_bytes()
    with pytest.raises(DocumentError, match=match) as info:
        files.load_character(path)
    assert path.read_bytes() == before
    assert "\n" not in info.value.message and len(info.value.message) <= 300
    assert info.value.message.startswith(str(path))
    return info.value


@pytest.mark.skipif(not hasattr(os, "mkfifo"), reason="no FIFOs here")
def test_a_fifo_is_refused_at_once(tmp_path: Path) -> None:
    fifo = tmp_path / "pipe.sheetdesk"
    os.mkfifo(fifo)
    outcome: list[BaseException] = []
    reader = threading.Thread(target=lambda: _catch(outcome, fifo), daemon=True)
    reader.start()
    reader.join(10)  # returns at once unless the open blocks: then the test fails
    assert not reader.is_alive(), "reading a FIFO blocked"
    assert isinstance(outcome[0], DocumentError)
    assert "not a regular file" in str(outcome[0])


def _catch(outcome: list[BaseException], path: Path) -> None:
    try:
        files.load_character(path)
    except BaseException as exc:  # handed to the test
        outcome.append(exc)


@pytest.mark.skipif(not Path("/dev/zero").exists(), reason="no /dev/zero")
def test_a_device_is_refused_without_reading_it() -> None:
    with mock.patch.object(os, "read", wraps=os.read) as read, \
            pytest.raises(DocumentError, match="not a regular file"):
        files.load_character("/dev/zero")
    read.assert_not_called()


def test_a_folder_is_refused(tmp_path: Path) -> None:
    with pytest.raises(DocumentError, match="folder"):
        files.load_character(tmp_path)


def test_a_file_over_the_size_limit_is_refused_unread(tmp_path: Path) -> None:
    path = tmp_path / "big.sheetdesk"
    with path.open("wb") as handle:  # sparse: big, but nothing written
        handle.truncate(limits.MAX_CHARACTER_BYTES + 1)
    with pytest.raises(DocumentError, match="too large"):
        files.load_character(path)
    assert len(document.read_text(path, limits.MAX_ENCOUNTER_BYTES)) > 0


def test_a_lone_surrogate_is_refused_naming_the_field(tmp_path: Path) -> None:
    text = json.dumps({**GOOD, "name": "Cut\ud800ter"})  # ensure_ascii: "\ud800" escape
    error = refused(tmp_path, text, "lone surrogate")
    assert error.where == "name"


def test_a_lone_surrogate_in_a_key_is_refused(tmp_path: Path) -> None:
    text = json.dumps({**GOOD, "options": {"x\udc00": True}})
    refused(tmp_path, text, "a key: not valid Unicode")


def _never_validated() -> AbstractContextManager[object]:
    """The model's validation, failing the test if it is reached: the limits come first."""
    return mock.patch.object(document, "validate",
                             side_effect=AssertionError("validated past the limits"))


def test_a_huge_text_is_refused_before_the_model(tmp_path: Path) -> None:
    text = json.dumps({**GOOD, "concept": "x" * 5_000_000})
    with _never_validated():
        error = refused(tmp_path, text, "at most 20,000")
    assert error.where == "concept"


def test_a_huge_list_is_refused_naming_it(tmp_path: Path) -> None:
    text = json.dumps({**GOOD, "items": [{"name": "x"}] * 100_000})
    with _never_validated():
        error = refused(tmp_path, text, "100,000 entries")
    assert error.where == "items"


@pytest.mark.parametrize("number, match", [
    ("Infinity", "not a finite number"), ("-Infinity", "not a finite number"),
    ("NaN", "not a finite number"), ("1e308", "number too large"),
    ("1" + "0" * 100, "number too large"),
])
def test_numbers_out_of_any_range_are_refused(tmp_path: Path, number: str, match: str) -> None:
    text = json.dumps({**GOOD, "money": 7}).replace("7", number)
    error = refused(tmp_path, text, match)
    assert error.where == "money"


def test_error_lines_escape_control_characters_and_are_short() -> None:
    line = one_line("bad\nkey\x1b[31m\x00" + "v" * 10_000)
    assert line.startswith("bad\\nkey\\x1b[31m\\x00")
    assert len(line) == 300 and line.endswith("…")
    error = DocumentError("f\n.sheetdesk", "what " * 1000, "k" * 1000)
    assert "\n" not in error.message and len(error.message) <= 300


def test_a_huge_key_is_not_echoed_whole(tmp_path: Path) -> None:
    text = json.dumps({**GOOD, "k\x07" * 50_000: 1})
    error = refused(tmp_path, text, "a key: text of 100,000 characters")
    assert "\x07" not in error.message
