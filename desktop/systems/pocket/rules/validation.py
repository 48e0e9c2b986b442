"""Step 7 of ``derive``, the last: findings, every creation rule of the book checked and
cited.

A finding never blocks saving (GMs house-rule). Severities: error = a rule is broken
(overspent, over a cap, a trait taken too often); warning = allowed but probably not
meant (points left unspent that the book says must be spent, a weapon too heavy);
info = worth knowing. Each names the input it concerns (``field``) so the editor can
jump there.

``findings`` reads the character and the values of the steps before it (``attributes``,
``traits``, ``skills``, ``contacts``, ``equipment``), never the assembled
``PocketDerived``.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable

from desktop.model.findings import Finding, Rule, Severity, missing_name
from desktop.systems.pocket.rules import (
    attributes,
    catalog_attributes,
    catalog_contacts,
    catalog_skills,
    catalog_traits,
    catalog_weapons,
    skills,
)
from desktop.systems.pocket.rules.attributes import AttributeValues
from desktop.systems.pocket.rules.character import ATTRIBUTE_LABELS, ATTRIBUTES, PocketCharacter
from desktop.systems.pocket.rules.citations import (
    R_ADVANTAGES,
    R_AMMUNITION,
    R_ARMOR,
    R_ATTRIBUTES,
    R_CONTACTS,
    R_DISADVANTAGES,
    R_EXPERIENCE,
    R_HELMETS,
    R_INITIATIVE,
    R_LANGUAGES,
    R_MELEE_WEAPONS,
    R_MISSILE_WEAPONS,
    R_MONEY,
    R_MOVE,
    R_RECORD_SHEET,
    R_SHIELDS,
    R_SKILL_LIST,
    R_SKILLS,
    R_TABLE,
    R_THROWN,
    R_TRAITS,
    R_TWO_WEAPONS,
    R_UNCONSCIOUS,
)
from desktop.systems.pocket.rules.contacts import ContactValues
from desktop.systems.pocket.rules.equipment import EquipmentValues, signed
from desktop.systems.pocket.rules.skills import SkillValues
from desktop.systems.pocket.rules.traits import TraitValues

E, W, I = Severity.ERROR, Severity.WARNING, Severity.INFO  # noqa: E741
Add = Callable[[Severity, str, Rule, str], None]


def num(value: int) -> str:
    """A number with a true minus sign, as in the rest of the messages."""
    return str(value).replace("-", "−")


def findings(character: PocketCharacter, attrs: AttributeValues, traits: TraitValues,
             learnt: SkillValues, contacts: ContactValues, gear: EquipmentValues
             ) -> list[Finding]:
    out: list[Finding] = []

    def add(severity: Severity, message: str, rule: Rule, where: str) -> None:
        out.append(Finding(severity, message, rule, where))

    if (no_name := missing_name(character.name, R_RECORD_SHEET)) is not None:
        out.append(no_name)
    _attributes(attrs, traits, add)
    _traits(character, attrs, traits, add)
    _skills(learnt, add)
    _languages(character, add)
    _eps(character, learnt, add)
    _contacts(character, contacts, add)
    _weapons(character, attrs, traits, gear, add)
    _armor(character, attrs, traits, gear, add)
    _money(gear, add)
    _lackey_wealth(character, gear, add)
    _tracking(character, attrs, add)
    return out


def _attributes(attrs: AttributeValues, traits: TraitValues, add: Add) -> None:
    rules = catalog_attributes.tables().creation
    table = catalog_attributes.tables().attribute_table
    for a in ATTRIBUTES:
        label, where = ATTRIBUTE_LABELS[a], f"attributes.{a}"
        score = attrs.final[a]
        if not attributes.in_table(score):
            add(E, f"{label} {score} is off the Attribute table ({table.lowest}–"
                   f"{table.highest})", R_TABLE, where)
        added = traits.points_added[a]
        if added < 0:
            add(E, f"{label} starts at {rules.base}: points can only be added (Attribute −1 "
                   f"is the Disadvantage that lowers one)", R_ATTRIBUTES, where)
        elif added > rules.max_added:
            add(E, f"{label} has {added} points added: at most {rules.max_added} on one "
                   "Attribute", R_ATTRIBUTES, where)
    left = traits.attribute_points_left
    budget = traits.attribute_points_budget
    if left < 0:
        add(E, f"{traits.attribute_points_spent} Attribute points added of {budget}: "
               f"{-left} too many", R_ATTRIBUTES, "attributes")
    elif left > 0:
        add(W, f"{left} of the {budget} Attribute points still to add", R_ATTRIBUTES,
            "attributes")


def _traits(character: PocketCharacter, attrs: AttributeValues, traits: TraitValues,
            add: Add) -> None:
    summary = traits.summary
    per_key: Counter[tuple[str, str | None]] = Counter()
    for ln in summary.lines:
        trait, where = ln.trait, f"traits.{ln.index}"
        if trait.gm_defined:
            if trait.kind is None:
                add(E, f"{trait.name}: a GM-defined trait needs to be an Advantage or a "
                       "Disadvantage", R_TRAITS, f"{where}.kind")
            if trait.points is None:
                add(E, f"{trait.name}: a GM-defined trait needs a point value", R_TRAITS,
                    f"{where}.points")
            if not trait.effect.strip():
                add(I, f"{trait.name}: say what this GM-defined trait does", R_TRAITS,
                    f"{where}.effect")
            continue
        info = ln.info
        if info is None:
            add(E, f"{trait.name} is not one of the book's Personal Traits (mark it "
                   "GM-defined to make it up)", R_TRAITS, where)
            continue
        rule = R_ADVANTAGES if info.kind == "advantage" else R_DISADVANTAGES
        if info.per_attribute and trait.attribute is None:
            add(E, f"{info.name}: choose the Attribute it changes", rule, f"{where}.attribute")
        elif not info.per_attribute and trait.attribute is not None:
            add(W, f"{info.name} does not change an Attribute", rule, f"{where}.attribute")
        options = info.points_options or (info.points,)
        if trait.points is not None and trait.points not in options:
            shown = " or ".join(str(p) for p in options)
            add(E, f"{info.name} is worth {shown} points, not {trait.points}", rule,
                f"{where}.points")
        if info.forms and trait.times > 1:
            add(W, f"{info.name}: take each form as its own entry with its detail", rule,
                f"{where}.times")
        if info.forms and not trait.detail.strip() and info.name != "Lackey":
            add(W, f"{info.name}: say which one (the book asks for it to be specified)",
                rule, f"{where}.detail")
        if info.effects.lackey and character.role == "lackey":
            add(E, "A Lackey may not take a Lackey", R_ADVANTAGES, where)
        per_key[(info.name, trait.attribute if info.per_attribute else None)] += trait.times
    for (name, attribute), count in per_key.items():
        info = catalog_traits.trait(name)
        assert info is not None
        if info.max_times is not None and count > info.max_times:
            first = next(ln for ln in summary.lines if ln.info is info
                         and (attribute is None or ln.trait.attribute == attribute))
            scope = f" on {ATTRIBUTE_LABELS[attribute]}" if attribute else ""
            limit = "once" if info.max_times == 1 else f"up to {info.max_times} times"
            rule = R_ADVANTAGES if info.kind == "advantage" else R_DISADVANTAGES
            add(E, f"{name} is taken {count} times{scope}: it may be taken {limit}"
                   f"{' per Attribute' if info.per_attribute else ''}", rule,
                f"traits.{first.index}.times")

    cap = traits.trait_points_max
    adv, dis = summary.advantages, summary.disadvantages
    if adv > cap:
        add(E, f"{adv} points of Advantages: at most {cap}", R_TRAITS, "traits")
    if dis > cap and character.role == "lackey":
        add(E, f"{dis} points of Disadvantages: a Lackey takes at most {cap}", R_ADVANTAGES,
            "traits")
    if adv != dis:
        add(E, f"Advantages {adv} points, Disadvantages {dis}: they must be equal",
            R_TRAITS, "traits")

    times = summary.creation_times
    if times.get("Wealth") and times.get("Poor"):
        add(E, "Wealth and Poor cannot both set the starting money", R_ADVANTAGES, "traits")
    if summary.times.get("Small") and summary.times.get("Gigantism"):
        add(E, "Small and Gigantism together make no sense", R_TRAITS, "traits")
    if summary.one_handed and summary.ambidextrous:
        add(W, "Ambidextrous with One-Handed: there is no off hand to train", R_TRAITS,
            "traits")
    slow = summary.times.get("Slow", 0)
    if slow:
        # Read at the DEFT itself: putting armor on cannot make a creation choice illegal.
        unslowed = (catalog_attributes.tables().move.base
                    + attributes.modifier(attrs.final["deft"]) + summary.move + slow)
        if unslowed - slow < 0:
            add(E, f"Slow ×{slow} would take Move below 0 (it stops at 0): take it at most "
                   f"{max(unslowed, 0)} times", R_MOVE, "traits")
    if summary.starting_eps + catalog_attributes.tables().starting_eps.points(
            traits.creation_scores["intl"]) < 0:
        add(E, "Uneducated cannot reduce starting EPs below 0", R_DISADVANTAGES, "traits")
    rows = summary.initiative_rows
    if rows and not attributes.shift_in_table(attrs.armored_deft, rows):
        add(W, f"Initiative shifted {signed(rows)} levels runs off the table: it stays at the "
               "last row", R_INITIATIVE, "traits")


def _skills(learnt: SkillValues, add: Add) -> None:
    gm = catalog_skills.skill_data().gm_skills
    cap = skills.creation_max_level()
    keys = Counter(ln.key for ln in learnt.lines)
    reported: set[tuple[str, str]] = set()
    for ln in learnt.lines:
        skill, where = ln.skill, f"skills.{ln.index}"
        if skill.gm_defined:
            if skill.attribute is None:
                add(E, f"{skill.name}: a GM-defined skill needs its Attribute", R_SKILL_LIST,
                    f"{where}.attribute")
            elif skill.attribute not in gm.attributes:
                add(W, f"{skill.name}: skills are always based on DEFT, INTL or WILL",
                    R_SKILL_LIST, f"{where}.attribute")
            if skill.penalty is None:
                add(W, f"{skill.name}: no unskilled penalty set ({num(skills.GM_SKILL_PENALTY)} "
                       "assumed)", R_SKILL_LIST, f"{where}.penalty")
        elif ln.info is None:
            add(E, f"{skill.name} is not in the skill list (mark it GM-defined to make it "
                   "up)", R_SKILL_LIST, where)
        else:
            if skill.attribute is not None and skill.attribute != ln.info.attribute:
                add(I, f"{ln.info.name} is based on {ATTRIBUTE_LABELS[ln.info.attribute]} in "
                       f"the book, here on {ATTRIBUTE_LABELS[skill.attribute]}", R_SKILL_LIST,
                    f"{where}.attribute")
            if skill.penalty is not None and skill.penalty != ln.info.penalty:
                add(I, f"{ln.info.name}: unskilled penalty {num(skill.penalty)} here, "
                       f"{num(ln.info.penalty)} in the book", R_SKILL_LIST, f"{where}.penalty")
            if ln.info.specialised and not skill.specialisation.strip():
                examples = ", ".join(ln.info.specialisations[:4])
                add(E, f"{ln.info.name} needs a specialisation (e.g. {examples})",
                    R_SKILL_LIST, f"{where}.specialisation")
        if keys[ln.key] > 1 and ln.key not in reported:
            reported.add(ln.key)
            add(E, f"{ln.label} is bought {keys[ln.key]} times", R_SKILL_LIST, where)
        if skill.raised > skill.level:
            add(E, f"{ln.label}: {skill.raised} levels raised but only {skill.level} bought",
                R_EXPERIENCE, f"{where}.raised")
        if skill.acquired == "experience" and skill.raised:
            add(W, f"{ln.label} was learnt with experience: all its levels are, 'raised' is "
                   "not needed", R_EXPERIENCE, f"{where}.raised")
        if skill.acquired == "creation" and ln.creation_level > cap:
            add(E, f"{ln.label} is Attribute +{ln.creation_level} at creation: beginning "
                   f"characters add at most +{cap}", R_SKILLS, f"{where}.level")


def _languages(character: PocketCharacter, add: Add) -> None:
    natives = [lang for lang in character.languages if lang.native]
    if not natives:
        add(I, "No native language yet: it is spoken fluently for free", R_LANGUAGES,
            "languages")
    names = Counter(lang.name.strip().casefold() for lang in character.languages)
    for index, lang in enumerate(character.languages):
        where = f"languages.{index}"
        if names[lang.name.strip().casefold()] > 1:
            add(W, f"{lang.name} is listed more than once", R_LANGUAGES, where)
        if not lang.native and lang.raised >= lang.level:
            add(E, f"{lang.name}: {lang.raised} levels raised of {lang.level}", R_EXPERIENCE,
                f"{where}.raised")
        if lang.native and lang.raised:
            add(W, f"{lang.name} is native: nothing to raise", R_LANGUAGES, f"{where}.raised")


def _eps(character: PocketCharacter, learnt: SkillValues, add: Add) -> None:
    start = learnt.starting_eps
    spent = learnt.eps_spent_creation
    if spent > start:
        add(E, f"{spent} starting EPs spent of {start}: {spent - start} over", R_SKILLS,
            "skills")
    elif spent < start:
        add(W, f"{start - spent} of {start} starting EPs unspent: all must be spent at "
               "creation", R_SKILLS, "skills")
    later = learnt.eps_spent_experience
    if later > learnt.eps_awarded:
        add(E, f"{later} EPs spent after creation, {learnt.eps_awarded} awarded",
            R_EXPERIENCE, "experience.awards")
    rules = catalog_attributes.tables().experience
    top = rules.lackey_award_max if character.role == "lackey" else rules.award_max
    for index, award in enumerate(character.experience.awards):
        if not rules.award_min <= award.eps <= top:
            who = "a Lackey earns 1" if character.role == "lackey" else (
                f"awards are {rules.award_min} to {rules.award_max}")
            add(W, f"Award of {award.eps} EPs: {who} per session", R_EXPERIENCE,
                f"experience.awards.{index}.eps")


def _contacts(character: PocketCharacter, contacts: ContactValues, add: Add) -> None:
    sharing = catalog_contacts.contact_table().sharing
    if character.role == "lackey" and character.contacts:
        add(E, "Lackeys do not get Contacts", R_ADVANTAGES, "contacts")
    for ln in contacts.lines:
        contact, where = ln.contact, f"contacts.{ln.index}"
        if ln.shared:
            if ln.share < sharing.min_share:
                add(E, f"{contact.name}: each sharer pays at least {sharing.min_share} point",
                    R_CONTACTS, f"{where}.my_share")
            for i, share in enumerate(contact.shared_with):
                if share.points < sharing.min_share:
                    add(E, f"{contact.name}: {share.character} must pay at least "
                           f"{sharing.min_share} point", R_CONTACTS,
                        f"{where}.shared_with.{i}.points")
            if ln.shares_total != ln.base_cost:
                add(E, f"{contact.name}: the shares add up to {ln.shares_total}, the base cost "
                       f"is {ln.base_cost}", R_CONTACTS, f"{where}.my_share")
        elif contact.shared_with:
            add(W, f"{contact.name}: set this character's share to share the Contact",
                R_CONTACTS, f"{where}.my_share")
        missing = [k for k in ("sex", "age", "location") if not getattr(contact, k).strip()]
        if missing:
            add(I, f"{contact.name}: give the {', '.join(missing)} (the book asks for name, "
                   "sex, age and location)", R_CONTACTS, where)
        if contact.insider != "none" and not contact.insider_for.strip():
            add(I, f"{contact.name}: whose insider?", R_CONTACTS, f"{where}.insider_for")
    left = contacts.left
    if left < 0:
        add(E, f"{contacts.spent} contact points spent of "
               f"{contacts.points}: {-left} over", R_CONTACTS, "contacts")
    elif left > 0 and character.role != "lackey":
        add(W, f"{left} of {contacts.points} contact points unspent: they may not be "
               "saved", R_CONTACTS, "contacts")


def _weapons(character: PocketCharacter, attrs: AttributeValues, traits: TraitValues,
             gear: EquipmentValues, add: Add) -> None:
    summary = traits.summary
    phys = attrs.final["phys"]
    ready_shields = [s for s in character.equipment.shields if s.ready]
    for index, weapon in enumerate(character.equipment.weapons):
        where = f"equipment.weapons.{index}"
        rule = R_MELEE_WEAPONS if weapon.kind == "melee" else R_MISSILE_WEAPONS
        group = catalog_weapons.weapon_group(weapon.group) if weapon.group else None
        if not weapon.group.strip():
            add(W, f"{weapon.name}: no skill specialisation, so it is used unskilled", rule,
                f"{where}.group")
        if weapon.hands == "one" and weapon.wield == "two_hands":
            add(E, f"{weapon.name} cannot be used two-handed", rule, f"{where}.wield")
        if weapon.hands == "two" and weapon.wield != "two_hands":
            add(E, f"{weapon.name} needs two hands", rule, f"{where}.wield")
        if summary.one_handed and weapon.wield == "two_hands":
            add(E, f"{weapon.name}: a One-Handed character cannot use it two-handed",
                R_DISADVANTAGES, f"{where}.wield")
        if summary.one_handed and weapon.reload_actions and weapon.kind == "missile":
            add(W, f"{weapon.name} needs two hands to reload", rule, f"{where}")
        if weapon.wield == "two_hands" and ready_shields:
            add(W, f"{weapon.name} two-handed leaves no hand for the shield", R_SHIELDS,
                f"{where}.wield")
        if weapon.wield == "off_hand" and weapon.hands == "two":
            add(E, f"{weapon.name} needs two hands, not the off hand", R_TWO_WEAPONS,
                f"{where}.wield")
        if weapon.kind == "missile" and weapon.thrown:
            add(E, f"{weapon.name}: only melee weapons are thrown", R_THROWN, f"{where}.thrown")
        if weapon.balanced and group is not None and not group.can_balance:
            add(E, f"{weapon.name}: {group.group.lower()} cannot be balanced for throwing",
                R_THROWN, f"{where}.balanced")
        if weapon.kind == "missile" and weapon.range is None:
            add(W, f"{weapon.name}: a missile weapon needs a range", rule, f"{where}.range")
        low, mid, high = weapon.damage
        if not low <= mid <= high:
            add(W, f"{weapon.name}: damage {low}/{mid}/{high} should rise low to high", rule,
                f"{where}.damage")
    for attack in gear.attacks:
        if attack.weapon_index is None:
            continue
        where = f"equipment.weapons.{attack.weapon_index}"
        if attack.mode == "thrown":
            if attack.range == 0:
                add(W, f"{attack.name}: too heavy to throw (3 + PHYS {phys} − "
                       f"{attack.phys_needed} = 0 spaces)", R_THROWN, where)
        elif attack.shortfall and attack.reload_actions and not any(
                p.label == "PHYS short" for p in attack.modifiers):
            add(W, f"{attack.name} needs PHYS {attack.phys_needed}: {attack.shortfall} extra "
                   f"Action(s) to reload", R_MISSILE_WEAPONS, where)
        elif attack.shortfall:
            rule = R_MELEE_WEAPONS if attack.mode == "melee" else R_MISSILE_WEAPONS
            add(W, f"{attack.name} needs PHYS {attack.phys_needed}: −{attack.shortfall} to "
                   "hit", rule, where)
    for index, ammo in enumerate(character.equipment.ammunition):
        if ammo.quantity % ammo.per:
            add(I, f"{ammo.name}: sold {ammo.per} at a time; {ammo.quantity} costs "
                   f"{-(-ammo.quantity // ammo.per)} lots", R_AMMUNITION,
                f"equipment.ammunition.{index}.quantity")


def _armor(character: PocketCharacter, attrs: AttributeValues, traits: TraitValues,
           gear: EquipmentValues, add: Add) -> None:
    worn = [i for i, a in enumerate(character.equipment.armor) if a.worn]
    for index in worn[1:]:
        add(W, f"{character.equipment.armor[index].name}: only one suit of armor counts "
               f"({character.equipment.armor[worn[0]].name})", R_ARMOR,
            f"equipment.armor.{index}.worn")
    deft = attrs.final["deft"]
    if attrs.armored_deft < deft:
        index = next(i for i in worn if character.equipment.armor[i].deft_limit is not None
                     and character.equipment.armor[i].deft_limit < deft)
        add(W, f"{character.equipment.armor[index].name} limits DEFT {deft} to "
               f"{attrs.armored_deft}: initiative, Move and DEFT skills use "
               f"{attrs.armored_deft}", R_ARMOR, f"equipment.armor.{index}")
    for index, armor in enumerate(character.equipment.armor):
        if armor.damage > max(armor.phys, armor.energy):
            add(W, f"{armor.name}: damaged beyond its protection", R_ARMOR,
                f"equipment.armor.{index}.damage")
    helmets = [i for i, h in enumerate(character.equipment.helmets) if h.worn]
    for index in helmets[1:]:
        add(W, f"{character.equipment.helmets[index].name}: only one helmet is worn",
            R_HELMETS, f"equipment.helmets.{index}.worn")
    ready = [s for s in gear.shields if s.ready]
    for line in ready[1:]:
        add(W, f"{line.name}: only one shield can be used", R_SHIELDS,
            f"equipment.shields.{line.index}.ready")
    for line in gear.shields:
        where = f"equipment.shields.{line.index}"
        shield = character.equipment.shields[line.index]
        if shield.hits_left is not None and shield.hits_left > shield.hits:
            add(E, f"{line.name}: {shield.hits_left} Hits left of {shield.hits}", R_SHIELDS,
                f"{where}.hits_left")
        elif line.hits_left == 0:
            add(W, f"{line.name} is broken (0 Hits)", R_SHIELDS, f"{where}.hits_left")
        if line.shortfall:
            add(W, f"{line.name} needs PHYS {line.phys}: −{line.shortfall} to Shield skill",
                R_SHIELDS, where)
        if line.ready and traits.summary.one_handed and any(
                w.kind == "melee" for w in character.equipment.weapons):
            add(W, f"{line.name}: a One-Handed character cannot hold a shield and a weapon",
                R_SHIELDS, f"{where}.ready")


def _money(gear: EquipmentValues, add: Add) -> None:
    if gear.money_left < 0:
        add(E, f"${gear.money_spent} of equipment bought with ${gear.starting_money}: "
               f"${-gear.money_left} over", R_MONEY, "equipment")


def _tracking(character: PocketCharacter, attrs: AttributeValues, add: Add) -> None:
    hits = character.tracking.hits
    if hits is None:
        return
    if hits > attrs.hits:
        add(E, f"{hits} hit points is above the {attrs.hits} of PHYS "
               f"{attrs.final['phys']}", R_UNCONSCIOUS, "tracking.hits")
    elif hits < -attrs.hits:
        add(W, f"{num(hits)} hit points: below −{attrs.hits}, the character is dead",
            R_UNCONSCIOUS, "tracking.hits")
    elif hits < 0:
        add(W, f"{num(hits)} hit points: dying, losing 1 more per minute until bound (Medicine)",
            R_UNCONSCIOUS, "tracking.hits")


def _lackey_wealth(character: PocketCharacter, gear: EquipmentValues, add: Add) -> None:
    """2.22 Advantages, Lackey: Lackeys "may not take a Lackey as an Advantage nor be
    wealthier than the main character". Wealth shows in the starting money (3.1), so
    the Lackey's may not exceed its character's (``master_starting_money``)."""
    if character.role != "lackey":
        return
    master = character.master_starting_money
    if master is None:
        if gear.starting_money > catalog_attributes.tables().starting_money.amount:
            add(I, f"A Lackey with ${gear.starting_money} to start: give its character's "
                   "starting money to check it is not wealthier", R_ADVANTAGES,
                "master_starting_money")
    elif gear.starting_money > master:
        add(E, f"The Lackey starts with ${gear.starting_money}, its character with "
               f"${master}: a Lackey may not be wealthier than the main character",
            R_ADVANTAGES, "master_starting_money")
