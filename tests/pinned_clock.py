"""A clock pinned at one instant for a test (docs/DECISIONS.md, "Tests that do not depend on luck").

A test that compares what the app made of "today" or "now" with its own reading of the clock
fails when the two readings straddle midnight (or New Year's Eve): rare, yet CI meets it sooner
or later. ``pin_clock`` makes ``datetime.now`` and ``date.today`` return ``when`` in the modules
given, which import those classes by name (``from datetime import date, datetime``); the test
then says exactly which day or moment the app must show.
"""

from __future__ import annotations

import datetime as dt
from types import ModuleType

import pytest


def pin_clock(monkeypatch: pytest.MonkeyPatch, when: dt.datetime, *modules: ModuleType) -> None:
    """``when`` (aware) is now in ``modules``: ``datetime.now(tz)`` is it in ``tz``,
    ``datetime.now()`` and ``date.today()`` are it on this machine's clock (local time)."""
    assert when.tzinfo is not None, "a pinned moment says its zone"

    class Clock(dt.datetime):
        @classmethod
        def now(cls, tz: dt.tzinfo | None = None) -> dt.datetime:  # type: ignore[override]
            return when.astimezone(tz) if tz else when.astimezone().replace(tzinfo=None)

    class Today(dt.date):
        @classmethod
        def today(cls) -> dt.date:  # type: ignore[override]
            return when.astimezone().date()

    for module in modules:
        named = vars(module)
        assert named.get("datetime") is dt.datetime or named.get("date") is dt.date, module.__name__
        if named.get("datetime") is dt.datetime:
            monkeypatch.setattr(module, "datetime", Clock)
        if named.get("date") is dt.date:
            monkeypatch.setattr(module, "date", Today)
