"""POW! book data: every file loads, its numbers are the book's, the user library works."""

from __future__ import annotations

import itertools
import json
from collections.abc import Iterator
from pathlib import Path

import pytest

from desktop.model.errors import DocumentError
from desktop.systems.book_data import BookData
from desktop.systems.pow.rules import catalog, npcs
from desktop.systems.pow.rules.character import STATS, Armor, PowCharacter, Special, Weapon
from desktop.systems.pow.rules.derived import derive

_CACHED = (catalog.BOOK, catalog._specials, catalog._weapons, catalog._armor,
           npcs._npcs, catalog.tables)


@pytest.fixture
def fresh_cache() -> Iterator[None]:
    for loader in _CACHED:
        loader.cache_clear()
    yield
    for loader in _CACHED:
        loader.cache_clear()


def by_name(items: list, name: str):
    matches = [item for item in items if item.name == name]
    assert len(matches) == 1, f"{name}: {len(matches)} entries"
    return matches[0]


# ---------------------------------------------------------------- book files


def test_every_book_file_loads_and_validates() -> None:
    assert all(isinstance(s, Special) for s in catalog.specials())
    assert all(isinstance(a, Armor) for a in catalog.armor())
    assert all(isinstance(w, Weapon) for w in catalog.weapons())
    assert all(isinstance(n, PowCharacter) for n in npcs.npcs())
    assert catalog.tables().book == "POW! Core Rules v1.01"
    assert set(catalog.example_characters()) == {"electrobabe", "sparky", "cutter"}


def _has_path(data: object, dotted: str) -> bool:
    for part in dotted.split("."):
        if not isinstance(data, dict) or part not in data:
            return False
        data = data[part]
    return True


def test_every_book_entry_names_its_source_and_only_real_fields_as_ours() -> None:
    for name, key in (("specials.json", "specials"), ("weapons.json", "weapons"),
                      ("armor.json", "armor"), ("npcs.json", "npcs")):
        for item, entry, where in catalog._entries(name, key):
            assert entry.source, f"{name} {where} has no source"
            data = item["character"] if key == "npcs" else catalog._fields(item)
            for dotted in entry.ours:
                assert _has_path(data, dotted), f"{name} {where}: 'ours' names {dotted!r}"
            if entry.ours:
                assert entry.note, f"{name} {where}: fields are ours but there is no note"


def test_catalog_hands_out_copies() -> None:
    catalog.specials()[0].name = "Changed"
    npcs.npcs()[0].attributes.agility = 5
    assert catalog.specials()[0].name == "Ambidexterity"
    assert npcs.npcs()[0].attributes.agility == 2


def test_ambidexterity_is_the_books() -> None:
    special = by_name(catalog.specials(), "Ambidexterity")
    assert (special.stat, special.minimum, special.purchase_cost, special.pool_cost,
            special.action_cost, special.upgrade_cost) == ("agility", 3, 2, 0, 0, 1)
    assert special.effect.startswith("The character can wield two one-handed weapons")
    assert special.effect.endswith("Both actions affect the same target.")
    assert "a knife and a pickle" in special.effect
    assert special.upgrade_effect == (
        "The character can attack two separate targets in range, simultaneously, "
        "spending one action, even if the two weapons are different.")


def test_burst_of_strength_is_the_books() -> None:
    special = by_name(catalog.specials(), "Burst of Strength")
    assert (special.stat, special.minimum, special.purchase_cost, special.pool_cost,
            special.action_cost, special.upgrade_cost) == ("brawn", 2, 2, 4, 1, 3)
    assert special.effect.startswith("The character can temporarily (but immediately) "
                                     "boost Brawn by a number equal to a d6 roll.")
    assert special.upgrade_effect.startswith("As above, but add 2d6 points of Brawn")
    assert '"die-double"' in special.upgrade_effect


