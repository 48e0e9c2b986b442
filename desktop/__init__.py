"""Sheetdesk: character editors, sheets, odds and a GM screen for rules-light RPGs."""

__version__ = "0.1.0"
APP_NAME = "Sheetdesk"
APP_ID = "sheetdesk"
