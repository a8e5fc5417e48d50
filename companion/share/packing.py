"""Byte-level building blocks of a snapshot: varints, short strings and mixed-radix digits.

Every read is bounded: a reader never returns more bytes than it holds, and a varint longer
than a few bytes is refused, so a hostile code can neither over-read nor ask for a huge
allocation.
"""

from __future__ import annotations

from companion.share.errors import damaged

_MAX_VARINT_BYTES = 4  # 2**28: far above any count or length a snapshot may hold


class ByteWriter:
    def __init__(self) -> None:
        self._buf = bytearray()

    def byte(self, value: int) -> None:
        self._buf.append(value)

    def varint(self, value: int) -> None:
        """Unsigned LEB128: 7 bits a byte, the high bit says "more follows"."""
        if value < 0 or value >= 1 << (7 * _MAX_VARINT_BYTES):
            raise ValueError(f"varint out of range: {value}")
        while True:
            low, value = value & 0x7F, value >> 7
            self._buf.append(low | (0x80 if value else 0))
            if not value:
                return

    def raw(self, data: bytes) -> None:
        self._buf += data

    def blob(self, data: bytes) -> None:
        self.varint(len(data))
        self._buf += data

    def text(self, value: str) -> None:
        self.blob(value.encode("utf-8"))

    def getvalue(self) -> bytes:
        return bytes(self._buf)


class ByteReader:
    """Reads what a ByteWriter wrote; any inconsistency is a SnapshotError ("damaged")."""

    def __init__(self, data: bytes) -> None:
        self._data = data
        self._pos = 0

    @property
    def remaining(self) -> int:
        return len(self._data) - self._pos

    def byte(self) -> int:
        if self._pos >= len(self._data):
            raise damaged("short")
        value = self._data[self._pos]
        self._pos += 1
        return value

    def varint(self, limit: int) -> int:
        """A varint no greater than ``limit``."""
        value = 0
        for i in range(_MAX_VARINT_BYTES):
            b = self.byte()
            value |= (b & 0x7F) << (7 * i)
            if not b & 0x80:
                if value > limit:
                    raise damaged("count", value=value, limit=limit)
                return value
        raise damaged("number")

    def raw(self, n: int) -> bytes:
        if n > self.remaining:
            raise damaged("short")
        out = self._data[self._pos : self._pos + n]
        self._pos += n
        return out

    def blob(self, limit: int) -> bytes:
        return self.raw(self.varint(limit))

    def text(self, limit: int) -> str:
        try:
            return self.blob(limit).decode("utf-8")
        except UnicodeDecodeError as exc:
            raise damaged("text") from exc

    def rest(self) -> bytes:
        return self.raw(self.remaining)


def pack_digits(digits: list[tuple[int, int]]) -> int:
    """One integer holding every (value, radix) digit, the first digit least significant.

    The result needs about sum(log2(radix)) bits: a forced choice (radix 1) costs nothing.
    """
    number = 0
    for value, radix in reversed(digits):
        if not 0 <= value < radix:
            raise ValueError(f"digit {value} out of radix {radix}")
        number = number * radix + value
    return number


class DigitReader:
    """Takes digits off a packed integer one at a time, each with the radix known only then."""

    def __init__(self, number: int) -> None:
        self._number = number

    def take(self, radix: int) -> int:
        if radix == 1:
            return 0
        self._number, value = divmod(self._number, radix)
        return value

    @property
    def exhausted(self) -> bool:
        return self._number == 0
