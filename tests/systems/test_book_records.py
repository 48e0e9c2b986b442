"""The reader of book tables as NamedTuple records: what fits, and what is refused where."""

from pathlib import Path
from typing import Annotated, Any, Literal, NamedTuple

import pytest
from annotated_types import Ge, Interval
from pydantic import BaseModel, model_validator

from desktop.model.document import require_in_files
from desktop.model.errors import DocumentError
from desktop.systems.book_data import BookData
from desktop.systems.book_records import RecordError, is_record, read


class Row(NamedTuple):
    name: str
    cost: int
    damage: tuple[int, int, int]
    kind: Literal["melee", "missile"] = "melee"
    weight: float = 0.0
    range: int | None = None
    aliases: tuple[str, ...] = ()
    roll: Annotated[int, Interval(ge=1, le=20)] = 1
    price: Annotated[int, Ge(0)] | None = None


class Part(BaseModel):
    name: str
    level: int = 1


class Table(NamedTuple):
    rows: tuple[Row, ...]
    by_key: dict[str, int] | None = None
    part: Part | None = None
    extra: Any = None


ROW = {"name": "Sword", "cost": 10, "damage": [4, 6, 8]}


def test_a_row_is_read_with_its_types_and_defaults():
    row = read(Row, {**ROW, "weight": 2, "aliases": ["blade"], "roll": 20, "price": 0})
    assert row == Row("Sword", 10, (4, 6, 8), "melee", 2.0, None, ("blade",), 20, 0)
    assert isinstance(row.weight, float) and isinstance(row.damage, tuple)


def test_nested_records_dicts_models_and_any():
    table = read(Table, {"rows": [ROW, {**ROW, "kind": "missile", "range": 30}],
                         "by_key": {"a": 1}, "part": {"name": "Arm"}, "extra": [1, "x"]})
    assert table.rows[1].kind == "missile" and table.rows[1].range == 30
    assert table.by_key == {"a": 1} and table.part == Part(name="Arm")
    assert table.extra == [1, "x"]


@pytest.mark.parametrize(("data", "what", "place"), [
    ({**ROW, "colour": "red"}, "unknown key", "colour"),
    ({"name": "Sword", "damage": [4, 6, 8]}, "missing", "cost"),
    ({**ROW, "cost": "10"}, "expected a whole number, not the text '10'", "cost"),
    ({**ROW, "cost": True}, "expected a whole number, not true", "cost"),
    ({**ROW, "damage": [4, 6]}, "expected a list of 3, not 2", "damage"),
    ({**ROW, "damage": [4, 6, "8"]}, "expected a whole number, not the text '8'", "damage.2"),
    ({**ROW, "kind": "thrown"}, "expected one of 'melee', 'missile', not 'thrown'", "kind"),
    ({**ROW, "range": "far"}, "expected a whole number or null, not the text 'far'", "range"),
    ({**ROW, "aliases": "blade"}, "expected a list, not the text 'blade'", "aliases"),
    ([ROW], "expected an object, not a list", ""),
    ({**ROW, "roll": 21}, "must be at most 20, not 21", "roll"),
    ({**ROW, "roll": 0}, "must be at least 1, not 0", "roll"),
    ({**ROW, "price": -1}, "must be at least 0, not -1", "price"),
])
def test_what_does_not_fit_is_refused_with_its_place(data, what, place):
    with pytest.raises(RecordError) as caught:
        read(Row, data)
    assert (caught.value.what, caught.value.place) == (what, place)


def test_a_place_runs_through_nested_rows_and_models():
    with pytest.raises(RecordError) as caught:
        read(Table, {"rows": [ROW, {**ROW, "cost": None}]})
    assert caught.value.place == "rows.1.cost"
    with pytest.raises(RecordError) as caught:
        read(Table, {"rows": [], "part": {"name": "Arm", "level": "high"}})
    assert caught.value.place == "part.level"


def test_is_record():
    assert is_record(Row) and not is_record(Part) and not is_record(tuple)


def test_book_data_reads_records_and_names_the_file(tmp_path: Path):
    (tmp_path / "weapons.json").write_text('{"rows": [{"name": "Axe", "cost": 5, '
                                           '"damage": [1, 2, 3], "sharp": true}]}')
    book = BookData("pocket", root=tmp_path)
    with pytest.raises(DocumentError) as caught:
        book.load(Table, "weapons.json")
    assert (caught.value.where, caught.value.what) == ("rows.0.sharp", "unknown key")
    assert str(caught.value).endswith("weapons.json: rows.0.sharp: unknown key")
    with pytest.raises(DocumentError) as caught:
        book.validate(Row, {"name": "Axe"}, "weapons.json", "rows.0")
    assert (caught.value.where, caught.value.what) == ("rows.0.cost", "missing")
    with pytest.raises(DocumentError) as caught:
        book.validate(Row, [], "weapons.json", "rows.0")
    assert caught.value.where == "rows.0"


class Keyed(NamedTuple):
    rows: dict[Literal["brawn", "agility"], str]


def test_a_dict_checks_its_keys_too():
    assert read(Keyed, {"rows": {"brawn": "Broken arm."}}).rows == {"brawn": "Broken arm."}
    with pytest.raises(RecordError) as caught:
        read(Keyed, {"rows": {"luck": "Unlucky."}})
    assert caught.value.place == "rows.luck" and caught.value.what.startswith("expected one of")


class Band(NamedTuple):
    from_: int
    to: int


def test_a_field_named_after_a_keyword_reads_the_keyword_s_key():
    assert read(Band, {"from": 1, "to": 3}) == Band(1, 3)
    for data, place, what in (({"from_": 1, "to": 3}, "from_", "unknown key"),
                              ({"to": 3}, "from", "missing"),
                              ({"from": "1", "to": 3}, "from", "expected a whole number")):
        with pytest.raises(RecordError) as caught:
            read(Band, data)
        assert caught.value.place == place and caught.value.what.startswith(what)


class Scores(BaseModel):
    might: int = 1
    wits: int = 1
    _complete = model_validator(mode="before")(require_in_files("might", "wits"))


class Hero(NamedTuple):
    scores: Scores


def test_a_model_in_a_record_is_read_as_from_a_file():
    """A key a file must give is not defaulted in a book file either."""
    assert read(Hero, {"scores": {"might": 3, "wits": 2}}).scores == Scores(might=3, wits=2)
    with pytest.raises(RecordError) as caught:
        read(Hero, {"scores": {"might": 3}})
    assert (caught.value.place, caught.value.what) == ("scores", "missing 'wits'")
