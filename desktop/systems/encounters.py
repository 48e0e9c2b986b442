"""Encounter files (``sheetdesk.encounter``): the same envelope, versioning, atomic save
and one-line errors as character files.

The file holds the encounter's seed and its operations (``desktop.model.encounter``),
each player character's data as it joined, and the log as text for reading. Opening
replays the operations with the game's ``CombatRules``; a file whose replay no longer
matches its log (its numbers: dice, totals, hit points; the wording may change) is
reported, not silently changed.
"""

from __future__ import annotations

import random
import re
from pathlib import Path
from typing import Any, Literal

from pydantic import BaseModel, ConfigDict, Field

from desktop.model import document
from desktop.model.combat_rules import CombatRules
from desktop.model.defaults import empty_list
from desktop.model.encounter import MAX_OPERATIONS, Encounter, EncounterError
from desktop.model.errors import DocumentError
from desktop.model.limits import MAX_ENCOUNTER_BYTES, check_structure
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
    log: list[str] = Field(default_factory=empty_list)


def rules_for(system_id: str) -> CombatRules:
    """The game's GM-screen rules; UnknownSystem, or LookupError if it has none."""
    system = get(system_id)
    gm = system.optional_part("gm")
    if gm is None:
        raise LookupError(f"{system.name} has no GM screen rules yet")
    return gm.RULES


def has_gm_rules(system_id: str) -> bool:
    """Whether the game has GM-screen rules (False for no such game), found without
    importing them (``rules_for`` does, when they are used)."""
    try:
        return get(system_id).has_part("gm")
    except UnknownSystem:
        return False


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
    check_operations(saved.operations, path)
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
    replayed = [_numbers(str(line)) for line in encounter.log]
    kept = [_numbers(line) for line in saved.log]
    if saved.log and replayed != kept:
        first = next(i for i, (a, b) in enumerate(zip([*replayed, None], [*kept, None],
                                                      strict=False)) if a != b)
        raise DocumentError(path, "this Sheetdesk's rules replay the fight differently "
                                  f"from line {first + 1} of its log", f"log.{first}")
    return encounter


def _numbers(line: str) -> tuple[str, ...]:
    """What must replay the same: a log line's first word (its stamp, "Frame") and its
    numbers (dice, totals, hit points, in order). Its other words may be reworded by a
    newer Sheetdesk ("Lizard-man 1 2" became "Lizard-man 1: 2 actions") without the
    file failing to open."""
    return (line.split(" ", 1)[0], *_NUMBER.findall(line))


_NUMBER = re.compile(r"\d+")


def load_encounter(path: str | Path) -> Encounter:
    text = document.read_text(path, MAX_ENCOUNTER_BYTES)
    return encounter_from_data(document.parse_json(text, path, MAX_LOG_ITEMS), path)


MAX_LOG_ITEMS = 20 * MAX_OPERATIONS
"""Lines in an encounter's log (an operation may write several)."""

_STR, _OPT_STR, _INT, _OPT_INT = (str,), (str, type(None)), (int,), (int, type(None))
FIELD_TYPES: dict[str, tuple[type, ...]] = {
    "op": _STR, "seed": _OPT_INT, "character": (dict,), "path": _OPT_STR, "origin": _STR,
    "group": _OPT_STR, "count": _INT, "key": _STR, "action": _STR, "values": (dict,),
    "keys": (list,), "target": _STR, "text": _STR, "rounds": _OPT_INT, "anchor": _OPT_STR,
    "id": _INT, "expression": _STR,
}
"""The type of each field an operation may carry: checked before the replay."""


def check_operations(operations: list[dict[str, Any]], path: str | Path | None) -> None:
    """Each operation's fields of the right type (a path is text, values an object, no
    number where text belongs), each character within a character file's limits, and
    at most MAX_OPERATIONS of them: a DocumentError naming the field, before any replay."""
    if len(operations) > MAX_OPERATIONS:
        raise DocumentError(path, f"{len(operations):,} operations (at most "
                                  f"{MAX_OPERATIONS:,})", "operations")
    for index, op in enumerate(operations):
        for name, value in op.items():
            where = f"operations.{index}.{name}"
            allowed = FIELD_TYPES.get(name)
            if allowed is None:  # the rules' own fields are theirs to check
                continue
            if isinstance(value, bool) or not isinstance(value, allowed):
                kinds = " or ".join("null" if t is type(None) else _KIND[t] for t in allowed)
                raise DocumentError(path, f"must be {kinds}, not {type(value).__name__}",
                                    where)
            if name == "keys" and not all(isinstance(key, str) for key in value):
                raise DocumentError(path, "must be a list of names", where)
            if name == "character":
                check_structure(value, path)


_KIND = {str: "text", int: "a whole number", dict: "an object", list: "a list"}


def encounter_to_text(encounter: Encounter) -> str:
    import json

    return json.dumps(encounter_to_data(encounter), indent=1, ensure_ascii=False) + "\n"


def save_encounter(path: str | Path, encounter: Encounter) -> None:
    """Save atomically, keeping the previous file as ``NAME.bak``."""
    atomic_write_text(path, encounter_to_text(encounter))
