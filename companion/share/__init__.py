"""Sharing a table: snapshot codes (text and QR). No Flet here: the UI calls these functions.

code = encode(table)                 # "TC1..." : paste it, or show qr_png(code)
table = decode(code_or_url)          # replays and checks every entry; SnapshotError if not
table = read_snapshot_image(png)     # the same, from a photo or screenshot of the QR code
"""

from typing import Any

from companion.share.errors import SnapshotError
from companion.share.snapshot import FORMAT_VERSION, decode, encode
from companion.share.textcode import extract_code, import_url

# The QR functions load qrcode and Pillow (about 0.2 s): only when first used, so a served app
# starts as fast as Flet itself and pays for them on the first Share or import screen.
_QR = ("decode_qr_image", "qr_png", "qr_terminal", "qr_version", "read_snapshot_image")


def __getattr__(name: str) -> Any:
    if name in _QR:
        from companion.share import qr

        return getattr(qr, name)
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")


__all__ = [
    "FORMAT_VERSION",
    "SnapshotError",
    "decode",
    "decode_qr_image",
    "encode",
    "extract_code",
    "import_url",
    "qr_png",
    "qr_terminal",
    "qr_version",
    "read_snapshot_image",
]
