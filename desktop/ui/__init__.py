"""Shared Qt: main window, editor host, undo, bindings, widgets, settings."""
