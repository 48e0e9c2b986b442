"""Powers data: the components' texts match the model's choices; our example powers."""

from __future__ import annotations

import json
import shutil

import pytest

from desktop.model.errors import DocumentError
from desktop.paths import resource
from desktop.systems.book_data import BookData
from desktop.systems.powers.rules import catalog
from desktop.systems.powers.rules.components import (
    COMPONENT_KINDS,
    DAMAGE_TYPES,
    DURATIONS,
    MODIFIERS,
    RANGES,
    SPEEDS,
)


def test_every_choice_has_its_text_and_no_more() -> None:
    texts = catalog.component_texts()
    assert tuple(c.id for c in texts.components) == COMPONENT_KINDS
    assert tuple(c.id for c in texts.speeds) == SPEEDS
    assert tuple(c.id for c in texts.ranges) == RANGES
    assert tuple(c.id for c in texts.durations) == DURATIONS
    assert tuple(c.id for c in texts.damage_types) == DAMAGE_TYPES
    assert {k: tuple(c.id for c in v) for k, v in texts.modifiers.items()} == MODIFIERS
    assert catalog.label("range", "no_los") == "No LoS"
    assert catalog.label("speeds", "ftl") == "FTL"
    assert catalog.label("count", "x") == "x"  # a record's tuple methods are no group


def test_the_example_powers() -> None:
    names = [p.name for p in catalog.example_powers()]
    assert catalog.example_power_names() == names
    assert {"Blammo Cannon", "Super-Slap", "Mind Shield"} <= set(names)
    assert len(names) == len(set(names)) >= 10
    kinds = {c.kind for p in catalog.example_powers() for c in p.components}
    assert kinds == set(COMPONENT_KINDS)
    copy = catalog.example_power("Super-Slap")
    copy.name = "Changed"
    assert catalog.example_power("Super-Slap").name == "Super-Slap"


def test_a_broken_example_power_is_named_by_its_place(tmp_path) -> None:
    shutil.copytree(resource("powers"), tmp_path / "powers")
    path = tmp_path / "powers" / "powers.json"
    data = json.loads(path.read_text(encoding="utf-8"))
    data["powers"][3]["power"]["name"] = 5
    path.write_text(json.dumps(data), encoding="utf-8")
    with pytest.raises(DocumentError, match=r"powers\.3\.power\.name"):
        BookData("powers", tmp_path / "powers").load(catalog.PowerCatalog, "powers.json")


def test_a_misspelt_key_in_the_component_texts_is_refused_and_named(tmp_path) -> None:
    shutil.copytree(resource("powers"), tmp_path / "powers")
    path = tmp_path / "powers" / "components.json"
    data = json.loads(path.read_text(encoding="utf-8"))
    data["modifiers"]["move"][1]["lable"] = data["modifiers"]["move"][1].pop("label")
    path.write_text(json.dumps(data), encoding="utf-8")
    with pytest.raises(DocumentError) as caught:
        BookData("powers", tmp_path / "powers").load(catalog.ComponentTexts, "components.json")
    assert (caught.value.where, caught.value.what) == ("modifiers.move.1.lable", "unknown key")


def test_example_characters() -> None:
    assert set(catalog.example_characters()) >= {"bob", "dave", "nigel"}
