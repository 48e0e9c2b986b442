"""A rich text set once is measured once at each width, and measured again when its
text, font or style changes; its measurements are kept for later labels and runs
(``desktop/ui/widgets/fixed_rich_text.py``)."""

from __future__ import annotations

import pytest
from PySide6.QtCore import Qt
from PySide6.QtWidgets import QGroupBox, QLabel, QVBoxLayout, QWidget

from desktop import compile_cache
from desktop.ui.widgets.fixed_rich_text import FixedRichText, put_in_place_of

TEXT = ("<b>R</b>educe — Something tried had less of an effect than expected.<br>"
        "<b>I</b>nsult — Embarrassment or reputation harm.<br>"
        "<i>* physical challenges only</i><br><small>Prompts: “What made it go that way?”</small>")


def _plain_label(text: str) -> QLabel:
    label = QLabel()
    label.setTextFormat(Qt.TextFormat.RichText)
    label.setWordWrap(True)
    label.setText(text)
    return label


@pytest.mark.parametrize("width", [120, 200, 333, 600])
def test_its_heights_are_a_rich_labels(qtbot, width: int) -> None:
    fixed, plain = FixedRichText(TEXT), _plain_label(TEXT)
    qtbot.addWidget(fixed)
    qtbot.addWidget(plain)
    assert fixed.heightForWidth(width) == plain.heightForWidth(width)
    assert fixed.heightForWidth(width) == plain.heightForWidth(width)  # and when kept
    assert fixed.sizeHint() == plain.sizeHint()


def test_each_width_is_measured_once(qtbot, monkeypatch) -> None:
    fixed = FixedRichText(TEXT + "<br>measured once")  # a text no other test measured
    qtbot.addWidget(fixed)
    measured: list[int] = []
    measure = QLabel.heightForWidth
    monkeypatch.setattr(QLabel, "heightForWidth",
                        lambda label, width: measured.append(width) or measure(label, width))
    for width in (200, 300, 200, 300, 200):
        fixed.heightForWidth(width)
    assert measured == [200, 300]


def test_a_new_text_font_or_style_is_measured_again(qtbot) -> None:
    fixed = FixedRichText(TEXT)
    qtbot.addWidget(fixed)
    before = fixed.heightForWidth(200)
    fixed.setText(TEXT + "<br>" + TEXT)
    longer = fixed.heightForWidth(200)
    assert longer > before
    font = fixed.font()
    font.setPointSizeF(font.pointSizeF() * 2)
    fixed.setFont(font)
    assert fixed.heightForWidth(200) > longer
    assert fixed.heightForWidth(200) == _with_font(fixed.text(), font).heightForWidth(200)
    fixed.setStyleSheet("QLabel { padding: 10px }")
    assert fixed.heightForWidth(200) == _styled(fixed.text(), font).heightForWidth(200)


def _with_font(text: str, font) -> QLabel:
    label = _plain_label(text)
    label.setFont(font)
    return label


def _styled(text: str, font) -> QLabel:
    label = _with_font(text, font)
    label.setStyleSheet("QLabel { padding: 10px }")
    return label


def test_it_takes_a_form_labels_place(qtbot) -> None:
    form = QWidget()
    qtbot.addWidget(form)
    group = QGroupBox("RISKED", form)
    QVBoxLayout(form).addWidget(group)
    layout = QVBoxLayout(group)
    old = QLabel("—", group)
    old.setObjectName("riskedText")
    old.setToolTip("Why a die depleted")
    layout.addWidget(old)
    fixed = put_in_place_of(old, TEXT)
    assert old.isHidden()  # never painted again, on the group's title say
    assert form.findChildren(QLabel, "riskedText") == [fixed]
    assert layout.indexOf(fixed) == 0 and layout.count() == 1
    assert fixed.parent() is group and fixed.toolTip() == "Why a die depleted"
    assert fixed.textFormat() == Qt.TextFormat.RichText and fixed.wordWrap()
    form.show()
    qtbot.waitUntil(fixed.isVisible)
    assert fixed.height() >= fixed.heightForWidth(fixed.width())
    with pytest.raises(LookupError):
        put_in_place_of(QLabel("alone"), TEXT)


def _counting(monkeypatch) -> list[str]:
    asked: list[str] = []
    for name in ("sizeHint", "minimumSizeHint", "heightForWidth"):
        real = getattr(QLabel, name)
        monkeypatch.setattr(QLabel, name, lambda label, *args, real=real, name=name:
                            asked.append(name) or real(label, *args))
    return asked


def test_a_later_label_of_the_same_text_takes_the_kept_measurements(qtbot,
                                                                     monkeypatch) -> None:
    """What the first label measured is kept (in the compile cache's file, for a
    ``sheetdesk`` process's later runs): the next asks Qt for nothing, and gets the
    numbers a plain rich label gives."""
    text = TEXT + "<br>kept for later runs"
    first = FixedRichText(text)
    qtbot.addWidget(first)
    answers = (first.sizeHint(), first.minimumSizeHint(), first.heightForWidth(250))
    kept = compile_cache.recall(first._key, dict)
    assert kept is not None and {"hint", "minimum", 250} <= set(kept)
    asked = _counting(monkeypatch)
    later = FixedRichText(text)
    qtbot.addWidget(later)
    assert (later.sizeHint(), later.minimumSizeHint(), later.heightForWidth(250)) == answers
    assert asked == []
    monkeypatch.undo()
    plain = _plain_label(text)
    qtbot.addWidget(plain)
    assert answers == (plain.sizeHint(), plain.minimumSizeHint(), plain.heightForWidth(250))


def test_another_font_is_measured_anew(qtbot, monkeypatch) -> None:
    text = TEXT + "<br>in another font"
    FixedRichText(text).sizeHint()
    asked = _counting(monkeypatch)
    bigger = FixedRichText(text)
    qtbot.addWidget(bigger)
    font = bigger.font()
    font.setPointSizeF(font.pointSizeF() * 1.5)
    bigger.setFont(font)
    hint = bigger.sizeHint()
    assert asked == ["sizeHint"]
    monkeypatch.undo()
    assert hint == _with_font(text, font).sizeHint()


def test_only_a_texts_first_measurements_rewrite_the_cache(qtbot, monkeypatch) -> None:
    """A later run asking for a width not kept yet (a window of another size) keeps it
    without rewriting the cache's file before its first paint."""
    text = TEXT + "<br>first measurements"
    writes: list[bool] = []
    keep = compile_cache.keep
    monkeypatch.setattr(compile_cache, "keep",
                        lambda key, value, write=True: writes.append(write)
                        or keep(key, value, write=write))
    first = FixedRichText(text)
    qtbot.addWidget(first)
    first.sizeHint()
    first.heightForWidth(210)
    assert writes == [True, True]
    writes.clear()
    later = FixedRichText(text)  # as in a later run: its measurements are kept
    qtbot.addWidget(later)
    assert later.heightForWidth(210) == first.heightForWidth(210) and writes == []
    later.heightForWidth(290)
    assert writes == [False]
