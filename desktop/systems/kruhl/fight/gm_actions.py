"""The actions the GM may take on one Warlords of Kruhl combatant now, with their
inputs, the rule that forbids each (``why_not``) and a hint citing the chapter."""

from __future__ import annotations

from desktop.model.combat_helpers import choices_of
from desktop.model.combat_rules import Action, Param
from desktop.systems.kruhl.fight.contest import MODE_CHOICES
from desktop.systems.kruhl.fight.gm_perform import FORCED_CHOICES
from desktop.systems.kruhl.fight.gm_state import KruhlFight
from desktop.systems.kruhl.fight.moves import MOTIONS, clash
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
    "rally": "Half the lost Endurance back at once, as though after a half-hour's rest: "
             "half the lasting and half the stunning damage, each rounded up (ours: the "
             "chapter gives no rounding for a rally)",
    "surge": "One attribute +1 until it takes its next turn (usually one round; a turn "
             "given up for a forced action or still delayed is not taken)",
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
               (Param("defense", "Defensive action", "choice", "dodge", FORCED_CHOICES),
                Param("what", "Note", "text", "")),
               why_not=rounds.why_not_force(slot, out),
               hint="Dodge, dive clear or a defensive spell now; gives up the next "
                    "available turn; once per round, never an attack (Forcing An Action). "
                    "A dodge gives a bonus die on defense rolls until its next turn "
                    "taken (Dodging); running for cover sprints (Running For Cover)"),
    ]
    if slot in rounds.newcomers:
        places = [("", "First"), *((n, f"After {n}") for n in rounds.names if n != slot)]
        actions.append(Action("place", "Place in the order",
                              (Param("after", "Where", "choice", "", tuple(places)),),
                              why_not=rounds.why_not_place(slot),
                              hint="The GM places a newcomer (ours: the chapter does not "
                                   "say where one joins the order of play)"))
    return actions


def _chances(state: KruhlFight, key: str, action: str, standing: list[str],
             values: dict[str, str] | None = None) -> str:
    return "; ".join(f"{k} {clash(state, action, key, k, values or {}).chance()}"
                     for k in standing) or "nobody standing"


def fight_actions(state: KruhlFight, key: str) -> list[Action]:
    character = state.character(key)
    others = state.others(key)
    down = "defeated: Endurance 0" if is_down(character) else None
    attack_lines = derive(state.fighting(key))
    hth = attack_lines.skills["Hand-to-hand Combat"].roll("attack_hth").text
    ranged = attack_lines.skills["Ranged Combat"].roll("attack_ranged").text
    standing = [k for k in others if not is_down(state.character(k))][:ODDS_SHOWN]
    chances = "; ".join(
        f"{k} {clash(state, 'attack', key, k, {'mode': 'hth'}).chance()} / "
        f"{clash(state, 'attack', key, k, {'mode': 'ranged'}).chance()}" for k in standing)
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


def _target(others: tuple[str, ...] | list[str]) -> Param:
    return Param("target", "Target", "choice", others[0] if others else "",
                 choices_of(others))


