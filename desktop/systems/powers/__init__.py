"""Powers v0.1 (first draft): attributes, d6 hit pools, combat, powers built from components."""
