"""The actions the GM may take on one Powers combatant now, with their inputs, the rule
that forbids each (``why_not``) and a hint citing the draft with the exact odds of the
roll it makes (Combat, Basics: "Each character may declare a move and/or activate a
single power"; Hitting a Target; Damaging a Target; Close to Death (CTD); Component
Listing, Move, Range, Duration, Damage, Resistance, Healing), and the fight's table
rules (the optional Epic Fail, the concentration roll)."""

from __future__ import annotations

from desktop.model.combat_helpers import choices_of
from desktop.model.combat_rules import Action, Param
from desktop.systems.powers.fight import in_play
from desktop.systems.powers.fight.attack import (
    attack_chance,
    attacking_powers,
    damage_chance,
    personal_only,
)
from desktop.systems.powers.fight.durations import timing
from desktop.systems.powers.fight.state import MOVE, POWER, PowersFight
from desktop.systems.powers.fight.survival import phantom_odds, sprint_odds
from desktop.systems.powers.fight.tracking import damage
from desktop.systems.powers.fight.turns import ctd_odds, why_not_given
from desktop.systems.powers.rules.character import DAMAGE_KINDS
from desktop.systems.powers.rules.components import ATTRIBUTE_NAMES
from desktop.systems.powers.rules.costs import number_text
from desktop.systems.powers.rules.derived import PowerLine, derive

ODDS_SHOWN = 4
"""Targets whose chances an attack's hint lists (the first standing ones)."""
OVER_TIME = (("", "Once"), ("dot", "DoT (turns)"), ("dot_fading", "DoT Fading"),
             ("dot_increase", "DoT Increase (turns)"))


def _hits(name: str, label: str) -> Param:
    return Param(name, label, default=0, minimum=-20, maximum=20)


def _turn_why(state: PowersFight, key: str, what: str) -> str | None:
    """Why ``key`` may not use its move/power now: not its turn, down, or used."""
    why = state.whose_turn(key) or state.can_act(key)
    if why is None and state.has_used(key, what):
        why = f"its {what} is used this turn (one move and one power: Combat, Basics)"
    return why


PERSONAL = ("Personal range: \"the power can only target the character using the "
            "power\" (Component Listing, Range)")


def _duration_hint(state: PowersFight, key: str, line: PowerLine) -> str:
    """What the power's Duration, and a Build Up or Build Down under way, mean now."""
    words = in_play.duration_words(line.power)
    text = "" if words == "Instant" else f" {words}: {DURATION_HINTS[timing(line.power)[0]]}."
    busy = state.busy_with(key)
    if busy is not None and busy.power != line.power.name:
        text += (f" {key} is actively using {busy.power}: a concentration roll first "
                 f"({in_play.concentration_odds(state, key)}; {in_play.CONCENTRATION}).")
    return text


def _epic_hint(state: PowersFight, line: PowerLine) -> str:
    if not state.epic_fail:
        return ""
    return (f" Epic Fail is on: an Epic Fail on these rolls adds {line.power.name}'s "
            f"PR {number_text(line.rating)} and the PRs of the target's resistances "
            "that count.")


DURATION_HINTS = {
    "always_on": "on constantly",
    "toggled": "on until switched off",
    "delayed": "lands that many turns later (ours: at the start of that turn)",
    "build_up": "lands that many turns later; until then other tasks need a "
                "concentration roll",
    "build_down": "lands now; for that many turns after, other tasks need a "
                  "concentration roll",
    "time": "lasts that many turns",
}


