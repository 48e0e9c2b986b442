"""``CharacterDocument.apply_value``: a field set in a copy of the character's path to
it, validated once, with what ``apply`` gives (undo, merging, refusals), nothing of the
shown character changed in place, and the parts the edit did not touch shared."""

from __future__ import annotations

from unittest import mock

import pytest

from desktop.systems.pow.rules.character import PowCharacter, new_character
from desktop.ui.binding import set_path
from desktop.ui.document import CharacterDocument


@pytest.fixture
def document() -> CharacterDocument:
    character = new_character("Ann")
    character.tracking.pools["energy"] = 2
    return CharacterDocument(character)


def _set(document: CharacterDocument, path: str, value, merge_key: str | None = None) -> bool:
    return document.apply_value(f"Change {path}", path, value,
                                lambda c: set_path(c, path, value), merge_key)


def test_a_field_is_set_with_one_validation_and_undone(document) -> None:
    shown = document.character
    with mock.patch.object(PowCharacter, "model_validate",
                           wraps=PowCharacter.model_validate) as validate:
        assert _set(document, "attributes.agility", 4)
    assert validate.call_count == 1  # ``apply`` validates a copy first: twice
    assert document.character.attributes.agility == 4
    assert shown.attributes.agility == 1  # the shown character is not changed in place
    document.undo_stack.undo()
    assert document.character is shown
    document.undo_stack.redo()
    assert document.character.attributes.agility == 4


def test_a_key_of_a_dictionary_field_and_a_run_of_typing(document) -> None:
    assert _set(document, "tracking.pools.energy", 3, merge_key="energy")
    assert _set(document, "tracking.pools.energy", 4, merge_key="energy")
    assert document.character.tracking.pools == {"energy": 4}
    assert document.undo_stack.count() == 1  # one field, one typing run: one step
    document.undo_stack.undo()
    assert document.character.tracking.pools == {"energy": 2}


def test_a_value_it_already_has_is_no_edit(document) -> None:
    assert not _set(document, "attributes.agility", 1)
    assert not _set(document, "name", "Ann")
    assert document.undo_stack.count() == 0


def test_a_value_pydantic_refuses_is_reported_and_not_made(document, qtbot) -> None:
    with qtbot.waitSignal(document.edit_rejected) as rejected, \
            qtbot.waitSignal(document.changed):  # the stored values are shown again
        assert not _set(document, "attributes.agility", 500)
    assert rejected.args[0].startswith("attributes.agility: ")
    assert document.character.attributes.agility == 1
    assert document.undo_stack.count() == 0


def test_a_path_the_data_does_not_hold_goes_through_apply(document) -> None:
    """A new key of a dictionary field: made by the setter, as before."""
    assert _set(document, "tracking.pools.brawn", 5)
    assert document.character.tracking.pools == {"energy": 2, "brawn": 5}
    document.undo_stack.undo()
    assert document.character.tracking.pools == {"energy": 2}


def test_a_bound_field_is_edited_through_it(document, qtbot) -> None:
    """A spin box bound to its field by path: each edit validates the character once."""
    from PySide6.QtWidgets import QSpinBox

    from desktop.ui.binding import Binder

    spin = QSpinBox()
    qtbot.addWidget(spin)
    binder = Binder(document)
    binder.field(spin, "attributes.brawn", "Brawn")
    document.changed.connect(binder.refresh)
    binder.refresh()
    with mock.patch.object(PowCharacter, "model_validate",
                           wraps=PowCharacter.model_validate) as validate:
        spin.setValue(3)
    assert validate.call_count == 1
    assert document.character.attributes.brawn == 3
    assert document.undo_stack.undoText() == "Brawn 1 → 3"


def test_a_field_of_a_list_row(document) -> None:
    """A table's cell (``specials.0.name``): its row copied, the other rows shared."""
    from desktop.systems.pow.rules.character import Special

    document.character.specials.extend([Special(name="Flight", stat="agility"),
                                        Special(name="Speed", stat="agility")])
    shown = document.character
    with mock.patch.object(PowCharacter, "model_validate",
                           wraps=PowCharacter.model_validate) as validate:
        assert _set(document, "specials.1.name", "Super speed")
    assert validate.call_count == 1
    assert [s.name for s in document.character.specials] == ["Flight", "Super speed"]
    assert [s.name for s in shown.specials] == ["Flight", "Speed"]
    document.undo_stack.undo()
    assert document.character is shown


