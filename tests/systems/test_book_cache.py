"""Book tables kept between runs (issue 17): a table validated once is read back on later
runs, the same; a changed book file or model is validated again, and so is anything
that cannot be read back."""

from __future__ import annotations

import os
import pickle
from pathlib import Path

import pytest

from desktop import compile_cache
from desktop.model import document
from desktop.systems import book_cache
from desktop.systems.book_data import BookData
from desktop.systems.model_sources import model_files
from desktop.systems.pocket.rules.catalog_skills import SkillData
from desktop.systems.protector.rules.catalog import LifePathTables

REPO = Path(__file__).resolve().parents[2]


@pytest.fixture
def kept(monkeypatch) -> dict[str, bytes]:
    """The compile cache as the ``sheetdesk`` process has it, in a dict; and a count of
    the book files validated."""
    store: dict[str, bytes] = {}
    monkeypatch.setattr(compile_cache, "installed", lambda: True)
    monkeypatch.setattr(compile_cache, "recall", lambda key, kind: store.get(key))
    monkeypatch.setattr(compile_cache, "keep", lambda key, value: store.__setitem__(key, value))
    return store


@pytest.fixture
def validated(monkeypatch) -> list[str]:
    seen: list[str] = []
    real = document.validate

    def spy(model, data, path):
        seen.append(model.__name__)
        return real(model, data, path)

    monkeypatch.setattr(document, "validate", spy)
    return seen


def _copy(tmp_path: Path, game: str, name: str) -> BookData:
    (tmp_path / name).write_bytes((REPO / "resources" / game / name).read_bytes())
    return BookData(game, tmp_path)


@pytest.mark.parametrize(("game", "name", "model"), [
    ("pocket", "skills.json", SkillData), ("protector", "lifepath.json", LifePathTables)])
def test_a_table_validated_once_is_read_back_the_same(tmp_path, kept, validated, game, name,
                                                      model) -> None:
    first = _copy(tmp_path, game, name).load(model, name)
    assert validated == [model.__name__] and len(kept) == 1
    again = BookData(game, tmp_path).load(model, name)  # a later run
    assert validated == [model.__name__]  # not validated again
    assert again == first and again is not first and type(again) is model


def test_a_changed_book_file_is_validated_again(tmp_path, kept, validated) -> None:
    book = _copy(tmp_path, "pocket", "skills.json")
    book.load(SkillData, "skills.json")
    path = tmp_path / "skills.json"
    stat = path.stat()
    os.utime(path, ns=(stat.st_atime_ns, stat.st_mtime_ns + 1_000_000_000))
    BookData("pocket", tmp_path).load(SkillData, "skills.json")
    assert validated == ["SkillData", "SkillData"]


def test_the_key_names_every_module_that_defines_the_tables_models() -> None:
    files = {Path(f).name for f in model_files(LifePathTables)}
    assert files == {"catalog.py", "book_data.py", "character.py", "strict.py"}  # rows reuse them
    key = book_cache._key(SkillData, REPO / "resources" / "pocket" / "skills.json")
    assert key is not None and "catalog_skills.py" in key and "skills.json" in key


@pytest.mark.parametrize("blob", [b"not a pickle", pickle.dumps({"a": 1}),
                                  pickle.dumps(Path("a table of another model"))])
def test_what_cannot_be_read_back_as_the_model_is_validated_again(tmp_path, kept, validated,
                                                                  blob) -> None:
    book = _copy(tmp_path, "protector", "lifepath.json")
    key = book_cache._key(LifePathTables, tmp_path / "lifepath.json")
    kept[key] = blob
    found = book.load(LifePathTables, "lifepath.json")
    assert validated == ["LifePathTables"] and type(found) is LifePathTables


def test_only_the_sheetdesk_process_keeps_tables(tmp_path, validated) -> None:
    assert not compile_cache.installed()
    _copy(tmp_path, "pocket", "skills.json").load(SkillData, "skills.json")
    BookData("pocket", tmp_path).load(SkillData, "skills.json")
    assert validated == ["SkillData", "SkillData"]


KEPT_RUN = """
import hashlib, json, sys
from desktop import compile_cache
from pathlib import Path
compile_cache.install(Path(sys.argv[1]))
from desktop.model import document
seen = []
real = document.validate
document.validate = lambda model, data, path: seen.append(model.__name__) or real(
    model, data, path)
from desktop.systems.pocket.rules import catalog_skills, catalog_traits, catalog_weapons, dice
tables = [catalog_skills.skill_data(), catalog_traits.trait_data(),
          catalog_weapons.weapon_data(), dice.tables()]
compile_cache.save()
print(json.dumps({"validated": seen, "tables": [
    hashlib.sha256(t.model_dump_json().encode()).hexdigest() for t in tables]}))
"""


@pytest.mark.slow
def test_a_later_run_reads_the_tables_back_without_validating(tmp_path, child_json) -> None:
    cache = str(tmp_path / "cache.marshal")
    first, second = (child_json(KEPT_RUN, cache) for _ in range(2))
    assert first["validated"] == ["SkillData", "TraitData", "WeaponData", "CheckTables"]
    assert second["validated"] == []
    assert second["tables"] == first["tables"]
