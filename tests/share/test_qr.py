import io
import random

import pytest
import zxingcpp
from PIL import Image, ImageDraw
from snapshot_helpers import assert_same_table, new_table, play, real_games

from companion.share import (
    SnapshotError,
    decode_qr_image,
    encode,
    import_url,
    qr_png,
    qr_terminal,
    qr_version,
    read_snapshot_image,
)

# Read QR codes only: a QR's modules can also look like a short 1D barcode to the reader.
ONLY_QR = zxingcpp.BarcodeFormats(zxingcpp.BarcodeFormat.QRCode)


def _toy_table():
    t = new_table("snaptoy", 4, {"rounds": 4})
    play(t, random.Random(11))
    return t


def test_png_decodes_back_to_the_same_table():
    t = _toy_table()
    code = encode(t)
    png = qr_png(code)
    assert png.startswith(b"\x89PNG")
    assert decode_qr_image(png) == [code]
    assert_same_table(t, read_snapshot_image(png))


@pytest.mark.parametrize("game_id", real_games())
def test_real_game_png_round_trip(game_id):
    t = new_table(game_id, 3)
    play(t, random.Random(7))
    code = encode(t)
    assert_same_table(t, read_snapshot_image(Image.open(io.BytesIO(qr_png(code)))))


def test_a_photo_like_image_still_reads():
    """Scaled down, on a grey background, slightly rotated: roughly what a camera gives."""
    t = _toy_table()
    qr = Image.open(io.BytesIO(qr_png(encode(t), box_size=6))).convert("L")
    canvas = Image.new("L", (qr.width + 300, qr.height + 200), 170)
    canvas.paste(qr.rotate(4, expand=True, fillcolor=255), (150, 100))
    assert_same_table(t, read_snapshot_image(canvas.resize((canvas.width * 3 // 4, canvas.height * 3 // 4))))


def test_import_url_in_a_qr_code_reads_too():
    t = _toy_table()
    url = import_url("http://192.168.1.20:8550", encode(t))
    assert_same_table(t, read_snapshot_image(qr_png(url)))


def _terminal_to_image(text: str, dark_background: bool) -> Image.Image:
    """Paint the half-block rendering as a terminal would (4 px a module) and return it."""
    lines = text.split("\n")
    width = len(lines[0])
    img = Image.new("L", (width * 4 + 32, len(lines) * 8 + 32), 0 if dark_background else 255)
    ink = 255 if dark_background else 0
    draw = ImageDraw.Draw(img)
    for y, line in enumerate(lines):
        assert len(line) == width
        for x, ch in enumerate(line):
            top, bottom = ch in "▀█", ch in "▄█"
            if top:
                draw.rectangle([16 + x * 4, 16 + y * 8, 16 + x * 4 + 3, 16 + y * 8 + 3], fill=ink)
            if bottom:
                draw.rectangle([16 + x * 4, 20 + y * 8, 16 + x * 4 + 3, 20 + y * 8 + 3], fill=ink)
    return img


@pytest.mark.parametrize("dark_background", [True, False])
def test_terminal_rendering_is_a_readable_qr_code(dark_background):
    code = encode(_toy_table())
    text = qr_terminal(code, dark_background=dark_background)
    assert set(text) <= set(" ▀▄█\n")
    found = zxingcpp.read_barcodes(_terminal_to_image(text, dark_background), formats=ONLY_QR)
    assert [r.text for r in found] == [code]


def test_qr_version_grows_with_the_text():
    assert qr_version("TC1") == 1
    assert qr_version("TC1" + "A" * 600) > qr_version("TC1" + "A" * 100)


def test_a_code_too_long_for_version_15_at_m_is_made_at_l_and_still_reads():
    from companion.share.qr import MAX_VERSION_AT_M, make_qr, qr_level

    short, long = "TC1" + "A" * 400, "TC1" + "A" * 620  # 623 characters: version 16 at M
    assert qr_level(short) == "M" and qr_version(short) == make_qr(short, "M").version
    assert make_qr(long, "M").version > MAX_VERSION_AT_M
    assert qr_level(long) == "L" and qr_version(long) <= MAX_VERSION_AT_M
    assert decode_qr_image(qr_png(long, box_size=4)) == [long]


def test_images_without_a_snapshot_are_refused_clearly():
    blank = Image.new("RGB", (200, 200), "white")
    assert decode_qr_image(blank) == []
    with pytest.raises(SnapshotError) as none:
        read_snapshot_image(blank)
    assert none.value.key == "share.qr.none"
    with pytest.raises(SnapshotError) as foreign:
        read_snapshot_image(qr_png("https://example.org/"))
    assert foreign.value.key == "share.qr.no_snapshot"
    with pytest.raises(SnapshotError) as garbage:
        read_snapshot_image(b"not an image at all")
    assert garbage.value.key == "share.qr.unreadable"


def test_a_damaged_snapshot_in_an_image_says_why():
    code = encode(_toy_table())
    broken = code[:-3] + ("0" if code[-3] != "0" else "1") + code[-2:]
    with pytest.raises(SnapshotError) as err:
        read_snapshot_image(qr_png(broken))
    assert err.value.key == "share.code.checksum"


def test_large_photos_read_too():
    t = _toy_table()
    qr = Image.open(io.BytesIO(qr_png(encode(t), box_size=50))).convert("L")
    assert max(qr.size) > 3000
    assert_same_table(t, read_snapshot_image(qr))


def test_the_share_package_does_not_import_flet():
    import subprocess
    import sys

    code = "import sys, companion.share; sys.exit('flet' in sys.modules)"
    assert subprocess.run([sys.executable, "-c", code], check=False).returncode == 0
