"""What the several-workers tests share: what a relay publishes, a table at a choice, waiting."""

from __future__ import annotations

import random
import threading
import time
from typing import Any

from companion.core import Table
from companion.store import Store


class Published:
    """Records what a relay publishes on its worker's pubsub (Flet's ``PubSubHub`` in a server,
    where sessions redraw on it; here the messages are what the test checks)."""

    def __init__(self) -> None:
        self.messages: list[tuple[str, Any]] = []
        self._said = threading.Condition()

    def send_all_on_topic(self, topic: str, message: Any) -> None:
        with self._said:
            self.messages.append((topic, message))
            self._said.notify_all()

    def wait_for(self, topic: str, message: Any, timeout: float = 30.0) -> None:
        """Until (``topic``, ``message``) was published; a failure after ``timeout`` (a bound for a
        broken relay, not a measure)."""
        end = time.monotonic() + timeout
        with self._said:
            while (topic, message) not in self.messages:
                left = end - time.monotonic()
                if left <= 0:
                    raise AssertionError(f"{topic} {message} never published; got {self.messages}")
                self._said.wait(left)


def dragon_at_a_choice(store: Store, seed: int = 7) -> Table:
    """A new Dragon table in ``store``, played on until a player has choices to tap."""
    rng = random.Random(seed)
    table = store.create(Table.new("dragon", ["Ana", "Ben", "Carla"]))
    while table.prompt.seat is None or not table.prompt.choices:
        table.auto(rng) if table.prompt.choices is None else table.submit(table.prompt.choices[0])
    return table


def wait(check: Any, what: str, timeout: float = 30.0) -> Any:
    end = time.monotonic() + timeout
    while time.monotonic() < end:
        found = check()
        if found:
            return found
        time.sleep(0.02)
    raise AssertionError(f"timed out waiting for {what}")
