"""A hosted server behind a reverse proxy nobody named with --trusted-proxy refuses to serve and
says why (issue 28): every visitor would otherwise share the proxy's address, and one person
guessing space keys would lock everybody out. The LAN server keeps treating them as remote."""

from __future__ import annotations

import logging

import pytest
from fastapi.testclient import TestClient
from starlette.websockets import WebSocketDisconnect

from companion.ui import guard
from companion.ui.app import make_main
from companion.ui.proxy_check import untrusted_proxy
from companion.ui.webserver import build_app

FORWARDED = {"X-Forwarded-For": "203.0.113.9"}


def h(**headers: str) -> list[tuple[bytes, bytes]]:
    return [(k.replace("_", "-").encode(), v.encode()) for k, v in headers.items()]


@pytest.fixture
def trusted(monkeypatch):
    def set_to(*addresses: str) -> None:
        monkeypatch.setattr(guard, "TRUSTED_PROXIES", set(addresses))

    set_to()
    return set_to


def test_which_requests_came_through_a_proxy_nobody_named(trusted):
    assert not untrusted_proxy("198.51.100.4", h(host="x"))  # no proxy at all
    assert untrusted_proxy("127.0.0.1", h(x_forwarded_for="203.0.113.9"))  # none trusted
    assert untrusted_proxy("127.0.0.1", h(x_real_ip="203.0.113.9"))
    trusted("127.0.0.1")
    # uvicorn put the forwarded visitor in place of the trusted proxy: believed
    assert not untrusted_proxy("203.0.113.9", h(x_forwarded_for="203.0.113.9"))
    assert not untrusted_proxy("127.0.0.1", h(x_forwarded_for="127.0.0.1"))  # a visitor on this machine
    # another proxy, not named: refused
    assert untrusted_proxy("10.0.0.5", h(x_forwarded_for="203.0.113.9"))


def test_a_hosted_server_refuses_an_untrusted_proxy_with_a_page_and_a_log_line(trusted, caplog):
    client = TestClient(build_app(make_main(), hosted=True), client=("127.0.0.1", 5000))
    with caplog.at_level(logging.ERROR, logger="companion.guard"):
        page = client.get("/", headers=FORWARDED)
        client.get("/", headers=FORWARDED)
    assert page.status_code == 503
    assert "--trusted-proxy" in page.text and "lang='es'" in page.text
    said = [r.getMessage() for r in caplog.records]
    assert len(said) == 1 and "--trusted-proxy 127.0.0.1" in said[0]  # once per proxy
    with pytest.raises(WebSocketDisconnect) as closed, client.websocket_connect("/ws", headers=FORWARDED):
        pass
    assert closed.value.code == guard.POLICY_VIOLATION
    assert client.get("/space").status_code == 200  # straight to the server, no proxy: served


def test_a_trusted_proxy_is_served_and_a_lan_server_never_refuses(trusted):
    trusted("127.0.0.1")
    hosted = TestClient(build_app(make_main(), hosted=True), client=("203.0.113.9", 5000))
    assert hosted.get("/space", headers=FORWARDED).status_code == 200
    trusted()
    lan = TestClient(build_app(make_main()), client=("127.0.0.1", 5000))
    assert lan.get("/", headers=FORWARDED).status_code == 200  # remote visitors there (ui/guard.py)
