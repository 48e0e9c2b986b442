"""The one error a user sees when a document cannot be read or written."""

from __future__ import annotations

from pathlib import Path

MAX_MESSAGE = 300
"""An error line is at most this many characters; the rest is elided with "…"."""


def one_line(text: str, limit: int = MAX_MESSAGE) -> str:
    """``text`` as one printable line: control characters and lone surrogates escaped
    (``\\n``, ``\\x1b``, ``\\ud800``), at most ``limit`` characters, the rest "…"."""
    out: list[str] = []
    size = 0
    for char in text:
        code = ord(char)
        if code < 0x20 or 0x7F <= code < 0xA0 or 0xD800 <= code <= 0xDFFF or code in (
                0x2028, 0x2029):
            piece = char.encode("unicode_escape", "backslashreplace").decode("ascii")
            if 0xD800 <= code <= 0xDFFF:
                piece = f"\\u{code:04x}"
        else:
            piece = char
        if size + len(piece) > limit - 1:
            out.append("…")
            break
        out.append(piece)
        size += len(piece)
    return "".join(out)


class DocumentError(Exception):
    """A file that cannot be used, said in one line: file, where in it, what is wrong."""

    def __init__(self, path: str | Path | None, what: str, where: str = "") -> None:
        self.path = str(path) if path is not None else None
        self.where = where
        self.what = what
        super().__init__(self.message)

    @property
    def message(self) -> str:
        parts = [one_line(p, 120) for p in (self.path, self.where) if p]
        return one_line(": ".join([*parts, self.what]))
