"""The filters every statistic of the play log takes: a period and a location (issue 31)."""

from __future__ import annotations

from typing import Any

from pydantic import BaseModel, ConfigDict


class PlayFilter(BaseModel):
    """Which plays count. ``since``/``until`` compare with the date a play ended, as the log's
    own filter does: ``until`` "2026-05" takes the whole month, "2026-05-31" the whole day.
    ``location`` is a location exactly as stored (Store methods pass the remembered spelling)."""

    # defer_build: the served app builds it after listening (ui/warmup.py), else on first use
    model_config = ConfigDict(frozen=True, defer_build=True)

    since: str | None = None
    until: str | None = None
    location: str | None = None

    @property
    def active(self) -> bool:
        return bool(self.since or self.until or self.location)

    def sql(self, alias: str = "p") -> tuple[str, tuple[Any, ...]]:
        """`` AND ...`` conditions on the plays table named ``alias`` ("" when nothing filters)."""
        clauses: list[str] = []
        args: list[Any] = []
        if self.since:
            clauses.append(f"{alias}.date >= ?")
            args.append(self.since)
        if self.until:
            clauses.append(f"substr({alias}.date, 1, ?) <= ?")
            args += [len(self.until), self.until]
        if self.location:
            clauses.append(f"{alias}.location = ?")
            args.append(self.location)
        return "".join(" AND " + c for c in clauses), tuple(args)


NO_FILTER = PlayFilter()
