"""Flet 1.0.5's diff without its debug lines while its debug log is off.

Flet's ``DiffBuilder`` calls ``logger.debug(...)`` at every step of its comparison: about 1,400
calls on a late Dragon tap, each a call into ``logging`` (and some of them work out their
arguments first, a control's key or a path) that the log's level then drops. That is Flet's
code, with no switch to leave the lines out.

``install()`` makes ``ObjectPatch.from_diff`` use a ``DiffBuilder`` whose methods are Flet's own,
compiled again from Flet's source with every ``logger.debug(...)`` statement taken out and
nothing else changed (the syntax tree is edited, not the text), whenever Flet's object-patch
log is not on for debug lines; with it on, Flet's own builder runs and writes them (and Flet's
own diff stays wherever its source cannot be read, as in an app packaged with compiled modules). The walks
``diff_walk`` replaces are left to it. Installed only over the Flet version it was checked
against (an equivalence test, tests/ui/test_quiet_diff.py, runs both on the same played
sessions), so an upgrade falls back to Flet's diff instead of silently diverging.
"""

from __future__ import annotations

import ast
import inspect
import logging
import textwrap
from typing import Any

import flet
from flet.controls import object_patch

FLET_VERSION = "1.0.5"  # the version the equivalence test was run against

_FletBuilder: Any = object_patch.DiffBuilder
FLET_FROM_DIFF = object_patch.ObjectPatch.__dict__["from_diff"]  # the classmethod itself
WALKS = ("_configure_dataclass", "_removed_controls")  # diff_walk's (ui/diff_walk.py)


class _Unlogged(ast.NodeTransformer):
    """Each ``logger.debug(...)`` statement becomes ``pass``; counts them."""

    def __init__(self) -> None:
        self.dropped = 0

    def visit_Expr(self, node: ast.Expr) -> ast.AST:
        call = node.value
        if (
            isinstance(call, ast.Call)
            and isinstance(call.func, ast.Attribute)
            and call.func.attr == "debug"
            and isinstance(call.func.value, ast.Name)
            and call.func.value.id == "logger"
        ):
            self.dropped += 1
            return ast.copy_location(ast.Pass(), node)
        return node


def logged_methods() -> list[str]:
    """The builder's methods that write debug lines (but the walks diff_walk replaces)."""
    return [
        name
        for name, fn in vars(_FletBuilder).items()
        if inspect.isfunction(fn) and name not in WALKS and "logger.debug" in inspect.getsource(fn)
    ]


def _quiet_builder() -> tuple[type, int]:
    """A subclass of Flet's builder with its logged methods compiled again without the lines.
    Compiled inside a class named as Flet's, so its private names (``self.__root``) mean the
    same attributes; with Flet's module as their globals, so every other name does too."""
    sources = [textwrap.dedent(inspect.getsource(vars(_FletBuilder)[name])) for name in logged_methods()]
    body = "".join(textwrap.indent(src, "    ") + "\n" for src in sources)
    tree = ast.parse(f"class DiffBuilder(_FletBuilder):\n{body}")
    unlogged = _Unlogged()
    tree = ast.fix_missing_locations(unlogged.visit(tree))
    made: dict[str, Any] = {"_FletBuilder": _FletBuilder}
    exec(compile(tree, object_patch.__file__, "exec"), vars(object_patch), made)
    return made["DiffBuilder"], unlogged.dropped


def _built() -> tuple[Any, int]:
    """The quiet builder, or None where Flet's source cannot be read and compiled (a packaged
    app may ship compiled modules only): Flet's own diff then stays."""
    if flet.__version__ != FLET_VERSION:
        return None, 0
    try:
        return _quiet_builder()
    except (OSError, TypeError, SyntaxError):
        return None, 0


QuietBuilder, DROPPED = _built()


def _from_diff(
    cls: Any,
    src: Any,
    dst: Any,
    control_cls: type[Any],
    parent: Any = None,
    path: list[Any] | None = None,
    frozen: bool = False,
) -> tuple[Any, list[Any], list[Any]]:
    """Flet's ``ObjectPatch.from_diff`` (1.0.5), with the quiet builder while debug is off."""
    if object_patch.logger.isEnabledFor(logging.DEBUG):
        return FLET_FROM_DIFF.__func__(cls, src, dst, control_cls, parent, path, frozen)
    builder = QuietBuilder(src, dst, control_cls=control_cls)
    builder._compare_values(parent, path or [], None, src, dst, frozen=frozen)
    ops = list(builder.execute())
    added = list(builder.get_added_controls())
    removed = list(builder.get_removed_controls())
    builder.teardown()
    return cls(ops), added, removed


def install() -> bool:
    """Use the quiet builder in Flet's diff (idempotent); False, and Flet's kept, on another Flet."""
    if flet.__version__ != FLET_VERSION or QuietBuilder is None:
        return False
    object_patch.ObjectPatch.from_diff = classmethod(_from_diff)  # type: ignore[assignment,method-assign]
    return True


def uninstall() -> None:
    """Flet's own diff again (the equivalence test compares both)."""
    object_patch.ObjectPatch.from_diff = FLET_FROM_DIFF  # type: ignore[method-assign]
