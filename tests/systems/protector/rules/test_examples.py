"""The example hero and the book's NPCs: their pools are the printed ones, their files clean."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from desktop import cli
from desktop.model.dice import Roller
from desktop.model.findings import Severity
from desktop.systems import files
from desktop.systems.protector.rules import catalog, lifepath, npcs
from desktop.systems.protector.rules.character import ProtectorCharacter
from desktop.systems.protector.rules.derived import ProtectorDerived, derive
from tests.systems.protector.helpers import ARCLIGHT_SEED, arclight_choices


def arclight() -> ProtectorCharacter:
    character = files.load_character(catalog.example_characters()["arclight"])
    assert isinstance(character, ProtectorCharacter)
    return character


def errors(derived: ProtectorDerived) -> list[str]:
    return [f.message for f in derived.findings if f.severity is Severity.ERROR]


def pools(name: str) -> dict[str, tuple[int, int, list[str]]]:
    """Each power and agent of an NPC: (pool dice, steps, dice as rolled)."""
    character = npcs.npc(name)
    derived = derive(character)
    out = {p.name: (p.pool, p.steps, [str(d) for d in p.dice]) for p in derived.powers}
    for pool, agent in zip(derived.agents, character.agents, strict=True):
        out[pool.name] = (pool.pool, sum(t.steps for t in agent.traits),
                          [str(d) for d in pool.dice])
    return out


def test_arclight_is_a_clean_starting_hero() -> None:
    character = arclight()
    derived = derive(character)
    assert derived.findings == []
    assert derived.next_step.done
    assert 0 < derived.energy_dice <= 4  # a few dice left to roll in play
    assert derived.ledger.gained == 11 and derived.ledger.spent == 8
    assert derived.power_pools == {
        "Senses that can't be impeded": [],  # latent
        "Invention": ["d8", "d8", "d8", "d6", "d6", "d6", "d6"],
        "Damage absorption": ["d10", "d8", "d8", "d8", "d8"],
    }
    # The book's Wrench and Socket Set: "Cost 3d / System Pool 1d" (Equipment; RULINGS
    # Protector 10): one d6, the 3 build dice beyond the Cost left over.
    # The Arc Lance is an invention of Invention: "the super power's pool plus any dice
    # steps" (Super Inventions): Invention's 3 stepped dice stay, a trait and a property
    # take plain ones.
    assert derived.agent_pools == {"Arc Lance": ["d8", "d8", "d8", "d6"],
                                   "Wrench and Socket Set": ["d6"]}
    arc = derived.agents[0]
    assert arc.dice_per_die == 7  # Invention's pool per energy die (Super Inventions)
    traits = {t.name: t.steps for t in derived.traits}
    assert traits["Machining"] == 4  # 2 from the Work Decade + 2 bought
    assert traits["Welder"] == 3 and traits["Impatient"] == 0
    assert all(event.description for d in character.decades for event in d.events)
    # Saved in the app's canonical form: opening and saving changes nothing.
    path = catalog.example_characters()["arclight"]
    assert files.character_to_text(character) == path.read_text(encoding="utf-8")


def test_arclights_life_path_is_the_generators() -> None:
    generated, _ = lifepath.run(ProtectorCharacter(name="Arclight", era="wwii"),
                                Roller(ARCLIGHT_SEED), arclight_choices)
    saved = arclight()

    def path_of(c: ProtectorCharacter) -> object:
        decades = [(d.tier, d.entry, d.roll, [(g.type, g.name, g.steps) for g in d.traits],
                    d.event_count, [(e.type, e.roll) for e in d.events], d.continuation)
                   for d in c.decades]
        powers = [(p.category, p.category_roll, p.application, p.application_roll, p.event,
                   p.invention) for p in c.powers]
        return decades, c.power_count, powers

    assert path_of(saved) == path_of(generated)


def test_every_npc_is_free_of_error_findings() -> None:
    for character in npcs.npcs():
        derived = derive(character)
        assert character.npc and character.notes, character.name
        assert errors(derived) == [], character.name
        assert derived.next_step.done


def test_the_kaisers_pools() -> None:
    """WWII gives 8 pool dice an energy die: the printed pools follow exactly."""
    kaiser = npcs.npc("Kaiser Überlegen")
    derived = derive(kaiser)
    assert derived.energy_dice == 5
    assert {t.name: t.steps for t in derived.traits} == {
        "Strength": 1, "Discipline": 2, "Intelligent": 1}
    got = pools("Kaiser Überlegen")
    assert got["Super Strength"] == (3, 12, ["d20"] * 3)
    assert got["Super Intelligence"][:2] == (7, 24)
    assert got["Energy Burst"] == (3, 12, ["d20"] * 3)
    assert got["Emotion Control"] == (6, 0, ["d6"] * 6)
    assert got["Flight Boots"][:2] == (4, 12)
    assert got["Slaver Shield"][:2] == (5, 4)
    by_name = {p.name: p for p in derived.powers}
    assert {n: (p.energy_dice, p.dice_per_die, p.gained) for n, p in by_name.items()} == {
        "Super Strength": (1, 8, 0), "Super Intelligence": (2, 8, 0),
        "Energy Burst": (1, 8, 0), "Emotion Control": (1, 8, 0)}
    limit = kaiser.powers[3].effects[-1]
    assert limit.name == "Limit" and "reconstructed" in limit.note
    assert {a.invention_of for a in kaiser.agents} == {"Super Intelligence"}


def test_the_visionarys_pools() -> None:
    """3d 96 Steps (3d8x10) and 1d 112 Steps (1d4x100), on an Energy of 30d."""
    derived = derive(npcs.npc("The Visionary"))
    assert derived.energy_dice == 30
    assert {t.name: t.steps for t in derived.traits} == {"Strength": 8}
    got = pools("The Visionary")
    for name in ("Super Strength", "Resilience", "Flight"):
        assert got[name] == (3, 96, ["1d8x10"] * 3), name
    for name in ("See Through Time", "Remote Viewing"):
        assert got[name] == (1, 112, ["1d4x100"]), name


def test_crusader_in_wwii() -> None:
    derived = derive(npcs.npc("Crusader"))
    assert derived.energy_dice == 5 and derived.era_name == "WWII"
    got = pools("Crusader")
    assert got == {"Super Strength": (3, 12, ["d20"] * 3), "Resilience": (2, 12, ["d20"] * 2),
                   "Flight": (3, 12, ["d20"] * 3)}
    assert all(p.energy_dice == 1 and p.gained == 0 for p in derived.powers)
    assert "garbled" in npcs.npc("Crusader").powers[0].notes


def test_the_other_npcs_have_their_printed_dice() -> None:
    assert derive(npcs.npc("Slavers")).energy_dice == 3
    assert pools("Slavers") == {"Binding Gun": (1, 2, ["d6"]),
                                "Personal Shield": (5, 4, ["d6"] * 5),
                                "Mind Control Collar": (6, 6, ["d6"] * 6)}
    assert pools("Slaver Sky Ship") == {"Shield": (10, 8, ["d6"] * 10),
                                        "Heat Beam": (3, 3, ["d6"] * 3)}
    assert derive(npcs.npc("Slaver Sky Ship")).energy_dice == 10
    maker = pools("Mad Maker")
    assert len(maker) == 3 and all(pool == 8 for pool, _, _ in maker.values())
    assert derive(npcs.npc("Mad Maker")).traits[0].steps == 8
    assert pools("Jager Legion Robots") == {"Armor": (1, 1, ["d6"]),
                                            "Machine Gun Arm": (3, 0, ["d6"] * 3)}
    assert derive(npcs.npc("Jager Legion Robots")).energy_dice == 2
    assert pools("Pyromane")["Fire"][:2] == (7, 12)
    assert derive(npcs.npc("Pyromane")).energy_dice == 6


@pytest.mark.parametrize("which", ["arclight", "Kaiser Überlegen"])
def test_cli_derive_json(which: str, tmp_path: Path, capsys) -> None:
    if which == "arclight":
        path = catalog.example_characters()["arclight"]
    else:
        path = tmp_path / "kaiser.sheetdesk"
        files.save_character(path, npcs.npc(which))
    assert cli.main(["derive", str(path), "--json"]) == 0
    data = json.loads(capsys.readouterr().out)
    for key in ("system", "name", "findings", "energy_dice", "power_pools", "agent_pools"):
        assert key in data, key
    assert data["system"] == "protector"
    assert all({"severity", "message", "rule"} <= set(f) for f in data["findings"])
    if which == "arclight":
        assert data["energy_dice"] == 3 and data["findings"] == []
        assert data["agent_pools"]["Arc Lance"] == ["d8", "d8", "d8", "d6"]
    else:
        assert data["name"] == "Kaiser Überlegen" and data["energy_dice"] == 5
        assert data["power_pools"]["Super Strength"] == ["d20"] * 3
    assert cli.main(["check", str(path)]) == 0
