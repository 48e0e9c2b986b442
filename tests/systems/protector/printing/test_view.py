"""The Protector sheet's view: every section of a character worded and computed, the dice
marked as they stand in play."""

from __future__ import annotations

from desktop.model.dice_faces import DieMark
from desktop.systems.protector.printing.view import sheet_view
from desktop.systems.protector.rules import npcs
from desktop.systems.protector.rules.character import ProtectorCharacter
from tests.systems.protector.helpers import arclight_with, sheet_pages


def test_view_of_the_example_hero() -> None:
    view = sheet_view(arclight_with())
    assert (view.name, view.era, view.age) == ("Arclight", "WWII", "20-29")
    assert view.energy_total == 3 and view.energy_ready == 3
    assert [f.text for f in view.energy_dice] == ["d6", "d6", "d6"]
    assert view.energy_note == ("10 to start + 1 conflict − 2 decades − 2 trait dice "
                                "− 2 powers − 2 agents = 3")
    traits = {t.name: t for t in view.traits}
    assert (traits["Machining"].steps, traits["Machining"].note) == (
        "4", "2 from Decades + 2 bought")
    assert traits["Impatient"].steps == "limit 3"
    assert traits["Impatient"].note.startswith("gives 2 skill steps; caps: Tests that need")
    assert traits["Welder"].kind == "Trade" and "deplete" in traits["Welder"].note
    assert [(d.age, d.entry) for d in view.decades] == [
        ("10-19", "Military parent (first tier, d20 14)"),
        ("20-29", "Work (second tier, d20 2)")]
    assert view.decades[0].traits == "Resourceful 1, Discipline 1"
    assert [e.decade for e in view.events] == ["1.1", "1.2", "1.3", "1.4", "2.1", "2.2"]
    assert view.events[1].kind == "Obsession (d8 2)" and view.events[1].powers == "Invention"
    assert view.life_path == "20-29 · life path complete"


def test_powers_show_their_pools_as_built_and_as_dice() -> None:
    powers = {p.name: p for p in sheet_view(arclight_with()).powers}
    invention = powers["Invention"]
    assert invention.kind == "Generate · Invention (invention)"
    assert invention.build == "1×8 (WWII) − 1 for 3 steps = 7 dice: 3d8 4d6"
    assert [f.text for f in invention.dice] == ["d8"] * 3 + ["d6"] * 4
    absorb = powers["Damage absorption"]
    assert absorb.build == "1×8 (WWII) − 1 effect − 2 for 6 steps = 5 dice: 1d10 4d8"
    assert absorb.details.startswith("No Deplete (Freezing cold can damage it). Answers "
                                     "Event 1.4.")
    latent = powers["Senses that can't be impeded"]
    assert latent.build.startswith("latent") and latent.dice == () and latent.depleted == "—"


def test_agents_show_build_dice_traits_and_pool() -> None:
    agents = {a.name: a for a in sheet_view(arclight_with()).agents}
    lance = agents["Arc Lance"]
    assert lance.kind == "Equipment: Weapon"
    assert lance.build == ("1×7 (Invention's pool) − 2 for traits − 1 for a property "
                           "= 4 dice: 3d8 1d6")
    assert lance.details.startswith("Damage 2 steps (weapon); Ranged.")
    assert [f.text for f in lance.dice] == ["d8"] * 3 + ["d6"] and lance.depleted == "0"


def test_depleted_damaged_and_awarded_dice_are_marked() -> None:
    hero = arclight_with(energy={"depleted": 1, "damaged": 1, "awarded": 2})
    data = hero.model_dump()
    data["agents"][0] |= {"depleted": 2, "damaged": 1}
    data["powers"][1] |= {"depleted": 1}
    view = sheet_view(ProtectorCharacter.model_validate(data))
    assert [f.mark for f in view.energy_dice] == [
        DieMark.READY, DieMark.DEPLETED, DieMark.AWARDED, DieMark.AWARDED, DieMark.DAMAGED]
    assert (view.energy_ready, view.depleted, view.damaged, view.awarded) == (1, 1, 1, 2)
    lance = view.agents[0]
    assert [f.mark for f in lance.dice].count(DieMark.DEPLETED) == 2
    assert lance.dice[-1].mark is DieMark.DAMAGED and lance.depleted == "2 (+1 damaged)"
    invention = view.powers[1]
    # A stepped-up die that depletes goes back to the table as a d6 (Depletion).
    assert (invention.dice[-1].text, invention.dice[-1].mark) == ("d6", DieMark.DEPLETED)
    text = sheet_pages(ProtectorCharacter.model_validate(data))[0]
    assert "2 awarded" in text and "2 (+1 damaged)" in text


def test_book_pools_of_the_kaiser_and_the_visionary() -> None:
    kaiser = {p.name: p for p in sheet_view(npcs.npc("Kaiser Überlegen")).powers}
    assert kaiser["Super Intelligence"].build.endswith("= 7 dice: 3d20 4d12")  # 7d 24 Steps
    assert kaiser["Super Strength"].build.endswith("= 3 dice: 3d20")  # 3d 12 Steps
    visionary = sheet_view(npcs.npc("The Visionary"))
    powers = {p.name: p for p in visionary.powers}
    assert powers["Flight"].build.endswith("= 3 dice: 3d8×10")  # 3d 96 Steps (3d8x10)
    assert powers["See Through Time"].build.endswith("= 1 die: 1d4×100")
    assert all(f.higher for f in powers["Flight"].dice)
    assert visionary.energy_total == 30 and len(visionary.energy_dice) == 30
    assert visionary.energy_note == "30 as the GM sets them (NPC)"


def test_an_overspent_hero_prints_no_dice_and_says_so() -> None:
    hero = arclight_with(energy_pool=2)
    view = sheet_view(hero)
    assert view.energy_total < 0 and view.energy_dice == ()
    text = sheet_pages(hero)[0]
    assert "overspent" in text and f"= {view.energy_total}" in text
