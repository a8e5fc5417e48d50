"""The screens' code stays in short functions: no function or method in companion/ui is longer
than MAX_LINES lines (from its `def` line to its last line; decorators are not counted), so each
one does one job and can be read at a glance."""

from __future__ import annotations

import ast
import re
from collections.abc import Callable
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
UI = ROOT / "companion" / "ui"
MAX_LINES = 60


def long_functions(source: str, where: str) -> list[str]:
    """where:function:length for each function in the source longer than MAX_LINES, nested
    functions and methods included (a method is named Class.method)."""
    found: list[str] = []

    def visit(node: ast.AST, prefix: str) -> None:
        for child in ast.iter_child_nodes(node):
            if isinstance(child, ast.FunctionDef | ast.AsyncFunctionDef):
                name = prefix + child.name
                # lineno is the `def` line: decorators are left out of the count.
                length = (child.end_lineno or child.lineno) - child.lineno + 1
                if length > MAX_LINES:
                    found.append(f"{where}:{name}:{length}")
                visit(child, name + ".")
            elif isinstance(child, ast.ClassDef):
                visit(child, prefix + child.name + ".")
            else:
                visit(child, prefix)

    visit(ast.parse(source, filename=where), "")
    return found


def test_the_check_sees_a_long_method_and_not_its_decorator() -> None:
    # Without this, a walk that found nothing would pass for a clean tree.
    body = "".join(f"        x{i} = {i}\n" for i in range(MAX_LINES - 1))
    fits = f"class A:\n    @staticmethod\n    def f():\n{body}"
    assert long_functions(fits, "sample.py") == []
    too_long = fits + "        return 0\n"
    assert long_functions(too_long, "sample.py") == [f"sample.py:A.f:{MAX_LINES + 1}"]


def test_no_ui_function_is_longer_than_the_limit() -> None:
    files = sorted(UI.rglob("*.py"))
    assert files, UI
    too_long = [
        entry
        for path in files
        for entry in long_functions(path.read_text(encoding="utf-8"), str(path.relative_to(ROOT)))
    ]
    assert not too_long, f"functions longer than {MAX_LINES} lines:\n" + "\n".join(too_long)


# ---- no screen touches the store ----------------------------------------------------------
# The screens (companion/ui/views, companion/ui/games) read and change the tables, plays,
# players and backups through the session's repositories (Services.repos, companion/ui/repos.py).
# The import side is the `views-without-store` contract in .importlinter; this finds the
# attribute side: `app.hub.store`, `self.app.store`, `page.session.store`, ...
SCREENS = (UI / "views", UI / "games")


def store_uses(source: str, where: str) -> list[str]:
    """where:line for each attribute named ``store`` the source reads or writes."""
    lines = {
        node.lineno
        for node in ast.walk(ast.parse(source, filename=where))
        if isinstance(node, ast.Attribute) and node.attr == "store"
    }
    return [f"{where}:{line}" for line in sorted(lines)]


def uses_in(files: list[Path], check: Callable[[str, str], list[str]]) -> list[str]:
    """What ``check`` finds in each file, as path:line relative to the repository."""
    return [
        use for path in files for use in check(path.read_text(encoding="utf-8"), str(path.relative_to(ROOT)))
    ]


def test_the_check_sees_the_store_reached_through_the_app() -> None:
    sample = "def f(app):\n    x = app.repos.plays.plays()\n    return app.hub.store.players()\n"
    assert store_uses(sample, "sample.py") == ["sample.py:3"]
    assert store_uses("store = 1\nstore_table(app)\n", "sample.py") == []  # names alone are fine


def test_no_screen_touches_the_store() -> None:
    files = sorted(path for folder in SCREENS for path in folder.rglob("*.py"))
    assert files, SCREENS
    found = uses_in(files, store_uses)
    said = "screens reaching the store (use the Services' repos, companion/ui/repos.py):\n"
    assert not found, said + "\n".join(found)


# ---- no untyped drafts -------------------------------------------------------------------
# A screen's draft is a dataclass in the module that owns the screen, kept in the Session's
# drafts (companion/ui/state.py, Drafts) and found by its class; the untyped dict
# `app.memo` it replaced must not come back. Flet's own `ft.memo` (ui/parts.py) is fine.


