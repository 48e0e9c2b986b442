"""Code compiled while classes are created, kept between runs (desktop.compile_cache)."""

from __future__ import annotations

import atexit
import dataclasses
import importlib
import marshal
import os
import subprocess
import sys
import typing
from pathlib import Path

import pytest

from desktop import cache_entries, compile_cache

REPO = Path(__file__).resolve().parents[1]

SOURCE = '''
import dataclasses
from dataclasses import dataclass, field

@dataclass(frozen=True)
class Point:
    """A point."""
    x: int
    y: int = 0
    tags: tuple[str, ...] = ()

@dataclass
class Bag:
    items: list[int] = field(default_factory=list)
    label: str = "bag"
'''


@pytest.fixture
def fresh(monkeypatch):
    """A process's first use of the cache: the module's state anew, and dataclasses'
    ``exec`` put back afterwards."""
    def start(path: Path):
        module = importlib.reload(compile_cache)
        module.install(path)
        atexit.unregister(module.save)
        return module

    monkeypatch.setattr(dataclasses, "exec", exec, raising=False)  # restored after
    monkeypatch.setattr(typing, "compile", compile, raising=False)
    yield start
    importlib.reload(compile_cache)


def _classes() -> dict[str, object]:
    """The classes of SOURCE, created anew (without this file's future import)."""
    namespace: dict[str, object] = {"__name__": __name__}
    exec(compile(SOURCE, "cached_example", "exec", dont_inherit=True), namespace)
    return namespace


def _behaviour(ns: dict[str, object]) -> tuple:
    point, bag = ns["Point"], ns["Bag"]
    p = point(1, 2, ("a",))
    with pytest.raises(dataclasses.FrozenInstanceError):
        p.x = 5
    b1, b2 = bag(), bag()
    b1.items.append(1)
    return (repr(p), p == point(1, 2, ("a",)), hash(p) == hash(point(1, 2, ("a",))),
            repr(dataclasses.replace(p, y=7)), [f.name for f in dataclasses.fields(p)],
            point.__init__.__annotations__, repr(b1), repr(b2), b2 == bag([], "bag"),
            bag.__init__.__defaults__ is None, point.__doc__)


def test_classes_behave_the_same_with_the_cache_cold_and_warm(fresh, tmp_path) -> None:
    plain = _behaviour(_classes())
    assert plain[5] == {"x": int, "y": int, "tags": tuple[str, ...], "return": None}
    cache = tmp_path / "methods.marshal"
    first = fresh(cache)
    assert _behaviour(_classes()) == plain  # compiled, and kept
    assert first._new
    first.save()
    assert cache.is_file()
    second = fresh(cache)
    assert _behaviour(_classes()) == plain  # from the file
    assert not second._new and second._used


def test_a_later_run_compiles_nothing_it_has_kept(fresh, tmp_path, monkeypatch) -> None:
    cache = tmp_path / "methods.marshal"
    fresh(cache)
    _classes()
    compile_cache.save()
    again = fresh(cache)

    def no_compiling(*args, **kwargs):
        raise AssertionError("compiled again")

    monkeypatch.setattr(again, "compile", no_compiling, raising=False)
    _behaviour(_classes())


def test_nothing_new_writes_nothing(fresh, tmp_path) -> None:
    cache = tmp_path / "methods.marshal"
    fresh(cache)
    _classes()
    compile_cache.save()
    before = cache.stat().st_mtime_ns, cache.read_bytes()
    os.utime(cache, ns=(1, 1))
    again = fresh(cache)
    _classes()
    again.save()
    assert cache.stat().st_mtime_ns == 1 and cache.read_bytes() == before[1]


def _file(form: object, keys: object, ends: object, values: bytes = b"") -> bytes:
    """A cache file's bytes as ``desktop.cache_entries`` lays them out, whatever they say."""
    index = marshal.dumps((form, keys, ends))
    return len(index).to_bytes(cache_entries.LENGTH, "little") + index + values


def _write(path: Path, entries: dict[str, bytes]) -> None:
    with open(path, "wb") as out:
        cache_entries.write(out, entries)


CODE = marshal.dumps(compile("pass", "<s>", "exec"))


@pytest.mark.parametrize("damage", [
    b"", b"\x00garbage", marshal.dumps((2, {"exec:pass": CODE})),  # the format before
    _file(99, [], []), _file(cache_entries.FORMAT, {"not": "a list"}, []),
    _file(cache_entries.FORMAT, ["exec:pass"], [len(CODE)], CODE[:-1]),  # cut short
    _file(cache_entries.FORMAT, ["exec:pass", 5], [1, len(CODE)], CODE),  # a key no text
    _file(cache_entries.FORMAT, ["a", "b"], [len(CODE), 1], CODE),  # ends that go back
])
def test_a_damaged_cache_is_compiled_around_and_replaced(fresh, tmp_path, damage) -> None:
    cache = tmp_path / "methods.marshal"
    cache.write_bytes(damage)
    plain = _behaviour(_classes())
    module = fresh(cache)
    assert _behaviour(_classes()) == plain
    module.save()
    entries = dict(cache_entries.read(cache))
    assert entries and all(isinstance(marshal.loads(blob), type(compile("", "", "exec")))
                           for blob in entries.values())


