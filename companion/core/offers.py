"""One shared instance per offered entry: a game's choices are rebuilt for every state, and
the same few entries (seat 2 takes Taxes, seat 0 places in palace 1) come back each time.

Entries are frozen models, so one instance can stand in every list that offers it; building
it once saves pydantic's validation on each of the thousands of offers a game makes. The
values are few (seats x cards, tiles, palaces), so the table stays small; it is bounded anyway.
"""

from __future__ import annotations

from typing import Any, TypeVar, cast

from pydantic import BaseModel

M = TypeVar("M", bound=BaseModel)

MAX_OFFERS = 20_000  # a game offers a few hundred distinct entries; past this, build as usual
_OFFERS: dict[tuple[Any, ...], BaseModel] = {}


def offer(model: type[M], **fields: Any) -> M:
    """``model(**fields)``, the same frozen instance for the same fields."""
    key = (model, *fields.items())
    made = _OFFERS.get(key)
    if made is None:
        made = model(**fields)
        if len(_OFFERS) < MAX_OFFERS:
            _OFFERS[key] = made
    return cast(M, made)
