"""The QR encoder of the share panel (``pyapp/ui/qr.py``), checked without a decoder: the
spec's worked example (ISO/IEC 18004 Annex I, "01234567" as version 1-M) and the well-known
"HELLO WORLD" 1-M give their published error correction codewords; format and version bits
equal the spec's tables; the function patterns, alignment positions and the data modules'
count agree with the spec for every version; the codewords read back from a symbol (unmasked,
in the placement order) are those written; a 2,000-character link fits."""

import pytest

from pyapp.ui import qr

# ISO/IEC 18004 Annex I: "01234567", numeric mode, 1-M: its 16 data codewords and 10 EC ones
ISO_DATA = [0b00010000, 0b00100000, 0b00001100, 0b01010110, 0b01100001, 0b10000000]
ISO_DATA += [0xEC, 0x11] * 5
ISO_ECC = [0xA5, 0x24, 0xD4, 0xC1, 0xED, 0x36, 0xC7, 0x87, 0x2C, 0x55]
# "HELLO WORLD", alphanumeric, 1-M (the common tutorial's example)
HELLO_DATA = [32, 91, 11, 120, 209, 114, 220, 77, 67, 64, 236, 17, 236, 17, 236, 17]
HELLO_ECC = [196, 35, 39, 119, 235, 215, 231, 226, 93, 23]


def test_reed_solomon_gives_the_published_codewords():
    assert qr.rs_remainder(ISO_DATA, 10) == ISO_ECC
    assert qr.rs_remainder(HELLO_DATA, 10) == HELLO_ECC
    # one block at 1-M: the final codewords are the data then its correction
    assert qr.with_ecc(ISO_DATA, 1, "M") == ISO_DATA + ISO_ECC


def test_format_and_version_bits_equal_the_spec_tables():
    assert qr.format_bits("L", 0) == 0b111011111000100
    assert qr.format_bits("M", 0) == 0b101010000010010
    assert qr.format_bits("M", 2) == 0b101111001111100
    assert qr.format_bits("L", 7) == 0b110100101110110
    assert qr.version_bits(7) == 0x07C94
    assert qr.version_bits(40) == 0x28C69


def test_alignment_positions_and_capacities_of_the_spec():
    assert qr.alignment_positions(1) == []
    assert qr.alignment_positions(2) == [6, 18]
    assert qr.alignment_positions(7) == [6, 22, 38]
    assert qr.alignment_positions(32) == [6, 34, 60, 86, 112, 138]
    assert qr.alignment_positions(40) == [6, 30, 58, 86, 114, 142, 170]
    assert qr.data_capacity(1, "M") == 16 and qr.data_capacity(1, "L") == 19
    assert qr.data_capacity(40, "L") == 2956 and qr.data_capacity(40, "M") == 2334
    assert qr.byte_capacity(40, "L") == 2953 and qr.byte_capacity(10, "M") == 213


@pytest.mark.parametrize("version", [1, 2, 6, 7, 14, 21, 32, 40])
def test_function_patterns_leave_exactly_the_data_modules(version):
    grid = qr._Grid(version)
    n = qr.size_of(version)
    free = sum(not f for row in grid.fixed for f in row)
    assert free == qr.raw_modules(version)
    # finder pattern corners, timing row, the dark module
    for x, y in ((0, 0), (n - 1, 0), (0, n - 1), (6, 6), (8, n - 8)):
        assert grid.dark[y][x], (x, y)
    assert [grid.dark[6][x] for x in range(8, n - 8)] == [x % 2 == 0 for x in range(8, n - 8)]


def _read_back(matrix, version, mask):
    """The codewords of a symbol: unmasked, read in the placement order."""
    grid = qr._Grid(version)
    n = grid.size
    bits = []
    right = n - 1
    while right >= 1:
        if right == 6:
            right = 5
        upward = ((right + 1) & 2) == 0
        for vert in range(n):
            y = n - 1 - vert if upward else vert
            for j in range(2):
                x = right - j
                if not grid.fixed[y][x]:
                    bits.append(matrix[y][x] != qr.MASKS[mask](x, y))
        right -= 2
    total = qr.raw_modules(version) // 8
    return [
        int("".join("1" if b else "0" for b in bits[i * 8 : i * 8 + 8]), 2) for i in range(total)
    ]


def _format_read(matrix):
    """The format bits of both copies, as the spec places them."""
    n = len(matrix)
    first = [matrix[i][8] for i in range(6)] + [matrix[7][8], matrix[8][8], matrix[8][7]]
    first += [matrix[8][14 - i] for i in range(9, 15)]
    second = [matrix[8][n - 1 - i] for i in range(8)] + [
        matrix[n - 15 + i][8] for i in range(8, 15)
    ]
    return sum(b << i for i, b in enumerate(first)), sum(b << i for i, b in enumerate(second))


@pytest.mark.parametrize("mask", range(8))
def test_the_iso_example_symbol_reads_back(mask):
    codewords = ISO_DATA + ISO_ECC
    m = qr.build(codewords, 1, "M", mask)
    assert len(m) == 21
    assert _read_back(m, 1, mask) == codewords
    assert _format_read(m) == (qr.format_bits("M", mask),) * 2


@pytest.mark.parametrize("length", [1, 17, 100, 400, 1200, 2000])
def test_links_encode_and_read_back(length):
    data = ("https://example.test/app/#g=" + "eNp9j71uQyEMhd_lzAzcnw" * 100)[:length].encode()
    version, ecl = qr.choose(data)
    assert len(data) <= qr.byte_capacity(version, ecl)
    assert version == 1 or len(data) > max(qr.byte_capacity(version - 1, e) for e in "LM")
    m = qr.encode(data)
    assert len(m) == qr.size_of(version)
    codewords = qr.with_ecc(qr.data_codewords(data, version, ecl), version, ecl)
    masks = [k for k in range(8) if _format_read(m)[0] == qr.format_bits(ecl, k)]
    assert len(masks) == 1 and _format_read(m)[1] == _format_read(m)[0]
    assert _read_back(m, version, masks[0]) == codewords
    # the mask chosen is the one of least penalty
    best = min(qr.penalty(qr.build(codewords, version, ecl, k)) for k in range(8))
    assert qr.penalty(m) == best


def test_too_long_is_refused_and_the_drawing_is_one_path():
    with pytest.raises(ValueError):
        qr.encode(b"x" * 2954)
    e = qr.svg(qr.encode(b"https://example.test/#g=abc"), "QR")
    assert e.tag == "svg" and e.attrs["aria-label"] == "QR" and e.attrs["role"] == "img"
    assert [c.tag for c in e.children] == ["rect", "path"]
