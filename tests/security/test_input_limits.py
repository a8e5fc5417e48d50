"""Deep, huge and strange JSON at every input boundary: refused with the project's own error.

Table files go in through Table.from_json, Store.import_json and `companion replay`;
calculator input through the three `companion calc` commands. Each must refuse with
TableError / CalcInputError (one line, exit 2 in the CLI), never a RecursionError, a bare
ValueError or a traceback; and a message that echoes input must not carry its control
characters. Limits: docs/FORMAT.md, "Limits".
"""

from __future__ import annotations

import json

import pytest
from security.input_helpers import (
    CALC_SEEDS,
    DEEP_LIST,
    DEEP_OBJECT,
    HUGE_NUMBER,
    HUGE_STRING,
    run_cli,
    short_table,
    with_field,
)

from companion.core import Table, TableError
from companion.core.calc import CalcInputError, load_input
from companion.store import Store

VALID = short_table("dragon").to_json()


def _hostile_files() -> dict[str, str]:
    entry = json.loads(VALID)["entries"][0]
    return {
        "deep list": DEEP_LIST,
        "deep objects": DEEP_OBJECT,
        "version of 5,000 digits": with_field(VALID, "version", HUGE_NUMBER),
        "version 0": with_field(VALID, "version", "0"),
        "version -1": with_field(VALID, "version", "-1"),
        "version true": with_field(VALID, "version", "true"),
        "version 1.0": with_field(VALID, "version", "1.0"),
        "5 MB name": with_field(VALID, "name", json.dumps(HUGE_STRING)),
        "5 MB creation date": with_field(VALID, "created", json.dumps(HUGE_STRING)),
        "creation date not a date": with_field(VALID, "created", '"next Tuesday"'),
        "name with control characters": with_field(VALID, "name", json.dumps("Club\x1b[2J")),
        "deep entry": with_field(
            VALID, "entries", "[" + json.dumps(entry)[:-1] + ',"x":' + DEEP_OBJECT + "}]"
        ),
        "infinite option": with_field(VALID, "options", '{"large_privilege_cost": 1e999}'),
        "NaN option": with_field(VALID, "options", '{"large_privilege_cost": NaN}'),
        "huge option": with_field(VALID, "options", '{"large_privilege_cost": ' + HUGE_NUMBER + "}"),
        "6,000 entries": with_field(VALID, "entries", json.dumps([entry] * 6_000)),
    }


HOSTILE = _hostile_files()


@pytest.mark.parametrize("name", HOSTILE)
def test_table_file_refused_with_table_error(name):
    with pytest.raises(TableError) as refused:
        Table.from_json(HOSTILE[name])
    assert len(refused.value.msg.render()) < 600  # says what is wrong without echoing megabytes


@pytest.mark.parametrize("name", HOSTILE)
def test_store_import_refused_and_nothing_stored(tmp_path, name):
    store = Store(tmp_path / "t.sqlite3")
    with pytest.raises(TableError):
        store.import_json(HOSTILE[name])
    assert store.list() == []
    store.close()


@pytest.mark.parametrize("name", HOSTILE)
def test_replay_is_one_line_and_exit_2(name):
    code, out, err = run_cli(["replay", "-"], HOSTILE[name])
    assert code == 2 and out == ""
    assert err.startswith("companion: ") and err.count("\n") == 1 and "Traceback" not in err
    assert "\x1b" not in err and len(err) < 1_200


def test_valid_files_still_import():
    for game in ("dragon", "chinatown", "dayu"):
        table = short_table(game, seed=4)
        again = Table.from_json(table.to_json())
        assert again.to_dict() == table.to_dict()


def _hostile_calc(name: str) -> dict[str, str]:
    seed = CALC_SEEDS[name]
    first_key = next(iter(seed))
    return {
        "deep list": DEEP_LIST,
        "deep objects": DEEP_OBJECT,
        "number of 5,000 digits": json.dumps({first_key: "__N__"}).replace('"__N__"', HUGE_NUMBER),
        "5 MB string": json.dumps({first_key: HUGE_STRING}),
        "deep value": json.dumps({first_key: "__D__"}).replace('"__D__"', DEEP_OBJECT),
        "NaN": json.dumps({first_key: "__D__"}).replace('"__D__"', "NaN"),
    }


@pytest.mark.parametrize("calc", sorted(CALC_SEEDS))
def test_calc_commands_refuse_hostile_json(calc):
    for label, text in _hostile_calc(calc).items():
        code, _out, err = run_cli(["calc", calc, "-"], text)
        assert code == 2, label
        assert err.startswith("companion: ") and err.count("\n") == 1 and "Traceback" not in err, label


def test_calc_input_limits_raise_calc_input_error():
    with pytest.raises(CalcInputError):
        load_input(DEEP_LIST)
    with pytest.raises(CalcInputError):
        load_input('{"players": ' + HUGE_NUMBER + "}")
    assert load_input('{"players": []}') == {"players": []}


def test_cli_error_lines_escape_control_characters():
    """An entry kind that would clear the terminal and forge a line is shown escaped, on one line."""
    data = json.loads(VALID)
    data["entries"][3] = {"kind": "\x1b[2J\x1b[H\nFAKE LINE: all good", "seat": 0}
    code, _out, err = run_cli(["replay", "-"], json.dumps(data))
    assert code == 2
    assert "\x1b" not in err and err.count("\n") == 1
    assert "\\x1b[2J" in err and "\\x0aFAKE LINE" in err  # the reader still sees what was there


def test_cli_unknown_calculator_name_is_escaped():
    code, _out, err = run_cli(["calc", "dragon\x1b[2J\nFAKE", "-"], "{}")
    assert code == 2 and "\x1b" not in err and err.count("\n") == 1


def test_the_cli_reads_no_more_than_the_limit(tmp_path):
    big = tmp_path / "big.json"
    big.write_text('{"name": "' + "x" * 20_000_000 + '"}')
    for argv, stdin in (
        (["replay", str(big)], ""),
        (["calc", "dayu-final", "-"], "[" + "0," * 5_000_000 + "0]"),
    ):
        code, _out, err = run_cli(argv, stdin)
        assert code == 2 and "more than 1000000 characters" in err, err


def test_names_refuse_controls_but_keep_emoji():
    table = Table.new("dayu", ["👨‍👩‍👧 Ana", "Ben"], name="Mesa de los viernes ☕")
    assert Table.from_json(table.to_json()).players[0].name == "👨‍👩‍👧 Ana"
    for bad in ("Ana\x1b[31m", "Ben\u202e", "Carla\x00"):
        with pytest.raises(TableError):
            Table.new("dayu", [bad, "Dong"])
