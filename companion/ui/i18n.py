"""Translating the UI: every user-facing string is a ``ui.`` catalogue key or an engine Msg."""

from __future__ import annotations

from datetime import date
from functools import cache
from typing import Any

from companion.core.msg import Msg
from companion.i18n import DEFAULT_LANGUAGE, known_language, translate


class Tr:
    """The translator of one session: ``tr("home.new")`` renders ``ui.home.new``."""

    def __init__(self, lang: str = DEFAULT_LANGUAGE) -> None:
        self.lang = lang if known_language(lang) else DEFAULT_LANGUAGE  # qps too, for tests

    def __call__(self, key: str, **args: Any) -> str:
        rendered = {k: v.render(self.lang) if isinstance(v, Msg) else v for k, v in args.items()}
        return translate(f"ui.{key}", self.lang, **rendered)

    def msg(self, message: Msg | str | None) -> str:
        if message is None:
            return ""
        return message if isinstance(message, str) else message.render(self.lang)


@cache
def translator(lang: str) -> Tr:
    """The one translator of ``lang``: every session and screen in that language shares it, so
    parts and models given it compare equal across renders (a ``Tr`` compares by identity)."""
    return Tr(lang)


def day_hint(tr: Tr, month_day: str) -> str:
    """A day field's example, said as one ("e.g. 2026-12-31"): the bare date, in a focused field,
    looked like a value already typed. This year's, so it never looks stale."""
    return tr("plays.day_hint", day=f"{date.today().year}-{month_day}")
