"""The actions the GM may take on one Warlords of Kruhl combatant now, with their
inputs, the rule that forbids each (``why_not``) and a hint citing the chapter."""

from __future__ import annotations

from desktop.model.combat_helpers import choices_of
from desktop.model.combat_rules import Action, Param
from desktop.systems.kruhl.fight.contest import MODE_CHOICES, attack_chance
from desktop.systems.kruhl.fight.gm_state import KruhlFight
from desktop.systems.kruhl.fight.plot import SURGE_CHOICES, effect_text
from desktop.systems.kruhl.fight.rest import half_back
from desktop.systems.kruhl.fight.tracking import is_down, lost
from desktop.systems.kruhl.rules.catalog import condition, conditions, plot_point_uses
from desktop.systems.kruhl.rules.derived import derive

ODDS_SHOWN = 6
"""Targets whose chances the attack's hint lists (the first standing ones)."""
PLOT_HINTS = {
    "bonus_die": "A bonus die on the current roll, even after the other dice are rolled",
    "escape": "Break free of a grapple or a lasting spell: Restrained and Grappled end",
    "rally": "The hour's recovery at once: half the lost Endurance back (rounded up) "
             "and the stunning damage",
    "surge": "One attribute +1 until the start of its next turn (usually one round)",
}


def _dice(n: str, label: str) -> Param:
    return Param(n, label, default=0, minimum=0, maximum=20)


def turn_actions(state: KruhlFight, key: str) -> list[Action]:
    """Delay, take a delayed turn, force a defensive action, place a newcomer; before
    the conflict, the ambush."""
    rounds = state.rounds
    out = state.out()
    slot = state.slot_name(key)
    if rounds is None:
        ambush = state.get(key).ambush
        return [Action("ambush", "Ambush (initiative bonus die)",
                       (Param("on", "Gets the drop", "bool", not ambush),),
                       hint="Characters who get the drop on their opponents roll a bonus "
                            "die on initiative (Initiating Conflict)")]
    group = f" (with {slot})" if slot != key else ""
    actions = [
        Action("delay", f"Delay turn{group}", why_not=rounds.why_not_delay(slot),
               hint="Hold the turn to use later this round or in a later round, "
                    "interrupting another's turn; the order of play is unchanged "
                    "(Delaying A Turn)"),
        Action("take_delayed", f"Take delayed turn{group}",
               (Param("resume", "Interrupted turn resumes after", "bool", True),),
               why_not=rounds.why_not_take_delayed(slot, out),
               prompt=slot in rounds.delayed and rounds.why_not_take_delayed(slot, out)
               is None,
               hint="Interrupt the turn being taken; one turn a round (Delaying A Turn)"),
        Action("force", f"Forced defensive action{group}",
               (Param("what", "Doing", "text", "dodge"),),
               why_not=rounds.why_not_force(slot, out),
               hint="Dodge, dive clear or a defensive spell now; gives up the next "
                    "available turn; once per round, never an attack (Forcing An Action)"),
    ]
    if slot in rounds.newcomers:
        places = [("", "First"), *((n, f"After {n}") for n in rounds.names if n != slot)]
        actions.append(Action("place", "Place in the order",
                              (Param("after", "Where", "choice", "", tuple(places)),),
                              why_not=rounds.why_not_place(slot),
                              hint="The GM places a newcomer (RULINGS.md Kruhl 5)"))
    return actions


