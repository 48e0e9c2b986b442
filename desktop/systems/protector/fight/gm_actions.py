"""What the Protector GM can do to or for a combatant now, as ``Action``s with their
inputs, their hints (citing the book) and why not, when the rules forbid it (Play
Order; The Energy System; Agents; Storytelling; Resting and Healing; Repairing
Equipment; Capacity Tests; Noncharacter Challenges; Distance)."""

from __future__ import annotations

from desktop.model.combat_helpers import choices_of
from desktop.model.combat_rules import Action, Param
from desktop.systems.protector.fight.combat import Encounter
from desktop.systems.protector.fight.gm_appendix import actions as appendix_actions
from desktop.systems.protector.fight.gm_dice_text import DICE_HELP, SYNTAX
from desktop.systems.protector.fight.gm_state import ProtectorFight, out_reason
from desktop.systems.protector.fight.gm_text import plural
from desktop.systems.protector.fight.gm_training import actions as training_actions
from desktop.systems.protector.fight.pools import ENERGY
from desktop.systems.protector.rules.combat_tables import difficulty_names, rest_phases, section

CHALLENGE_DICE = ("d6", "d8", "d10", "d12", "d20")
"""The Challenge Difficulties table's columns."""


def _dice_param(label: str = "Dice") -> Param:
    return Param("dice", f"{label}: {SYNTAX}", "text", "")


def actions(state: ProtectorFight, key: str) -> list[Action]:
    """Everything the GM can do to or for ``key`` now (or why not)."""
    scene = state.scene
    c = scene.get(key)
    out = f"{key} is {c.status()}" if c.out else None
    rolling = (None if scene.started else "play has not started: start the scene "
               "first") or out
    declare_why = scene.why_not_declare(key)
    result = [
        _contest(state, key, rolling),
        Action("declare", "Declare", (Param("what", "What it does", "text", ""),),
               why_not=declare_why, prompt=declare_why is None and c.player
               and scene.current == key,
               hint="One declared action per turn, announced, rolled, then narrated "
                    "(Play Order)"),
        Action("react", "React", (Param("what", "How it reacts", "text", "defends"),),
               why_not=rolling,
               hint="Any number of reactions and defences per turn; dice depleted "
                    "reacting still count (Play Order)"),
        Action("roll", "Roll", (_dice_param(), Param("target", "vs", default=0,
                                                     maximum=100_000)),
               why_not=rolling,
               hint=f"{_kind(scene, key)} Success value: the highest die + 1 for "
                    "every other die on the table, ≥ the target (0: none); a 1 "
                    f"depletes (The Energy System). {DICE_HELP}"),
    ]
    if c.challenge:
        result += _challenge_actions(state, key, rolling)
    sources = tuple((s, "energy" if s == ENERGY else s) for s in c.sources())
    for id_, label, hint in (
            ("deplete", "Deplete", "Damage that depletes: dice go to the table; with the "
             "pool empty it removes depleted dice (The Energy System, Damage)"),
            ("remove", "Remove", "Weapon damage: dice leave play, not to the table "
             "(The Energy System, Damage)"),
            ("restore", "Give back", "The GM returns depleted dice to the pool, e.g. a "
             "small payment (Agents, Money)")):
        result.append(Action(id_, label, (
            Param("source", "Pool", "choice", ENERGY, sources),
            Param("dice", "Dice", default=1, minimum=1, maximum=100)), hint=hint))
    if not c.challenge:
        result += appendix_actions(state, key)
        result += _character_actions(state, key)
        result += training_actions(state, key)
    result += _setup_actions(state, key)
    return result


def _kind(scene: Encounter, key: str) -> str:
    if not scene.started:
        return ""
    if scene.why_not_declare(key) is None:
        return "Now: its declared action."
    return "Now: a reaction (or the roll of its declared action)."


