"""The user's own weapons and armor: saved from a character's table
and offered again by every "Add weapon…" / "Add armor…", in the user data folder
(``pow/gear.json``, the shared ``UserCatalog`` store). A broken file is reported in one
line and left as it is."""

from __future__ import annotations

from pathlib import Path

from pydantic import BaseModel

from desktop.systems.pow.rules.character import Armor, Weapon
from desktop.systems.user_catalog import UserCatalog

USER_GEAR = UserCatalog("pow", {"weapons": Weapon, "armor": Armor},
                        label="weapons and armor list", file="gear.json",
                        format="sheetdesk.gear")


def user_gear_path() -> Path:
    return USER_GEAR.path()


def load_user_gear() -> BaseModel:
    """The user's list (``weapons``, ``armor``; empty if there is none yet);
    DocumentError if it is broken."""
    return USER_GEAR.load()


def save_to_user_gear(item: Weapon | Armor) -> Path:
    """Add ``item`` to the user's list (replacing one of the same name); the path."""
    if isinstance(item, Weapon):
        return USER_GEAR.save("weapons", item)
    # Kept as new: undamaged and worn, whatever this character's piece has been through.
    return USER_GEAR.save("armor", item.model_copy(update={"damage_rating_left": None,
                                                           "worn": True}))
