"""The words and sums the Pocket Universe editor shows beside its numbers.

Pure functions of the derived values (no Qt), so the editor's labels, its tooltips and
the pickers say the same thing, and tests can read them without a window. Every
tooltip ends with the rule it rests on (``citations``), as the findings do.
"""

from __future__ import annotations

import re

from desktop.model.findings import Rule
from desktop.systems.pocket.rules import catalog_attributes
from desktop.systems.pocket.rules.catalog_traits import TraitInfo
from desktop.systems.pocket.rules.character import ATTRIBUTE_LABELS, Attribute, Trait, Triplet
from desktop.systems.pocket.rules.citations import (
    R_ADVANTAGES,
    R_ARMOR,
    R_ATTRIBUTES,
    R_CONTACTS,
    R_DAMAGE,
    R_DISADVANTAGES,
    R_EXPERIENCE,
    R_HELMETS,
    R_HITS,
    R_INITIATIVE,
    R_LANGUAGES,
    R_MELEE_DEFENSE,
    R_MISSILE_DEFENSE,
    R_MONEY,
    R_MOVE,
    R_SHIELDS,
    R_SKILLS,
    R_TABLE,
    R_TRAITS,
    R_UNARMED,
)
from desktop.systems.pocket.rules.contacts import ContactLine
from desktop.systems.pocket.rules.defense import DefenseOption
from desktop.systems.pocket.rules.derived import PocketDerived
from desktop.systems.pocket.rules.equipment import Attack, signed
from desktop.systems.pocket.rules.skills import LanguageLine, SkillLine
from desktop.systems.pocket.rules.traits import TraitLine


def num(value: int) -> str:
    """A number with a true minus sign."""
    return str(value).replace("-", "−")


def minus_signs(text: str) -> str:
    """True minus signs for the negative numbers in a sum written by the rules."""
    return re.sub(r"(?<![\w-])-(?=\d)", "−", text)


def triplet(numbers: Triplet) -> str:
    return "/".join(str(n) for n in numbers)


def pair(numbers: tuple[int, int]) -> str:
    return f"{numbers[0]}/{numbers[1]}"


def cite(text: str, *rules: Rule) -> str:
    """A tooltip: what the number is, then the rule(s) behind it."""
    return f"{text}\n({'; '.join(map(str, rules))})"


def money(amount: int) -> str:
    return f"−${-amount:,}" if amount < 0 else f"${amount:,}"


# ------------------------------------------------------------------ attributes


def added_text(derived: PocketDerived, attribute: Attribute) -> str:
    return signed(derived.points_added[attribute])


def gives_text(derived: PocketDerived, attribute: Attribute) -> str:
    """What an Attribute feeds on the record sheet."""
    if attribute == "phys":
        return f"Hits {derived.hits} · unarmed damage {triplet(derived.unarmed_damage)}"
    if attribute == "deft":
        return f"Move {derived.move} · initiative {triplet(derived.initiative)}"
    if attribute == "intl":
        return f"{derived.starting_eps} starting EPs"
    return f"{derived.contact_points} contact points · appearance {derived.appearance}"


def gives_tip(derived: PocketDerived, attribute: Attribute) -> str:
    if attribute == "phys":
        return cite("Hit points: the Value of PHYS; unarmed damage: its Roll", R_HITS,
                    R_UNARMED)
    if attribute == "deft":
        return cite("Move: 6 + the Modifier of armored DEFT; initiative: the Roll of "
                    "armored DEFT", R_MOVE, R_INITIATIVE)
    if attribute == "intl":
        return cite("Starting EPs by INTL at creation: 7–13 give 5, 6, 8, 10, 13, 16, 19",
                    R_SKILLS)
    return cite("Contact points by WILL at creation (same numbers as EPs); appearance: "
                "WILL with Attractive/Unattractive", R_CONTACTS, R_ADVANTAGES)


