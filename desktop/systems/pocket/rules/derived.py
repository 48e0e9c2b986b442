"""Pocket Universe derived values: pure functions of a character, never stored.

``derive(character)`` computes everything the editor, the record sheet, the command
line and the GM screen show, and the creation findings (``validation.py``). Section
numbers in docstrings and citations are the book's. The pieces live in small modules:
``attributes`` (the Attribute table), ``traits``, ``skills``, ``equipment``,
``defense``, ``contacts``; this module puts them together.

Attribute scores in the file are final. What was bought at creation is worked out
backwards: creation score = final − experience raises − Attribute ±1 traits gained
in play; points added = creation score − Attribute ±1 traits taken at creation − 8.
Starting EPs and contact points are read at the creation INTL and WILL (RULINGS
Pocket 3); everything else uses the scores as they are now, with DEFT limited by armor
for initiative, Move and DEFT-based skills (3.4, RULINGS Pocket 2).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from desktop.model.findings import Finding
from desktop.systems.pocket.rules import (
    attributes,
    catalog_attributes,
    catalog_traits,
    contacts,
    defense,
    equipment,
    skills,
    validation,
)
from desktop.systems.pocket.rules.catalog_attributes import AttributeRow
from desktop.systems.pocket.rules.character import ATTRIBUTES, Attribute, PocketCharacter, Triplet
from desktop.systems.pocket.rules.contacts import ContactLine
from desktop.systems.pocket.rules.defense import DefenseOption
from desktop.systems.pocket.rules.equipment import ArmorTotals, Attack, ShieldLine
from desktop.systems.pocket.rules.skills import LanguageLine, SkillLine
from desktop.systems.pocket.rules.traits import TraitSummary, summarise


@dataclass(frozen=True)
class PocketDerived:
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
    findings: list[Finding] = field(default_factory=list)

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


def is_lackey(character: PocketCharacter) -> bool:
    return character.role == "lackey"


def attribute_budget(character: PocketCharacter) -> int:
    rules = catalog_attributes.tables().creation
    return rules.lackey_points if is_lackey(character) else rules.points


def trait_budget(character: PocketCharacter) -> int:
    rules = catalog_traits.trait_data().rules
    return rules.lackey_max if is_lackey(character) else rules.max_advantages


def raise_eps(final: int, raises: int) -> int:
    """EPs paid for ``raises`` points ending at ``final``: each cost the score it was
    raised from (6.3), so 10 → 12 costs 10 + 11."""
    return sum(range(final - raises, final))


def derive(character: PocketCharacter) -> PocketDerived:
    tables = catalog_attributes.tables()
    traits = summarise(character)
    final = {a: character.attributes.get(a) for a in ATTRIBUTES}
    raises = {a: character.experience.attribute_raises.get(a, 0) for a in ATTRIBUTES}
    play_traits = {a: traits.attribute.get(a, 0) - traits.creation_attribute.get(a, 0)
                   for a in ATTRIBUTES}
    creation = {a: final[a] - raises[a] - play_traits[a] for a in ATTRIBUTES}
    added = {a: creation[a] - traits.creation_attribute.get(a, 0) - tables.creation.base
             for a in ATTRIBUTES}
    budget = attribute_budget(character)

    armor = equipment.armor_totals(character, traits)
    phys = final["phys"]
    deft = equipment.armored_deft(final["deft"], armor)
    scores: dict[Attribute, int] = {"phys": phys, "deft": deft, "intl": final["intl"],
                                    "will": final["will"]}
    hits = attributes.value(phys)
    move = max(tables.move.base + attributes.modifier(deft) + traits.move, 0)

    skill_lines = skills.skill_lines(character, scores)
    language_lines = skills.language_lines(character)
    swim = skills.use(skill_lines, "Swim", "", scores)

    attribute_raise_eps = sum(raise_eps(final[a], raises[a]) for a in ATTRIBUTES)
    spent_creation = (sum(s.creation_cost for s in skill_lines)
                      + sum(ln.creation_cost for ln in language_lines))
    spent_experience = (sum(s.experience_cost for s in skill_lines)
                        + sum(ln.experience_cost for ln in language_lines)
                        + attribute_raise_eps)
    starting_eps = max(tables.starting_eps.points(creation["intl"]) + traits.starting_eps, 0)
    awarded = sum(a.eps for a in character.experience.awards)

    contact_lines = contacts.contact_lines(character)
    contact_points = 0 if is_lackey(character) else (
        tables.contact_points.points(creation["will"]) + traits.contact_points)
    contacts_spent = sum(c.cost for c in contact_lines if c.counted)

    shields = equipment.shield_lines(character, phys)
    attacks: list[Attack] = []
    for index, weapon in enumerate(character.equipment.weapons):
        attacks += equipment.weapon_attacks(index, weapon, skill_lines, scores, phys, traits)
    attacks += equipment.unarmed_attacks(skill_lines, scores, phys, traits)
    melee, missile = defense.defense_options(character, skill_lines, scores, phys, shields,
                                             traits)

    starting_money = (traits.starting_money if traits.starting_money is not None
                      else tables.starting_money.amount)
    money_spent = equipment.purchase_cost(character)

    derived = PocketDerived(
        attributes=final,
        rows={a: attributes.row(final[a]) for a in ATTRIBUTES},
        creation_scores=creation,
        points_added=added,
        attribute_points_spent=sum(added.values()),
        attribute_points_budget=budget,
        attribute_points_left=budget - sum(added.values()),
        traits=traits,
        advantage_points=traits.advantages,
        disadvantage_points=traits.disadvantages,
        trait_points_max=trait_budget(character),
        hits=hits,
        current_hits=hits if character.tracking.hits is None else character.tracking.hits,
        unarmed_damage=attributes.roll(phys),
        armored_deft=deft,
        initiative=attributes.roll(deft, traits.initiative_rows),
        initiative_rows=traits.initiative_rows,
        move=move,
        stealth_move=move // 2,
        swim_rate=max(swim.score - 9, 0),
        appearance=final["will"] + traits.appearance,
        appearance_modifier=traits.appearance,
        perception_penalty=armor.perception_penalty,
        skills=skill_lines,
        skill_scores={s.label: s.score for s in skill_lines},
        unskilled=skills.unskilled_scores(scores),
        languages=language_lines,
        starting_eps=starting_eps,
        eps_awarded=awarded,
        eps_total=starting_eps + awarded,
        eps_spent_creation=spent_creation,
        eps_spent_experience=spent_experience,
        eps_spent=spent_creation + spent_experience,
        eps_unspent=starting_eps + awarded - spent_creation - spent_experience,
        attribute_raise_costs=dict(final),
        attribute_raise_eps=attribute_raise_eps,
        contacts=contact_lines,
        contact_points=contact_points,
        contact_points_spent=contacts_spent,
        contact_points_left=contact_points - contacts_spent,
        attacks=tuple(attacks),
        melee_defenses=tuple(melee),
        missile_defenses=tuple(missile),
        melee_defense=defense.best(melee).total,
        missile_defense=defense.best(missile).total,
        armor=armor,
        shields=shields,
        starting_money=starting_money,
        money_spent=money_spent,
        money_left=starting_money - money_spent,
        money=(starting_money - money_spent if character.tracking.money is None
               else character.tracking.money),
        monthly_income=traits.monthly_income,
    )
    derived.findings.extend(validation.findings(character, derived))
    return derived
