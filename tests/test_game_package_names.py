"""Each game package hands out its names lazily (``__getattr__`` over ``__all__``, issue 27), and
lists them twice: once under ``TYPE_CHECKING`` for mypy and readers, once in ``__all__`` for the
loader. The two lists must agree, and every name must be in the game module, or a name reads as
fine to mypy and fails at run time (or the other way round)."""

from __future__ import annotations

import ast
import importlib
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
GAMES = ROOT / "companion" / "games"
PACKAGES = sorted(p.parent.name for p in GAMES.glob("*/__init__.py") if (p.parent / "game.py").exists())


def _lists(package: str) -> tuple[set[str], set[str]]:
    tree = ast.parse((GAMES / package / "__init__.py").read_text())
    typed: set[str] = set()
    listed: set[str] = set()
    for node in tree.body:
        if isinstance(node, ast.If) and ast.unparse(node.test) == "TYPE_CHECKING":
            typed |= {
                alias.name for sub in node.body if isinstance(sub, ast.ImportFrom) for alias in sub.names
            }
        if isinstance(node, ast.Assign) and any(getattr(t, "id", "") == "__all__" for t in node.targets):
            listed = set(ast.literal_eval(node.value))
    return typed, listed


def test_every_game_package_is_checked():
    assert set(PACKAGES) >= {"dragon", "chinatown", "dayu"}


@pytest.mark.parametrize("package", PACKAGES)
def test_the_typed_names_and_all_agree_and_exist(package):
    typed, listed = _lists(package)
    assert listed, f"{package}/__init__.py has no __all__"
    assert typed == listed, (
        f"{package}: only typed {sorted(typed - listed)}, only in __all__ {sorted(listed - typed)}"
    )
    game = importlib.import_module(f"companion.games.{package}.game")
    missing = sorted(name for name in listed if not hasattr(game, name))
    assert not missing, f"{package}/game.py lacks {missing}"


def test_a_tables_situations_after_the_game_module_was_imported_first():
    """In a fresh interpreter, the game module imported before any lazy name of its package was
    read (so the package's ``situations`` is still the submodule): the rules lookup's moment
    still calls the game's function."""
    code = (
        "import companion.games.dragon.game, companion.games.dragon as package, types\n"
        "assert isinstance(package.__dict__['situations'], types.ModuleType)\n"
        "from companion.lookup.moment import situations_of\n"
        "from companion.games.dragon.game import GAME\n"
        "from companion.games.dragon.options import DragonOptions\n"
        "print(sorted(situations_of('dragon', GAME.setup(DragonOptions(), ['Ana', 'Ben']))))\n"
    )
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, cwd=ROOT)
    assert done.returncode == 0, done.stderr
