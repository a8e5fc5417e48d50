"""Dragon's score bound (rules_data/core/score_bounds.json) is what the program kept beside its
derivation (docs/decisions/score_bounds.md) prints: the best plan of a model that over-counts
every source of VP, within the persons one player's cards allow (one of each type and two
wildcards), then every event at its best."""

from __future__ import annotations

import contextlib
import io
import re
from pathlib import Path

from companion.plays.bounds import score_bounds, score_refusal

DOC = Path(__file__).resolve().parents[2] / "docs" / "decisions" / "score_bounds.md"


def _program() -> str:
    text = DOC.read_text(encoding="utf-8")
    dragon = text[text.index("## In the Year of the Dragon") : text.index("## Chinatown")]
    return re.search(r"```python\n(.*?)```", dragon, re.S).group(1)  # type: ignore[union-attr]


def test_the_bound_is_what_the_kept_program_prints() -> None:
    out = io.StringIO()
    with contextlib.redirect_stdout(out):
        exec(compile(_program(), str(DOC), "exec"), {"__name__": "dragon_bound"})
    plans, bound = out.getvalue().rsplit(" ", 1)
    assert plans == "{'none': 301, 'sunrise': 319, 'charter_yuan': 302}"
    assert int(bound) == score_bounds().games["dragon"].most == 366


def test_a_digit_too_many_on_a_good_score_is_refused() -> None:
    """400 typed for 40 was within the first bound (488), and only warned about once the log held
    5 scored plays; no player holds the cards for it, so it is refused at once."""
    said = score_refusal("dragon", "Ana", 400)
    assert said is not None and "(at most 366)" in said.render("en")
    assert score_refusal("dragon", "Ana", 366) is None
