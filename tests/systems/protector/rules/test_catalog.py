"""Protector book data: every file loads, the tables are the book's, edges look up right."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
from pydantic import BaseModel

from desktop.model.errors import DocumentError
from desktop.systems.book_data import BookData
from desktop.systems.protector.rules import catalog, npcs
from desktop.systems.protector.rules.character import (
    EQUIPMENT_TYPES,
    ERAS,
    EVENT_TYPES,
    POWER_CATEGORIES,
    Agent,
    Effect,
    ProtectorCharacter,
)
from desktop.systems.protector.rules.ledger import agent_pool


def test_every_book_file_loads() -> None:
    assert [e.id for e in catalog.era_table().eras] == list(ERAS)
    assert catalog.lifepath_tables().starting_pool.dice == 10
    assert [c.id for c in catalog.power_tables().categories] == list(POWER_CATEGORIES)
    assert [r.id for r in catalog.lifepath_tables().events.rows] == list(EVENT_TYPES)
    assert [t.id for t in catalog.agent_rules().equipment_types] == list(EQUIPMENT_TYPES)
    assert len(catalog.equipment_catalog().equipment) == 24
    assert {c.name for c in npcs.npcs()} == {
        "Slavers", "Slaver Sky Ship", "Mad Maker", "Crusader", "The Visionary",
        "Kaiser Überlegen", "Jager Legion Robots", "Pyromane"}
    assert set(catalog.example_characters()) == {"arclight"}


def test_power_dice_per_energy_die_by_era() -> None:
    per_die = {e.id: e.dice_per_die for e in catalog.era_table().eras}
    assert per_die == {"wwi": 6, "golden_age": 5, "wwii": 8, "misfits": 3,
                       "coming_menace": 3, "coming_menace_after": 6}
    assert "3d/5d" in catalog.era_table().note  # the printed conflict is explained


def test_book_tables_are_plain_records() -> None:
    """The tables are NamedTuples (cheap to declare as a character opens); only the
    character's own parts inside them (trait grants, equipment traits) are models."""
    declared = [v for v in vars(catalog).values()
                if isinstance(v, type) and v.__module__ == catalog.__name__]
    assert len(declared) == 32
    assert all(issubclass(kind, tuple) and hasattr(kind, "_fields") for kind in declared)
    assert not any(issubclass(kind, BaseModel) for kind in declared)


def _broken(tmp_path: Path, name: str, change: Any) -> str:
    """The error reading a copy of book file ``name`` after ``change(data)``."""
    data = json.loads(catalog.BOOK.path(name).read_text(encoding="utf-8"))
    change(data)
    (tmp_path / name).write_text(json.dumps(data), encoding="utf-8")
    kinds = {"eras.json": catalog.EraTable, "lifepath.json": catalog.LifePathTables,
             "equipment.json": catalog.EquipmentCatalog}
    with pytest.raises(DocumentError) as caught:
        BookData("protector", root=tmp_path).load(kinds[name], name)
    return str(caught.value)


@pytest.mark.parametrize(("name", "change", "place", "what"), [
    ("eras.json", lambda d: d["eras"][2].update(yeers="1939"), "eras.2.yeers",
     "unknown key"),
    ("eras.json", lambda d: d["eras"][0].pop("dice_per_die"), "eras.0.dice_per_die",
     "missing"),
    ("eras.json", lambda d: d["eras"][1].update(id="atomic"), "eras.1.id", "expected one of"),
    ("lifepath.json", lambda d: d["events"]["rows"][0].update(roll="1"),
     "events.rows.0.roll", "expected a whole number"),
    # A trait grant is the character model's own: the model checks it.
    ("lifepath.json", lambda d: d["decades"]["first_tier"]["rows"][0]["traits"][0].update(
        steps="x"), "decades.first_tier.rows.0.traits.0.steps", "Input should be a valid integer"),
    ("equipment.json", lambda d: d["equipment"][3].update(types=["laser"]),
     "equipment.3.types.0", "expected one of"),
    # The ranges the book prints: rolls on their dice, costs and pools never negative.
    ("lifepath.json", lambda d: d["decades"]["first_tier"]["rows"][0].update(low=0),
     "decades.first_tier.rows.0.low", "must be at least 1, not 0"),
    ("lifepath.json", lambda d: d["decades"]["second_tier"]["rows"][0].update(high=21),
     "decades.second_tier.rows.0.high", "must be at most 20, not 21"),
    ("lifepath.json", lambda d: d["events"]["rows"][0].update(roll=9),
     "events.rows.0.roll", "must be at most 8, not 9"),
    ("eras.json", lambda d: d["eras"][0].update(dice_per_die=-1), "eras.0.dice_per_die",
     "must be at least 0, not -1"),
    ("equipment.json", lambda d: d["equipment"][0].update(pool=-2), "equipment.0.pool",
     "must be at least 0, not -2"),
])
def test_a_broken_book_file_is_refused_where_it_is_wrong(
        tmp_path: Path, name: str, change: Any, place: str, what: str) -> None:
    message = _broken(tmp_path, name, change)
    assert message.startswith(f"{tmp_path / name}: {place}: {what}"), message


