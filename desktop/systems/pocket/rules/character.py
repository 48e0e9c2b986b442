"""A Pocket Universe character as saved: the player's inputs, never the derived numbers.

Hits, initiative, defences, costs and findings are computed by ``rules.derive`` each
time they are needed (Pocket Universe, 2.3 Other Characteristics), so a file can never
disagree with the rules. Attribute scores are the FINAL scores (base 8, the 10 creation
points, Attribute ±1 traits and experience raises all included); the rules work out
the creation points from the traits and the raises recorded here.

Anything bought is marked with how it was paid for: ``creation`` (starting EPs,
contact points, starting money) or ``experience``/``play`` (EP awards, money earned in
play), so both the creation budget and the EP account can be checked.
"""


from typing import Annotated, Literal

from pydantic import Field, model_validator

from desktop.model.defaults import empty_list
from desktop.model.document import require_in_files
from desktop.model.portrait import Portrait, portrait_field
from desktop.model.strict import StrictModel as _Strict

Attribute = Literal["phys", "deft", "intl", "will"]
ATTRIBUTES: tuple[Attribute, ...] = ("phys", "deft", "intl", "will")
ATTRIBUTE_LABELS: dict[Attribute, str] = {a: a.upper() for a in ATTRIBUTES}
ATTRIBUTE_NAMES: dict[Attribute, str] = {
    "phys": "Physique", "deft": "Deftness", "intl": "Intellect", "will": "Willpower"}

Acquired = Literal["creation", "experience"]
"""Paid from the starting EPs, or from EP awards later (2.4 Skills, 6.3)."""
Obtained = Literal["creation", "play"]
"""Had at character creation (paid from the creation budget), or gained in play."""
Triplet = tuple[int, int, int]
"""A low/mid/high roll (1d10: 1-2 low, 3-8 mid, 9-10 high)."""
ContactTier = Literal["nobody", "average_citizen", "locally_influential", "local_authority",
                      "regional_authority", "national_authority", "national_leader"]

# Wide enough for house rules and creatures; the Attribute table's 2-16 is a finding.
Score = Field(default=8, ge=0, le=99)
Money = Field(default=0, ge=0, le=10**9)
MAX_ROWS = 500
"""Rows in any one list (skills, traits, weapons…): what a sheet prints in seconds."""


class Attributes(_Strict):
    """PHYS, DEFT, INTL, WILL: final scores (Pocket Universe, 2.1 Attributes)."""

    _complete = model_validator(mode="before")(require_in_files(*ATTRIBUTES))

    phys: int = Score
    deft: int = Score
    intl: int = Score
    will: int = Score

    def get(self, attribute: Attribute) -> int:
        return getattr(self, attribute)


class Trait(_Strict):
    """A Personal Trait taken (2.2): one of the book's by name, or a GM-defined one.

    ``times`` counts cumulative takings (Running ×3, Wealth ×2 = 2 points of Wealth).
    Traits taken in different forms (Phobia, Enemy, Quirk…) are separate entries, each
    describing its form in ``detail``.
    """

    name: str = Field(min_length=1)
    times: int = Field(default=1, ge=1, le=99)
    points: int | None = Field(default=None, ge=0, le=99)
    """Value of one taking when the trait's value varies (Enemy 1-2, Phobia 1-2); None
    means the book's value. Required for a GM-defined trait."""
    attribute: Attribute | None = None
    """Which Attribute an Attribute +1 / Attribute -1 applies to."""
    detail: str = ""
    """The form: what the Phobia fears, who the Enemy is, the Quirk, the Lackey's name."""
    gm_defined: bool = False
    """A trait the GM made up (2.2): ``kind``, ``points`` and ``effect`` describe it."""
    kind: Literal["advantage", "disadvantage"] | None = None
    effect: str = ""
    """What a GM-defined trait does, in words."""
    acquired: Obtained = "creation"
    """Taken at creation (counts toward the 5-point balance) or gained in play."""


class Skill(_Strict):
    """A skill bought with EPs (2.4 Skills): score = Attribute + ``level``."""

    name: str = Field(min_length=1)
    specialisation: str = ""
    """Required for the starred skills (Melee, Missile, Craft, Scholar…)."""
    level: int = Field(default=0, ge=0, le=99)
    """Levels above the Attribute: 0 is basic proficiency (1 EP)."""
    acquired: Acquired = "creation"
    raised: int = Field(default=0, ge=0, le=99)
    """Of ``level``, the levels bought later with EP awards (for a creation skill)."""
    gm_defined: bool = False
    """A skill the GM made up (2.42): ``attribute`` and ``penalty`` describe it."""
    attribute: Attribute | None = None
    """The Attribute it is based on; None takes the book's."""
    penalty: int | None = Field(default=None, ge=-20, le=0)
    """Unskilled penalty; None takes the book's."""
    notes: str = ""


