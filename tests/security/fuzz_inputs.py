"""Mutated inputs for the import-surface fuzz tests, and the runner that bounds each one.

Each generator starts from valid documents and breaks them in the ways that matter: bytes
flipped, cut or inserted; one value anywhere in the JSON replaced by something hostile (deep
nesting, a number of hundreds of digits, a long string, control characters, the wrong type);
keys dropped or added. The runner allows only the surface's own error, bounds the time of
each input's CPU time with an alarm, and the tests bound the memory of the whole run.
"""

from __future__ import annotations

import json
import os
import random
import resource
import signal
import time
from collections import Counter
from collections.abc import Callable, Iterator
from typing import Any

from companion.core import Msg
from companion.i18n import catalog

TOTAL = int(os.environ.get("FUZZ_INPUTS", "2000"))  # per surface; 10000 for a long run
# CPU seconds for one input: a hang, not a speed claim. The process's CPU time, not the clock's:
# on a busy machine an input waits for a core (or for its file to reach the disk) much longer
# than it works, and a wall-clock bound failed inputs that worked a fraction of a second.
TIME_BOUND = float(os.environ.get("FUZZ_TIME_BOUND", "5"))

HOSTILE_JSON = [
    "[" * 3_000 + "]" * 3_000,
    '{"a":' * 600 + "0" + "}" * 600,
    "9" * 400,
    "-" + "9" * 40,
    "1e999",
    "NaN",
    "-Infinity",
    "true",
    "false",
    "null",
    "0",
    "-1",
    "1.5",
    '""',
    "[]",
    "{}",
    json.dumps("x" * 1_001),
    json.dumps("\x1b[2J\nFAKE LINE"),
    json.dumps("\u202eevil"),
    json.dumps("Ana"),
]


class Hang(Exception):
    """One input took longer than TIME_BOUND."""


def _alarm(_signum: int, _frame: Any) -> None:
    raise Hang


def mutate_bytes(text: str, rng: random.Random) -> str:
    data = bytearray(text.encode())
    for _ in range(rng.randint(1, 4)):
        op = rng.randrange(5)
        pos = rng.randrange(len(data) + 1)
        if op == 0 and data:
            data[min(pos, len(data) - 1)] ^= 1 << rng.randrange(8)
        elif op == 1 and data:
            del data[pos : pos + rng.randint(1, 8)]
        elif op == 2:
            data[pos:pos] = rng.choice(
                [b"[", b"{", b"]", b"}", b",", b'"', b"\\", b"9" * 50, b"\x1b", b"\xff"]
            )
        elif op == 3:
            del data[pos:]
        else:
            data[pos:pos] = b"[" * rng.randint(1, 2_000)
    return data.decode("utf-8", "replace")


def _paths(node: Any, here: tuple[Any, ...] = ()) -> Iterator[tuple[Any, ...]]:
    yield here
    if isinstance(node, dict):
        for k, v in node.items():
            yield from _paths(v, (*here, k))
    elif isinstance(node, list):
        for i, v in enumerate(node):
            yield from _paths(v, (*here, i))


def mutate_structure(doc: Any, rng: random.Random) -> str:
    """``doc`` as JSON text with one value replaced, a key dropped or added, or a list doubled."""
    doc = json.loads(json.dumps(doc))
    paths = list(_paths(doc))
    path = rng.choice(paths[1:] or paths)
    parent: Any = doc
    for step in path[:-1]:
        parent = parent[step]
    op = rng.randrange(6)
    if not path:
        return rng.choice(HOSTILE_JSON)
    last = path[-1]
    if op == 0 and isinstance(parent, dict):
        del parent[last]
        return json.dumps(doc)
    if op == 1 and isinstance(parent, dict):
        parent[rng.choice(["extra", "\x00", "kind", "seat"])] = rng.choice([1, "x", None, []])
        return json.dumps(doc)
    if op == 2 and isinstance(parent[last], list) and parent[last]:
        parent[last] = parent[last] * rng.randint(2, 3)
        return json.dumps(doc)
    if op == 3:  # another value of the same document in this place
        other: Any = doc
        for step in rng.choice(paths):
            other = other[step]
        parent[last] = json.loads(json.dumps(other))
        return json.dumps(doc)
    parent[last] = "__HOSTILE__"
    return json.dumps(doc).replace('"__HOSTILE__"', rng.choice(HOSTILE_JSON))


def mutated_json(seeds: list[str], rng: random.Random, total: int) -> Iterator[str]:
    docs = [json.loads(s) for s in seeds]
    for n in range(total):
        if n % 3 == 0:
            yield mutate_bytes(rng.choice(seeds), rng)
        else:
            yield mutate_structure(rng.choice(docs), rng)


def run(
    surface: Callable[[Any], Any],
    inputs: Iterator[Any],
    allowed: tuple[type[BaseException], ...],
    accepted: Callable[[Any], None] | None = None,
) -> Counter[str]:
    """Feed every input to ``surface``; only ``allowed`` may escape, within TIME_BOUND CPU
    seconds each (ITIMER_PROF counts the process's CPU time: a loop that never ends spends it).

    Returns how the inputs ended (accepted, or the error's message key). ``accepted`` checks
    what an accepted input gave back. Every refusal must carry a message in the catalogue.
    """
    outcomes: Counter[str] = Counter()
    keys = catalog("en")
    previous = signal.signal(signal.SIGPROF, _alarm)
    try:
        for item in inputs:
            signal.setitimer(signal.ITIMER_PROF, TIME_BOUND)
            started = time.process_time()
            try:
                result = surface(item)
            except allowed as exc:
                message = getattr(exc, "msg", None)
                if isinstance(message, Msg):
                    assert message.key in keys, f"no text for {message.key}"
                    message.render("es")
                    outcomes[message.key] += 1
                else:
                    outcomes[type(exc).__name__] += 1
                continue
            except Hang as exc:
                raise AssertionError(f"an input used over {TIME_BOUND} CPU s: {str(item)[:200]!r}") from exc
            except Exception as exc:
                raise AssertionError(f"{type(exc).__name__} escaped for {str(item)[:300]!r}") from exc
            finally:
                signal.setitimer(signal.ITIMER_PROF, 0)
            assert time.process_time() - started < TIME_BOUND
            if accepted is not None:
                accepted(result)
            outcomes["accepted"] += 1
    finally:
        signal.signal(signal.SIGPROF, previous)
    return outcomes


def max_rss_mb() -> float:
    """The process's peak resident memory so far, in MB (Linux reports kB)."""
    return resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024
