"""The compile cache's file: an index read at start, each value taken from the file when
asked for (desktop.cache_entries)."""

from __future__ import annotations

import marshal
import os
from pathlib import Path

import pytest

from desktop import cache_entries

ENTRIES = {"exec:x = 1": marshal.dumps(compile("x = 1", "<string>", "exec")),
           "re:a+": marshal.dumps(("a+", 32)), "empty": b"", "pickle:é": b"\x80\x05N."}


def _written(path: Path, entries: dict[str, bytes]) -> Path:
    with open(path, "wb") as out:
        cache_entries.write(out, entries)
    return path


@pytest.fixture(params=[True, False], ids=["mapped", "read whole"])
def mapped(request, monkeypatch) -> bool:
    monkeypatch.setattr(cache_entries, "MAP", request.param)
    return request.param


def test_what_is_written_reads_back_alike(tmp_path, mapped) -> None:
    found = cache_entries.read(_written(tmp_path / "cache", ENTRIES))
    assert len(found) == len(ENTRIES) and list(found) == list(ENTRIES)
    assert dict(found) == ENTRIES and {**found} == ENTRIES
    assert all(bytes(found.get(key)) == value for key, value in ENTRIES.items())
    assert marshal.loads(found.get("re:a+")) == ("a+", 32)  # read from the view itself
    assert found.get("missing") is None
    with pytest.raises(KeyError):
        found["missing"]


def test_entries_of_a_dictionary_are_those_a_file_of_it_holds(tmp_path) -> None:
    made = cache_entries.Entries.of(ENTRIES)
    assert dict(made) == ENTRIES == dict(cache_entries.read(_written(tmp_path / "c", ENTRIES)))
    assert dict(cache_entries.Entries.of({})) == {}


def test_a_process_keeps_the_file_it_read_when_a_new_one_replaces_it(tmp_path, mapped) -> None:
    path = _written(tmp_path / "cache", ENTRIES)
    found = cache_entries.read(path)
    newer = _written(tmp_path / "cache.tmp", {"re:b": marshal.dumps(("b", 0))})
    os.replace(newer, path)  # as compile_cache.save replaces it
    assert dict(found) == ENTRIES
    assert list(cache_entries.read(path)) == ["re:b"]


@pytest.mark.parametrize("data", [b"", b"\x01" + b"\x00" * 7, b"\xff" * 8 + b"x"])
def test_an_empty_or_damaged_file_is_refused(tmp_path, mapped, data) -> None:
    path = tmp_path / "cache"
    path.write_bytes(data)
    with pytest.raises(ValueError):
        cache_entries.read(path)


def test_a_file_that_cannot_be_mapped_is_read_whole(tmp_path, monkeypatch) -> None:
    import mmap

    def refuse(*args, **kwargs):
        raise OSError("no mapping on this file system")

    monkeypatch.setattr(cache_entries, "MAP", True)
    monkeypatch.setattr(mmap, "mmap", refuse)
    assert dict(cache_entries.read(_written(tmp_path / "cache", ENTRIES))) == ENTRIES
