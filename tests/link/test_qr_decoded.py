"""The share panel's QR codes read by an independent decoder (ZXing's C++ library, PyPI's
``zxing-cpp``): ``qr.py``'s drawing (the SVG element's white square and one path, rasterised
here on a dark page) decodes to exactly the text encoded, with the version and error correction
level ``qr.choose`` picked. Checked: every version from 1 to 40 (the eight masks in turn) at
the longest text it holds (version 40-L, 2,953 bytes, is the longest the app ever encodes; a
byte more and the panel says the link is too long) and at the shortest that needs it; and real
links of every game and player count (a game between bots played by links only): the first, one
in the middle and the finished game's, which fit the 2,000-character aim; the longest link of a
long game (random bots) that still fits a QR code decodes, and the next one is refused."""

from __future__ import annotations

import re

import pytest
import zxingcpp
from linkplay import BASE, CASES, play_by_links
from PIL import Image

from pyapp.ui import qr

SCALE = 3  # pixels per module
PAGE = 40  # the page around the drawing: dark, so a drawing without its quiet zone fails


def raster(drawing) -> Image.Image:
    """The SVG element of ``qr.svg`` painted: its viewBox, the white rectangle, then the path
    (only the ``M x y h w v1 h -w z`` runs it is made of)."""
    assert drawing.tag == "svg"
    _, _, side, side_h = (int(v) for v in drawing.attrs["viewBox"].split())
    assert side == side_h
    rect, path = drawing.children
    assert rect.tag == "rect" and rect.attrs["fill"] == "#fff" and path.attrs["fill"] == "#000"
    assert (rect.attrs["width"], rect.attrs["height"]) == (str(side), str(side))
    size = side * SCALE
    img = Image.new("L", (size + 2 * PAGE, size + 2 * PAGE), PAGE)
    img.paste(255, (PAGE, PAGE, PAGE + size, PAGE + size))
    d = path.attrs["d"]
    runs = re.findall(r"M(\d+) (\d+)h(\d+)v1h(-\d+)z", d)
    assert "".join(f"M{x} {y}h{w}v1h{b}z" for x, y, w, b in runs) == d  # nothing else in it
    for x, y, w, back in runs:
        x, y, w = int(x), int(y), int(w)
        assert int(back) == -w
        box = (PAGE + x * SCALE, PAGE + y * SCALE, PAGE + (x + w) * SCALE, PAGE + (y + 1) * SCALE)
        img.paste(0, box)
    return img


def decoded(data: bytes, mask: int | None = None) -> tuple[bytes, str, str]:
    """The bytes, version and level ZXing reads from the app's drawing of ``data`` (``mask``:
    that mask, else the one the app chooses)."""
    found = zxingcpp.read_barcodes(
        raster(qr.svg(qr.encode(data, mask), "QR")),
        formats=zxingcpp.BarcodeFormat.QRCode,
        try_invert=False,  # dark modules on light, as a phone's camera expects
        try_rotate=False,
    )
    assert len(found) == 1, f"{len(found)} symbols read for {len(data)} bytes"
    return found[0].bytes, found[0].extra["Version"], found[0].extra["ECLevel"]


def link_like(n: int) -> bytes:
    """``n`` bytes written like a link (the app's address, ``#g=`` and base64url)."""
    alphabet = b"ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_"
    body = bytes(alphabet[(i * 37 + i // 64) % 64] for i in range(n))
    return (BASE.encode() + b"#g=eNp" + body)[:n]


@pytest.mark.parametrize("version", range(1, 41))
def test_every_version_decodes_at_its_longest_and_shortest_text(version):
    longest = qr.byte_capacity(version, "L")
    shortest = 1 if version == 1 else qr.byte_capacity(version - 1, "L") + 1
    for i, n in enumerate((shortest, longest)):
        data = link_like(n)
        v, ecl = qr.choose(data)
        assert v == version
        # each mask in turn (the app's choice of mask is the test of the links below)
        assert decoded(data, (2 * version + i) % 8) == (data, str(version), ecl)


def test_the_longest_the_app_encodes_is_version_40_l():
    assert qr.choose(link_like(2953)) == (40, "L")
    with pytest.raises(ValueError):
        qr.encode(link_like(2954))


@pytest.mark.parametrize(("game_id", "players"), CASES)
def test_links_of_a_whole_game_decode_to_the_link(game_id, players):
    _, links = play_by_links(game_id, players, seed=f"qr{players}", bot="greedy")
    last = links[-1]
    assert len(last) < 2000, len(last)  # a typical finished game: the 2,000-character aim
    for url in (links[0], links[len(links) // 2], last):
        data = url.encode("utf-8")
        assert decoded(data)[0] == data


def test_the_longest_link_that_fits_a_qr_code_decodes():
    # random bots make long games: Caldera for two runs past a QR code's 2,953 bytes
    _, links = play_by_links("pyramids", 2, seed="qr-long", bot="random")
    fits = [u for u in links if len(u) <= qr.byte_capacity(40, "L")]
    assert len(fits) < len(links), "the game stayed short: no link too long for a QR code"
    longest = max(fits, key=len)
    assert qr.choose(longest.encode()) in ((39, "L"), (40, "L"))
    assert decoded(longest.encode())[0] == longest.encode()
    too_long = min((u for u in links if u not in fits), key=len)
    with pytest.raises(ValueError):
        qr.encode(too_long.encode())