def test_a_damaged_entry_is_compiled_again(fresh, tmp_path) -> None:
    cache = tmp_path / "methods.marshal"
    fresh(cache)
    plain = _behaviour(_classes())
    compile_cache.save()
    _write(cache, {text: b"\xff" for text in cache_entries.read(cache)})
    module = fresh(cache)
    assert _behaviour(_classes()) == plain
    assert module._new  # each entry compiled again, to be written afresh


def test_a_cache_that_cannot_be_written_is_no_error(fresh, tmp_path) -> None:
    blocker = tmp_path / "a file"
    blocker.write_text("not a folder", encoding="utf-8")
    module = fresh(blocker / "methods.marshal")
    _behaviour(_classes())
    module.save()  # no exception
    assert blocker.read_text(encoding="utf-8") == "not a folder"
    assert not list(tmp_path.glob("*.tmp"))


def test_a_full_cache_starts_over_with_what_this_run_used(fresh, tmp_path, monkeypatch) -> None:
    cache = tmp_path / "methods.marshal"
    stale = {f"exec:old text {i}": marshal.dumps(compile("pass", "<string>", "exec"))
             for i in range(5)}
    _write(cache, stale)
    module = fresh(cache)
    monkeypatch.setattr(module, "MAX_BYTES", module._size(stale) + 100)
    _classes()
    module.save()
    entries = dict(cache_entries.read(cache))
    assert not set(entries) & set(stale) and entries


def test_a_cache_within_its_size_keeps_what_other_runs_used(fresh, tmp_path) -> None:
    cache = tmp_path / "methods.marshal"
    other = {"exec:a class another window makes": marshal.dumps(compile("pass", "<s>", "exec"))}
    _write(cache, other)
    module = fresh(cache)
    _classes()
    module.save()
    entries = dict(cache_entries.read(cache))
    assert set(other) < set(entries)


def test_each_version_keeps_its_own_file_and_removes_the_older_ones(
        fresh, tmp_path, monkeypatch) -> None:
    monkeypatch.setenv("SHEETDESK_CACHE_DIR", str(tmp_path))
    stem = f"compiled-{compile_cache.MAGIC_NUMBER.hex()}"
    assert compile_cache.cache_file().name == f"{stem}-{compile_cache.__version__}.marshal"
    older = [tmp_path / f"{stem}.marshal", tmp_path / f"{stem}-0.0.9.marshal"]
    kept = [tmp_path / "compiled-0d0d0a0a-0.0.9.marshal",  # another Python's
            tmp_path / "fonts.marshal"]
    for path in older + kept:
        _write(path, {})
    module = fresh(compile_cache.cache_file())
    _classes()
    module.save()
    assert module.cache_file().exists()
    assert not [path for path in older if path.exists()]
    assert all(path.exists() for path in kept)


def test_annotations_read_the_same_and_compile_once(fresh, tmp_path, monkeypatch) -> None:
    """pydantic reads string annotations through typing.ForwardRef, which compiles them."""
    plain = typing.ForwardRef("dict[str, list[int]]")
    module = fresh(tmp_path / "methods.marshal")
    cached = typing.ForwardRef("dict[str, list[int]]")
    assert cached == plain
    assert cached.__forward_code__.co_code == plain.__forward_code__.co_code
    assert typing.get_type_hints(_annotated()) == {"x": dict[str, list[int]]}
    module.save()
    again = fresh(tmp_path / "methods.marshal")

    def no_compiling(*args, **kwargs):
        raise AssertionError("compiled again")

    monkeypatch.setattr(again, "compile", no_compiling, raising=False)
    assert typing.ForwardRef("dict[str, list[int]]") == plain


def test_an_annotation_that_is_no_expression_is_still_refused(fresh, tmp_path) -> None:
    module = fresh(tmp_path / "methods.marshal")
    with pytest.raises(SyntaxError, match="Forward reference must be an expression"):
        typing.ForwardRef("not an expression")
    assert not any("not an expression" in key for key in module._compiled)


def test_other_compiling_in_typing_is_left_alone(fresh, tmp_path) -> None:
    module = fresh(tmp_path / "methods.marshal")
    found = typing.compile("x = 1", "a file.py", "exec")
    assert found.co_filename == "a file.py" and not module._compiled


def _annotated() -> type:
    class Annotated:
        x: "dict[str, list[int]]"  # noqa: UP037  (the string is what is tested)
    return Annotated


def test_install_is_once_per_process(fresh, tmp_path) -> None:
    module = fresh(tmp_path / "first.marshal")
    module.install(tmp_path / "second.marshal")
    assert module._path == tmp_path / "first.marshal"


