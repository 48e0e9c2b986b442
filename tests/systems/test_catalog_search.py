"""Catalog search by synonyms."""

from __future__ import annotations

import pytest

from desktop.systems.catalog_search import matches, synonyms, words_for

GAMES = ("pow", "pocket", "protector", "kruhl", "powers")


def test_a_word_also_finds_what_the_book_calls_it():
    assert words_for("Sword", "pocket") == ("sword", "blade")
    assert matches("sword", "Melee deft axe blade", game="pocket")
    assert not matches("sword", "Melee deft axe", game="pocket")
    assert matches("acute vis", "Acute Vision")


def test_a_game_without_synonyms_has_none():
    assert synonyms("nosuchgame") == {}
    assert words_for("sword", "nosuchgame") == ("sword",)
    assert not matches("sword", "blade", game="nosuchgame")
    assert not matches("sword", "blade"), "no game: no synonyms"


@pytest.mark.parametrize("game", GAMES)
def test_every_game_has_a_table_of_lower_case_words_to_lists(game):
    table = synonyms(game)
    assert table and all(word == word.casefold() and " " not in word for word in table)
    assert all(also and all(a == a.casefold() for a in also) for also in table.values())
