"""The README and docs/*.md link only to what exists, and the README stays short.

Every relative Markdown link and image (``[text](path)``, ``![alt](path)``, with an
optional ``#anchor``) must name an existing file, and an anchor must name a heading of
the file it points into (GitHub's slugs). Links to the web (``https:``, ``mailto:``) are
not followed. Code (fenced blocks and inline code) is skipped: it shows commands, not
links.
"""

from __future__ import annotations

import re
from pathlib import Path
from urllib.parse import unquote

import pytest

REPO = Path(__file__).resolve().parent.parent
README = REPO / "README.md"
MAX_README_LINES = 250

LINK = re.compile(r"!?\[(?:[^\[\]]|\[[^\[\]]*\])*\]\(\s*<?([^)\s>]*)>?(?:\s+\"[^\"]*\")?\s*\)")
"""An inline link or image; group 1 is its target."""
FENCE = re.compile(r"^(```|~~~).*?^\1[ \t]*$", re.MULTILINE | re.DOTALL)
INLINE_CODE = re.compile(r"(`+)(?:(?!\1).)+?\1", re.DOTALL)
HEADING = re.compile(r"^#{1,6}[ \t]+(.+?)[ \t]*#*[ \t]*$", re.MULTILINE)
EXTERNAL = re.compile(r"^[a-zA-Z][a-zA-Z0-9+.-]*:")


def documents() -> list[Path]:
    return [README, *sorted((REPO / "docs").glob("*.md"))]


def without_code(text: str) -> str:
    return INLINE_CODE.sub("", FENCE.sub("", text))


def slug(heading: str) -> str:
    """GitHub's anchor for a heading: its text without markup, in lower case, with
    punctuation dropped and spaces turned into hyphens."""
    text = re.sub(r"\[([^\]]*)\]\([^)]*\)", r"\1", heading)  # a link keeps its text
    text = text.replace("`", "").strip().lower()
    text = re.sub(r"[^\w\- ]", "", text)
    return text.replace(" ", "-")


def anchors(path: Path) -> set[str]:
    """Every heading's anchor in ``path``; a repeated heading gets -1, -2, … as on GitHub."""
    seen: dict[str, int] = {}
    out = set()
    for heading in HEADING.findall(FENCE.sub("", path.read_text(encoding="utf-8"))):
        base = slug(heading)
        count = seen.get(base, 0)
        seen[base] = count + 1
        out.add(base if count == 0 else f"{base}-{count}")
    return out


def links(path: Path) -> list[str]:
    return [m.group(1) for m in LINK.finditer(without_code(path.read_text(encoding="utf-8")))]


def broken_links(path: Path) -> list[str]:
    """The relative links and images of ``path`` that name no file, or no heading."""
    broken = []
    for target in links(path):
        if not target or EXTERNAL.match(target):
            continue
        name, _, anchor = target.partition("#")
        where = (path.parent / unquote(name)).resolve() if name else path
        if not where.exists():
            broken.append(f"{target}: no such file")
        elif anchor and where.suffix == ".md" and unquote(anchor) not in anchors(where):
            broken.append(f"{target}: no heading #{anchor} in {where.name}")
    return broken


@pytest.mark.parametrize("path", documents(), ids=lambda p: str(p.relative_to(REPO)))
def test_every_relative_link_resolves(path: Path) -> None:
    assert links(path) or path != README, "README.md should link to its docs"
    broken = broken_links(path)
    assert not broken, f"{path.relative_to(REPO)}: " + "; ".join(broken)


def test_readme_is_at_most_250_lines() -> None:
    lines = len(README.read_text(encoding="utf-8").splitlines())
    assert lines <= MAX_README_LINES, (
        f"README.md has {lines} lines; keep it to {MAX_README_LINES} and move reference "
        "material into docs/")


def test_readme_shows_the_screenshot_and_links_every_doc() -> None:
    targets = {t.partition("#")[0] for t in links(README)}
    assert "docs/screenshot.png" in targets
    docs = {f"docs/{p.name}" for p in (REPO / "docs").glob("*.md")}
    assert docs <= targets, f"README.md does not link {sorted(docs - targets)}"


def test_a_broken_link_or_anchor_is_found(tmp_path: Path) -> None:
    (tmp_path / "other.md").write_text("# Some `code` heading\n\n## Twice\n\n## Twice\n")
    page = tmp_path / "page.md"
    page.write_text(
        "# Page\n\n[ok](other.md) [ok](other.md#some-code-heading) [ok](other.md#twice-1)"
        " [ok](#page) [web](https://example.org/x) `[code](nowhere.md)`\n\n"
        "```\n[fenced](nowhere.md)\n```\n\n"
        "[gone](missing.md) ![img](missing.png) [bad](other.md#nope) [bad](#nope)\n"
    )
    assert broken_links(page) == [
        "missing.md: no such file",
        "missing.png: no such file",
        "other.md#nope: no heading #nope in other.md",
        "#nope: no heading #nope in page.md",
    ]
