"""Portraits in character files: PNG or JPEG, size-limited, left out
of files without one (old files load and save unchanged), refused when not an image."""

from __future__ import annotations

import base64
import json

import pytest
from pydantic import ValidationError

from desktop.model.portrait import MAX_BYTES, Portrait
from desktop.systems import SYSTEMS
from desktop.systems.files import character_from_text, character_to_text

PNG = b"\x89PNG\r\n\x1a\n" + b"\x00" * 40
JPEG = b"\xff\xd8\xff\xe0" + b"\x00" * 40


def test_round_trip_of_png_and_jpeg_bytes():
    assert Portrait.from_bytes(PNG, "image/png").image_bytes() == PNG
    assert Portrait.from_bytes(JPEG, "image/jpeg").image_bytes() == JPEG


@pytest.mark.parametrize(("data", "mime", "why"), [
    ("not base64!", "image/png", "base64"),
    (base64.b64encode(JPEG).decode(), "image/png", "not a PNG"),
    (base64.b64encode(b"GIF89a....").decode(), "image/jpeg", "not a JPEG"),
    ("", "image/png", "empty"),
])
def test_what_is_not_a_picture_is_refused(data, mime, why):
    with pytest.raises(ValidationError, match=why):
        Portrait(mime=mime, data=data)


def test_a_huge_picture_is_refused():
    with pytest.raises(ValidationError):
        Portrait.from_bytes(PNG + b"\x00" * MAX_BYTES, "image/png")
    with pytest.raises(ValidationError):
        Portrait(mime="image/gif", data=base64.b64encode(PNG).decode())  # type: ignore[arg-type]


@pytest.mark.parametrize("game", list(SYSTEMS))
def test_every_game_keeps_a_picture_and_a_file_without_one_is_unchanged(game):
    character = SYSTEMS[game].new_character("Alma")
    text = character_to_text(character)
    assert "picture" not in json.loads(text), "no key: older files stay the same"
    assert character_from_text(text) == character
    character.picture = Portrait.from_bytes(PNG, "image/png")
    again = character_from_text(character_to_text(character))
    assert again.picture.image_bytes() == PNG
    data = json.loads(character_to_text(character))
    data["picture"]["data"] = "@@@"
    from desktop.model.errors import DocumentError

    with pytest.raises(DocumentError, match="picture"):
        character_from_text(json.dumps(data))
