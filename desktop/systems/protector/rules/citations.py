"""Where Protector numbers and findings come from: book sections, cited once for all.

Section names are the book's headings (Protector, First Edition, by Emmett O'Brian).
"""

from __future__ import annotations

from desktop.model.findings import Rule

BOOK = "Protector"
GEN = "Character Generation"

R_AGES = Rule(BOOK, "Ages")
R_START = Rule(BOOK, GEN)
R_DECADES = Rule(BOOK, f"{GEN}, Decades")
R_FIRST_TIER = Rule(BOOK, f"{GEN}, Decades, First tier")
R_SECOND_TIER = Rule(BOOK, f"{GEN}, Decades, Second tier")
R_EVENTS = Rule(BOOK, f"{GEN}, Events")
R_CONTINUE = Rule(BOOK, f"{GEN}, Events (roll one die for every decade)")
R_POWERS = Rule(BOOK, f"{GEN}, Powers")
R_POWER_POOL = Rule(BOOK, f"{GEN}, Powers (power dice pool by period)")
R_EFFECTS = Rule(BOOK, f"{GEN}, Powers (effects)")
R_POWER_STEPS = Rule(BOOK, f"{GEN}, Powers (one pool die for 3 dice steps)")
R_TRAITS = Rule(BOOK, f"{GEN}, Choosing Traits")
R_TRAIT_TYPES = Rule(BOOK, f"{GEN}, Different Trait Types")
R_AGENTS = Rule(BOOK, f"{GEN}, Making Agents")
R_EQUIPMENT = Rule(BOOK, f"{GEN}, Making Agents, Equipment")
R_PROPERTIES = Rule(BOOK, f"{GEN}, Making Agents, Equipment, Properties")
R_INVENTIONS = Rule(BOOK, f"{GEN}, Super Inventions")
R_ASSISTANTS = Rule(BOOK, f"{GEN}, Assistants")
R_CONFLICT = Rule(BOOK, f"{GEN}, Internal Conflict")
R_DICE_POOL = Rule(BOOK, "The Energy System, The Dice Pool")
R_STEPS = Rule(BOOK, "The Energy System, Traits")
R_DEPLETION = Rule(BOOK, "The Energy System, Depletion")
R_DAMAGE = Rule(BOOK, "The Energy System, Damage")
R_AWARDS = Rule(BOOK, "Storytelling")
R_HIGHER_STEPS = Rule(BOOK, "Higher Dice Steps")
R_MONEY = Rule(BOOK, "Agents, Money")
R_RELATIONSHIPS = Rule(BOOK, "Agents, Relationships")
R_TRAINING = Rule(BOOK, "Buying Traits and Agents")
R_CONSTRUCTION = Rule(BOOK, "Equipment Construction")
R_EQUIPMENT_LIST = Rule(BOOK, "Equipment")
"""The book's list of equipment, each with its printed Cost and System Pool."""
R_NPCS = Rule(BOOK, "NPCs")
R_RULINGS = Rule("Sheetdesk rulings", "Protector")
R_SHEET = Rule(BOOK, "Character Sheet (Name)")
"""The book's sheet, after the Powers Appendix: "Name", "Energy Die", "Depleted Dice"…
(Character Generation says nothing of names)."""
