"""Sharing a table: snapshot codes (text and QR). No Flet here: the UI calls these functions.

code = encode(table)                 # "TC1..." : paste it, or show qr_png(code)
table = decode(code_or_url)          # replays and checks every entry; SnapshotError if not
table = read_snapshot_image(png)     # the same, from a photo or screenshot of the QR code
"""

from companion.share.errors import SnapshotError
from companion.share.qr import decode_qr_image, qr_png, qr_terminal, qr_version, read_snapshot_image
from companion.share.snapshot import FORMAT_VERSION, decode, encode
from companion.share.textcode import extract_code, import_url

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