def special_actions(state: KruhlFight, key: str) -> list[Action]:
    """Grapple, break free, release, disarm, take back, slam, distract (Special
    Actions): opposed rolls with the chapter's attributes and dice."""
    character = state.character(key)
    others = list(state.others(key))
    standing = [k for k in others if not is_down(state.character(k))][:ODDS_SHOWN]
    down = "defeated: Endurance 0" if is_down(character) else None
    nobody = None if others else "nobody to act against"
    held_by, holding = list(state.held_by(key)), list(state.holding(key))
    disarm_items = sorted({e.name for k in others for e in state.fighting(k).equipment})
    gone = [item for k, item in state.disarmed if k == key]
    extra = (_dice("bonus", "Bonus dice"), _dice("penalty", "Penalty dice"),
             _dice("defense_bonus", "Defender's bonus dice"),
             _dice("defense_penalty", "Defender's penalty dice"))
    escape_chances = "; ".join(
        f"from {g} {clash(state, 'escape', key, g, {}).chance()}" for g in held_by)
    return [
        Action("grapple", "Grapple (roll)", (_target(others), *extra),
               why_not=down or nobody,
               hint="Hand-to-hand Combat (Brawn) against the target's Hand-to-hand Combat "
                    "with its Agility or Brawn, whichever is greater; ties to the "
                    "attacker; a success restrains the target and costs no Endurance "
                    f"(Grappling). Exact chance: {_chances(state, key, 'grapple', standing)}"),
        Action("escape", "Break free of a grapple (roll)", (
            Param("target", "Grappled by", "choice", held_by[0] if held_by else "",
                  choices_of(held_by)), *extra),
            why_not=down or (None if held_by else "no grapple restrains it"),
            hint="A standard action: Hand-to-hand Combat with Agility or Brawn, whichever "
                 "is greater, against the grappler's Hand-to-hand Combat (Brawn); no "
                 "restrained penalty on this roll (Breaking Free Of A Grapple). Exact "
                 f"chance: {escape_chances or 'not restrained'}"),
        Action("release", "Release a grapple", (
            Param("target", "Release", "choice", holding[0] if holding else "",
                  choices_of(holding)),),
            why_not=None if holding else "grapples nobody",
            hint="The grappling character may release the restrained character at any "
                 "time, without using an action (Breaking Free Of A Grapple)"),
        Action("disarm", "Disarm (roll)", (
            _target(others),
            Param("item", "Piece of equipment", "choice", "",
                  (("", "The GM says which"), *((i, i) for i in disarm_items))), *extra),
            why_not=down or nobody,
            hint="Hand-to-hand Combat (Brawn) against Hand-to-hand Combat (Brawn), the "
                 "attacker a penalty die; a success takes away or knocks from the "
                 "target's grasp one piece of held equipment, no damage (Disarming). "
                 f"Exact chance: {_chances(state, key, 'disarm', standing)}"),
        Action("rearm", "Has the lost equipment again", (
            Param("item", "Piece of equipment", "choice", gone[0] if gone else "",
                  tuple((i, i) for i in gone)),),
            why_not=None if gone else "nothing knocked away",
            hint="Picked up or given back: its rating adds again"),
        Action("slam", "Slam (roll)", (
            _target(others), Param("motion", "The defender is", "choice", "stationary",
                                   MOTIONS),
            Param("impact", "The impact injures (−1 Endurance)", "bool", False), *extra),
            why_not=down or nobody,
            hint="Hand-to-hand Combat (Brawn) against Hand-to-hand Combat (Brawn); a "
                 "stationary, unrestrained defender a bonus die, a moving one a penalty "
                 "die; a success lays the defender prone, and it may be injured by the "
                 "impact (Slamming). Exact chance, stationary: "
                 f"{_chances(state, key, 'slam', standing)}"),
        Action("distract", "Distract (roll)", (_target(others), *extra),
               why_not=down or nobody,
               hint="A standard action: Deception (Presence) against Deception "
                    "(Presence); only rolling more than the target succeeds (a tie goes "
                    "to the target); the target is Distracted: a penalty die on its next "
                    "attack or defense roll (Distracting). Exact chance: "
                    f"{_chances(state, key, 'distract', standing)}"),
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
    last = state.last
    for use in plot_point_uses():
        params = [Param("note", "Note", "text", "")]
        if use.id == "surge":
            params.insert(0, Param("attribute", "Attribute", "choice", "brawn",
                                   SURGE_CHOICES))
        if use.id == "bonus_die":
            choices = [("next", "On the roll about to be made (add it to its bonus dice)")]
            if last is not None and key in (last.clash.actor, last.clash.target):
                choices.insert(0, ("after", f"After the dice, on the last roll "
                                            f"({last.clash.actor} → {last.clash.target}, "
                                            f"{last.clash.what}): rolled again"))
            params.insert(0, Param("when", "When", "choice", choices[0][0], tuple(choices)))
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
            *special_actions(state, key), *recovery_actions(state, key),
            *plot_actions(state, key), *condition_actions(state, key)]
