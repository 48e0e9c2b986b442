"""Powers fight room: turn order, damage and recovery for the GM screen (to come)."""
