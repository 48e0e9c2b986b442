"""The document envelope: every bad file is one DocumentError line; migrations run in order."""

from __future__ import annotations

import json
from typing import Any

import pytest
from pydantic import BaseModel, ConfigDict

from desktop.model import document
from desktop.model.document import CHARACTER, DocumentKind
from desktop.model.errors import DocumentError
from desktop.systems import files

FILE = "hero.sheetdesk"


FULL_STATS = {"agility": 1, "brawn": 1, "cognition": 1, "damage": 1, "energy": 1,
              "fellowship": 1}


def envelope(**extra: Any) -> dict[str, Any]:
    """A complete character document (files must be complete) with ``extra`` laid over
    it; a partial ``attributes`` dict replaces only the stats it names."""
    attributes = extra.pop("attributes", {})
    if isinstance(attributes, dict):
        attributes = {**FULL_STATS, **attributes}
    return {"format": "sheetdesk.character", "version": 1, "system": "pow",
            "name": "Hero", "attributes": attributes, **extra}


def text_of(data: Any) -> str:
    return json.dumps(data, ensure_ascii=False)


def load_error(text: str | bytes) -> DocumentError:
    """The error of reading ``text`` as a character file called FILE."""
    with pytest.raises(DocumentError) as info:
        files.character_from_text(text, FILE)
    return info.value


def assert_one_line(error: DocumentError, where: str, what: str) -> None:
    """``file: where: what`` on one line, with the parts kept on the error too."""
    message = str(error)
    assert "\n" not in message and "\r" not in message
    assert message == error.message
    assert error.path == FILE
    assert error.where == where
    assert what in error.what
    expected_start = f"{FILE}: {where}: " if where else f"{FILE}: "
    assert message.startswith(expected_start), message
    assert message.endswith(error.what)


# -- DocumentError itself -----------------------------------------------------------------

def test_error_message_parts_are_joined_and_empty_parts_dropped() -> None:
    assert str(DocumentError("a.json", "bad", "line 3")) == "a.json: line 3: bad"
    assert str(DocumentError("a.json", "bad")) == "a.json: bad"
    assert str(DocumentError(None, "bad", "version")) == "version: bad"
    assert str(DocumentError(None, "bad")) == "bad"


def json_error_line(text: str) -> str:
    """The line the running Python's json names for ``text`` (3.13 changed some)."""
    try:
        json.loads(text)
    except json.JSONDecodeError as exc:
        return f"line {exc.lineno}"
    raise AssertionError(f"{text!r} is valid JSON")


# -- every way a file can be bad ----------------------------------------------------------

BAD_FILES: list[tuple[str, str | bytes, str, str]] = [
    # id, file content, where, what (a part of it)
    ("not-utf8", b'{"name": "\xff\xfe"}', "", "not UTF-8 text (byte 10)"),
    ("latin1", text_of(envelope(name="Kaiser Überlegen")).encode("latin-1"), "",
     "not UTF-8"),
    ("empty", "", "line 1", "not JSON"),
    ("not-json", '{\n  "format": "sheetdesk.character",\n  oops\n}', "line 3", "not JSON"),
    # json names line 3 for a trailing comma up to Python 3.12, line 2 from 3.13 on
    ("trailing-comma", '{\n"a": 1,\n}', json_error_line('{\n"a": 1,\n}'), "not JSON"),
    ("truncated", text_of(envelope(name="Ωmega"))[:-5], "line 1", "not JSON"),
    ("list", "[1, 2]", "", "expected a JSON object"),
    ("string", '"sheetdesk.character"', "", "expected a JSON object"),
    ("number", "3", "", "expected a JSON object"),
    ("null", "null", "", "expected a JSON object"),
    ("huge-number", '{"format": ' + "9" * 5000 + "}", "", "not usable JSON"),
    ("too-deep", "[" * 100_000 + "]" * 100_000, "", "not usable JSON"),
    ("no-format", text_of({"version": 1, "system": "pow"}), "", "no 'format' key"),
    ("other-format", text_of(envelope(format="other.app")), "", "format is 'other.app'"),
    ("format-null", text_of(envelope(format=None)), "", "no 'format' key"),
    ("unknown-game", text_of(envelope(system="dnd5e")), "system", "unknown game 'dnd5e'"),
    ("future-version", text_of(envelope(version=2)), "version", "newer Sheetdesk"),
    ("version-string", text_of(envelope(version="1")), "version", "not '1'"),
    ("version-float", text_of(envelope(version=1.0)), "version", "not 1.0"),
    ("version-bool", text_of(envelope(version=True)), "version", "not True"),
    ("version-zero", text_of(envelope(version=0)), "version", "not 0"),
    ("version-negative", text_of(envelope(version=-1)), "version", "not -1"),
    ("version-missing", text_of({"format": "sheetdesk.character", "system": "pow"}),
     "version", "not None"),
    ("system-missing", text_of({"format": "sheetdesk.character", "version": 1}), "system",
     "missing the game id"),
    ("system-not-text", text_of(envelope(system=3)), "system", "missing the game id"),
    ("bad-stat", text_of(envelope(attributes={"agility": "high"})), "attributes.agility",
     "integer"),
    ("stat-null", text_of(envelope(attributes={"brawn": None})), "attributes.brawn",
     "integer"),
    ("stat-fraction", text_of(envelope(attributes={"energy": 2.5})), "attributes.energy",
     "integer"),
    ("stat-huge", text_of(envelope(attributes={"damage": 1000})), "attributes.damage",
     "less than or equal to 99"),
    ("unknown-field", text_of(envelope(luck=3)), "luck", "Extra inputs are not permitted"),
    ("unknown-stat", text_of(envelope(attributes={"luck": 3})), "attributes.luck",
     "Extra inputs are not permitted"),
    ("special-stat", text_of(envelope(specials=[{"name": "Zap", "stat": "mana"}])),
     "specials.0.stat", "Input should be"),
    ("special-minimum", text_of(envelope(specials=[
        {"name": "Zap", "stat": "energy"}, {"name": "Big", "stat": "brawn", "minimum": 9}])),
     "specials.1.minimum", "less than or equal to 5"),
    ("weapon-no-name", text_of(envelope(weapons=[{"name": ""}])), "weapons.0.name",
     "at least 1 character"),
    ("range-infinite", text_of(envelope(weapons=[{"name": "Bow", "ranged": True,
                                                  "base_range_ft": 1.5}])).replace(
        "1.5", "Infinity"),
     "weapons.0.base_range_ft", "finite"),
    ("height-zero", text_of(envelope(height_ft=0)), "height_ft", "greater than 0"),
    ("tracking-stat", text_of(envelope(tracking={"stats": {"speed": 1}})),
     "tracking.stats.speed", "Input should be"),
]


