"""Plain text put into Qt's rich text (labels, tool tips, lists), escaped.

``escape`` gives what ``html.escape`` gives, with quotes escaped or not alike. Importing
the ``html`` package loads its table of named entities, used only to unescape: about
1 ms of opening a Protector file, whose life path is shown as rich text.
"""

from __future__ import annotations

_MARKUP = {"&": "&amp;", "<": "&lt;", ">": "&gt;"}
_ESCAPES = str.maketrans(_MARKUP)
_ESCAPES_AND_QUOTES = str.maketrans({**_MARKUP, '"': "&quot;", "'": "&#x27;"})


def escape(text: str, quote: bool = True) -> str:
    """``text`` with the characters rich text gives a meaning to written as entities
    (and the quotes, with ``quote``, for text inside an attribute's value)."""
    return text.translate(_ESCAPES_AND_QUOTES if quote else _ESCAPES)
