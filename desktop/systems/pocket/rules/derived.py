"""Pocket Universe derived values: pure functions of a character, never stored.

``derive(character)`` computes everything the editor, the record sheet, the command
line and the GM screen show, and the creation findings. Section numbers in docstrings
and citations are the book's. It is the one place that calls the steps, in this order,
each a module of its own that reads the character and only the steps before it (never
a later one, never this module):

1. ``attributes``: the scores in the file (final), their table rows, hits, unarmed
   damage, EPs paid for raises, and DEFT as limited by the armor worn (3.4, RULINGS
   Pocket 2) — what initiative, Move and DEFT-based skills use (2.1, 2.3).
2. ``traits``: the Personal Traits summed up; what was bought at creation worked out
   backwards (creation score = final − experience raises − Attribute ±1 traits gained in
   play; points added = creation score − Attribute ±1 traits taken at creation − 8);
   the Attribute and trait budgets; initiative, Move and appearance (2.1, 2.2, 2.3).
3. ``skills``: skill and language lines, unskilled scores, the swim rate, and the EP
   account, starting EPs read at the creation INTL (2.4, 2.41, 6.3; RULINGS Pocket 3).
4. ``contacts``: Contacts and contact points, read at the creation WILL (2.6).
5. ``equipment``: armor, shields, attack lines and money (3.0, 3.1).
6. ``defense``: the Melee and Missile Defense choices and the ones in use (2.5).
7. ``validation``: the findings, from the character and steps 1 to 5.

This module then assembles ``PocketDerived``, the flat record every reader uses.
"""

from __future__ import annotations

from typing import Any, NamedTuple

from desktop.model.findings import Finding
from desktop.systems.pocket.rules import defense, validation
from desktop.systems.pocket.rules.attributes import attribute_values
from desktop.systems.pocket.rules.catalog_attributes import AttributeRow
from desktop.systems.pocket.rules.character import Attribute, PocketCharacter, Triplet
from desktop.systems.pocket.rules.contacts import ContactLine, contact_values
from desktop.systems.pocket.rules.defense import DefenseOption, defense_values
from desktop.systems.pocket.rules.equipment import ArmorTotals, Attack, ShieldLine, equipment_values
from desktop.systems.pocket.rules.skills import LanguageLine, SkillLine, skill_values
from desktop.systems.pocket.rules.traits import TraitSummary, trait_values


class PocketDerived(NamedTuple):
    """Everything ``derive`` works out for a Pocket Universe character, as one flat record.

    A NamedTuple: made once per opened character, it costs nothing to declare (a frozen
    dataclass of this many fields compiles its methods as the module is imported)."""

    # -- Attributes (2.1, 2.3)
    attributes: dict[Attribute, int]
    """Final scores, as in the file."""
    rows: dict[Attribute, AttributeRow]
    """Each Attribute's table row: Modifier, Value, Roll."""
    creation_scores: dict[Attribute, int]
    """Scores at the end of creation (Attribute ±1 traits taken at creation included)."""
    points_added: dict[Attribute, int]
    """Creation points put on each Attribute (0 to 4)."""
    attribute_points_spent: int
    attribute_points_budget: int
    attribute_points_left: int
    # -- Personal Traits (2.2)
    traits: TraitSummary
    advantage_points: int
    disadvantage_points: int
    trait_points_max: int
    # -- Other characteristics (2.31-2.34)
    hits: int
    current_hits: int
    unarmed_damage: Triplet
    armored_deft: int
    initiative: Triplet
    initiative_rows: int
    move: int
    stealth_move: int
    swim_rate: int
    """Spaces per turn (Swim − 9, min 0); unskilled swimmers must roll to tread water."""
    appearance: int
    """WILL with Attractive/Unattractive: the target of rolls where looks matter."""
    appearance_modifier: int
    perception_penalty: int
    """Full Helm: on sight and sound perception."""
    # -- Skills and EPs (2.4, 6.3)
    skills: tuple[SkillLine, ...]
    skill_scores: dict[str, int]
    unskilled: dict[str, int]
    languages: tuple[LanguageLine, ...]
    starting_eps: int
    eps_awarded: int
    eps_total: int
    eps_spent_creation: int
    eps_spent_experience: int
    eps_spent: int
    eps_unspent: int
    attribute_raise_costs: dict[Attribute, int]
    """EPs for the next point of each Attribute: its current score (6.3)."""
    attribute_raise_eps: int
    """EPs already paid for Attribute raises."""
    # -- Contacts (2.6)
    contacts: tuple[ContactLine, ...]
    contact_points: int
    contact_points_spent: int
    contact_points_left: int
    # -- Combat numbers (2.5, 3.x)
    attacks: tuple[Attack, ...]
    melee_defenses: tuple[DefenseOption, ...]
    missile_defenses: tuple[DefenseOption, ...]
    melee_defense: int
    missile_defense: int
    armor: ArmorTotals
    shields: tuple[ShieldLine, ...]
    # -- Money (3.1)
    starting_money: int
    money_spent: int
    money_left: int
    """Starting money less what was bought at creation."""
    money: int
    """Cash now: tracked, or what is left of the starting money."""
    monthly_income: int
    findings: list[Finding]

    def best_melee(self) -> DefenseOption:
        return defense.best(list(self.melee_defenses))

    def best_missile(self) -> DefenseOption:
        return defense.best(list(self.missile_defenses))

    def to_json(self, character: PocketCharacter) -> dict[str, Any]:
        """The ``sheetdesk derive --json`` object: PRODUCT.md's keys first, then ours."""
        return {
            "system": "pocket",
            "name": character.name,
            "findings": [f.to_json() for f in self.findings],
            "hits": self.hits,
            "unarmed_damage": list(self.unarmed_damage),
            "initiative": list(self.initiative),
            "move": self.move,
            "armored_deft": self.armored_deft,
            "starting_eps": self.starting_eps,
            "eps_spent": self.eps_spent,
            "contact_points": self.contact_points,
            "melee_defense": self.melee_defense,
            "missile_defense": self.missile_defense,
            "skills": dict(self.skill_scores),
            "attributes": dict(self.attributes),
            "attribute_points": {"spent": self.attribute_points_spent,
                                 "budget": self.attribute_points_budget,
                                 "left": self.attribute_points_left,
                                 "added": dict(self.points_added)},
            "trait_points": {"advantages": self.advantage_points,
                             "disadvantages": self.disadvantage_points,
                             "max": self.trait_points_max},
            "current_hits": self.current_hits,
            "stealth_move": self.stealth_move,
            "swim_rate": self.swim_rate,
            "appearance": self.appearance,
            "eps": {"starting": self.starting_eps, "awarded": self.eps_awarded,
                    "total": self.eps_total, "spent_creation": self.eps_spent_creation,
                    "spent_experience": self.eps_spent_experience,
                    "unspent": self.eps_unspent},
            "attribute_raise_costs": dict(self.attribute_raise_costs),
            "skill_costs": {s.label: {"level": s.level, "creation": s.creation_cost,
                                      "experience": s.experience_cost, "next": s.next_cost}
                            for s in self.skills},
            "unskilled": dict(self.unskilled),
            "languages": [{"name": ln.language.name, "level": ln.level_name,
                           "native": ln.language.native, "literate": ln.literate,
                           "eps": ln.creation_cost + ln.experience_cost}
                          for ln in self.languages],
            "contact_points_spent": self.contact_points_spent,
            "contact_points_left": self.contact_points_left,
            "contacts": [{"name": c.contact.name, "tier": c.tier_name, "cost": c.cost,
                          "shared": c.shared} for c in self.contacts],
            "attacks": [{"name": a.name, "mode": a.mode, "skill": a.skill_label,
                         "skill_score": a.skill, "hit": a.hit, "total": a.total,
                         "range": a.range, "damage": list(a.damage)} for a in self.attacks],
            "melee_defenses": [_defense_json(o) for o in self.melee_defenses],
            "missile_defenses": [_defense_json(o) for o in self.missile_defenses],
            "armor": {"worn": list(self.armor.worn), "helmet": list(self.armor.helmet_bonus),
                      "natural": list(self.armor.natural), "total": list(self.armor.total),
                      "knockout": list(self.armor.knockout),
                      "deft_limit": self.armor.deft_limit},
            "shields": [{"name": s.name, "parry": s.parry, "hits": s.hits,
                         "hits_left": s.hits_left} for s in self.shields],
            "money": {"starting": self.starting_money, "spent": self.money_spent,
                      "left": self.money_left, "now": self.money,
                      "monthly_income": self.monthly_income},
        }