def fight_actions(state: KruhlFight, key: str) -> list[Action]:
    character = state.character(key)
    others = state.others(key)
    down = "defeated: Endurance 0" if is_down(character) else None
    attack_lines = derive(character)
    hth = attack_lines.skills["Hand-to-hand Combat"].roll("attack_hth").text
    ranged = attack_lines.skills["Ranged Combat"].roll("attack_ranged").text
    standing = [k for k in others if not is_down(state.character(k))][:ODDS_SHOWN]
    chances = "; ".join(
        f"{k} {attack_chance(character, state.character(k), 'hth')} / "
        f"{attack_chance(character, state.character(k), 'ranged')}" for k in standing)
    return [
        Action("attack", "Attack (roll)", (
            Param("target", "Target", "choice", others[0] if others else "",
                  choices_of(others)),
            Param("mode", "Attack", "choice", "hth", MODE_CHOICES),
            Param("penetrating", "Penetrating", "bool", False),
            Param("stunning", "Stunning", "bool", False),
            _dice("bonus", "Bonus dice"), _dice("penalty", "Penalty dice"),
            _dice("defense_bonus", "Defender's bonus dice"),
            _dice("defense_penalty", "Defender's penalty dice")),
            why_not=down or (None if others else "nobody to attack"),
            hint=f"Against the target's defense with the same skill, ties to the attacker; "
                 f"a success costs 1 Endurance (Rolling Dice; Endurance And Recovery). "
                 f"Hand-to-hand {hth}; ranged {ranged}. Exact chance, hand-to-hand / "
                 f"ranged, no dice added: {chances or 'nobody standing'}"),
        Action("hit", "Successful attack (−1 Endurance)", (
            Param("hits", "Successful attacks", default=1, minimum=1, maximum=99),
            Param("stunning", "Stunning", "bool", False)),
            why_not="defeated: Endurance may not go below 0" if is_down(character) else None,
            hint="Rolled at the table: −1 current Endurance each, 0 is defeated; stunning "
                 "damage is kept apart; rabble fall to any successful attack (Endurance "
                 "And Recovery; Stunning; Rabble)"),
    ]


def recovery_actions(state: KruhlFight, key: str) -> list[Action]:
    character = state.character(key)
    hurt = lost(character) or character.tracking.stun
    hour = ("rested an hour already: only a night's sleep gives more (Endurance And "
            "Recovery)" if key in state.rested else None)
    return [
        Action("rest_hour", "Rest an hour", why_not=hour or (
            None if hurt else "nothing to recover"),
            hint=f"Half the lost Endurance back, rounded up (+{half_back(character)}), and "
                 "all stunning damage (Endurance And Recovery)"),
        Action("rest_night", "Night's sleep", why_not=None if hurt else "nothing to recover",
               hint="Endurance completely replenished (Endurance And Recovery)"),
        Action("stun_back", "Fight over: stun back",
               why_not=None if character.tracking.stun else "no stunning damage",
               hint="Stunning damage all comes back after the fight (Stunning)"),
    ]


def plot_actions(state: KruhlFight, key: str) -> list[Action]:
    character = state.character(key)
    none_left = None if character.plot_points else "no plot points left"
    out = []
    for use in plot_point_uses():
        params = [Param("note", "Note", "text", "")]
        if use.id == "surge":
            params.insert(0, Param("attribute", "Attribute", "choice", "brawn",
                                   SURGE_CHOICES))
        out.append(Action(f"plot:{use.id}", f"Plot point: {use.name}", tuple(params),
                          why_not=none_left,
                          hint=f"{PLOT_HINTS.get(use.id, use.text)} (Spending Plot Points)"))
    out.append(Action("plot_gain", "Gain a plot point", (Param("why", "Why", "text", ""),),
                      hint="For something entertaining, a complication, or the GM "
                           "overriding a roll (Gaining Plot Points)"))
    return out


def condition_actions(state: KruhlFight, key: str) -> list[Action]:
    character = state.character(key)
    absent = [c for c in conditions() if c.id not in character.conditions]
    present = [condition(c) for c in character.conditions]
    return [
        Action("condition_on", "Condition on", (
            Param("condition", "Condition", "choice", absent[0].id if absent else "",
                  tuple((c.id, c.label) for c in absent)),),
            why_not=None if absent else "every condition is in effect",
            hint="Its bonus and penalty dice apply to the rolls shown (Bonuses And "
                 "Penalties)"),
        Action("condition_off", "Condition ends", (
            Param("condition", "Condition", "choice", present[0].id if present else "",
                  tuple((c.id, f"{c.label}: {effect_text(c.id)}") for c in present)),),
            why_not=None if present else "no condition in effect",
            hint="The condition no longer applies"),
    ]


def actions(state: KruhlFight, key: str) -> list[Action]:
    return [*turn_actions(state, key), *fight_actions(state, key),
            *recovery_actions(state, key), *plot_actions(state, key),
            *condition_actions(state, key)]
