"""A small QR code encoder (ISO/IEC 18004), pure Python: byte mode, the smallest version that
holds the data, error correction M where it fits that version, else L, versions 1 to 40, the
mask of least penalty; drawn as one SVG path.

``encode(data: bytes) -> list[list[bool]]`` (rows, True = dark) raises ``ValueError`` when the
data does not fit version 40-L (2,953 bytes). The steps are exposed for the tests:
``data_codewords``, ``with_ecc`` (Reed-Solomon, interleaved), ``format_bits``, ``version_bits``,
``build(codewords, version, ecl, mask)`` and ``penalty``. ``svg(matrix, label)`` draws it with
the quiet zone (``vdom`` elements: the page never parses markup).
"""

from __future__ import annotations

from .vdom import E, h

# error correction level: (index in the tables, the two format bits)
ECL = {"L": (0, 1), "M": (1, 0)}

# per version (index 1..40): error correction codewords per block, and blocks
ECC_PER_BLOCK = {
    "L": [-1, 7, 10, 15, 20, 26, 18, 20, 24, 30, 18, 20, 24, 26, 30, 22, 24, 28, 30, 28, 28,
          28, 28, 30, 30, 26, 28, 30, 30, 30, 30, 30, 30, 30, 30, 30, 30, 30, 30, 30, 30],
    "M": [-1, 10, 16, 26, 18, 24, 16, 18, 22, 22, 26, 30, 22, 22, 24, 24, 28, 28, 26, 26, 26,
          26, 28, 28, 28, 28, 28, 28, 28, 28, 28, 28, 28, 28, 28, 28, 28, 28, 28, 28, 28],
}  # fmt: skip
BLOCKS = {
    "L": [-1, 1, 1, 1, 1, 1, 2, 2, 2, 2, 4, 4, 4, 4, 4, 6, 6, 6, 6, 7, 8, 8, 9, 9, 10, 12, 12,
          12, 13, 14, 15, 16, 17, 18, 19, 19, 20, 21, 22, 24, 25],
    "M": [-1, 1, 1, 1, 2, 2, 4, 4, 4, 5, 5, 5, 8, 9, 9, 10, 10, 11, 13, 14, 16, 17, 17, 18, 20,
          21, 23, 25, 26, 28, 29, 31, 33, 35, 37, 38, 40, 43, 45, 47, 49],
}  # fmt: skip


def size_of(version: int) -> int:
    return 17 + 4 * version


def raw_modules(version: int) -> int:
    """Modules left for data (and remainder bits) once the function patterns are drawn."""
    n = (16 * version + 128) * version + 64
    if version >= 2:
        align = version // 7 + 2
        n -= (25 * align - 10) * align - 55
        if version >= 7:
            n -= 36
    return n


def data_capacity(version: int, ecl: str) -> int:
    """Data codewords of a version and level."""
    return raw_modules(version) // 8 - ECC_PER_BLOCK[ecl][version] * BLOCKS[ecl][version]


def byte_capacity(version: int, ecl: str) -> int:
    """Bytes of byte mode that fit (mode 4 bits, count 8 or 16 bits)."""
    count = 8 if version < 10 else 16
    return (data_capacity(version, ecl) * 8 - 4 - count) // 8


def choose(data: bytes) -> tuple[int, str]:
    """The smallest version that holds ``data`` (level M where it fits that version, else L):
    the fewer modules, the easier a phone's camera reads it off a screen."""
    for v in range(1, 41):
        for ecl in ("M", "L"):
            if len(data) <= byte_capacity(v, ecl):
                return v, ecl
    raise ValueError(f"{len(data)} bytes do not fit a QR code")


def data_codewords(data: bytes, version: int, ecl: str) -> list[int]:
    """Byte mode: mode, count, the bytes, terminator, padding to the version's capacity."""
    bits: list[int] = []

    def put(value: int, n: int) -> None:
        bits.extend((value >> i) & 1 for i in range(n - 1, -1, -1))

    capacity = data_capacity(version, ecl) * 8
    put(0b0100, 4)
    put(len(data), 8 if version < 10 else 16)
    for b in data:
        put(b, 8)
    if len(bits) > capacity:
        raise ValueError("the data does not fit this version")
    put(0, min(4, capacity - len(bits)))
    put(0, -len(bits) % 8)
    out = [int("".join(map(str, bits[i : i + 8])), 2) for i in range(0, len(bits), 8)]
    pad = 0xEC
    while len(out) < capacity // 8:
        out.append(pad)
        pad ^= 0xEC ^ 0x11
    return out


# ------------------------------------------------------------------ Reed-Solomon over GF(256)

