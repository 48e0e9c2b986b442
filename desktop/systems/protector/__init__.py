"""Protector (the Energy System): characters are pools of energy dice, made by a life path.

Parts (imported lazily through the registry): ``character`` (the saved inputs),
``rules`` (derived pools, the creation ledger and findings), ``lifepath`` (the pure
step-by-step generator), ``catalog`` (the book's tables, equipment and NPCs).
"""
