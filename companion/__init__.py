"""Table Companion: a referee and scorekeeper that sits beside a physical board game."""

__version__ = "0.1.0"
