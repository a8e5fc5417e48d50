"""Which message keys the code uses: the extraction behind ``messages.pot``.

The code names a message by its key, so extraction reads the code's string literals (with
Python's ``ast``), not English sentences:

- a literal that is a whole key ("dragon.fx.taxes") anywhere in ``companion/``;
- in ``companion/ui/`` a literal that is a ``ui.`` key without its prefix ("home.title"),
  since ``tr("home.title")`` renders ``ui.home.title``;
- a key built at run time (``msg(f"dragon.type.{kind}")``) must match a family declared in
  ``companion/i18n/families.py`` with the values it takes; an undeclared one is an error.

A namespaced literal that is neither a catalogue key nor a rule id (rules_data) is reported
as a key the code uses that no catalogue has. An undeclared f-string whose fixed part names a
group of rule ids (f"dragon.action.{card}" as a rule id) is taken for a rule id.
"""

from __future__ import annotations

import ast
import re
from collections.abc import Iterable
from dataclasses import dataclass, field
from pathlib import Path
from typing import TypeGuard

ROOT = Path(__file__).resolve().parents[1]  # companion/
NAMESPACES = (
    "core",
    "cli",
    "share",
    "store",
    "live",
    "dragon",
    "chinatown",
    "dayu",
    "ui",
    "foresight",
    "rules",
    "plays",
)
_UI_KEY = re.compile(r"^[a-z0-9_]+(?:\.[a-z0-9_]+)+$")


def _patterns(catalogue: set[str]) -> tuple[re.Pattern[str], re.Pattern[str]]:
    """A whole key, and the fixed head of a built one, in any namespace the code or a catalogue
    has: a new catalogue's keys are checked without a list to remember to extend."""
    names = sorted(set(NAMESPACES) | {k.split(".", 1)[0] for k in catalogue if "." in k})
    any_ns = "|".join(re.escape(n) for n in names)
    key = re.compile(rf"^(?:{any_ns})\.[a-z0-9_]+(?:\.[a-z0-9_]+)*$")
    prefix = re.compile(rf"^(?:{any_ns})\.[a-z0-9_.]*$")
    return key, prefix


@dataclass
class Scan:
    used: dict[str, list[str]] = field(default_factory=dict)  # key -> "path:line" where used
    unknown: dict[str, list[str]] = field(default_factory=dict)  # looks like a key, is none
    undeclared: dict[str, list[str]] = field(default_factory=dict)  # f-string key, no family

    def add(self, bucket: dict[str, list[str]], key: str, where: str) -> None:
        bucket.setdefault(key, []).append(where)


def _sources() -> Iterable[Path]:
    for path in sorted(ROOT.rglob("*.py")):
        if ROOT / "i18n" not in path.parents:
            yield path


def _fstring_pattern(node: ast.JoinedStr) -> str | None:
    """f"dragon.type.{kind}" -> "dragon.type.{}"; None when it does not start like a key."""
    parts = []
    for v in node.values:
        if isinstance(v, ast.Constant) and isinstance(v.value, str):
            parts.append(v.value.replace("{", "{{").replace("}", "}}"))
        else:
            parts.append("{}")
    pattern = "".join(parts)
    return pattern if pattern and not pattern.startswith("{}") else None


def _is_tr_call(node: ast.AST) -> TypeGuard[ast.Call]:
    if not isinstance(node, ast.Call):
        return False
    f = node.func
    return (isinstance(f, ast.Name) and f.id == "tr") or (isinstance(f, ast.Attribute) and f.attr == "tr")


def family_members(pattern: str, values: set[str] | None, catalogue: set[str]) -> set[str]:
    """A family's keys: its declared values, or every catalogue key of its shape."""
    if values is not None:
        return values
    shape = re.compile("^" + r"[a-z0-9_]+".join(re.escape(p) for p in pattern.split("{}")) + "$")
    return {k for k in catalogue if shape.match(k)}


def scan(catalogue: set[str], rule_ids: set[str], families: dict[str, set[str] | None]) -> Scan:
    """The keys of ``catalogue`` the code uses, and what the code names that is not there."""
    out = Scan()
    key_re, prefix_re = _patterns(catalogue)
    for path in _sources():
        rel = path.relative_to(ROOT.parent).as_posix()
        in_ui = (ROOT / "ui") in path.parents
        # Walked once (ast.walk is pure Python and was most of `check`'s time), read three times.
        nodes = list(ast.walk(ast.parse(path.read_text(encoding="utf-8"), filename=str(path))))
        tr_args = {
            id(n.args[0])
            for n in nodes
            if _is_tr_call(n) and n.args  # tr("x") -> ui.x
        }
        in_fstring = {id(v) for n in nodes if isinstance(n, ast.JoinedStr) for v in n.values}
        for node in nodes:
            if id(node) in in_fstring:
                continue
            where = f"{rel}:{getattr(node, 'lineno', 0)}"
            if isinstance(node, ast.Constant) and isinstance(node.value, str):
                s = node.value
                if id(node) in tr_args:
                    out.add(out.used if f"ui.{s}" in catalogue else out.unknown, f"ui.{s}", where)
                elif s in catalogue:
                    out.add(out.used, s, where)
                elif in_ui and f"ui.{s}" in catalogue and _UI_KEY.match(s):
                    out.add(out.used, f"ui.{s}", where)
                elif key_re.match(s) and s not in rule_ids and not _is_rule_area(s, rule_ids):
                    out.add(out.unknown, s, where)
            elif isinstance(node, ast.JoinedStr):
                pattern = _fstring_pattern(node)
                if pattern is None:
                    continue
                if id(node) in tr_args:
                    pattern = "ui." + pattern
                if not prefix_re.match(pattern.split("{")[0]) or pattern.split("{")[0].count(".") < 1:
                    continue
                if pattern == "ui.{}":
                    continue  # Tr itself: tr(key) renders ui.<key>
                if pattern in families:
                    for key in family_members(pattern, families[pattern], catalogue):
                        out.add(out.used if key in catalogue else out.unknown, key, where)
                elif not _is_rule_pattern(pattern, rule_ids):
                    out.add(out.undeclared, pattern, where)
    return out


def _is_rule_area(s: str, rule_ids: set[str]) -> bool:
    """A literal naming a group of rules ("dragon.event"), a prefix of cited rule ids."""
    return any(r.startswith(s + ".") for r in rule_ids)


def _is_rule_pattern(pattern: str, rule_ids: set[str]) -> bool:
    """f"dragon.action.{card}" builds a rule id when every id it can give starts like one."""
    head = pattern.split("{")[0]
    return head.endswith(".") and any(r.startswith(head) for r in rule_ids) and pattern.endswith("}")