def _contest(state: ProtectorFight, key: str, rolling: str | None) -> Action:
    scene = state.scene
    mine = state.groups.get(key)
    choices: list[tuple[str, str]] = []
    seen: set[str] = set()
    for k, other in scene.combatants.items():
        group = state.groups.get(k)
        if k == key or other.out or (group and group == mine):
            continue
        if group and group not in seen:
            seen.add(group)
            choices.append((f"group:{group}", f"{group} (group)"))
        choices.append((k, k))
    return Action(
        "contest", "Contest",
        (Param("opponent", "Against", "choice", choices[0][0] if choices else "",
               tuple(choices)),
         _dice_param(),
         Param("their_dice", f"Their dice: {SYNTAX}", "text", "")),
        why_not=rolling or (None if choices else "nobody else can roll against it"),
        hint=f"{_kind(scene, key)} Strictly higher wins: 1 die of damage + 1 per "
             "full 3 points. A weapon adds one die to the winner and removes dice; "
             "protection adds one die to the loser (The Energy System, Damage; Agents, "
             f"Equipment). {DICE_HELP}")


def _character_actions(state: ProtectorFight, key: str) -> list[Action]:
    scene = state.scene
    c = scene.get(key)
    others = [k for k, o in scene.combatants.items() if k != key and not o.challenge]
    helping = state.helpers.get(key, ("", ""))
    broken = [(f"{k}|{n}", f"{k}: {n}") for k, o in scene.combatants.items()
              for n, a in o.agents.items() if a.kind == "equipment" and a.pool.removed]
    spent = [n for n, a in c.agents.items() if a.kind == "equipment" and a.pool.on_table]
    holds = [n for n, a in c.agents.items() if "Capacity" in a.types]
    unresolved = any(o.challenge and not o.out for o in scene.combatants.values())
    phases = tuple((n, f"{n} ({plural(p.rolls, 'roll')})")
                   for n, p in rest_phases().items())
    if unresolved:
        phases += tuple((f"{n}|damage", f"{n}, challenges damage") for n in rest_phases())
    return [
        Action("award", "Award",
               (Param("giver", "From", "choice", "GM",
                      (("GM", "the GM"), *choices_of(others))),),
               why_not=None if c.player else "only players are awarded dice "
               "(Storytelling)",
               hint="A depleted die for good storytelling: from the GM at the end of a "
                    "round (one a round), or from another player's own (Storytelling)"),
        Action("help_heal", "Help heal",
               (Param("patient", "Heal", "choice",
                      helping[0] or (others[0] if others else ""),
                      (("", "nobody"), *choices_of(others))),
                Param("dice", "Healing dice (e.g. 2+4, a Medical agent)", "text",
                      helping[1])),
               why_not=out_reason(c),
               hint="Skip the next rest roll to roll for another: one extra d4 per 5 "
                    "points in their rest roll (Resting and Healing)"),
        Action("rest", "Rest",
               (Param("phase", "Phase", "choice", "Rest", phases),
                Param("faces", "Rolled at the table (faces in order)", "text", "")),
               hint="Everyone but the challenges: unresolved challenges strike first; "
                    "each pool rolls its ready dice as d4s (each multiple returns "
                    "dice), then dice come back automatically (Resting and Healing)"),
        Action("repair", "Repair",
               (Param("equipment", "Equipment", "choice", broken[0][0] if broken else "",
                      tuple(broken)), _dice_param("Repairer's dice")),
               why_not=out_reason(c) or (None if broken else "no equipment has damage "
                                         "to repair"),
               hint="Beat the equipment's damage dice (stepped up by its traits): each "
                    "full multiple repairs a die; the repairer's Tool adds a die to a "
                    "passed roll. Faces: the damage dice's, then the repairer's, then "
                    "the tool's (Repairing Equipment)"),
        Action("restock", "Restock",
               (Param("equipment", "Equipment", "choice", spent[0] if spent else "",
                      choices_of(spent)),),
               why_not=None if spent else f"no equipment of {key} has depleted dice",
               hint="Ten minutes restocking where the resource can be replenished heals "
                    "the equipment's depletions (Agents, Equipment)"),
        Action("capacity", "Capacity",
               (Param("passengers", "Riders", default=1, maximum=500),
                Param("cargo", "Cargo", default=0, maximum=500),
                _dice_param("Its dice (blank: its Capacity agent's die)")),
               why_not=None if holds else f"{key} has no Capacity equipment",
               hint="1d4 per passenger and 1d6 per die of cargo against the agent's "
                    "roll; a higher load damages the agent. Faces: the agent's, then "
                    "the load's (Capacity Tests)"),
    ]