_EXP = [0] * 512
_LOG = [0] * 256
_x = 1
for _i in range(255):
    _EXP[_i] = _x
    _LOG[_x] = _i
    _x <<= 1
    if _x & 0x100:
        _x ^= 0x11D
for _i in range(255, 512):
    _EXP[_i] = _EXP[_i - 255]


def _mul(a: int, b: int) -> int:
    return 0 if a == 0 or b == 0 else _EXP[_LOG[a] + _LOG[b]]


def rs_generator(degree: int) -> list[int]:
    """The generator polynomial's coefficients (highest first, leading 1 left out)."""
    poly = [1]
    for i in range(degree):
        nxt = [0] * (len(poly) + 1)
        for j, c in enumerate(poly):
            nxt[j] ^= c
            nxt[j + 1] ^= _mul(c, _EXP[i])
        poly = nxt
    return poly[1:]


def rs_remainder(data: list[int], degree: int) -> list[int]:
    gen = rs_generator(degree)
    rem = [0] * degree
    for b in data:
        factor = b ^ rem[0]
        rem = rem[1:] + [0]
        for j, g in enumerate(gen):
            rem[j] ^= _mul(g, factor)
    return rem


def with_ecc(data: list[int], version: int, ecl: str) -> list[int]:
    """The data split into blocks, each with its error correction, interleaved."""
    nblocks = BLOCKS[ecl][version]
    ecc = ECC_PER_BLOCK[ecl][version]
    raw = raw_modules(version) // 8
    short = nblocks - raw % nblocks
    short_len = raw // nblocks  # a short block's codewords, data and correction
    blocks, k = [], 0
    for i in range(nblocks):
        n = short_len - ecc + (0 if i < short else 1)
        block = data[k : k + n]
        k += n
        blocks.append((block, rs_remainder(block, ecc)))
    out = []
    for i in range(short_len - ecc + 1):
        out += [b[i] for b, _ in blocks if i < len(b)]
    for i in range(ecc):
        out += [e[i] for _, e in blocks]
    return out


# ------------------------------------------------------------------ the matrix


def alignment_positions(version: int) -> list[int]:
    if version == 1:
        return []
    n = version // 7 + 2
    step = 26 if version == 32 else (version * 4 + n * 2 + 1) // (n * 2 - 2) * 2
    size = size_of(version)
    return [6] + [size - 7 - i * step for i in range(n - 1)][::-1]


def format_bits(ecl: str, mask: int) -> int:
    """The 15 format bits (BCH(15,5), masked with 101010000010010)."""
    data = ECL[ecl][1] << 3 | mask
    rem = data
    for _ in range(10):
        rem = (rem << 1) ^ ((rem >> 9) * 0x537)
    return (data << 10 | rem) ^ 0x5412


def version_bits(version: int) -> int:
    """The 18 version bits (BCH(18,6)) of versions 7 and up."""
    rem = version
    for _ in range(12):
        rem = (rem << 1) ^ ((rem >> 11) * 0x1F25)
    return version << 12 | rem


