"""Protector's rules, pure Python: the character model (inputs only), derived values and
findings, the book's catalogs, dice and exact odds, citations, and the life-path generator.

Never imports Qt, reportlab, ``desktop.ui`` or ``desktop.pdf`` (pyproject.toml's
import-linter contracts; tests/test_layers.py runs them)."""