@pytest.mark.parametrize(("content", "where", "what"),
                         [case[1:] for case in BAD_FILES], ids=[case[0] for case in BAD_FILES])
def test_every_bad_file_is_one_document_error_line(
    content: str | bytes, where: str, what: str
) -> None:
    assert_one_line(load_error(content), where, what)


@pytest.mark.parametrize("content", [case[1] for case in BAD_FILES],
                         ids=[case[0] for case in BAD_FILES])
def test_bad_files_as_bytes_or_without_a_name_fail_the_same_way(content: str | bytes) -> None:
    raw = content if isinstance(content, bytes) else content.encode("utf-8")
    named = load_error(raw)
    with pytest.raises(DocumentError) as nameless:
        files.character_from_text(raw)
    assert nameless.value.path is None
    assert (nameless.value.where, nameless.value.what) == (named.where, named.what)


def test_json_error_names_the_line_of_the_mistake() -> None:
    lines = ['{', '  "format": "sheetdesk.character",', '  "version": 1,', '  "system": "pow",',
             '  "name": "Ωmega"', '  "concept": "no comma above"', '}']
    error = load_error("\n".join(lines))
    assert error.where == "line 6"


def test_the_first_failing_field_is_reported_with_its_full_path() -> None:
    data = envelope(attributes={"agility": 3, "cognition": "x"}, specials=[
        {"name": "Ambidexterity", "stat": "agility", "minimum": 3},
        {"name": "Burst", "stat": "brawn", "purchase_cost": -1},
    ])
    with pytest.raises(DocumentError) as info:
        files.character_from_data(data, FILE)
    assert info.value.where in {"attributes.cognition", "specials.1.purchase_cost"}


def test_a_valid_character_reads() -> None:
    data = envelope(name="東京", attributes={"agility": 3, "brawn": 2, "cognition": 1,
                                           "damage": 4, "energy": 0, "fellowship": 5})
    character = files.character_from_text(text_of(data), FILE)
    assert character.name == "東京"
    assert character.attributes.damage == 4 and character.attributes.energy == 0


def test_never_a_partial_character_a_bad_value_is_not_replaced_by_a_default() -> None:
    # Everything else is fine: the one null stat must fail the whole file, not become 1.
    data = envelope(name="Cutter", attributes={"agility": 5, "brawn": 3, "cognition": None})
    with pytest.raises(DocumentError) as info:
        files.character_from_data(data, FILE)
    assert info.value.where == "attributes.cognition"
    # Out of range is refused, not clamped.
    with pytest.raises(DocumentError):
        files.character_from_data(envelope(size_category=9), FILE)


# -- the envelope and migrations on their own ---------------------------------------------

