"""Findings: their JSON form and whether any is an error."""

from __future__ import annotations

import json

from desktop.model.findings import Finding, Rule, Severity, has_errors

RULE = Rule("POW!", "Creating a Character, Step 2")


def test_to_json_has_exactly_the_four_keys_as_plain_strings() -> None:
    finding = Finding(Severity.WARNING, "Brawn 6", RULE, "attributes.brawn")
    data = finding.to_json()
    assert data == {"severity": "warning", "message": "Brawn 6",
                    "rule": "POW!, Creating a Character, Step 2", "field": "attributes.brawn"}
    assert all(type(v) is str for v in data.values())
    assert json.loads(json.dumps(data)) == data


def test_field_defaults_to_empty() -> None:
    assert Finding(Severity.INFO, "note", RULE).to_json()["field"] == ""


def test_severity_values_are_the_documented_words() -> None:
    assert [str(s) for s in Severity] == ["error", "warning", "info"]


def test_has_errors() -> None:
    info = Finding(Severity.INFO, "i", RULE)
    warning = Finding(Severity.WARNING, "w", RULE)
    error = Finding(Severity.ERROR, "e", RULE)
    assert not has_errors([])
    assert not has_errors([info, warning, warning])
    assert has_errors([error])
    assert has_errors([info, warning, error])


def test_every_game_says_a_missing_name_in_the_same_words() -> None:
    """One wording and one severity across the five editors."""
    from desktop.systems import SYSTEMS

    for system in SYSTEMS.values():
        character = system.new_character("")
        found = [f for f in system.derive(character).findings if f.field == "name"]
        assert [(f.severity, f.message) for f in found] == [
            (Severity.WARNING, "The character has no name yet")], system.id
        named = system.new_character("Ann")
        assert not [f for f in system.derive(named).findings if f.field == "name"]
