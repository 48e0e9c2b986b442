"""Where a life path stands: the step due next, read from the character's data alone."""

from __future__ import annotations

from pathlib import Path

from desktop.model.dice import Roller
from desktop.systems import files
from desktop.systems.protector.rules import lifepath
from desktop.systems.protector.rules.character import Event, Power, new_character
from desktop.systems.protector.rules.lifepath import choose
from desktop.systems.protector.rules.lifepath_steps import next_step


def test_a_new_character_starts_with_the_first_tier_decade() -> None:
    step = next_step(new_character())
    assert (step.kind, step.dice, step.decade, step.rollable) == ("decade", "1d20", 0, True)
    assert [o.value for o in step.options][:2] == ["School", "Life on the street"]
    assert step.options[0].rolls == (1, 8)


def test_the_step_is_read_from_the_data_alone(tmp_path: Path) -> None:
    c, _ = lifepath.run(new_character("x"), Roller(7), lambda ch, st: (
        st.options[0].value if st.options else "Welding"))
    half = c.model_copy(update={"powers": c.powers[:1], "power_count": 2})
    path = tmp_path / "half.sheetdesk"
    files.save_character(path, half)
    assert next_step(files.load_character(path)) == next_step(half)
    assert next_step(half).kind == "power_category" and next_step(half).power == 1
    # A blank Event added by hand is typed by the next step, keeping its description.
    blank = c.model_copy(deep=True)
    blank.decades[0].events.append(Event(description="Something happened."))
    step = next_step(blank)
    assert (step.kind, step.decade, step.event) == ("event", 0, len(blank.decades[0].events) - 1)
    typed = choose(blank, "triumph").character
    assert typed.decades[0].events[-1].description == "Something happened."
    # A power added by hand without a category gets one next.
    untyped = c.model_copy(update={"powers": [Power(name="Mystery"), *c.powers[1:]]})
    assert next_step(untyped).kind == "power_category" and next_step(untyped).power == 0
    kept = choose(untyped, "escape").character.powers[0]
    assert kept.name == "Mystery" and kept.category == "escape"


def test_decade_rows_read_as_plain_words_not_the_run_together_print():
    """Never run together as "School Skill Reading and Writing 1 Step Skill Math …"."""
    step = next_step(new_character("Test"))
    school = step.options[0]
    assert school.text == ("Reading and Writing (skill) +1 step · Math (skill) +1 step · "
                           "Fitness (attribute) +1 step")
    assert all(" · " in o.text or o.text.count("(") == 1 for o in step.options)
