"""What each command imports (issue 27): only what it uses. Checked in a fresh interpreter
through ``sys.modules``, never by timing."""

import json
import subprocess
import sys

import pytest

PROBE = """
import contextlib, io, json, sys
args = json.loads(sys.argv[1])
if args is not None:
    from companion.cli import main
    with contextlib.redirect_stdout(io.StringIO()), contextlib.redirect_stderr(io.StringIO()):
        try:
            code = main(args)
        except SystemExit as exc:  # --help
            code = exc.code
    assert code == 0, code
else:
    import companion.cli
print(json.dumps(sorted(sys.modules)))
"""


def loaded(args: list[str] | None) -> set[str]:
    out = subprocess.run(
        [sys.executable, "-c", PROBE, json.dumps(args)], capture_output=True, text=True, timeout=120
    )
    assert out.returncode == 0, out.stderr
    return set(json.loads(out.stdout))


def games(modules: set[str]) -> set[str]:
    return {m.split(".")[2] for m in modules if m.startswith("companion.games.")}


def test_importing_the_cli_loads_no_game_no_ui_and_no_pydantic():
    modules = loaded(None)
    assert not games(modules)
    assert not {m for m in modules if m.split(".")[0] in ("flet", "pydantic", "babel")}
    assert not {m for m in modules if m.startswith(("companion.ui", "companion.store", "companion.lookup"))}


def test_rules_loads_no_game_engine_and_once_prepared_no_pydantic():
    modules = loaded(["rules", "dragon", "drought"])
    assert "companion.lookup" in modules
    assert not games(modules) and "flet" not in modules
    again = loaded(["rules", "dragon", "drought"])  # the index prepared by the first run
    # a question whose words the index knows needs no typo fixer and no word list either
    heavy = ("flet", "pydantic", "babel", "rapidfuzz", "spellchecker")
    assert not games(again) and not {m for m in again if m.split(".")[0] in heavy}


def test_a_typo_loads_the_typo_fixer_and_the_word_list_but_still_no_pydantic():
    loaded(["rules", "dragon", "drought"])  # prepared
    modules = loaded(["rules", "dragon", "droguht"])
    assert {"rapidfuzz", "spellchecker"} <= modules
    assert not {m for m in modules if m.split(".")[0] in ("flet", "pydantic", "babel")}


def test_a_calculator_loads_its_own_game_only(tmp_path):
    board = tmp_path / "board.json"
    board.write_text(json.dumps({"buildings": {"16": {"owner": "Ana", "shop": "tea_house"}}}))
    modules = loaded(["calc", "chinatown-income", str(board)])
    assert games(modules) == {"chinatown"} and "flet" not in modules


@pytest.mark.parametrize("args", [["--help"], ["calc", "--help"]])
def test_help_loads_no_ui(args):
    assert "flet" not in loaded(args)


def test_every_command_is_known_to_main():
    """main builds only the parser of the command it runs, found by name in COMMANDS."""
    from companion.cli import COMMANDS, build_parser

    parser = build_parser(help_texts=False)
    [sub] = [a for a in parser._actions if a.dest == "command"]
    assert set(sub.choices) == set(COMMANDS)
