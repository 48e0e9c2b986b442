"""Regular expressions compiled in an earlier run, handed to the matcher as they were.

Python's ``re`` parses a pattern and writes its matcher's code in Python, then hands
that code to ``_sre.compile``. Starting Qt compiles 17 patterns that way (shiboken's
signature support: its argument-list parser and its .pyi formatter), 10-11 ms of every
start; opening a character file compiles about 40, 13-14 ms. ``install`` keeps what is
handed over (the flags, the code as a list of numbers, the groups) in the compile
cache's file (``desktop.compile_cache``), keyed by the pattern, its flags and the exact
Python build, and hands it over from there on later runs.

What is kept is checked once, when it is made: the matcher built from it must equal
(code included: ``re.Pattern`` compares it) the one ``re`` built itself, or it is not
kept. A pattern with the DEBUG or LOCALE flag is compiled as before.

A pattern is kept from the second run that compiles it: the first notes it, and that
note is written with the run's other news (new dataclass methods, say), never on its
own. tokenize's pattern differs in every process: it costs no check and no write.

Only the ``sheetdesk`` process installs it (``desktop.launch``), and a window takes it
away once painted (``launch.started``): a search compiles the user's words into a
pattern, and those are no business of a cache.
"""

from __future__ import annotations

import _sre
import re
import sys
from re import _compiler, _parser  # type: ignore[attr-defined]
from typing import Any

from desktop import compile_cache

_re_compile = _compiler.compile
"""``re``'s own: what ``install`` wraps."""
_BYPASS = re.DEBUG | re.LOCALE
_PREFIX = f"re:{sys.version}:"
"""A Python build's matcher code is its own (a bugfix release may write it otherwise)."""
_SEEN = "seen-"
"""Before a key: the pattern was compiled in an earlier run (kept from its second)."""

Parts = tuple[int, list[int], int, dict[str, int], tuple[str | None, ...]]


def install() -> None:
    """Compile patterns through the cache from now on (until ``uninstall``)."""
    _compiler.compile = _compile


def uninstall() -> None:
    """Patterns compiled by ``re`` alone again (the app's windows, once painted)."""
    if _compiler.compile is _compile:
        _compiler.compile = _re_compile


def _compile(pattern: Any, flags: int = 0) -> re.Pattern:
    """``re._compiler.compile``, through the cache for a pattern given as text."""
    if not isinstance(pattern, (str, bytes)) or flags & _BYPASS:
        return _re_compile(pattern, flags)
    text = pattern if isinstance(pattern, str) else pattern.decode("latin-1")
    key = f"{_PREFIX}{type(pattern).__name__}:{int(flags)}:{text}"
    parts = compile_cache.recall(key, tuple)
    if parts is not None:
        try:
            return _sre.compile(pattern, *parts)
        except (TypeError, ValueError, RuntimeError, OverflowError):
            pass  # a damaged entry: compiled again, and kept anew
    compiled = _re_compile(pattern, flags)
    seen = _SEEN + key
    if compile_cache.recall(seen, bool):  # compiled by an earlier run too: worth keeping
        parts = _parts(pattern, flags)
        if _same(pattern, parts, compiled):
            compile_cache.keep(key, parts)
    else:
        # First seen: noted, no write of its own. Some patterns are new at every run
        # (tokenize's is joined from a set, in an order that changes with each process's
        # hash seed): they must neither rewrite the file at every start nor cost a
        # second compiling for the check.
        compile_cache.keep(seen, True, write=False)
    return compiled


def _parts(pattern: str | bytes, flags: int) -> Parts:
    """What ``re._compiler.compile`` hands to ``_sre.compile`` after the pattern."""
    parsed = _parser.parse(pattern, flags)
    code = [int(number) for number in _compiler._code(parsed, flags)]  # opcodes: int subclasses
    groupindex = dict(parsed.state.groupdict)
    indexgroup: list[str | None] = [None] * parsed.state.groups
    for name, index in groupindex.items():
        indexgroup[index] = name
    return (int(flags | parsed.state.flags), code, parsed.state.groups - 1, groupindex,
            tuple(indexgroup))


def _same(pattern: str | bytes, parts: Parts, compiled: re.Pattern) -> bool:
    try:
        made = _sre.compile(pattern, *parts)
    except RuntimeError:  # "invalid SRE code"
        return False
    return (made == compiled and made.groups == compiled.groups
            and made.groupindex == compiled.groupindex)