@pytest.mark.slow
def test_the_sheetdesk_process_keeps_its_methods_between_runs(tmp_path) -> None:
    env = {**os.environ, "PYTHONPATH": str(REPO), "SHEETDESK_CACHE_DIR": str(tmp_path)}

    def systems() -> str:
        result = subprocess.run([sys.executable, "-m", "desktop", "systems"], cwd=REPO,
                                env=env, capture_output=True, text=True, timeout=120)
        assert result.returncode == 0, result.stderr
        return result.stdout

    first = systems()
    assert systems() == first  # keeps the patterns the first run noted (regex_cache)
    (cache,) = tmp_path.glob("compiled-*.marshal")
    os.utime(cache, ns=(1, 1))
    assert systems() == first
    assert cache.stat().st_mtime_ns == 1  # nothing new the third time


# --- shiboken's support modules, compiled while Qt starts -------------------------------

SUPPORT_FILE = "shibokensupport/example.py"
CALLER = "result = compile_(SOURCE, FILENAME, 'exec')\n"
"""Calls ``compile`` as shiboken's loader does; run with and without its future import."""


def _compiled_by(compile_: object, future: bool) -> dict[str, object]:
    """The annotations of ``f`` in code compiled by ``compile_`` called from a module with
    (or without) ``from __future__ import annotations``."""
    caller = ("from __future__ import annotations\n" if future else "") + CALLER
    namespace: dict[str, object] = {"compile_": compile_, "FILENAME": SUPPORT_FILE,
                                    "SOURCE": b"def f(x: int) -> str:\n    return ''\n"}
    exec(compile(caller, "caller", "exec", dont_inherit=True), namespace)
    module: dict[str, object] = {}
    exec(namespace["result"], module)
    return module["f"].__annotations__


@pytest.mark.parametrize("future", [True, False])
def test_support_code_inherits_the_callers_future_imports(fresh, tmp_path, future) -> None:
    module = fresh(tmp_path / "methods.marshal")
    expected = _compiled_by(compile, future)
    assert expected == ({"x": "int", "return": "str"} if future else {"x": int, "return": str})
    assert _compiled_by(module._compile_qt_support, future) == expected
    (key,) = module._new
    assert key.startswith(f"file:exec:{module.FUTURE_FLAGS & 0x1000000 if future else 0}:")


def test_qt_start_keeps_only_shibokens_files_and_puts_compile_back(fresh, tmp_path) -> None:
    import ast
    import builtins

    module = fresh(tmp_path / "methods.marshal")
    with pytest.raises(KeyError), module.qt_start():
        assert builtins.compile is module._compile_qt_support
        assert eval(compile("6 * 7", "<mine>", "eval")) == 42
        tree = compile(b"x = 1", SUPPORT_FILE, "exec", ast.PyCF_ONLY_AST)
        assert isinstance(tree, ast.Module)  # flags it does not keep: as the builtin
        raise KeyError
    assert builtins.compile is module._builtin_compile and not module._new


def test_qt_start_changes_nothing_in_a_process_without_the_cache() -> None:
    import builtins

    module = importlib.reload(compile_cache)
    with module.qt_start():
        assert builtins.compile is module._builtin_compile


QT_START = """
import json, sys
from pathlib import Path
from desktop import compile_cache, regex_cache
if sys.argv[1] != "-":
    compile_cache.install(Path(sys.argv[1]))
    regex_cache.install()
with compile_cache.qt_start():
    from PySide6.QtCore import QSize
try:  # the message is written by shiboken's support code (its error handler and parser)
    QSize("wide", 1)
except TypeError as exc:
    message = str(exc)
support = sorted(key.split(chr(10))[0] for key in compile_cache._used if key.startswith("file:"))
new = sorted(key.split(chr(10))[0] for key in compile_cache._new if key.startswith("file:"))
patterns = [key.startswith("re:") for key in compile_cache._used]
new_patterns = [key.startswith("re:") for key in compile_cache._new]
compile_cache.save()
print(json.dumps({"signature": message, "support": support, "new": new,
                  "patterns": sum(patterns), "new_patterns": sum(new_patterns)}))
"""


@pytest.mark.slow
def test_qt_starts_with_shibokens_support_code_and_patterns_from_the_cache(tmp_path,
        child_json) -> None:
    cache = str(tmp_path / "methods.marshal")
    first, second, third, plain = (child_json(QT_START, c) for c in (cache, cache, cache, "-"))
    assert "file:exec:16777216:shibokensupport/signature/loader.py" in first["support"]
    assert first["new"] == first["support"] and len(first["support"]) >= 10
    assert second["support"] == first["support"] and second["new"] == []
    # its regular expressions too (desktop.regex_cache): its parsers' patterns, kept
    # from the second start (the first notes them)
    assert first["patterns"] == first["new_patterns"] == 0
    assert second["patterns"] == second["new_patterns"] >= 10
    assert third["patterns"] == second["patterns"] and third["new_patterns"] == 0
    assert first["signature"] == second["signature"] == third["signature"] == plain["signature"]
    assert "QSize.__init__(w: int, h: int, /)" in plain["signature"]
    assert plain["support"] == []
