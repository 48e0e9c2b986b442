"""Where POW! numbers and findings come from: book sections, cited once for all."""

from __future__ import annotations

from desktop.model.findings import Rule

BOOK = "POW!"
CREATION = "Creating a Character"

R_NAME = Rule(BOOK, f"{CREATION}, Step 1")
R_STATS = Rule(BOOK, f"{CREATION}, Step 2")
R_POOLS = Rule(BOOK, f"{CREATION}, Step 3")
R_SPECIALS = Rule(BOOK, f"{CREATION}, Step 4")
R_GREATNESS = Rule(BOOK, f"{CREATION}, optional rule The Price of Greatness")
R_SIZE = Rule(BOOK, f"{CREATION}, optional rule Size Category")
R_POINTS = Rule(BOOK, "Glossary, Character Points")
R_ACTIONS = Rule(BOOK, "Time and Activity, Combat Situations")
R_MOVE = Rule(BOOK, "Time and Activity, So What Can I Do?")
R_COMBAT = Rule(BOOK, "Combat Basics")
R_DAMAGE = Rule(BOOK, "Combat Basics, Causing Damage")
R_ARMOR = Rule(BOOK, "Taking Damage, How Armor Works")
R_REDUCTION = Rule(BOOK, "Stat Reduction, Specials and Stat Recovery")
R_XP = Rule(BOOK, "Experience and Improvement, Character Experience")
R_INITIATIVE = R_ACTIONS
R_REACT = Rule(BOOK, "Time and Activity, Parry, Riposte, & Dodge")
R_FULL_FRAME = R_MOVE
R_TAKING_DAMAGE = Rule(BOOK, "Taking Damage")
R_SAVE = Rule(BOOK, "Taking Damage, Stat Saves")
R_RECOVERY = R_REDUCTION