def calls_recorder() -> tuple[list[int], dict[int, Any]]:
    calls: list[int] = []

    def one_to_two(data: dict[str, Any]) -> dict[str, Any]:
        calls.append(1)
        assert data["version"] == 1
        data["hp"] = data.pop("hit_points")  # v2 renamed a key
        return data

    def two_to_three(data: dict[str, Any]) -> dict[str, Any]:
        calls.append(2)
        assert data["version"] == 2 and "hp" in data  # sees step 1's result
        data["hp_max"] = data["hp"] * 2  # v3 added a key computed from v2's
        return data

    return calls, {1: one_to_two, 2: two_to_three}


def test_a_v1_document_is_upgraded_through_every_step_in_order() -> None:
    calls, steps = calls_recorder()
    kind = DocumentKind("test.doc", current_version=3, migrations=steps, label="test")
    original = {"format": "test.doc", "version": 1, "system": "x", "hit_points": 4}
    upgraded = document.check_envelope(original, kind, "old.doc")
    assert calls == [1, 2]
    assert upgraded == {"format": "test.doc", "version": 3, "system": "x", "hp": 4,
                        "hp_max": 8}
    # The caller's dict is left as it was.
    assert original == {"format": "test.doc", "version": 1, "system": "x", "hit_points": 4}


def test_a_v2_document_runs_only_the_last_step_and_a_current_one_none() -> None:
    calls, steps = calls_recorder()
    kind = DocumentKind("test.doc", current_version=3, migrations=steps)
    v2 = document.check_envelope({"format": "test.doc", "version": 2, "system": "x", "hp": 1},
                                 kind)
    assert calls == [2] and v2["version"] == 3 and v2["hp_max"] == 2
    v3 = {"format": "test.doc", "version": 3, "system": "x"}
    assert document.check_envelope(dict(v3), kind) == v3
    assert calls == [2]


def test_a_missing_upgrade_step_raises() -> None:
    calls, steps = calls_recorder()
    del steps[2]
    kind = DocumentKind("test.doc", current_version=3, migrations=steps)
    with pytest.raises(DocumentError) as info:
        document.check_envelope(
            {"format": "test.doc", "version": 1, "system": "x", "hit_points": 4}, kind, "a.doc")
    assert str(info.value) == "a.doc: version: no upgrade from version 2"
    assert calls == [1]


def test_envelope_uses_the_kinds_own_format_label_and_version() -> None:
    kind = DocumentKind("test.encounter", current_version=2, label="encounter")
    with pytest.raises(DocumentError) as info:
        document.check_envelope(envelope(), kind, "e.json")
    assert info.value.what == "not a Sheetdesk encounter file (format is 'sheetdesk.character')"
    with pytest.raises(DocumentError) as info:
        document.check_envelope({"format": "test.encounter", "version": 3, "system": "pow"},
                                kind, "e.json")
    assert "file version 3, this one reads up to 2" in info.value.what


def test_character_kind_is_version_one() -> None:
    assert CHARACTER.format == "sheetdesk.character"
    assert CHARACTER.current_version == 1
    assert document.check_envelope(envelope(), CHARACTER) == envelope()


# -- validate, read_text, to_json_text ------------------------------------------------------

class Point(BaseModel):
    model_config = ConfigDict(extra="forbid")
    x: int
    y: int = 0


def test_validate_returns_the_model_or_names_the_field() -> None:
    assert document.validate(Point, {"x": 1}) == Point(x=1)
    with pytest.raises(DocumentError) as info:
        document.validate(Point, {"y": 2}, "p.json")
    assert str(info.value) == "p.json: x: Field required"
    with pytest.raises(DocumentError) as info:
        document.validate(Point, [1, 2], "p.json")  # type: ignore[arg-type]
    assert info.value.where == "(top level)"


def test_read_text_errors(tmp_path) -> None:
    with pytest.raises(DocumentError) as info:
        document.read_text(tmp_path / "gone.sheetdesk")
    assert str(info.value) == f"{tmp_path / 'gone.sheetdesk'}: no such file"
    with pytest.raises(DocumentError) as info:
        document.read_text(tmp_path)
    assert str(info.value) == f"{tmp_path}: is a folder, not a file"
    (tmp_path / "ok").write_bytes(b"\x00\xff")
    assert document.read_text(tmp_path / "ok") == b"\x00\xff"


def test_to_json_text_is_stable_readable_utf8() -> None:
    character = files.character_from_data(envelope(name="Ωmega"))
    text = document.to_json_text(character)
    assert text.endswith("}\n") and not text.endswith("\n\n")
    assert "Ωmega" in text  # not \u escapes
    assert list(json.loads(text))[:3] == ["format", "version", "system"]
    assert document.to_json_text(character) == text
    assert document.parse_json(text.encode("utf-8")) == json.loads(text)


def test_a_utf8_bom_from_a_windows_editor_is_accepted() -> None:
    text = "\ufeff" + text_of(envelope(name="Notepad"))
    character = files.character_from_text(text.encode("utf-8"), FILE)
    assert character.name == "Notepad"
