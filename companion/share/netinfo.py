"""This machine's address on the local network, found WITHOUT sending any packet.

The usual trick (a UDP "connect" to an outside address) touches the network; here we only read
the interfaces: the addresses the host name resolves to, plus, on Linux, each interface's IPv4
address through the SIOCGIFADDR ioctl. Private ranges (192.168/16, 10/8, 172.16/12) win;
127.0.0.1 is the fallback when nothing else is there.
"""

from __future__ import annotations

import ipaddress
import socket
import struct
import sys

SIOCGIFADDR = 0x8915  # Linux: get an interface's IPv4 address
LOOPBACK = "127.0.0.1"


def _from_hostname() -> list[str]:
    try:
        infos = socket.getaddrinfo(socket.gethostname(), None, socket.AF_INET)
    except OSError:  # no resolvable host name: a common case on phones and containers
        return []
    return [str(info[4][0]) for info in infos]


def _from_interfaces() -> list[str]:
    if not sys.platform.startswith("linux"):
        return []
    import fcntl

    found = []
    try:
        names = [name for _, name in socket.if_nameindex()]
    except OSError:
        return []
    with socket.socket(socket.AF_INET, socket.SOCK_DGRAM) as s:  # never connected, never sends
        for name in names:
            try:
                packed = fcntl.ioctl(s.fileno(), SIOCGIFADDR, struct.pack("256s", name.encode()[:15]))
            except OSError:  # an interface without an IPv4 address
                continue
            found.append(socket.inet_ntoa(packed[20:24]))
    return found


def _rank(address: str) -> int:
    ip = ipaddress.ip_address(address)
    if ip.is_loopback or ip.is_unspecified or ip.is_link_local:
        return 9
    if ip in ipaddress.ip_network("192.168.0.0/16"):
        return 0  # home routers
    if ip in ipaddress.ip_network("10.0.0.0/8") or ip in ipaddress.ip_network("172.16.0.0/12"):
        return 1
    return 2 if ip.is_private else 3


def local_addresses() -> list[str]:
    """Every IPv4 address of this machine (loopback included), best LAN address first."""
    seen: dict[str, None] = {}
    for address in [*_from_interfaces(), *_from_hostname(), LOOPBACK]:
        try:
            ipaddress.IPv4Address(address)
        except ValueError:
            continue
        seen.setdefault(address, None)
    return sorted(seen, key=_rank)


def lan_address() -> str:
    """The address other devices on the local network reach this machine at (else 127.0.0.1)."""
    best = local_addresses()[0]
    return best if _rank(best) < 9 else LOOPBACK


def is_local_client(address: str | None) -> bool:
    """True for a client on this very machine (loopback or one of its own addresses)."""
    if not address:
        return True  # an in-process session (a desktop window, the test harness)
    try:
        if ipaddress.ip_address(address).is_loopback:
            return True
    except ValueError:
        return False
    return address in local_addresses()
