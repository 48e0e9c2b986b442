"""Pocket Universe Basic Rules (UNIgames, 2001): a 2d10 roll-under game by Jeff Dee."""
