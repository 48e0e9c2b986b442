"""The shared reader of book data: every broken book file is a one-line DocumentError
that names the file (and where in it)."""

from __future__ import annotations

import json
from pathlib import Path
from typing import NamedTuple

import pytest

from desktop.model.errors import DocumentError
from desktop.systems.book_data import BookData, row_named, row_where
from desktop.systems.pow.rules.character import PowCharacter
from desktop.systems.protector.rules.character import ProtectorCharacter


class Row(NamedTuple):
    name: str
    value: int


class Table(NamedTuple):
    rows: tuple[Row, ...]


def _error(call) -> str:
    with pytest.raises(DocumentError) as caught:
        call()
    message = str(caught.value)
    assert "\n" not in message
    return message


def _write(folder: Path, name: str, data: object) -> None:
    text = data if isinstance(data, str) else json.dumps(data)
    (folder / name).write_text(text, encoding="utf-8")


def test_the_bundled_folder_is_the_games() -> None:
    book = BookData("pow")
    assert book.path("tables.json").parts[-2:] == ("pow", "tables.json")
    assert book.read("tables.json")["book"] == "POW! Core Rules v1.01"
    assert set(book.example_characters()) == {"electrobabe", "sparky", "cutter"}


def test_a_missing_file_names_itself(tmp_path: Path) -> None:
    message = _error(lambda: BookData("pow", root=tmp_path).load(Table, "gone.json"))
    assert message == f"{tmp_path / 'gone.json'}: no such file"


def test_broken_json_names_the_file_and_line(tmp_path: Path) -> None:
    _write(tmp_path, "table.json", '{"rows": [\n  {"name": "a",]}')
    message = _error(lambda: BookData("pow", root=tmp_path).read("table.json"))
    assert message.startswith(f"{tmp_path / 'table.json'}: line 2: not JSON")


def test_an_invalid_entry_names_the_file_and_the_place(tmp_path: Path) -> None:
    _write(tmp_path, "table.json", {"rows": [{"name": "a", "value": 1},
                                             {"name": "b", "value": "many"}]})
    message = _error(lambda: BookData("pow", root=tmp_path).load(Table, "table.json"))
    assert message.startswith(f"{tmp_path / 'table.json'}: rows.1.value: ")


def test_an_unknown_key_is_refused_and_entries_are_read_only(tmp_path: Path) -> None:
    _write(tmp_path, "table.json", {"rows": [{"name": "a", "value": 1, "vlaue": 2}]})
    book = BookData("pow", root=tmp_path)
    assert "rows.0.vlaue" in _error(lambda: book.load(Table, "table.json"))
    row = Row(name="a", value=1)
    with pytest.raises(AttributeError):
        row.value = 2  # type: ignore[misc]


def test_a_file_is_read_once_until_the_cache_is_cleared(tmp_path: Path) -> None:
    _write(tmp_path, "table.json", {"rows": []})
    book = BookData("pow", root=tmp_path)
    assert book.read("table.json") == {"rows": []}
    _write(tmp_path, "table.json", {"rows": [{"name": "a", "value": 1}]})
    assert book.read("table.json") == {"rows": []}
    book.cache_clear()
    assert book.load(Table, "table.json").rows == (Row(name="a", value=1),)


def test_validate_puts_the_error_under_the_entrys_place(tmp_path: Path) -> None:
    message = _error(lambda: BookData("pow", root=tmp_path).validate(
        Row, {"name": "a"}, "table.json", "rows.4"))
    assert message == f"{tmp_path / 'table.json'}: rows.4.value: missing"


@pytest.mark.parametrize(("data", "where", "what"), [
    ({"npcs": {}}, "", "expected a list under 'npcs'"),
    ({"npcs": [3]}, "npcs.0", "expected an object"),
    ({"npcs": [{"source": "p. 1"}]}, "npcs.0.character", "expected a character object"),
    ({"npcs": [{"character": {"format": "sheetdesk.character", "version": 1,
                              "system": "pow", "name": 3}}]},
     "npcs.0.character.", ""),
])
def test_character_lists_name_the_broken_entry(
    tmp_path: Path, data: dict, where: str, what: str
) -> None:
    _write(tmp_path, "npcs.json", data)
    message = _error(lambda: BookData("pow", root=tmp_path).characters(
        "npcs.json", "npcs", PowCharacter))
    assert message.startswith(f"{tmp_path / 'npcs.json'}: {where}")
    assert message.endswith(what)


def test_a_character_of_another_game_is_refused(tmp_path: Path) -> None:
    pow_npc = BookData("pow").read("npcs.json")["npcs"][0]
    _write(tmp_path, "npcs.json", {"npcs": [pow_npc]})
    message = _error(lambda: BookData("protector", root=tmp_path).characters(
        "npcs.json", "npcs", ProtectorCharacter))
    assert message == f"{tmp_path / 'npcs.json'}: npcs.0.character: not a Protector character"


def test_the_books_npcs_load_as_whole_characters() -> None:
    npcs = BookData("pow").characters("npcs.json", "npcs", PowCharacter)
    assert npcs and all(isinstance(npc, PowCharacter) for npc in npcs)


def test_rows_are_found_by_a_field_or_by_name_in_any_case() -> None:
    rows = (Row(name="Sword", value=1), Row(name="Short Bow", value=2))
    assert row_where(rows, "value", 2).name == "Short Bow"
    with pytest.raises(KeyError):
        row_where(rows, "value", 3)
    assert row_named(rows, "  short bow ") is rows[1]
    assert row_named(rows, "Shortbow") is None
