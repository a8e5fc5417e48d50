"""The device's stored settings sent with the websocket's handshake (companion/ui/sent_settings.py):
the page the server sends carries the script that sends them, the server reads them as the stored
ones are read, and a session that has them draws its first screen without asking the device."""

from __future__ import annotations

import flet as ft
import pytest
from fastapi.testclient import TestClient
from flet_harness import Harness
from ui_testkit import new_hub

from companion.i18n import translate
from companion.ui import sent_settings
from companion.ui.app import make_main
from companion.ui.sent_settings import from_query, page_scripts, with_script
from companion.ui.settings import Settings
from companion.ui.webserver import build_app


@pytest.mark.parametrize(
    ("raw", "expected"),
    [
        ('["es", "dark", false]', ("es", "dark", False)),
        ("[null, null, null]", ("en", "system", True)),  # nothing stored: the defaults
        ('["xx", "blue", "no"]', ("en", "system", True)),  # as load(): what is not valid is left out
        ('["qps", "light", true]', ("qps", "light", True)),  # the tests' pseudo-locale too
    ],
)
def test_the_sent_values_read_as_the_stored_ones(raw, expected):
    s = from_query(raw)
    assert s is not None and (s.lang, s.theme, s.keep_awake) == expected


@pytest.mark.parametrize("raw", [None, "", "es", '["es", "dark"]', '{"lang": "es"}', "[" + " " * 300 + "]"])
def test_anything_else_sent_is_no_settings(raw):
    assert from_query(raw) is None  # the session asks the device, as without a script


def test_the_script_goes_at_the_end_of_the_head():
    page = b"<html><head><title>t</title></head><body></body></html>"
    assert (
        with_script(page) == b"<html><head><title>t</title>" + page_scripts() + b"</head><body></body></html>"
    )
    assert with_script(b"no head") == b"no head"


def test_every_route_s_page_carries_the_script_and_nothing_else_changes(tmp_path):
    client = TestClient(build_app(make_main(new_hub(tmp_path))))
    for route in ("/", "/table/abc", "/players"):  # Flutter's index.html, for any route
        page = client.get(route)
        assert page.status_code == 200
        assert page.text.count(page_scripts().decode()) == 1, route  # the settings' and the lost connection's
        assert int(page.headers["content-length"]) == len(page.content)
        assert page.text.index(page_scripts().decode()) < page.text.index("</head>")
    script = client.get("/flutter_bootstrap.js")
    assert script.status_code == 200 and "localStorage.getItem" not in script.text
    assert client.head("/").status_code == 200


def test_a_head_a_range_and_a_cache_see_the_page_as_sent(tmp_path):
    """Review 2026-12-06: HEAD said the stored file's length, a Range request got a part of the
    file without the script, and the page kept the file's ETag and Accept-Ranges."""
    client = TestClient(build_app(make_main(new_hub(tmp_path))))
    page = client.get("/")
    head = client.head("/")
    assert int(head.headers["content-length"]) == len(page.content)
    for answer in (page, head):
        assert not {"etag", "last-modified", "accept-ranges"} & set(answer.headers)
    part = client.get("/", headers={"Range": "bytes=0-99"})
    assert part.status_code == 200 and part.content == page.content
    assert (
        client.get("/flutter_bootstrap.js", headers={"Range": "bytes=0-9"}).status_code == 206
    )  # files as ever


def test_a_sent_value_too_long_to_read_is_not_kept():
    class Connection:  # a handshake's connection (weakly referenced)
        pass

    connection = Connection()
    sent_settings.record(connection, "[" + " " * 300 + "]")
    assert connection not in sent_settings._SENT


async def test_a_session_with_sent_settings_draws_home_without_asking(tmp_path):
    h = Harness()
    sent_settings.record(h.conn, '["es", "dark", false]')
    await h.start(make_main(new_hub(tmp_path)))
    assert not [name for name, _ in h.conn.calls if name == "get"], "the device was asked anyway"
    assert translate("ui.home.new", "es") in h.all_text()  # the stored language, on the first screen
    assert h.page.theme_mode == ft.ThemeMode.DARK
    h.close()


def services_on_the_page(h: Harness) -> list[str]:
    return [type(s).__name__ for s in h.page._services._services]


async def test_the_device_storage_is_set_up_when_first_used_not_with_home(tmp_path):
    # the first screen reads nothing stored: Flutter does not make the service while drawing Home
    h = Harness(prefs={})
    sent_settings.record(h.conn, "[null, null, null]")
    await h.start(make_main(new_hub(tmp_path)))
    assert h.has("new-table")
    assert "SharedPreferences" not in services_on_the_page(h)
    await h.click("open-settings")
    await h.click("lang-es")  # the first setting saved: the service is made then, and stores it
    assert "SharedPreferences" in services_on_the_page(h)
    assert h.conn.prefs["table_companion.lang"] == "es"
    h.close()


async def test_a_session_without_them_asks_the_device(tmp_path):
    h = Harness(prefs={"table_companion.lang": "es"})
    await h.start(make_main(new_hub(tmp_path)))
    assert [name for name, _ in h.conn.calls if name == "get"]
    assert translate("ui.home.new", "es") in h.all_text()
    h.close()


def test_each_session_gets_settings_of_its_own():
    class Conn:
        pass

    class Page:
        def __init__(self, connection):
            self.session = type("S", (), {"connection": connection})()

    conn = Conn()
    sent_settings.record(conn, '["es", null, null]')
    first, second = sent_settings.sent(Page(conn)), sent_settings.sent(Page(conn))  # type: ignore[arg-type]
    assert isinstance(first, Settings) and first is not second
    assert sent_settings.sent(Page(Conn())) is None  # type: ignore[arg-type]