def test_a_row_past_the_end_is_no_path_it_holds() -> None:
    from pydantic import BaseModel

    from desktop.ui.document import _with_value

    data = {"rows": [{"name": "a"}], "pools": {"energy": 2}}
    assert _with_value(data, ["rows", "1", "name"], "b", BaseModel) is None
    assert _with_value(data, ["rows", "x", "name"], "b", BaseModel) is None
    assert _with_value(data, ["pools", "brawn"], 1, BaseModel) is None
    assert _with_value(new_character("Ann"), ["attributes", "luck"], 1, BaseModel) is None

    class Loose(BaseModel, extra="allow"):
        a: int = 0

    assert _with_value(Loose(a=1, b=2), ["a"], 3, BaseModel) is None  # extras: apply
    assert _with_value(Loose(a=1), ["a"], 3, BaseModel) == ({"a": 3}, 1)
    changed, old = _with_value(data, ["rows", "0", "name"], "b", BaseModel)
    assert changed == {"rows": [{"name": "b"}], "pools": {"energy": 2}} and old == "a"
    assert data["rows"][0]["name"] == "a" and changed["pools"] is data["pools"]


def test_what_the_edit_does_not_touch_is_shared(document) -> None:
    """The other fields, rows and models are the same objects in both versions (pydantic
    takes a valid model as it is); those on the way to the field are new."""
    from desktop.systems.pow.rules.character import Special

    document.character.specials.extend([Special(name="Flight", stat="agility"),
                                        Special(name="Speed", stat="agility")])
    shown = document.character
    assert _set(document, "specials.1.name", "Super speed")
    after = document.character
    assert after.specials[0] is shown.specials[0]
    assert after.attributes is shown.attributes and after.tracking is shown.tracking
    assert after.specials[1] is not shown.specials[1] and after.specials is not shown.specials
    assert _set(document, "attributes.brawn", 2)
    assert document.character.specials[0] is shown.specials[0]
    assert document.character.attributes is not shown.attributes


def test_a_copied_model_is_checked_by_its_own_validators(document) -> None:
    """A row on the way to the field is validated from its fields, its model's checks
    included: a weapon's before-validator and a special's limits."""
    from desktop.systems.pow.rules.character import Weapon

    document.character.weapons.append(Weapon(name="Bow", ranged=True))
    assert not document.character.weapons[0].adds_brawn
    assert _set(document, "weapons.0.name", "Longbow")
    assert document.character.weapons[0].name == "Longbow"
    assert not document.character.weapons[0].adds_brawn  # kept, not defaulted again
    assert not _set(document, "weapons.0.name", "")  # min_length on the row's model
    assert document.character.weapons[0].name == "Longbow"


class _CountingSpin:
    """A spin box that counts how often the binder reads it back."""

    def __new__(cls):
        from PySide6.QtWidgets import QSpinBox

        class Spin(QSpinBox):
            reads = 0

            def value(self) -> int:
                type(self).reads += 1
                return super().value()

        return Spin()


def test_a_refresh_reads_back_only_the_fields_that_changed(document, qtbot) -> None:
    """The binder alone gives its widgets their values: an edit of one field looks at
    that field's widget, not at every other one."""
    from desktop.ui.binding import Binder

    brawn, agility = _CountingSpin(), _CountingSpin()
    for spin in (brawn, agility):
        spin.setRange(0, 500)  # wider than the model's, for the refused edit below
        qtbot.addWidget(spin)
    binder = Binder(document)
    binder.field(brawn, "attributes.brawn", "Brawn")
    binder.field(agility, "attributes.agility", "Agility")
    document.changed.connect(binder.refresh)
    binder.refresh()
    agility_reads = type(agility).reads
    brawn.setValue(3)
    assert document.character.attributes.brawn == 3
    assert type(agility).reads == agility_reads  # unchanged: not looked at
    with qtbot.waitSignal(document.edit_rejected):
        brawn.setValue(400)  # refused: the stored value goes back in the box
    assert document.character.attributes.brawn == 3 and brawn.value() == 3
    document.undo_stack.undo()
    assert brawn.value() == 1 and type(agility).reads == agility_reads