def memo_uses(source: str, where: str) -> list[str]:
    """where:line for each attribute named ``memo`` read or written on anything but ``ft``."""
    lines = {
        node.lineno
        for node in ast.walk(ast.parse(source, filename=where))
        if isinstance(node, ast.Attribute)
        and node.attr == "memo"
        and not (isinstance(node.value, ast.Name) and node.value.id == "ft")
    }
    return [f"{where}:{line}" for line in sorted(lines)]


def test_the_check_sees_a_memo_on_the_session_and_not_flets() -> None:
    sample = (
        "@ft.memo\ndef card(app):\n    x = app.memo.get('form')\n"
        "    self.app.memo['k'] = 1\n    self.memo = {}\n    memo = 2\n"
    )
    assert memo_uses(sample, "sample.py") == ["sample.py:3", "sample.py:4", "sample.py:5"]


def test_no_ui_code_keeps_drafts_in_a_memo() -> None:
    files = sorted(UI.rglob("*.py"))
    assert files, UI
    found = uses_in(files, memo_uses)
    said = "drafts kept in a memo (use a dataclass in the Session's drafts, companion/ui/state.py):\n"
    assert not found, said + "\n".join(found)


# ---- no function takes the App ----------------------------------------------------------------
# Issue 25: no function in companion/ui takes the session's `App` (companion/ui/shell.py) as a
# parameter; a screen's function takes what it reads (the translator, a repository, its draft,
# the TableModel, the Services and Session read from Flet's context, a command). The count went
# from 388 to 0 on 2026-12-05 and must stay there.
APP_TAKERS = 0


def app_takers(source: str, where: str) -> list[str]:
    """where:function for each function with a parameter annotated as ``App`` (or ``"App"``,
    ``App | None``, ...)."""
    found: list[str] = []
    for node in ast.walk(ast.parse(source, filename=where)):
        if isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef):
            params = [*node.args.posonlyargs, *node.args.args, *node.args.kwonlyargs]
            notes = [ast.unparse(p.annotation) for p in params if p.annotation is not None]
            if any(_names_app(note) for note in notes):
                found.append(f"{where}:{node.name}")
    return found


def _names_app(annotation: str) -> bool:
    return re.search(r"\bApp\b", annotation) is not None


def test_the_check_sees_app_parameters_however_written() -> None:
    sample = (
        "def a(app: App) -> None: ...\n"
        "def b(x: int, *, app: 'App | None' = None): ...\n"
        "def c(apps: Apps, tr: Tr): ...\n"
        "class K:\n    def m(self, app: App): ...\n"
    )
    assert app_takers(sample, "s.py") == ["s.py:a", "s.py:b", "s.py:m"]


def test_functions_taking_the_app_only_get_fewer() -> None:
    found = uses_in(sorted(UI.rglob("*.py")), app_takers)
    assert len(found) <= APP_TAKERS, (
        f"{len(found)} functions take App, more than {APP_TAKERS}: a new function takes what it "
        "reads instead (the translator, a repository, a draft, a command). New ones:\n" + "\n".join(found)
    )
    assert len(found) == APP_TAKERS, f"{len(found)} functions take App now: lower APP_TAKERS to {len(found)}"


def classes_named_app(source: str, where: str) -> list[str]:
    """where:line for each class named ``App``: the session composer that was handed around as a
    service locator is split into SessionShell, OpenTable, SessionDialogs and DeviceServices."""
    tree = ast.parse(source, filename=where)
    return [f"{where}:{n.lineno}" for n in ast.walk(tree) if isinstance(n, ast.ClassDef) and n.name == "App"]


def test_the_check_sees_an_app_class() -> None:
    assert classes_named_app("class App:\n    pass\nclass Apps: ...\n", "s.py") == ["s.py:1"]


def test_no_app_class_comes_back() -> None:
    found = uses_in(sorted(UI.rglob("*.py")), classes_named_app)
    assert not found, "a class App again (issue 25 split it by job):\n" + "\n".join(found)


