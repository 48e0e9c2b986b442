"""What the Pocket Universe GM can do to or for a combatant now, as ``Action``s: inputs
most-used first, dice rolled at the table as optional inputs (0 = roll), a hint citing
the book, and why not when the rules refuse it (chapter 5; 4.7, 4.8; 3.41).

The rules themselves say why not where they can: an action is tried on a throwaway
roller, and its refusal is the reason shown (``refused``)."""

from __future__ import annotations

from collections.abc import Callable

from desktop.model.combat_helpers import choices_of
from desktop.model.combat_rules import Action, Param
from desktop.model.dice import Roller
from desktop.systems.pocket.fight import tables as ct
from desktop.systems.pocket.fight.damage import CombatError
from desktop.systems.pocket.fight.fighter import CONDITIONS, Fighter, FighterError
from desktop.systems.pocket.fight.gm_inputs import dice_params, die_param
from desktop.systems.pocket.fight.gm_state import NOT_STARTED, PocketFight
from desktop.systems.pocket.fight.stances import morale, take_stance
from desktop.systems.pocket.rules import catalog_world, dice
from desktop.systems.pocket.rules.dice import CheckError, format_triplet


def refused(attempt: Callable[[], object]) -> str | None:
    """The rules' reason for refusing ``attempt`` now, or None. The attempt is pure (a
    throwaway roller), so trying it changes nothing."""
    try:
        attempt()
    except (CombatError, FighterError, CheckError) as exc:
        return str(exc)
    return None


def _called_choices() -> tuple[tuple[str, str], ...]:
    shots = ct.tables().called_shots
    items = tuple((f"equipment:{size}", f"at a {size} item {mod:+d}")
                  for size, mod in shots.equipment.to_hit.items())
    return (
        ("", "no called shot"),
        ("knockout", f"knockout {shots.knockout.to_hit:+d} (5.61)"),
        ("head_shot", f"head shot {shots.head_shot.to_hit:+d}"
                      + (", the app's reading" if "to_hit" in shots.head_shot.ours else "")
                      + " (5.61)"),
        ("disarm", f"disarm {shots.disarm.to_hit:+d} (5.62)"),
        ("avoid_armor", f"avoid armor {shots.avoid_armor.to_hit_per_armor_point:+d}/point"),
        ("exposed_head", f"exposed head {shots.avoid_armor.exposed_head_to_hit:+d} (5.63)"),
        *items,
        ("death_blow", f"death blow {shots.death_blow.to_hit:+d} (5.65)"),
        ("grapple", "grapple (5.82)"),
        ("full_hold", f"full hold {ct.tables().grappling.full_hold_to_hit:+d} (5.82)"),
    )


def _material_choices() -> tuple[tuple[str, str], ...]:
    rows = catalog_world.materials().materials
    return (("", "material: —"),
            *((row.names[0], f"{' / '.join(row.names)} ({row.strength})") for row in rows))


def _cover_choices() -> tuple[tuple[str, str], ...]:
    return (("", "no cover"), *((c.name, f"{c.name} cover (1–{c.obstructed_to}, aim "
                                          f"{c.aim_penalty:+d})") for c in ct.tables().cover.types))


def _surface_choices() -> tuple[tuple[str, str], ...]:
    return tuple((s.name, f"onto {s.name.lower()} ({s.modifier:+d})")
                 for s in catalog_world.falling().surfaces)



