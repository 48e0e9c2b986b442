"""Characters as text: one example of every game in Markdown, BBCode and plain text
matches its golden file (the words and numbers the PDF sheet prints), and a character
with names in every script comes out whole.

To accept a deliberate change: SHEETDESK_UPDATE_GOLDEN=1 pytest tests/text, then read
the diff of tests/text/golden before committing it.
"""

from __future__ import annotations

import os
from pathlib import Path

import pytest

from desktop.paths import resource
from desktop.systems.files import load_character
from desktop.systems.pow.rules.character import PowCharacter
from desktop.text.export import FORMATS, character_text
from desktop.text.render import display_width

GOLDEN = Path(__file__).parent / "golden"
SUFFIX = {"markdown": "md", "bbcode": "bbcode", "text": "txt"}
EXAMPLES = {"pow": "sparky", "protector": "arclight", "kruhl": "soraya", "pocket": "artos",
            "powers": "bob"}


@pytest.mark.parametrize("fmt", FORMATS)
@pytest.mark.parametrize("game", sorted(EXAMPLES))
def test_one_example_per_game_matches_its_golden_file(game: str, fmt: str) -> None:
    name = EXAMPLES[game]
    text = character_text(load_character(resource(game, "characters", f"{name}.sheetdesk")), fmt)
    golden = GOLDEN / f"{game}-{name}.{SUFFIX[fmt]}"
    if os.environ.get("SHEETDESK_UPDATE_GOLDEN"):
        golden.write_text(text, encoding="utf-8")
    assert text == golden.read_text(encoding="utf-8")


NAMES = {
    "latin": "Kaiser Überlegen", "greek": "Ωmega Δύναμη", "cyrillic": "Жар-птица",
    "cjk": "東京の鬼", "arabic": "الصقر الأحمر", "emoji": "Sparky 🐕‍🦺⚡",
}


def _world_character() -> PowCharacter:
    return PowCharacter.model_validate({
        "name": NAMES["cjk"], "concept": NAMES["arabic"], "player": NAMES["cyrillic"],
        "worldbook": NAMES["greek"],
        "attributes": {"agility": 3, "brawn": 3, "cognition": 2, "damage": 3, "energy": 2,
                       "fellowship": 2},
        "weapons": [{"name": NAMES["emoji"], "damage": 2}, {"name": NAMES["latin"],
                                                             "damage": 3}],
        "items": [{"name": NAMES["greek"], "quantity": 2}],
        "notes": "Ελληνικά · Русский · 中文 · العربية · 😀\nline two | * _ [x]",
    })


@pytest.mark.parametrize("fmt", FORMATS)
def test_names_in_every_script_export_cleanly(fmt: str) -> None:
    text = character_text(_world_character(), fmt)
    text.encode("utf-8")  # valid Unicode: no lone surrogates
    for script, name in NAMES.items():
        assert name in text, script
    assert "\\u" not in text and "\ufffd" not in text and "?" * 3 not in text
    assert text.endswith("\n") and not text.endswith("\n\n")
    if fmt != "markdown":  # lined-up columns count wide characters as two
        block = text.split("Weapon", 1)[1].split("\n\n", 1)[0].splitlines()
        rule = next(line for line in block if set(line.replace(" ", "")) == {"-"})
        starts = [i for i, ch in enumerate(rule) if ch == "-" and (i == 0 or rule[i - 1] == " ")]
        for row in block[2:4]:
            second = row.split("  ")[0]
            assert display_width(second) <= starts[1] - 2


def test_markdown_escapes_what_would_become_markup() -> None:
    text = character_text(_world_character(), "markdown")
    assert r"line two \| \* \_ \[x\]" in text


def test_bbcode_shows_brackets_in_a_name_instead_of_reading_them_as_tags() -> None:
    character = PowCharacter.model_validate({
        "name": "Bob [b]the[/b] Bold", "concept": "[url=https://example.com]spam[/url]",
        "attributes": {"agility": 3, "brawn": 3, "cognition": 2, "damage": 3,
                       "energy": 2, "fellowship": 2},
        "weapons": [{"name": "Gun [/code] [*]", "damage": 2}],
        "notes": "[quote]hi[/quote] and [x]",
    })
    text = character_text(character, "bbcode")
    shown = text.replace("\u200b", "")  # what a reader sees: the zero-width spaces are invisible
    for typed in ("Bob [b]the[/b] Bold", "[url=https://example.com]spam[/url]",
                  "Gun [/code] [*]", "[quote]hi[/quote] and [x]"):
        assert typed in shown
        assert typed not in text  # the brackets are broken up, so no forum reads a tag
    tags = [t for t in text.replace("\u200b", "|").split("[") if t and not t.startswith("|")]
    assert all(t.split("]")[0].lstrip("/").split("=")[0] in
               {"size", "b", "i", "u", "list", "*", "code"} for t in tags)
