"""Caledea's drawing primitives: the icon symbols (five resources, tower, castle, capital crown,
the three ranks of units) and small helpers placing them. Pure Python (no DOM): the colours live
in ``static/css/caledea.css`` as classes, and every resource and rank also has a shape or a
letter, so nothing depends on colour alone.

A square of the board is ``CELL`` user units wide; icons are drawn on a 20-unit grid centred on 0.
"""

from __future__ import annotations

from functools import cache

from .. import vdom
from ..vdom import E, h, svg_num, symbol_sprite

CELL = 20.0
RESOURCES = ("forest", "mountain", "river", "cattle", "grain")

# symbol id -> list of (tag, attrs): drawn in a -10..10 box, coloured by the CSS class of <use>
_SYMBOLS: dict[str, list[tuple[str, dict]]] = {
    "c-forest": [
        ("path", {"class": "fill", "d": "M0,-9 L7,3 L2.5,3 L2.5,8 L-2.5,8 L-2.5,3 L-7,3 Z"}),
    ],
    "c-mountain": [
        ("path", {"class": "fill", "d": "M-9,7 L-2,-7 L2,0 L4,-3 L9,7 Z"}),
        ("path", {"class": "cap", "d": "M-4.2,-2.6 L-2,-7 L0.4,-2.2 Z"}),
    ],
    "c-river": [
        (
            "path",
            {
                "class": "stroke",
                "d": "M-9,-4 q3,-4 6,0 t6,0 t6,0 M-9,3 q3,-4 6,0 t6,0 t6,0",
            },
        ),
    ],
    "c-cattle": [
        ("path", {"class": "stroke", "d": "M-8,-7 q1,5 5,4 M8,-7 q-1,5 -5,4"}),
        ("path", {"class": "fill", "d": "M-5,-4 h10 l-1.5,10 q-3.5,2 -7,0 Z"}),
        ("circle", {"class": "eye", "cx": "-2", "cy": "0", "r": "1"}),
        ("circle", {"class": "eye", "cx": "2", "cy": "0", "r": "1"}),
    ],
    "c-grain": [
        ("path", {"class": "stroke", "d": "M0,9 L0,-9"}),
        ("ellipse", {"class": "fill", "cx": "-2.6", "cy": "-5", "rx": "2", "ry": "3.2"}),
        ("ellipse", {"class": "fill", "cx": "2.6", "cy": "-5", "rx": "2", "ry": "3.2"}),
        ("ellipse", {"class": "fill", "cx": "-2.6", "cy": "1", "rx": "2", "ry": "3.2"}),
        ("ellipse", {"class": "fill", "cx": "2.6", "cy": "1", "rx": "2", "ry": "3.2"}),
    ],
    "c-tower": [
        (
            "path",
            {
                "class": "fill",
                "d": "M-5,9 L-5,-5 L-6,-5 L-6,-9 L-3,-9 L-3,-7 L-1,-7 L-1,-9 L1,-9 L1,-7 "
                "L3,-7 L3,-9 L6,-9 L6,-5 L5,-5 L5,9 Z",
            },
        ),
        ("path", {"class": "door", "d": "M-1.6,9 L-1.6,4 q1.6,-2 3.2,0 L1.6,9 Z"}),
    ],
    "c-castle": [
        (
            "path",
            {
                "class": "fill",
                "d": "M-9,9 L-9,-7 L-6,-7 L-6,-4 L-4,-4 L-4,-7 L-1,-7 L-1,-4 L1,-4 L1,-7 "
                "L4,-7 L4,-4 L6,-4 L6,-7 L9,-7 L9,9 Z",
            },
        ),
        ("path", {"class": "door", "d": "M-2.2,9 L-2.2,3 q2.2,-3 4.4,0 L2.2,9 Z"}),
    ],
    "c-crown": [
        ("path", {"class": "fill", "d": "M-8,6 L-9,-5 L-4,0 L0,-8 L4,0 L9,-5 L8,6 Z"}),
    ],
}

