"""Text escaped for Qt's rich text as the standard library escapes it."""

from __future__ import annotations

import html

from hypothesis import given
from hypothesis import strategies as st

from desktop.ui.rich_text import escape


@given(st.text(), st.booleans())
def test_escape_is_html_escape(text: str, quote: bool) -> None:
    assert escape(text, quote=quote) == html.escape(text, quote=quote)
    assert escape(text) == html.escape(text)


def test_escape_examples() -> None:
    assert escape("<b>Fish & \"chips\"</b> 'n'") == (
        "&lt;b&gt;Fish &amp; &quot;chips&quot;&lt;/b&gt; &#x27;n&#x27;")
    assert escape("\"a\" & 'b'", quote=False) == "\"a\" &amp; 'b'"
