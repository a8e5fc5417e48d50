"""Snapshot codes: a whole table (its log, not its state) in a few hundred bytes.

Each entry is stored relative to the state it was made in: its index among the prompt's
choices, or the game's own compact code for a free-form entry (the ``entry_code`` and
``entry_from_code`` hooks described in companion.core.codes), and
all these digits are packed into one integer with mixed radices, so a forced choice costs
nothing and a choice among n costs log2(n) bits. Entries with no compact code travel as
JSON in a side section. Decoding replays every entry through a Table, so every rule is
checked again; nothing in a code is ever executed. docs/FORMAT.md ("Snapshot code")
describes the layout.

Payload (format version 2), after the text header of companion.share.textcode::

    flags u8 | game | [table id] | [name] | [created] | [options JSON] | player count
    | [names] | [colours] | entry count | [raw count | raw section] | outcome check u16
    | packed digits | CRC-32

The packed digits start with the options (one digit per yes/no or listed-value option) and
the players' names (5.25 bits a letter), unless the flags say these travel as text, then
hold the entries; an entry the game's compact code escapes may travel as the game's own
digits (``DigitCodes``: Chinatown's trades) instead of JSON. Version 1 (options always JSON,
names always UTF-8, the raw counts always present, escaped entries always JSON) still
decodes: ``_decode_payload_v1``.
"""

from __future__ import annotations

import json
import re
import zlib
from datetime import UTC, datetime
from typing import Any, Literal, get_args, get_origin

from pydantic import BaseModel, ValidationError

from companion.core import Prompt, RuleViolation, Table, TableError, msg, registry
from companion.core.limits import InputLimitError, Limits, load_json
from companion.core.protocol import CompactCodes, DigitCodes, Entry
from companion.core.table import PLAYER_COLORS
from companion.share.errors import SnapshotError, damaged
from companion.share.packing import ByteReader, ByteWriter, DigitReader, pack_digits
from companion.share.textcode import decode_text, encode_text

FORMAT_VERSION = 2

# Stable numbers of the games (never reuse or reorder): 0 means "the id follows as text".

# Bounds: a hostile code cannot make the decoder allocate or replay more than this.
MAX_PLAYERS = 8
MAX_NAME_BYTES = 100
MAX_COLOUR_BYTES = 32
MAX_ID_BYTES = 64
MAX_TABLE_NAME_BYTES = 400
MAX_CREATED_BYTES = 64
MAX_OPTIONS_BYTES = 2000
MAX_ENTRIES = 5000
MAX_RAW_SECTION = 9000  # bytes as stored
MAX_RAW_JSON = 200_000  # bytes once inflated
_JSON_LIMITS = Limits(max_chars=MAX_RAW_JSON)

# Version 1 flags (read only: the encoder writes version 2).
_F_ID_HEX = 1  # table id is 32 lower-case hex digits, stored as 16 bytes
_F_ID_TEXT = 2
_F_NAME = 4  # a name other than the default "Ana, Ben, Carla"
_F_CREATED_EPOCH = 8  # created is a UTC time to the second, stored as 4 bytes
_F_CREATED_TEXT = 16
_F_COLOURS = 32
_F_RAW_DEFLATE = 64
_F_KNOWN = 127

# Version 2 flags (the byte is full: every bit has a meaning).
_F2_ID_TEXT = 1  # else the id is 32 lower-case hex digits, stored as 16 bytes
_F2_NAME = 2
_F2_CREATED_EPOCH = 4
_F2_CREATED_TEXT = 8
_F2_COLOURS = 16
_F2_RAWS = 32  # a raw (JSON) section follows the entry count
_F2_OPTIONS_TEXT = 64  # options as JSON text; else digits
_F2_NAMES_TEXT = 128  # names as UTF-8; else digits

# Names as digits: lower-case letters, with the capitals of ``str.title`` implied; 0 ends a name.
_NAME_CHARS = " abcdefghijklmnopqrstuvwxyzáéíóúüñ-'."
_NAME_RADIX = len(_NAME_CHARS) + 1
_NAME_VALUE = {ch: i + 1 for i, ch in enumerate(_NAME_CHARS)}