MASKS = [
    lambda x, y: (x + y) % 2 == 0,
    lambda x, y: y % 2 == 0,
    lambda x, y: x % 3 == 0,
    lambda x, y: (x + y) % 3 == 0,
    lambda x, y: (x // 3 + y // 2) % 2 == 0,
    lambda x, y: x * y % 2 + x * y % 3 == 0,
    lambda x, y: (x * y % 2 + x * y % 3) % 2 == 0,
    lambda x, y: ((x + y) % 2 + x * y % 3) % 2 == 0,
]


class _Grid:
    def __init__(self, version: int):
        self.version = version
        self.size = n = size_of(version)
        self.dark = [[False] * n for _ in range(n)]
        self.fixed = [[False] * n for _ in range(n)]
        self._functions()

    def set(self, x: int, y: int, dark: bool) -> None:
        self.dark[y][x] = dark
        self.fixed[y][x] = True

    def _functions(self) -> None:
        n = self.size
        for i in range(n):  # timing
            self.set(6, i, i % 2 == 0)
            self.set(i, 6, i % 2 == 0)
        for cx, cy in ((3, 3), (n - 4, 3), (3, n - 4)):  # finders and separators
            for dy in range(-4, 5):
                for dx in range(-4, 5):
                    x, y = cx + dx, cy + dy
                    if 0 <= x < n and 0 <= y < n:
                        d = max(abs(dx), abs(dy))
                        self.set(x, y, d not in (2, 4))
        pos = alignment_positions(self.version)
        last = len(pos) - 1
        for i, ax in enumerate(pos):
            for j, ay in enumerate(pos):
                if (i, j) in ((0, 0), (0, last), (last, 0)):
                    continue
                for dy in range(-2, 3):
                    for dx in range(-2, 3):
                        self.set(ax + dx, ay + dy, max(abs(dx), abs(dy)) != 1)
        self.draw_format(0)  # reserved now, written with the mask chosen
        if self.version >= 7:
            bits = version_bits(self.version)
            for i in range(18):
                bit = (bits >> i) & 1 == 1
                a, b = n - 11 + i % 3, i // 3
                self.set(a, b, bit)
                self.set(b, a, bit)

    def draw_format(self, bits: int) -> None:
        n = self.size

        def bit(i):
            return (bits >> i) & 1 == 1

        for i in range(6):
            self.set(8, i, bit(i))
        self.set(8, 7, bit(6))
        self.set(8, 8, bit(7))
        self.set(7, 8, bit(8))
        for i in range(9, 15):
            self.set(14 - i, 8, bit(i))
        for i in range(8):
            self.set(n - 1 - i, 8, bit(i))
        for i in range(8, 15):
            self.set(8, n - 15 + i, bit(i))
        self.set(8, n - 8, True)  # the dark module

    def place(self, codewords: list[int]) -> None:
        n = self.size
        total = len(codewords) * 8
        i = 0
        right = n - 1
        while right >= 1:
            if right == 6:
                right = 5
            upward = ((right + 1) & 2) == 0
            for vert in range(n):
                y = n - 1 - vert if upward else vert
                for j in range(2):
                    x = right - j
                    if self.fixed[y][x]:
                        continue
                    if i < total:
                        self.dark[y][x] = (codewords[i >> 3] >> (7 - (i & 7))) & 1 == 1
                        i += 1
            right -= 2

    def masked(self, mask: int, ecl: str) -> list[list[bool]]:
        fn = MASKS[mask]
        out = [
            [d != (not self.fixed[y][x] and fn(x, y)) for x, d in enumerate(row)]
            for y, row in enumerate(self.dark)
        ]
        keep = self.dark
        self.dark = out
        self.draw_format(format_bits(ecl, mask))
        self.dark = keep
        return out


def penalty(m: list[list[bool]]) -> int:
    """The mask penalty of ISO/IEC 18004 (7.8.3): runs, 2x2 blocks, finder-like patterns and
    the balance of dark modules."""
    n = len(m)
    score = 0
    lines = m + [list(col) for col in zip(*m, strict=True)]
    finder_a = [True, False, True, True, True, False, True, False, False, False, False]
    finder_b = finder_a[::-1]
    for line in lines:
        run, prev = 0, None
        for v in line:
            if v == prev:
                run += 1
            else:
                if run >= 5:
                    score += run - 2
                run, prev = 1, v
        if run >= 5:
            score += run - 2
        for i in range(n - 10):
            window = line[i : i + 11]
            if window in (finder_a, finder_b):
                score += 40
    for y in range(n - 1):
        for x in range(n - 1):
            c = m[y][x]
            if c == m[y][x + 1] == m[y + 1][x] == m[y + 1][x + 1]:
                score += 3
    dark = sum(sum(row) for row in m)
    k = abs(dark * 20 - n * n * 10) // (n * n)
    return score + k * 10


def build(codewords: list[int], version: int, ecl: str, mask: int | None = None):
    """The matrix of the final codewords; ``mask`` None: the one of least penalty."""
    grid = _Grid(version)
    grid.place(codewords)
    if mask is not None:
        return grid.masked(mask, ecl)
    best = None
    for k in range(8):
        m = grid.masked(k, ecl)
        p = penalty(m)
        if best is None or p < best[0]:
            best = (p, m)
    return best[1]


def encode(data: bytes, mask: int | None = None) -> list[list[bool]]:
    version, ecl = choose(data)
    return build(with_ecc(data_codewords(data, version, ecl), version, ecl), version, ecl, mask)


def svg(matrix: list[list[bool]], label: str, quiet: int = 4) -> E:
    """The symbol as an SVG element (one path of dark squares, a white quiet zone)."""
    n = len(matrix)
    parts = []
    for y, row in enumerate(matrix):
        x = 0
        while x < n:
            if row[x]:
                start = x
                while x < n and row[x]:
                    x += 1
                parts.append(f"M{start + quiet} {y + quiet}h{x - start}v1h{start - x}z")
            else:
                x += 1
    side = n + 2 * quiet
    return h(
        "svg",
        {
            "class": "link-qr",
            "viewBox": f"0 0 {side} {side}",
            "role": "img",
            "aria-label": label,
            "data-key": "link-qr",
            "data-modules": str(n),
            "shape-rendering": "crispEdges",
        },
        h("rect", {"width": str(side), "height": str(side), "fill": "#fff"}),
        h("path", {"d": "".join(parts), "fill": "#000"}),
    )
