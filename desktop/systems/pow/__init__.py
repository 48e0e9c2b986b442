"""POW! Core Rules v1.01."""
