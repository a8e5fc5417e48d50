"""Where plays happen: a play's optional location and the remembered list the app offers."""

from __future__ import annotations

from datetime import UTC, datetime
from typing import Any

from companion.plays.models import MAX_LOCATION, PlayRecord
from companion.store.plays_rows import REMEMBER_LOCATION, location_key


class LocationsMixin:
    """Store methods for locations (mixed into Store: uses its _read, _write and play)."""

    _read: Any
    _write: Any
    play: Any

    def locations(self) -> list[str]:
        """The remembered locations, the most recently used first (then by name)."""
        rows = self._read("SELECT name FROM locations ORDER BY last_used DESC, name_key")
        return [r[0] for r in rows]

    def location_name(self, text: str) -> str:
        """The remembered spelling of ``text`` (case and spacing ignored), else ``text`` tidied."""
        tidy = " ".join(text.split())
        found = self._read("SELECT name FROM locations WHERE name_key = ?", (location_key(tidy),))
        return found[0][0] if found else tidy

    def set_play_location(self, play_id: str, location: str | None) -> PlayRecord:
        """Say where a play was played (None or blank: not said). The name is remembered, and a
        remembered one is written with its first spelling, so "the café" and "The Café" are one place."""
        from companion.store.sqlite_store import StoreError

        if self.play(play_id) is None:
            raise StoreError("plays.play.unknown", id=play_id)
        name = self.location_name(location) if location and location.strip() else None
        if name is not None and len(name) > MAX_LOCATION:
            raise StoreError("plays.location.too_long", n=MAX_LOCATION)
        statements: list[tuple[str, tuple[Any, ...]]] = [
            ("UPDATE plays SET location = ? WHERE id = ?", (name, play_id))
        ]
        if name is not None:
            now = datetime.now(UTC).isoformat(timespec="microseconds")  # "used last" orders the list
            statements.append((REMEMBER_LOCATION, (location_key(name), name, now)))
        self._write(*statements)
        found = self.play(play_id)
        assert found is not None
        return found

    def forget_location(self, name: str) -> None:
        """Take a location off the remembered list (the plays played there keep it)."""
        self._write(("DELETE FROM locations WHERE name_key = ?", (location_key(name),)))
