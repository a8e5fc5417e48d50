"""Msg: a translatable message (a catalogue key plus its arguments).

The engine never builds display strings itself: it returns Msgs, and the UI, the CLI or
the rules lookup render them in the reader's language. An argument may itself be a Msg
(a person type, an event name), rendered in the same language.
"""

from __future__ import annotations

from typing import Any

from pydantic import BaseModel, ConfigDict

from companion.i18n import DEFAULT_LANGUAGE, translate


class Msg(BaseModel):
    model_config = ConfigDict(frozen=True)

    key: str
    args: dict[str, Any] = {}

    def render(self, lang: str = DEFAULT_LANGUAGE) -> str:
        return translate(self.key, lang, **{k: _render_arg(v, lang) for k, v in self.args.items()})

    def __str__(self) -> str:
        return self.render()


def _render_arg(value: Any, lang: str) -> Any:
    if isinstance(value, Msg):
        return value.render(lang)
    if isinstance(value, list | tuple):
        return ", ".join(str(_render_arg(v, lang)) for v in value)
    return value


def msg(key: str, **args: Any) -> Msg:
    """Shorthand: ``msg("dragon.fx.taxes", yuan=3)``."""
    return Msg(key=key, args=args)
