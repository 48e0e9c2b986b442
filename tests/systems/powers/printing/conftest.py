"""Until the lead adds Powers to the registry, these tests add it themselves (as the
rules tests do); once it is there, the registry's own entry is used."""

from __future__ import annotations

import pytest

import desktop.systems
from desktop.systems import System


@pytest.fixture(autouse=True)
def powers_registered(monkeypatch) -> None:
    if "powers" not in desktop.systems.SYSTEMS:
        monkeypatch.setitem(desktop.systems.SYSTEMS, "powers",
                            System("powers", "Powers (draft rules)", "Powers",
                                   "desktop.systems.powers"))