@pytest.mark.parametrize(("roll", "name"), [
    (1, "School"), (8, "School"), (9, "Life on the street"), (10, "Life on the street"),
    (11, "Child performer"), (12, "From a different land"), (13, "From a different land"),
    (14, "Military parent"), (16, "Military parent"), (17, "Groomed for sports"),
    (18, "Groomed for sports"), (19, "Wealthy parents"), (20, "Raised in secret"),
])
def test_first_tier_edges(roll: int, name: str) -> None:
    assert catalog.lifepath_tables().decades.first_tier.for_roll(roll).name == name


@pytest.mark.parametrize(("roll", "name"), [
    (1, "Work"), (6, "Work"), (7, "College"), (12, "College"), (13, "Life of crime"),
    (14, "War"), (18, "War"), (19, "In a band"), (20, "Travel"),
])
def test_second_tier_edges(roll: int, name: str) -> None:
    assert catalog.lifepath_tables().decades.second_tier.for_roll(roll).name == name


def test_decade_tables_cover_the_d20_once() -> None:
    decades = catalog.lifepath_tables().decades
    for table in (decades.first_tier, decades.second_tier):
        covered = [n for row in table.rows for n in range(row.low, row.high + 1)]
        assert sorted(covered) == list(range(1, 21))
        assert table.dice == "1d20"
    with pytest.raises(KeyError):
        decades.first_tier.for_roll(21)


def test_decade_traits_as_printed() -> None:
    first = catalog.lifepath_tables().decades.first_tier
    school = [(g.type, g.name, g.steps) for g in first.named("school").traits]
    assert school == [("skill", "Reading and Writing", 1), ("skill", "Math", 1),
                      ("attribute", "Fitness", 1)]
    sports = first.named("Groomed for sports").traits[1]
    assert sports.name == "" and sports.options == ["Strength", "Agility"]
    street = first.named("Life on the street")
    assert street.traits[0].name == "Sleight of Hand" and "Slight of Hand" in street.printed
    second = catalog.lifepath_tables().decades.second_tier
    work = second.named("Work").traits
    assert (work[0].type, work[0].name, work[0].steps, work[0].prompt) == (
        "skill", "", 2, "a trade")
    assert work[1].options == ["Strength", "Reflexes", "Organization"]
    assert [(g.name, g.steps) for g in second.named("War").traits] == [("Soldier", 2)]
    # Each row's traits restate its printed line: every name and step count is in it.
    for table in (first, second):
        for row in table.rows:
            for grant in row.traits:
                assert f"{grant.steps} Step" in row.printed
                for name in grant.options or ((grant.name,) if grant.name else ()):
                    assert name in row.printed or name == "Sleight of Hand"


def test_event_table() -> None:
    events = catalog.lifepath_tables().events
    assert events.for_roll(1).name == "Trauma" and "Trama" in events.for_roll(1).note
    assert events.for_roll(8).id == "healing"
    assert events.by_id("loss").roll == 3
    with pytest.raises(KeyError):
        events.for_roll(9)


@pytest.mark.parametrize(("category", "dice", "first", "last"), [
    ("control", "1d10", "Shapeshifting or transmutation", "Animate objects"),
    ("escape", "1d6", "Invisibility", "Blinding flash"),
    ("freedom", "1d8", "Flight", "Stick to surfaces"),
    ("generate", "1d4", "Energy beam", "Invention"),
    ("harm", "1d4", "Weapon generated by character", "Poison/Venom"),
    ("impair", "1d6", "Make surfaces slippery or sticky", "Deplete the strength of materials"),
    ("perception", "1d12", "See through solid objects", "See strengths and weaknesses"),
    ("protection", "1d6", "Resilience", "Senses that can't be impeded"),
])
def test_application_tables(category: str, dice: str, first: str, last: str) -> None:
    table = catalog.power_tables().category(category).applications
    sides = int(dice.removeprefix("1d"))
    assert table.dice == dice and [r.roll for r in table.rows] == list(range(1, sides + 1))
    assert table.for_roll(1).name == first and table.for_roll(sides).name == last
    assert all(row.text for row in table.rows)  # the Powers Appendix's description


