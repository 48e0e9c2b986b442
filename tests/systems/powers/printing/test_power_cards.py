"""Power cards: one card per power with its components, costs, table, PR, rolls and
fluff; six to a page with crop marks; a power too big for a card goes on to another."""

from __future__ import annotations

import pytest

from desktop.pdf.page import Page
from desktop.systems.powers.printing import power_cards
from desktop.systems.powers.rules.character import PowersCharacter
from tests.systems.powers.printing.helpers import (
    EXAMPLES,
    PAPERS,
    changed_example,
    example,
    pdf_pages,
    render,
    text_positions,
)

TABLE = "Sheetdesk provisional costs v1"


def _cards_pdf(characters: list[PowersCharacter], paper: str = "a4") -> tuple[bytes, int]:
    pages: list[int] = []
    data = render(lambda canvas: pages.append(power_cards.draw_power_cards(
        canvas, characters, Page.of(paper))), paper)  # type: ignore[arg-type]
    return data, pages[0]


@pytest.mark.parametrize("paper", PAPERS)
def test_every_power_gets_a_card_six_to_a_page(paper: str, monkeypatch) -> None:
    marked: list[object] = []
    monkeypatch.setattr(power_cards.marks, "crop_marks",
                        lambda canvas, box: marked.append(box))
    characters = [example(name) for name in EXAMPLES]
    powers = [(c.name, p) for c in characters for p in c.powers]
    data, count = _cards_pdf(characters, paper)
    pages = pdf_pages(data)
    assert count == len(pages) == 2 == -(-len(powers) // power_cards.CARDS_PER_PAGE)
    assert len(marked) == len(powers) == 11
    assert "cut along the corner marks" in pages[0]
    text = " ".join(pages)
    for owner, power in powers:
        assert owner in text
        assert power.name in text and power.fluff in text, power.name
    assert text.count(f"Costs and PR: {TABLE}") == len(powers)
    assert "card 1 of" not in text


@pytest.mark.parametrize("paper", PAPERS)
def test_each_card_stays_inside_its_box(paper: str) -> None:
    page = Page.of(paper)  # type: ignore[arg-type]
    slots = power_cards.card_boxes(page)
    assert len(slots) == 6
    for a in slots:
        assert page.content.x <= a.x and a.right <= page.content.right
        assert page.content.y <= a.y and a.top <= page.content.top
    data, _ = _cards_pdf([example("bob"), example("nigel")], paper)
    for word, x, y in text_positions(data):
        if word.startswith("Power cards"):
            continue
        assert any(b.x - 1 <= x <= b.right + 1 and b.y - 1 <= y <= b.top + 1
                   for b in slots), (word, x, y)


def test_blammo_cannon_card_lists_components_costs_and_pools() -> None:
    data, _ = _cards_pdf([example("bob")])
    text = pdf_pages(data)[0]
    for expected in ("Blammo Cannon", "PR 22", "Bob", f"Costs and PR: {TABLE}", "ROLLS",
                     "15 dice (Agility 10 + Accurate 5) vs Agility",
                     "6 dice vs Resilience · Fire, Bashing · normal damage", "COMPONENTS",
                     "CHOICES", "COST = HOW PRICED", "Range Long 5 = Long 5",
                     "Accurate +5 dice on the attack 5 = 1 per point × 5",
                     "12 = 2 per point × 6 · Fire 0 · Bashing 0", "FLUFF",
                     "goes BLAMMO", "power card"):
        assert expected in text, expected


def test_every_face_fits_its_box_at_a_readable_size() -> None:
    box = power_cards.card_boxes(Page.of("letter"))[0]
    body = power_cards.body_rect(box)
    for name in EXAMPLES:
        for face in power_cards.character_faces(example(name), box):
            assert face.parts == 1 and face.size >= 7.0, face.power.name
            assert sum(i.height for i in face.items) <= body.h


def test_a_big_power_goes_on_to_a_second_card() -> None:
    power = example("dave").model_dump()["powers"][1]  # Iron Skin
    resist = power["components"][0]
    power["components"] = [dict(resist, rating=i) for i in range(1, 25)]
    power["fluff"] = "Riveted. " * 120 + "LASTWORD"
    character = changed_example("dave", powers=[power])
    box = power_cards.card_boxes(Page.of("a4"))[0]
    faces = power_cards.character_faces(character, box)
    assert len(faces) >= 2 and {f.parts for f in faces} == {len(faces)}
    body = power_cards.body_rect(box)
    for face in faces:
        assert sum(i.height for i in face.items) <= body.h + 0.01
    rows = [i for f in faces for i in f.items if i.kind == "row"]
    assert len(rows) == 24
    data, count = _cards_pdf([character])
    text = " ".join(pdf_pages(data))
    assert count == 1 and f"card {len(faces)} of {len(faces)}" in text
    assert "Iron Skin (cont.)" in text and "LASTWORD" in text
    assert "+24 vs Bashing" in text


@pytest.mark.parametrize("owner", ["東京 Kid", "Ωmega Überlegen"])
def test_unicode_owners_and_long_power_names_print(owner: str) -> None:
    powers = example("nigel").model_dump()["powers"]
    powers[0]["name"] = "An Extraordinarily Long Psychic Mind Blast of Unspeakable Power"
    data, _ = _cards_pdf([changed_example("nigel", name=owner, powers=powers)])
    text = pdf_pages(data)[0]
    assert owner.split()[-1] in text and "An Extraordinarily" in text


def test_no_powers_no_pages() -> None:
    data, count = _cards_pdf([PowersCharacter(name="Nobody")])
    assert count == 0
    assert "".join(pdf_pages(data)) == ""
