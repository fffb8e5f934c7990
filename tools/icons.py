"""App icons drawn from code: a park hex with a mountain and a geyser.

The same shapes are written as an SVG (favicon) and rasterised to PNG (manifest icons, the iOS
home-screen icon) with a small anti-aliased scanline filler, so no imaging library is needed.
Coordinates are in a 0..1 box; ``inset`` shrinks the artwork for the maskable icon, whose safe
zone is the centre circle of radius 0.4.
"""

from __future__ import annotations

import functools
import math
import struct
import zlib

BACKGROUND = (0x1F, 0x3D, 0x36)  # deep green, also the manifest background colour
THEME = (0x2F, 0x5D, 0x50)  # theme colour (status bar)

# (colour, polygon) layers, painted in order, in a 0..1 box centred on (0.5, 0.5).
Color = tuple[int, int, int]
Layer = tuple[Color, list[tuple[float, float]]]


def _hex(cx: float, cy: float, radius: float) -> list[tuple[float, float]]:
    """A pointy-top hexagon (corners at -90, -30, 30, 90, 150, 210 degrees)."""
    return [
        (
            cx + radius * math.cos(math.radians(60 * k - 90)),
            cy + radius * math.sin(math.radians(60 * k - 90)),
        )
        for k in range(6)
    ]


def _ellipse(
    cx: float, cy: float, rx: float, ry: float, steps: int = 40
) -> list[tuple[float, float]]:
    return [
        (cx + rx * math.cos(2 * math.pi * k / steps), cy + ry * math.sin(2 * math.pi * k / steps))
        for k in range(steps)
    ]


def layers(inset: float = 1.0, full_bleed: bool = False) -> list[Layer]:
    """The artwork as coloured polygons; ``inset`` < 1 scales it about the centre."""

    def s(points):
        return [(0.5 + (x - 0.5) * inset, 0.5 + (y - 0.5) * inset) for x, y in points]

    out: list[Layer] = []
    if full_bleed:
        out.append((BACKGROUND, [(0, 0), (1, 0), (1, 1), (0, 1)]))
    out += [
        ((0xE8, 0xD9, 0xA8), s(_hex(0.5, 0.5, 0.48))),  # sand rim
        ((0x4E, 0x8C, 0x5A), s(_hex(0.5, 0.5, 0.43))),  # prairie
        ((0x8A, 0x83, 0x7A), s([(0.16, 0.70), (0.42, 0.26), (0.66, 0.70)])),  # mountain
        (
            (0xF4, 0xF4, 0xF0),
            s([(0.33, 0.41), (0.42, 0.26), (0.51, 0.41), (0.44, 0.37), (0.39, 0.40)]),
        ),
        ((0x6C, 0x66, 0x60), s([(0.44, 0.70), (0.58, 0.47), (0.76, 0.70)])),  # second peak
        ((0x3B, 0x7E, 0xC6), s(_ellipse(0.665, 0.745, 0.14, 0.04))),  # hot pool
        ((0xE4, 0xDE, 0xCF), s([(0.59, 0.75), (0.625, 0.70), (0.705, 0.70), (0.74, 0.75)])),  # cone
        (
            (0xDD, 0xF1, 0xFB),
            s([(0.655, 0.71), (0.615, 0.42), (0.715, 0.42), (0.675, 0.71)]),
        ),  # jet
        ((0xF2, 0xF7, 0xFA), s(_ellipse(0.605, 0.41, 0.05, 0.04))),  # spray
        ((0xF2, 0xF7, 0xFA), s(_ellipse(0.725, 0.41, 0.05, 0.04))),
        ((0xF2, 0xF7, 0xFA), s(_ellipse(0.665, 0.36, 0.065, 0.055))),
        ((0xF2, 0xF7, 0xFA), s(_ellipse(0.62, 0.315, 0.04, 0.035))),
        ((0xF2, 0xF7, 0xFA), s(_ellipse(0.71, 0.305, 0.045, 0.04))),
        ((0xDD, 0xF1, 0xFB), s(_ellipse(0.56, 0.47, 0.012, 0.012))),  # droplets
        ((0xDD, 0xF1, 0xFB), s(_ellipse(0.775, 0.48, 0.012, 0.012))),
        ((0xDD, 0xF1, 0xFB), s(_ellipse(0.545, 0.53, 0.01, 0.01))),
        ((0xDD, 0xF1, 0xFB), s(_ellipse(0.79, 0.545, 0.01, 0.01))),
    ]
    return out


