"""Every text the app shows offline has its glyphs in the web client's only text font.

Served with ``no_cdn`` (the table's usual way: no internet at the table), Flutter draws text with
the Roboto that flet_web bundles (``web/assets/fonts/roboto.woff2``, a Latin subset) and has no
fallback fonts: a character outside it shows as a box ("tofu"). "→" was such a character. The
ranges below are that file's character map, read with fontTools (not a dependency of the app);
the file's hash is checked too, so a Flet upgrade that changes the font says to read it again.
"""

from __future__ import annotations

import hashlib
import re
from importlib.resources import files
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
FONT_SHA256 = "35b02ca266b79eb4996590f15817425a1ce9ebf48f84471843233ff614656bf2"
ROBOTO_RANGES = (
    (0x0020, 0x007E),
    (0x00A0, 0x017F),
    (0x018F, 0x018F),
    (0x0192, 0x0192),
    (0x01A0, 0x01A1),
    (0x01AF, 0x01B0),
    (0x01F0, 0x01F0),
    (0x01FA, 0x01FF),
    (0x0218, 0x021B),
    (0x0237, 0x0237),
    (0x0259, 0x0259),
    (0x02BC, 0x02BC),
    (0x02C6, 0x02C7),
    (0x02C9, 0x02C9),
    (0x02D8, 0x02DD),
    (0x02F3, 0x02F3),
    (0x0300, 0x0301),
    (0x0303, 0x0303),
    (0x0309, 0x0309),
    (0x030F, 0x030F),
    (0x0323, 0x0323),
    (0x0384, 0x038A),
    (0x038C, 0x038C),
    (0x038E, 0x03A1),
    (0x03A3, 0x03CE),
    (0x03D1, 0x03D2),
    (0x03D6, 0x03D6),
    (0x0400, 0x0486),
    (0x0488, 0x0513),
    (0x1E00, 0x1E01),
    (0x1E3E, 0x1E3F),
    (0x1E80, 0x1E85),
    (0x1EA0, 0x1EF9),
    (0x1F4D, 0x1F4D),
    (0x2000, 0x200B),
    (0x2010, 0x2011),
    (0x2013, 0x2015),
    (0x2017, 0x201E),
    (0x2020, 0x2022),
    (0x2025, 0x2027),
    (0x2030, 0x2030),
    (0x2032, 0x2033),
    (0x2039, 0x203A),
    (0x203C, 0x203C),
    (0x2044, 0x2044),
    (0x2074, 0x2074),
    (0x207F, 0x207F),
    (0x20A3, 0x20A4),
    (0x20A6, 0x20AC),
    (0x20B1, 0x20B1),
    (0x20B9, 0x20BA),
    (0x20BC, 0x20BD),
    (0x2105, 0x2105),
    (0x2113, 0x2113),
    (0x2116, 0x2116),
    (0x2122, 0x2122),
    (0x2126, 0x2126),
    (0x212E, 0x212E),
    (0x215B, 0x215E),
    (0x2202, 0x2202),
    (0x2206, 0x2206),
    (0x220F, 0x220F),
    (0x2211, 0x2212),
    (0x221A, 0x221A),
    (0x221E, 0x221E),
    (0x222B, 0x222B),
    (0x2248, 0x2248),
    (0x2260, 0x2260),
    (0x2264, 0x2265),
    (0x25CA, 0x25CA),
    (0xEE01, 0xEE02),
    (0xF6C3, 0xF6C3),
    (0xFB01, 0xFB04),
    (0xFEFF, 0xFEFF),
    (0xFFFC, 0xFFFD),
)


def in_font(ch: str) -> bool:
    return ch in "\n\t" or any(a <= ord(ch) <= b for a, b in ROBOTO_RANGES)


def test_the_ranges_are_those_of_the_bundled_font():
    font = files("flet_web") / "web" / "assets" / "fonts" / "roboto.woff2"
    assert hashlib.sha256(font.read_bytes()).hexdigest() == FONT_SHA256, (
        "flet_web's roboto.woff2 changed: read its character map again (fontTools) into ROBOTO_RANGES"
    )


def test_every_catalogue_text_has_its_glyphs_in_the_offline_font():
    for po in sorted((ROOT / "companion" / "i18n" / "locale").glob("*/LC_MESSAGES/messages.po")):
        texts = re.findall(r'^msgstr(?:\[\d\])? "(.*)"$', po.read_text(encoding="utf-8"), re.MULTILINE)
        missing = {f"{ch} (U+{ord(ch):04X})" for t in texts for ch in t if not in_font(ch)}
        assert not missing, f"{po.relative_to(ROOT)}: {sorted(missing)}"


def test_every_rule_text_has_its_glyphs_in_the_offline_font():
    for path in sorted((ROOT / "rules_data").rglob("*.json")):
        missing = {f"{ch} (U+{ord(ch):04X})" for ch in path.read_text(encoding="utf-8") if not in_font(ch)}
        assert not missing, f"{path.relative_to(ROOT)}: {sorted(missing)}"