def test_categories_without_a_table() -> None:
    tables = catalog.power_tables()
    assert tables.for_roll(1).id == "amplification" and tables.for_roll(10).id == "protection"
    for category in ("amplification", "heal"):
        table = tables.category(category).applications
        assert table.dice is None and table.rows == () and table.note
    assert "rest phase" in tables.category("heal").appendix
    assert tables.steps.pool_dice == 1 and tables.steps.steps == 3
    assert tables.activation.minimum_dice == 1


def test_effects_and_their_prerequisites() -> None:
    effects = {e.name: e for e in catalog.effect_table().effects}
    assert list(effects) == [
        "Fast Burn", "Ranged", "Long Ranged", "Area", "Large Area", "Huge Area", "No Deplete",
        "Self and Others", "Immunity", "Reactionary", "Single Use", "Limit"]
    assert {n: e.requires for n, e in effects.items() if e.requires} == {
        "Long Ranged": "Ranged", "Large Area": "Area", "Huge Area": "Large Area"}
    assert {n for n, e in effects.items() if e.cost < 0} == {"Single Use", "Limit"}
    assert all(e.cost in (1, -1) for e in effects.values())
    assert {e.name for e in catalog.equipment_properties()} == {
        "Fast Burn", "No Deplete", "Ranged", "Long Ranged", "Area", "Large Area", "Huge Area",
        "Single Use", "Limit"}
    assert len(catalog.power_effects()) == 12
    assert catalog.effect("fast burn") is effects["Fast Burn"]
    assert catalog.effect("Laser Sight") is None


def test_trait_types_and_agent_rules() -> None:
    traits = catalog.trait_table()
    assert {t.id: t.steps_per_die for t in traits.types} == {
        "skill": 4, "attribute": 2, "trade": None, "conditional": 3, "limit": None}
    assert traits.type("trade").free_steps == 3 and traits.type("limit").limit_start == 5
    rules = catalog.agent_rules()
    assert rules.dice_per_energy_die == 6
    assert (rules.trait_cost.agent, rules.trait_cost.character) == (1, 2)
    assert catalog.conflict_table().difficulty == "2d8"
    assert len(catalog.conflict_table().examples) == 6


@pytest.mark.parametrize("item", catalog.equipment_catalog().equipment, ids=lambda i: i.name)
def test_every_printed_cost_is_pool_plus_traits_and_properties(item) -> None:
    """Built with exactly its printed Cost in build dice, the item's pool is the printed
    System Pool: the book's costs follow the agent rules (1 a step, 2 a character-trait
    step, 1 a property, Single Use gives one back)."""
    agent = Agent(name=item.name, types=list(item.types), gained_dice=item.cost,
                  traits=list(item.traits), properties=[Effect(name=p) for p in item.properties])
    pool = agent_pool(ProtectorCharacter(), agent, 0, ())
    assert pool.pool == item.pool
    assert pool.cost == item.cost


def test_equipment_agent_buys_whole_energy_dice() -> None:
    rifle = catalog.equipment_agent("rifle")
    assert rifle.energy_dice == 1 and rifle.types == ["weapon"]
    assert [(t.type, t.name, t.steps) for t in rifle.traits] == [
        ("weapon", "Damage", 2), ("character", "Accuracy", 1)]
    assert catalog.equipment_agent("Light Airplane").energy_dice == 3  # cost 15
    assert catalog.equipment_agent("Home", energy_dice=4).energy_dice == 4
    with pytest.raises(KeyError, match="no equipment named 'Ray Gun'"):
        catalog.equipment_item("Ray Gun")


def test_copies_do_not_change_the_catalog() -> None:
    first = npcs.npc("The Visionary")
    first.powers.clear()
    assert len(npcs.npc("the visionary").powers) == 5
    grants = catalog.lifepath_tables().decades.first_tier.for_roll(1).grants()
    grants[0].name = "Changed"
    assert catalog.lifepath_tables().decades.first_tier.for_roll(1).traits[0].name == (
        "Reading and Writing")


def _has_path(data: object, dotted: str) -> bool:
    for part in dotted.split("."):
        if isinstance(data, list) and part.isdigit() and int(part) < len(data):
            data = data[int(part)]
        elif isinstance(data, dict) and part in data:
            data = data[part]
        else:
            return False
    return True


def test_every_npc_names_its_source_and_only_real_fields_as_ours() -> None:
    for entry in npcs.npc_entries():
        name = entry["character"]["name"]
        assert entry["source"].startswith("NPCs, "), name
        assert entry["character"]["npc"] is True, name
        assert entry["character"]["notes"].startswith("Book: "), name
        for dotted in entry["ours"]:
            assert _has_path(entry["character"], dotted), f"{name}: {dotted}"
