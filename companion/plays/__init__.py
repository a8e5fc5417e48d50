"""Plays: what a finished table leaves in the log (pure, no I/O; the store keeps it).

``record`` turns a finished Table into a PlayRecord: players in seat order, scores, places,
winners and the tie-break that decided, and the game-specific figures the statistics need.
``calculated`` does the same for a game scored with a Quick score calculator.
"""

from companion.plays.models import Figure, PlayRecord, PlaySeat
from companion.plays.record import calculated, record

__all__ = ["Figure", "PlayRecord", "PlaySeat", "calculated", "record"]
