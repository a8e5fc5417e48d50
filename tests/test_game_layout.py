"""Every game package has the same layout (issue 13, docs/API.md "A game's layout"), and its
screens and the plays' figures import only its public module (the import contract in
.importlinter). Beside the layout, a game keeps the modules of its own features (docs/API.md
lists Dragon's and why)."""

from __future__ import annotations

import ast
import configparser
import importlib
import pkgutil
from pathlib import Path

import pytest

from companion.core import registry
from companion.core.protocol import CompactCodes

ROOT = Path(__file__).resolve().parents[1]
GAMES = ["chinatown", "dayu", "dragon"]
LAYOUT = ("options", "state", "entries", "data", "rules", "flow", "text", "scoring", "calc", "public")


def modules(game: str) -> set[str]:
    package = importlib.import_module(f"companion.games.{game}")
    return {m.name for m in pkgutil.iter_modules(package.__path__)}


@pytest.mark.parametrize("game", GAMES)
def test_a_game_package_has_the_layout_modules(game: str) -> None:
    found = modules(game)
    assert set(LAYOUT) <= found, sorted(set(LAYOUT) - found)
    spec = registry.spec(game)
    if isinstance(spec.game, CompactCodes):  # free-form entries need compact codes of their own
        assert "codes" in found


@pytest.mark.parametrize("game", GAMES)
def test_the_spec_takes_its_parts_from_their_modules(game: str) -> None:
    spec = registry.spec(game)
    assert spec.options_model.__module__ == f"companion.games.{game}.options"
    rules = importlib.import_module(f"companion.games.{game}.rules")
    state = rules.setup(spec.options_model(), ["Ana", "Ben", "Cy"])
    assert spec.game.setup(spec.options_model(), ["Ana", "Ben", "Cy"]) == state
    copy = state.clone()  # one way to copy a state
    assert copy == state and copy is not state


def test_the_screens_may_import_only_the_public_module() -> None:
    config = configparser.ConfigParser()
    config.read(ROOT / ".importlinter")
    contract = config["importlinter:contract:screens-import-public-modules"]
    forbidden = set(contract["forbidden_modules"].split())
    assert set(contract["source_modules"].split()) == {"companion.ui", "companion.plays"}
    for game in GAMES:
        private = {f"companion.games.{game}.{m}" for m in modules(game) - {"public"}}
        assert private <= forbidden, sorted(private - forbidden)
        assert f"companion.games.{game}.public" not in forbidden


def _ui_imports() -> list[tuple[str, str]]:
    """(file, module) for every import written in companion/ui and companion/plays (the plays'
    figures read the games too), at the top or inside a function."""
    found = []
    paths = [*(ROOT / "companion" / "ui").rglob("*.py"), *(ROOT / "companion" / "plays").rglob("*.py")]
    for path in sorted(paths):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.ImportFrom) and node.module and node.level == 0:
                found.append((str(path.relative_to(ROOT)), node.module))
            elif isinstance(node, ast.Import):
                found += [(str(path.relative_to(ROOT)), alias.name) for alias in node.names]
    return found


@pytest.mark.parametrize("game", GAMES)
def test_the_screens_do_not_import_the_game_package_itself(game: str) -> None:
    """The contract cannot forbid ``companion.games.<id>`` (that would forbid its public module
    too): the package's own re-exports would be a way round the public module."""
    package = f"companion.games.{game}"
    assert [(f, m) for f, m in _ui_imports() if m == package] == []
