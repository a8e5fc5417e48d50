"""The text form of a snapshot: ``TC`` + version + length + body, in 43 URL-safe characters.

The body is the payload bytes read as one big number, written in base 43 with the characters
of the QR code's alphanumeric mode minus space and ``%`` (which a URL would escape). A QR
code stores an alphanumeric character in 5.5 bits and a base-43 digit carries 5.43 bits, so
the code fills a QR code at 99% efficiency, and the same text can end a URL unescaped:
``http://host:port/import#TC1...``. Lower case is accepted when typed; whitespace and line
breaks are ignored.

Layout: ``TC`` (magic), one character for the format version, three characters for the body
length (so a truncated code is told apart from a damaged one), then the body.
"""

from __future__ import annotations

from companion.share.errors import SnapshotError, damaged

ALPHABET = "0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ$*+-./:"
BASE = len(ALPHABET)  # 43
MAGIC = "TC"
LENGTH_CHARS = 3
HEADER_CHARS = len(MAGIC) + 1 + LENGTH_CHARS
MAX_INPUT_CHARS = 20_000  # pasted text (a URL around the code included)
MAX_BODY_CHARS = 12_000  # about 8 KB of payload: far above a QR code's capacity
IMPORT_PATH = "/import"

_VALUE = {ch: i for i, ch in enumerate(ALPHABET)}
_CHUNK = 11  # 43**11 < 2**63: convert 11 digits at a time
_CHUNK_BASE = BASE**_CHUNK


def _to_digits(number: int, width: int | None = None) -> str:
    out: list[str] = []
    while number:
        number, chunk = divmod(number, _CHUNK_BASE)
        for _ in range(_CHUNK):
            chunk, d = divmod(chunk, BASE)
            out.append(ALPHABET[d])
    text = "".join(reversed(out)).lstrip("0") or "0"
    if width is not None:
        if len(text) > width:
            raise ValueError(f"{number} does not fit in {width} digits")
        text = text.rjust(width, "0")
    return text


def _from_digits(text: str) -> int:
    number = 0
    head = len(text) % _CHUNK
    pieces = [text[:head]] if head else []
    pieces += [text[i : i + _CHUNK] for i in range(head, len(text), _CHUNK)]
    for piece in pieces:
        chunk = 0
        for ch in piece:
            chunk = chunk * BASE + _VALUE[ch]
        number = number * BASE ** len(piece) + chunk
    return number


def encode_text(version: int, payload: bytes) -> str:
    # A leading 1 bit keeps the payload's leading zero bytes through the number.
    number = (1 << (8 * len(payload))) | int.from_bytes(payload, "big")
    body = _to_digits(number)
    if len(body) > MAX_BODY_CHARS:
        raise SnapshotError("share.encode.too_big", chars=len(body), limit=MAX_BODY_CHARS)
    return MAGIC + ALPHABET[version] + _to_digits(len(body), LENGTH_CHARS) + body


def extract_code(text: str) -> str:
    """The code inside pasted or scanned text: a bare code, or an import URL's fragment."""
    if not isinstance(text, str):
        raise SnapshotError("share.code.empty")
    if len(text) > MAX_INPUT_CHARS:
        raise SnapshotError("share.code.too_long", chars=len(text), limit=MAX_INPUT_CHARS)
    if "#" in text:
        text = text.rsplit("#", 1)[1]
    code = "".join(text.split())
    return "".join(ch.upper() if ch.isascii() else ch for ch in code)


def decode_text(text: str, known_version: int) -> tuple[int, bytes]:
    """(format version, payload bytes) of a code; a SnapshotError says what is wrong.

    The version is checked before the body is read: a newer format may write it differently.
    """
    code = extract_code(text)
    if not code:
        raise SnapshotError("share.code.empty")
    if not code.startswith(MAGIC) and not MAGIC.startswith(code):
        raise SnapshotError("share.code.foreign")
    for pos, ch in enumerate(code, start=1):
        if ch not in _VALUE:
            raise SnapshotError("share.code.bad_char", char=ch, pos=pos)
    if len(code) < HEADER_CHARS:
        raise SnapshotError("share.code.truncated", got=len(code), expected=HEADER_CHARS)
    version = _VALUE[code[len(MAGIC)]]
    if version == 0:
        raise SnapshotError("share.code.foreign")
    if version > known_version:
        raise SnapshotError("share.code.too_new", found=version, known=known_version)
    declared = _from_digits(code[len(MAGIC) + 1 : HEADER_CHARS])
    body = code[HEADER_CHARS:]
    if declared > MAX_BODY_CHARS:
        raise SnapshotError("share.code.too_long", chars=declared + HEADER_CHARS, limit=MAX_BODY_CHARS)
    if len(body) < declared:
        raise SnapshotError("share.code.truncated", got=len(code), expected=declared + HEADER_CHARS)
    if len(body) > declared:
        raise SnapshotError("share.code.trailing", extra=len(body) - declared)
    number = _from_digits(body)
    bits = number.bit_length() - 1
    if bits < 0 or bits % 8:
        raise damaged("length")
    return version, (number ^ (1 << bits)).to_bytes(bits // 8, "big")


def import_url(base_url: str, code: str) -> str:
    """The URL a phone camera opens to import a code: ``<base>/import#<code>``.

    The code travels in the fragment, which browsers never send to the server.
    """
    return base_url.rstrip("/") + IMPORT_PATH + "#" + code
