"""The Pocket Universe record sheet and ID card as words and numbers (no reportlab).

``sheet_view`` flattens a character and ``derive`` into a ``PocketSheetView``: every box
of the book's Character Record Sheet (after 7.2) already worded — numbers with a true
minus sign, rolls as "2/4/6" (the 1-2 / 3-8 / 9-10 columns, 2.3), money as "$1,250",
each attack as Skill + Hit = Total (3.2, 3.3), each defence as Skill, Modifiers, − 10 =
Total with the one in use first (2.51, 2.52), armor with its DEFT limit (3.4) — and what
the sheet has no box for (skills, languages, gear, money, notes), so nothing in the file
is left off the paper. ``sheet`` draws it; ``card`` reads it for the ID card.
"""

from __future__ import annotations

from dataclasses import dataclass, replace

from desktop.systems.pocket.rules.character import (
    ATTRIBUTE_LABELS,
    ATTRIBUTE_NAMES,
    ATTRIBUTES,
    PocketCharacter,
    Triplet,
)
from desktop.systems.pocket.rules.contacts import ContactLine
from desktop.systems.pocket.rules.defense import DEFENSE_BASE, DefenseOption
from desktop.systems.pocket.rules.derived import derive
from desktop.systems.pocket.rules.equipment import Attack, signed

NONE = "—"


@dataclass(frozen=True)
class Cell:
    """One numbered box of the attribute block: caption, value, a small note."""

    caption: str
    value: str
    note: str = ""
    triplet: tuple[str, str, str] | None = None
    """Drawn as three boxes under 1-2 / 3-8 / 9-10 instead of ``value``."""


@dataclass(frozen=True)
class AttributeLine:
    """One Attribute's line of the record sheet: its score and the boxes beside it."""

    label: str
    """"PHYS"."""
    name: str
    """"Physique"."""
    score: int
    cells: tuple[Cell, ...]
    """The boxes on the attribute's line of the sheet."""


@dataclass(frozen=True)
class TraitRow:
    """One Personal Trait as the sheet lists it: Advantage or Disadvantage, and its points."""

    label: str
    kind: str
    """"Adv." or "Dis." ("?" for an unknown trait)."""
    points: str


@dataclass(frozen=True)
class ContactRow:
    """One Contact as the sheet lists it, with the contact points it costs."""

    name: str
    who: str
    """Sex and age."""
    location: str
    standing: str
    """Influence (the cost table's row), Friend/Relative, insider, sharing."""
    notes: str
    points: str


@dataclass(frozen=True)
class SkillRow:
    """One skill as the sheet lists it: its Attribute, score and the EPs spent on it."""

    label: str
    attribute: str
    score: str
    eps: str
    value: int
    """The score as a number (the card lists the best skills)."""


@dataclass(frozen=True)
class LanguageRow:
    """One language as the sheet lists it: its level, whether it is read, and its EPs."""

    name: str
    level: str
    reads: str
    eps: str


@dataclass(frozen=True)
class WeaponRow:
    """One attack line of the sheet, worded: Skill + Hit = Total, range and damage."""

    name: str
    skill: str
    """Skill name and score: "Melee (blade) 12"."""
    hit: str
    """The weapon's Hit and every other modifier: "+3, unbalanced −2"."""
    total: str
    range: str
    damage: tuple[str, str, str]


@dataclass(frozen=True)
class DefenseRow:
    """One Melee or Missile Defense choice, worded: Skill, Modifiers, − 10 = Total."""

    kind: str
    """"Melee" or "Missile" for the defence in use, "or" for the other choices."""
    skill_name: str
    skill: str
    modifiers: str
    total: str
    """"− 10 = 3"."""
    value: int
    in_use: bool


@dataclass(frozen=True)
class ShieldRow:
    """One shield as the sheet lists it, with notes such as "not on the arm"."""

    name: str
    parry: str
    hits: str
    phys: str
    notes: str


@dataclass(frozen=True)
class ArmorRow:
    """One line of the sheet's armor box: worn armor, natural armor, helmet or the total."""

    what: str
    """"Worn Armor", "Natural Armor", "Helmet", "Total Armor"."""
    name: str
    deft_limit: str
    physical: str
    energy: str
    knockout: str
    """Protection against knockout attempts (5.61)."""


