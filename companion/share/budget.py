"""What one live-share connection may cost the server (no Flet, no I/O; the clock is passed in).

The app serves every phone at the table from one event loop, so one phone must not be able to
make the others wait. Each connection gets a budget: events per second (a token bucket, so a
quick burst of taps is fine and a flood is not), events in flight at once, route changes per
second, and a size and shape limit on every frame. Past any of them the connection is dropped
(the phone can reconnect); see ``companion.ui.guard`` for where this is applied.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any


class BudgetExceeded(Exception):
    """A connection went past its budget; ``reason`` names which limit (for the server log)."""

    def __init__(self, reason: str) -> None:
        self.reason = reason
        super().__init__(reason)


@dataclass(frozen=True)
class Limits:
    """The per-connection limits (named in docs/FORMAT.md, "Live-share messages")."""

    events_per_second: float = 30.0  # a fast typist sends ~10 change events a second
    event_burst: int = 60
    in_flight: int = 8  # event handlers of one connection running at once
    routes_per_second: float = 3.0
    route_burst: int = 30
    frame_bytes: int = 64 * 1024  # events, property patches, the register frame
    result_frame_bytes: int = 8 * 1024 * 1024  # a method result: a picked photo of a QR code
    depth: int = 32  # nesting of lists and maps in one frame
    items: int = 20_000  # lists, maps and scalars in one frame


DEFAULT_LIMITS = Limits()


@dataclass
class Bucket:
    """A token bucket: ``rate`` tokens a second, at most ``burst`` saved up."""

    rate: float
    burst: int
    tokens: float = field(init=False)
    last: float | None = field(default=None, init=False)

    def __post_init__(self) -> None:
        self.tokens = float(self.burst)

    def take(self, now: float) -> bool:
        if self.last is not None:
            self.tokens = min(float(self.burst), self.tokens + (now - self.last) * self.rate)
        self.last = now
        if self.tokens < 1.0:
            return False
        self.tokens -= 1.0
        return True


class SessionBudget:
    """The running budget of one connection."""

    def __init__(self, limits: Limits = DEFAULT_LIMITS) -> None:
        self.limits = limits
        self.events = Bucket(limits.events_per_second, limits.event_burst)
        self.routes = Bucket(limits.routes_per_second, limits.route_burst)
        self.running = 0

    def event(self, now: float, *, route: bool = False, paid: bool = False) -> None:
        """Charge one event (a route change also charges the route bucket); raise past budget.
        ``paid``: the frame before it was charged for the same act (a keystroke is a value patch
        then a change event): only the in-flight limit applies."""
        if not paid and not self.events.take(now):
            raise BudgetExceeded("events per second")
        if route and not self.routes.take(now):
            raise BudgetExceeded("route changes per second")
        if self.running >= self.limits.in_flight:
            raise BudgetExceeded("events in flight")

    def started(self) -> None:
        self.running += 1

    def finished(self) -> None:
        self.running = max(0, self.running - 1)


def check_shape(value: Any, limits: Limits = DEFAULT_LIMITS) -> None:
    """Refuse a decoded frame nested deeper than ``limits.depth`` or with too many items.

    Iterative, so a hostile frame cannot exhaust the Python stack while being checked.
    """
    stack: list[tuple[Any, int]] = [(value, 1)]
    seen = 0
    while stack:
        item, depth = stack.pop()
        seen += 1
        if seen > limits.items:
            raise BudgetExceeded("items in one frame")
        if isinstance(item, dict):
            children: Any = [*item.keys(), *item.values()]
        elif isinstance(item, list | tuple):
            children = item
        else:
            continue
        if depth >= limits.depth and children:
            raise BudgetExceeded("nesting depth")
        stack.extend((child, depth + 1) for child in children)
