"""Character models build their validators on first use (desktop.model.strict): reading
a file builds its model's validator once, parts included, and leaves the parts' own
validators unbuilt until a part is validated alone."""

from __future__ import annotations

import pytest

READ = """
import json, sys
from desktop.systems.files import load_character
from desktop.systems.pow.rules import character as model
parts = ("Stats", "Weapon", "Special")
made = {"character": model.PowCharacter.__pydantic_complete__,
        "parts": [getattr(model, name).__pydantic_complete__ for name in parts]}
loaded = load_character(sys.argv[1])
read = {"character": model.PowCharacter.__pydantic_complete__,
        "parts": [getattr(model, name).__pydantic_complete__ for name in parts],
        "name": loaded.name, "specials": len(loaded.specials)}
special = model.Special.model_validate(loaded.specials[0].model_dump())
try:
    model.Special.model_validate({**loaded.specials[0].model_dump(), "colour": "red"})
    refused = False
except Exception:
    refused = True
print(json.dumps({"made": made, "read": read, "same": special == loaded.specials[0],
                  "refused": refused}))
"""


@pytest.mark.slow
def test_a_character_model_is_built_when_a_file_is_read(child_json) -> None:
    from desktop.paths import resource

    result = child_json(READ, str(resource("pow", "characters", "electrobabe.sheetdesk")))
    assert result["made"] == {"character": False, "parts": [False, False, False]}
    assert result["read"]["character"] is True and result["read"]["parts"] == [False] * 3
    assert result["read"]["name"] and result["read"]["specials"] >= 1
    # a part validated alone builds its own validator, as strict as before
    assert result["same"] and result["refused"]
