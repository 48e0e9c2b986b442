"""Encounter files (``sheetdesk.encounter``): the same envelope, versioning, atomic save
and one-line errors as character files.

The file holds the encounter's seed and its operations (``desktop.model.encounter``),
each player character's data as it joined, and the log as text for reading. Opening
replays the operations with the game's ``CombatRules``; a file whose replay no longer
matches its log is reported, not silently changed.
"""

from __future__ import annotations

import random
from pathlib import Path
from typing import Any, Literal

from pydantic import BaseModel, ConfigDict, Field

from desktop.model import document
from desktop.model.combat_rules import CombatRules
from desktop.model.encounter import Encounter, EncounterError
from desktop.model.errors import DocumentError
from desktop.model.limits import MAX_ENCOUNTER_BYTES
from desktop.model.storage import atomic_write_text
from desktop.systems import SYSTEMS, UnknownSystem, get
from desktop.systems.files import character_from_data

ENCOUNTER = document.DocumentKind(format="sheetdesk.encounter", current_version=1,
                                  label="encounter")
ENCOUNTER_SUFFIX = ".encounter"


class EncounterFile(BaseModel):
    model_config = ConfigDict(extra="forbid")

    format: Literal["sheetdesk.encounter"]
    version: Literal[1]
    system: str
    name: str = ""
    seed: int = Field(ge=0, lt=2**63)
    operations: list[dict[str, Any]]
    log: list[str] = Field(default_factory=list)


def rules_for(system_id: str) -> CombatRules:
    """The game's GM-screen rules; UnknownSystem, or LookupError if it has none."""
    system = get(system_id)
    gm = system.optional_part("gm")
    if gm is None:
        raise LookupError(f"{system.name} has no GM screen rules yet")
    return gm.RULES


def has_gm_rules(system_id: str) -> bool:
    try:
        rules_for(system_id)
    except LookupError:
        return False
    return True


def parse_character(data: dict[str, Any]) -> Any:
    return character_from_data(dict(data))


def new_encounter(system_id: str, name: str = "", seed: int | None = None) -> Encounter:
    return Encounter.new(rules_for(system_id), parse_character, name,
                         random.SystemRandom().randrange(2**31) if seed is None else seed)


def encounter_to_data(encounter: Encounter) -> dict[str, Any]:
    return {"format": ENCOUNTER.format, "version": ENCOUNTER.current_version,
            "system": encounter.system, "name": encounter.name, "seed": encounter.seed,
            "operations": list(encounter.ops), "log": [str(line) for line in encounter.log]}


def encounter_from_data(data: dict[str, Any], path: str | Path | None = None) -> Encounter:
    data = document.check_envelope(data, ENCOUNTER, path)
    try:
        rules = rules_for(data["system"])
    except UnknownSystem:
        raise DocumentError(path, f"unknown game {data['system']!r} (this Sheetdesk knows "
                                  f"{', '.join(SYSTEMS)})", "system") from None
    except LookupError as exc:
        raise DocumentError(path, str(exc), "system") from None
    saved = document.validate(EncounterFile, data, path)
    try:
        encounter = Encounter.replay(rules, parse_character, saved.name, saved.seed,
                                     saved.operations)
    except EncounterError as exc:
        step = str(exc).split(" ", 2)[1]
        raise DocumentError(path, f"cannot replay the fight: {exc}",
                            f"operations.{int(step) - 1}") from None
    except DocumentError as exc:
        raise DocumentError(path, f"a character in it is broken: {exc.what}",
                            "operations") from None
    replayed = [str(line) for line in encounter.log]
    if saved.log and replayed != saved.log:
        first = next(i for i, (a, b) in enumerate(zip([*replayed, ""], [*saved.log, ""],
                                                      strict=False)) if a != b)
        raise DocumentError(path, "this Sheetdesk's rules replay the fight differently "
                                  f"from line {first + 1} of its log", f"log.{first}")
    return encounter


def load_encounter(path: str | Path) -> Encounter:
    text = document.read_text(path, MAX_ENCOUNTER_BYTES)
    return encounter_from_data(document.parse_json(text, path), path)


def encounter_to_text(encounter: Encounter) -> str:
    import json

    return json.dumps(encounter_to_data(encounter), indent=1, ensure_ascii=False) + "\n"


def save_encounter(path: str | Path, encounter: Encounter) -> None:
    """Save atomically, keeping the previous file as ``NAME.bak``."""
    atomic_write_text(path, encounter_to_text(encounter))