_RANK_SHAPE = {
    # infantry: a disc; cavalry: a diamond; general: a star (shape + letter + colour)
    "infantry": ("circle", {"cx": "0", "cy": "0", "r": "4.2"}),
    "cavalry": ("path", {"d": "M0,-5.2 L5.2,0 L0,5.2 L-5.2,0 Z"}),
    "general": (
        "path",
        {
            "d": "M0,-5.8 L1.6,-1.9 L5.6,-1.8 L2.5,0.9 L3.5,5 L0,2.7 L-3.5,5 L-2.5,0.9 L-5.6,-1.8 "
            "L-1.6,-1.9 Z"
        },
    ),
}


@cache
def sprite() -> E:
    """The hidden SVG holding every Caledea symbol (made once, drawn on every screen)."""
    return symbol_sprite(_SYMBOLS)


def use(symbol: str, x: float, y: float, size: float, cls: str | None = None) -> E:
    return h(
        "use",
        {
            "href": f"#c-{symbol}",
            "x": x - size / 2,
            "y": y - size / 2,
            "width": size,
            "height": size,
            "class": cls,
        },
    )


def unit_token(rank: str, seat: int, letter: str, count: int, x: float, y: float) -> E:
    """One stack of units of one rank and owner at (x, y): its shape, letter and count."""
    tag, attrs = _RANK_SHAPE[rank]
    parts = [
        h(tag, {**attrs, "class": f"u-shape own-{seat}"}),
        h("text", {"class": f"u-letter own-{seat}", "x": 0, "y": 1.6, "font-size": 4.4}, letter),
    ]
    if count > 1:
        parts.append(h("circle", {"class": "u-count-bg", "cx": 4.2, "cy": 3.8, "r": 2.6}))
        parts.append(
            h("text", {"class": "u-count", "x": 4.2, "y": 5.1, "font-size": 3.6}, str(count))
        )
    return h(
        "g",
        {
            "class": f"unit rank-{rank}",
            "transform": f"translate({svg_num(x)},{svg_num(y)})",
            "aria-hidden": "true",  # the square's name says it in words
        },
        parts,
    )


def mini_svg(content: E | list, size: float = 20.0, cls: str = "mini") -> E:
    """A small standalone SVG centred on 0 (an icon in a button or a card)."""
    return vdom.mini_svg(content, size, cls)


def die(value: int, x: float, y: float, size: float, cls: str) -> E:
    """A die face showing ``value`` pips (1 to 6)."""
    pips = {
        1: [(0, 0)],
        2: [(-1, -1), (1, 1)],
        3: [(-1, -1), (0, 0), (1, 1)],
        4: [(-1, -1), (1, -1), (-1, 1), (1, 1)],
        5: [(-1, -1), (1, -1), (0, 0), (-1, 1), (1, 1)],
        6: [(-1, -1), (1, -1), (-1, 0), (1, 0), (-1, 1), (1, 1)],
    }.get(value, [])
    s = size / 2
    step = size * 0.27
    # the face and pips in a group of their own: the roll animation turns that group (a CSS
    # transform on the outer one would replace its translate)
    return h(
        "g",
        {"class": cls, "transform": f"translate({svg_num(x)},{svg_num(y)})"},
        h(
            "g",
            {"class": "spin"},
            h(
                "rect",
                {
                    "class": "die-face",
                    "x": -s,
                    "y": -s,
                    "width": size,
                    "height": size,
                    "rx": size / 6,
                },
            ),
            [
                h("circle", {"class": "pip", "cx": px * step, "cy": py * step, "r": size * 0.09})
                for px, py in pips
            ],
        ),
    )


def source_die(x: float, y: float, size: float, cls: str, mark: str) -> E:
    """A blank die standing for one die of a unit's pool: plain for its rank's dice, tinted
    and lettered with the source of a bonus die."""
    s = size / 2
    return h(
        "g",
        {"class": cls, "transform": f"translate({svg_num(x)},{svg_num(y)})"},
        h(
            "rect",
            {"class": "die-face", "x": -s, "y": -s, "width": size, "height": size, "rx": size / 6},
        ),
        mark
        and h(
            "text",
            {"class": "src-mark", "x": 0, "y": size * 0.3, "font-size": size * 0.78},
            mark,
        ),
    )
