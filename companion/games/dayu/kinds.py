"""Da Yu's names that are not numbers: the three frames and the printed-number flood card.
A module of their own, importing nothing: data.py (the validated models) and tables.py (the
calculator's plain numbers) both read them."""

from __future__ import annotations

from typing import Literal

Frame = Literal["silver", "green", "red"]
FRAMES: tuple[Frame, ...] = ("silver", "green", "red")
POINTS_KIND = "points"  # a flood card that only shows a printed number
