"""The refused-key and new-space counts of a hosted server, across workers: on PostgreSQL two
``Hosted`` (two workers) share them (store/address_counts.py), so a guess through one counts on
the other and a lockout holds on both; on SQLite (one process) each keeps its own in memory."""

from __future__ import annotations

import time
from collections.abc import Iterator
from pathlib import Path

import pytest
from store_backends import fresh_database

from companion.share.attempts import Attempts
from companion.store import postgres
from companion.store.address_counts import SharedAttempts
from companion.store.spaces import Spaces
from companion.ui.hosted import NEW_SPACES, SPACE_PREF, Hosted, may_start_over, own_space, start_over

ADDRESS = "198.51.100.7"
BASE = "http://127.0.0.1:8550"
FORGED = "0123456789abcdef." + "A" * 43  # well formed, opens nothing


class Prefs:
    """A browser's client storage (what ``ft.SharedPreferences`` reads and writes)."""

    def __init__(self, kept: dict[str, str] | None = None) -> None:
        self.kept = dict(kept or {})

    async def get(self, key: str) -> str | None:
        return self.kept.get(key)

    async def set(self, key: str, value: str) -> bool:
        self.kept[key] = value
        return True


@pytest.fixture
def workers(
    store_backend: str, request: pytest.FixtureRequest, tmp_path: Path
) -> Iterator[tuple[Hosted, Hosted]]:
    """Two workers' Hosted on one store (each its own Spaces, as two processes have)."""
    location = (
        tmp_path / "data"
        if store_backend == "sqlite"
        else fresh_database(request.getfixturevalue("postgres_database"), "counts")
    )
    a, b = Hosted(Spaces(location)), Hosted(Spaces(location))
    yield a, b
    a.spaces.close()
    b.spaces.close()
    postgres.close_shared_pools()


async def test_a_refused_key_counts_on_every_worker(workers, store_backend):
    a, b = workers
    for i in range(20):  # the default limit: 20 refused keys per address an hour, 10 through each
        place = await own_space(a if i % 2 else b, Prefs({SPACE_PREF: FORGED}), ADDRESS, BASE)
        assert place.refusal == "space.refused"
    good = a.spaces.create()
    for worker in (a, b):
        place = await own_space(worker, Prefs({SPACE_PREF: good.text()}), ADDRESS, BASE)
        if store_backend == "postgresql":  # 20 in all: locked out on both, even with a right key
            assert place.refusal == "space.locked"
        else:  # one process each: 10 here, under the limit
            assert place.refusal is None and place.host
    elsewhere = await own_space(b, Prefs({SPACE_PREF: good.text()}), "198.51.100.8", BASE)
    assert elsewhere.refusal is None  # another address is not locked out


async def test_new_spaces_per_address_count_on_every_worker(workers, store_backend):
    a, b = workers
    for i in range(NEW_SPACES.address_failures):
        assert await start_over(a if i % 2 else b, Prefs(), ADDRESS) is not None
    shared = store_backend == "postgresql"
    assert may_start_over(a, ADDRESS) is not shared and may_start_over(b, ADDRESS) is not shared
    assert (await start_over(b, Prefs(), ADDRESS) is None) is shared


def test_old_counts_are_removed_by_the_sweep(store_backend, request):
    if store_backend == "sqlite":  # one process: in memory, where Attempts forgets old keys itself
        hosted = Hosted(Spaces(request.getfixturevalue("tmp_path")))
        assert type(hosted.attempts) is Attempts and type(hosted.created) is Attempts
        hosted.spaces.close()
        return
    url = fresh_database(request.getfixturevalue("postgres_database"), "counts")
    try:
        counts = SharedAttempts(url, "refused")
        now = time.time()
        counts.failed(["addr:x"] * 20, now)
        assert counts.locked(["addr:x"], now)
        assert counts.forget_old(now + 2 * counts.limits.window) == 0  # still locked out: kept
        later = now + counts.limits.window + counts.limits.lockout + 1
        assert not counts.locked(["addr:x"], later) and counts.forget_old(later) == 1
    finally:
        postgres.close_shared_pools()
