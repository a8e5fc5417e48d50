"""Questions to the device that a reload of the tab cannot leave unanswered.

A browser tab keeps its Flet session's id: reloaded, it joins the same session again instead of
starting a new one (flet_web's ``REGISTER_CLIENT``). A question the session had asked the old
tab (a stored setting, through ``SharedPreferences``) is then never answered: the old tab is
gone and the new one was never asked. Flet waits for such an answer without end, so a session
reloaded while it was starting (reading its settings) never drew its first screen: the page
stayed blank. ``asked`` puts the question again to the tab that came back.
"""

from __future__ import annotations

import asyncio
from collections.abc import Awaitable, Callable
from typing import Any, TypeVar

import flet as ft

T = TypeVar("T")


async def asked(page: ft.Page, question: Callable[[], Awaitable[T]]) -> T:
    """``question()``'s answer, asked again each time the tab reconnects before answering.

    Only for questions that may be asked twice (reads, or writes of the same value): the first
    attempt is cancelled, but the device may have done it already. One at a time per page: it
    holds ``page.on_connect`` while it waits."""
    back = asyncio.Event()
    page.on_connect = lambda _: back.set()
    try:
        while True:
            back.clear()
            answer: asyncio.Future[T] = asyncio.ensure_future(question())
            reconnected = asyncio.ensure_future(back.wait())
            try:
                either: set[asyncio.Future[Any]] = {answer, reconnected}
                await asyncio.wait(either, return_when=asyncio.FIRST_COMPLETED)
            finally:
                reconnected.cancel()
                lost = not answer.done()  # the old tab took the question with it (or we were cancelled)
                if lost:
                    answer.cancel()
            if not lost:
                return answer.result()
    finally:
        page.on_connect = None


class AskedPrefs:
    """The device's stored settings with each read and write put through ``asked``: the hosted
    start reads the device's space key before its first screen, and a tab reloaded then must
    not leave it waiting (a write re-asked stores the same value again)."""

    def __init__(self, page: ft.Page, prefs: ft.SharedPreferences) -> None:
        self._page, self._prefs = page, prefs

    async def get(self, key: str) -> Any:
        return await asked(self._page, lambda: self._prefs.get(key))

    async def set(self, key: str, value: Any) -> bool:
        return await asked(self._page, lambda: self._prefs.set(key, value))