def actions(state: PocketFight, key: str) -> list[Action]:
    """Everything the GM can do to or for ``key``. Inputs come most-used first (the
    rules' defaults stand for the rest); dice rolled at the table are optional
    inputs, 0 = let the app roll."""
    fight = state.fight
    f = fight.fighter(key)
    started = state.started
    others = [k for k, g in fight.fighters.items() if k != key and not g.dead]
    acting = [k for k in others if fight.fighters[k].can_act]
    holding = [k for k, g in fight.fighters.items() if g.held_by == key]
    own_turn = started and fight.current == key

    def gate(*reasons: str | None) -> str | None:
        return next((r for r in reasons if r), None)

    not_started = None if started else NOT_STARTED
    wake = gate(None if f.unconscious else f"{key} is not unconscious", not_started,
                refused(lambda: fight.wake_up(key, Roller(0))))
    attacker = _attacker_refusal(f)
    melee = [(str(i), w.describe()) for i, w in enumerate(f.weapons)
             if not w.ranged] or [("0", "—")]
    ranged = [(str(i), w.describe()) for i, w in enumerate(f.weapons) if w.ranged]
    targets = choices_of(others) or (("", "nobody"),)
    target = Param("target", "Target", "choice",
                   _default_target(state, key, others), targets)
    called = Param("called", "Called shot", "choice", "", _called_choices())
    modifier = Param("modifier", "±", default=0, minimum=-30, maximum=30)
    to_hit = (*dice_params("Hit", 2, "hit"), die_param("damage_die", "Dmg d10"))
    critical = die_param("critical_die", "Crit d10")
    material = Param("material", "Material", "choice", "", _material_choices())
    several = Param("actions", "Actions", default=1, minimum=1, maximum=9)
    nobody = (("", "nobody"),)
    return [
        Action("attack", "Attack", (
            target, Param("weapon", "Weapon", "choice", melee[0][0], tuple(melee)),
            called, modifier, *to_hit, material,
            Param("both_weapons", "both weapons", "bool", False), several, critical),
            why_not=gate(not_started, attacker, None if others else "nobody to attack"),
            hint="Its Action (5.3): weapon score − the target's Melee Defense ± called "
                 "shot (5.6), stances (5.7), surprise (5.34), several Actions (5.22), two "
                 "weapons (5.81), the GM's ±; a hit rolls damage (1d10 low/mid/high) "
                 "through armor (5.4), a miss may strike a shield (3.41), doubles roll on "
                 "the critical tables (5.35). Material: a struck item's (5.64, 4.8)"),
        Action("shoot", "Shoot / throw", (
            target, Param("weapon", "Weapon", "choice", ranged[0][0] if ranged else "",
                          tuple(ranged) or (("", "no missile weapon"),)),
            Param("range", "Spaces", default=4, minimum=0, maximum=100000),
            Param("cover", "Cover", "choice", "", _cover_choices()), material,
            Param("aim", "aim past cover", "bool", False),
            called, modifier, *to_hit, die_param("cover_die", "Cover d10"), several, critical),
            why_not=gate(not_started, attacker,
                         None if ranged else f"{key} has no missile or thrown weapon",
                         None if others else "nobody to attack"),
            hint="Its Action (5.3): as an attack, against the Missile Defense, with the "
                 "range modifier (5.32; point blank −2, 3.3: the book does not say how "
                 "near that is, the app's reading is 1 space or less) and cover (5.33: "
                 "1d10 after a hit; the cover's Material Strength is its armor, 4.8)"),
        Action("wake_up", "Wake-up roll", dice_params("Wake-up", 2),
               why_not=wake, prompt=wake is None,
               hint="Once a round on its own turn: 2d10 at or under its remaining hits "
                    "wakes it; it may act and move at once (5.41)"),
        Action("damage", "Damage", (
            Param("points", "Points", default=1, minimum=1),
            Param("armor", "armor", "bool", True),
            Param("energy", "energy", "bool", False)),
            why_not=f"{key} is dead" if f.dead else None,
            hint="Through armor unless unticked: armor at least twice the damage stops it; "
                 "under half, it is subtracted; else half gets through (5.4). Over half "
                 "the remaining hits in one blow knocks out; below 0 dying; below −Hits "
                 "dead (5.41)"),
        Action("hold", "Hold turn",
               why_not=gate(not_started, None if own_turn else
                            f"{key} can hold only when its turn comes (5.2)",
                            refused(fight.hold) if own_turn else None),
               hint="Instead of its turn: take it at any later point, interrupting; one "
                    "held turn at a time, no new initiative until it is spent (5.2)"),
        Action("take_held", "Take held turn", (
            Param("with", "Together with", "choice", "",
                  (("", "alone"), *((h.key, f"with {h.key}") for h in fight.holds
                                    if h.key != key))),),
               why_not=gate(not_started, refused(lambda: fight.take_held(key))),
               hint="Now, interrupting whoever acts; held turns taken at once go oldest "
                    "hold first (5.2)"),
        Action("stance", "Stance", (
            Param("stance", "Stance", "choice", "defensive",
                  (("defensive", "defensive"), ("desperate", "desperate"))),),
            why_not=gate(not_started, None if own_turn else
                         "a stance is taken on one's own turn (5.71, 5.72)",
                         refused(lambda: take_stance(f, "defensive"))),
            hint="Until its next turn. Defensive: its Action, +2 Defense (5.71). "
                 "Desperate: double move, +2 PHYS and weapon damage levels, −2 on checks "
                 "and Defense (5.72)"),
        Action("rouse", "Rouse", (
            Param("helper", "Helper", "choice", acting[0] if acting else "",
                  tuple((k, f"by {k}") for k in acting) or nobody),
            *dice_params("Wake-up", 2)),
            why_not=gate(None if f.unconscious else f"{key} is not unconscious",
                         None if acting else "nobody can spend an Action on it"),
            hint="Each Action another spends trying to awaken it: an extra wake-up roll "
                 "at +2 (5.41)"),
        Action("treat", "Medicine", (
            Param("treatment", "Treatment", "choice", "bind" if f.bleeding else "heal",
                  (("bind", "bind wound"), ("heal", "heal a hit"))),
            Param("medic", "Medic", "choice", _default_medic(state, key),
                  tuple((k, f"by {k} ({state.medicine.get(k, 0)})")
                        for k in fight.fighters)),
            *dice_params("Medicine", 2),
            Param("score", "Score", default=0, minimum=0, maximum=40)),
            why_not=f"{key} is dead" if f.dead else None,
            hint="A Medicine roll (1 minute) at the medic's score (or the Score typed, "
                 "0 = the medic's): binds a bleeding wound or heals 1 hit (one a day); a "
                 "critical heals 1 more, a fumble inflicts 1 (Medicine, 5.42)"),
        Action("rest", "Rest", (Param("days", "Days", default=1, minimum=1),),
               why_not=refused(lambda: fight.rest(key, 1)),
               hint="1 hit per full day of rest (5.42); a bleeding wound must be bound "
                    "first"),
        Action("fall", "Fall", (
            Param("spaces", "Spaces", default=1, minimum=1),
            Param("surface", "Surface", "choice", catalog_world.falling().surfaces[0].name,
                  _surface_choices()),
            *dice_params("DEFT", 2),
            Param("spikes", "Spikes", default=0, minimum=0)),
            why_not=f"{key} is dead" if f.dead else None,
            hint="1 damage a space (more for large creatures); a conscious faller's DEFT "
                 "roll at −1 a space negates 1 + the margin; soft ground lowers both; "
                 "armor counts only against spikes (4.7)"),
        Action("dodge_past", "Dodge past", (
            Param("blocker", "Blocker", "choice", acting[0] if acting else "",
                  tuple((k, f"past {k}") for k in acting) or nobody),
            modifier, *dice_params("Dodge", 2)),
            why_not=gate(not_started, None if f.can_act else f"{key} cannot act",
                         None if acting else "nobody can block"),
            hint="Zone of control: passing within 1 space of a blocker takes a Dodge check "
                 "− the blocker's Melee Defense, or the movement ends (5.25)"),
        Action("morale", "Morale", (modifier, *dice_params("WILL", 2)),
               why_not=gate(not_started, refused(lambda: morale(f, Roller(0)))),
               hint="At the start of a losing NPC's turn: a WILL check (± fanaticism, "
                    "the leader's WILL, how bad things look); failure: it flees (5.5)"),
        Action("squeeze", "Squeeze", (
            Param("victim", "Victim", "choice", holding[0] if holding else "",
                  choices_of(holding) or nobody),
            die_param("damage_die", "Dmg d10")),
            why_not=gate(not_started, None if holding else f"{key} holds nobody"),
            hint="A full turn: its PHYS roll in damage to the one it holds, through armor "
                 "(5.82)"),
        Action("break_free", "Break free", (
            die_param("own_die", "Own d10"), die_param("holder_die", "Holder d10")),
            why_not=gate(not_started, refused(lambda: fight.break_free(key, Roller(0)))),
            hint="Its Action: both roll their PHYS roll; strictly higher escapes (5.82). "
                 "To counter-grapple, attack the holder with the called shot 'grapple'"),
        Action("release", "Release", (
            Param("victim", "Victim", "choice", holding[0] if holding else "",
                  choices_of(holding) or nobody),),
            why_not=None if holding else f"{key} holds nobody",
            hint="Let go of the one it holds (5.82)"),
        Action("condition", "Condition", (
            Param("condition", "Condition", "choice", "off guard",
                  choices_of(sorted(CONDITIONS))),
            Param("on", "on", "bool", True)),
            hint="Conditions the rules read (untick 'on' to clear one): unaware and "
                 "immobile lose Defense; off guard or prone +2, immobile +4 to hit "
                 "(5.34); prone costs the next turn (5.35); dead, fled and unconscious "
                 "leave the count-down"),
        Action("npc", "Played by GM", (Param("npc", "NPC", "bool", f.npc),),
               hint="Tick for an NPC, untick for a player character, then press: only "
                    "NPCs check morale (5.5). Catalog creatures and group members start "
                    "as NPCs, a combatant added alone as a player character"),
        Action("initiative", "Initiative d10", (
            Param("die", "Next round", default=state.pending.get(key, 0), minimum=0,
                  maximum=dice.SIDES, blank="roll"),),
            why_not=None if f.can_act or f.unconscious else f"{key} is out of the fight",
            hint=f"The d10 the table rolled for the next round (left at 'roll', the app "
                 f"rolls it): on "
                 f"{format_triplet(f.initiative)}, 1–2 low, 3–8 middle, 9–10 high; the "
                 "count goes down, ties to the lower DEFT (5.2)"),
    ]


def _default_medic(state: PocketFight, patient: str) -> str:
    """The best Medicine among those able to act (the patient too, if conscious)."""
    able = [k for k, g in state.fight.fighters.items() if g.can_act]
    return max(able, key=lambda k: state.medicine.get(k, 0), default=patient)


def _attacker_refusal(f: Fighter) -> str | None:
    """Why ``f`` cannot attack at all now (the rules check the rest when it does)."""
    if f.dead:
        return f"{f.key} is dead"
    if "fled" in f.conditions:
        return f"{f.key} has fled"
    if f.unconscious:
        return f"{f.key} is unconscious"
    if f.full_hold:
        return f"{f.key} is in a full hold: it can only try to escape"
    return None


def _default_target(state: PocketFight, key: str, others: list[str]) -> str:
    """The first other on the other side (NPC against player character) still able
    to fight, else the first other."""
    npc = state.fighter(key).npc
    for other in others:
        if state.fighter(other).npc != npc and state.fighter(other).can_act:
            return other
    return others[0] if others else ""