def attack_actions(state: PowersFight, key: str) -> list[Action]:
    character = state.character(key)
    others = state.others(key)
    standing = [k for k in others if k not in state.dead][:ODDS_SHOWN]
    out = []
    for line in attacking_powers(character):
        chances = "; ".join(
            f"{k}: {attack_chance(character, state.character(k), line)}"
            + "".join(f", then {damage_chance(state.character(k), d, counts=state.counts(k))}"
                      for d in line.damage)
            for k in standing)
        touch = (" Touch: this roll is the melee hit that uses the power, in the same "
                 "action." if line.attack is not None and line.attack.touch else "")
        why = _turn_why(state, key, POWER) or (
            PERSONAL if personal_only(line) else None if others else "nobody to attack")
        out.append(Action(
            f"attack:{line.power.name}", f"Attack: {line.power.name}", (
                Param("target", "Target", "choice", others[0] if others else "",
                      choices_of(others)),
                _hits("bonus", "Attacker's modifier (hits)"),
                _hits("cover", "Target's modifier, e.g. cover (hits)"),
                Param("add_net", "Add the attack's net hits to the damage", "bool", True)),
            why_not=why,
            hint=f"Opposed Agility (+ Accurate): hits only on more hits than the target; "
                 f"then the damage rating against Resilience (Willpower if Psychic) plus "
                 f"the resistances that count now, with the net hits added (ours: the "
                 f"draft lets them be added or taken off; a toggle leaves them out) "
                 f"(Hitting a Target; Damaging a Target).{touch}"
                 f"{_duration_hint(state, key, line)}{_epic_hint(state, line)} Exact odds, "
                 "no modifiers: "
                 f"{chances or 'nobody standing'}"))
    return out


def power_actions(state: PowersFight, key: str) -> list[Action]:
    character = state.character(key)
    keys = state.all_keys()
    out = []
    for line in derive(character).powers:
        for index, healing in enumerate(line.healing):
            what = "stun only" if healing.stun_only else "normal, then stun (ours)"
            over = f", {healing.over_time}" if healing.over_time else ""
            who = (key,) if personal_only(line) else keys
            touch = (" Touch: a melee hit on another target first, in the same action "
                     "(ours: touching oneself needs no roll)."
                     if line.attack is not None and line.attack.touch else "")
            out.append(Action(
                f"heal:{line.power.name}:{index}", f"Heal: {line.power.name}",
                (Param("target", "Who", "choice", key, choices_of(who)),),
                why_not=_turn_why(state, key, POWER),
                hint=f"{healing.points} points of healing ({what}{over}); healing is "
                     f"never negative (Component Listing, Healing)."
                     + (" Personal range: only its user." if personal_only(line) else "")
                     + touch + _duration_hint(state, key, line)))
    names = [p.name for p in character.powers]
    out.append(Action(
        "power", "Use another power",
        (Param("power", "Power", "choice", names[0] if names else "", choices_of(names)),
         Param("note", "What it does", "text", "")),
        why_not=_turn_why(state, key, POWER) or (None if names else "no powers"),
        hint="Activate a single power this turn (Combat, Basics). Its resistances count as "
             "its Duration says: Instant this turn, Time for its turns, Toggled until "
             "switched off, Delayed and Build Up from the turn it lands, Always On always; "
             "RoT Fading halves and RoT Increase doubles the rating each turn after "
             "(Component Listing, Duration; Resistance)"))
    on = in_play.toggled_on(state, key)
    out.append(Action(
        "power_off", "Switch a power off",
        (Param("power", "Power", "choice", on[0] if on else "", choices_of(on)),),
        why_not=None if on else "no Toggled power is switched on",
        hint="Toggled: \"the character can deactivate/reactivate at will\" (ours: "
             "switching off is free, at any time); RoT Fading or Increase runs from then"))
    example = sprint_odds(state, key, 10, 6)
    out.append(Action(
        "move", "Move (or sprint)",
        (Param("normal", "Turns it would take", default=1, minimum=1, maximum=99),
         Param("sprint", "Sprinting: turns it takes (0 = no sprint)", default=0,
               maximum=99),
         Param("where", "Where to", "text", "")),
        why_not=_turn_why(state, key, MOVE),
        hint=f"One move a turn. Sprinting saves up to half the turns; a Resilience test "
             f"against the turns saved, one Stun per hit short, one point a turn (Move). "
             f"E.g. 10 turns in 6: {example}"))
    return out


