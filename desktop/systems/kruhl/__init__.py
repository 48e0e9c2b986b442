"""Warlords of Kruhl 3e: the Actions chapter (order of play, rolls, conditions,
Endurance and plot points)."""
