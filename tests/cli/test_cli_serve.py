"""`companion serve` says how a phone reaches the app: a QR code only of an address a phone can
open (the LAN address with --lan); on 127.0.0.1, how to serve on the network instead."""

import signal

import companion.ui.server as server
from companion.cli import main
from companion.ui.stop_signals import StopSignals


class Bound:
    """A socket as ``prepare`` binds it, without binding: the CLI reads only its address (port 0:
    the system's pick, ``GIVEN``)."""

    def __init__(self, host, port):
        self.address = (host, port or GIVEN)

    def getsockname(self):
        return self.address


GIVEN = 45678


def _no_bind(monkeypatch, prepared=None):
    """The port and data checks are tested in tests/security/test_serve_*; here only what is printed."""

    def prepare(host, port, data_dir=None, hosted=False):
        ready = (Bound(host, port), None)
        if prepared is not None:
            prepared.append(ready)
        return ready

    monkeypatch.setattr(server, "prepare", prepare)


def test_serve_on_loopback_says_how_to_reach_it_from_a_phone(monkeypatch, capsys):
    before = {s: signal.getsignal(s) for s in (signal.SIGTERM, signal.SIGINT)}
    calls, prepared = [], []
    _no_bind(monkeypatch, prepared)
    monkeypatch.setattr(server, "serve", lambda **kw: calls.append(kw))
    main(["serve", "--port", "8611"])
    out = capsys.readouterr().out
    assert "http://127.0.0.1:8611/" in out and "make run-lan" in out
    assert "█" not in out and "▀" not in out  # no QR code of an address no phone can open
    [call] = calls
    assert isinstance(call.pop("stop"), StopSignals)  # the stop signals noted until it serves
    assert call == {
        "host": "127.0.0.1",
        "port": 8611,
        "lan_url": None,
        "trusted_proxies": [],
        "prepared": prepared[0],
        "hosted": False,
        "idle_minutes": 15.0,
    }
    # and the process's own handlers are back once it returns (here: pytest's)
    assert signal.getsignal(signal.SIGTERM) is before[signal.SIGTERM]
    assert signal.getsignal(signal.SIGINT) is before[signal.SIGINT]


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
        lambda host, port, data_dir=None, hosted=False: prepared.append(hosted) or (Bound(host, port), None),
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


def test_serve_on_port_0_says_the_port_the_system_gave(monkeypatch, capsys):
    """`--port 0`: the URL printed (and the QR code's, with --lan) has the port bound, not 0."""
    import companion.ui.live as live

    calls = []
    _no_bind(monkeypatch)
    monkeypatch.setattr(server, "serve", lambda **kw: calls.append(kw))
    monkeypatch.setattr(live, "lan_url", lambda port: f"http://192.168.1.20:{port}")
    main(["serve", "--port", "0"])
    main(["serve", "--lan", "--port", "0"])
    out = capsys.readouterr().out
    assert f"http://127.0.0.1:{GIVEN}/" in out and f"http://192.168.1.20:{GIVEN}/" in out and ":0/" not in out
    assert [call["port"] for call in calls] == [GIVEN, GIVEN]
    assert calls[1]["lan_url"] == f"http://192.168.1.20:{GIVEN}"
