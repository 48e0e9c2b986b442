"""The user's own weapons and armor (issue 15, item 3): saved from a character's table
and offered again by every "Add weapon…" / "Add armor…", in the user data folder
(``pow/gear.json``). A broken file is reported in one line and left as it is."""

from __future__ import annotations

from pathlib import Path
from typing import Literal

from pydantic import BaseModel, ConfigDict, Field

from desktop.model import document
from desktop.model.errors import DocumentError
from desktop.model.storage import atomic_write_text
from desktop.paths import user_data_dir
from desktop.systems.pow.rules.character import Armor, Weapon

USER_GEAR = document.DocumentKind(format="sheetdesk.gear", current_version=1,
                                  label="weapons and armor list")


class UserGear(BaseModel):
    """The file: an envelope, then the user's weapons and armor."""

    model_config = ConfigDict(extra="forbid")
    format: Literal["sheetdesk.gear"] = "sheetdesk.gear"
    version: Literal[1] = 1
    system: Literal["pow"] = "pow"
    weapons: list[Weapon] = Field(default_factory=list, max_length=1000)
    armor: list[Armor] = Field(default_factory=list, max_length=1000)


def user_gear_path() -> Path:
    return user_data_dir() / "pow" / "gear.json"


def load_user_gear() -> UserGear:
    """The user's list (empty if there is none yet); DocumentError if it is broken."""
    path = user_gear_path()
    if not path.exists():
        return UserGear()
    data = document.parse_json(document.read_text(path), path)
    data = document.check_envelope(data, USER_GEAR, path)
    return document.validate(UserGear, data, path)


def save_to_user_gear(item: Weapon | Armor) -> Path:
    """Add ``item`` to the user's list (replacing one of the same name); the path."""
    gear = load_user_gear()
    if isinstance(item, Weapon):
        gear.weapons = [w for w in gear.weapons if w.name != item.name] + [item]
    else:
        clean = item.model_copy(update={"damage_rating_left": None, "worn": True})
        gear.armor = [a for a in gear.armor if a.name != item.name] + [clean]
    path = user_gear_path()
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
    except OSError as exc:
        raise DocumentError(path.parent, f"cannot create it: {exc.strerror or exc}") from None
    atomic_write_text(path, document.to_json_text(UserGear.model_validate(gear.model_dump())))
    return path