class Language(_Strict):
    """A language (2.41 Languages): native ones are fluent and free."""

    name: str = Field(min_length=1)
    level: int = Field(default=1, ge=1, le=3)
    """1 broken, 2 accented, 3 fluent. A native language is always fluent (level unused)."""
    native: bool = False
    literate: bool = False
    acquired: Acquired = "creation"
    raised: int = Field(default=0, ge=0, le=2)
    """Of ``level``, the levels bought later with EP awards."""
    literacy_acquired: Acquired = "creation"


class Share(_Strict):
    """Another character's contribution to a shared Contact's base cost (2.6)."""

    character: str = Field(min_length=1)
    points: int = Field(default=1, ge=0, le=99)


class Contact(_Strict):
    """An NPC the character can call on (2.6 Contacts)."""

    name: str = Field(min_length=1)
    sex: str = ""
    age: str = ""
    location: str = ""
    description: str = ""
    tier: ContactTier = "average_citizen"
    """Power and influence: the row of the book's cost table."""
    cost: int | None = Field(default=None, ge=1, le=99)
    """Base cost the GM set, when it is not the table's."""
    friend: bool = False
    """Friend or Relative rather than Acquaintance: +2 points."""
    insider: Literal["none", "single", "group"] = "none"
    """Insider for one other Contact (-4) or a whole group (-2)."""
    insider_for: str = ""
    """Whose household or inner circle the insider belongs to."""
    my_share: int | None = Field(default=None, ge=0, le=99)
    """None: not shared. Else this character's part of the base cost."""
    shared_with: list[Share] = Field(default_factory=empty_list, max_length=MAX_ROWS)
    acquired: Obtained = "creation"
    """Bought with contact points at creation, or made in play (costs no points)."""


class Weapon(_Strict):
    """A melee or missile weapon with its table numbers (3.2, 3.3)."""

    name: str = Field(min_length=1)
    kind: Literal["melee", "missile"] = "melee"
    group: str = ""
    """The skill specialisation it uses: "blade", "axe", "bow"…"""
    cost: int = Money
    hit: int = Field(default=0, ge=-20, le=20)
    damage: Triplet = (0, 0, 0)
    phys: int = Field(default=0, ge=0, le=99)
    """PHYS needed to wield it one-handed (missile: to use it at all)."""
    range: int | None = Field(default=None, ge=0, le=10000)
    """Missile weapons: range in movement spaces."""
    hands: Literal["one", "either", "two"] = "either"
    """One: never two-handed (whips, slings). Two: always (staves, bows, rifles)."""
    reload_actions: int = Field(default=0, ge=0, le=99)
    """Actions to reload after each shot (crossbows: 1)."""
    wield: Literal["one_hand", "two_hands", "off_hand"] = "one_hand"
    thrown: bool = False
    """Also thrown (3.21): a melee weapon gets a thrown attack line."""
    balanced: bool = False
    """Balanced for throwing (+50% price; no -2 when thrown)."""
    quantity: int = Field(default=1, ge=0, le=9999)
    acquired: Obtained = "creation"
    notes: str = ""


class Armor(_Strict):
    """Body armor (3.4): protection physical/energy and the DEFT limit."""

    name: str = Field(min_length=1)
    cost: int = Money
    phys: int = Field(default=0, ge=0, le=99)
    energy: int = Field(default=0, ge=0, le=99)
    deft_limit: int | None = Field(default=None, ge=0, le=99)
    worn: bool = True
    damage: int = Field(default=0, ge=0, le=99)
    """Points of -1/-1 damage from combat criticals (5.35)."""
    acquired: Obtained = "creation"
    notes: str = ""


class Shield(_Strict):
    """A shield (3.41): Parry bonus, Hits and the PHYS it needs."""

    name: str = Field(min_length=1)
    cost: int = Money
    parry: int = Field(default=0, ge=0, le=20)
    hits: int = Field(default=0, ge=0, le=999)
    phys: int = Field(default=0, ge=0, le=99)
    hits_left: int | None = Field(default=None, ge=0, le=999)
    """None: undamaged."""
    ready: bool = True
    """Carried on the arm (it needs one free hand)."""
    acquired: Obtained = "creation"
    notes: str = ""


class Helmet(_Strict):
    """A helmet (3.42): protection vs knockouts and a bonus to the overall armor."""

    name: str = Field(min_length=1)
    cost: int = Money
    phys: int = Field(default=0, ge=0, le=99)
    energy: int = Field(default=0, ge=0, le=99)
    bonus_phys: int = Field(default=0, ge=0, le=99)
    bonus_energy: int = Field(default=0, ge=0, le=99)
    perception_penalty: int = Field(default=0, ge=-10, le=0)
    worn: bool = True
    acquired: Obtained = "creation"
    notes: str = ""