def test_lightning_power_marks_what_is_ours() -> None:
    book = {c.special.name: c for c in catalog.all_specials() if c.origin == "book"}
    lightning = book["Lightning Power"]
    assert lightning.special.stat == "energy"
    assert lightning.special.pool_cost == 10
    assert "1d6 damage per point of Energy" in lightning.special.effect
    assert {"minimum", "purchase_cost", "action_cost"} <= set(lightning.entry.ours)
    assert "pool_cost" not in lightning.entry.ours
    assert lightning.entry.source.startswith("Sample of Gameplay")
    # Energy at the minimum must afford one use: the pool pays the 10 points.
    assert lightning.special.minimum ** 2 >= lightning.special.pool_cost


def test_armor_is_the_books() -> None:
    items = catalog.armor()
    spiked = by_name(items, "Spiked Padded Armor")
    assert (spiked.frame_rating, spiked.damage_rating, spiked.cost) == (3, 20, "3 Gold Shils")
    assert spiked.description == ("Cheap padded armor with some spikes at the shoulders and "
                                  "wrists. Quite uncomfortable.")
    cowboy = by_name(items, "Suburban Cowboy Getup")
    assert (cowboy.frame_rating, cowboy.damage_rating, cowboy.cost) == (5, 70, "$300")
    assert cowboy.description.startswith("Don't break my achy-breaky heart")
    variant = by_name(items, "Suburban Cowboy Getup (80%)")
    assert (variant.frame_rating, variant.damage_rating, variant.cost) == (4, 56, "$240")
    assert variant.description == cowboy.description
    assert items.index(variant) == items.index(cowboy) + 1


def test_weapons_are_the_books() -> None:
    items = catalog.weapons()
    club = by_name(items, "Club")
    assert (club.damage, club.adds_brawn, club.ranged) == (2, True, False)
    assert by_name(items, "Club (Armor Demo)").damage == 4
    teeth = by_name(items, "Teeth")
    assert (teeth.damage, teeth.adds_brawn, teeth.ranged) == (3, True, False)
    knife = by_name(items, "Throwing Knife")
    assert (knife.damage, knife.adds_brawn, knife.ranged) == (1, True, True)
    assert knife.base_range_ft is not None and knife.base_range_ft > 0


# ---------------------------------------------------------------- tables


def test_difficulty_scale() -> None:
    table = catalog.tables().difficulty
    assert [(r.value, r.name) for r in table.rows] == [
        (0, "Infantile"), (5, "Easy"), (10, "Average"), (15, "Hard"), (20, "Impossible")]
    hard = table.rows[3]
    assert hard.text == "The action is actually quite difficult."
    average = table.rows[2]
    assert average.text == "Just about anyone can do it, given time."
    assert average.key_chart_text == "Chances of success are close to 50/50."
    assert "50/50" in table.note
    assert table.basic_concept.fits == 5


def test_difficulty_modifiers() -> None:
    rows = {m.name: m for m in catalog.tables().modifiers.rows}
    assert list(rows) == ["Cooperation", "Bad Weather", "Darkness & Light", "Distractions",
                          "Prone", "Simultaneous Actions", "Size Modifier", "Surprise"]
    cooperation = rows["Cooperation"].effects[0]
    assert (cooperation.value, cooperation.per, cooperation.limit) == (-1, "ally", -5)
    assert [e.value for e in rows["Bad Weather"].effects] == [5, 10]
    assert [e.value for e in rows["Darkness & Light"].effects] == [5, 10, 5, 10]
    assert rows["Distractions"].effects[-1].or_more
    assert [e.value for e in rows["Prone"].effects] == [5, -5]
    assert rows["Prone"].actions_to_recover == 1
    assert [e.value for e in rows["Simultaneous Actions"].effects] == [5]
    assert [e.value for e in rows["Surprise"].effects] == [-5]
    # The book's own examples: human (0) vs ogre (+1) → −1; ogre (+1) vs dog (−1) → +2.
    size = rows["Size Modifier"].effects[0].value
    assert size * (1 - 0) == -1
    assert size * (-1 - 1) == 2


