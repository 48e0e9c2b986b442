"""POW!'s editor (Qt): the editor class (``editor.EDITOR``), its pickers and panels.

Reads ``rules`` (and ``fight`` where it rolls a fight's pools); never ``printing``."""
