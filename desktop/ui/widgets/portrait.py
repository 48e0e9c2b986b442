"""The character's picture in the editor: chosen, dropped or pasted,
scaled down on import, kept in the character file, one undo step each.

What the user gives is turned into a ``Portrait`` by ``desktop.ui.widgets.pictures``,
loaded when a picture is first given; a refusal is told and changes nothing.
"""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING

from PySide6.QtCore import Qt, Signal
from PySide6.QtGui import QGuiApplication, QPixmap
from PySide6.QtWidgets import QHBoxLayout, QLabel, QPushButton, QVBoxLayout, QWidget

from desktop.model.portrait import Portrait
from desktop.ui.document import CharacterDocument

if TYPE_CHECKING:
    from PySide6.QtGui import QDragEnterEvent, QDropEvent


class FixedSizeLabel(QLabel):
    """A label whose size is fixed, so that its height never depends on its width.

    A word-wrapped QLabel tells layouts that it does, and answers each question of its
    height at a width by laying its text out anew: layouts asked the picture frame's
    28 to 54 times while an editor was first shown, for a height that cannot
    change."""

    def hasHeightForWidth(self) -> bool:
        return False


class PortraitBox(QWidget):
    """The picture (or an empty frame saying what to do) with Choose / Paste / Remove."""

    message = Signal(str)

    def __init__(self, document: CharacterDocument, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("portraitBox")
        self.document = document
        self.setAcceptDrops(True)
        self.frame = FixedSizeLabel()
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
        from desktop.ui.widgets.pictures import PictureError

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
        from PySide6.QtWidgets import QFileDialog

        from desktop.ui.widgets.pictures import FILTER, picture_from_file

        name, _ = QFileDialog.getOpenFileName(self, "Choose a picture", "", FILTER)
        if name:
            self.take(lambda: picture_from_file(Path(name)))

    def paste(self) -> bool:
        from desktop.ui.widgets.pictures import picture_from_mime

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
        from desktop.ui.widgets.pictures import picture_from_mime

        mime = event.mimeData()
        self.take(lambda: picture_from_mime(mime))
        event.acceptProposedAction()