# ---- no coroutine made by a handler and dropped -------------------------------------------
# Flet awaits a handler only when the handler itself is a coroutine function: ``lambda _:
# start()`` with ``async def start`` makes a coroutine that nobody awaits, and the tap does
# nothing (the Share screen's "Serve on the local network" did nothing for weeks that way).


def dropped_coroutines(source: str, where: str) -> list[str]:
    """where:line for each event handler ``lambda e: f()`` in the source whose ``f`` is, in the
    nearest scope defining that name, an ``async def``. (A lambda without a parameter is a
    command's ``run``, which ui/command.py awaits.)"""
    found: list[str] = []

    def defined(body: list[ast.stmt]) -> dict[str, bool]:
        return {
            n.name: isinstance(n, ast.AsyncFunctionDef)
            for n in body
            if isinstance(n, ast.FunctionDef | ast.AsyncFunctionDef)
        }

    def visit(node: ast.AST, scopes: list[dict[str, bool]]) -> None:
        for child in ast.iter_child_nodes(node):
            if isinstance(child, ast.FunctionDef | ast.AsyncFunctionDef):
                visit(child, [*scopes, defined(child.body)])
                continue
            if isinstance(child, ast.Lambda) and child.args.args and isinstance(child.body, ast.Call):
                name = child.body.func.id if isinstance(child.body.func, ast.Name) else None
                kinds = [scope[name] for scope in reversed(scopes) if name in scope]
                if kinds and kinds[0]:
                    found.append(f"{where}:{child.lineno}")
            visit(child, scopes)

    tree = ast.parse(source, filename=where)
    visit(tree, [defined(tree.body)])
    return found


def test_the_check_sees_a_lambda_dropping_a_coroutine() -> None:
    source = (
        "async def start():\n    pass\n\n"
        "def plain():\n    pass\n\n"
        "A = lambda _: start()\n"  # dropped
        "B = lambda _: plain()\n"
        "C = lambda: start()\n"  # a command's run: awaited by ui/command.py
        "def form():\n"
        "    def start():\n        pass\n"
        "    return lambda _: start()\n"  # the nearest start is a plain function
    )
    assert dropped_coroutines(source, "sample.py") == ["sample.py:7"]


def test_no_handler_drops_a_coroutine() -> None:
    found = [
        entry
        for path in sorted(UI.rglob("*.py"))
        for entry in dropped_coroutines(path.read_text(encoding="utf-8"), str(path.relative_to(ROOT)))
    ]
    assert not found, "a lambda calls an async function; pass the async function itself:\n" + "\n".join(found)


# ---- no whole-screen redraw for a draft -------------------------------------------------------
# Issue 25: a draft is an observable model given to the component that edits it, so a tap
# redraws that component alone. The session-wide `refresh()` / `redraw()` and the `revision`
# counter they bumped must not come back (a real change has its own name in SessionState:
# `changes`, `visits`, `saves`).
REDRAW_NAMES = {"refresh", "redraw", "revision"}


def redraw_uses(source: str, where: str) -> list[str]:
    """where:line for each name, attribute, parameter or function called refresh/redraw/revision."""
    lines: set[int] = set()
    for node in ast.walk(ast.parse(source, filename=where)):
        name = None
        if isinstance(node, ast.Attribute):
            name = node.attr
        elif isinstance(node, ast.Name):
            name = node.id
        elif isinstance(node, ast.arg):
            name = node.arg
        elif isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef):
            name = node.name
        if name in REDRAW_NAMES:
            lines.add(node.lineno)
    return [f"{where}:{line}" for line in sorted(lines)]


def test_the_check_sees_every_way_of_redrawing() -> None:
    sample = (
        "def f(refresh):\n    refresh()\n"
        "session.refresh()\n"
        "state.redraw()\n"
        "x = s.revision\n"
        "def redraw(self): ...\n"
        "refreshed = page.update()\n"
    )
    assert redraw_uses(sample, "s.py") == ["s.py:1", "s.py:2", "s.py:3", "s.py:4", "s.py:5", "s.py:6"]


def test_no_ui_code_redraws_the_whole_screen_for_a_draft() -> None:
    found = uses_in(sorted(UI.rglob("*.py")), redraw_uses)
    said = "a whole-screen redraw (give the draft to its component as an observable instead):\n"
    assert not found, said + "\n".join(found)
