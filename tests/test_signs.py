"""Every signed number the app writes has one look: a true minus sign (U+2212) for less than
zero, "+" for a gain, "±0" for no change; and one helper writes it (``format_score`` in
companion/i18n). The walkthrough found "-3" with a hyphen on some screens (the review, the Quick
score breakdowns) and "−3" on others.

The source check fails on a sign written by hand: a format spec with "+" (``f"{n:+d}"``), a
sign typed before a number in an f-string (``f"−{n}"``), or a sign chosen in an expression
(``"+" if n >= 0 else "−"``); the catalogue check on a hyphen typed before a field."""

from __future__ import annotations

import ast
import itertools
import re
from pathlib import Path

import pytest

from companion.core.foresight import signed
from companion.i18n import format_number, format_score, load, translate
from companion.i18n.textcheck import check
from companion.ui.i18n import Tr
from companion.ui.views.review import amount

ROOT = Path(__file__).resolve().parent.parent
HELPER = ROOT / "companion" / "i18n" / "__init__.py"  # where the one helper writes signs
MINUS = "\u2212"
SIGNS = {"+", "-", MINUS, "±"}


@pytest.mark.parametrize(
    ("value", "unit", "lang", "change", "said"),
    [
        (-3, "points", "en", False, "−3"),
        (-3, "points", "es", True, "−3"),
        (3, "points", "en", True, "+3"),
        (0, "points", "en", True, "±0"),
        (-5000, "money", "en", False, "−\u2060$5,000"),  # joined: one line (test_units_joined)
        (-5000, "money", "es", True, "−5.000\xa0$"),
        (50000, "money", "en", True, "+\u2060$50,000"),
    ],
)
def test_one_helper_writes_every_sign(value, unit, lang, change, said):
    assert format_score(value, unit, lang, change=change) == said


def test_counts_and_messages_write_a_true_minus():
    assert format_number(-2.5, "es") == "−2,5" and format_number(-1234, "en") == "−1,234"
    assert signed(-2) == "−2" and signed(0) == "±0"
    assert translate("ui.play.points", "en", n=-3) == "−3\xa0VP"  # one line: a non-breaking space
    assert translate("ui.play.points", "es", n=-3) == "−3\xa0PV"


def test_the_review_writes_a_negative_score_with_a_minus():
    """A Da Yu player below zero read "-3 VP" in the review, "−3" elsewhere."""
    assert amount(Tr("en"), "points", -3) == "−3\xa0VP"
    assert amount(Tr("es"), "money", -10000) == "−10.000\xa0$"


def test_a_hyphen_for_a_minus_is_a_finding():
    assert [f.check for f in check("Ana: -3 VP", "en")] == ["minus"]
    assert check("Ana: −3 VP, 2026-03-01, seat-2", "en") == []


def typed_minus(node: ast.AST) -> bool:
    """A text with a minus sign typed before a digit ("−3"), which only the helper writes."""
    return (
        isinstance(node, ast.Constant)
        and isinstance(node.value, str)
        and bool(re.search(rf"{MINUS}\d", node.value))
    )


def hand_written_signs(source: str, name: str) -> list[str]:
    """The places in ``source`` (the file ``name``) that write a number's sign themselves."""
    found = []
    tree = ast.parse(source)
    docs = {
        id(n.value) for n in ast.walk(tree) if isinstance(n, ast.Expr) and isinstance(n.value, ast.Constant)
    }
    for node in ast.walk(tree):
        where = f"{name}:{getattr(node, 'lineno', 0)}"
        if isinstance(node, ast.FormattedValue) and node.format_spec is not None:
            spec = ast.unparse(node.format_spec)
            if "+" in spec:
                found.append(f"{where}: a '+' format spec ({spec})")
        elif isinstance(node, ast.JoinedStr):
            parts = node.values
            for k, (before, after) in enumerate(itertools.pairwise(parts)):
                if isinstance(before, ast.Constant) and isinstance(after, ast.FormattedValue):
                    text = str(before.value)
                    # a sign opening the text or after a space or "(": "-{x}", "(+{x})"; not
                    # a key's or a range's dash between values ("seat-{n}", "{a}-{b}")
                    opens = text[:-1][-1:] in {" ", "(", "\xa0"} or (k == 0 and len(text) == 1)
                    if text[-1:] in SIGNS and opens:
                        found.append(f"{where}: a sign typed before a value ({text!r})")
        elif isinstance(node, ast.IfExp):
            chosen = [b.value for b in (node.body, node.orelse) if isinstance(b, ast.Constant)]
            if any(c in {"+", MINUS, "±"} for c in chosen):
                found.append(f"{where}: a sign chosen by hand ({ast.unparse(node)})")
        elif typed_minus(node) and id(node) not in docs:
            found.append(f"{where}: a minus typed before a digit ({node.value!r})")
    return found


def test_no_code_writes_a_sign_by_hand():
    sources = sorted((ROOT / "companion").rglob("*.py"))
    found = [
        hit
        for path in sources
        if path != HELPER
        for hit in hand_written_signs(path.read_text(encoding="utf-8"), str(path.relative_to(ROOT)))
    ]
    assert found == [], "write signed numbers with companion.i18n.format_score:\n" + "\n".join(found)


def test_the_check_sees_a_hand_written_sign():
    """The source check is not blind: each kind of hand-written sign is found, a key is not."""
    sample = 'a = f"{n:+d}"\nb = f"(−{n})"\nc = "+" if n >= 0 else "−"\nd = f"id-{n}"\ne = "−3"\n'
    assert sorted(hit.split(":")[1] for hit in hand_written_signs(sample, "sample")) == ["1", "2", "3", "5"]


def test_no_catalogue_types_a_hyphen_before_a_number():
    hyphen = re.compile(r"(?:^|[\s(])-\{")
    found = [
        f"{lang} {key}: {text!r}"
        for lang in ("en", "es")
        for key, forms in load(lang).messages.items()
        for text in ([forms] if isinstance(forms, str) else forms)
        if hyphen.search(text)
    ]
    assert found == []
