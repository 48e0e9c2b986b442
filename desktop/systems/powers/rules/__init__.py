"""Powers rules room: pure Python and pydantic (the character, components, costs, dice, derived values)."""
