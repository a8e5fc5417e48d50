"""Stand-alone calculators (final scoring, income) for games played without a table.

Each game lists its calculators in its GameSpec (companion.core.registry.Calculator): a pure
function ``run(data: object) -> dict`` (the JSON the CLI prints with --json) and a renderer
``render(result: dict, lang: str) -> str`` (the plain text); ``registry.calculators()`` has them all. Bad input raises
CalcInputError with one clear, translatable line.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from companion.core.limits import InputLimitError, load_json, safe_args
from companion.core.msg import Msg, msg


@dataclass(frozen=True)
class Calculator:
    """A stand-alone calculator: ``run(data) -> dict`` (the JSON) and ``render(result, lang) -> str``.

    Here, not in the registry, so that ``companion calc`` can hold one without the registry."""

    run: Callable[[object], dict[str, Any]]
    render: Callable[[dict[str, Any], str], str]


class CalcInputError(ValueError):
    def __init__(self, message: Msg | str, **args: Any) -> None:
        self.msg = message if isinstance(message, Msg) else msg(message, **safe_args(args))
        super().__init__(self.msg.render())


def load_input(text: str | bytes) -> Any:
    """A calculator's JSON input within the input limits (docs/FORMAT.md); json.JSONDecodeError if not JSON."""
    try:
        return load_json(text)
    except InputLimitError as exc:
        raise CalcInputError("sec-input.calc.over_limit", detail=exc.msg) from exc
