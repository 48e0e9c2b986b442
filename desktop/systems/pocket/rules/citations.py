"""Where Pocket Universe numbers and findings come from: the book's numbered sections."""

from __future__ import annotations

from desktop.model.findings import Rule

BOOK = "Pocket Universe"
TITLE = "Pocket Universe Basic Rules"

R_ATTRIBUTES = Rule(BOOK, "2.1 Attributes")
R_TRAITS = Rule(BOOK, "2.2 Personal Traits")
R_DISADVANTAGES = Rule(BOOK, "2.21 Disadvantages")
R_ADVANTAGES = Rule(BOOK, "2.22 Advantages")
R_TABLE = Rule(BOOK, "2.3 Other Characteristics")
R_HITS = Rule(BOOK, "2.31 Hit Points")
R_UNARMED = Rule(BOOK, "2.32 Unarmed Damage")
R_INITIATIVE = Rule(BOOK, "2.33 Initiative")
R_MOVE = Rule(BOOK, "2.34 Move")
R_SKILLS = Rule(BOOK, "2.4 Skills")
R_LANGUAGES = Rule(BOOK, "2.41 Languages")
R_SKILL_LIST = Rule(BOOK, "2.42 Skill List")
R_SKILL_TEXT = Rule(BOOK, "2.43 Skill Descriptions")
R_DEFENSE = Rule(BOOK, "2.5 Defense Values")
R_MELEE_DEFENSE = Rule(BOOK, "2.51 Melee Defense")
R_MISSILE_DEFENSE = Rule(BOOK, "2.52 Missile Defense")
R_CONTACTS = Rule(BOOK, "2.6 Contacts")
R_EQUIPMENT = Rule(BOOK, "3.0 Equipment")
R_MONEY = Rule(BOOK, "3.1 Starting Money")
R_MELEE_WEAPONS = Rule(BOOK, "3.2 Melee Weapons")
R_THROWN = Rule(BOOK, "3.21 Thrown Weapons")
R_MISSILE_WEAPONS = Rule(BOOK, "3.3 Missile Weapons")
R_AMMUNITION = Rule(BOOK, "3.31 Ammunition")
R_ARMOR = Rule(BOOK, "3.4 Armor")
R_SHIELDS = Rule(BOOK, "3.41 Shields")
R_HELMETS = Rule(BOOK, "3.42 Helmets")
R_CHECKS = Rule(BOOK, "4.0 Skill & Attribute Checks")
R_PERCEPTION = Rule(BOOK, "4.6 Perception")
R_FALLING = Rule(BOOK, "4.7 Falling")
R_MATERIALS = Rule(BOOK, "4.8 Material Strength")
R_COMBAT_INITIATIVE = Rule(BOOK, "5.2 Initiative")
R_RANGE = Rule(BOOK, "5.32 Range Modifiers")
R_DAMAGE = Rule(BOOK, "5.4 Damage & Armor")
R_UNCONSCIOUS = Rule(BOOK, "5.41 Unconsciousness & Death")
R_KNOCKOUT = Rule(BOOK, "5.61 Knockout")
R_TWO_WEAPONS = Rule(BOOK, "5.81 Two Weapon Combat")
R_CREATURES = Rule(BOOK, "6.2 Creatures")
R_EXPERIENCE = Rule(BOOK, "6.3 Experience Advancement")
R_RECORD_SHEET = Rule(BOOK, "Character Record Sheet")
"""The appendix's sheet: "Character Name:", "Player:", "Age:", "Sex:" (2.1 says nothing
of names)."""