@dataclass(frozen=True)
class PocketSheetView:
    """Everything the record sheet and the ID card print, already worded."""

    name: str
    player: str
    age: str
    sex: str
    role: str
    attributes: tuple[AttributeLine, ...]
    trait_balance: str
    traits: tuple[TraitRow, ...]
    contact_summary: str
    contacts: tuple[ContactRow, ...]
    portrait: str
    skills_summary: str
    skills: tuple[SkillRow, ...]
    languages: tuple[LanguageRow, ...]
    weapons: tuple[WeaponRow, ...]
    defenses: tuple[DefenseRow, ...]
    shields: tuple[ShieldRow, ...]
    armor: tuple[ArmorRow, ...]
    equipment: str
    money: str
    description: str
    notes: str
    footer: str
    # For the ID card:
    hits: str
    initiative: str
    move: str
    armored_deft: str
    picture: bytes | None = None
    """The character's picture (PNG or JPEG), drawn in the portrait box."""


def num(value: int) -> str:
    """A number as printed: negatives with a true minus sign ("−1")."""
    return f"−{-value}" if value < 0 else f"{value}"


def triplet(values: Triplet) -> str:
    """"2/4/6", the book's way of writing a roll."""
    return "/".join(num(v) for v in values)


def dollars(amount: int) -> str:
    """"$1,250"; overspending at creation shows as "−$775"."""
    return f"−${-amount:,}" if amount < 0 else f"${amount:,}"


def _pair(values: tuple[int, int]) -> str:
    return f"{num(values[0])}/{num(values[1])}"


def _plural(n: int, word: str) -> str:
    return f"{n} {word}" if n == 1 else f"{n} {word}s"


def _attack_row(attack: Attack) -> WeaponRow:
    extras = [str(p) for p in attack.modifiers]
    hit = ", ".join([signed(attack.hit), *extras])
    rng = NONE if attack.range is None else num(attack.range)
    if attack.reload_actions:
        rng += f", reload {_plural(attack.reload_actions, 'Action')}"
    skill = attack.skill_label
    return WeaponRow(attack.name, f"{skill} {num(attack.skill)}", hit, num(attack.total), rng,
                     tuple(num(v) for v in attack.damage))  # type: ignore[arg-type]


def _defense_rows(kind: str, options: tuple[DefenseOption, ...]) -> list[DefenseRow]:
    """The defence in use first (the best always-available choice, 2.51), then the
    other choices best first, then those that apply only sometimes."""
    always = sorted((o for o in options if not o.condition), key=lambda o: -o.total)
    sometimes = [o for o in options if o.condition]
    rows = []
    for i, option in enumerate([*always, *sometimes]):
        mods = ", ".join(str(p) for p in option.modifiers) or NONE
        if option.condition:
            mods = f"{mods}; {option.condition}" if option.modifiers else option.condition
        rows.append(DefenseRow(
            kind=kind if i == 0 else "or", skill_name=option.skill_label,
            skill=num(option.skill), modifiers=mods,
            total=f"− {DEFENSE_BASE} = {num(option.total)}", value=option.total, in_use=i == 0))
    return rows


def _contact_row(line: ContactLine) -> ContactRow:
    c = line.contact
    standing = [line.tier_name if c.cost is None else f"{line.tier_name} (GM: {c.cost})"]
    if c.friend:
        standing.append("Friend/Relative")
    if c.insider != "none":
        whose = f" for {c.insider_for}" if c.insider_for else ""
        standing.append(f"insider{whose} ({'one Contact' if c.insider == 'single' else 'a group'})")
    if line.shared:
        others = ", ".join(f"{s.character} {s.points}" for s in c.shared_with)
        standing.append(f"shared: my {line.share}" + (f", {others}" if others else "")
                        + f" of {line.base_cost}")
    who = ", ".join(x for x in (c.sex.strip(), c.age.strip()) if x)
    points = num(line.cost) if line.counted else "0 (in play)"
    return ContactRow(c.name, who, c.location, "; ".join(standing), c.description, points)


