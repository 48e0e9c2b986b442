"""The shared page in a real browser: Debian's chromium, headless, driven by Playwright
(never "playwright install": the system's build). It shows the turn order, follows the
GM's Next within a second, and a player character's page shows damage the GM applies.
Skipped when chromium or Playwright is not installed (.ci/run installs both)."""

from __future__ import annotations

import shutil
import time
from collections.abc import Iterator

import pytest

from desktop.share.session import Sharing
from tests.share.fights import fight, npc_keys, pc_key

CHROMIUM = shutil.which("chromium") or ""
ARGS = ["--headless", "--no-sandbox", "--disable-gpu", "--disable-background-networking",
        "--disable-component-update", "--disable-sync", "--no-first-run"]

pytestmark = pytest.mark.skipif(not CHROMIUM, reason="chromium is not installed")


@pytest.fixture(scope="module")
def browser() -> Iterator[object]:
    sync_api = pytest.importorskip("playwright.sync_api")
    sync_api.expect.set_options(timeout=1000)
    with sync_api.sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path=CHROMIUM, args=ARGS)
        yield browser
        browser.close()


def test_four_phones_follow_the_fight_and_a_character_page_shows_damage(browser) -> None:
    from playwright.sync_api import expect

    encounter = fight()
    sharing = Sharing()
    url = sharing.start("127.0.0.1", encounter)
    try:
        phones = [browser.new_context(viewport={"width": 390, "height": 844}).new_page()
                  for _ in range(4)]
        for page in phones:
            page.goto(url)
        for page in phones:
            page.wait_for_selector("#order li", timeout=5000)
            assert page.locator("#round").inner_text() == "Frame 1"
            assert page.locator("#turn").inner_text() == "Turn: Sparky"
            assert page.locator("#order li").count() == 4
            assert "Lizard-man 1" in page.locator("#order").inner_text()
        assert sharing.watchers == 4

        encounter = encounter.next_turn()  # the GM presses Next
        pressed = time.monotonic()
        sharing.update(encounter, rows=None)
        for page in phones:  # waiting by the page's own text: its policy forbids eval
            expect(page.locator("#turn")).to_contain_text("Lizard-man")
        assert time.monotonic() - pressed < 1.0
        first = phones[0]
        assert first.locator("#order li.acted").inner_text().startswith("✓")
        assert "acted" in first.locator("#order li.acted").inner_text()

        first.click("#order a")  # the player character's own page
        first.wait_for_selector("#character:not([hidden])")
        assert first.locator("#pc-name").inner_text() == pc_key(encounter)
        assert "16/16" in first.locator("#pc-health").inner_text()
        encounter = encounter.perform(pc_key(encounter), "damage", {"points": 5})
        encounter = encounter.perform(npc_keys(encounter)[0], "damage", {"points": 4})
        sharing.update(encounter)
        expect(first.locator("#pc-health")).to_contain_text("11/16")
        assert "Damage" in first.locator("#pc-values").inner_text()
        expect(phones[1].locator("#order")).to_contain_text("hurt")
        assert "/9" not in phones[1].content()  # the hurt Lizard-man's pool stays home
    finally:
        sharing.stop()
