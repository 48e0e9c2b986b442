"""Regular expressions kept between runs (desktop.regex_cache)."""

from __future__ import annotations

import atexit
import dataclasses
import importlib
import re
import typing

import pytest

from desktop import compile_cache, regex_cache

PATTERNS = [
    (r"(?P<key>\w+)\s*=\s*(?P<value>[^;]+);?", 0),
    (r"^\s*#.*$", re.MULTILINE),
    (r"straße|STRASSE", re.IGNORECASE),
    (r"""
        (\d+)      # a number
        (?:d(\d+))?  # its die
     """, re.VERBOSE),
    (rb"\x00[\x01-\x7f]{2,}(?P<tail>.)", re.DOTALL),
    (r"(a)|(b)(?(2)c|d)", 0),
    (r"[^\W\d_]+", re.ASCII),
]
SAMPLES = ["hp = 12; mp=3", "  # note\nx", "Straße strasse", "3d6 and 12",
           "(ab)c bd ac", "Kestra_9 Ünal"]


@pytest.fixture
def fresh(monkeypatch, tmp_path):
    """A process's first and later runs: the cache's state anew, ``re`` put back."""
    monkeypatch.setattr(dataclasses, "exec", exec, raising=False)
    monkeypatch.setattr(typing, "compile", compile, raising=False)

    def start():
        module = importlib.reload(compile_cache)
        module.install(tmp_path / "cache.marshal")
        atexit.unregister(module.save)
        regex_cache.install()
        re.purge()  # re's own cache would hide the compiling
        return module

    yield start
    regex_cache.uninstall()
    re.purge()
    importlib.reload(compile_cache)


def _behaviour(pattern: re.Pattern) -> list[object]:
    found: list[object] = [pattern.flags, pattern.groups, dict(pattern.groupindex)]
    for sample in SAMPLES:
        text: str | bytes = sample if isinstance(pattern.pattern, str) else sample.encode(
            "utf-8", "replace").replace(b"(", b"\x00")
        found.append([(m.span(), m.groups(), m.groupdict()) for m in pattern.finditer(text)])
    return found


def _runs(fresh, compiling, count: int):
    """``count`` runs that each compile what ``compiling`` does, then save (a run
    compiles more than patterns: it has other news too). The last run's cache module."""
    for _ in range(count):
        module = fresh()
        compiling()
        module.keep("test:other news", 1)
        module.save()
    return module


def _patterns(module) -> list[str]:
    return [key for key in module._new if key.startswith("re:")]


def test_patterns_compile_the_same_cold_and_warm(fresh) -> None:
    expected = [(re.compile(p, f), _behaviour(re.compile(p, f))) for p, f in PATTERNS]
    first: list[re.Pattern] = []
    noted = _runs(fresh, lambda: first.extend(re.compile(p, f) for p, f in PATTERNS), 1)
    assert _patterns(noted) == []  # noted, not kept, on the first run
    second = fresh()
    for pattern, flags in PATTERNS:
        re.compile(pattern, flags)
    assert len(_patterns(second)) == len(PATTERNS)  # kept from the second
    second.save()
    warm = fresh()
    third = [re.compile(p, f) for p, f in PATTERNS]
    assert not warm._new  # all from the file
    for (pattern, behaviour), one, two in zip(expected, first, third, strict=True):
        assert one == pattern and two == pattern  # code included
        assert _behaviour(one) == _behaviour(two) == behaviour


def test_a_pattern_new_at_every_run_neither_writes_nor_is_checked(fresh, tmp_path,
                                                                  monkeypatch) -> None:
    """tokenize's pattern is joined from a set, in an order that changes with the hash
    seed: a new pattern at every run. Noting it must not rewrite the file at every
    start, nor cost a second compiling for the check; a pattern seen again is kept."""
    cache = tmp_path / "cache.marshal"
    module = fresh()
    re.compile("a+b")
    module.save()
    assert not cache.exists()  # a note alone is no reason to write
    module.keep("test:other news", 1)
    module.save()
    checked: list[str] = []
    real = regex_cache._parts
    monkeypatch.setattr(regex_cache, "_parts", lambda p, f: checked.append(p) or real(p, f))
    module = fresh()
    re.compile("(c|d)+e")  # new in this run
    re.compile("a+b")  # seen before
    assert checked == ["a+b"] and len(_patterns(module)) == 1


def test_a_pattern_that_does_not_compile_still_fails(fresh) -> None:
    module = fresh()
    with pytest.raises(re.error) as raised:
        re.compile("(unclosed")
    assert "missing )" in str(raised.value)
    assert not module._new


@pytest.mark.parametrize("flags", [re.DEBUG, re.LOCALE])
def test_debug_and_locale_patterns_are_compiled_as_before(fresh, flags, capsys) -> None:
    module = fresh()
    pattern = re.compile(rb"\w+" if flags == re.LOCALE else r"\w+", flags)
    assert pattern.flags & flags and not module._new


def test_what_differs_from_res_own_is_not_kept(fresh, monkeypatch) -> None:
    _runs(fresh, lambda: re.compile("ab+c"), 1)
    real = regex_cache._parts
    monkeypatch.setattr(regex_cache, "_parts",
                        lambda p, f: (real(p, f)[0], [1, 0], *real(p, f)[2:]))
    module = fresh()
    pattern = re.compile("ab+c")
    assert pattern.match("abbc") and not _patterns(module)


def test_a_damaged_entry_is_compiled_again(fresh) -> None:
    _runs(fresh, lambda: re.compile("x+y"), 1)
    module = fresh()
    re.compile("x+y")
    (key,) = _patterns(module)
    module._new[key] = b"\x00not marshal"
    module.keep("test:other news", 1)
    module.save()
    again = fresh()
    assert re.compile("x+y").fullmatch("xxy")
    assert key in again._new  # made anew, and kept


@pytest.mark.parametrize("damage", [(), (0, [1, 2, 3], 0, {}, ()), ("flags", "code")])
def test_an_entry_the_matcher_refuses_is_compiled_again(fresh, damage) -> None:
    _runs(fresh, lambda: re.compile("a(b)c"), 1)
    module = fresh()
    re.compile("a(b)c")
    (key,) = _patterns(module)
    module._new[key] = __import__("marshal").dumps(damage)
    module.keep("test:other news", 1)
    module.save()
    again = fresh()
    assert re.compile("a(b)c").fullmatch("abc").group(1) == "b"
    assert key in again._new  # made anew, and kept