def attribute_points_text(derived: PocketDerived) -> str:
    left = derived.attribute_points_left
    state = (f"{left} left" if left > 0 else "all spent" if left == 0
             else f"{-left} too many")
    rules = catalog_attributes.tables().creation
    return (f"{derived.attribute_points_spent} of {derived.attribute_points_budget} added "
            f"({state}) · at most +{rules.max_added} on one")


# ------------------------------------------------------------------ record sheet numbers


def hits_text(derived: PocketDerived) -> str:
    if derived.current_hits == derived.hits:
        return str(derived.hits)
    return f"{num(derived.current_hits)} of {derived.hits}"


def hits_tip(derived: PocketDerived) -> str:
    return cite(f"The Value of PHYS {derived.attributes['phys']}: {derived.hits} hit points",
                R_HITS, R_TABLE)


def unarmed_tip(derived: PocketDerived) -> str:
    return cite(f"The Roll of PHYS {derived.attributes['phys']}: low/mid/high on 1d10 "
                "(1-2 / 3-8 / 9-10); Kick adds a level", R_UNARMED, R_DAMAGE)


def armored_deft_text(derived: PocketDerived) -> str:
    deft = derived.attributes["deft"]
    if derived.armored_deft < deft:
        return f"{derived.armored_deft} (DEFT {deft}, limited by the armor)"
    return str(derived.armored_deft)


def armored_deft_tip(derived: PocketDerived) -> str:
    limit = derived.armor.deft_limit
    worn = f"{derived.armor.worn_name} limits DEFT to {limit}" if limit is not None \
        else "no armor limits it"
    return cite(f"DEFT as limited by the armor worn ({worn}); initiative, Move and "
                "DEFT skills use it", R_ARMOR, R_INITIATIVE)


def initiative_text(derived: PocketDerived) -> str:
    low, mid, high = derived.initiative
    return f"{low} / {mid} / {high}"


def initiative_tip(derived: PocketDerived) -> str:
    rows = derived.initiative_rows
    shift = f", shifted {signed(rows)} row(s) by Acute/Poor Reflexes" if rows else ""
    return cite(f"The Roll of armored DEFT {derived.armored_deft}{shift}; 1d10 picks "
                "it each round (1-2 / 3-8 / 9-10)", R_INITIATIVE, R_TRAITS)


def move_text(derived: PocketDerived) -> str:
    return (f"{derived.move} (sneaking {derived.stealth_move}, swimming "
            f"{derived.swim_rate})")


def move_tip(derived: PocketDerived) -> str:
    traits = derived.traits.move
    extra = f" {signed(traits)} Running/Slow" if traits else ""
    modifier = catalog_attributes.tables().attribute_table.row(derived.armored_deft).modifier
    return cite(f"6 + the Modifier of armored DEFT {derived.armored_deft} ({signed(modifier)})"
                f"{extra}, at least 0; sneaking half (Stealth), swimming Swim − 9", R_MOVE)


def appearance_text(derived: PocketDerived) -> str:
    mod = derived.appearance_modifier
    return f"{derived.appearance} (WILL {signed(mod)})" if mod else str(derived.appearance)


def appearance_tip(derived: PocketDerived) -> str:
    return cite("WILL stands for personality and appearance; Attractive +1 and "
                "Unattractive −1 per taking on rolls where looks matter", R_ATTRIBUTES,
                R_ADVANTAGES)


def eps_text(derived: PocketDerived) -> str:
    return (f"starting {derived.starting_eps} · spent {derived.eps_spent} · unspent "
            f"{num(derived.eps_unspent)}")


def eps_tip(derived: PocketDerived) -> str:
    trained = derived.traits.starting_eps
    extra = f" {signed(trained)} from Trained/Uneducated" if trained else ""
    return cite(f"Starting EPs by INTL {derived.creation_scores['intl']} at creation{extra}; "
                f"awards {derived.eps_awarded}; spent on skills and languages "
                f"{derived.eps_spent_creation} at creation, {derived.eps_spent_experience} "
                "later (raises included)", R_SKILLS, R_EXPERIENCE)


