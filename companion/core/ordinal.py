"""The message keys of a place's ordinal ending ("2nd" / "2.º"), by CLDR ordinal form.

The i18n formatter's ``{x:ordinal}`` reads them (companion.i18n.format_ordinal); they live here,
outside companion/i18n, because the catalogue extraction (i18n/keys.py) reads the code's keys
everywhere but there.
"""

from __future__ import annotations

ORDINAL_KEYS = {
    "one": "core.ordinal.one",
    "two": "core.ordinal.two",
    "few": "core.ordinal.few",
    "other": "core.ordinal.other",
}
