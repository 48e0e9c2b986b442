"""The names of a form's containers, out of PySide's sight while QUiLoader loads it.

Once Qt has built a form, PySide's ``QUiLoader.load`` gives the form's root a Python
attribute for each named object in it (``form.sheetScroll``), walking the tree from the
root; it walks the objects under every named one twice, so that the walk doubles with
each named widget it goes down through. The editors' forms hold most of their widgets
five to eight named containers deep: the first page of Pocket Universe's was walked
10,300 times for its 348 objects, Protector's 19,380 times for 327: about 1 ms of
opening a Protector file (12 million instructions; 4 million of Pocket Universe's;
issue 17). Nothing reads those attributes: widgets are looked up by
name (``desktop.ui.forms.child``).

PySide skips a name that starts with an underscore, and the objects under it once. So
``hide`` gives each container (a widget with widgets in it, other than the root) such a
name for the load, and ``restore`` gives the names back: every object of the form ends
with the name the form gives it. A name the form uses elsewhere (a tab stop, a buddy, a
connection, a stacking order) is left as it is, for Qt finds those by name as it loads
the form.
"""

from __future__ import annotations

import re

from PySide6.QtCore import QObject, QRegularExpression

PREFIX = "_loading_"
"""What a hidden name starts with while the form loads."""
_WIDGET = re.compile(rb"<widget\b([^>]*?)(/?)>|</widget>")
"""A widget's opening tag (its attributes, and a slash if it closes at once) or its
closing tag, in a .ui file."""
_NAME = re.compile(rb'\bname="(\w+)"')
_NAMED = re.compile(rb'<(?:tabstop|cstring|sender|receiver|zorder)>(\w+)</'
                    rb'|<addaction name="(\w+)"')
"""Where a .ui file names a widget for Qt to find as it loads: a tab stop, a property
naming one (a label's buddy), a connection's ends, a stacking order, a menu's entry."""


def hide(data: bytes) -> tuple[bytes, bool]:
    """The form ``data`` with its containers' names hidden, and whether any was (a form
    whose widget tags do not pair up is left as it is)."""
    named = {first or second for first, second in _NAMED.findall(data)}
    stack: list[list] = []  # [the name, where it starts, whether a widget is inside]
    hidden: list[int] = []
    for tag in _WIDGET.finditer(data):
        if tag.group(0).startswith(b"</"):
            if not stack:
                return data, False
            name, start, holds = stack.pop()
            if holds and stack and name is not None and name not in named:
                hidden.append(start)  # a container, not the root
            continue
        if stack:
            stack[-1][2] = True
        if not tag.group(2):  # (a widget closed at once holds none)
            found = _NAME.search(tag.group(1))
            stack.append([found and found.group(1), found and tag.start(1) + found.start(1),
                          False])
    if stack or not hidden:
        return data, False
    prefix = PREFIX.encode("ascii")
    parts, last = [], 0
    for start in sorted(hidden):
        parts += [data[last:start], prefix]
        last = start
    parts.append(data[last:])
    return b"".join(parts), True


def restore(root: QObject) -> None:
    """Give the objects under ``root`` whose names ``hide`` hid their names back."""
    for found in root.findChildren(QObject, QRegularExpression("^" + PREFIX)):
        found.setObjectName(found.objectName().removeprefix(PREFIX))
