"""The pseudo-locale ``qps``: English with every letter accented and every text in brackets.

"Taxes: +{n} yuan" becomes "[Ţáxéš: +{n} ýûáñ]". The {fields} are kept, so the text still
renders; nothing of it is plain ASCII letters. A screen in ``qps`` that shows a plain letter
shows a text that did not come from a catalogue (player names and similar data aside).
"""

from __future__ import annotations

import string

from companion.i18n import Catalog, Template

# Latin letters with marks (Cyrillic в, м where the app's font has no marked b or m).
_ACCENTED = str.maketrans(
    "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ",
    "áвçđéƒĝĥíĵķļмñóþǫŕšţûṽŵẋýžÁВÇĐÉƑĜĤÍĴĶĻМÑÓÞǪŔŠŢÛṼŴẊÝŽ",
)


def pseudo_text(template: str) -> str:
    """Accent the literal text of a template and bracket it; {fields} and their specs stay."""
    out = []
    for literal, field, spec, conversion in string.Formatter().parse(template):
        out.append(literal.replace("{", "{{").replace("}", "}}").translate(_ACCENTED))
        if field is not None:
            out.append(
                "{" + field + (f"!{conversion}" if conversion else "") + (f":{spec}" if spec else "") + "}"
            )
    return "[" + "".join(out) + "]"


def pseudo_plain(text: str) -> str:
    """A text that is not a template (a rule's text): accented and bracketed as it stands."""
    return "[" + text.translate(_ACCENTED) + "]"


def pseudo_catalog(english: Catalog) -> Catalog:
    messages: dict[str, Template] = {
        key: pseudo_text(v) if isinstance(v, str) else tuple(pseudo_text(f) for f in v)
        for key, v in english.messages.items()
    }
    return Catalog("qps", messages, english.plural)
