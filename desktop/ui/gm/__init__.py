"""The GM screen: a second main window that runs one encounter of one game.

Everything game-specific comes from the game's ``CombatRules`` (``rules_for``); these
widgets only show its rows, actions, charts and check, and send every change through
``EncounterSession`` so it is one undo step and a log line.
"""