def _equipment_text(character: PocketCharacter) -> str:
    """Everything carried that the weapon, shield and armor boxes do not show."""
    eq = character.equipment
    items = []
    worn = [a for a in eq.armor if a.worn]
    for armor in eq.armor:
        if armor is not (worn[0] if worn else None):
            items.append(f"{armor.name} armor {armor.phys}/{armor.energy}"
                         + ("" if armor.worn else " (not worn)"))
    worn_helmets = [h for h in eq.helmets if h.worn]
    for helmet in eq.helmets:
        if helmet is not (worn_helmets[0] if worn_helmets else None):
            items.append(f"{helmet.name} ({'spare' if helmet.worn else 'not worn'})")
    for ammo in eq.ammunition:
        items.append(f"{ammo.name} ×{ammo.quantity}")
    for gear in eq.gear:
        qty = f" ×{gear.quantity}" if gear.quantity != 1 else ""
        items.append(f"{gear.name}{qty}" + (f" ({gear.notes})" if gear.notes else ""))
    for weapon in eq.weapons:
        if weapon.notes:
            items.append(f"{weapon.name}: {weapon.notes}")
    return "; ".join(items)


def sheet_view(character: PocketCharacter) -> PocketSheetView:
    d = derive(character)
    a = d.attributes
    roll = tuple(num(v) for v in d.initiative)
    limit = d.armor.deft_limit
    armored_note = (f"limit {limit} ({d.armor.worn_name})" if limit is not None
                    else "no armor limit")
    hits_note = "Value of PHYS" if d.current_hits == d.hits else f"now {d.current_hits}"
    init_note = "Roll of armored DEFT"
    if d.initiative_rows:
        init_note += f", {signed(d.initiative_rows)} row{'s' if abs(d.initiative_rows) > 1 else ''}"
    eps_note = f"+{d.eps_awarded} awarded" if d.eps_awarded else "from INTL"
    cells = {
        "phys": (Cell("Hits", num(d.hits), hits_note),
                 Cell("Move", num(d.move), f"sneaking {d.stealth_move}"),
                 Cell("Unarmed damage", "", "Roll of PHYS",
                      tuple(num(v) for v in d.unarmed_damage))),  # type: ignore[arg-type]
        "deft": (Cell("Armored DEFT", num(d.armored_deft), armored_note),
                 Cell("Initiative", "", init_note, roll)),  # type: ignore[arg-type]
        "intl": (Cell("EPs starting", num(d.starting_eps), eps_note),
                 Cell("EPs spent", num(d.eps_spent),
                      f"{d.eps_spent_creation} at creation" if d.eps_spent_experience
                      else "skills and languages"),
                 Cell("EPs unspent", num(d.eps_unspent), "to raise skills, see 6.3")),
        "will": (Cell("Appearance", num(d.appearance),
                      "WILL" if not d.appearance_modifier
                      else f"WILL {signed(d.appearance_modifier)}"),
                 Cell("Contact points", num(d.contact_points),
                      f"{d.contact_points_spent} spent, {num(d.contact_points_left)} left")),
    }
    attributes = tuple(
        AttributeLine(ATTRIBUTE_LABELS[k], ATTRIBUTE_NAMES[k], a[k], cells[k])
        for k in ATTRIBUTES)

    kinds = {"advantage": "Adv.", "disadvantage": "Dis."}
    ordered = sorted(d.traits.lines, key=lambda ln: (ln.kind != "advantage", ln.index))
    traits = []
    for ln in ordered:
        label = ln.label
        if ln.trait.gm_defined:
            label += " (GM)" + (f": {ln.trait.effect}" if ln.trait.effect else "")
        elif ln.info is None:
            label += " (not in the book)"
        if not ln.at_creation:
            label += " (in play)"
        traits.append(TraitRow(label, kinds.get(ln.kind or "", "?"), num(ln.points)))
    balance = (f"Adv. {d.advantage_points} · Dis. {d.disadvantage_points}"
               f" (at most {d.trait_points_max})")

    skills = tuple(SkillRow(
        s.label + (f" — {s.skill.notes}" if s.skill.notes else ""),
        ATTRIBUTE_LABELS[s.attribute] if s.attribute else "?", num(s.score),
        num(s.creation_cost + s.experience_cost), s.score) for s in d.skills)
    languages = tuple(LanguageRow(
        ln.language.name + (" (native)" if ln.language.native else ""), ln.level_name,
        "yes" if ln.literate else "no", num(ln.creation_cost + ln.experience_cost))
        for ln in d.languages)

    defenses = (_defense_rows("Melee", d.melee_defenses)
                + _defense_rows("Missile", d.missile_defenses))
    shields = []
    for s in d.shields:
        notes = [] if s.ready else ["not on the arm"]
        if s.shortfall:
            notes.append(f"PHYS short −{s.shortfall}")
        hits = num(s.hits) if s.hits_left == s.hits else f"{num(s.hits_left)} of {s.hits}"
        shields.append(ShieldRow(s.name, signed(s.parry), hits, num(s.phys), ", ".join(notes)))

    arm = d.armor
    natural_names = [n for n in (
        "Toughness" if d.traits.has("Toughness") else "", character.natural_armor.name.strip())
        if n]
    armor = (
        ArmorRow("Worn Armor", arm.worn_name or NONE, NONE if limit is None else num(limit),
                 num(arm.worn[0]), num(arm.worn[1]), NONE),
        ArmorRow("Natural Armor", ", ".join(natural_names) or NONE, NONE,
                 num(arm.natural[0]), num(arm.natural[1]), _pair(arm.natural)),
        ArmorRow("Helmet", arm.helmet_name or NONE, NONE, signed(arm.helmet_bonus[0]),
                 signed(arm.helmet_bonus[1]), _pair(arm.helmet_knockout)
                 + (f", perception {arm.perception_penalty}" if arm.perception_penalty
                    else "")),
        ArmorRow("Total Armor", "", NONE if limit is None else num(limit),
                 num(arm.total[0]), num(arm.total[1]), _pair(arm.knockout)),
    )

    money = dollars(d.money)
    if d.monthly_income:
        money += f", +${d.monthly_income:,} a month"
    role = "Lackey" if character.role == "lackey" else ""
    # The findings are the editor's, not the table's: the sheet does not count them.
    footer_text = (f"Attribute points {d.attribute_points_spent} of "
                   f"{d.attribute_points_budget}" + (f" · {role}" if role else ""))
    return PocketSheetView(
        name=character.name, player=character.player, age=character.age, sex=character.sex,
        role=role, attributes=attributes, trait_balance=balance, traits=tuple(traits),
        contact_summary=f"{d.contact_points_spent} of {d.contact_points} points",
        contacts=tuple(_contact_row(c) for c in d.contacts), portrait=character.portrait,
        picture=character.picture.image_bytes() if character.picture else None,
        skills_summary=(f"EPs {d.eps_spent} of {d.eps_total} spent · unskilled: "
                        "Attribute − 1 or − 4"),
        skills=skills, languages=languages,
        weapons=tuple(_attack_row(x) for x in d.attacks), defenses=tuple(defenses),
        shields=tuple(shields), armor=armor, equipment=_equipment_text(character),
        money=money, description=character.description, notes=character.notes,
        footer=footer_text, hits=num(d.hits), initiative=triplet(d.initiative),
        move=num(d.move), armored_deft=num(d.armored_deft))


BLANK_NOTES = {"Move": "", "Armored DEFT": "DEFT or the armor's limit", "EPs starting":
               "from INTL", "Contact points": "", "Hits": "Value of PHYS"}
"""A blank sheet's notes under the attribute boxes that would speak of a character."""


def blank_view(view: PocketSheetView) -> PocketSheetView:
    """``view`` (of a new character) as the blank record sheet prints it: as the book's
    sheet, no numbers but its "Melee: 10=" and "Missile: 10=", no Punch and Kick rows
    (the book's sheet leaves the weapon lines empty), no counts of points spent."""
    attributes = tuple(replace(line, cells=tuple(
        replace(cell, note=BLANK_NOTES.get(cell.caption, cell.note)) for cell in line.cells))
        for line in view.attributes)
    defenses = tuple(DefenseRow(kind, "", "", "", f"− {DEFENSE_BASE} =", 0, True)
                     for kind in ("Melee", "Missile"))
    return replace(view, attributes=attributes, trait_balance="", contact_summary="",
                   skills_summary="unskilled: Attribute − 1 or − 4", weapons=(),
                   defenses=defenses)