def contact_points_text(derived: PocketDerived) -> str:
    return (f"{derived.contact_points_spent} spent of {derived.contact_points} "
            f"({num(derived.contact_points_left)} left)")


def contact_points_tip(derived: PocketDerived) -> str:
    connected = derived.traits.contact_points
    extra = f" {signed(connected)} from Connected" if connected else ""
    return cite(f"Contact points by WILL {derived.creation_scores['will']} at creation"
                f"{extra}; all must be spent", R_CONTACTS, R_ADVANTAGES)


def defense_text(option: DefenseOption) -> str:
    return f"{num(option.total)}  ({minus_signs(option.sum_text())})"


def defenses_tip(options: tuple[DefenseOption, ...], rule: Rule) -> str:
    lines = [f"{'• ' if not o.condition else '  '}{minus_signs(o.sum_text())}"
             + (f" — {o.condition}" if o.condition else "") for o in options]
    return cite("The best usable skill − 10 (unskilled penalties included):\n"
                + "\n".join(lines), rule)


def melee_tip(derived: PocketDerived) -> str:
    return defenses_tip(derived.melee_defenses, R_MELEE_DEFENSE)


def missile_tip(derived: PocketDerived) -> str:
    return defenses_tip(derived.missile_defenses, R_MISSILE_DEFENSE)


def shield_text(derived: PocketDerived) -> str:
    ready = [s for s in derived.shields if s.ready]
    if not ready:
        return "none ready"
    s = ready[0]
    return f"{s.name}: parry +{s.parry}, hits {s.hits_left} of {s.hits}"


def shield_tip(derived: PocketDerived) -> str:
    return cite("A ready shield adds its Parry to the Shield skill for both defences and "
                "takes the damage that gets past a block until its Hits are gone",
                R_SHIELDS)


def armor_text(derived: PocketDerived) -> str:
    a = derived.armor
    worn = f"{a.worn_name} {pair(a.worn)}" if a.worn_name else f"none {pair(a.worn)}"
    helmet = f"{a.helmet_name} +{pair(a.helmet_bonus)}" if a.helmet_name else \
        f"helmet +{pair(a.helmet_bonus)}"
    limit = f" · DEFT limit {a.deft_limit}" if a.deft_limit is not None else ""
    return (f"worn {worn} + natural {pair(a.natural)} + {helmet} = {pair(a.total)}"
            f" · vs knockouts {pair(a.knockout)}{limit}")


def armor_tip(derived: PocketDerived) -> str:
    return cite("Physical/energy: the suit worn (less critical damage) + Toughness and "
                "natural armor + the helmet's bonus; against knockouts the helmet's own "
                "protection, Toughness and natural armor", R_ARMOR, R_HELMETS, R_DAMAGE)


def money_text(derived: PocketDerived) -> str:
    text = (f"{money(derived.starting_money)} − {money(derived.money_spent)} bought = "
            f"{money(derived.money_left)} left")
    if derived.money != derived.money_left:
        text += f" · cash now {money(derived.money)}"
    if derived.monthly_income:
        text += f" · {money(derived.monthly_income)} a month"
    return text


def money_tip(derived: PocketDerived) -> str:
    return cite("Characters begin with $500 (Wealth or Poor change it); equipment bought "
                "at creation is paid from it", R_MONEY, R_ADVANTAGES, R_DISADVANTAGES)


# ------------------------------------------------------------------ traits


def times_text(info: TraitInfo) -> str:
    if info.per_attribute:
        return "once per Attribute"
    if info.max_times is None:
        return "any number of times"
    return "once" if info.max_times == 1 else f"up to {info.max_times} times"


def points_text(info: TraitInfo) -> str:
    options = info.points_options
    return f"{options[0]}–{options[-1]}" if options else str(info.points)


def _money_by_times(table: dict[int, int], times: int) -> int:
    return table[min(times, max(table))]


