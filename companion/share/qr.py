"""QR codes of snapshot codes: PNG bytes, a terminal rendering, and reading codes from images.

Generation uses ``qrcode`` (with Pillow for PNG); reading uses ``zxing-cpp``. Error correction
is M (15% of the code may be lost), the usual choice for a code read off a screen; a code that
would need a version above ``MAX_VERSION_AT_M`` at M is made at L instead (7%), which keeps the
modules large enough to scan from a phone (the longest Da Yu games: version 16 at M, 13 at L). A
screen shows the code whole: the lower level costs nothing a reader needs, and every reader
reads every level (docs/DECISIONS.md, "Long codes at error correction L").
"""

from __future__ import annotations

import io
import struct
import zlib
from typing import Any

import qrcode
from PIL import Image

from companion.share.errors import SnapshotError

_LEVELS = {
    "L": qrcode.constants.ERROR_CORRECT_L,
    "M": qrcode.constants.ERROR_CORRECT_M,
    "Q": qrcode.constants.ERROR_CORRECT_Q,
    "H": qrcode.constants.ERROR_CORRECT_H,
}
MAX_IMAGE_BYTES = 30_000_000
MAX_IMAGE_SIDE = 3000  # larger photos are scaled down before decoding: plenty for a QR code


MAX_VERSION_AT_M = 15  # 77 modules a side: above it, the code drops to level L


def make_qr(text: str, error: str = "auto") -> qrcode.QRCode:
    """The smallest QR code holding ``text`` (qrcode picks the densest mode for each part).
    ``auto``: M, or L where M would need a version above MAX_VERSION_AT_M."""
    level = "M" if error == "auto" else error
    code = qrcode.QRCode(error_correction=_LEVELS[level], border=4)
    code.add_data(text)
    code.make(fit=True)
    if error == "auto" and code.version > MAX_VERSION_AT_M:
        return make_qr(text, "L")
    return code


def qr_level(text: str) -> str:
    """The error correction level ``make_qr`` picks for ``text``: "M", or "L" for a long code."""
    return "M" if make_qr(text, "M").version <= MAX_VERSION_AT_M else "L"


def qr_version(text: str, error: str = "auto") -> int:
    """The QR version (1 to 40) needed for ``text``: version v is 17 + 4v modules wide."""
    return make_qr(text, error).version


def qr_png(text: str, *, box_size: int = 8, error: str = "auto") -> bytes:
    """PNG bytes of the QR code of ``text`` with a 4-module quiet zone."""
    code = make_qr(text, error)
    code.box_size = box_size
    buf = io.BytesIO()
    code.make_image().save(buf, format="PNG")
    return buf.getvalue()


def qr_terminal(text: str, *, dark_background: bool = True, error: str = "auto") -> str:
    """The QR code as text: two module rows per line with half-block characters.

    On a dark terminal the light modules are drawn (as ``qrencode -t UTF8`` does), so the
    code reads the right way round; pass ``dark_background=False`` for a light terminal.
    """
    code = make_qr(text, error)
    code.border = 2
    matrix = code.get_matrix()  # True = dark module, quiet zone included
    if len(matrix) % 2:
        matrix.append([False] * len(matrix[0]))
    glyphs = {(False, False): " ", (True, False): "▀", (False, True): "▄", (True, True): "█"}
    lines = []
    for top, bottom in zip(matrix[::2], matrix[1::2], strict=True):
        lines.append(
            "".join(
                glyphs[(t != dark_background, b != dark_background)] for t, b in zip(top, bottom, strict=True)
            )
        )
    return "\n".join(lines)


def _open_image(image: Any) -> Image.Image:
    if isinstance(image, Image.Image):
        return image
    if isinstance(image, bytes | bytearray | memoryview):
        if len(image) > MAX_IMAGE_BYTES:
            raise SnapshotError("share.qr.unreadable", detail=f"{len(image)} bytes")
        source: Any = io.BytesIO(bytes(image))
    else:
        source = image  # a path or a file object
    try:
        opened = Image.open(source)
        opened.load()
    # Pillow reports a broken chunk as SyntaxError, a cut file as EOFError or struct.error.
    except (
        OSError,
        ValueError,
        SyntaxError,
        EOFError,
        struct.error,
        zlib.error,
        Image.DecompressionBombError,
    ) as exc:
        raise SnapshotError("share.qr.unreadable", detail=type(exc).__name__) from exc
    return opened


def decode_qr_image(image: Any) -> list[str]:
    """The texts of the QR codes found in an image (a PIL image, encoded bytes, or a path)."""
    try:
        import zxingcpp
    except ImportError as exc:  # an optional dependency on some platforms
        raise SnapshotError("share.qr.no_reader") from exc

    picture = _open_image(image)
    if max(picture.size) > MAX_IMAGE_SIDE:
        picture = picture.copy()
        picture.thumbnail((MAX_IMAGE_SIDE, MAX_IMAGE_SIDE))
    if picture.mode not in ("L", "RGB", "RGBA"):
        picture = picture.convert("RGB")
    found = zxingcpp.read_barcodes(picture, formats=zxingcpp.BarcodeFormats(zxingcpp.BarcodeFormat.QRCode))
    return [r.text for r in found if r.valid and r.text]


def read_snapshot_image(image: Any) -> Any:
    """The table of the first snapshot code found in an image.

    Raises SnapshotError: no QR code found, none of them a snapshot, or the snapshot's own
    error when exactly one Table Companion code is there but it is damaged.
    """
    from companion.share.snapshot import decode
    from companion.share.textcode import MAGIC, extract_code

    texts = decode_qr_image(image)
    if not texts:
        raise SnapshotError("share.qr.none")
    ours = [t for t in texts if extract_code(t).startswith(MAGIC)]
    if not ours:
        raise SnapshotError("share.qr.no_snapshot", n=len(texts))
    errors: list[SnapshotError] = []
    for text in ours:
        try:
            return decode(text)
        except SnapshotError as exc:
            errors.append(exc)
    raise errors[0]
