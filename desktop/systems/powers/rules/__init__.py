"""Powers rules room: pure Python and pydantic, no Qt, no reportlab."""
