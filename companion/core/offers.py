"""One shared instance per offered entry (or any frozen value a game makes again and again:
a palace, a score line): a game's choices are rebuilt for every state, and the same few
entries (seat 2 takes Taxes, seat 0 places in palace 1) come back each time.

Entries are frozen models, so one instance can stand in every list that offers it; building
it once saves pydantic's validation on each of the thousands of offers a game makes. The
values are few (seats x cards, tiles, palaces), so the table stays small; it is bounded anyway.
"""

from __future__ import annotations

import functools
from collections.abc import Callable
from typing import Any, Protocol, TypeVar, cast

from pydantic import BaseModel

M = TypeVar("M", bound=BaseModel)

MAX_OFFERS = 20_000  # a game offers a few hundred distinct entries; the cache is bounded anyway


class _Offer(Protocol):
    def __call__(self, model: type[M], /, **fields: Any) -> M: ...


def _build(model: type[BaseModel], /, **fields: Any) -> BaseModel:
    return model(**fields)


# ``offer(model, **fields)``: ``model(**fields)``, the same frozen instance for the same fields.
# functools' cache makes the key in C, twice as fast as building a tuple key here.
offer = cast(_Offer, functools.lru_cache(maxsize=MAX_OFFERS)(_build))


def offerer(model: type[M], *names: str) -> Callable[..., M]:
    """``offer`` for one model, its fields given by position in the order of ``names``: a
    positional cache key is made in half the time of a keyword one (the engines' choices
    make several an entry). A miss goes through ``offer``, so the instance is ``offer``'s."""

    @functools.lru_cache(maxsize=MAX_OFFERS)
    def make(*values: Any) -> M:
        return offer(model, **dict(zip(names, values, strict=True)))

    return make
