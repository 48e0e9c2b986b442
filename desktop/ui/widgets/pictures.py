"""A picture the user gives the editor (chosen, dropped or pasted) turned into a
``Portrait``, scaled down and kept small, or one line saying why not
(not an image, corrupt, too large): nothing changes then.

Loaded when the user first gives a picture (``desktop.ui.widgets.portrait``), not with
the editor: its Qt classes (images, clipboard data) are not needed to show one.
"""

from __future__ import annotations

from pathlib import Path

from PySide6.QtCore import QBuffer, QByteArray, QIODevice, QMimeData, Qt
from PySide6.QtGui import QImage, QPixmap

from desktop.model.portrait import MAX_BYTES, MAX_SIDE, Portrait

MAX_FILE = 30_000_000
"""A picture file larger than this is refused before it is read."""
MAX_PIXELS = 80_000_000
"""A picture with more pixels than this (e.g. 10,000 × 8,000) is refused."""
FILTER = "Pictures (*.png *.jpg *.jpeg *.bmp *.gif *.webp)"


class PictureError(ValueError):
    """Why a picture was refused, in one line for the user."""


def picture_from_image(image: QImage) -> Portrait:
    if image.isNull():
        raise PictureError("that is not a picture Sheetdesk can read")
    if image.width() * image.height() > MAX_PIXELS:
        raise PictureError(f"the picture is too large ({image.width()} × {image.height()})")
    if max(image.width(), image.height()) > MAX_SIDE:
        image = image.scaled(MAX_SIDE, MAX_SIDE, Qt.AspectRatioMode.KeepAspectRatio,
                             Qt.TransformationMode.SmoothTransformation)
    if image.hasAlphaChannel():
        data = _encode(image, "PNG")
        if len(data) <= MAX_BYTES:
            return Portrait.from_bytes(data, "image/png")
        image = _flatten(image)
    for quality in (88, 75, 60, 45):
        data = _encode(image, "JPEG", quality)
        if len(data) <= MAX_BYTES:
            return Portrait.from_bytes(data, "image/jpeg")
    raise PictureError("the picture stays too large even scaled down")


def picture_from_bytes(raw: bytes) -> Portrait:
    if len(raw) > MAX_FILE:
        raise PictureError(f"the file is too large ({len(raw) // 1_000_000} MB)")
    image = QImage()
    if not image.loadFromData(raw):
        raise PictureError("that is not a picture Sheetdesk can read (PNG or JPEG, say)")
    return picture_from_image(image)


def picture_from_file(path: Path) -> Portrait:
    try:
        if path.stat().st_size > MAX_FILE:
            raise PictureError(f"{path.name} is too large")
        raw = path.read_bytes()
    except OSError as exc:
        raise PictureError(f"cannot read {path.name}: {exc.strerror or exc}") from None
    return picture_from_bytes(raw)


def picture_from_mime(mime: QMimeData) -> Portrait | None:
    """The picture in dropped or pasted data (an image, or a picture file), or None."""
    if mime.hasImage():
        image = mime.imageData()
        if isinstance(image, QImage):
            return picture_from_image(image)
        if isinstance(image, QPixmap):
            return picture_from_image(image.toImage())
    for url in mime.urls() if mime.hasUrls() else []:
        if url.isLocalFile():
            return picture_from_file(Path(url.toLocalFile()))
    return None


def _encode(image: QImage, kind: str, quality: int = -1) -> bytes:
    array = QByteArray()
    buffer = QBuffer(array)
    buffer.open(QIODevice.OpenModeFlag.WriteOnly)
    image.save(buffer, kind, quality)
    buffer.close()
    return bytes(array.data())


def _flatten(image: QImage) -> QImage:
    flat = QImage(image.size(), QImage.Format.Format_RGB32)
    flat.fill(Qt.GlobalColor.white)
    from PySide6.QtGui import QPainter

    painter = QPainter(flat)
    painter.drawImage(0, 0, image)
    painter.end()
    return flat
