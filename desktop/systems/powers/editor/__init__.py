"""Powers editor room: the Qt character and power editor (to come)."""
