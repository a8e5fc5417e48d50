"""`companion serve` says how a phone reaches the app: a QR code only of an address a phone can
open (the LAN address with --lan); on 127.0.0.1, how to serve on the network instead."""

import companion.ui.server as server
from companion.cli import main


def _no_bind(monkeypatch):
    """The port and data checks are tested in tests/security/test_serve_*; here only what is printed."""
    monkeypatch.setattr(server, "prepare", lambda host, port, data_dir=None, hosted=False: ("socket", None))


def test_serve_on_loopback_says_how_to_reach_it_from_a_phone(monkeypatch, capsys):
    calls = []
    _no_bind(monkeypatch)
    monkeypatch.setattr(server, "serve", lambda **kw: calls.append(kw))
    main(["serve", "--port", "8611"])
    out = capsys.readouterr().out
    assert "http://127.0.0.1:8611/" in out and "make run-lan" in out
    assert "█" not in out and "▀" not in out  # no QR code of an address no phone can open
    assert calls == [
        {
            "host": "127.0.0.1",
            "port": 8611,
            "lan_url": None,
            "trusted_proxies": [],
            "prepared": ("socket", None),
            "hosted": False,
            "idle_minutes": 15.0,
        }
    ]


def test_serve_on_the_network_shows_the_lan_address_as_a_qr_code(monkeypatch, capsys):
    import companion.ui.live as live

    calls = []
    _no_bind(monkeypatch)
    monkeypatch.setattr(server, "serve", lambda **kw: calls.append(kw))
    monkeypatch.setattr(live, "lan_url", lambda port: f"http://192.168.1.20:{port}")
    main(["serve", "--lan", "--port", "8612"])
    out = capsys.readouterr().out
    assert "http://192.168.1.20:8612/" in out and "scan this code" in out and "█" in out
    assert calls[0]["host"] == "0.0.0.0" and calls[0]["lan_url"] == "http://192.168.1.20:8612"


def test_serve_hosted_checks_and_serves_private_spaces(monkeypatch, capsys):
    prepared, calls = [], []
    monkeypatch.setattr(
        server,
        "prepare",
        lambda host, port, data_dir=None, hosted=False: prepared.append(hosted) or ("s", None),
    )
    monkeypatch.setattr(server, "serve", lambda **kw: calls.append(kw))
    main(["serve", "--hosted", "--port", "8613"])
    assert prepared == [True] and calls[0]["hosted"] is True and calls[0]["lan_url"] is None
    out = capsys.readouterr().out
    assert "private space" in out and "--trusted-proxy" in out  # how a public server is reached
    assert "make run-lan" not in out and "█" not in out  # no laptop-on-the-Wi-Fi advice, no QR


def test_serve_hosted_takes_the_idle_minutes_of_a_space(monkeypatch, capsys):
    import pytest

    calls = []
    _no_bind(monkeypatch)
    monkeypatch.setattr(server, "serve", lambda **kw: calls.append(kw))
    main(["serve", "--hosted", "--idle-minutes", "2.5", "--trusted-proxy", "127.0.0.1"])
    assert calls[0]["idle_minutes"] == 2.5
    for wrong in ("0", "-3", "nan", "soon"):
        with pytest.raises(SystemExit):
            main(["serve", "--hosted", "--idle-minutes", wrong])
        assert "minutes above 0" in capsys.readouterr().err


def test_serve_on_the_network_without_an_address_says_phones_cannot_join(monkeypatch, capsys):
    """No QR code of 127.0.0.1 for a phone to scan: the lookup found no network address."""
    from companion.share import netinfo

    _no_bind(monkeypatch)
    monkeypatch.setattr(server, "serve", lambda **kw: None)
    monkeypatch.setattr(netinfo, "_from_interfaces", lambda: ["127.0.0.1"])
    monkeypatch.setattr(netinfo, "_from_hostname", lambda: [])
    main(["serve", "--lan", "--port", "8612"])
    out = capsys.readouterr().out
    assert "No network address" in out and "cannot join" in out and "█" not in out
