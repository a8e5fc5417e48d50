"""Why pydantic refused some data, as one line a player reads in their language.

Pydantic's own messages are English ("Field required"); a Spanish screen showed them as they
were. ``first_reason`` turns the first error into a catalogue message that names where it is
(``groups.0``) and what was found. The backup reader (companion/store/backup.py) passes its own
keys for the reasons only a backup has.
"""

from __future__ import annotations

import json
from collections.abc import Mapping
from typing import Any

from pydantic import ValidationError

from companion.core.limits import shown
from companion.core.msg import Msg, msg

# Pydantic's error types -> the reason, as a catalogue key.
REASONS = {
    "missing": "core.why.missing",
    "extra_forbidden": "core.why.extra",
    "union_tag_invalid": "core.why.tag",
    "union_tag_not_found": "core.why.tag",
    "greater_than_equal": "core.why.range",
    "less_than_equal": "core.why.range",
    "greater_than": "core.why.range",
    "less_than": "core.why.range",
    "string_too_long": "core.why.too_long",
    "too_long": "core.why.too_long",
    "string_too_short": "core.why.empty",
    "too_short": "core.why.empty",
}


def first_reason(
    exc: ValidationError,
    reasons: Mapping[str, str] = REASONS,
    kind_key: str = "core.why.kind",
    other_key: str = "core.why.other",
) -> Msg:
    """The first error as one translated reason, naming where it is and what was found."""
    err = exc.errors()[0]
    loc = ".".join(str(p) for p in err.get("loc", ()))
    where: Any = f'"{shown(loc, 80)}"' if loc else msg("core.why.whole")  # a field's name, as code
    kind = err["type"]
    key = reasons.get(kind)
    if key is None and (kind.endswith("_type") or kind in {"literal_error", "int_from_float"}):
        key = kind_key
    if key is None:
        return msg(other_key, where=where, detail=shown(str(err.get("msg", "")), 120))
    if kind.startswith("union_tag"):  # the kind the entry named, escaped as it is (it may be hostile)
        return msg(key, where=where, found=shown((err.get("ctx") or {}).get("tag", ""), 40))
    found = err.get("input")
    return msg(key, where=where, found=shown(json.dumps(found) if _small(found) else "…", 40))


def _small(value: Any) -> bool:
    return value is None or isinstance(value, bool | int | float | str)