def test_size_categories() -> None:
    rows = catalog.tables().size_categories.rows
    assert [r.category for r in rows] == list(range(-5, 6))
    tiny = rows[2]
    assert (tiny.category, tiny.description, tiny.height) == (-3, "Tiny", '6-12"')
    assert tiny.examples == ("rat", "bird", "kitten", "pixie")
    assert rows[5].description == "Average" and "human" in rows[5].examples
    assert rows[-1].description == "Gargantuan" and rows[-1].max_ft is None
    for lower, upper in itertools.pairwise(rows):
        assert lower.max_ft == upper.min_ft


def test_score_and_experience_scales() -> None:
    tables = catalog.tables()
    names = ["Inept", "Average", "Above Average", "Great", "Ultra", "Super"]
    for table in (tables.stat_scores, tables.character_experience, tables.player_experience):
        assert [(r.value, r.name) for r in table.rows] == list(enumerate(names))
    assert tables.stat_scores.rows[0].text.startswith("Can't tie your shoes")
    assert tables.character_experience.rows[5].text == "Literally saved the world."
    assert tables.player_experience.rows[1].text == "Showed up, rolled dice, nothing special."


def test_awards_and_die_o_fate() -> None:
    tables = catalog.tables()
    assert tables.awards.dice == "2d6"
    assert [r.roll for r in tables.awards.rows] == list(range(2, 13))
    assert tables.awards.result(7).name == "Cold, Hard Cash"
    assert tables.awards.result(7).text.startswith("2d6x100 units")
    assert tables.awards.result(2).name == "Transportation"
    assert tables.awards.result(12).name == "Keys to the City"
    assert tables.die_o_fate.dice == "1d6"
    assert [r.roll for r in tables.die_o_fate.rows] == list(range(1, 7))
    assert tables.die_o_fate.result(6).text == "Off the hook. The Foul goes unpunished."
    assert tables.die_o_fate.result(4).text == "Apologize in pig-latin."
    with pytest.raises(KeyError):
        tables.die_o_fate.result(7)


def test_scars_and_wounds_cover_every_stat() -> None:
    rows = catalog.tables().scars_and_wounds.rows
    assert set(rows) == set(STATS)
    assert rows["agility"] == ("The character develops a limp, muscle twitch or other "
                               "noticeable affliction.")


def test_combat_numbers_agree_with_the_rules() -> None:
    tables = catalog.tables()
    combat = tables.combat_difficulty
    assert (combat.surprised, combat.normal, combat.dodging, combat.dodge_action_cost) == (
        5, 10, 15, 1)
    agility = 3
    hit = derive(PowCharacter(attributes={"agility": agility})).to_hit_difficulty
    assert hit == {"surprised": agility + combat.surprised, "normal": agility + combat.normal,
                   "dodging": agility + combat.dodging}
    ranged = tables.ranged
    assert (ranged.base_range_difficulty, ranged.per_multiple, ranged.point_blank) == (
        10, 5, -5)


# ---------------------------------------------------------------- broken book data


def test_a_broken_book_file_is_a_one_line_document_error(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, fresh_cache: None
) -> None:
    (tmp_path / "specials.json").write_text(
        json.dumps({"specials": [{"name": "X", "stat": "luck", "source": "nowhere"}]}),
        encoding="utf-8")
    monkeypatch.setattr(catalog, "BOOK", BookData("pow", root=tmp_path))
    with pytest.raises(DocumentError) as caught:
        catalog.specials()
    message = str(caught.value)
    assert "\n" not in message
    assert "specials.0.stat" in message and "specials.json" in message


def _broken_tables(tmp_path: Path, monkeypatch: pytest.MonkeyPatch, change) -> str:
    """The error reading tables.json after ``change`` edits a copy of it."""
    data = json.loads(BookData("pow").path("tables.json").read_text(encoding="utf-8"))
    change(data)
    (tmp_path / "tables.json").write_text(json.dumps(data), encoding="utf-8")
    monkeypatch.setattr(catalog, "BOOK", BookData("pow", root=tmp_path))
    with pytest.raises(DocumentError) as caught:
        catalog.tables()
    message = str(caught.value)
    assert "\n" not in message and "tables.json" in message
    return message