def survival_actions(state: PowersFight, key: str) -> list[Action]:
    character = state.character(key)
    due = state.ctd_due(key)
    ctd_why = None if due else ("not Close to Death" if not state.close_to_death(key)
                                else "rolled this turn already" if state.started
                                else "start the fight first")
    phantom = damage(character).phantom
    rating = state.phantom_rating.get(key, 1)
    tested = state.phantom_tested.get(key) == state.round
    phantom_why = ("no phantom damage" if not phantom else
                   "start the fight first" if not state.started else
                   "tested this turn already" if tested else
                   "dead" if key in state.dead else None)
    return [
        Action("ctd_roll", "Close to Death roll", why_not=ctd_why, prompt=due,
               hint=f"To stay alive: {ctd_odds(state, key)}; hits ≥ the amount below 0 "
                    "(ours: at exactly 0 hit points, 0 hits), when it happens and every "
                    "combat turn after (Close to Death (CTD)). Ours: failing is death"),
        Action("phantom_test", "Willpower test against phantom damage",
               (Param("rating", "Phantom rating", default=rating, minimum=0, maximum=60),),
               why_not=phantom_why,
               prompt=phantom_why is None and key in state.actors(),
               hint=f"Each combat turn; success removes all phantom damage (Damage, "
                    f"Phantom). {phantom_odds(state, key, rating)}"),
    ]


def gm_actions(state: PowersFight, key: str) -> list[Action]:
    c = state.get(key)
    return [
        Action("damage", "Damage (rolled at the table)", (
            Param("points", "Points", default=1, minimum=1, maximum=999),
            Param("kind", "Kind", "choice", "normal", choices_of(DAMAGE_KINDS)),
            Param("over", "Over time", "choice", "", OVER_TIME),
            Param("turns", "Turns (DoT, DoT Increase)", default=3, minimum=1, maximum=99),
            Param("rating", "Phantom rating", default=1, minimum=0, maximum=60),
            Param("why", "Why", "text", "")),
            why_not="dead" if key in state.dead else None,
            hint="Points recorded by kind, kept apart: normal and phantom take hit points, "
                 "stun + normal reaching Health knocks out; DoT ticks at each new combat "
                 "turn (Damaging a Target; Component Listing, Damage)"),
        Action("heal", "Healing (points)", (
            Param("points", "Points", default=1, minimum=1, maximum=999),
            Param("stun_only", "Stun only", "bool", False),
            Param("why", "Why", "text", "")),
            why_not=None if any((damage(state.character(key)).normal,
                                 damage(state.character(key)).stun)) else "nothing to heal",
            hint="Takes off normal damage, then stun (ours; Component Listing, Healing)"),
        Action("init_given", "Initiative hits rolled at the table", (
            Param("hits", "Hits", default=0, minimum=-20, maximum=999),),
            why_not=why_not_given(state),
            hint="This combat turn's initiative as the table rolled it; the order is "
                 "sorted again, ties to more dice, then a tie-break die (ours) (Combat, "
                 "Basics)"),
        Action("rules", "Table rules for this fight", (
            Param("epic_fail", "Epic Fail (optional rule)", "bool", state.epic_fail),
            Param("concentration", "Concentration roll: attribute", "choice",
                  state.concentration, choices_of(ATTRIBUTE_NAMES)),
            Param("concentration_hits", "Concentration roll: hits needed",
                  default=state.concentration_hits, minimum=0, maximum=20)),
            hint="\"Epic Fail is an optional rule … make sure everyone in the group "
                 "knows!\" Off by default; when on, an Epic Fail adds the PR of every "
                 "power affecting the roll and rolls on your saved Epic Fail table. "
                 "Build Up and Build Down call for a concentration roll "
                 f"({in_play.CONCENTRATION}; Willpower needing 1 hit unless set)"),
        Action("init_mod", "Initiative modifiers", (
            Param("dice", "Dice from powers", default=c.extra_dice, minimum=-20, maximum=20),
            Param("hits", "Situational (hits)", default=c.extra_hits, minimum=-20,
                  maximum=20)),
            hint="Agility + Intelligence dice plus any modifiers from relevant powers "
                 "(Combat, Basics); from the next initiative roll on"),
    ]


def actions(state: PowersFight, key: str) -> list[Action]:
    return [*survival_actions(state, key), *attack_actions(state, key),
            *power_actions(state, key), *gm_actions(state, key)]
