"""Rules lookup benchmark: building the search index at start, and one search over all rules.

Run: python benchmarks/lookup_bench.py  (figures go into docs/PERFORMANCE.md, "Rules lookup").
``--pure`` hides PyStemmer, so snowballstemmer runs its pure-Python stemmers (as on a phone
build without PyStemmer). Budgets (issue 16): building the index <= 50 ms, one search <= 5 ms;
issue 29: the median search over the question bank (tests/lookup_bank.py) <= 5 ms, and the
bank's top-1 / top-3 per language and game.
"""

from __future__ import annotations

import statistics
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path[:0] = [str(ROOT), str(ROOT / "tests")]
if "--pure" in sys.argv:
    sys.modules["Stemmer"] = None  # type: ignore[assignment]  # an import of it now fails

from lookup_bank import (  # noqa: E402
    ALL,
    BANK,
    FIFTH,
    FOURTH,
    FRESH,
    SIXTH,
    THIRD,
    Entry,
    figures,
    fresh_held_out,
    held_out,
)
from lookup_questions import QUESTIONS  # noqa: E402

from companion.core import data as core_data  # noqa: E402
from companion.core import rulebook  # noqa: E402
from companion.lookup import data, fts, search, text  # noqa: E402

BUILDS = 15
ROUNDS = 5


def _cold() -> None:
    """Forget everything read or computed, as in a process that has just started."""
    for cached in (
        core_data._read,
        rulebook.rules,
        data.book,
        data._book,
        data._check,
        text.stem,
        text.word_stems,
        fts.index,
    ):
        cached.cache_clear()


def build_ms(langs: tuple[str, ...]) -> list[float]:
    out = []
    for _ in range(BUILDS):
        _cold()
        start = time.perf_counter()
        for lang in langs:
            fts.index(lang)
        out.append((time.perf_counter() - start) * 1000)
    return out


def search_ms(per_game: bool, first: bool) -> list[float]:
    """Each question once on a freshly built index (first), or on one that has answered them all."""
    _cold()
    for lang in ("en", "es"):
        fts.index(lang)  # built here; what is timed is the search
    if not first:
        for game, lang, question, _answers in QUESTIONS:
            search(question, lang, game if per_game else None)
    out = []
    for _ in range(1 if first else ROUNDS):
        for game, lang, question, _answers in QUESTIONS:
            start = time.perf_counter()
            search(question, lang, game if per_game else None)
            out.append((time.perf_counter() - start) * 1000)
    return out


def bank_ms(entries: list[Entry]) -> list[float]:
    """Each bank question, as it is asked (its game, or every game), on a warm index."""
    _cold()
    asked = [(q, lang, None if scope == ALL else scope) for _g, lang, q, _a, scope in entries]
    for q, lang, game in asked:
        search(q, lang, game)  # the word lists and caches a first typo loads are not what is timed
    out = []
    for _ in range(ROUNDS):
        for q, lang, game in asked:
            start = time.perf_counter()
            search(q, lang, game)
            out.append((time.perf_counter() - start) * 1000)
    return out


def first_typo_ms() -> float:
    """The first query with a word the rules lack: it reads the language's word list once."""
    _cold()
    text._dictionary.cache_clear()
    fts.index("en")
    start = time.perf_counter()
    search("drougth", "en", "dragon")
    return (time.perf_counter() - start) * 1000


def bank_table() -> str:
    head = "question bank"
    rows = [f"{head:<28} {'n':>4} {'top-1':>6} {'top-3':>6}"]
    parts = (
        ("", BANK),
        ("held out ", held_out()),
        ("fresh ", FRESH),
        ("fresh held out ", fresh_held_out()),
        ("third ", THIRD),
        ("fourth ", FOURTH),
        ("fifth ", FIFTH),
        ("sixth ", SIXTH),
    )
    for part, entries in parts:
        for key, (n, top1, top3) in sorted(figures(entries).items()):
            rows.append(f"{part + key:<28} {n:>4} {top1:>6.0%} {top3:>6.0%}")
    return "\n".join(rows)


def _row(label: str, values: list[float]) -> str:
    """Median, 95th percentile and maximum of the timings."""
    ordered = sorted(values)
    p95 = ordered[int(len(ordered) * 0.95) - 1]
    return f"{label:<42} median {statistics.median(values):6.2f} ms   p95 {p95:6.2f} ms   max {ordered[-1]:6.2f} ms"


def main() -> None:
    stemmer = type(text._stemmer("en")).__module__
    rules = sum(len(data.book(g, "en").texts) for g in data.GAMES)
    print(f"{rules} rules per language; stemmer {stemmer}; {len(QUESTIONS)} questions x {ROUNDS}")
    print(_row("build index, one language (en)", build_ms(("en",))))
    print(_row("build index, one language (es)", build_ms(("es",))))
    print(_row("build index, both languages", build_ms(("en", "es"))))
    print(_row("first search after the build, all games", search_ms(per_game=False, first=True)))
    print(_row("first search after the build, one game", search_ms(per_game=True, first=True)))
    print(_row("one search, all games", search_ms(per_game=False, first=False)))
    print(_row("one search, one game", search_ms(per_game=True, first=False)))
    print(_row(f"one search, question bank ({len(BANK)})", bank_ms(BANK)))
    print(_row(f"one search, fresh block ({len(FRESH)})", bank_ms(FRESH)))
    print(_row(f"one search, third block ({len(THIRD)})", bank_ms(THIRD)))
    print(_row(f"one search, fourth block ({len(FOURTH)})", bank_ms(FOURTH)))
    print(_row(f"one search, fifth block ({len(FIFTH)})", bank_ms(FIFTH)))
    print(_row(f"one search, sixth block ({len(SIXTH)})", bank_ms(SIXTH)))
    print(f"{'first search with a typo (reads a word list)':<42} {first_typo_ms():6.1f} ms")
    print(bank_table())


if __name__ == "__main__":
    main()
