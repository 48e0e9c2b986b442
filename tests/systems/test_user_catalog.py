"""The shared store of a user's own catalog entries."""

from __future__ import annotations

import pytest
from pydantic import BaseModel, ConfigDict

from desktop.model.errors import DocumentError
from desktop.systems.user_catalog import UserCatalog


class Thing(BaseModel):
    model_config = ConfigDict(extra="forbid")
    name: str
    size: int = 1


STORE = UserCatalog("testgame", {"things": Thing, "others": Thing}, label="things list")


def test_saved_entries_come_back_per_list_and_a_name_is_replaced():
    assert STORE.load().things == [] and STORE.entries("others") == []
    STORE.save("things", Thing(name="Rope", size=1))
    STORE.save("things", Thing(name="Rope", size=3))
    STORE.save("others", Thing(name="Lamp"))
    assert [(t.name, t.size) for t in STORE.entries("things")] == [("Rope", 3)]
    assert [t.name for t in STORE.entries("others")] == ["Lamp"]
    path = STORE.path()
    assert path.parent.name == "testgame" and path.name == "catalog.json"
    text = path.read_text(encoding="utf-8")
    assert '"format": "sheetdesk.catalog"' in text and '"system": "testgame"' in text


@pytest.mark.parametrize("text", [
    "{not json",
    '{"format": "sheetdesk.gear", "version": 1, "system": "testgame"}',
    '{"format": "sheetdesk.catalog", "version": 1, "system": "testgame", '
    '"things": [{"name": 3}]}',
    '{"format": "sheetdesk.catalog", "version": 1, "system": "testgame", "extra": []}',
    '{"format": "sheetdesk.catalog", "version": 9, "system": "testgame"}',
])
def test_a_broken_file_is_reported_skipped_and_never_overwritten(text):
    path = STORE.path()
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(text, encoding="utf-8")
    with pytest.raises(DocumentError):
        STORE.load()
    warnings: list[str] = []
    assert STORE.entries("things", warnings.append) == []
    assert len(warnings) == 1 and warnings[0].startswith("Your things list was skipped: ")
    assert str(path) in warnings[0] and "\n" not in warnings[0]
    with pytest.raises(DocumentError):
        STORE.save("things", Thing(name="Rope"))
    assert path.read_text(encoding="utf-8") == text, "the user's file is left to mend"
