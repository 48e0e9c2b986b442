"""The picture in the editor: chosen, dropped or pasted, scaled
down, one undo step; what is not a picture, huge or corrupt is refused with a message
and nothing changes."""

from __future__ import annotations

import pytest
from PySide6.QtCore import QMimeData, QUrl
from PySide6.QtGui import QColor, QImage

from desktop.model.portrait import MAX_SIDE
from desktop.systems import SYSTEMS
from desktop.ui.widgets import pictures as module
from desktop.ui.widgets.pictures import PictureError, picture_from_bytes, picture_from_mime


def _png(width: int = 900, height: int = 1200) -> bytes:
    image = QImage(width, height, QImage.Format.Format_RGB32)
    image.fill(QColor("#4477aa"))
    return module._encode(image, "PNG")


def test_a_big_picture_is_scaled_down_and_kept_small():
    picture = picture_from_bytes(_png())
    image = QImage()
    assert image.loadFromData(picture.image_bytes())
    assert max(image.width(), image.height()) == MAX_SIDE
    assert picture.mime == "image/jpeg"


@pytest.mark.parametrize("raw", [b"hello, not a picture", _png()[:60] + b"\x00" * 200, b""])
def test_not_a_picture_or_corrupt_is_refused(raw):
    with pytest.raises(PictureError):
        picture_from_bytes(raw)


def test_a_huge_file_is_refused_before_it_is_read(monkeypatch, tmp_path):
    monkeypatch.setattr(module, "MAX_FILE", 100)
    path = tmp_path / "huge.png"
    path.write_bytes(_png(50, 50) + b"\x00" * 200)
    with pytest.raises(PictureError, match="too large"):
        module.picture_from_file(path)


def test_a_dropped_file_or_pasted_image(tmp_path):
    path = tmp_path / "me.png"
    path.write_bytes(_png(40, 50))
    mime = QMimeData()
    mime.setUrls([QUrl.fromLocalFile(str(path))])
    assert picture_from_mime(mime).mime == "image/jpeg"
    pasted = QMimeData()
    image = QImage(30, 30, QImage.Format.Format_ARGB32)
    image.fill(QColor(10, 20, 30, 128))
    pasted.setImageData(image)
    assert picture_from_mime(pasted).mime == "image/png", "transparency is kept"
    assert picture_from_mime(QMimeData()) is None


@pytest.mark.parametrize("game", list(SYSTEMS))
def test_every_editor_shows_the_picture_and_undo_takes_it_away(window, game, tmp_path):
    editor = window.new_character(game)
    box = editor.portrait
    assert box is not None and box.isVisible()
    assert "No picture" in box.frame.text()
    path = tmp_path / "me.png"
    path.write_bytes(_png(300, 400))
    assert box.take(lambda: module.picture_from_file(path))
    assert editor.document.character.picture is not None
    assert not box.frame.pixmap().isNull()
    assert window.undo_action.text() == "&Undo Set the picture"
    messages = []
    box.message.connect(messages.append)
    bad = tmp_path / "bad.png"
    bad.write_bytes(b"not a picture")
    before = editor.document.character
    assert not box.take(lambda: module.picture_from_file(bad))
    assert editor.document.character is before, "nothing changes"
    assert messages and messages[0].startswith("Picture not changed: ")
    editor.document.undo_stack.undo()
    assert editor.document.character.picture is None
    assert "No picture" in box.frame.text()


def test_the_frame_has_its_own_height_at_every_width(window):
    """Its size is fixed: layouts need not lay its wrapped text out at each width they
    try (they asked 28 to 54 times as an editor was first shown)."""
    from PySide6.QtCore import QSize

    box = window.new_character("pow").portrait
    assert box.frame.wordWrap() and box.frame.size() == QSize(96, 120)
    assert not box.frame.hasHeightForWidth()
