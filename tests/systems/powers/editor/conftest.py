"""Until the lead adds Powers to the registry, these tests add it themselves."""

from __future__ import annotations

import pytest

import desktop.systems
from desktop.systems import System


@pytest.fixture(autouse=True)
def powers_registered(monkeypatch) -> None:
    monkeypatch.setitem(desktop.systems.SYSTEMS, "powers",
                        System("powers", "Powers (draft rules)", "Powers",
                               "desktop.systems.powers"))