def effect_summary(info: TraitInfo | None, trait: Trait) -> str:
    """What a trait does to the numbers, for its taking count; for a trait that only
    colours play (Phobia, Quirk…), the book's first sentence."""
    if info is None:
        return trait.effect.strip() or "(GM-defined: say what it does)"
    e, n = info.effects, trait.times
    parts: list[str] = []
    if e.attribute and trait.attribute:
        parts.append(f"{ATTRIBUTE_LABELS[trait.attribute]} {signed(e.attribute * n)}")
    if e.initiative_rows:
        parts.append(f"initiative {signed(e.initiative_rows * n)} row(s)")
    if e.move:
        parts.append(f"Move {signed(e.move * n)}")
    if e.natural_armor != (0, 0):
        parts.append(f"+{e.natural_armor[0] * n}/+{e.natural_armor[1] * n} natural armor")
    if e.starting_eps:
        parts.append(f"{signed(e.starting_eps * n)} starting EPs")
    if e.contact_points:
        parts.append(f"{signed(e.contact_points * n)} contact points")
    if e.starting_money:
        parts.append(f"starts with {money(_money_by_times(e.starting_money.amounts, n))}")
    if e.monthly_income:
        parts.append(f"{money(_money_by_times(e.monthly_income.amounts, n))} a month")
    if e.defense:
        parts.append(f"Defense {signed(e.defense)}")
    if e.appearance:
        parts.append(f"appearance {signed(e.appearance * n)}")
    if e.close_actions:
        parts.append(f"{num(e.close_actions)} on physical Actions not at range")
    if e.ranged_actions:
        parts.append(f"{num(e.ranged_actions)} on physical Actions at range")
    if e.ignore_range_penalty:
        parts.append(f"ignores {e.ignore_range_penalty * n} point(s) of range penalty")
    if e.ignore_darkness_penalty:
        parts.append(f"ignores {e.ignore_darkness_penalty * n} point(s) of darkness penalty")
    if e.one_handed:
        parts.append("no two-handed use")
    if e.ambidextrous:
        parts.append("no off-hand penalty")
    if e.lackey:
        parts.append("a Lackey companion")
    if parts:
        return ", ".join(parts)
    return info.text.split(". ")[0].rstrip(".") + "."


def trait_kind_text(line: TraitLine) -> str:
    return {"advantage": "Advantage", "disadvantage": "Disadvantage"}.get(line.kind or "", "?")


def trait_value_text(line: TraitLine) -> str:
    sign = {"advantage": "+", "disadvantage": "−"}.get(line.kind or "", "")
    return f"{sign}{line.points}"


def trait_tip(line: TraitLine) -> str:
    if line.info is None:
        return cite(line.trait.effect or "A GM-defined trait", R_TRAITS)
    rule = R_ADVANTAGES if line.info.kind == "advantage" else R_DISADVANTAGES
    note = f"\n{apps_reading(line.info.note)}" if line.info.note else ""
    return cite(f"{line.info.name} ({points_text(line.info)}, {times_text(line.info)}): "
                f"{line.info.text}{note}", rule)


def balance_text(derived: PocketDerived) -> str:
    adv, dis, cap = derived.advantage_points, derived.disadvantage_points, \
        derived.trait_points_max
    if adv > cap:
        state = f"over the {cap}-point limit"
    elif adv != dis:
        state = f"unbalanced by {abs(adv - dis)}"
    else:
        state = "balanced"
    return (f"Advantages {adv} points · Disadvantages {dis} points · at most {cap}, "
            f"equal on both sides: {state}. (Traits gained in play do not count.)")


# ------------------------------------------------------------------ skills and languages


def skill_attribute_text(line: SkillLine) -> str:
    if line.attribute is None:
        return "?"
    return f"{ATTRIBUTE_LABELS[line.attribute]} {line.attribute_score}"