class Ammunition(_Strict):
    """Ammunition (3.31): ``cost`` buys ``per`` rounds."""

    name: str = Field(min_length=1)
    cost: int = Money
    per: int = Field(default=1, ge=1, le=10000)
    quantity: int = Field(default=0, ge=0, le=100000)
    acquired: Obtained = "creation"
    notes: str = ""


class Gear(_Strict):
    """Any other item, priced by the GM (3.0 Equipment)."""

    name: str = Field(min_length=1)
    cost: int = Money
    quantity: int = Field(default=1, ge=0, le=100000)
    acquired: Obtained = "creation"
    notes: str = ""


class Equipment(_Strict):
    weapons: list[Weapon] = Field(default_factory=empty_list, max_length=MAX_ROWS)
    armor: list[Armor] = Field(default_factory=empty_list, max_length=MAX_ROWS)
    shields: list[Shield] = Field(default_factory=empty_list, max_length=MAX_ROWS)
    helmets: list[Helmet] = Field(default_factory=empty_list, max_length=MAX_ROWS)
    ammunition: list[Ammunition] = Field(default_factory=empty_list, max_length=MAX_ROWS)
    gear: list[Gear] = Field(default_factory=empty_list, max_length=MAX_ROWS)


class NaturalArmor(_Strict):
    """Armor of the body itself (scales, hide), beyond Toughness (5.4, 6.2)."""

    name: str = ""
    phys: int = Field(default=0, ge=0, le=99)
    energy: int = Field(default=0, ge=0, le=99)


class Award(_Strict):
    """EPs the GM awarded at the end of a session (6.3: 1 to 3)."""

    eps: int = Field(default=1, ge=0, le=99)
    session: str = ""
    note: str = ""


class Experience(_Strict):
    """EP awards and the Attribute raises bought with them (6.3 Experience Advancement)."""

    awards: list[Award] = Field(default_factory=empty_list, max_length=MAX_ROWS)
    attribute_raises: dict[Attribute, Annotated[int, Field(ge=0, le=99)]] = Field(
        default_factory=dict)
    """Points bought with EPs per Attribute; each cost the score it was raised from."""


class Tracking(_Strict):
    """Where the character stands in play; None means "as derived" (full, unspent)."""

    hits: int | None = Field(default=None, ge=-9999, le=9999)
    """Current hit points; below 0 the character is dying (5.41)."""
    money: int | None = Field(default=None, ge=0, le=10**9)
    """Cash now; None: what is left of the starting money."""


class PocketCharacter(_Strict):
    _complete = model_validator(mode="before")(require_in_files("name", "attributes"))

    format: Literal["sheetdesk.character"] = "sheetdesk.character"
    version: Literal[1] = 1
    system: Literal["pocket"] = "pocket"
    name: str = ""
    player: str = ""
    age: str = ""
    sex: str = ""
    description: str = ""
    """Appearance and background, in words."""
    portrait: str = ""
    """Notes for the portrait box of the record sheet."""
    picture: Portrait | None = portrait_field()
    """The character's picture (``desktop.model.portrait``), drawn in the portrait box."""
    role: Literal["character", "lackey"] = "character"
    """A Lackey (2.22) gets 8 Attribute points, 3 trait points and no Contacts."""
    master_starting_money: int | None = Field(default=None, ge=0, le=10**9)
    """For a Lackey: the starting money of the character it belongs to (2.22, Lackey:
    Lackeys "may not … be wealthier than the main character"); None: not given."""
    attributes: Attributes = Field(default_factory=Attributes)
    traits: list[Trait] = Field(default_factory=empty_list, max_length=MAX_ROWS)
    skills: list[Skill] = Field(default_factory=empty_list, max_length=MAX_ROWS)
    languages: list[Language] = Field(default_factory=empty_list, max_length=MAX_ROWS)
    literate_culture: bool = True
    """From a literate culture: literacy in the native language is free (2.41)."""
    contacts: list[Contact] = Field(default_factory=empty_list, max_length=MAX_ROWS)
    equipment: Equipment = Field(default_factory=Equipment)
    natural_armor: NaturalArmor = Field(default_factory=NaturalArmor)
    experience: Experience = Field(default_factory=Experience)
    tracking: Tracking = Field(default_factory=Tracking)
    notes: str = ""


CHARACTER_MODEL = PocketCharacter


def new_character(name: str = "") -> PocketCharacter:
    """A blank character: every Attribute at the base 8, nothing bought, $500 to spend
    (the starting money is derived, 3.1)."""
    return PocketCharacter(name=name, attributes=Attributes(phys=8, deft=8, intl=8, will=8))