def _defense_json(option: DefenseOption) -> dict[str, Any]:
    return {"skill": option.skill_label, "score": option.skill,
            "modifiers": {p.label: p.value for p in option.modifiers},
            "total": option.total, "condition": option.condition}


def derive(character: PocketCharacter) -> PocketDerived:
    attrs = attribute_values(character)
    traits = trait_values(character, attrs)
    learnt = skill_values(character, attrs, traits)
    contacts = contact_values(character, traits)
    gear = equipment_values(character, attrs, traits, learnt)
    defenses = defense_values(character, attrs, traits, learnt, gear)
    found = validation.findings(character, attrs, traits, learnt, contacts, gear)
    summary = traits.summary
    return PocketDerived(
        attributes=attrs.final,
        rows=attrs.rows,
        creation_scores=traits.creation_scores,
        points_added=traits.points_added,
        attribute_points_spent=traits.attribute_points_spent,
        attribute_points_budget=traits.attribute_points_budget,
        attribute_points_left=traits.attribute_points_left,
        traits=summary,
        advantage_points=summary.advantages,
        disadvantage_points=summary.disadvantages,
        trait_points_max=traits.trait_points_max,
        hits=attrs.hits,
        current_hits=attrs.current_hits,
        unarmed_damage=attrs.unarmed_damage,
        armored_deft=attrs.armored_deft,
        initiative=traits.initiative,
        initiative_rows=summary.initiative_rows,
        move=traits.move,
        stealth_move=traits.move // 2,
        swim_rate=learnt.swim_rate,
        appearance=traits.appearance,
        appearance_modifier=summary.appearance,
        perception_penalty=gear.armor.perception_penalty,
        skills=learnt.lines,
        skill_scores={s.label: s.score for s in learnt.lines},
        unskilled=learnt.unskilled,
        languages=learnt.languages,
        starting_eps=learnt.starting_eps,
        eps_awarded=learnt.eps_awarded,
        eps_total=learnt.eps_total,
        eps_spent_creation=learnt.eps_spent_creation,
        eps_spent_experience=learnt.eps_spent_experience,
        eps_spent=learnt.eps_spent,
        eps_unspent=learnt.eps_unspent,
        attribute_raise_costs=dict(attrs.final),
        attribute_raise_eps=attrs.raise_eps,
        contacts=contacts.lines,
        contact_points=contacts.points,
        contact_points_spent=contacts.spent,
        contact_points_left=contacts.left,
        attacks=gear.attacks,
        melee_defenses=defenses.melee,
        missile_defenses=defenses.missile,
        melee_defense=defenses.melee_defense,
        missile_defense=defenses.missile_defense,
        armor=gear.armor,
        shields=gear.shields,
        starting_money=gear.starting_money,
        money_spent=gear.money_spent,
        money_left=gear.money_left,
        money=gear.money,
        monthly_income=summary.monthly_income,
        findings=found,
    )
