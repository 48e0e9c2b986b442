"""The character's picture in the editor (issue 15, item 5): chosen, dropped or pasted,
scaled down on import, kept in the character file, one undo step each.

``picture_from_bytes`` turns what the user gives into a ``Portrait`` or says in one line
why not (not an image, corrupt, too large): nothing changes then.
"""

from __future__ import annotations

from pathlib import Path

from PySide6.QtCore import QBuffer, QByteArray, QIODevice, QMimeData, Qt, Signal
from PySide6.QtGui import QDragEnterEvent, QDropEvent, QGuiApplication, QImage, QPixmap
from PySide6.QtWidgets import (
    QFileDialog,
    QHBoxLayout,
    QLabel,
    QPushButton,
    QVBoxLayout,
    QWidget,
)

from desktop.model.portrait import MAX_BYTES, MAX_SIDE, Portrait
from desktop.ui.document import CharacterDocument

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


class PortraitBox(QWidget):
    """The picture (or an empty frame saying what to do) with Choose / Paste / Remove."""

    message = Signal(str)

    def __init__(self, document: CharacterDocument, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("portraitBox")
        self.document = document
        self.setAcceptDrops(True)
        self.frame = QLabel()
        self.frame.setObjectName("portraitFrame")
        self.frame.setFixedSize(96, 120)
        self.frame.setAlignment(Qt.AlignmentFlag.AlignCenter)
        self.frame.setWordWrap(True)
        self.frame.setFrameShape(QLabel.Shape.Box)
        self.choose_button = QPushButton("Choose picture…")
        self.choose_button.setToolTip("A PNG or JPEG; you can also drop one here or paste")
        self.choose_button.clicked.connect(self.choose)
        self.paste_button = QPushButton("Paste picture")
        self.paste_button.clicked.connect(self.paste)
        self.remove_button = QPushButton("Remove picture")
        self.remove_button.clicked.connect(self.remove)
        buttons = QVBoxLayout()
        for button in (self.choose_button, self.paste_button, self.remove_button):
            # Out of the Tab order and without a mnemonic: Tab walks the sheet's fields,
            # and every game's own Alt keys stay as they were.
            button.setFocusPolicy(Qt.FocusPolicy.ClickFocus)
            buttons.addWidget(button)
        buttons.addStretch(1)
        layout = QHBoxLayout(self)
        layout.setContentsMargins(0, 0, 0, 0)
        layout.addWidget(self.frame)
        layout.addLayout(buttons, 1)
        document.changed.connect(self.refresh)
        self._shown: Portrait | bool | None = False
        self.refresh()

    @property
    def picture(self) -> Portrait | None:
        return getattr(self.document.character, "picture", None)

    def refresh(self) -> None:
        picture = self.picture
        if picture is self._shown:
            return
        self._shown = picture
        self.remove_button.setEnabled(picture is not None)
        if picture is None:
            self.frame.setPixmap(QPixmap())
            self.frame.setText("No picture:\nchoose, drop\nor paste one")
            return
        pixmap = QPixmap()
        pixmap.loadFromData(picture.image_bytes())
        self.frame.setPixmap(pixmap.scaled(
            self.frame.size(), Qt.AspectRatioMode.KeepAspectRatio,
            Qt.TransformationMode.SmoothTransformation))

    # -- edits ---------------------------------------------------------------------
    def set_picture(self, picture: Portrait | None, text: str) -> bool:
        return self.document.apply(text, lambda c: setattr(c, "picture", picture))

    def take(self, make) -> bool:
        """Set the picture ``make()`` returns; a refusal is told and changes nothing."""
        try:
            picture = make()
        except PictureError as exc:
            self.message.emit(f"Picture not changed: {exc}")
            return False
        if picture is None:
            self.message.emit("Picture not changed: there is no picture to take")
            return False
        return self.set_picture(picture, "Set the picture")

    def choose(self) -> None:
        name, _ = QFileDialog.getOpenFileName(self, "Choose a picture", "", FILTER)
        if name:
            self.take(lambda: picture_from_file(Path(name)))

    def paste(self) -> bool:
        mime = QGuiApplication.clipboard().mimeData()
        return self.take(lambda: picture_from_mime(mime) if mime is not None else None)

    def remove(self) -> None:
        self.set_picture(None, "Remove the picture")

    # -- drops -----------------------------------------------------------------------
    def dragEnterEvent(self, event: QDragEnterEvent) -> None:
        mime = event.mimeData()
        if mime.hasImage() or (mime.hasUrls() and any(u.isLocalFile() for u in mime.urls())):
            event.acceptProposedAction()

    def dropEvent(self, event: QDropEvent) -> None:
        mime = event.mimeData()
        self.take(lambda: picture_from_mime(mime))
        event.acceptProposedAction()
