"""Powers' editor (Qt): the editor class (``editor.EDITOR``), its power editor, the
component choices, the odds panel and the GM's table dialogs.

Reads ``rules``; never ``printing`` or another game."""
