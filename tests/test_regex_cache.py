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


def test_patterns_compile_the_same_cold_and_warm(fresh) -> None:
    expected = [(re.compile(p, f), _behaviour(re.compile(p, f))) for p, f in PATTERNS]
    cold = fresh()
    first = [re.compile(p, f) for p, f in PATTERNS]
    assert len([key for key in cold._new if key.startswith("re:")]) == len(PATTERNS)
    cold.keep("test:other news", 1)  # a first run compiles more than patterns
    cold.save()
    warm = fresh()
    second = [re.compile(p, f) for p, f in PATTERNS]
    assert not warm._new  # all from the file
    for (pattern, behaviour), one, two in zip(expected, first, second, strict=True):
        assert one == pattern and two == pattern  # code included
        assert _behaviour(one) == _behaviour(two) == behaviour


def test_new_patterns_alone_never_write_the_file(fresh, tmp_path) -> None:
    """Some patterns are new at every run (tokenize's is joined from a set, in an order
    that changes with the hash seed): they must not rewrite and grow the file at every
    start. They are written with the next run that has other news."""
    import tokenize

    cache = tmp_path / "cache.marshal"
    module = fresh()
    re.compile(tokenize.PseudoToken)
    re.compile("a+b")
    module.save()
    assert not cache.exists()
    module = fresh()
    re.compile("a+b")
    module.keep("test:other news", 1)
    module.save()
    warm = fresh()
    re.compile("a+b")
    assert cache.exists() and not warm._new


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
    module = fresh()
    real = regex_cache._parts
    monkeypatch.setattr(regex_cache, "_parts",
                        lambda p, f: (real(p, f)[0], [1, 0], *real(p, f)[2:]))
    pattern = re.compile("ab+c")
    assert pattern.match("abbc") and not module._new


def test_a_damaged_entry_is_compiled_again(fresh) -> None:
    module = fresh()
    re.compile("x+y")
    (key,) = module._new
    module._new[key] = b"\x00not marshal"
    module.keep("test:other news", 1)
    module.save()
    again = fresh()
    assert re.compile("x+y").fullmatch("xxy")
    assert key in again._new  # made anew, and kept


@pytest.mark.parametrize("damage", [(), (0, [1, 2, 3], 0, {}, ()), ("flags", "code")])
def test_an_entry_the_matcher_refuses_is_compiled_again(fresh, damage) -> None:
    module = fresh()
    re.compile("a(b)c")
    (key,) = module._new
    module._new[key] = __import__("marshal").dumps(damage)
    module.keep("test:other news", 1)
    module.save()
    again = fresh()
    assert re.compile("a(b)c").fullmatch("abc").group(1) == "b"
    assert key in again._new  # made anew, and kept
