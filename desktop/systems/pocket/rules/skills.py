"""Step 3 of ``derive``: skill scores and EP costs (Pocket Universe, 2.4 Skills, 2.41
Languages, 2.42), and the EP account (6.3 Experience Advancement).

A skill's score is its Attribute plus the levels bought; DEFT-based skills use the
armored DEFT (3.4). Costs follow the book's table, extended by "+1 Cost" per level
(RULINGS Pocket 4): Attribute + k costs (k+1)(k+2)/2 EPs in all. Unskilled attempts
use the Attribute plus the skill's (negative) penalty.

``skill_values`` reads the character and steps 1 and 2 (``attributes``, ``traits``):
starting EPs are read at the creation INTL (RULINGS Pocket 3), scores at the Attributes
as used (DEFT armored).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import NamedTuple

from desktop.systems.pocket.rules import catalog_attributes, catalog_skills, catalog_weapons
from desktop.systems.pocket.rules.attributes import AttributeValues
from desktop.systems.pocket.rules.catalog_skills import SkillInfo
from desktop.systems.pocket.rules.character import (
    ATTRIBUTE_LABELS,
    Attribute,
    Language,
    PocketCharacter,
    Skill,
)
from desktop.systems.pocket.rules.traits import TraitValues

GM_SKILL_PENALTY = -4
"""Unskilled penalty assumed for a GM-defined skill that sets none (the harsher of the
book's two values; a finding asks the GM to set one)."""


class SkillLine(NamedTuple):
    """One skill as the record sheet shows it: Attribute + level = score."""

    index: int
    skill: Skill
    info: SkillInfo | None
    label: str
    """"Dodge", "Melee (blade)"."""
    key: tuple[str, str]
    """Name and specialisation as compared (case and spelling folded)."""
    attribute: Attribute | None
    attribute_score: int
    level: int
    score: int
    penalty: int
    """The unskilled penalty of this skill."""
    creation_level: int
    """Levels bought with starting EPs (level − raised; 0 levels still cost 1 EP)."""
    creation_cost: int
    experience_cost: int
    next_cost: int
    """EPs for one more level."""


class LanguageLine(NamedTuple):
    """One language as the character knows it, with its level and EP costs (2.41)."""

    index: int
    language: Language
    level: int
    level_name: str
    literate: bool
    creation_cost: int
    experience_cost: int


def cost_total(level: int) -> int:
    """EPs for a skill at Attribute + ``level``, all levels together (1, 3, 6, 10…)."""
    return catalog_skills.skill_data().costs.total(level)


def creation_max_level() -> int:
    return catalog_skills.skill_data().costs.creation_max_level


def label(name: str, specialisation: str = "") -> str:
    spec = specialisation.strip()
    return f"{name} ({spec})" if spec else name


def skill_key(name: str, specialisation: str = "") -> tuple[str, str]:
    info = catalog_skills.skill(name)
    return ((info.name if info else name.strip()).casefold(),
            catalog_weapons.specialisation_key(specialisation))


def info_of(skill: Skill) -> SkillInfo | None:
    return None if skill.gm_defined else catalog_skills.skill(skill.name)


def attribute_of(skill: Skill) -> Attribute | None:
    if skill.attribute is not None:
        return skill.attribute
    info = info_of(skill)
    return info.attribute if info else None


def penalty_of(skill: Skill) -> int:
    if skill.penalty is not None:
        return skill.penalty
    info = info_of(skill)
    return info.penalty if info else GM_SKILL_PENALTY


def skill_line(index: int, skill: Skill, scores: Mapping[Attribute, int]) -> SkillLine:
    """``scores``: the Attributes skills are based on (DEFT already armored)."""
    info = info_of(skill)
    attribute = attribute_of(skill)
    base = scores[attribute] if attribute else 0
    raised = min(skill.raised, skill.level)
    creation_level = skill.level - raised
    if skill.acquired == "creation":
        creation_cost = cost_total(creation_level)
        experience_cost = cost_total(skill.level) - creation_cost
    else:
        creation_cost, experience_cost = 0, cost_total(skill.level)
    return SkillLine(
        index=index, skill=skill, info=info,
        label=label(info.name if info else skill.name, skill.specialisation),
        key=skill_key(skill.name, skill.specialisation),
        attribute=attribute, attribute_score=base, level=skill.level,
        score=base + skill.level, penalty=penalty_of(skill),
        creation_level=creation_level, creation_cost=creation_cost,
        experience_cost=experience_cost,
        next_cost=cost_total(skill.level + 1) - cost_total(skill.level),
    )


def skill_lines(character: PocketCharacter, scores: Mapping[Attribute, int]
                ) -> tuple[SkillLine, ...]:
    return tuple(skill_line(i, s, scores) for i, s in enumerate(character.skills))


class Use(NamedTuple):
    """A skill as used for a roll: the learnt score, or the unskilled one."""

    label: str
    score: int
    skilled: bool
    base: int
    """The skill score, or the Attribute for an unskilled use."""
    penalty: int
    """The unskilled penalty applied (0 when skilled)."""


def use(lines: tuple[SkillLine, ...], name: str, specialisation: str,
        scores: Mapping[Attribute, int]) -> Use:
    """The character's best score in ``name`` (``specialisation``), unskilled if unlearnt.

    Tactics with another terrain only is −1 instead of −4 (2.43 Tactics).
    """
    key = skill_key(name, specialisation)
    matches = [ln for ln in lines if ln.key == key]
    info = catalog_skills.skill(name)
    shown = label(info.name if info else name, specialisation)
    if matches:
        best = max(matches, key=lambda ln: ln.score)
        return Use(best.label, best.score, True, best.score, 0)
    if info is None:
        raise KeyError(name)
    base = scores[info.attribute]
    penalty = info.penalty
    if info.alternate_penalty is not None and info.name == "Tactics" and any(
            ln.key[0] == key[0] for ln in lines):
        penalty = info.alternate_penalty
    return Use(f"{shown}, unskilled", base + penalty, False, base, penalty)


def unskilled_scores(scores: Mapping[Attribute, int]) -> dict[str, int]:
    """Every book skill's unskilled score; a second penalty gets its own entry."""
    out: dict[str, int] = {}
    for info in catalog_skills.skills():
        base = scores[info.attribute]
        out[info.name] = base + info.penalty
        if info.alternate_penalty is not None:
            out[f"{info.name} ({info.alternate_when})"] = base + info.alternate_penalty
    return out


def language_line(index: int, language: Language, literate_culture: bool) -> LanguageLine:
    """Costs of a language (2.41): native fluent and free; 1/2/3 EPs in all by level;
    literacy 1 EP, free in the native language of a literate culture."""
    costs = catalog_skills.skill_data().languages
    level = costs.levels[-1].level if language.native else language.level
    creation = experience = 0
    if not language.native:
        raised = min(language.raised, language.level - 1)  # a finding flags more
        bought = costs.level(language.level).total
        if language.acquired == "creation":
            early = costs.level(language.level - raised).total
            creation, experience = early, bought - early
        else:
            experience = bought
    if language.literate and not (language.native and literate_culture):
        if language.literacy_acquired == "creation":
            creation += costs.literacy
        else:
            experience += costs.literacy
    return LanguageLine(index, language, level, costs.level(level).name, language.literate,
                        creation, experience)


def language_lines(character: PocketCharacter) -> tuple[LanguageLine, ...]:
    return tuple(language_line(i, lang, character.literate_culture)
                 for i, lang in enumerate(character.languages))


def attribute_label(attribute: Attribute | None) -> str:
    return ATTRIBUTE_LABELS[attribute] if attribute else "?"


class SkillValues(NamedTuple):
    """Step 3: the skills and languages learnt, unskilled scores, and the EP account."""

    lines: tuple[SkillLine, ...]
    languages: tuple[LanguageLine, ...]
    unskilled: dict[str, int]
    swim_rate: int
    """Spaces per turn (Swim − 9, min 0); unskilled swimmers must roll to tread water."""
    starting_eps: int
    eps_awarded: int
    eps_spent_creation: int
    eps_spent_experience: int
    """Skills and languages raised or learnt in play, and Attribute raises (6.3)."""

    @property
    def eps_total(self) -> int:
        return self.starting_eps + self.eps_awarded

    @property
    def eps_spent(self) -> int:
        return self.eps_spent_creation + self.eps_spent_experience

    @property
    def eps_unspent(self) -> int:
        return self.eps_total - self.eps_spent


def skill_values(character: PocketCharacter, attrs: AttributeValues,
                 traits: TraitValues) -> SkillValues:
    scores = attrs.scores
    lines = skill_lines(character, scores)
    languages = language_lines(character)
    swim = use(lines, "Swim", "", scores)
    spent_creation = (sum(s.creation_cost for s in lines)
                      + sum(ln.creation_cost for ln in languages))
    spent_experience = (sum(s.experience_cost for s in lines)
                        + sum(ln.experience_cost for ln in languages)
                        + attrs.raise_eps)
    starting = catalog_attributes.tables().starting_eps.points(traits.creation_scores["intl"])
    return SkillValues(
        lines=lines,
        languages=languages,
        unskilled=unskilled_scores(scores),
        swim_rate=max(swim.score - 9, 0),
        starting_eps=max(starting + traits.summary.starting_eps, 0),
        eps_awarded=sum(a.eps for a in character.experience.awards),
        eps_spent_creation=spent_creation,
        eps_spent_experience=spent_experience,
    )