def _setup_actions(state: ProtectorFight, key: str) -> list[Action]:
    scene = state.scene
    c = scene.get(key)
    result: list[Action] = []
    if c.player:
        result.append(Action(
            "seat", "Seat", (Param("seat", "Seat", default=scene.seating.index(key) + 1,
                                   minimum=1, maximum=len(scene.seating)),),
            hint="Clockwise from the GM; the GM edits the seating, it is never rolled "
                 "(Play Order)"))
    if not c.challenge:
        result.append(Action(
            "side", "To the GM" if c.player else "Seat it",
            why_not="group members act on the GM's turn" if key in state.groups else None,
            hint=("Let it act on the GM's turn as an NPC" if c.player else
                  "Seat it as a player, last before the GM") + " (Play Order)"))
    sizes = tuple((f"table:{n}", n) for n in difficulty_names())
    moves = tuple((f"move:{m['from']}|{m['to']}", f"{m['from']}→{m['to']} {m['dice']}")
                  for m in section("distance")["moves"])
    result.append(Action(
        "make_challenge", "Resize" if c.challenge else "Challenge",
        (Param("size", "Difficulty", "choice", "table:Tiring", (*sizes, *moves)),
         Param("die", "Die", "choice", "d6", choices_of(CHALLENGE_DICE))),
        hint="Make it a noncharacter challenge with its own pool from the Challenge "
             "Difficulties table (difficulty × die) or the Distance table; damage to it "
             "removes dice (Noncharacter Challenges)"))
    if c.challenge:
        harms = key in state.harms
        result.append(Action(
            "harms", "Only deplete" if harms else "Do damage",
            hint="A challenge that wins most often depletes, but the GM may let it do "
                 "damage (remove dice) (Noncharacter Challenges)"))
    result.append(Action(
        "end_game", "End game",
        hint="Awarded dice not recovered are lost; a player with more dice than at the "
             "start keeps the new pool (Storytelling)"))
    return result


def _challenge_actions(state: ProtectorFight, key: str, rolling: str | None
                       ) -> list[Action]:
    scene = state.scene
    players = [k for k in scene.seating if not scene.get(k).out]
    movers = [k for k, o in scene.combatants.items() if not o.challenge and not o.out]
    return [
        Action("challenge_all", "Whole party",
               (_dice_param("Its dice"),
                Param("their_dice", f"Each player's dice: {SYNTAX}", "text", "")),
               why_not=rolling or (None if players else "no player can roll"),
               hint="A condition on the whole party rolls once; every player in turn "
                    "tries to beat it. Faces: its dice, then each player's in seat "
                    "order (Noncharacter Challenges)"),
        Action("move_together", "Close in",
               (Param("first", "Mover", "choice", movers[0] if movers else "",
                      choices_of(movers)),
                Param("second", "and", "choice", movers[1] if len(movers) > 1 else "",
                      choices_of(movers)),
                Param("their_dice", f"Each mover's dice: {SYNTAX}", "text", "")),
               why_not=rolling or (None if len(movers) > 1 else "it takes two movers"),
               hint="Two moving towards each other add their movement rolls against "
                    "the distance: its dice roll one die; faces: the movers', then its "
                    "(Distance)"),
    ]