def _misspell(data: dict) -> None:
    data["modifiers"]["rows"][1]["effects"][0]["vlaue"] = data["modifiers"]["rows"][1][
        "effects"][0].pop("value")


@pytest.mark.parametrize(("change", "where", "what"), [
    (_misspell, "modifiers.rows.1.effects.0.vlaue", "unknown key"),
    (lambda data: data["ranged"].pop("point_blank"), "ranged.point_blank", "missing"),
    (lambda data: data["awards"]["rows"][0].update(roll="2"), "awards.rows.0.roll",
     "expected a whole number"),
    (lambda data: data["size_categories"]["rows"][0].update(category=-6),
     "size_categories.rows.0.category", "must be at least -5, not -6"),
    (lambda data: data["scars_and_wounds"]["rows"].update(luck="Unlucky."),
     "scars_and_wounds.rows.luck", "expected one of 'agility'"),
])
def test_a_broken_tables_file_is_refused_where_it_is_broken(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, fresh_cache: None,
    change, where: str, what: str,
) -> None:
    message = _broken_tables(tmp_path, monkeypatch, change)
    assert f"tables.json: {where}: {what}" in message


# ---------------------------------------------------------------- user library


def _homebrew() -> list[Special]:
    return [Special(name="Iron Nails", stat="damage", minimum=2, purchase_cost=1,
                    pool_cost=2, action_cost=0, effect="Her nails never break.",
                    upgrade_cost=2, upgrade_effect="Nor chip.")]


def test_missing_user_library_is_empty() -> None:
    assert not catalog.user_specials_path().exists()
    assert catalog.load_user_specials() == []
    assert [c.origin for c in catalog.all_specials()] == ["book"] * len(catalog.specials())


def test_user_library_round_trip() -> None:
    path = catalog.save_user_specials(_homebrew())
    assert path == catalog.user_specials_path()
    assert path.parent.name == "pow"
    assert json.loads(path.read_text(encoding="utf-8"))["format"] == "sheetdesk.specials"
    assert catalog.load_user_specials() == _homebrew()
    combined = catalog.all_specials()
    assert [c.special.name for c in combined if c.origin == "user"] == ["Iron Nails"]
    assert [c.origin for c in combined] == ["book"] * len(catalog.specials()) + ["user"]

    catalog.save_user_specials([])
    assert catalog.load_user_specials() == []
    assert path.with_name(path.name + ".bak").exists()


@pytest.mark.parametrize("text, where", [
    ("{not json", "not JSON"),
    ('{"format": "sheetdesk.character", "version": 1, "system": "pow"}',
     "not a Sheetdesk Specials library file"),
    ('{"format": "sheetdesk.specials", "version": 1, "system": "pow", '
     '"specials": [{"name": "X", "stat": "luck"}]}', "specials.0.stat"),
])
def test_a_broken_user_library_is_reported_and_left_alone(text: str, where: str) -> None:
    path = catalog.user_specials_path()
    path.parent.mkdir(parents=True)
    path.write_text(text, encoding="utf-8")
    with pytest.raises(DocumentError) as caught:
        catalog.load_user_specials()
    message = str(caught.value)
    assert "\n" not in message and where in message and str(path) in message
    with pytest.raises(DocumentError):
        catalog.all_specials()
    assert path.read_text(encoding="utf-8") == text
    assert list(path.parent.iterdir()) == [path]


def test_our_example_gear_is_labelled_by_setting_and_valid() -> None:
    """Our own weapons and armor where the book leaves them to a Worldbook."""
    from desktop.systems.pow.rules import catalog as pow_catalog

    weapons = pow_catalog.example_weapons()
    armor = pow_catalog.example_armor()
    assert {s for s, _ in weapons} == {s for s, _ in armor} == {"modern", "fantasy"}
    book = {w.name for w in pow_catalog.weapons()} | {a.name for a in pow_catalog.armor()}
    assert not book & ({w.name for _, w in weapons} | {a.name for _, a in armor})
    assert all(w.base_range_ft for _, w in weapons if w.ranged)