def skill_cost_text(line: SkillLine) -> str:
    if line.skill.acquired == "experience":
        return f"{line.experience_cost} later"
    if line.experience_cost:
        return f"{line.creation_cost} + {line.experience_cost} later"
    return str(line.creation_cost)


def apps_reading(note: str) -> str:
    """A note where the book is silent or garbled, said as the app's reading (the data
    writes it "Ours: …")."""
    return f"The app's reading: {note.strip().removeprefix('Ours:').strip()}"


def skill_tip(line: SkillLine) -> str:
    base = skill_attribute_text(line)
    note = f"\n{apps_reading(line.info.note)}" if line.info and line.info.note else ""
    return cite(f"{line.label}: {base} + {line.level} = {line.score}; Attribute + k costs "
                f"1, 3, 6, 10… EPs in all (this one {line.creation_cost + line.experience_cost}"
                f"; one more level {line.next_cost}); unskilled {num(line.penalty)}{note}",
                R_SKILLS)


def skill_summary(derived: PocketDerived) -> str:
    return (f"EPs: {derived.starting_eps} starting + {derived.eps_awarded} awarded; "
            f"{derived.eps_spent_creation} spent at creation, {derived.eps_spent_experience} "
            f"later → {num(derived.eps_unspent)} unspent. Beginning characters add at most "
            "+2 to a skill.")


def language_cost_text(line: LanguageLine) -> str:
    total = line.creation_cost + line.experience_cost
    if line.experience_cost and line.creation_cost:
        return f"{line.creation_cost} + {line.experience_cost} later"
    if line.experience_cost:
        return f"{line.experience_cost} later"
    return "free" if total == 0 else str(total)


def language_tip(line: LanguageLine) -> str:
    return cite(f"{line.language.name}: {line.level_name}; native languages are fluent and "
                "free; 1/2/3 EPs for broken/accented/fluent; literacy 1 EP (free in the "
                "native language of a literate culture)", R_LANGUAGES)


# ------------------------------------------------------------------ contacts


def contact_cost_text(line: ContactLine) -> str:
    """"13 − 4 insider = 9", "5; my share 3 of 5 = 3", "3 + 2 friend = 5"."""
    text = str(line.table_cost)
    if line.insider_reduction:
        text += f" − {line.insider_reduction} insider = {line.base_cost}"
    elif line.base_cost != line.table_cost:
        text += f", at least {line.base_cost}"
    if line.shared:
        text += f"; my share {line.share} of {line.shares_total}"
    if line.friend_extra:
        text += f" + {line.friend_extra} friend"
    if line.shared or line.friend_extra:
        text += f" = {line.cost}"
    if not line.counted:
        text += " (made in play: no points)"
    return text


def contact_tip(line: ContactLine) -> str:
    return cite(f"{line.contact.name}: {line.tier_name}, {contact_cost_text(line)}. "
                "Insiders cost 4 less (2 for a group); a Friend or Relative 2 more; a shared "
                "Contact's base cost is split, each paying at least 1", R_CONTACTS)


def contact_summary(derived: PocketDerived) -> str:
    return (f"Contact points: {derived.contact_points_spent} spent of "
            f"{derived.contact_points} ({num(derived.contact_points_left)} left; all must be "
            "spent at creation). Give each Contact's name, sex, age and location.")


# ------------------------------------------------------------------ attacks


def attack_tip(attack: Attack) -> str:
    extra = []
    if attack.phys_needed is not None:
        extra.append(f"needs PHYS {attack.phys_needed}")
    if attack.reload_actions:
        extra.append(f"{attack.reload_actions} Action(s) to reload")
    tail = f" ({', '.join(extra)})" if extra else ""
    return cite(f"{minus_signs(attack.sum_text())}{tail}; damage {triplet(attack.damage)} "
                "picked by 1d10", R_SKILLS, R_DAMAGE)


def attack_range_text(attack: Attack) -> str:
    return "" if attack.range is None else str(attack.range)
