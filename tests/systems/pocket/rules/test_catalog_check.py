"""Pocket Universe book data: every file loads."""

from __future__ import annotations

from desktop.systems.pocket.rules import catalog, catalog_attributes, catalog_check


def test_every_book_file_loads() -> None:
    catalog_check.check_book_files()
    assert catalog_attributes.tables().book == "Pocket Universe Basic Rules"
    assert set(catalog.example_characters()) == {"artos", "tharsh", "kestra"}
