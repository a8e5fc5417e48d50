"""Which games the lookup has rules for: a module of its own, so that knowing it costs nothing."""

GAMES = ("core", "dragon", "chinatown", "dayu")
