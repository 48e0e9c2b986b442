"""``sheetdesk gm [FILE...]``: the GM screen on its own.

FILEs may be one ``.encounter`` file (opened) and character files (added to it, or to
a new encounter of their game). They are all read before Qt starts, so a bad file is a
one-line error on the command line (exit 2) and no window opens.
"""

from __future__ import annotations

import sys
import traceback
from collections.abc import Sequence
from pathlib import Path
from typing import Any

from desktop.model.encounter import Encounter
from desktop.model.errors import DocumentError

Loaded = tuple[Encounter | None, Path | None, list[tuple[Any, Path]]]


def read_files(files: Sequence[str]) -> Loaded:
    """The encounter to open (if any) and the characters to add; DocumentError naming
    the file that cannot be used. No Qt."""
    from desktop.systems import get
    from desktop.systems.encounters import (
        ENCOUNTER_SUFFIX,
        has_gm_rules,
        load_encounter,
        new_encounter,
    )
    from desktop.systems.files import load_character

    encounter: Encounter | None = None
    encounter_path: Path | None = None
    characters: list[tuple[Any, Path]] = []
    for name in files:
        path = Path(name)
        if path.suffix == ENCOUNTER_SUFFIX:
            if encounter is not None:
                raise DocumentError(path, "open one encounter at a time (already opening "
                                          f"{encounter_path})")
            encounter, encounter_path = load_encounter(path), path.resolve()
        else:
            characters.append((load_character(path), path.resolve()))
    system = encounter.system if encounter is not None else (
        characters[0][0].system if characters else None)
    for character, path in characters:
        if character.system != system:
            raise DocumentError(path, f"a {get(character.system).name} character; the "
                                      f"encounter is {get(system).name}")
    if encounter is None and system is not None:
        if not has_gm_rules(system):
            raise DocumentError(characters[0][1], f"{get(system).name} has no GM screen "
                                                  "rules yet")
        encounter = new_encounter(system, "Encounter")
    return encounter, encounter_path, characters


def _install_crash_guard(window: Any) -> None:
    """An unexpected error is shown and the GM screen goes on (save soon)."""
    def hook(kind, value, tb) -> None:
        from PySide6.QtWidgets import QMessageBox

        window.autosave.keep()  # first: nothing in the reporting may stand in its way
        traceback.print_exception(kind, value, tb)
        QMessageBox.critical(window, "Unexpected error",
                             f"Something went wrong: {value}\n\nThe encounter's unsaved "
                             "changes were autosaved. Please save the encounter.")

    sys.excepthook = hook


def main(files: Sequence[str] = ()) -> int:
    encounter, path, characters = read_files(files)
    from desktop.app import create_application, started  # Qt only now, after the files
    from desktop.ui.gm.window import GmWindow
    from desktop.ui.widgets.when_shown import after_first_paint

    app = create_application()
    window = GmWindow(encounter, path)
    window.menus.add_quit()  # its own app: Ctrl+Q ends it
    _install_crash_guard(window)
    after_first_paint(window, started)
    window.show()
    window.offer_restore()
    if characters:
        window.add_characters(characters)
    return app.exec()