def svg(inset: float = 1.0, full_bleed: bool = False) -> str:
    """The icon as a standalone SVG document."""
    parts = ['<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 100 100">']
    for (r, g, b), points in layers(inset, full_bleed):
        pts = " ".join(f"{x * 100:.2f},{y * 100:.2f}" for x, y in points)
        parts.append(f'<polygon fill="#{r:02x}{g:02x}{b:02x}" points="{pts}"/>')
    parts.append("</svg>\n")
    return "\n".join(parts)


def _coverage_row(points, y: int, width: int, samples: int) -> tuple[list[float], int, int]:
    """Fraction of each pixel in row ``y`` covered by the polygon (even-odd rule)."""
    cov = [0.0] * (width + 1)
    lo, hi = width, -1
    n = len(points)
    weight = 1.0 / samples
    for sub in range(samples):
        sy = y + (sub + 0.5) / samples
        xs = []
        for i in range(n):
            x0, y0 = points[i]
            x1, y1 = points[(i + 1) % n]
            if (y0 <= sy < y1) or (y1 <= sy < y0):
                xs.append(x0 + (sy - y0) * (x1 - x0) / (y1 - y0))
        xs.sort()
        for a, b in zip(xs[::2], xs[1::2], strict=False):
            a = min(max(a, 0.0), float(width))
            b = min(max(b, 0.0), float(width))
            if b <= a:
                continue
            ia, ib = int(a), int(b)
            lo, hi = min(lo, ia), max(hi, min(ib, width - 1))
            if ia == ib:
                cov[ia] += (b - a) * weight
                continue
            cov[ia] += (ia + 1 - a) * weight
            for i in range(ia + 1, ib):
                cov[i] += weight
            cov[ib] += (b - ib) * weight
    return cov, lo, hi


def rasterise(size: int, inset: float = 1.0, full_bleed: bool = False) -> bytes:
    """RGBA pixels (row-major) of the icon at ``size`` x ``size``."""
    shapes = [(c, [(x * size, y * size) for x, y in pts]) for c, pts in layers(inset, full_bleed)]
    rows = []
    for y in range(size):
        red = [0.0] * size
        green = [0.0] * size
        blue = [0.0] * size
        alpha = [0.0] * size
        for (r, g, b), pts in shapes:
            if not (min(p[1] for p in pts) <= y + 1 and max(p[1] for p in pts) >= y):
                continue
            cov, lo, hi = _coverage_row(pts, y, size, 4)
            for x in range(lo, hi + 1):
                c = cov[x]
                if c <= 0.0:
                    continue
                c = min(c, 1.0)
                keep = 1.0 - c
                red[x] = red[x] * keep + r * c
                green[x] = green[x] * keep + g * c
                blue[x] = blue[x] * keep + b * c
                alpha[x] = alpha[x] * keep + c
        row = bytearray(size * 4)
        for x in range(size):
            a = alpha[x]
            if a > 0.0:
                # colours were accumulated premultiplied; store straight alpha
                row[4 * x] = min(255, round(red[x] / a))
                row[4 * x + 1] = min(255, round(green[x] / a))
                row[4 * x + 2] = min(255, round(blue[x] / a))
                row[4 * x + 3] = min(255, round(a * 255))
        rows.append(bytes(row))
    return b"".join(rows)


def png(size: int, inset: float = 1.0, full_bleed: bool = False) -> bytes:
    """The icon as a PNG file (8-bit RGBA, no filter)."""
    pixels = rasterise(size, inset, full_bleed)
    stride = size * 4
    raw = b"".join(b"\x00" + pixels[y * stride : (y + 1) * stride] for y in range(size))

    def chunk(kind: bytes, data: bytes) -> bytes:
        body = kind + data
        return (
            struct.pack(">I", len(data)) + body + struct.pack(">I", zlib.crc32(body) & 0xFFFFFFFF)
        )

    header = struct.pack(">IIBBBBB", size, size, 8, 6, 0, 0, 0)
    return (
        b"\x89PNG\r\n\x1a\n"
        + chunk(b"IHDR", header)
        + chunk(b"IDAT", zlib.compress(raw, 9))
        + chunk(b"IEND", b"")
    )


# name -> (size, inset, full_bleed); the maskable and Apple icons fill their square
ICONS = {
    "icon-192.png": (192, 1.0, False),
    "icon-512.png": (512, 1.0, False),
    "icon-maskable-512.png": (512, 0.72, True),
    "apple-touch-icon.png": (180, 0.86, True),
}


@functools.cache
def _all_icons() -> tuple[tuple[str, bytes], ...]:
    files = [(name, png(*spec)) for name, spec in ICONS.items()]
    files.append(("icon.svg", svg().encode()))
    return tuple(files)


def all_icons() -> dict[str, bytes]:
    """Every icon file of the site: name -> bytes (drawn once per process)."""
    return dict(_all_icons())