_HEX_ID = re.compile(r"[0-9a-f]{32}")


# ---- slots: how the entry made in a given state is coded ----------------------------------
def _custom_radix(game: Any, state: BaseModel) -> int:
    """The radix of the game's own compact code in this state, or 0 when it has none.

    A game may say it directly (``entry_radix(state)``); otherwise it is probed: the entry of
    code 0, coded again, gives the radix. Both sides of the codec run the same probe on the
    same state, so they always agree.
    """
    hook = getattr(game, "entry_radix", None)
    if hook is not None:
        return max(0, int(hook(state) or 0))
    to_code = getattr(game, "entry_code", None)
    from_code = getattr(game, "entry_from_code", None)
    if to_code is None or from_code is None:
        return 0
    sample = from_code(state, 0)
    if sample is None:
        return 0
    code = to_code(state, sample)
    return code[1] if code is not None and code[1] > 0 else 0


def _slot(game: Any, state: BaseModel, prompt: Prompt) -> tuple[str, int]:
    """("custom", radix), ("choice", number of choices) or ("raw", 0)."""
    radix = _custom_radix(game, state)
    if radix:
        return "custom", radix
    if prompt.choices:
        return "choice", len(prompt.choices)
    return "raw", 0


def _raw_dump(entry: Entry) -> dict[str, Any]:
    data = entry.model_dump(mode="json", exclude_defaults=True)
    data["kind"] = entry.kind  # a default, but the union needs it
    return data


# ---- encoding --------------------------------------------------------------------------
def encode(table: Table) -> str:
    """The snapshot code of a table (its entries in force; undone entries do not travel)."""
    return encode_text(FORMAT_VERSION, encode_payload(table))


