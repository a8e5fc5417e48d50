"""First-game tips that use the table's own numbers: the shape every game's ``tips`` returns.

A game's ``companion.games.<game>.tips.tips(state, prompt, effects)`` reads the state it is
in, the question it asks and the effects of the entry that led there (the steps the app
resolved by itself: an event, decay, income, a round's end) and returns the tips that apply
now. Pure functions: no I/O, no Flet; the rules lookup puts them beside the fixed notes
(``companion.lookup.tips``) and the Play screen shows them.
"""

from __future__ import annotations

from dataclasses import dataclass

from companion.core.msg import Msg


@dataclass(frozen=True, slots=True)
class Tip:
    """One tip: its text with the numbers as arguments (``msg.key`` names the kind of tip), the
    rule it rests on (a rule id the lookup can open), the moment it belongs to (a prompt kind, or
    an automatic step just resolved: "event", "wall_check", "decay", "month_scoring", "income",
    "round_end", "refill") and the player it speaks to (None: the whole table)."""

    msg: Msg
    rule_id: str
    moment: str
    seat: int | None = None

    @property
    def kind(self) -> str:
        return self.msg.key

    @property
    def mark(self) -> str:
        """What "already shown" is kept under: each player hears a tip about them once, and the
        table hears a tip about everybody once."""
        return self.kind if self.seat is None else f"{self.kind}#{self.seat}"
