"""A character's portrait, kept inside the character file.

Stored as ``"portrait": {"mime": "image/jpeg", "data": "<base64>"}`` — the picture
itself, not a path, so the file travels whole (to the GM, to another computer). The
editor scales a chosen picture down before it gets here (``MAX_SIDE``); the model
refuses anything that is not a PNG or JPEG of at most ``MAX_BYTES``, so a file can
never carry a huge or foreign blob. A character without one has no ``portrait`` key at
all: files written before portraits existed load unchanged and are saved unchanged.

Pure Python and pydantic: no Qt, no reportlab.
"""


import base64
import binascii
from typing import Any, Literal

from pydantic import BaseModel, ConfigDict, Field, field_validator, model_validator

MAX_SIDE = 600
"""The longest side, in pixels, a picture is scaled to on import."""
MAX_BYTES = 400_000
"""The most image bytes a portrait may hold (a 600 px JPEG is well under)."""

Mime = Literal["image/png", "image/jpeg"]
MAGIC: dict[str, bytes] = {"image/png": b"\x89PNG\r\n\x1a\n", "image/jpeg": b"\xff\xd8\xff"}


class Portrait(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True, defer_build=True)

    mime: Mime
    data: str = Field(max_length=(MAX_BYTES * 4) // 3 + 8)
    """The image file's bytes in base64."""

    @field_validator("data")
    @classmethod
    def _base64(cls, value: str) -> str:
        try:
            raw = base64.b64decode(value, validate=True)
        except (binascii.Error, ValueError):
            raise ValueError("is not base64 image data") from None
        if not raw:
            raise ValueError("is empty")
        if len(raw) > MAX_BYTES:
            raise ValueError(f"is {len(raw):,} bytes; a portrait holds at most {MAX_BYTES:,}")
        return value

    @model_validator(mode="after")
    def _magic(self) -> "Portrait":
        if not self.image_bytes().startswith(MAGIC[self.mime]):
            raise ValueError(f"data is not a {self.mime.split('/')[1].upper()} image")
        return self

    def image_bytes(self) -> bytes:
        return base64.b64decode(self.data)

    @classmethod
    def from_bytes(cls, raw: bytes, mime: Mime) -> "Portrait":
        return cls(mime=mime, data=base64.b64encode(raw).decode("ascii"))


def portrait_field() -> Any:
    """The ``portrait`` field of a game's character model: optional, and left out of
    the file when there is none (older files stay byte for byte the same)."""
    return Field(default=None, exclude_if=_is_none,
                 description="The character's picture (PNG or JPEG, base64), or none.")


def _is_none(value: object) -> bool:
    """Whether the portrait field is empty (left out of the saved file)."""
    return value is None