def encode_payload(table: Table) -> bytes:
    """The payload bytes of a table's code (checksum included), before the text form."""
    digits, raws = _code_entries(table)
    flags, head, head_digits = _header(table)
    out = ByteWriter()
    raw_section = json.dumps(raws, separators=(",", ":"), ensure_ascii=False).encode() if raws else b""
    squeezed = _deflate(raw_section)
    deflated = len(squeezed) < len(raw_section)
    if deflated:
        raw_section = squeezed
    count = len(table.entries)  # an entry may take several digits
    if count > MAX_ENTRIES:
        raise SnapshotError("share.encode.too_many", n=count, limit=MAX_ENTRIES)
    if len(raw_section) > MAX_RAW_SECTION:
        raise SnapshotError("share.encode.too_big", chars=len(raw_section), limit=MAX_RAW_SECTION)
    out.byte(flags | (_F2_RAWS if raws else 0))
    out.raw(head)
    out.varint(count)
    if raws:  # most codes have none: two bytes saved
        out.varint(len(raws) << 1 | deflated)
        out.blob(raw_section)
    out.raw(_outcome(table).to_bytes(2, "big"))
    number = pack_digits(head_digits + digits)
    out.raw(number.to_bytes((number.bit_length() + 7) // 8, "big"))
    body = out.getvalue()
    return body + _crc(body).to_bytes(4, "big")


def _code_entries(table: Table) -> tuple[list[tuple[int, int]], list[dict[str, Any]]]:
    """Replay the table from its setup: one (value, radix) digit per entry, and the JSON ones."""
    game = table.game
    codes = game if isinstance(game, CompactCodes) else None  # "custom" slots need both hooks
    digits: list[tuple[int, int]] = []
    raws: list[dict[str, Any]] = []
    for n, entry in enumerate(table.entries):
        state = table.state_at(n)  # the table holds every state: no replay needed
        prompt = game.prompt(state)
        if prompt is None:
            raise SnapshotError("share.encode.uncodable", n=n + 1)
        kind, radix = _slot(game, state, prompt)
        if kind == "custom":
            assert codes is not None  # _slot says "custom" only for a game with both hooks
            code = codes.entry_code(state, entry)
            if (
                code is not None
                and code[1] == radix
                and 0 <= code[0] < radix
                and codes.entry_from_code(state, code[0]) == entry
            ):
                digits.append((code[0], radix + 1))
            else:  # the last value of the radix escapes: to the game's digits, else to JSON
                digits.append((radix, radix + 1))
                more = _game_digits(game, state, entry)
                if isinstance(game, DigitCodes):
                    digits.append((0, 2) if more is None else (1, 2))
                if more is None:
                    raws.append(_raw_dump(entry))
                else:
                    digits += more
        elif kind == "choice":
            assert prompt.choices is not None  # _slot says "choice" only for a list of choices
            if entry not in prompt.choices:  # a Table never holds such an entry
                raise SnapshotError("share.encode.uncodable", n=n + 1)
            digits.append((prompt.choices.index(entry), radix))
        else:
            digits.append((0, 1))
            raws.append(_raw_dump(entry))
    return digits, raws


def _game_digits(game: Any, state: BaseModel, entry: Entry) -> list[tuple[int, int]] | None:
    """The game's digits for an entry its compact code escapes, if they read back as the entry."""
    if not isinstance(game, DigitCodes) or (out := game.entry_digits(state, entry)) is None:
        return None
    if any(not 0 <= value < radix for value, radix in out):
        return None
    given = iter(out)

    def take(radix: int) -> int:
        value, expected = next(given, (0, 0))
        if expected != radix:
            raise ValueError("the digits read back with other radices")
        return value

    try:
        back = game.entry_from_digits(state, take)
    except Exception:  # a game's reader that does not match its writer: send JSON instead
        return None
    return out if back == entry and next(given, None) is None else None


def _header(table: Table) -> tuple[int, bytes, list[tuple[int, int]]]:
    """Flags, the bytes from the game id to the players' colours, and the header's digits."""
    flags = 0
    out = ByteWriter()
    digits: list[tuple[int, int]] = []
    number = registry.spec(table.game_id).snapshot or 0  # a game without a number writes its id
    out.varint(number)
    if not number:
        _put_text(out, table.game_id, MAX_ID_BYTES)
    if _HEX_ID.fullmatch(table.id):
        out.raw(bytes.fromhex(table.id))
    else:
        flags |= _F2_ID_TEXT
        _put_text(out, table.id, MAX_ID_BYTES)
    if table.name != ", ".join(p.name for p in table.players):
        flags |= _F2_NAME
        _put_text(out, table.name, MAX_TABLE_NAME_BYTES)
    epoch = _epoch(table.created)
    if epoch is not None:
        flags |= _F2_CREATED_EPOCH
        out.raw(epoch.to_bytes(4, "big"))
    elif table.created:
        flags |= _F2_CREATED_TEXT
        _put_text(out, table.created, MAX_CREATED_BYTES)
    option_digits = _option_digits(table.options)
    if option_digits is None:
        flags |= _F2_OPTIONS_TEXT
        options = table.options.model_dump(mode="json", exclude_defaults=True)
        _put_text(out, json.dumps(options, separators=(",", ":")) if options else "", MAX_OPTIONS_BYTES)
    else:
        digits += option_digits
    out.byte(len(table.players))
    names = [_name_digits(p.name) for p in table.players]
    if all(n is not None for n in names):
        digits += [d for n in names for d in n or ()]
    else:
        flags |= _F2_NAMES_TEXT
        for p in table.players:
            _put_text(out, p.name, MAX_NAME_BYTES)
    # Colours a new table would give anyway (the first free ones, in order) need not travel.
    if [p.color for p in table.players] != list(PLAYER_COLORS[: len(table.players)]):
        flags |= _F2_COLOURS
        for p in table.players:
            _put_text(out, p.color or "", MAX_COLOUR_BYTES)
    return flags, out.getvalue(), digits


def _option_values(model: type[BaseModel]) -> dict[str, tuple[Any, ...]]:
    """The options that can travel as one digit: yes/no and listed values (``Literal``)."""
    out: dict[str, tuple[Any, ...]] = {}
    for name, field in model.model_fields.items():
        if field.annotation is bool:
            out[name] = (False, True)
        elif get_origin(field.annotation) is Literal:
            out[name] = get_args(field.annotation)
    return out


def _option_digits(options: BaseModel) -> list[tuple[int, int]] | None:
    """The options as digits, or None when one is set to a value digits cannot hold."""
    values = _option_values(type(options))
    digits = []
    for name, allowed in values.items():
        value = getattr(options, name)
        matches = [i for i, v in enumerate(allowed) if v == value and type(v) is type(value)]
        if not matches:
            return None
        digits.append((matches[0], len(allowed)))
    if set(options.model_dump(exclude_defaults=True)) - set(values):
        return None
    try:
        back = type(options).model_validate(
            {n: v[d] for (n, v), (d, _) in zip(values.items(), digits, strict=True)}
        )
    except ValidationError:  # options that only hold together with a field sent as JSON
        return None
    return digits if back == options else None


def _read_options(model: type[BaseModel], digits: DigitReader) -> dict[str, Any]:
    return {name: allowed[digits.take(len(allowed))] for name, allowed in _option_values(model).items()}


def _name_digits(name: str) -> list[tuple[int, int]] | None:
    """A name as digits, or None when it has other characters or other capitals."""
    low = name.lower()
    if len(name) > MAX_NAME_BYTES or low.title() != name or not all(ch in _NAME_VALUE for ch in low):
        return None
    return [(_NAME_VALUE[ch], _NAME_RADIX) for ch in low] + [(0, _NAME_RADIX)]


def _read_name(digits: DigitReader) -> str:
    chars: list[str] = []
    while value := digits.take(_NAME_RADIX):
        if len(chars) >= MAX_NAME_BYTES:
            raise damaged("players")
        chars.append(_NAME_CHARS[value - 1])
    return "".join(chars).title()


def _put_text(out: ByteWriter, value: str, limit: int) -> None:
    data = value.encode("utf-8")
    if len(data) > limit:
        raise SnapshotError("share.encode.too_big", chars=len(data), limit=limit)
    out.blob(data)


def _epoch(created: str) -> int | None:
    """Seconds since 1970 when ``created`` is a UTC time that round-trips exactly, else None."""
    try:
        when = datetime.fromisoformat(created)
    except ValueError:
        return None
    if when.tzinfo is None or when.utcoffset() or when.microsecond:
        return None
    seconds = int(when.timestamp())
    if not 0 <= seconds < 1 << 32 or _iso(seconds) != created:
        return None
    return seconds


def _iso(seconds: int) -> str:
    return datetime.fromtimestamp(seconds, UTC).isoformat(timespec="seconds")


def _outcome(table: Table) -> int:
    """16 bits summarising where the table ends: an importer on other rules notices."""
    prompt = table.prompt
    totals = [row.total for row in table.scoreboard.rows]
    summary = [table.version, totals, prompt.kind if prompt else None, prompt.seat if prompt else None]
    return _crc(json.dumps(summary).encode(), 1) & 0xFFFF  # as in format version 1


def _crc(data: bytes, version: int = FORMAT_VERSION) -> int:
    return zlib.crc32(bytes([version]) + data)


def _deflate(data: bytes) -> bytes:
    packer = zlib.compressobj(9, zlib.DEFLATED, -15)
    return packer.compress(data) + packer.flush()


def _inflate(data: bytes) -> bytes:
    unpacker = zlib.decompressobj(-15)
    try:
        out = unpacker.decompress(data, MAX_RAW_JSON)
    except zlib.error as exc:
        raise damaged("raw") from exc
    if unpacker.unconsumed_tail or not unpacker.eof:
        raise damaged("raw")
    return out


# ---- decoding --------------------------------------------------------------------------
def decode(text: str) -> Table:
    """The table a code holds, replayed and checked entry by entry.

    Raises SnapshotError (and nothing else) with a message saying what is wrong.
    """
    version, payload = decode_text(text, FORMAT_VERSION)
    if len(payload) < 4 or _crc(payload[:-4], version) != int.from_bytes(payload[-4:], "big"):
        raise SnapshotError("share.code.checksum")
    if version == 1:
        return _decode_payload_v1(payload[:-4])
    return _decode_payload(payload[:-4])


def _decode_payload(body: bytes) -> Table:
    reader = ByteReader(body)
    flags = reader.byte()
    game_id = _read_game(reader)
    table_id = reader.text(MAX_ID_BYTES) if flags & _F2_ID_TEXT else reader.raw(16).hex()
    name = reader.text(MAX_TABLE_NAME_BYTES) if flags & _F2_NAME else ""
    created = None
    if flags & _F2_CREATED_EPOCH and flags & _F2_CREATED_TEXT:
        raise damaged("flags")
    if flags & _F2_CREATED_EPOCH:
        created = _iso(int.from_bytes(reader.raw(4), "big"))
    elif flags & _F2_CREATED_TEXT:
        created = reader.text(MAX_CREATED_BYTES)
    options = _read_options_text(reader) if flags & _F2_OPTIONS_TEXT else None
    count = reader.byte()
    if not 1 <= count <= MAX_PLAYERS:
        raise damaged("players")
    names = [reader.text(MAX_NAME_BYTES) for _ in range(count)] if flags & _F2_NAMES_TEXT else None
    colours = [reader.text(MAX_COLOUR_BYTES) or None for _ in range(count)] if flags & _F2_COLOURS else None
    entries = reader.varint(MAX_ENTRIES)
    raws: list[dict[str, Any]] = []
    if flags & _F2_RAWS:
        raw_count = reader.varint(2 * entries + 1)
        raws = _read_raws(reader.blob(MAX_RAW_SECTION), raw_count >> 1, raw_count & 1)
        if not raws:
            raise damaged("raw")
    outcome = int.from_bytes(reader.raw(2), "big")
    digits = DigitReader(int.from_bytes(reader.rest(), "big"))
    if options is None:
        options = _read_options(registry.get(game_id).options_model, digits)
    if names is None:
        names = [_read_name(digits) for _ in range(count)]
    players = [{"name": n, "color": c} for n, c in zip(names, colours or [None] * count, strict=True)]
    table = _new_table(game_id, players, options, table_id=table_id, name=name, created=created)
    return _replay(table, entries, digits, raws, outcome, 2)


def _read_game(reader: ByteReader) -> str:
    number = reader.varint(255)
    try:
        game_id = registry.by_snapshot(number).id if number else reader.text(MAX_ID_BYTES)
    except registry.UnknownGame as exc:
        raise SnapshotError("share.code.unknown_game", game=f"#{number}") from exc
    try:
        registry.get(game_id)
    except (registry.UnknownGame, ImportError) as exc:
        raise SnapshotError("share.code.unknown_game", game=game_id) from exc
    return game_id


def _read_options_text(reader: ByteReader) -> dict[str, Any]:
    options_text = reader.text(MAX_OPTIONS_BYTES)
    options = _json(options_text.encode()) if options_text else {}
    if not isinstance(options, dict):
        raise damaged("options")
    return options


def _new_table(game_id: str, players: list[dict[str, Any]], options: dict[str, Any], **header: Any) -> Table:
    try:
        return Table.new(game_id, players, options, **header)
    except TableError as exc:
        raise SnapshotError("share.code.bad_table", detail=exc.msg) from exc
    except Exception as exc:  # a game's setup must not crash the import on strange input
        raise SnapshotError(
            "share.code.bad_table", detail=msg("share.part.crash", error=type(exc).__name__)
        ) from exc


def _replay(
    table: Table, count: int, digits: DigitReader, raws: list[dict[str, Any]], outcome: int, version: int
) -> Table:
    raw_iter = iter(raws)
    for n in range(1, count + 1):
        _replay_one(table, n, digits, raw_iter, version)
    if not digits.exhausted or next(raw_iter, None) is not None:
        raise damaged("leftover")
    if _outcome(table) != outcome:
        raise SnapshotError("share.code.mismatch")
    return table


# ---- format version 1 (codes made before December 2026) ----------------------------------
def _decode_payload_v1(body: bytes) -> Table:
    reader = ByteReader(body)
    flags = reader.byte()
    if flags & ~_F_KNOWN:
        raise damaged("flags")
    table = _read_table(reader, flags)
    count = reader.varint(MAX_ENTRIES)
    raw_count = reader.varint(count)
    raws = _read_raws(reader.blob(MAX_RAW_SECTION), raw_count, flags & _F_RAW_DEFLATE)
    outcome = int.from_bytes(reader.raw(2), "big")
    digits = DigitReader(int.from_bytes(reader.rest(), "big"))
    return _replay(table, count, digits, raws, outcome, 1)


def _read_table(reader: ByteReader, flags: int) -> Table:
    game_id = _read_game(reader)
    if flags & _F_ID_HEX:
        table_id = reader.raw(16).hex()
    elif flags & _F_ID_TEXT:
        table_id = reader.text(MAX_ID_BYTES)
    else:
        raise damaged("table_id")
    name = reader.text(MAX_TABLE_NAME_BYTES) if flags & _F_NAME else ""
    created = None
    if flags & _F_CREATED_EPOCH:
        created = _iso(int.from_bytes(reader.raw(4), "big"))
    elif flags & _F_CREATED_TEXT:
        created = reader.text(MAX_CREATED_BYTES)
    options = _read_options_text(reader)
    count = reader.byte()
    if not 1 <= count <= MAX_PLAYERS:
        raise damaged("players")
    names = [reader.text(MAX_NAME_BYTES) for _ in range(count)]
    colours = [reader.text(MAX_COLOUR_BYTES) or None for _ in range(count)] if flags & _F_COLOURS else []
    players = [{"name": n, "color": c} for n, c in zip(names, colours or [None] * count, strict=True)]
    return _new_table(game_id, players, options, table_id=table_id, name=name, created=created)


def _read_raws(section: bytes, count: int, deflated: int) -> list[dict[str, Any]]:
    if not count:
        if section:
            raise damaged("raw")
        return []
    data = _json(_inflate(section) if deflated else section)
    if not isinstance(data, list) or len(data) != count or not all(isinstance(d, dict) for d in data):
        raise damaged("raw")
    return data


def _json(data: bytes) -> Any:
    try:
        return load_json(data, _JSON_LIMITS)
    except InputLimitError as exc:
        raise SnapshotError("sec-input.share.code.over_limit", detail=exc.msg) from exc
    except (ValueError, RecursionError) as exc:
        raise damaged("json") from exc


def _replay_one(table: Table, n: int, digits: DigitReader, raws: Any, version: int) -> None:
    """Decode entry number ``n`` from the digits (or the raw section) and submit it."""
    try:
        prompt = table.prompt
        if prompt is None:
            raise SnapshotError("share.code.bad_entry", n=n, detail=msg("share.part.game_over"))
        game, state = table.game, table.state
        kind, radix = _slot(game, state, prompt)
        entry: Any = None
        if kind == "custom":
            assert isinstance(game, CompactCodes)  # _slot says "custom" only for a game with both hooks
            value = digits.take(radix + 1)
            if value < radix and (entry := game.entry_from_code(state, value)) is None:
                raise SnapshotError(
                    "share.code.bad_entry", n=n, detail=msg("share.part.no_code", value=value)
                )
            # Version 1 sent every escaped entry as JSON; version 2 says which.
            more = game if version >= 2 and isinstance(game, DigitCodes) else None
            if (
                value == radix
                and more is not None
                and digits.take(2)
                and (entry := more.entry_from_digits(state, digits.take)) is None
            ):
                raise SnapshotError(
                    "share.code.bad_entry", n=n, detail=msg("share.part.no_code", value=value)
                )
        elif kind == "choice":
            assert prompt.choices is not None  # _slot says "choice" only for a list of choices
            entry = prompt.choices[digits.take(radix)]
        if entry is None and (entry := next(raws, None)) is None:
            raise damaged("missing", n=n)
        table.submit(entry)
    except SnapshotError:
        raise
    except RuleViolation as exc:
        raise SnapshotError("share.code.bad_entry", n=n, detail=exc.msg) from exc
    except Exception as exc:  # game code fed hostile values: refuse the code, never crash
        raise SnapshotError(
            "share.code.bad_entry", n=n, detail=msg("share.part.crash", error=type(exc).__name__)
        ) from exc
