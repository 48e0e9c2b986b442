"""The compile cache's file (``desktop.compile_cache``): an index of its entries, read as
a process starts, and their values, each taken from the file when first asked for.

A start asks for a few hundred of the file's one to two thousand entries (the classes,
patterns, forms and tables of what it opens). The file was one marshalled dictionary,
read and unpacked whole by every start: 3.5 ms for the 3 MB a user of all five games
has (issue 17). It is now

- 8 bytes: the length of the index, little-endian;
- the index, marshalled: ``(FORMAT, keys, ends)``, where each key's value ends;
- the values, one after the other, each as its keeper marshalled it;

and a start maps the file into memory, reads the index, and takes a value's bytes from
the file only when it is asked for (1 ms). Windows cannot replace a file that a running
process has mapped, so there the file is read whole. The file is only ever replaced,
never changed in place (``compile_cache.save`` writes a new one and renames it over the
old), so a running process keeps the version it mapped.
"""

from __future__ import annotations

import marshal
import os
from collections.abc import Iterator
from itertools import accumulate
from pathlib import Path
from typing import BinaryIO

FORMAT = 3
"""Bumped when the file's layout changes (1: dataclass methods only, 2: one marshalled
dictionary of every entry)."""
LENGTH = 8
"""The bytes that give the index's length."""
MAP = os.name != "nt"
"""Whether the file is mapped into memory rather than read whole (not on Windows)."""


class Entries:
    """The entries of one file, or of none: each key's value as its keeper marshalled it.

    ``get`` gives a value's bytes as a view of the file (what ``marshal.loads`` reads);
    the mapping (``keys`` and ``[key]``, as ``{**entries}`` uses it) gives them copied."""

    def __init__(self, keys: list[str], ends: list[int], values: memoryview) -> None:
        self._numbers = dict(zip(keys, range(len(keys)), strict=True))
        self._ends = ends
        self._values = values

    @classmethod
    def of(cls, entries: dict[str, bytes]) -> Entries:
        return cls(list(entries), list(accumulate(map(len, entries.values()))),
                   memoryview(b"".join(entries.values())))

    def get(self, key: str) -> memoryview | None:
        number = self._numbers.get(key)
        if number is None:
            return None
        return self._values[self._ends[number - 1] if number else 0:self._ends[number]]

    def keys(self) -> Iterator[str]:
        return iter(self._numbers)

    __iter__ = keys

    def __getitem__(self, key: str) -> bytes:
        found = self.get(key)
        if found is None:
            raise KeyError(key)
        return bytes(found)

    def __len__(self) -> int:
        return len(self._numbers)


def read(path: Path) -> Entries:
    """The entries of the file at ``path``: OSError if it cannot be read, ValueError if
    it is damaged, cut short or of another format."""
    with open(path, "rb") as file:
        data = _contents(file)
    try:
        size = int.from_bytes(data[:LENGTH], "little")
        form, keys, ends = marshal.loads(data[LENGTH:LENGTH + size])
    except (EOFError, TypeError, ValueError) as exc:
        raise ValueError(f"no index ({exc})") from None
    values = data[LENGTH + size:]
    if form != FORMAT:
        raise ValueError(f"format {form!r}, not {FORMAT}")
    if not (isinstance(keys, list) and isinstance(ends, list) and len(keys) == len(ends)
            and set(map(type, keys)) <= {str} and set(map(type, ends)) <= {int}
            and ends == sorted(ends) and (ends[-1] if ends else 0) == len(values)
            and (not ends or ends[0] >= 0)):
        raise ValueError("an index that does not match its values")
    return Entries(keys, ends, values)


def write(out: BinaryIO, entries: dict[str, bytes]) -> None:
    """Write ``entries`` to ``out`` as ``read`` reads them."""
    index = marshal.dumps((FORMAT, list(entries), list(accumulate(map(len, entries.values())))))
    out.write(len(index).to_bytes(LENGTH, "little"))
    out.write(index)
    for value in entries.values():
        out.write(value)


def _contents(file: BinaryIO) -> memoryview:
    """The file's bytes: mapped into memory (``MAP``), else (or where the file system
    cannot map it) read whole."""
    if MAP and os.fstat(file.fileno()).st_size:
        import mmap  # only where it maps

        try:
            return memoryview(mmap.mmap(file.fileno(), 0, access=mmap.ACCESS_READ))
        except (OSError, ValueError):
            pass
    return memoryview(file.read())
