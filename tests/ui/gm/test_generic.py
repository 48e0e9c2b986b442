"""The GM screen knows no game: a made-up game with only a character model and a
``gm.py`` runs in it (columns, actions, prompts, charts, check) with no other change."""

from __future__ import annotations

import sys
import textwrap

import pytest

from desktop import systems
from desktop.systems.encounters import load_encounter, new_encounter
from desktop.ui.gm.window import gm_systems
from tests.ui.gm.conftest import open_gm

CHARACTER = '''
from typing import Literal
from pydantic import BaseModel, ConfigDict

class Tiny(BaseModel):
    model_config = ConfigDict(extra="forbid")
    format: Literal["sheetdesk.character"] = "sheetdesk.character"
    version: Literal[1] = 1
    system: Literal["tiny"] = "tiny"
    name: str = ""
    hits: int = 3

CHARACTER_MODEL = Tiny

def new_character(name=""):
    return Tiny(name=name)
'''

GM = '''
from dataclasses import dataclass, replace
from desktop.model.combat_rules import (Action, CheckOdds, CheckSpec, Outcome, Param,
                                        ReferenceChart, Row, TurnInfo)

@dataclass(frozen=True)
class State:
    people: tuple = ()
    round: int = 0
    turn: int = 0

class Rules:
    system = "tiny"
    round_word = "Round"
    columns = ("Hits",)

    def empty(self):
        return State()

    def add(self, state, key, character, group, roller):
        return replace(state, people=(*state.people, (key, character)))

    def remove(self, state, key):
        return replace(state, people=tuple(p for p in state.people if p[0] != key))

    def start(self, state, roller, values):
        return Outcome(replace(state, round=1, turn=0), ("Round 1 begins",))

    def next(self, state, roller):
        turn = state.turn + 1
        if turn >= len(state.people):
            return Outcome(replace(state, round=state.round + 1, turn=0),
                           (f"Round {state.round + 1} begins",))
        return Outcome(replace(state, turn=turn), (f"{state.people[turn][0]} acts",))

    def turn(self, state):
        if not state.round:
            return TurnInfo(False, 0, (), "Setup")
        key = state.people[state.turn][0]
        return TurnInfo(True, state.round, (key,), f"Round {state.round} · {key}")

    def rows(self, state):
        return [Row(k, (str(c.hits),), "down" if c.hits <= 0 else "", c.hits <= 0)
                for k, c in state.people]

    def actions(self, state, key):
        hits = dict(state.people)[key].hits
        out = [Action("hit", "Hit", (Param("points", "Points", default=1, minimum=1),),
                      hint="Lose hits")]
        if hits <= 0:
            out.insert(0, Action("wake", "Wake-up roll", prompt=True))
        return out

    def perform(self, state, key, action, values, roller):
        people = []
        for k, c in state.people:
            if k == key:
                hits = 1 if action == "wake" else c.hits - int(values["points"])
                c = c.model_copy(update={"hits": hits})
            people.append((k, c))
        return Outcome(replace(state, people=tuple(people)), (f"{key}: {action}",))

    def character(self, state, key):
        return dict(state.people)[key]

    def charts(self):
        return (ReferenceChart("Tiny rules", ("Hit: lose hits", "Wake: back to 1")),)

    def check_spec(self):
        return CheckSpec((Param("target", "Target", default=4, minimum=1, maximum=6),),
                         title="Tiny check (1d6)")

    def check_odds(self, values):
        p = (7 - int(values["target"])) / 6
        return CheckOdds(f"1d6 ≥ {values['target']}", f"{p * 100:.1f} %")

    def check_roll(self, values, roller):
        return f"rolled {roller.throw(1, 6).total}"

RULES = Rules()
'''


@pytest.fixture
def tiny_game(tmp_path, monkeypatch):
    package = tmp_path / "tinygame"
    package.mkdir()
    (package / "__init__.py").write_text("", encoding="utf-8")
    for room in ("rules", "fight"):
        (package / room).mkdir()
        (package / room / "__init__.py").write_text("", encoding="utf-8")
    (package / "rules" / "character.py").write_text(textwrap.dedent(CHARACTER),
                                                    encoding="utf-8")
    (package / "fight" / "gm.py").write_text(textwrap.dedent(GM), encoding="utf-8")
    monkeypatch.syspath_prepend(str(tmp_path))
    monkeypatch.setitem(systems.SYSTEMS, "tiny",
                        systems.System("tiny", "Tiny Game", "Tiny", "tinygame"))
    yield "tiny"
    for name in [m for m in sys.modules if m.startswith("tinygame")]:
        del sys.modules[name]


def test_a_new_game_runs_on_the_gm_screen(tiny_game, qtbot, gm_prompts, tmp_path) -> None:
    assert "tiny" in [s.id for s in gm_systems()]
    gm = open_gm(qtbot, gm_prompts, encounter=new_encounter("tiny", "Tiny fight", seed=1))
    try:
        assert "(Tiny Game)" in gm.windowTitle()
        headers = [gm.model.horizontalHeaderItem(i).text()
                   for i in range(gm.model.columnCount())]
        assert headers == ["Name", "Hits", "Status", "Conditions"]
        assert gm.add_panel.source.count() == 1, "no catalog: only a generic combatant"
        gm.add_panel.name.setText("Goblin")
        gm.add_panel.count.setValue(2)
        gm.add_panel.add_button.click()
        gm.add_panel.name.setText("Hero")
        gm.add_panel.count.setValue(1)
        gm.add_panel.add_button.click()
        assert gm.model.keys() == ["Goblin 1", "Goblin 2", "Hero"]
        gm.start_fight()
        assert gm.turn_bar.label.full_text() == "Round 1 · Goblin 1"
        gm.action_panel.set_value("hit", "points", 3)
        gm.action_panel.buttons["hit"].click()
        assert next(iter(gm.action_panel.buttons)) == "wake", "the prompt comes first"
        assert gm.model.line(gm.model.index_of("Goblin 1")).out
        gm.next_turn()
        gm.next_turn()
        gm.next_turn()
        assert gm.log_view.texts()[-1] == "Round 2: Round 2 begins"
        assert gm.reference.visible_lines() == ["Tiny rules: Hit: lose hits",
                                                "Tiny rules: Wake: back to 1"]
        assert gm.dice.check_box.title() == "Tiny check (1d6)"
        assert gm.dice.check_chance.text() == "50.0 %"
        gm.dice.check_button.click()
        assert gm.log_view.texts()[-1].startswith(
                "Round 2: Goblin 1: 1d6 ≥ 4 (50.0 %): rolled ")  # who rolled
        gm_prompts.paths = [tmp_path / "tiny.encounter"]
        assert gm.files.save_as()
        assert load_encounter(tmp_path / "tiny.encounter").character("Goblin 1").hits == 0
    finally:
        gm.close()
        gm.deleteLater()
